"""Supersession when an entry is written (docs/design.md §6): each new entry is compared with the
active entries of the daily logs (never MEMORY.md: microSync does not read it) by the shared
detector (memory_store/supersede). A reversal, relaxation or refinement gives the new entry
`supersedes: <ID>`; the weekly compound then marks the old one (weekly owns the status fields,
docs/design.md §3). A possible conflict is only reported: the new entry is stored as usual.

The order things were said decides, not the order they were read: a new entry is compared only with
what was said before it, and a new entry said before an active entry already written (a backfill of
older sessions after a scheduled run read a newer one) is checked the other way too — when that later
entry, judged among what was said before it, supersedes the new one, the new one is written with
`superseded_later_by: <the later id>` (the daily logs are append-only for microSync: the later entry
is not rewritten; every reader takes the link as the later entry's, memory_store/supersedes_read.py).
That check runs once every entry of the run is compared, and never across a day a backfill has not
read yet: what was said between the two may be what the later entry changes (docs/design.md §6.4). Such a
pair is reported undecided (`Link.outcome` "undecided"), and the backfill's last microSync run, every day
of its range read, judges it again (`settle`): the entry is then written again with the link, its only
change. Within one day, entries are ordered by the time they were said (memory_store/said_time.py), not
by the order they were read: a session of the morning read after one of the afternoon is said before it.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from jobs.microsync.engine import FIELD_MAX
from jobs.microsync.rules.corrections import rule_with_exception
from jobs.microsync.rules.fields import TITLE_MAX, shorten
from memory_store.entries import BlockEntry
from memory_store.supersede.detect import Detector, Finding, Statement, statement_of
from memory_store.supersede.open_state import file_entries
from memory_store.supersedes_read import (
    HeldOut,
    Linker,
    chain_end,
    entry_linkers,
    held_out_in,
    supersede_links,
    words_of,
)

if TYPE_CHECKING:
    from jobs.microsync.supersede_llm import SubjectJudge

# New entries come after every entry already in the files of their day (unless the time each was said
# places them among those entries).
_LATER = 1 << 40
NEAREST = 6   # earlier entries a judge is shown
LATER_NEAREST = 4   # entries said later that a new entry is judged by (those sharing most words with it)
LATER_POOL = 40     # the nearest entries of all, among which those said later are looked for


@dataclass(frozen=True)
class Link:
    new: str
    old: str
    outcome: str       # reversal | relaxation | refinement | conflict | undecided (a day between unread)
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"new": self.new, "old": self.old, "outcome": self.outcome, "reason": self.reason}


def active_entries(workspace: Path) -> list[BlockEntry]:
    """Active entries of the daily files and their overflow, in file order; an entry that does
    not parse is left to the validator and the weekly compound, which report it."""
    return [e for e, _ in file_entries(workspace) if e.status == "active"]


def link_entries(workspace: Path, entries: list[BlockEntry], judge: SubjectJudge | None = None,
                 unread: Collection[str] = (), said: Mapping[str, datetime] | None = None,
                 settle: Collection[str] = ()) -> tuple[list[BlockEntry], list[Link]]:
    """`entries` (this run's, in statement order) with `supersedes` set where the detector finds a
    reversal, relaxation or refinement of an earlier active entry; and every link found, possible
    conflicts included. Entries already in the files keep what they have. With a `judge` (the LLM
    engine's subject request), an entry the rules find no supersede for is asked about among its
    nearest earlier entries. `unread` (a backfill's days still to read, ISO dates): no new entry is
    linked to an entry said later across one of them — what was said between the two is not read
    yet: that pair is returned as an "undecided" link. `said` (entry id -> when it was said, its turn's
    time): the entries of a day are ordered by it, those already written included (their first cited
    line's time), not by the order they were read. `settle` (the backfill's last run, every day of its
    range read): ids of entries written before whose pair was left undecided, judged again now; one a
    later entry supersedes is returned with `superseded_later_by` set."""
    if not entries and not settle:
        return entries, []
    existing = active_entries(workspace)
    order, given = _said_order(existing, entries, said or {})
    entries = [e for _, e in given]
    known = {e.id for e in existing}
    linked = {e.id: e.supersedes for e in existing if e.supersedes}
    linked_later = {e.id: e.superseded_later_by for e in existing if e.superseded_later_by}
    held = held_out_in(workspace)
    # what each linked entry is replaced by now (the rule every reader of the links uses), and the
    # replacements: a later change of the same subject replaces the end of the chain, not the original
    replaced = supersede_links(entry_linkers((e, "", order[e.id]) for e in existing), held)
    replacements = {lk.id for lk in replaced.values()}
    detector = Detector([statement_of(e, order[e.id]) for e in existing])
    settling = [e for e in existing if e.id in settle]
    later = _Later(existing, min(e.date for e in [*entries, *settling]), held, order)
    rules = {e.id: e for e in existing}   # what a relaxation may loosen, this run's entries added below
    out: list[BlockEntry] = []
    links: list[Link] = []
    taken: set[str] = set()
    fresh: list[tuple[int, Statement]] = []   # this run's new entries (place in `out`), in statement order
    for n, e in enumerate(entries):
        if e.id in known or e.supersedes or e.superseded_later_by:
            # An entry already written keeps the links it was written with (a rerun after a run
            # stopped before its state must render the same bytes to recognise them as its own).
            out.append(dataclasses.replace(e, supersedes=e.supersedes or linked.get(e.id),
                                           superseded_later_by=e.superseded_later_by or linked_later.get(e.id)))
            continue
        stmt = statement_of(e, order.get(e.id, _LATER + n))
        # the detector compares a statement only with what was said before it (date, then order)
        found: Finding = detector.detect(stmt, skip=taken)
        if found.outcome == "none" and replacements:
            # a replacement (B, "move billing from Postgres to MySQL") is judged through what it
            # replaced (A, "use Postgres"): "from Postgres to SQLite instead" reverses A, whose
            # replacement now is B, so it replaces B
            through = detector.detect(stmt, skip=taken | replacements)
            if through.supersedes and through.target in replaced:
                found = through
        # the end of the chain as it stood when this entry was said: a replacement said after it is not
        # what it changed
        end = (chain_end({k: v for k, v in replaced.items() if v.date <= e.date}, found.target)
               if found.supersedes and found.target else None)
        if end is not None and end.id != e.id and end.id not in taken:
            found = dataclasses.replace(found, target=end.id)
        if judge is not None and not found.supersedes:
            asked = judge.judge(stmt, detector.nearest(stmt, NEAREST, skip=taken))
            if asked is not None and asked.target is not None:
                found = asked
        if found.target is not None and found.supersedes:
            if found.outcome == "relaxation" and found.scoped and found.target in rules:
                e = _keeps_rule(e, rules[found.target])
            e = dataclasses.replace(e, supersedes=found.target)
            taken.add(found.target)
            replaced[found.target] = Linker(e.id, found.target, e.date, "", stmt.order)
            replacements.add(e.id)
            links.append(Link(e.id, found.target, found.outcome, found.reason))
        elif found.target is not None and found.outcome == "conflict":
            links.append(Link(e.id, found.target, "conflict", found.reason))
        detector.add(stmt)
        fresh.append((len(out), stmt))
        known.add(e.id)
        rules[e.id] = e
        out.append(e)
    # A later entry is judged once every entry of this run is in the detector: judged while one said
    # between the two was not, it would take the first for what it changes (review19 F1).
    # written in the order given (by date), whatever order they were judged in
    place = [(0, out[at].date, n) for at, (n, _) in enumerate(given)]
    at_of = {e.id: at for at, e in enumerate(out)}
    judged = [(at, stmt) for at, stmt in fresh]
    # A pair a backfill left undecided, judged now that every day of its range is read: the entry is
    # written again with the link (its only change, jobs/microsync/decision_log.py).
    for e in sorted(settling, key=lambda x: (x.date, order[x.id])):
        if e.superseded_later_by or e.id in replaced:
            continue
        if e.id not in at_of:
            at_of[e.id] = len(out)
            place.append((1, e.date, len(out)))
            out.append(e)
        judged.append((at_of[e.id], statement_of(e, order[e.id])))
    for at, stmt in judged:
        after = later.replacing(detector, stmt, replaced, unread)
        if after is None:
            links.extend(Link(by, stmt.id, "undecided", f"said between them, not read yet: {', '.join(days)}")
                         for by, days in later.undecided.pop(stmt.id, {}).items())
            continue
        by, outcome = after
        e = out[at]
        out[at] = dataclasses.replace(e, superseded_later_by=by.id)
        replaced[e.id] = Linker(by.id, e.id, by.date, "", later.order[by.id])
        replacements.add(by.id)
        links.append(Link(by.id, e.id, outcome.outcome, outcome.reason))
    return [e for _, e in sorted(zip(place, out, strict=True), key=lambda p: p[0])], links


def _said_order(existing: list[BlockEntry], entries: list[BlockEntry], said: Mapping[str, datetime]
                ) -> tuple[dict[str, int], list[tuple[int, BlockEntry]]]:
    """The place of each entry among those of its date (what the detector reads as said before), and
    `entries` in statement order (each with its index in `entries`). Without `said`, the files' order:
    the new entries after every entry already written, in the order given. With it, the entries of a
    date some new entry shares are ordered by the time each was said — a new entry's from `said`, one
    already written from its first cited line (memory_store/said_time.py; one whose time cannot be
    read keeps its place after the entry before it in the file) —, a tie keeping the files' order, then
    the run's."""
    order = {e.id: n for n, e in enumerate(existing)}
    new = sorted(enumerate(entries), key=lambda p: (p[1].date, said.get(p[1].id) or _NEVER, p[0]))
    for n, (_, e) in enumerate(new):
        order.setdefault(e.id, _LATER + n)
    days = {e.date for e in entries if e.id in said} & {e.date for e in existing}
    if not days:
        return order, new
    from memory_store.said_time import said_times

    sharing = [e for e in existing if e.date in days]
    times = {**said_times(e for e in sharing if e.id not in said), **said}
    written = {e.id for e in existing}
    for day in days:
        rows: list[tuple[datetime, int, int, str]] = []
        before = _EARLIEST
        for e in sharing:
            if e.date == day:
                before = times.get(e.id, before)
                rows.append((before, 0, order[e.id], e.id))
        rows.extend((said.get(e.id) or _NEVER, 1, n, e.id) for n, (_, e) in enumerate(new)
                    if e.date == day and e.id not in written)
        for place, row in enumerate(sorted(rows)):
            order[row[3]] = _LATER // 2 + place   # dates keep the days apart: a place within the day
    return order, new


_EARLIEST = datetime.min.replace(tzinfo=UTC)
_NEVER = datetime.max.replace(tzinfo=UTC)


class _Later:
    """The active entries said after the earliest of a run's new entries, and which of them supersedes
    a new entry said before it (a backfill of older sessions after a scheduled run read newer ones)."""

    def __init__(self, existing: list[BlockEntry], since: str, held: HeldOut, order: Mapping[str, int]) -> None:
        self.order = order
        self.entries = {e.id: e for e in existing if e.date >= since
                        and not held(Linker(e.id, "", e.date, "", 0, e.status, words_of(e)))}
        # a new entry's id -> the later entries that, judged before a day between was read, supersede it
        # (the day not read yet): the pairs left undecided
        self.undecided: dict[str, dict[str, list[str]]] = {}

    def replacing(self, detector: Detector, stmt: Statement, replaced: dict[str, Linker],
                  unread: Collection[str] = ()) -> tuple[BlockEntry, Finding] | None:
        """The first said of the later entries that, judged by `detector` (which holds every entry, `stmt`
        included) among what was said before it, supersedes `stmt`; with the finding. Only the few later
        entries that share most words with it are judged; a relaxation for a part only ("… is enough for
        config-only changes") is not taken: the later entry cannot be written again with the rule it keeps.
        A later entry with a day of `unread` between it and `stmt` is not judged: what was said that day
        may be what it changes."""
        if not self.entries:
            return None
        probe = dataclasses.replace(stmt, date="9999-12-31")   # every entry counts as said before it
        near = [self.entries[s.id] for s, _ in detector.nearest(probe, LATER_POOL)
                if s.id in self.entries and (s.date, s.order) > (stmt.date, stmt.order)][:LATER_NEAREST]
        for e in sorted(near, key=lambda x: (x.date, self.order[x.id])):
            # what was already replaced before it was said is not what it changes (on its own day too: a
            # replacement said earlier that day, by the day's said order)
            skip = {old for old, lk in replaced.items() if lk.id != e.id and self._said_before(lk, e)}
            found = detector.detect(statement_of(e, self.order[e.id]), skip=skip)
            if found.target == stmt.id and found.supersedes and not found.scoped:
                between = sorted(d for d in unread if stmt.date < d < e.date)
                if between:
                    self.undecided.setdefault(stmt.id, {})[e.id] = between
                    continue
                return e, found
        return None

    def _said_before(self, lk: Linker, e: BlockEntry) -> bool:
        """Whether the replacement `lk` was said before `e`: an earlier date, or `e`'s date and an earlier
        place in the day's said order (a replacement whose place is unknown counts by its date only)."""
        if lk.date != e.date:
            return lk.date < e.date
        return lk.id in self.order and self.order[lk.id] < self.order[e.id]


_HOLDS_OUTSIDE = ("Rule", "Constraint")


def _keeps_rule(e: BlockEntry, rule: BlockEntry) -> BlockEntry:
    """`e`, a scoped exception to `rule` ("A sign-off from QA is enough for config-only changes"),
    saying the rule too: the weekly takes the superseded rule out of MEMORY.md, and the rule still
    holds outside the exception. Said the way a correction within one session says it
    (jobs/microsync/rules/corrections.py). Only a rule or a constraint holds outside an exception: a
    relaxation aimed at a decision, a fact or a procedure is written as said (the detector may aim one
    there, "on weekends, hotfixes that only change bot reply text are allowed" at "turn off the telegram
    bot"; glued, that entry said two unrelated things as one)."""
    if rule.kind not in _HOLDS_OUTSIDE:
        return e
    held, own = (rule.conclusion or rule.title).strip().rstrip(" .。;；"), (e.conclusion or e.title).strip()
    if held.casefold() in own.casefold():
        return e   # said with the rule already (a correction within one session)
    said = rule_with_exception(held, own)
    room = FIELD_MAX - len(" ".join(own.split())) - len("; ")
    if len(said) > FIELD_MAX and room >= FIELD_MAX // 4:
        # The exception is what is new: the rule said again is what gets shortened ("No production
        # deploys on Fridays after 15:00 …; hotfix-* tags can go out Friday after 15:00 …").
        said = rule_with_exception(shorten(held, room), own)
    return dataclasses.replace(e, title=shorten(said, TITLE_MAX), conclusion=shorten(said, FIELD_MAX))
