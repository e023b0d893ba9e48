"""Precision and recall of an extractor on a labelled conversation set.

    python scripts/eval_extraction.py [--set eval|eval2|eval3|dev|dev2|dev3|dev4|dev5|dev6|real] [--shared DIR] [--json]

`eval` (tests/fixtures/eval_extraction) is held out: written before the rules and never tuned on.
`eval2` (tests/fixtures/eval2_extraction) is a second held-out set, written blind to the rules by
someone who never saw the other sets; it is only measured, never tuned on. `eval3`
(tests/fixtures/eval3_extraction) is a third, written the same way.
`dev` (tests/fixtures/dev_extraction), `dev2` (tests/fixtures/dev2_extraction, varied phrasing),
`dev3` (tests/fixtures/dev3_extraction, long realistic agent sessions) and `dev4`
(tests/fixtures/dev4_extraction, cue-less answers to design questions versus task offers, partial
plans, reversals, adopted proposals, personal-assistant chats) and `dev5` (tests/fixtures/dev5_extraction,
written blind; its baseline was measured on landing) and `dev6` (tests/fixtures/dev6_extraction,
written blind, baseline measured on landing) are the sets rules are developed against.
Each conversation becomes Records directly (line = turn index + 1), so no
transcript files are needed. A prediction matches a label when it is in the same session, its kind
is compatible (Rule and Constraint are one family) and its first_line..last_line covers the
labelled turn.
`real` (tests/fixtures/real_extraction/labels.yaml) labels every user turn of public coding-agent
transcripts kept in the shared eval folder (`--shared`, default: shared/eval beside the checkout); they are read
through the project's own readers and labels are matched by transcript line.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a plain script from a checkout
    sys.path.insert(0, str(ROOT))

from jobs.microsync.engine import Candidate, Extractor  # noqa: E402
from jobs.microsync.rules.rules import RuleExtractor  # noqa: E402
from memory_store.transcripts.records import Flag, Record, Role  # noqa: E402
from scripts.shared_eval import SHARED_EVAL  # noqa: E402

SETS = {"eval": ROOT / "tests/fixtures/eval_extraction", "eval2": ROOT / "tests/fixtures/eval2_extraction",
        "eval3": ROOT / "tests/fixtures/eval3_extraction",
        "dev": ROOT / "tests/fixtures/dev_extraction",
        "dev2": ROOT / "tests/fixtures/dev2_extraction", "dev3": ROOT / "tests/fixtures/dev3_extraction",
        "dev4": ROOT / "tests/fixtures/dev4_extraction", "dev5": ROOT / "tests/fixtures/dev5_extraction",
        "dev6": ROOT / "tests/fixtures/dev6_extraction",
        "real": ROOT / "tests/fixtures/real_extraction"}
_ROLES = {"user": (Role.USER, frozenset()), "assistant": (Role.ASSISTANT, frozenset()),
          "tool_call": (Role.TOOL_CALL, frozenset({Flag.TOOL})),
          "tool_result": (Role.TOOL_RESULT, frozenset({Flag.TOOL})),
          "summary": (Role.SUMMARY, frozenset({Flag.COMPACTION}))}


@dataclass(frozen=True)
class Label:
    turn: int
    kinds: frozenset[str]
    optional: bool = False


@dataclass
class Conversation:
    path: Path
    session_id: str
    lang: str
    records: list[Record]
    labels: list[Label]
    by_line: dict[int, Record] | None = None  # real transcripts: a labelled turn is found by its line


@dataclass
class Outcome:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def metrics(self) -> dict[str, float | int]:
        p = self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0
        r = self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        return {"precision": round(p, 3), "recall": round(r, 3), "f1": round(f, 3),
                "tp": self.tp, "fp": self.fp, "fn": self.fn}


@dataclass
class Report:
    overall: Outcome = field(default_factory=Outcome)
    by_lang: dict[str, Outcome] = field(default_factory=lambda: defaultdict(Outcome))
    by_kind: dict[str, Outcome] = field(default_factory=lambda: defaultdict(Outcome))
    misses: list[dict[str, object]] = field(default_factory=list)
    false_positives: list[dict[str, object]] = field(default_factory=list)
    conversations: int = 0

    def as_dict(self) -> dict[str, object]:
        return {"conversations": self.conversations, "overall": self.overall.metrics(),
                "by_language": {k: v.metrics() for k, v in sorted(self.by_lang.items())},
                "by_kind": {k: v.metrics() for k, v in sorted(self.by_kind.items())},
                "misses": self.misses, "false_positives": self.false_positives}


def load_set(folder: Path) -> list[Conversation]:
    """Every conversation file of a set, as Records plus labels."""
    return [load_conversation(p) for p in sorted(folder.glob("*.yaml"))]


def load_conversation(path: Path) -> Conversation:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    start = doc["start"]
    if isinstance(start, str):
        start = datetime.fromisoformat(start.replace("Z", "+00:00"))
    session_id = str(doc["session_id"])
    session_path = f"/eval/{path.parent.name}/{path.name}"
    records = []
    for i, turn in enumerate(doc["turns"]):
        (role_name, text), = turn.items()
        role, flags = _ROLES[role_name]
        records.append(Record(source="eval", session_id=session_id, path=session_path, line=i + 1,
                              line_end=i + 1, ts=start + timedelta(minutes=i), role=role, text=str(text),
                              flags=flags))
    labels = []
    for item in doc.get("labels") or []:
        kinds = item["kind"] if isinstance(item["kind"], list) else [item["kind"]]
        labels.append(Label(int(item["turn"]), frozenset(kinds), bool(item.get("optional", False))))
    return Conversation(path, session_id, str(doc["lang"]), records, labels)


def _turn_text(conv: Conversation, label: Label) -> str:
    if conv.by_line is not None:
        return conv.by_line[label.turn + 1].text
    return conv.records[label.turn].text


def _family(kinds: frozenset[str]) -> frozenset[str]:
    return kinds | {"Rule", "Constraint"} if kinds & {"Rule", "Constraint"} else kinds


def _covers(cand: Candidate, label: Label) -> bool:
    return cand.first_line <= label.turn + 1 <= cand.last_line


def evaluate(extractor: Extractor, conversations: list[Conversation]) -> Report:
    """Run the extractor on each conversation and match its output to the labels."""
    report = Report(conversations=len(conversations))
    for conv in conversations:
        preds = extractor.extract(conv.records)
        free = list(range(len(preds)))
        # Required labels first, so an optional label never takes a prediction a required one needs;
        # among covering predictions prefer the one ending on the labelled turn.
        for label in sorted(conv.labels, key=lambda lb: lb.optional):
            fitting = [i for i in free if preds[i].kind in _family(label.kinds) and _covers(preds[i], label)]
            fitting.sort(key=lambda i: preds[i].last_line != label.turn + 1)
            main_kind = sorted(label.kinds)[0]
            if fitting:
                free.remove(fitting[0])
                if not label.optional:
                    kind = preds[fitting[0]].kind
                    for o in (report.overall, report.by_lang[conv.lang], report.by_kind[kind]):
                        o.tp += 1
            elif not label.optional:
                for o in (report.overall, report.by_lang[conv.lang], report.by_kind[main_kind]):
                    o.fn += 1
                report.misses.append({"file": conv.path.name, "turn": label.turn, "line": label.turn + 1,
                                      "kinds": sorted(label.kinds),
                                      "text": _turn_text(conv, label)[:160]})
        for i in free:
            c = preds[i]
            for o in (report.overall, report.by_lang[conv.lang], report.by_kind[c.kind]):
                o.fp += 1
            report.false_positives.append({"file": conv.path.name, "lines": f"{c.first_line}-{c.last_line}",
                                           "kind": c.kind, "title": c.title})
    return report


def run(set_name: str = "eval", extractor: Extractor | None = None, shared: Path = SHARED_EVAL) -> Report:
    if set_name == "real":
        return evaluate(extractor or RuleExtractor(), load_real(SETS["real"] / "labels.yaml", shared))
    return evaluate(extractor or RuleExtractor(), load_set(SETS[set_name]))


# --- the real-transcript set ------------------------------------------------------------------

def load_real(labels_path: Path, shared: Path) -> list[Conversation]:
    """Each labelled transcript read through the readers; labels anchored on transcript lines.

    Raises FileNotFoundError when a transcript is missing, and ValueError when the labels do not
    name exactly the user turns the reader yields (a reader change that moves lines must be seen).
    """
    from memory_store.config import TranscriptSource
    from memory_store.transcripts.discover import discover, read

    doc = yaml.safe_load(labels_path.read_text(encoding="utf-8"))
    out: list[Conversation] = []
    for item in doc["transcripts"]:
        path = shared / item["path"]
        if not path.is_file():
            raise FileNotFoundError(path)
        files = discover(TranscriptSource(item["format"], str(path))).files
        records = [r for tf in files for r in read(tf).records]
        user_lines = {r.line for r in records if r.role == Role.USER and not r.flags & {Flag.TOOL, Flag.META}}
        labelled = {int(t["line"]) for t in item["turns"]}
        if labelled != user_lines:
            extra, missing = sorted(labelled - user_lines), sorted(user_lines - labelled)
            raise ValueError(f"{item['id']}: labels do not match the user turns: "
                             f"unlabelled {missing}, not user turns {extra}")
        labels = []
        for t in item["turns"]:
            kind = t["label"]
            if kind == "none":
                continue
            kinds = kind if isinstance(kind, list) else [kind]
            # Label.turn is 0-based (turn + 1 is the line the prediction must cover).
            labels.append(Label(int(t["line"]) - 1, frozenset(kinds), bool(t.get("optional", False))))
        by_line = {r.line: r for r in records}
        out.append(Conversation(Path(item["path"]), str(item["id"]), str(item.get("lang", "en")),
                                records, labels, by_line))
    return out


def _render(report: Report, set_name: str) -> str:
    d = report.as_dict()
    lines = [f"set: {set_name} ({d['conversations']} conversations)"]

    def row(name: str, m: dict[str, float | int]) -> str:
        return (f"  {name:<13} P {m['precision']:.3f}  R {m['recall']:.3f}  F1 {m['f1']:.3f}"
                f"  (tp {m['tp']}, fp {m['fp']}, fn {m['fn']})")

    lines.append(row("overall", d["overall"]))  # type: ignore[arg-type]
    lines.append("by language:")
    lines += [row(k, v) for k, v in d["by_language"].items()]  # type: ignore[union-attr]
    lines.append("by kind:")
    lines += [row(k, v) for k, v in d["by_kind"].items()]  # type: ignore[union-attr]
    lines.append(f"misses ({len(report.misses)}):")
    lines += [f"  {m['file']} turn {m['turn']} (L{m['line']}) {'/'.join(m['kinds'])}: {m['text']!s:.100}"  # type: ignore[arg-type]
              for m in report.misses]
    lines.append(f"false positives ({len(report.false_positives)}):")
    lines += [f"  {f['file']} L{f['lines']} {f['kind']}: {f['title']}" for f in report.false_positives]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", choices=sorted(SETS), default="eval")
    parser.add_argument("--shared", type=Path, default=SHARED_EVAL,
                        help="folder holding the transcripts of --set real (default: %(default)s)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    report = run(args.set, shared=args.shared)
    if args.json:
        print(json.dumps({"set": args.set, **report.as_dict()}, ensure_ascii=False, indent=2))
    else:
        print(_render(report, args.set))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
