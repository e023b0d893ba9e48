"""Items the user said hold "until" a day that is over (memory_store/ended.py): marked ENDED in the
memory index and the recent group, never served as in force. The weekly takes them out of MEMORY.md
at its next run; until then the context says so itself. Reads nothing but the items."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date

from memory_store.context.model import Item
from memory_store.ended import ended_by_id


def mark_ended(items: list[Item], today: date, one_line: Callable[[str], str]) -> list[Item]:
    """`items` with each one whose "until" day is before `today` marked ENDED (JSON `ended`: the day)."""
    out = []
    for it in items:
        end = ended_by_id(it.id, it.text, today) if it.id else None
        if end is None:
            out.append(it)
            continue
        note = (f"ENDED {end.isoformat()}: the user said it held until then; not in force now "
                "(MEMORY.md follows at the next weekly)")
        out.append(replace(it, text=one_line(f"{it.text} [{note}]"), fields=(*it.fields, ("ended", end.isoformat()))))
    return out
