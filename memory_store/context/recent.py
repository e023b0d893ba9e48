"""This week's entries in the runtime context while no week has been compounded (docs/design.md §6).

Trigger: a new user, or one who backfilled only the current week. Why: MEMORY.md is written by the
weekly compound, for a week that is over, so for up to a week the context's long memory showed
nothing of what microSync had already kept. Outcome: while MEMORY.md has no item and no week has
been compounded yet (no compound marks with an entry in `.memjobs/compound/weeks/`, the weekly
job's state), the context adds this week's active entries of high confidence, newest first, as a
group of their own labelled "Recent, not yet compounded". The weekly compound is untouched: once it
has compounded a week, the group is gone. An entry held out of MEMORY.md by an open possible
conflict (the newer side) is held out here too, and so is one held by core memory (a PROFILE fact,
in any state or version, cites its user turn: memory_store/core/held.py) — a preference the user
later had memjobs forget or replaced is not told to the agent as "Recent" while PROFILE says
otherwise. Reads files only.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

from memory_store.context.model import Item
from memory_store.context.user_model import recent_files
from memory_store.core.held import KINDS, CitedTurns, cited_turns
from memory_store.errors import MemjobsError
from memory_store.fileio import read_snapshot
from memory_store.markdown import block_to_entry, parse_document
from memory_store.open_conflicts import open_by_id, read_disputes

GROUP = "recent"
WEEKS_DIR = ".memjobs/compound/weeks"   # the weekly compound's marks (jobs/weekly/state.py)
MIN_CONFIDENCE = 0.8                     # the user's, an admin's, a correction's, a cited source's
MAX_ITEMS = 10


def compounded_any(workspace: Path) -> bool:
    """Whether some week's compound marks name an entry (a mark file that does not read counts: it
    is the weekly's, and a compound happened)."""
    folder = workspace / WEEKS_DIR
    try:
        names = sorted(folder.glob("*.json"))
    except OSError:
        return False
    for path in names:
        try:
            marks = json.loads(path.read_bytes()).get("entries")
        except (OSError, ValueError, AttributeError):
            return True
        if marks:
            return True
    return False


def recent_items(workspace: Path, today: date, one_line: Callable[[str], str]) -> list[Item]:
    """This ISO week's (Monday to `today`) active entries of confidence `MIN_CONFIDENCE` or more,
    newest first, at most `MAX_ITEMS`."""
    monday = today - timedelta(days=today.weekday())
    held = open_by_id(read_disputes(workspace))[1]
    cited: CitedTurns | None = None     # read on the first Remember or Rule (the audit trail too)
    found = []
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
            if e.confidence < MIN_CONFIDENCE or e.id in held:
                continue
            if e.kind in KINDS:
                cited = cited if cited is not None else cited_turns(workspace)
                if cited.holding(e.kind, e.source.session_id, e.source.lines) is not None:
                    continue
            text = f"{e.date} {e.kind}: {e.title}"
            if e.conclusion and e.conclusion.casefold() != e.title.casefold():
                text += f" — {e.conclusion}"
            found.append(((e.date, day, n), Item(GROUP, e.id, one_line(text), f"{rel}:{block.line}",
                                                  (("date", e.date), ("confidence", f"{e.confidence:.2f}")))))
    found.sort(key=lambda x: x[0], reverse=True)
    return [it for _, it in found[:MAX_ITEMS]]
