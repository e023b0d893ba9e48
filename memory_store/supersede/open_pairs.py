"""Open possible conflicts among the active entries (docs/design.md §6.4): two active entries on one
subject that say different things, nothing saying which holds. The one computation behind
`memjobs conflicts`, the weekly compound's `## Open questions` and the saved list the runtime
context and search read (memory_store/supersede/open_state.py).

Each active entry, in date order (file order within a date), is judged by the shared detector
(memory_store/supersede/detect.py) against the active entries before it; a "conflict" finding is a
pair. A pair settled by a reversal is no longer found: one side is not active any more.

The judgement of an entry depends only on the statements before it and its own, so a `Memo` of an
earlier computation (each statement's key and what was found for it, in order) lets the statements
of an unchanged prefix be added to the detector without judging them again: microSync appends new
entries at the end of the order, and only those are judged. Pure: entries in, pairs out.
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from memory_store.entries import BlockEntry
from memory_store.supersede.detect import Detector, Statement, statement_of


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
    """What one computation found for each statement it judged, in judging order: the statement's
    key and the earlier entry it conflicts with (None: no conflict) with the match. `version` names
    the detector (its code and word lists): a memo of another detector is not used."""

    version: str
    keys: tuple[str, ...] = ()
    found: tuple[tuple[str | None, float], ...] = ()


def statement_key(s: Statement) -> str:
    """A short digest of everything the detector reads of a statement."""
    raw = "\x1f".join((s.id, s.kind, s.date, s.title, s.text, str(s.order)))
    return hashlib.sha1(raw.encode("utf-8")).hexdigest()[:16]


def open_pairs(located: Sequence[tuple[BlockEntry, str]], memo: Memo | None = None,
               version: str = "") -> tuple[list[OpenPair], Memo]:
    """Possible conflicts among the active entries of `located` (`(entry, file)` in file order,
    oldest file first), oldest newer side first; and the memo of this computation. With a `memo`
    of the same `version`, the statements of its unchanged prefix are not judged again."""
    active = [(e, rel) for e, rel in located if e.status == "active"]
    where = {e.id: (e, rel) for e, rel in active}
    order = sorted(range(len(active)), key=lambda n: (active[n][0].date, n))
    reuse = memo if memo is not None and memo.version == version else None
    detector: Detector | None = None
    prefix: list[Statement] = []     # judged by the memo: added to a detector only if one is needed
    keys: list[str] = []
    found: list[tuple[str | None, float]] = []
    out: list[OpenPair] = []
    same = reuse is not None
    for step, n in enumerate(order):
        e, rel = active[n]
        stmt = statement_of(e, n)
        key = statement_key(stmt)
        if same and reuse is not None and step < len(reuse.keys) and reuse.keys[step] == key:
            target, score = reuse.found[step]
        else:
            same = False
            if detector is None:
                detector = Detector(prefix)
            finding = detector.detect(stmt)
            target, score = ((finding.target, finding.score) if finding.outcome == "conflict"
                             and finding.target is not None else (None, 0.0))
        if target is not None and target in where:
            old, old_rel = where[target]
            out.append(OpenPair(e, rel, old, old_rel, score))
        keys.append(key)
        found.append((target, score))
        if detector is None:
            prefix.append(stmt)
        else:
            detector.add(stmt)
    out.sort(key=lambda c: (c.new.date, c.new.id))
    return out, Memo(version, tuple(keys), tuple(found))
