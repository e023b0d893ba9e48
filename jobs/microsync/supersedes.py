"""Supersession when an entry is written (docs/design.md §6): each new entry is compared with the
active entries of the daily logs (never MEMORY.md: microSync does not read it) by the shared
detector (memory_store/supersede). A reversal, relaxation or refinement gives the new entry
`supersedes: <ID>`; the weekly compound then marks the old one (weekly owns the status fields,
docs/design.md §3). A possible conflict is only reported: the new entry is stored as usual.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from jobs.microsync.engine import FIELD_MAX
from jobs.microsync.rules.corrections import rule_with_exception
from jobs.microsync.rules.fields import TITLE_MAX, shorten
from memory_store.entries import BlockEntry
from memory_store.supersede.detect import Detector, Finding, statement_of
from memory_store.supersede.open_state import file_entries
from memory_store.supersedes_read import Linker, chain_end, held_out_in, supersede_links

if TYPE_CHECKING:
    from jobs.microsync.supersede_llm import SubjectJudge

# New entries come after every entry already in the files of their day.
_LATER = 1 << 30
NEAREST = 6   # earlier entries a judge is shown


@dataclass(frozen=True)
class Link:
    new: str
    old: str
    outcome: str       # reversal | relaxation | refinement | conflict
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"new": self.new, "old": self.old, "outcome": self.outcome, "reason": self.reason}


def active_entries(workspace: Path) -> list[BlockEntry]:
    """Active entries of the daily files and their overflow, in file order; an entry that does
    not parse is left to the validator and the weekly compound, which report it."""
    return [e for e, _ in file_entries(workspace) if e.status == "active"]


def _words(e: BlockEntry) -> tuple[str, ...]:
    return tuple(t for t in (e.title, e.conclusion, e.why, e.finding, e.impact, e.excerpt or "") if t)


def link_entries(workspace: Path, entries: list[BlockEntry], judge: SubjectJudge | None = None,
                 ) -> tuple[list[BlockEntry], list[Link]]:
    """`entries` (this run's, in statement order) with `supersedes` set where the detector finds a
    reversal, relaxation or refinement of an earlier active entry; and every link found, possible
    conflicts included. Entries already in the files keep what they have. With a `judge` (the LLM
    engine's subject request), an entry the rules find no supersede for is asked about among its
    nearest earlier entries."""
    if not entries:
        return entries, []
    existing = active_entries(workspace)
    known = {e.id for e in existing}
    linked = {e.id: e.supersedes for e in existing if e.supersedes}
    # what each linked entry is replaced by now (the rule every reader of the links uses), and the
    # replacements: a later change of the same subject replaces the end of the chain, not the original
    replaced = supersede_links([Linker(e.id, e.supersedes, e.date, "", n, e.status, _words(e))
                                for n, e in enumerate(existing) if e.supersedes], held_out_in(workspace))
    replacements = {lk.id for lk in replaced.values()}
    detector = Detector([statement_of(e, n) for n, e in enumerate(existing)])
    rules = {e.id: e for e in existing}   # what a relaxation may loosen, this run's entries added below
    out: list[BlockEntry] = []
    links: list[Link] = []
    taken: set[str] = set()
    for n, e in enumerate(sorted(entries, key=lambda x: x.date)):
        if e.id in known or e.supersedes:
            # An entry already written keeps the link it was written with (a rerun after a run
            # stopped before its state must render the same bytes to recognise them as its own).
            out.append(dataclasses.replace(e, supersedes=e.supersedes or linked.get(e.id)))
            continue
        stmt = statement_of(e, _LATER + n)
        found: Finding = detector.detect(stmt, skip=taken)
        if found.outcome == "none" and replacements:
            # a replacement (B, "move billing from Postgres to MySQL") is judged through what it
            # replaced (A, "use Postgres"): "from Postgres to SQLite instead" reverses A, whose
            # replacement now is B, so it replaces B
            through = detector.detect(stmt, skip=taken | replacements)
            if through.supersedes and through.target in replaced:
                found = through
        end = chain_end(replaced, found.target) if found.supersedes and found.target else None
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
            replaced[found.target] = Linker(e.id, found.target, e.date, "", _LATER + n)
            replacements.add(e.id)
            links.append(Link(e.id, found.target, found.outcome, found.reason))
        elif found.target is not None and found.outcome == "conflict":
            links.append(Link(e.id, found.target, "conflict", found.reason))
        detector.add(stmt)
        known.add(e.id)
        rules[e.id] = e
        out.append(e)
    return out, links


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
