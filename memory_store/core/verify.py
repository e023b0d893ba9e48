"""Agents are not editors (docs/design.md §6): a fact an agent wrote through MCP (`ref:mcp:<session>`)
stands only if a user turn of that session holds the words it carries (`excerpt`) within 24 hours
of the write. Found: verified, once (the caller keeps the ids). Not found 24 hours after the
write: revoked, audited as unverified — an injected web page cannot plant a lasting rule.

A forget an agent made (a revoked line with `forget_ref:mcp:<session>` and `forget_excerpt`) is
judged the same way: verified once when a user turn holds the words, and after 24 hours without
one the fact is reactivated, audited as an unverified forget — an injected page cannot erase a
rule either. Verified forgets are kept as `forget:<id>@<revoked at>` among the caller's ids.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from memory_store.core.audit import Actor
from memory_store.core.results import Change
from memory_store.core.store import FORGET_EXCERPT, FORGET_REF, CoreMemory
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
    forgets_verified: list[str] = field(default_factory=list)    # forget:<id>@<revoked at>
    forgets_undone: list[Change] = field(default_factory=list)
    forgets_waiting: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"verified": self.verified, "undone": [c.to_dict()["id"] for c in self.undone],
                                  "waiting": self.waiting}
        if self.forgets_verified or self.forgets_undone or self.forgets_waiting:
            out["forgets"] = {"verified": self.forgets_verified,
                              "undone": [c.to_dict()["id"] for c in self.forgets_undone],
                              "waiting": self.forgets_waiting}
        return out


def forget_mark(item_id: str, revoked_at: str | None) -> str:
    """The id under which a verified agent forget is kept (a later forget of the same fact is new)."""
    return f"forget:{item_id}@{revoked_at or ''}"


def agent_forget(extra: tuple[tuple[str, str], ...]) -> tuple[str, str] | None:
    """(session, the user's words) of an agent's forget recorded on a revoked line, or None."""
    fields = dict(extra)
    ref = fields.get(FORGET_REF, "")
    return (ref[4:], fields.get(FORGET_EXCERPT, "")) if ref.startswith("mcp:") else None


def _held(records: list[Record], words: str, written: datetime) -> bool:
    said = [r for r in records if r.role == Role.USER and abs(r.ts - written) <= WINDOW]
    return bool(words) and any(words in _norm(r.text) for r in said)


def check_agent_writes(mem: CoreMemory, records: Callable[[str], list[Record]], *, done: set[str],
                       now: datetime) -> Verification:
    """Judge every active MCP-written fact, and every fact an agent's forget revoked, not in `done`
    (ids already verified)."""
    out = Verification()
    for item in mem.listing(all_states=True):
        e = item.loc.entry
        forgot = agent_forget(e.extra) if item.state == "revoked" else None
        if forgot is not None:
            _judge_forget(mem, item.loc.id, e.updated_at, forgot, records, done, now, out)
        if item.state != "active" or not (e.ref or "").startswith("mcp:") or item.loc.id in done:
            continue
        session = (e.ref or "")[4:]
        words = _norm(dict(e.extra).get("excerpt", ""))
        written = parse_time(e.updated_at) or now
        if _held(records(session), words, written):
            out.verified.append(item.loc.id)
        elif now >= written + WINDOW:
            out.undone.append(mem.revoke(item.loc.id, actor=MICROSYNC, reason=(
                f"unverified: no user turn of session {session} holds its words within 24 h of the write")))
        else:
            out.waiting.append(item.loc.id)
    return out


def _judge_forget(mem: CoreMemory, item_id: str, revoked_at: str | None, forgot: tuple[str, str],
                  records: Callable[[str], list[Record]], done: set[str], now: datetime, out: Verification) -> None:
    mark = forget_mark(item_id, revoked_at)
    if mark in done:
        return
    session, excerpt = forgot
    written = parse_time(revoked_at or "") or now
    if _held(records(session), _norm(excerpt), written):
        out.forgets_verified.append(mark)
    elif now >= written + WINDOW:
        out.forgets_undone.append(mem.reactivate(item_id, actor=MICROSYNC, reason=(
            f"unverified forget: no user turn of session {session} holds its words within 24 h of it")))
    else:
        out.forgets_waiting.append(mark)
