"""Which one of the six sections each wrap-up item goes in (docs/design.md §5.3).

A summariser proposes candidates per section — the rules by what a sentence is, an LLM by what it
answered — and a thing may qualify for several ("tomorrow I'll bump the lib" is a commitment and a
plan; a model may cite one line as an action item and as an open loop). `one_section_each` keeps
each item in the first section of `PRECEDENCE` that proposes it and drops the other copies, so no
item is listed twice. Both summarisers return their wrap-up through it.

Precedence, most specific first:
1. Decisions made today — the decision log; an item citing an entry belongs here only.
2. Technical notes / debugging lessons — an error and its fix.
3. Tomorrow next steps — what is planned for tomorrow or the next session.
4. Action items — a task someone took on today, done or not (done ones say so).
5. Open loops — what is left open that nobody took on: questions nobody answered.
6. Important conversations — the sessions themselves.
"""
from __future__ import annotations

from dataclasses import replace

from jobs.daily.model import Item, WrapUp

PRECEDENCE = ("decisions", "technical_notes", "next_steps", "action_items", "open_loops", "conversations")

ItemKey = tuple[str, ...]


def item_key(item: Item) -> ItemKey:
    """What an item is about: its decision-log entry; else its transcript span (and the sentence,
    when the summariser names it, so two sentences of one message stay two items); else its text."""
    if item.entry is not None:
        return ("entry", item.entry.id)
    if item.evidence is not None:
        ev = item.evidence
        return ("span", ev.path, str(ev.first), str(ev.last), " ".join(item.said.casefold().split()))
    return ("text", " ".join(item.text.casefold().split()))


def one_section_each(w: WrapUp) -> WrapUp:
    """A copy of `w` in which every item is in exactly one section, chosen by `PRECEDENCE`;
    order within a section is kept."""
    seen: set[ItemKey] = set()
    kept: dict[str, list[Item]] = {}
    for name in PRECEDENCE:
        out: list[Item] = []
        for item in getattr(w, name):
            key = item_key(item)
            if key in seen:
                continue
            seen.add(key)
            out.append(item)
        kept[name] = out
    return replace(w, decisions=kept["decisions"], action_items=kept["action_items"],
                   conversations=kept["conversations"], technical_notes=kept["technical_notes"],
                   open_loops=kept["open_loops"], next_steps=kept["next_steps"])


def repeated_items(w: WrapUp) -> list[tuple[ItemKey, list[str]]]:
    """Items listed in more than one section, with those sections (empty when the rule holds)."""
    where: dict[ItemKey, list[str]] = {}
    for name in PRECEDENCE:
        for key in {item_key(i) for i in getattr(w, name)}:
            where.setdefault(key, []).append(name)
    return [(k, names) for k, names in where.items() if len(names) > 1]
