"""Agents are not editors (docs/design.md §6): a fact an agent wrote through MCP (`ref:mcp:<session>`)
stands only if a user turn of that session holds the words it carries (`excerpt`) within 24 hours
of the write. Found: verified, once (the caller keeps the ids). Not found 24 hours after the
write: revoked, audited as unverified — an injected web page cannot plant a lasting rule.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from memory_store.core.audit import Actor
from memory_store.core.results import Change
from memory_store.core.store import CoreMemory
from memory_store.core.ttl import parse_time
from memory_store.transcripts.records import Record, Role

WINDOW = timedelta(hours=24)
MICROSYNC = Actor("system", "microsync")


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    return re.sub(r"[\s\W_]+", " ", text).strip()


@dataclass
class Verification:
    verified: list[str] = field(default_factory=list)
    undone: list[Change] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {"verified": self.verified, "undone": [c.to_dict()["id"] for c in self.undone],
                "waiting": self.waiting}


def check_agent_writes(mem: CoreMemory, records: Callable[[str], list[Record]], *, done: set[str],
                       now: datetime) -> Verification:
    """Judge every active MCP-written fact not in `done` (ids already verified)."""
    out = Verification()
    for item in mem.listing():
        e = item.loc.entry
        if not (e.ref or "").startswith("mcp:") or item.loc.id in done:
            continue
        session = (e.ref or "")[4:]
        words = _norm(dict(e.extra).get("excerpt", ""))
        written = parse_time(e.updated_at) or now
        said = [r for r in records(session) if r.role == Role.USER and abs(r.ts - written) <= WINDOW]
        if words and any(words in _norm(r.text) for r in said):
            out.verified.append(item.loc.id)
        elif now >= written + WINDOW:
            out.undone.append(mem.revoke(item.loc.id, actor=MICROSYNC, reason=(
                f"unverified: no user turn of session {session} holds its words within 24 h of the write")))
        else:
            out.waiting.append(item.loc.id)
    return out
