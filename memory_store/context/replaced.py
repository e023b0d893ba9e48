"""Reversals microSync has linked that no weekly has applied yet (docs/design.md §6.4, §6.5).

microSync writes a reversal with `supersedes: <old id>` as soon as it reads it; the weekly sets the
old entry's `status: superseded` and takes it out of MEMORY.md later (the weekly owns the status
fields, §3). Until then the old entry is still listed and still `active`, so an agent reading the
context would be told the thing the user reversed. This module reads the links from the daily
files (one text scan a file; only a file that says `supersedes:` is parsed) so that the memory
index marks such an item REPLACED, with the newer entry shown, and the "Recent, not yet
compounded" group shows the newer entry in the old one's place. Reads files only.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from memory_store.context.model import Item
from memory_store.errors import MemjobsError
from memory_store.markdown import block_to_entry, parse_document
from memory_store.open_conflicts import short_of

CHAIN_HOPS = 8   # how far a replacement chain is followed (A superseded by B, B by C …)


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
    order: tuple[str, str, int]   # (date, file day, block number): the later link wins

    def about(self) -> str:
        short = short_of(self.conclusion)
        head = self.title.rstrip("…").rstrip()
        if short and head and short.startswith(head):   # a title cut with `…`: its conclusion says it whole
            return f'{self.id} ({self.date}) "{short}"'
        said = f": {short}" if short and short.casefold() != self.title.casefold() else ""
        return f'{self.id} ({self.date}) "{self.title}"{said}'


def reversal_links(workspace: Path, texts: list[tuple[str, Path, str]]) -> dict[str, Newer]:
    """Old id -> the entry that says it `supersedes` it, from the recent entry files' `texts`
    (memory_store/context/user_model.py `recent_texts`; when two entries name one old id, the later one)."""
    links: dict[str, Newer] = {}
    for day, path, text in texts:
        if "supersedes:" not in text:
            continue
        rel = path.relative_to(workspace).as_posix()
        try:
            blocks = parse_document(text).blocks
        except MemjobsError:
            continue
        for n, block in enumerate(blocks):
            old = (block.get("supersedes") or "").strip()
            if not old or (block.get("status") or "active") not in ("active", "superseded"):
                continue
            try:
                e = block_to_entry(block, rel)
            except MemjobsError:
                continue
            newer = Newer(e.id, e.kind, e.date, e.title, e.conclusion, e.confidence,
                          f"{rel}:{block.line}", (e.date, day, n))
            if old != e.id and (old not in links or links[old].order < newer.order):
                links[old] = newer
    return links


def latest(links: dict[str, Newer], old_id: str) -> Newer | None:
    """The end of `old_id`'s replacement chain (what holds now), or None when nothing replaces it."""
    found = links.get(old_id)
    seen = {old_id}
    while found is not None and found.id in links and found.id not in seen and len(seen) < CHAIN_HOPS:
        seen.add(found.id)
        found = links[found.id]
    return found


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
