"""Precision and recall of the rules wrap-up summariser on labelled day-sessions.

    python scripts/eval_wrapup.py [--set eval|dev] [--json] [--show]

`eval` (tests/fixtures/wrapup_eval) is held out: written before the rules were revised and never
tuned on. `dev` (tests/fixtures/wrapup_dev) is the set the rules are developed against. Each
session becomes Records directly (line = turn number), is summarised as a day of its own, and
each bullet is matched to a labelled turn by the first line of its evidence. Sections scored:

- Next steps: `next` statements (a commitment for tomorrow is one of these).
- Action items: the labelled `actions` that are not `next` (a request turn in `same` counts as
  its action), done or not.
- Open loops: open `questions` that are neither.
- Technical notes: `fixes`, matched by the error turn.

Each item belongs to one section (docs/design.md §5.3), so the expected sections do not overlap;
the script also counts the items a wrap-up lists in more than one section (`repeated`).
A section's bullets are counted per turn (two bullets from one turn are one prediction).
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a plain script from a checkout
    sys.path.insert(0, str(ROOT))

from jobs.daily.model import DaySession, Item, WrapUp  # noqa: E402
from jobs.daily.rules import RulesSummarizer  # noqa: E402
from memory_store.transcripts.records import Flag, Record, Role  # noqa: E402

SETS = {"eval": ROOT / "tests/fixtures/wrapup_eval", "dev": ROOT / "tests/fixtures/wrapup_dev"}
SECTIONS = ("action items", "open loops", "next steps", "technical notes")
LANGS = ("en", "th", "zh")
DAY = date(2026, 11, 20)
T0 = datetime(2026, 11, 20, 2, 0, tzinfo=UTC)
_ROLES = {"u": Role.USER, "a": Role.ASSISTANT, "c": Role.TOOL_CALL, "r": Role.TOOL_RESULT, "e": Role.TOOL_RESULT}


@dataclass(frozen=True)
class Case:
    id: str
    lang: str
    session: DaySession
    gold: dict[str, set[int]]
    same: dict[int, int]


def load(folder: Path) -> list[Case]:
    cases: list[Case] = []
    for path in sorted(folder.glob("*.yaml")):
        for raw in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            cases.append(_case(raw))
    return cases


def _case(raw: dict[str, Any]) -> Case:
    sid = f"{raw['id']}-0000"
    spath = f"/eval/{raw['id']}.jsonl"
    recs: list[Record] = []
    for n, turn in enumerate(raw["turns"], start=1):
        kind = turn[0]
        role = _ROLES[kind]
        tool = turn[1] if kind in "cre" else None
        text = turn[2] if kind in "cre" else turn[1]
        flags = frozenset({Flag.TOOL}) if kind in "cre" else frozenset()
        if kind == "e":
            flags |= {Flag.ERROR}
        recs.append(Record(source="claude-code", session_id=sid, path=spath, line=n, line_end=n,
                           ts=T0 + timedelta(minutes=n), role=role, text=text, flags=flags,
                           tool_name=tool, tool_args=text if kind == "c" else None))
    labels = raw.get("labels") or {}
    actions = {int(k) for k in (labels.get("actions") or {})}
    questions = {int(t) for t in labels.get("questions") or []}
    nxt = {int(t) for t in labels.get("next") or []}
    # A closed action is still an action item (marked done); an open one is not also a loop.
    gold = {"action items": actions - nxt, "open loops": questions - actions - nxt, "next steps": nxt,
            "technical notes": {int(p[0]) for p in labels.get("fixes") or []}}
    same = {int(k): int(v) for k, v in (labels.get("same") or {}).items()}
    return Case(raw["id"], raw["lang"], DaySession("claude-code", sid, spath, tuple(recs)), gold, same)


def predicted(w: WrapUp, same: dict[int, int]) -> dict[str, set[int]]:
    def turns(items: list[Item]) -> set[int]:
        out = set()
        for i in items:
            if i.evidence is not None:
                out.add(same.get(i.evidence.first, i.evidence.first))
        return out

    return {"action items": turns(w.action_items), "open loops": turns(w.open_loops),
            "next steps": turns(w.next_steps), "technical notes": turns(w.technical_notes)}


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


def _predictions(cases: list[Case]) -> list[dict[str, set[int]]]:
    from zoneinfo import ZoneInfo

    summarizer = RulesSummarizer(tz=ZoneInfo("Asia/Bangkok"))
    return [predicted(summarizer.summarize(DAY, [case.session], []), case.same) for case in cases]


def repeated(cases: list[Case]) -> int:
    """Turns that a wrap-up lists in more than one of the scored sections, over all cases."""
    total = 0
    for pred in _predictions(cases):
        turns = [t for sec in SECTIONS for t in pred[sec]]
        total += sum(1 for t in set(turns) if turns.count(t) > 1)
    return total


def evaluate(cases: list[Case]) -> dict[str, dict[str, Score]]:
    """Scores per language ("all" too) and section."""
    scores: dict[str, dict[str, Score]] = {lang: {s: Score() for s in SECTIONS} for lang in (*LANGS, "all")}
    for case, pred in zip(cases, _predictions(cases), strict=True):
        for sec in SECTIONS:
            p, g = pred[sec], case.gold[sec]
            for lang in (case.lang, "all"):
                sc = scores[lang][sec]
                sc.tp += len(p & g)
                sc.fp += len(p - g)
                sc.fn += len(g - p)
            text = {n: (r.text.splitlines() or [""])[0][:70] for n, r in enumerate(case.session.records, start=1)}
            scores[case.lang][sec].misses += [f"{case.id} FP L{t}: {text[t]}" for t in sorted(p - g)]
            scores[case.lang][sec].misses += [f"{case.id} FN L{t}: {text[t]}" for t in sorted(g - p)]
    return scores


def as_json(scores: dict[str, dict[str, Score]]) -> dict[str, Any]:
    return {lang: {sec: {"precision": round(sc.precision, 3), "recall": round(sc.recall, 3),
                         "tp": sc.tp, "fp": sc.fp, "fn": sc.fn} for sec, sc in by_sec.items()}
            for lang, by_sec in scores.items()}


def table(scores: dict[str, dict[str, Score]]) -> str:
    head = "| section | " + " | ".join(f"{lang} P / R" for lang in (*LANGS, "all")) + " |"
    lines = [head, "|---|" + "---|" * (len(LANGS) + 1)]
    for sec in SECTIONS:
        cells = [f"{scores[lang][sec].precision:.2f} / {scores[lang][sec].recall:.2f}" for lang in (*LANGS, "all")]
        lines.append(f"| {sec} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", choices=sorted(SETS), default="eval")
    ap.add_argument("--json", action="store_true", help="print scores as JSON")
    ap.add_argument("--show", action="store_true", help="list false positives and misses")
    args = ap.parse_args(argv)
    cases = load(SETS[args.set])
    scores = evaluate(cases)
    if args.json:
        print(json.dumps({"set": args.set, "sessions": len(cases), "scores": as_json(scores),
                          "repeated": repeated(cases)}, indent=2))
        return 0
    print(f"{args.set}: {len(cases)} sessions")
    print(table(scores))
    print(f"items listed in more than one section: {repeated(cases)}")
    if args.show:
        for lang in LANGS:
            for sec in SECTIONS:
                for m in scores[lang][sec].misses:
                    print(f"[{sec}] {m}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
