"""Open possible conflicts among the active entries (docs/design.md §6.4): two active entries on one
subject that say different things, nothing saying which holds. The one computation behind
`memjobs conflicts`, the weekly compound's `## Open questions` and the saved list the runtime
context and search read (memory_store/supersede/open_state.py).

Each active entry, in date order (file order within a date), is judged by the shared detector
(memory_store/supersede/detect.py) against the active entries before it; a "conflict" finding is a
pair. A pair settled by a reversal is no longer found: one side is not active any more.

The detector holds every entry before the one judged, active or not, and only the active ones are
candidates (the others are skipped): how rare a word is, and which entries are looked at, do not
change when an entry's status does. So the judgement of an entry depends only on the statements
before it, its own, and which of them are active; and an entry that leaves the active ones changes
only the judgements it decided (the best match and the best rule, `Detector.deciders`). A `Memo` of
an earlier computation (each statement's key, whether it was active, what was found for it and
what decided it, in order) lets the statements of an unchanged prefix be added to the detector
without judging them again: microSync appends new entries at the end of the order, and only those
are judged; a weekly that supersedes entries deep in the history judges again only the entries
those decided. An entry that comes back to the active ones, or any change of the entries
themselves, judges everything after it again. Pure: entries in, pairs out.
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from memory_store.entries import BlockEntry

if TYPE_CHECKING:
    from memory_store.supersede.detect import Detector, Statement


@dataclass(frozen=True)
class OpenPair:
    """The newer entry (held out of MEMORY.md while the pair is open) and the established one."""

    new: BlockEntry
    new_rel: str
    old: BlockEntry
    old_rel: str
    similarity: float

    def to_dict(self) -> dict[str, object]:
        def side(e: BlockEntry, rel: str) -> dict[str, str]:
            return {"id": e.id, "kind": e.kind, "title": e.title, "date": e.date, "path": rel}
        return {**side(self.new, self.new_rel), "similarity": self.similarity,
                "established": side(self.old, self.old_rel)}


@dataclass(frozen=True)
class Memo:
    """What one computation found for each statement, in judging order: the statement's key,
    whether it was active, the earlier entry it conflicts with (None: no conflict) with the match,
    and the ids its finding rested on. `version` names the detector (its code and word lists): a
    memo of another detector is not used."""

    version: str
    keys: tuple[str, ...] = ()
    found: tuple[tuple[str | None, float], ...] = ()
    active: tuple[bool, ...] = ()
    deciders: tuple[tuple[str, ...], ...] = ()


def statement_key(s: Statement) -> str:
    """A short digest of everything the detector reads of a statement."""
    raw = "\x1f".join((s.id, s.kind, s.date, s.title, s.text, str(s.order)))
    return hashlib.sha1(raw.encode("utf-8")).hexdigest()[:16]


def open_pairs(located: Sequence[tuple[BlockEntry, str]], memo: Memo | None = None,
               version: str = "") -> tuple[list[OpenPair], Memo]:
    """Possible conflicts among the active entries of `located` (`(entry, file)` in file order,
    oldest file first), oldest newer side first; and the memo of this computation. With a `memo`
    of the same `version`, a statement is judged again only when the statements before it changed,
    one of them came back to the active ones, or one its finding rested on left them."""
    # the detector loads here: a run whose entry files did not change never computes, never imports it
    from memory_store.supersede.detect import Detector, statement_of

    where = {e.id: (e, rel) for e, rel in located if e.status == "active"}
    order = sorted(range(len(located)), key=lambda n: (located[n][0].date, n))
    reuse = memo if memo is not None and memo.version == version and len(memo.active) == len(memo.keys) \
        else None
    detector: Detector | None = None
    prefix: list[Statement] = []     # added to a detector only if one is needed
    inactive: set[str] = set()       # skipped as candidates
    left: set[str] = set()           # active in the memo, not any more
    keys: list[str] = []
    found: list[tuple[str | None, float]] = []
    flags: list[bool] = []
    deciders: list[tuple[str, ...]] = []
    out: list[OpenPair] = []
    same = reuse is not None         # the statements so far are the memo's, none came back
    for step, n in enumerate(order):
        e, rel = located[n]
        active = e.status == "active"
        stmt = statement_of(e, n)
        key = statement_key(stmt)
        if same and reuse is not None and (step >= len(reuse.keys) or reuse.keys[step] != key
                                           or (active and not reuse.active[step])):
            same = False             # another statement here, or one that came back: judge all after it
        known = same and reuse is not None and step < len(reuse.keys) and reuse.active[step] and active \
            and not left.intersection(reuse.deciders[step])
        target: str | None = None
        score = 0.0
        decided: tuple[str, ...] = ()
        if known and reuse is not None:
            target, score = reuse.found[step]
            decided = reuse.deciders[step]
        elif active:
            if detector is None:
                detector = Detector(prefix)
            finding = detector.detect(stmt, skip=inactive)
            decided = detector.deciders
            target, score = ((finding.target, finding.score) if finding.outcome == "conflict"
                             and finding.target is not None else (None, 0.0))
        if target is not None and target in where:
            old, old_rel = where[target]
            out.append(OpenPair(e, rel, old, old_rel, score))
        if same and reuse is not None and step < len(reuse.keys) and reuse.active[step] and not active:
            left.add(e.id)
        if not active:
            inactive.add(e.id)
        keys.append(key)
        found.append((target, score))
        flags.append(active)
        deciders.append(decided)
        if detector is None:
            prefix.append(stmt)
        else:
            detector.add(stmt)
    out.sort(key=lambda c: (c.new.date, c.new.id))
    return out, Memo(version, tuple(keys), tuple(found), tuple(flags), tuple(deciders))
