"""The MEMORY.md items whose entry a person deleted, as the weekly compound reads them
(memory_store/missing_entries.py decides; this reads through the weekly's View, so a dry run's
overlay counts)."""
from __future__ import annotations

from jobs.weekly.model import Located
from jobs.weekly.view import View
from memory_store.cursors import WRITTEN
from memory_store.memory_md import parse_memory_md
from memory_store.missing_entries import memory_file_rels, unfound_items


def deleted_items(view: View, entries: dict[str, Located], procedures: dict[str, Located]) -> dict[str, str]:
    """id -> the file a person deleted its entry from, for each MEMORY.md item that is deleted."""
    text = view.read("MEMORY.md")
    if not text:
        return {}
    md = parse_memory_md(text)
    if md.problems:
        return {}   # the planner refuses this MEMORY.md with its own message
    known = set(entries) | set(procedures)
    if all(it.id in known for it in md.items):
        return {}
    unfound = unfound_items(md.items, known, memory_file_rels(view.workspace), view.read,
                            view.read_state(WRITTEN))
    return {u.item.id: u.file for u in unfound or [] if u.deleted}
