"""Disputed MEMORY.md items in the runtime context (docs/design.md §6.4, §6.5). While a possible
conflict is open the established entry stays in MEMORY.md and the newer one is held out of it, so
an agent reading the index alone would act on the established one with nothing saying it is in
doubt. Each index item that a saved open pair names (memory_store/supersede/open_state.py: one read
of a small file, no detector) is shown with the other side — id, date, title and its conclusion —
and the agent is told to ask the user which holds; one `MEMORY_CONFLICT_OPEN` event each.

A pair a person has decided (`memjobs conflicts resolve`) but no weekly has applied yet is shown
with the decision instead: the answer is known, MEMORY.md catches up at the next weekly. Which
side a decision rejects is search's one rule (memory_store/search/decided.py `standing`): keep new
the established entry, keep old the newer one, keep both neither.

A pair can name an entry that is not in MEMORY.md while MEMORY.md says the same thing under
another id: the weekly merges a near-duplicate into one survivor ("Use Redis for the session
cache" written on two days), and the newer entry may be judged against the merged-away one. The
item that says what a side says (its title and conclusion: memory_store/open_conflicts.stand_in) is then
marked in its place: otherwise the agent would read the established choice with nothing saying
it is in doubt. A pair whose sides are both out of MEMORY.md in every wording (both written since
the last weekly) shows the agent nothing to doubt, and is not marked: search marks them
(memory_store/search), `memjobs conflicts` lists them, and the weekly puts the established side in
MEMORY.md marked.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from memory_store.context.model import Item
from memory_store.open_conflicts import Dispute, Side, read_disputes, stand_in
from memory_store.search.decided import rejected, standing

ASK = "ask the user which holds"


def _about(side: Side) -> str:
    short = f": {side.short}" if side.short and side.short.casefold() != side.title.casefold() else ""
    return f'{side.id} ({side.date}) "{side.title}"{short}'


def mark_disputed(workspace: Path, items: list[Item], emit: Callable[[str], None],
                  one_line: Callable[[str], str]) -> list[Item]:
    """`items` (the memory index) with each side of an open pair marked; `emit(id)` once a pair."""
    disputes = read_disputes(workspace)
    if not items:
        return items
    if not disputes:
        return _mark_decided(workspace, items, one_line)
    where = {it.id: n for n, it in enumerate(items)}
    out = list(items)
    texts = {it.id: it.text for it in items}
    for d in disputes:
        if d.old.id not in where and d.new.id not in where:
            for side in (d.old, d.new) if d.open else (d.old,):
                said = stand_in(f"{side.title} {side.short}", texts)
                if said is not None:
                    where = {**where, side.id: where[said]}
                    break
        marked = _mark(out, where, d, one_line)
        if marked is not None and d.open:
            emit(marked)
    return _mark_decided(workspace, out, one_line)


def _mark_decided(workspace: Path, items: list[Item], one_line: Callable[[str], str]) -> list[Item]:
    """Each item a person's recorded decision rejects, by the one rule search uses
    (memory_store/search/decided.py `standing`), marked REPLACED by the entry kept instead, unless a
    decided pair above marked it already: keep new rejects the established entry, keep old the newer."""
    decided = rejected(workspace)
    if not decided:
        return items
    out = []
    for it in items:
        status, by = standing(it.id, "active", None, decided)
        if status == "active" or not by or "replaced_by" in dict(it.fields):
            out.append(it)
            continue
        note = f"REPLACED: a person chose {by} over it (MEMORY.md follows at the next weekly)"
        out.append(replace(it, text=one_line(f"{it.text} [{note}]"), fields=(*it.fields, ("replaced_by", by))))
    return out


def _mark(items: list[Item], where: dict[str, int], d: Dispute, one_line: Callable[[str], str]) -> str | None:
    if d.old.id in where:
        n = where[d.old.id]
        if d.open:
            note = f"DISPUTED by the newer {_about(d.new)} — {ASK}"
            field = ("disputed_by", d.new.id)
        elif d.keep == "new":
            note = f"REPLACED: a person chose the newer {_about(d.new)} over it (MEMORY.md follows at the next weekly)"
            field = ("replaced_by", d.new.id)
        else:
            return None
    elif d.new.id in where and d.open:
        n = where[d.new.id]
        note = f"DISPUTES the earlier {_about(d.old)} — {ASK}"
        field = ("disputes", d.old.id)
    else:
        return None
    it = items[n]
    items[n] = replace(it, text=one_line(f"{it.text} [{note}]"), fields=(*it.fields, field))
    return it.id
