"""A person's conflict decisions in search before the weekly applies them (docs/design.md §6.4).

`memjobs conflicts resolve ID --keep old|new` records the decision under `.memjobs/conflicts/`
(memory_store/core/conflicts.py); the next weekly applies it to the entries' status fields (the
weekly owns them, §3): keep new, the established entry becomes `superseded` by the newer; keep old,
the newer entry becomes `superseded` by the established one (jobs/weekly/planner.py
`_apply_decisions`). Until then both entries' files say `active`, and the open pair's marks are gone
(the pair is decided): search served both sides as current with nothing saying which one the person
chose. Search reads the recorded decisions (read-only, a folder's listing when there are none) and
gives the rejected side the status the weekly will give it, at once, as links.py does for a
reversal microSync linked. Once the weekly has applied a decision, the entry's own status says
the same, so the mark changes nothing.

`standing` is the one rule every read surface reports an entry's status by: search's hits,
MCP `memory_get` (memory_store/search/fetch.py) and `memjobs get` (memory_store/lookup.py).
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from memory_store.stat_memo import StatMemo

DECISIONS_DIR = ".memjobs/conflicts"       # memory_store/core/conflicts.py's CONFLICTS_DIR
SUPERSEDED = "superseded"


def rejected(workspace: Path, status_of: Callable[[str], str | None] | None = None) -> dict[str, str]:
    """The entries a person's recorded decision rejects -> the entry kept instead: keep new rejects the
    established entry, keep old the newer one, keep both none. A keep-new decision whose newer entry is
    no longer active (`status_of`, when given, says so; None: not known) rejects nothing, as the weekly
    applies it. Empty when nothing was decided or the decisions do not parse (a reader's hint)."""
    folder = workspace / DECISIONS_DIR
    out: dict[str, str] = {}
    kept_new: dict[str, list[str]] = {}
    for new, old, keep in _MEMO.get(folder, [folder], lambda: _decisions(workspace)):
        if keep == "new":
            if status_of is not None and (status_of(new) or "active") != "active":
                continue
            kept_new.setdefault(old, []).append(new)
        elif keep == "old":
            out.setdefault(new, old)
    # Two values a person kept over one established entry (100 -> 300, 100 -> 500, both keep new): as the
    # weekly applies them, in the order the newer entries were said (by the date in their ids), each kept
    # value replaces the one kept before it — 100 by 300, 300 by 500 — so one is current, not two.
    for old, news in kept_new.items():
        before = old
        for new in sorted(news, key=_said_order):
            out.setdefault(before, new)
            before = new
    return out


def _said_order(entry_id: str) -> tuple[str, str]:
    """An entry's place in time by its id (KIND-YYYYMMDD-…): its date, then the id."""
    parts = entry_id.split("-")
    return (parts[1] if len(parts) > 2 else "", entry_id)


# The decisions, read again only when the folder changed: one stat a query in a long-lived searcher
# (the MCP server), however many decisions the years have recorded. Every decision is written by an
# atomic replace (a rename in the folder) and a rollback removes a file, so the folder's stat changes.
_MEMO: StatMemo[Path, tuple[tuple[str, str, str], ...]] = StatMemo()


def _decisions(workspace: Path) -> tuple[tuple[str, str, str], ...]:
    folder = workspace / DECISIONS_DIR
    try:
        if not folder.is_dir() or not any(folder.glob("*.json")):
            return ()
    except OSError:
        return ()
    from memory_store.core.conflicts import read_decisions
    from memory_store.errors import MemjobsError

    try:
        decisions = read_decisions(workspace)
    except (MemjobsError, OSError):
        return ()
    return tuple((new, d.old, d.keep) for new, d in sorted(decisions.items()))


def standing(entry_id: str | None, status: str | None, superseded_by: str | None,
             decided: dict[str, str]) -> tuple[str | None, str | None]:
    """An entry's status and what superseded it as every read surface reports them: its own (the file's,
    or the index's with microSync's links applied), or — while it is active and a person's decision
    rejects it — `superseded` by the entry kept instead."""
    if entry_id and entry_id in decided and (status or "active") == "active" and not superseded_by:
        return SUPERSEDED, decided[entry_id]
    return status, superseded_by
