"""A user turn no extractor kept, that changes an active entry, is kept (docs/design.md §5.2).

The extractors decide what is worth keeping from the turn alone (its cue words, its shape); a user turn
that changes what memory holds now is worth keeping whatever its shape ("let's loosen it: PRs that only
touch docs/ can merge without my review", "素材现在都放 Wasabi，B2 那个 bucket 我昨晚已经删了"). A user
turn of the run that no candidate covers is read by the supersede detector (memory_store/supersede) as a
statement of each family of entry, against the active entries said before it; when it reverses or
relaxes one of that family with a cue of its own and a subject match of at least TURN_MATCH, asks
nothing, is no one-off or someone else's choice as the rules read it (jobs/microsync/rules/oneoff.py) and
no forget or take-back of a remembered fact, it becomes a candidate of that entry's kind. The run's
linker (jobs/microsync/supersedes.py) then judges it like any entry; a turn entry it does not link as a
reversal or a relaxation of the same entry is not written (`kept_links`).

Without a cue (a bare new value) nothing is retired and nothing is written: measured over the projects'
turns, such flags were never right, and at the detector's own floor most flags with a cue were wrong too
(scripts/eval_turn_changes.py; docs/benchmarks.md).
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from jobs.microsync.engine import FIELD_MAX, IGNORED_FLAGS, Candidate, normalise_statement
from memory_store.entries import EXCERPT_MAX, BlockEntry
from memory_store.transcripts.records import Record, Role

if TYPE_CHECKING:
    from jobs.microsync.supersedes import Link
    from memory_store.supersede.detect import Detector, Finding

# The turn is read as a statement of each family (memory_store/supersede/detect.py FAMILY).
AS_KINDS = ("Decision", "Rule", "Remember", "Procedure")
CHANGES = ("reversal", "relaxation")
# The least subject match with the entry changed: a turn nothing else marks as worth keeping must name
# at least half of what the entry is about (at the detector's own floor, 0.12, most turns that named a
# change cue and a word of some entry were questions, complaints or news of another thing:
# scripts/eval_turn_changes.py, docs/benchmarks.md).
TURN_MATCH = 0.5
# Below an explicit statement (0.9): the change is read from the turn, no extractor said it.
CONFIDENCE = 0.85
TITLE_MAX = 80
# The order the turn is given among the entries of its day: after all of them.
_LAST = 1 << 30


def unextracted(records: Sequence[Record], context_line: int, found: Collection[Candidate]) -> list[Record]:
    """The user turns of the new records (after `context_line`) that no candidate's lines cover."""
    covered = [(c.first_line, c.last_line) for c in found]
    return [r for r in records
            if r.role == Role.USER and r.line > context_line and not (r.flags & IGNORED_FLAGS) and r.text.strip()
            and not any(a <= r.line <= b for a, b in covered)]


def _shorten(text: str, limit: int) -> str:
    from jobs.microsync.rules.fields import shorten

    return shorten(text, limit)


def candidate(rec: Record, kind: str) -> Candidate:
    """The turn as a candidate of `kind`, in the user's words."""
    said = " ".join(rec.text.split())
    return Candidate(kind=kind, title=_shorten(said, TITLE_MAX), statement=normalise_statement(said), why="",
                     finding="", conclusion=_shorten(said, FIELD_MAX), impact="", confidence=CONFIDENCE,
                     excerpt=_shorten(said, EXCERPT_MAX), session_id=rec.session_id, session_path=rec.path,
                     first_line=rec.line, last_line=rec.line_end, ts=rec.ts, origin="user")


def _asks(text: str) -> bool:
    from jobs.microsync.rules.classify import is_question
    from jobs.microsync.rules.text import split_sentences

    return any(is_question(s.probe) for s in split_sentences(text))


def _not_lasting(text: str, kind: str) -> bool:
    """What the rules read as no lasting choice: for one occasion, an edit tied to a spot ("把 README 里的 npm
    install 换成 pnpm install" beside "npm is our package manager"), a plan for a near time, or someone
    else's decision (jobs/microsync/rules/oneoff.py)."""
    from jobs.microsync.rules.oneoff import foreign, one_off
    from jobs.microsync.rules.text import mask

    probe = mask(text)
    return one_off(probe, kind) or foreign(probe)


def _forgets(text: str) -> bool:
    """A request to forget or a take-back: core memory's, never an entry (jobs/microsync/forget_requests.py).
    Only beside a remembered fact: beside a choice, "删了" or "turn it off" retires the thing chosen
    ("B2 那个 bucket 我昨晚已经删了" after "B2 ละกัน"), which the router also reads as a forget."""
    from jobs.microsync.forget_requests import forget_cues
    from memory_store.core.take_back import takes_back

    return bool(takes_back(text) or forget_cues(text))


def judge(detector: Detector, rec: Record, day: str, skip: Collection[str], kinds: dict[str, str],
          ) -> tuple[str, Finding] | None:
    """The kind the turn is kept as and the change it makes: the turn read as each family's statement, a
    reversal or relaxation with a cue of its own of an entry of that family, at TURN_MATCH or closer; the
    closest match. None when no such change, when the turn asks, when the rules read it as no lasting
    choice, or when it forgets or takes back a remembered fact."""
    from jobs.microsync.decision_log import to_entry
    from memory_store.supersede.detect import FAMILY, statement_of

    best: tuple[str, Finding] | None = None
    for kind in AS_KINDS:
        entry = to_entry(candidate(rec, kind), ZoneInfo("UTC"))
        stmt = dataclasses.replace(statement_of(entry, _LAST), date=day)
        found = detector.detect(stmt, skip=skip)
        if found.outcome not in CHANGES or not found.cue or found.score < TURN_MATCH or found.target is None:
            continue
        have = kinds.get(found.target, "")
        if FAMILY.get(have) != FAMILY[kind]:
            continue
        if best is None or found.score > best[1].score:
            best = (have, found)
    if best is None or _asks(rec.text) or _not_lasting(rec.text, best[0]) \
            or (FAMILY.get(best[0]) == "remember" and _forgets(rec.text)):
        return None
    return best


@dataclass(frozen=True)
class TurnChange:
    candidate: Candidate
    target: str       # the id of the entry the turn was judged to change


def candidates(workspace: Path, entries: Sequence[tuple[BlockEntry, datetime]], turns: Sequence[Record],
               tz: ZoneInfo) -> list[TurnChange]:
    """The turns that change an active entry, as candidates of its kind with the entry each changes: each
    judged against the active entries of the files and this run's `entries` (with the time each was said)
    said before it; an entry an active one already supersedes is not what a turn changes."""
    if not turns:
        return []
    from jobs.microsync.supersedes import active_entries
    from memory_store.supersede.detect import Detector, statement_of

    existing = active_entries(workspace)
    if not existing and not entries:
        return []
    skip = {e.supersedes for e in existing if e.supersedes} | {e.id for e in existing if e.superseded_later_by}
    kinds = {e.id: e.kind for e in existing} | {e.id: e.kind for e, _ in entries}
    detector = Detector([statement_of(e, n) for n, e in enumerate(existing)])
    ours = sorted(entries, key=lambda x: x[1])
    added = 0
    out: list[TurnChange] = []
    for rec in sorted(turns, key=lambda r: r.ts):
        while added < len(ours) and ours[added][1] < rec.ts:
            detector.add(statement_of(ours[added][0], (_LAST >> 1) + added))
            added += 1
        day = rec.ts.astimezone(tz).date().isoformat()
        # an entry of the files said after the turn (a later day; later in its session, read by an earlier
        # pass over the same records) is not what it changes
        later = {e.id for e in existing if e.date > day or _later_in_session(e, rec)}
        judged = judge(detector, rec, day, skip | later, kinds)
        if judged is not None:
            out.append(TurnChange(candidate(rec, judged[0]), judged[1].target or ""))
    return out


_FIRST_LINE = re.compile(r"^[LE](\d+)")


def _later_in_session(e: BlockEntry, rec: Record) -> bool:
    m = _FIRST_LINE.match(e.source.message_range or "")
    return e.source.session_path == rec.path and m is not None and int(m.group(1)) > rec.line


def in_order(entries: list[tuple[BlockEntry, datetime]], changed: list[tuple[BlockEntry, datetime]],
             ) -> list[BlockEntry]:
    """`entries` with each turn entry of `changed` placed where it was said: before the first entry of its
    day said after it (the linker takes a day's entries in list order as the order they were said)."""
    out = [e for e, _ in entries]
    when = [t for _, t in entries]
    for e, t in sorted(changed, key=lambda x: x[1]):
        at = next((i for i, (o, s) in enumerate(zip(out, when, strict=True)) if o.date == e.date and s > t),
                  len(out))
        out.insert(at, e)
        when.insert(at, t)
    return out


def kept_links(entries: list[BlockEntry], links: list[Link], targets: dict[str, str],
               ) -> tuple[list[BlockEntry], list[Link]]:
    """`entries` and `links` without the turn entries (`targets`: turn entry id -> the entry it was judged to
    change) the linker did not link as a reversal or a relaxation of that entry, or of the entry that
    replaced it; an entry another one links to is kept (the link would name nothing)."""
    if not targets:
        return entries, links
    replaced_by = {e.supersedes: e.id for e in entries if e.supersedes}
    agreed = {lk.new for lk in links if lk.outcome in CHANGES and lk.new in targets
              and lk.old in (targets[lk.new], replaced_by.get(targets[lk.new]))}
    named = {e.supersedes for e in entries if e.supersedes} | {e.superseded_later_by for e in entries}
    drop = {i for i in targets if i not in agreed and i not in named}
    return ([e for e in entries if e.id not in drop],
            [lk for lk in links if lk.new not in drop and lk.old not in drop])
