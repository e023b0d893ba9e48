"""Conflicts between entries in the weekly compound (docs/design.md §5, §6).

- An entry with `supersedes: <ID>` supersedes that entry, always (microSync writes the field when
  it writes the entry, a person may write it by hand).
- A new entry without the field is judged by the same detector microSync uses
  (memory_store/supersede): a reversal, relaxation or refinement of an earlier active entry
  supersedes it — so entries written before detection existed, or by hand, are treated alike.
- A possible conflict (same subject, different content, no change stated) changes no status:
  it is listed in the weekly log, and the newer entry is held out of MEMORY.md, where the
  established one stays. The open pairs of the whole log (`memjobs conflicts`, MEMORY.md's
  `## Open questions`) are memory_store/supersede/open_pairs.py's.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from memory_store.entries import BlockEntry
from memory_store.supersede.detect import Detector, detect, statement_of


@dataclass(frozen=True)
class Supersede:
    old: str          # id of the entry that is superseded
    new: str          # id of the entry that supersedes it
    reason: str       # "supersedes field" | the detector's reason ("reversed (instead of)", "relaxed (…)")


@dataclass(frozen=True)
class PossibleConflict:
    new: str
    old: str
    similarity: float


def _order(e: BlockEntry) -> tuple[str, str]:
    return (e.date, e.id)


def _field_reason(new: BlockEntry, old: BlockEntry) -> str:
    """The weekly log's reason for a `supersedes` field: what the detector reads in the new
    entry ("reversed (no longer)", "relaxed (can ship)"), else just that the field says so."""
    found = detect(statement_of(new, 1), [statement_of(old, 0)])
    if found.supersedes and found.target == old.id:
        return f"{found.reason}; supersedes field"
    return "supersedes field"


def find_conflicts(new: Sequence[BlockEntry], existing: Sequence[BlockEntry], held: Collection[str] = ()
                   ) -> tuple[list[Supersede], list[PossibleConflict]]:
    """Supersedes and possible conflicts caused by the `new` entries (those not compounded yet),
    against every active entry in `existing` (which includes the new ones, in file order). An entry of
    `held` — it holds a value the user took back or had memjobs forget — replaces nothing and disputes
    nothing, its `supersedes:` field included: the rule every reader of the links follows
    (memory_store/supersedes_read.py)."""
    by_id = {e.id: e for e in existing}
    active = [e for e in existing if e.status == "active"]
    if not any(n.status == "active" and not n.supersedes for n in new):
        active = []  # nothing to judge: no need to read every active entry's subject
    detector = Detector([statement_of(e, n) for n, e in enumerate(active)])
    position = {e.id: n for n, e in enumerate(active)}
    superseded: dict[str, Supersede] = {}
    conflicts: list[PossibleConflict] = []
    for n in sorted(new, key=_order):
        if n.status != "active" or n.id in held:
            continue
        # An explicit supersedes field always wins, whatever the wording.
        if n.supersedes and n.supersedes in by_id and n.supersedes != n.id:
            target = by_id[n.supersedes]
            if target.status == "active" and target.id not in superseded:
                superseded[target.id] = Supersede(target.id, n.id, _field_reason(n, target))
            continue
        if n.supersedes:
            continue  # it names an entry that is gone: nothing to mark, and no guessing either
        found = detector.detect(statement_of(n, position.get(n.id, len(active))), skip=superseded)
        if found.target is None:
            continue
        if found.supersedes:
            superseded[found.target] = Supersede(found.target, n.id, found.reason)
        elif found.outcome == "conflict":
            conflicts.append(PossibleConflict(n.id, found.target, found.score))
    return sorted(superseded.values(), key=lambda s: s.old), conflicts


def conflicts_within(ids: Collection[str], existing: Sequence[BlockEntry]) -> list[PossibleConflict]:
    """Possible conflicts whose two sides are both among `ids` (what MEMORY.md is about to hold),
    each entry of `ids` judged as `memjobs conflicts` judges it: against every active entry of
    `existing` (file order) before it. Oldest newer side first, so that when an entry is held out
    a later one that conflicts only with it can stay."""
    active = [e for e in existing if e.status == "active"]
    wanted = [n for n, e in enumerate(active) if e.id in ids]
    if len(wanted) < 2:
        return []
    detector = Detector([statement_of(e, n) for n, e in enumerate(active)])
    out: list[PossibleConflict] = []
    for n in sorted(wanted, key=lambda n: (active[n].date, n)):
        found = detector.detect(statement_of(active[n], n))
        if found.outcome == "conflict" and found.target is not None and found.target in ids:
            out.append(PossibleConflict(active[n].id, found.target, found.score))
    return out
