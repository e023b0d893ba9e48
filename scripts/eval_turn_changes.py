#!/usr/bin/env python3
"""Would a user turn that changes an active entry be caught by the supersede detector alone?

    python scripts/eval_project.py --split heldout3 --keep /tmp/e2e/s21-heldout3   # (each split once)
    python scripts/eval_turn_changes.py --kept /tmp/e2e --prefix s21- [--split heldout3] [--show] [--json]

A measure, not a feature: over the workspaces `scripts/eval_project.py --keep DIR` left (read only) and
the project files, every USER turn that no daily-log entry covers is read as a statement and judged by
the shared detector (memory_store/supersede) against the entries active when it was said (said before
it, not yet replaced by an entry said before it). The turn is tried as each family of entry (a choice,
a rule, a fact, a procedure); a finding counts only against an entry of the family it was read as, so a
turn is read as a statement of that entry's kind.

Each flag is then labelled by the project's own labels:

- **catch**: the turn is a planted item's (`at`) that replaces another (`superseded_by`), and the entry
  flagged is the replaced item's;
- **wrong target**: a replacing item's turn, another entry flagged;
- **take-back**: the turn that takes a planted "remember" back (`taken_back_at`): core memory's forget,
  never an entry;
- **false alarm**: any other turn — a planted item that replaces nothing (`planted`), or a turn nobody
  planted (`unplanted`).

Counts are split by the detector's relation (reversal / relaxation / refinement / conflict), by whether
a cue word decided it (`Finding.cue`) and by whether the turn asks something, per project (each project
is one writer's).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a plain script from a checkout
    sys.path.insert(0, str(ROOT))

from jobs.microsync.rules.classify import is_question  # noqa: E402
from jobs.microsync.rules.text import split_sentences  # noqa: E402
from memory_store.entries import BlockEntry  # noqa: E402
from memory_store.supersede.detect import FAMILY, Detector, Finding, Statement, statement_of  # noqa: E402
from memory_store.supersede.open_state import file_entries  # noqa: E402
from scripts import eval_project  # noqa: E402

SETS = ROOT / "tests" / "fixtures" / "projects"
READABLE = ("dev", "heldout", "heldout2", "heldout3")
RANGE = re.compile(r"L(\d+)-L(\d+)")
# One kind per family: the turn is read as a statement of each.
AS_KINDS = ("Decision", "Rule", "Remember", "Procedure")
# A shorter look at a turn in the listing (characters).
SHOW = 150


@dataclass
class UserTurn:
    ref: str          # "s03#5"
    path: str         # the kept transcript
    line: int
    at: datetime      # when it was said (shifted as the kept workspace was)
    text: str


@dataclass
class Said:
    entry: BlockEntry
    at: datetime      # the time of the last turn its source covers


def _turns(ep: Any, doc: dict[str, Any], kept: Path) -> tuple[list[UserTurn], dict[tuple[str, int], datetime]]:
    """The user turns of a project in the order said, at the paths the kept workspace read them from,
    and the time of every turn by (path, line)."""
    proj = ep.Project(str(doc["name"]), doc, ep._shift(doc))
    with tempfile.TemporaryDirectory(prefix="turn-changes-") as tmp:
        for s in doc["sessions"]:
            ep.write_session(Path(tmp), proj, s)
    times: dict[tuple[str, int], datetime] = {}
    users: list[UserTurn] = []
    for s in doc["sessions"]:
        start = datetime.fromisoformat(str(s["start"])) + proj.shift
        for n, t in enumerate(s["turns"], 1):
            turn = proj.turns[f"{s['id']}#{n}"]
            path = str(kept / "transcripts" / Path(turn.path).relative_to(Path(tmp)))
            at = start + timedelta(minutes=n - 1)
            times[(path, turn.line)] = at
            if t["role"] == "user":
                users.append(UserTurn(f"{s['id']}#{n}", path, turn.line, at, str(t["text"])))
    users.sort(key=lambda u: u.at)
    return users, times


def _said(ws: Path, times: dict[tuple[str, int], datetime]) -> tuple[list[Said], int]:
    """The entries of the kept workspace with the time each was said; and how many map to no turn."""
    out: list[Said] = []
    lost = 0
    seen: set[str] = set()
    for e, _ in file_entries(ws):
        if e.id in seen:
            continue
        seen.add(e.id)
        m = RANGE.search(e.source.message_range or "")
        at = times.get((e.source.session_path or "", int(m.group(2)))) if m else None
        if at is None:
            lost += 1
            continue
        out.append(Said(e, at))
    out.sort(key=lambda s: s.at)
    return out, lost


def _covered(turn: UserTurn, said: list[Said]) -> bool:
    for s in said:
        m = RANGE.search(s.entry.source.message_range or "")
        if m and s.entry.source.session_path == turn.path and int(m.group(1)) <= turn.line <= int(m.group(2)):
            return True
    return False


def _replacers(said: list[Said]) -> dict[str, datetime]:
    """Entry id -> when the entry that replaced it was said (its links, whichever side wrote them)."""
    when = {s.entry.id: s.at for s in said}
    out: dict[str, datetime] = {}
    for s in said:
        e = s.entry
        pairs = [(e.supersedes, e.id), (e.id, e.superseded_by), (e.id, e.superseded_later_by)]
        for old, new in pairs:
            if old and new and new in when:
                t = when[new]
                out[old] = min(t, out.get(old, t))
    return out


def judge(detector: Detector, text: str, day: str, skip: set[str], kinds: dict[str, str],
          sentences: bool = False) -> tuple[Finding, str] | None:
    """The turn (or, with `sentences`, each of its sentences that asks nothing) read as each family's
    statement; a finding against an entry of that family, with the words read. A superseding finding
    before a conflict, then the closer match."""
    best: tuple[Finding, str] | None = None
    pieces = [s.text for s in split_sentences(text) if not is_question(s.probe)] if sentences else [text]
    for piece in pieces:
        for kind in AS_KINDS:
            found = detector.detect(Statement(f"TURN-{kind}", kind, day, piece, "", 1 << 30), skip=skip)
            if found.target is None or found.outcome not in ("reversal", "relaxation", "refinement", "conflict"):
                continue
            if FAMILY.get(kinds.get(found.target, "")) != FAMILY[kind]:
                continue
            rank = (found.supersedes, found.score)
            if best is None or rank > (best[0].supersedes, best[0].score):
                best = (found, piece)
    return best


@dataclass
class Flag:
    project: str
    turn: UserTurn
    found: Finding
    target: BlockEntry
    label: str        # catch | wrong target | take-back | false alarm: planted | false alarm: unplanted
    item: str         # the planted item of the turn, if any
    piece: str        # the words read (the turn, or one sentence of it)
    question: bool    # the turn asks something (jobs/microsync/rules/classify.py)


def run_project(ep: Any, doc: dict[str, Any], kept: Path, sentences: bool = False,
                ) -> tuple[list[Flag], list[str], Counter[str]]:
    name = str(doc["name"])
    tz = ZoneInfo(str(doc.get("timezone", "Asia/Bangkok")))
    users, times = _turns(ep, doc, kept)
    ws = kept / "ws"
    said, lost = _said(ws, times)
    replaced_at = _replacers(said)
    kinds = {s.entry.id: s.entry.kind for s in said}
    planted = {str(p["at"]): p for p in doc["planted"]}
    # the entries that keep each planted item (eval_project's rule)
    proj = ep.Project(name, doc, ep._shift(doc))
    proj.turns = {}
    for s in doc["sessions"]:
        for n in range(1, len(s["turns"]) + 1):
            ref = f"{s['id']}#{n}"
            u = next((x for x in users if x.ref == ref), None)
            if u is not None:
                proj.turns[ref] = ep.Turn(s["id"], n, u.line, u.path)
    kept_by: dict[str, set[str]] = {}
    for p in doc["planted"]:
        ids = set()
        for s in said:
            k = ep.Kept(s.entry.id, " ".join((s.entry.title, s.entry.conclusion, s.entry.excerpt or "",
                                               s.entry.why, s.entry.finding)),
                        s.entry.source.session_path or "", s.entry.source.message_range or "")
            if ep._matches(k, p, proj, take_back=False):
                ids.add(s.entry.id)
        kept_by[str(p["id"])] = ids
    # planted replacing items: new item id -> the item it replaces
    replacing = {str(p["superseded_by"]): str(p["id"]) for p in doc["planted"] if p.get("superseded_by")}
    taken_back = {str(p["taken_back_at"]): str(p["id"]) for p in doc["planted"] if p.get("taken_back_at")}
    detector = Detector()
    added = 0
    flags: list[Flag] = []
    notes: list[str] = []
    c: Counter[str] = Counter()
    c["entries unmapped"] += lost
    for u in users:
        while added < len(said) and said[added].at < u.at:
            e = said[added].entry
            detector.add(statement_of(e, added))
            added += 1
        item = planted.get(u.ref)
        iid = str(item["id"]) if item else ""
        if _covered(u, said):
            if iid in replacing:
                c["replacing turns with an entry"] += 1
            continue
        c["turns without an entry"] += 1
        skip = {i for i, t in replaced_at.items() if t < u.at}
        judged = judge(detector, u.text, u.at.astimezone(tz).date().isoformat(), skip, kinds, sentences)
        if iid in replacing:
            c["replacing turns without an entry"] += 1
        if judged is None:
            if iid in replacing:
                old = replacing[iid]
                alive = [i for i in kept_by[old] if i not in skip and any(s.entry.id == i for s in said[:added])]
                notes.append(f"  not flagged {iid} (replaces {old}; its entries active then: {len(alive)}) "
                             f"{u.ref}: {u.text[:SHOW]!r}")
            continue
        found, piece = judged
        target = next(s.entry for s in said if s.entry.id == found.target)
        if iid in replacing:
            label = "catch" if found.target in kept_by[replacing[iid]] else "wrong target"
        elif u.ref in taken_back:
            # a take-back ("forget what I said about …"): a forget request, never an entry of its own
            label = "take-back" if found.target in kept_by[taken_back[u.ref]] else "take-back, wrong target"
        else:
            label = "false alarm: planted" if item else "false alarm: unplanted"
        asks = any(is_question(s.probe) for s in split_sentences(u.text))
        flags.append(Flag(name, u, found, target, label, iid, piece, asks))
    return flags, notes, c


def _key(f: Flag) -> str:
    return f"{f.found.outcome}/{'cue' if f.found.cue else 'no cue'}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", action="append", choices=READABLE,
                    help="a readable split (again for more); all four by default")
    ap.add_argument("--kept", type=Path, default=Path("/tmp/e2e"),
                    help="the folder of kept workspaces: <kept>/<prefix><split>/<project>, or <kept>/<project>")
    ap.add_argument("--prefix", default="s21-", help="the kept folder of a split is <kept>/<prefix><split>")
    ap.add_argument("--show", action="store_true", help="list every flag and every replacing turn not flagged")
    ap.add_argument("--sentences", action="store_true",
                    help="read each sentence of a turn that asks nothing, not the whole turn")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    ep: Any = eval_project
    splits = args.split or list(READABLE)
    table: dict[str, Counter[str]] = {}
    everything: list[Flag] = []
    for split in splits:
        for f in sorted((SETS / split).glob("*.yaml")):
            doc = yaml.safe_load(f.read_text(encoding="utf-8"))
            kept = args.kept / f"{args.prefix}{split}" / str(doc["name"])
            if not (kept / "ws").is_dir():
                kept = args.kept / str(doc["name"])
            if not (kept / "ws").is_dir():
                print(f"{doc['name']}: no kept workspace under {args.kept}", file=sys.stderr)
                return 2
            flags, notes, c = run_project(ep, doc, kept, args.sentences)
            for fl in flags:
                c[f"{fl.label} | {_key(fl)}{' | asks' if fl.question else ''}"] += 1
                c[fl.label] += 1
            table[str(doc["name"])] = c
            everything.extend(flags)
            if args.show and not args.json:
                print(f"{doc['name']} ({split}):")
                for fl in flags:
                    print(f"  {fl.label:24} {_key(fl):22} {fl.turn.ref} {fl.item or '-':3} "
                          f"match {fl.found.score:.2f} cue={fl.found.cue!r} basis={fl.found.basis}"
                          f"{' asks' if fl.question else ''}\n"
                          f"      read:  {fl.piece[:SHOW]!r}\n      entry: {fl.target.kind}: "
                          f"{fl.target.title[:SHOW]!r}")
                print("\n".join(notes))
    total: Counter[str] = Counter()
    for c in table.values():
        total.update(c)
    table["all"] = total
    if args.json:
        flags = [{"project": f.project, "turn": f.turn.ref, "item": f.item, "label": f.label,
                  "outcome": f.found.outcome, "cue": f.found.cue, "basis": f.found.basis,
                  "match": f.found.score, "asks": f.question, "target": f.target.id}
                 for f in everything]
        print(json.dumps({"counts": {k: dict(v) for k, v in table.items()}, "flags": flags},
                         ensure_ascii=False, indent=1))
        return 0
    for name, c in table.items():
        print(f"{name}: turns without an entry {c['turns without an entry']}, replacing turns without an entry "
              f"{c['replacing turns without an entry']} (with one {c['replacing turns with an entry']}); "
              f"catch {c['catch']}, wrong target {c['wrong target']}, false alarms "
              f"{c['false alarm: planted'] + c['false alarm: unplanted']} "
              f"(planted {c['false alarm: planted']}, unplanted {c['false alarm: unplanted']}), "
              f"take-backs {c['take-back']} (wrong target {c['take-back, wrong target']})")
        for k in sorted(x for x in c if " | " in x):
            print(f"    {k}: {c[k]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
