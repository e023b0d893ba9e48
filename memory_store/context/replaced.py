"""Reversals microSync has linked that no weekly has applied yet (docs/design.md §6.4, §6.5).

microSync writes a reversal with `supersedes: <old id>` as soon as it reads it; the weekly sets the
old entry's `status: superseded` and takes it out of MEMORY.md later (the weekly owns the status
fields, §3). Until then the old entry is still listed and still `active`, so an agent reading the
context would be told the thing the user reversed. This module reads the links from the daily
files (one text scan a file; only a file that says `supersedes:` or `superseded_later_by:`, or holds
an entry such a field names, is parsed) so that the memory
index marks such an item REPLACED, with the newer entry shown, and the "Recent, not yet
compounded" group shows the newer entry in the old one's place. Reads files only.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from memory_store.context.model import Item
from memory_store.entries import BlockEntry
from memory_store.errors import MemjobsError
from memory_store.markdown import block_to_entry, parse_document
from memory_store.open_conflicts import short_of
from memory_store.supersedes_read import chain_end, entry_linkers, held_out_in, supersede_links


@dataclass(frozen=True)
class Newer:
    """An entry that supersedes another: what the agent is shown in the old one's place."""
    id: str
    kind: str
    date: str
    title: str
    conclusion: str
    confidence: float
    where: str          # path:line of its block
    order: tuple[str, str, int]   # (date, file day, block number): its place among the recent entries

    def about(self) -> str:
        short = short_of(self.conclusion)
        head = self.title.rstrip("…").rstrip()
        if short and head and short.startswith(head):   # a title cut with `…`: its conclusion says it whole
            return f'{self.id} ({self.date}) "{short}"'
        said = f": {short}" if short and short.casefold() != self.title.casefold() else ""
        return f'{self.id} ({self.date}) "{self.title}"{said}'


def reversal_links(workspace: Path, texts: list[tuple[str, Path, str]]) -> dict[str, Newer]:
    """Old id -> the entry that supersedes it, from the recent entry files' `texts`
    (memory_store/context/user_model.py `recent_texts`), by the one rule every reader of the links
    uses (memory_store/supersedes_read.py): an entry the user took back or had memjobs forget links
    nothing, and when two entries name one old id the first stated wins."""
    located: list[tuple[BlockEntry, str, int]] = []
    shown: dict[str, Newer] = {}
    wanted: set[str] = set()   # the later entries a `superseded_later_by:` names (in a later file)
    for day, path, text in texts:
        if ("supersedes:" not in text and "superseded_later_by:" not in text
                and not any(i in text for i in wanted)):
            continue
        rel = path.relative_to(workspace).as_posix()
        try:
            blocks = parse_document(text).blocks
        except MemjobsError:
            continue
        for n, block in enumerate(blocks):
            try:
                e = block_to_entry(block, rel)
            except MemjobsError:
                continue
            located.append((e, rel, block.line))
            if e.superseded_later_by:
                wanted.add(e.superseded_later_by)
            shown.setdefault(e.id, Newer(e.id, e.kind, e.date, e.title, e.conclusion, e.confidence,
                                         f"{rel}:{block.line}", (e.date, day, n)))
    linkers = entry_linkers(located)
    if not linkers:
        return {}
    return {old: shown[lk.id] for old, lk in supersede_links(linkers, held_out_in(workspace)).items()}


def latest(links: dict[str, Newer], old_id: str) -> Newer | None:
    """The end of `old_id`'s replacement chain (what holds now), or None when nothing replaces it."""
    return chain_end(links, old_id)


def mark_replaced(items: list[Item], links: dict[str, Newer], one_line: Callable[[str], str]) -> list[Item]:
    """`items` (the memory index) with each item a newer entry supersedes marked REPLACED, the entry
    that holds now shown (id, date, title, conclusion); JSON `replaced_by`. An item a decided conflict
    already marks keeps that mark."""
    out = []
    for it in items:
        newer = latest(links, it.id) if it.id else None
        if newer is None or "replaced_by" in dict(it.fields):
            out.append(it)
            continue
        note = f"REPLACED by the newer {newer.about()} — the user reversed it (MEMORY.md follows at the next weekly)"
        out.append(replace(it, text=one_line(f"{it.text} [{note}]"), fields=(*it.fields, ("replaced_by", newer.id))))
    return out
