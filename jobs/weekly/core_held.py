"""Entries whose statement core memory holds as a PROFILE fact, kept out of MEMORY.md.

A preference the user stated in a transcript is routed to core memory (docs/design.md §6.3) and the
daily log keeps its Remember entry too. Core memory is where that preference is authoritative: it is
resolved with precedence and TTL, revoked by a forget, overridden by a newer statement, and given to
the agent by the runtime context as the user model (§6.5, §6.6). The same words in MEMORY.md's
`## Remember` would be a second copy the agent reads every session that none of that reaches — after
"forget that" or "answer in English from now on" it would still say the old value. So the weekly
compound keeps an entry out of MEMORY.md (it stays in its daily log, and search finds it) when a
PROFILE fact cites the same user turn — in any state, and in any version: the statement an
overwrite replaced is held too (memory_store/core/held.py). Pending proposals do not count: a
proposal is not a fact yet.
"""
from __future__ import annotations

from collections.abc import Mapping

from jobs.weekly.model import Located
from jobs.weekly.procedures import procedure_summary
from memory_store.config import Config
from memory_store.core.forgotten import forgotten
from memory_store.core.held import KINDS, cited_turns

__all__ = ["KINDS", "held_by_core", "holding_forgotten"]


def held_by_core(cfg: Config, entries: Mapping[str, Located]) -> dict[str, str]:
    """Entry id → the PROFILE fact that holds its statement ("response.language = th")."""
    cited = cited_turns(cfg.workspace)
    out: dict[str, str] = {}
    if not cited:
        return out
    for i, loc in entries.items():
        e = loc.entry
        what = cited.holding(e.kind, e.source.session_id, e.source.lines)
        if what is not None:
            out[i] = what
    return out


def holding_forgotten(cfg: Config, entries: Mapping[str, Located], core_held: Mapping[str, str]) -> dict[str, str]:
    """The entries that hold a value the user had memjobs forget — in their title or conclusion, or as
    the statement of a forgotten PROFILE fact (`core_held`, from `held_by_core`) — id -> the id as it
    may be printed (its words without the value, `Forgotten.shown_id`): search and the runtime
    context leave them out (memory_store/core/forgotten.py), and so does MEMORY.md."""
    gone = forgotten(cfg.workspace)
    if not gone:
        return {}
    out = {i: gone.shown_id(i) for i, loc in entries.items()
           if gone.found_in(loc.entry.title, loc.entry.conclusion, procedure_summary(loc.entry) or "")}
    for i, fact in core_held.items():
        key, _, value = fact.partition(" = ")
        if i not in out and gone.holds(key, value):
            out[i] = gone.shown_id(i)
    return out
