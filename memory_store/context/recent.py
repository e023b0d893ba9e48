"""This week's entries MEMORY.md does not hold yet, in the runtime context (docs/design.md §6.5).

Trigger: anything the user asks to remember, decides or rules during a week. Why: MEMORY.md is
written by the weekly compound, for a week that is over, so for up to a week the context's long
memory showed nothing of what microSync had already kept — first only for a new user (the group
existed only while MEMORY.md had no item), then for everyone: "Remember: the client demo is on
Friday at 2 pm" said on Wednesday was in no layer of Thursday's context (explore14 #15). Outcome:
every week, the context adds this ISO week's active entries of high confidence that MEMORY.md does
not list, newest first, as a group of their own labelled "Recent, not yet compounded", after the
memory index and the first group to give way to the budget. The weekly compound is untouched; an
entry it promotes leaves the group (MEMORY.md lists it). An entry held out of MEMORY.md by an open
possible conflict (the newer side) is held out here too, and so is one held by core memory (a
PROFILE fact, in any state or version, cites its user turn: memory_store/core/held.py) — a
preference the user later had memjobs forget or replaced is not told to the agent as "Recent" while
PROFILE says otherwise. An entry a newer one `supersedes` (microSync links a reversal at once; the
weekly sets the status later) is left out, and the entry that replaced it is shown in its place,
whatever its confidence: the extractor writes a self-correction ("actually, …") under the gate, and
the agent must be told what holds now, not nothing (memory_store/context/replaced.py). The
established side of an open possible conflict is marked DISPUTED, as in the memory index. The side a
person's `conflicts resolve` decision rejected is left out at once, by the one rule search uses
(memory_store/search/decided.py `standing`), not a week later when the weekly applies it. Reads
files only.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

from memory_store.context.model import Item
from memory_store.context.replaced import Newer, latest
from memory_store.context.user_model import recent_files
from memory_store.core.held import KINDS, CitedTurns, cited_turns
from memory_store.errors import MemjobsError
from memory_store.fileio import read_snapshot
from memory_store.markdown import block_to_entry, parse_document
from memory_store.open_conflicts import open_by_id, read_disputes
from memory_store.search.decided import rejected, standing

GROUP = "recent"
# docs/design.md §6.5: "confidence 0.8 or more". Every origin's cap reaches it (user 0.95, admin 0.90,
# correction 0.85 — the user correcting the agent —, cited 0.80: memory_store/confidence.py), so the
# gate drops what the extractor itself doubted and `auto` entries (0.60). A reversal under it is
# shown only in place of the entry it supersedes (`recent_items`).
MIN_CONFIDENCE = 0.8
MAX_ITEMS = 10


def recent_items(workspace: Path, today: date, one_line: Callable[[str], str],
                 links: dict[str, Newer] | None = None, in_index: frozenset[str] = frozenset()) -> list[Item]:
    """This ISO week's (Monday to `today`) active entries of confidence `MIN_CONFIDENCE` or more that
    MEMORY.md does not list (`in_index`), newest first, at most `MAX_ITEMS`; an entry `links` (old id
    -> the entry that supersedes it: memory_store/context/replaced.py) names is replaced by the end of
    its chain."""
    links = links or {}
    newer_ids = {n.id for n in links.values()}
    monday = today - timedelta(days=today.weekday())
    held = open_by_id(read_disputes(workspace))[1]
    decided = rejected(workspace)   # a person's `conflicts resolve`, before the weekly applies it
    cited: CitedTurns | None = None     # read on the first Remember or Rule (the audit trail too)
    found: dict[str, tuple[tuple[str, str, int], Item, float, str]] = {}
    for day, path in recent_files(workspace, today, today.weekday() + 1):
        if day < monday.isoformat():
            continue
        rel = path.relative_to(workspace).as_posix()
        try:
            blocks = parse_document(read_snapshot(path).text or "").blocks
        except (OSError, MemjobsError):
            continue   # validate reports a file that does not parse; the context does without it
        for n, block in enumerate(blocks):
            if block.kind == "Procedure" or (block.get("status") or "active") != "active":
                continue
            try:
                e = block_to_entry(block, rel)
            except MemjobsError:
                continue
            if standing(e.id, e.status, e.superseded_by, decided)[0] != "active":
                continue   # the side a person's decision rejected: the weekly will supersede it
            if e.id in held or e.id in in_index or (e.confidence < MIN_CONFIDENCE and e.id not in newer_ids):
                continue   # (a reversal under the gate is kept: it may be shown in place of what it reverses)
            if e.kind in KINDS:
                cited = cited if cited is not None else cited_turns(workspace)
                if cited.holding(e.kind, e.source.session_id, e.source.lines) is not None:
                    continue
            text = f"{e.date} {e.kind}: {e.title}"
            if e.conclusion and e.conclusion.casefold() != e.title.casefold():
                text += f" — {e.conclusion}"
            found[e.id] = ((e.date, day, n), Item(GROUP, e.id, one_line(text), f"{rel}:{block.line}",
                                                   (("date", e.date), ("confidence", f"{e.confidence:.2f}"))),
                           e.confidence, e.title)
    shown: dict[str, tuple[tuple[str, str, int], Item]] = {}
    for eid, (key, item, confidence, title) in found.items():
        if confidence < MIN_CONFIDENCE:
            continue
        newer = latest(links, eid)
        if newer is None:
            shown.setdefault(eid, (key, item))
        elif newer.id in found and newer.id not in links:
            # the reversal in the old entry's place, whatever its own confidence
            nkey, nitem = found[newer.id][:2]
            shown[newer.id] = (nkey, replace(nitem, text=one_line(f'{nitem.text} [replaces the earlier "{title}"]'),
                                             fields=(*nitem.fields, ("supersedes", eid))))
    ranked = sorted(shown.values(), key=lambda x: x[0], reverse=True)
    return [it for _, it in ranked[:MAX_ITEMS]]
