"""Conflicts between entries in the weekly compound (docs/design.md §5, §6).

- An entry with `supersedes: <ID>` supersedes that entry (microSync writes the field when it writes
  the entry, a person may write it by hand), by the one rule every reader of the field follows
  (memory_store/supersedes_read.py `supersede_links`): when two entries name one old id the first
  stated wins (date, then file, then line), and one the user took back or had memjobs forget links
  nothing. The weekly applies the links the readers (search, the context, `memjobs get`) already
  show, so its status fields say what they said.
- A new entry without the field is judged by the same detector microSync uses
  (memory_store/supersede): a reversal, relaxation or refinement of an earlier active entry
  supersedes it — so entries written before detection existed, or by hand, are treated alike.
- A possible conflict (same subject, different content, no change stated) changes no status:
  it is listed in the weekly log, and the newer entry is held out of MEMORY.md, where the
  established one stays. The open pairs of the whole log (`memjobs conflicts`, MEMORY.md's
  `## Open questions`) are memory_store/supersede/open_pairs.py's.
- The entries of one day are read in the order they were said, as microSync reads them
  (memory_store/said_time.py): a session of the morning read after one of the afternoon (a file synced
  late, or read by one run in the order of the files' names) is written after it in the daily file,
  and was said before it — the afternoon's value is the newer side of a possible conflict, and what
  the afternoon changes is judged with the morning's entry said before it.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from memory_store.entries import BlockEntry
from memory_store.said_time import said_order
from memory_store.supersede.detect import Detector, detect, statement_of
from memory_store.supersedes_read import Linker, entry_linkers, supersede_links, words_of


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


def _field_reason(new: BlockEntry, old: BlockEntry) -> str:
    """The weekly log's reason for a `supersedes` field: what the detector reads in the new
    entry ("reversed (no longer)", "relaxed (can ship)"), else just that the field says so."""
    later = old.superseded_later_by == new.id and new.supersedes != old.id
    field = "superseded_later_by field" if later else "supersedes field"
    found = detect(statement_of(new, 1), [statement_of(old, 0)])
    if found.supersedes and found.target == old.id:
        return f"{found.reason}; {field}"
    return field


def linker_of(e: BlockEntry, path: str, line: int) -> Linker:
    """An entry with a `supersedes:` field as memory_store/supersedes_read.py reads it (the words are
    what the withdrawn/forgotten filter reads, as the context's reader gives them)."""
    return Linker(e.id, e.supersedes or "", e.date, path, line, e.status, words_of(e))


def find_conflicts(new: Sequence[BlockEntry], existing: Sequence[BlockEntry], held: Collection[str] = (),
                   where: Mapping[str, tuple[str, int]] | None = None
                   ) -> tuple[list[Supersede], list[PossibleConflict]]:
    """Supersedes and possible conflicts caused by the `new` entries (those not compounded yet),
    against every active entry in `existing` (which includes the new ones, in file order; the days of
    the new ones are read in the order said, memory_store/said_time.py). An entry of
    `held` — it holds a value the user took back or had memjobs forget — replaces nothing and disputes
    nothing, its `supersedes:` field included (memory_store/supersedes_read.py). `where` gives
    each entry's file and line (default: its place in `existing`), the order the first-stated rule of
    memory_store/supersedes_read.py reads. The fields are applied first; the detector judges the other
    new entries against what they leave active."""
    existing = said_order(existing, {n.date for n in new})
    by_id = {e.id: e for e in existing}
    new_ids = {n.id for n in new}
    place = where or {}
    # both kinds of link: `supersedes:`, and `superseded_later_by:` on an entry microSync wrote after
    # the one said later that replaces it (applied when either side is new)
    linkers = entry_linkers((e, *place.get(e.id, ("", n))) for n, e in enumerate(existing))

    superseded: dict[str, Supersede] = {}
    for old, lk in sorted(supersede_links(linkers, lambda lk: lk.id in held).items()):
        target, n = by_id.get(old), by_id.get(lk.id)
        if n is None or (lk.id not in new_ids and old not in new_ids) or n.status != "active" or target is None:
            continue
        if target.status == "active":
            superseded[old] = Supersede(old, n.id, _field_reason(n, target))
    active = [e for e in existing if e.status == "active"]
    if not any(n.status == "active" and not n.supersedes for n in new):
        active = []  # nothing to judge: no need to read every active entry's subject
    detector = Detector([statement_of(e, n) for n, e in enumerate(active)])
    position = {e.id: n for n, e in enumerate(active)}
    conflicts: list[PossibleConflict] = []
    said = {e.id: n for n, e in enumerate(existing)}
    for n in sorted(new, key=lambda x: (x.date, said.get(x.id, len(said)), x.id)):
        if n.status != "active" or n.id in held or n.supersedes:
            # a field names what it replaces (applied above when it is the first stated), or an
            # entry that is gone: nothing to mark, and no guessing either. An entry another one's
            # `superseded_later_by` names is judged still: microSync linked it to that one, which says
            # nothing of the other entries it may change (review19 F4) — but what it replaces already
            # stays in the running: when that is still what it changes most, it changes nothing else
            # (read in the order said, it would have been its `supersedes:`, and the one it returns to
            # is not what it changes)
            continue
        own = {old for old, s in superseded.items() if s.new == n.id}
        found = detector.detect(statement_of(n, position.get(n.id, len(active))),
                                skip=superseded.keys() - own)
        if found.target is None or found.target in own:
            continue
        if found.supersedes:
            superseded[found.target] = Supersede(found.target, n.id, found.reason)
        elif found.outcome == "conflict":
            conflicts.append(PossibleConflict(n.id, found.target, found.score))
    return sorted(superseded.values(), key=lambda s: s.old), conflicts


def conflicts_within(ids: Collection[str], existing: Sequence[BlockEntry]) -> list[PossibleConflict]:
    """Possible conflicts whose two sides are both among `ids` (what MEMORY.md is about to hold),
    each entry of `ids` judged as `memjobs conflicts` judges it: against every active entry of
    `existing` (file order; a day two of `ids` share, in the order said) before it. Oldest newer side
    first, so that when an entry is held out a later one that conflicts only with it can stay."""
    active = [e for e in existing if e.status == "active"]
    if sum(1 for e in active if e.id in ids) < 2:
        return []
    shared = Counter(e.date for e in active if e.id in ids)
    active = said_order(active, {d for d, k in shared.items() if k > 1})
    wanted = [n for n, e in enumerate(active) if e.id in ids]
    detector = Detector([statement_of(e, n) for n, e in enumerate(active)])
    out: list[PossibleConflict] = []
    for n in sorted(wanted, key=lambda n: (active[n].date, n)):
        found = detector.detect(statement_of(active[n], n))
        if found.outcome == "conflict" and found.target is not None and found.target in ids:
            out.append(PossibleConflict(active[n].id, found.target, found.score))
    return out
