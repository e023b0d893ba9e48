"""Which entry supersedes which, read from the `supersedes:` fields of the daily logs: one rule for
every reader (docs/design.md §6.4).

microSync writes a reversal with `supersedes: <old id>` when it writes it; the weekly sets the old
entry's `status: superseded` and `superseded_by` later (the weekly owns the status fields, §3).
Until then three readers apply the link themselves — the search index (memory_store/search/links.py),
the runtime context (memory_store/context/replaced.py) and `memjobs get` / MCP memory_get
(memory_store/lookup.py) — and they must say the same thing, so they all ask `supersede_links`:

- an entry links when it is `active` or already `superseded` itself (a chain A <- B <- C), never
  when archived or revoked, and never to its own id;
- an entry the user took back or had memjobs forget (the withdrawn/forgotten filter,
  memory_store/core/forgotten.py, holds out its words) links nothing: it replaces nothing, and its
  id is carried nowhere (`superseded_by`, a REPLACED mark);
- when two entries name one old id, the first stated wins (by date, then place in the files: path,
  then line) — the entry the weekly compound records as `superseded_by`.

The order things were said decides, not the order they were read: an entry microSync writes after an
entry said later that supersedes it (a backfill of older sessions after a scheduled run read a newer
one) carries the link itself, `superseded_later_by: <the later id>` — the later entry is not rewritten
(a pair a backfill could not judge before every day between was read gets the link on the older entry
when it has read them, jobs/microsync/supersedes.py). `entry_linkers` reads both kinds of link as one:
the later entry supersedes it, with its own date, place, status and words (a later entry that is gone,
archived or taken back links nothing).

`chain_end` follows the links to what holds now (A superseded by B, B by C: C).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from memory_store.entries import BlockEntry

LINKING_STATUSES = ("active", "superseded")
CHAIN_HOPS = 8   # how far a replacement chain is followed


@dataclass(frozen=True)
class Linker:
    """An entry whose `supersedes:` names another entry's id."""
    id: str
    old: str                 # the id it names
    date: str
    path: str                # its file, relative to the workspace
    line: int                # its heading's line (or any number that keeps its file's order)
    status: str = "active"
    words: tuple[str, ...] = ()   # what it says (title, conclusion, …): what the withdrawn filter reads

    @property
    def order(self) -> tuple[str, str, int]:
        return (self.date, self.path, self.line)


HeldOut = Callable[[Linker], bool]


def words_of(e: BlockEntry) -> tuple[str, ...]:
    """What an entry says (title, conclusion, why, finding, impact, excerpt): what the withdrawn filter reads."""
    return tuple(t for t in (e.title, e.conclusion, e.why, e.finding, e.impact, e.excerpt or "") if t)


def entry_linkers(located: Iterable[tuple[BlockEntry, str, int]]) -> list[Linker]:
    """The links `located` (entry, path, line) state, both kinds: each entry's `supersedes:` (it
    replaces that id), and each entry's `superseded_later_by:` (the entry of that id, said later and
    written first, replaces it), read as that later entry's link with its own date, place, status and
    words. A `superseded_later_by:` naming an entry not in `located` links nothing."""
    rows = list(located)
    by_id = {e.id: (e, path, line) for e, path, line in rows}
    out = [Linker(e.id, e.supersedes, e.date, path, line, e.status, words_of(e))
           for e, path, line in rows if e.supersedes]
    for e, _, _ in rows:
        later = by_id.get(e.superseded_later_by or "")
        if later is not None and later[0].date >= e.date:
            le, path, line = later
            out.append(Linker(le.id, e.id, le.date, path, line, le.status, words_of(le)))
    return out


def held_out_in(workspace: Path) -> HeldOut:
    """The withdrawn/forgotten filter of `workspace` as a test of a linker: whether its words hold a
    value the user took back or had memjobs forget (memory_store/core/forgotten.py)."""
    from memory_store.core.forgotten import forgotten

    gone = forgotten(workspace)
    if not gone:
        return lambda _: False
    return lambda lk: gone.found_in(*lk.words) is not None


def held_out_key(workspace: Path) -> str:
    """A digest of the withdrawn/forgotten filter of `workspace`: it changes when the filter does, so a
    reader that records links (the search index) knows when to apply them again."""
    import hashlib

    from memory_store.core.forgotten import forgotten

    gone = forgotten(workspace)
    said = repr((sorted(gone.values), sorted(gone.settings)))
    return hashlib.sha256(said.encode("utf-8")).hexdigest()[:16]


def supersede_links(linkers: Iterable[Linker], held_out: HeldOut | None = None) -> dict[str, Linker]:
    """Old id -> the entry that supersedes it, by the one rule of this module (its docstring)."""
    out: dict[str, Linker] = {}
    for lk in linkers:
        if not lk.old or lk.old == lk.id or (lk.status or "active") not in LINKING_STATUSES:
            continue
        if lk.old in out and out[lk.old].order <= lk.order:
            continue
        if held_out is not None and held_out(lk):
            continue
        out[lk.old] = lk
    return out


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


T = TypeVar("T", bound=_HasId)


def chain_end(links: Mapping[str, T], old_id: str) -> T | None:
    """The end of `old_id`'s replacement chain (what holds now), or None when nothing replaces it."""
    found = links.get(old_id)
    seen = {old_id}
    while found is not None and found.id in links and found.id not in seen and len(seen) < CHAIN_HOPS:
        seen.add(found.id)
        found = links[found.id]
    return found
