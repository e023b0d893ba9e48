"""Entries whose statement core memory holds as a PROFILE fact, kept out of MEMORY.md.

A preference the user stated in a transcript is routed to core memory (docs/design.md §6.3) and the
daily log keeps its Remember entry too. Core memory is where that preference is authoritative: it is
resolved with precedence and TTL, revoked by a forget, overridden by a newer statement, and given to
the agent by the runtime context as the user model (§6.5, §6.6). The same words in MEMORY.md's
`## Remember` would be a second copy the agent reads every session that none of that reaches — after
"forget that" or "answer in English from now on" it would still say the old value. So the weekly
compound keeps an entry out of MEMORY.md (it stays in its daily log, and search finds it) when a
PROFILE fact — in any state — cites the same user turn (`ref: chat:<session>#L…` overlapping the
entry's lines in the same session). Pending proposals do not count: a proposal is not a fact yet.
"""
from __future__ import annotations

import re
from collections.abc import Mapping

from jobs.weekly.model import Located
from memory_store.config import Config
from memory_store.core.store import CoreMemory

KINDS = frozenset({"Remember", "Rule"})      # the kinds a preference is logged as
_REF = re.compile(r"^chat:(?P<sid>[^#\s]+)#[A-Z]?(?P<a>\d+)-[A-Z]?(?P<b>\d+)$")


def held_by_core(cfg: Config, entries: Mapping[str, Located]) -> dict[str, str]:
    """Entry id → the PROFILE fact that holds its statement ("response.language = th")."""
    facts: dict[str, list[tuple[int, int, str]]] = {}
    for listed in CoreMemory.from_config(cfg).listing(all_states=True):
        if listed.scope != "profile":
            continue
        e = listed.loc.entry
        m = _REF.match(e.ref or "")
        if m:
            facts.setdefault(m["sid"], []).append((int(m["a"]), int(m["b"]), f"{e.key} = {e.value}"))
    out: dict[str, str] = {}
    if not facts:
        return out
    for i, loc in entries.items():
        entry = loc.entry
        span = entry.source.lines
        if entry.kind not in KINDS or span is None:
            continue
        lo, hi = span
        for a, b, what in facts.get(entry.source.session_id, []):
            if a <= hi and lo <= b:
                out[i] = what
                break
    return out
