"""Proposals (docs/design.md §6): inferred memories in PROPOSALS.md, waiting for the user's yes or no.

A proposal is a line like a fact's, with `status:pending` and `source:user_inferred`, its `ttl`
(how long it waits, default 30 days from creation), and three fields of its own: `reason` (why it
was inferred), `excerpt` (the user's words, at most 200 characters, redacted) and `scope` (the
file the fact would go to). pending → accepted | rejected | expired, once: a resolved proposal
moves to `## Resolved` with its status and `resolved_at`, and is never resolved again. Accepting
writes the fact by the collision rules of `CoreMemory.set`, in the same run and under the same
request id as the `proposal.accepted` event. Proposals are never searched and never resolve.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from memory_store.core import document as doc
from memory_store.core.audit import Actor, event
from memory_store.core.files import ARCHIVE, PROPOSALS
from memory_store.core.lineformat import APPLIES_RE, KEY_RE, format_line
from memory_store.core.operation import CoreRun
from memory_store.core.policy import is_reserved
from memory_store.core.proposal_lines import HEAD, PENDING, resolve_line
from memory_store.core.results import Change
from memory_store.core.secret_values import SecretRefused, refusal, secret_kind, shown
from memory_store.core.store import CLI, TRANSCRIPT_REF, CoreMemory, stamp
from memory_store.core.ttl import check_ttl, expiry
from memory_store.entries import EXCERPT_MAX, PROPOSAL_STATUSES, LineEntry
from memory_store.errors import MemoryNotFound, MemoryRefused, UsageError
from memory_store.fileio import read_snapshot
from memory_store.redact import redact

RESOLVED_KEPT = timedelta(days=30)


@dataclass(frozen=True)
class Proposal:
    loc: doc.Located
    lapsed: datetime | None = None      # a pending proposal past its ttl: when it expired (not yet marked)

    def field(self, name: str) -> str | None:
        return dict(self.loc.entry.extra).get(name)

    @property
    def id(self) -> str:
        return self.loc.id

    @property
    def status(self) -> str:
        return self.loc.entry.status or "pending"

    def to_dict(self) -> dict[str, Any]:
        e = self.loc.entry
        # a pending line past its ttl is shown as expired: accepting it is refused (`proposals expire` marks it)
        return {"id": self.id, "status": "expired" if self.lapsed else self.status, "key": e.key,
                "value": shown(e.key, e.value), "confidence": e.confidence,
                "applies_to": e.effective_applies_to, "scope": self.field("scope") or "profile",
                "reason": self.field("reason"), "excerpt": self.field("excerpt"), "ref": e.ref,
                "created_at": e.created_at, "ttl": e.ttl, "resolved_at": self.field("resolved_at"),
                "where": f"{PROPOSALS}:{self.loc.line}",
                "expired_at": stamp(self.lapsed) if self.lapsed else None}


@dataclass(frozen=True)
class Accepted:
    proposal: Proposal
    fact: Change
    collision: list[dict[str, Any]]      # the active facts of that key and applies_to before the accept
    strategy: str

    def to_dict(self) -> dict[str, Any]:
        return {"proposal": self.proposal.to_dict(), "fact": self.fact.to_dict(), "collision": self.collision,
                "strategy": self.strategy}


class ProposalBook:
    """The proposal lifecycle over one `CoreMemory` (its files, lock, clock and audit)."""

    def __init__(self, mem: CoreMemory) -> None:
        self.mem = mem

    def proposals(self, *, all_states: bool = False, run: str | None = None) -> list[Proposal]:
        text = read_snapshot(self.mem.workspace / PROPOSALS).text or ""
        now = self.mem.clock()
        found = [Proposal(loc, self._lapsed(loc, now)) for loc in doc.scan(text, PROPOSALS, PROPOSAL_STATUSES)[0]]
        if run is not None:
            from memory_store.core.audit import read_log
            from memory_store.core.files import AUDIT_NAME
            from memory_store.ledger import run_dir

            made = {ev["target"]["id"] for ev in read_log(run_dir(self.mem.state_dir, run) / AUDIT_NAME)
                    if ev.get("type") == "proposal.created"}
            found = [p for p in found if p.id in made]
        return [p for p in found if all_states or p.status == "pending"]

    def _lapsed(self, loc: doc.Located, now: datetime) -> datetime | None:
        if (loc.entry.status or "pending") != "pending":
            return None
        ex = expiry(loc.entry, now, self.mem.session_idle)
        return ex.at if ex.expired else None

    def _get(self, wanted: str) -> Proposal:
        every = self.proposals(all_states=True)
        found = doc.unique([p.loc for p in every], wanted, PROPOSALS)
        if found is not None:
            return next(p for p in every if p.loc is found)
        raise MemoryNotFound(f"no proposal has the id {wanted!r} (see `memjobs proposals list --all`)")

    def propose(self, key: str, value: str, *, confidence: float | None = None, applies_to: str = "global",
                scope: str = "profile", reason: str = "", ref: str = "manual:cli", excerpt: str = "",
                ttl: str = "30d", actor: Actor = CLI, said_at: datetime | None = None,
                said: bool = False) -> Proposal | None:
        """Stage an inferred item (pending only). The same pending key, value and applies_to again
        changes nothing (returns None). `said_at`: the time of the transcript turn it was read from, the
        time of the proposal and of its audit event (as a fact written from a turn carries the turn's).
        A rejection is final for what it rejected: an inference of a key, value and applies_to the user
        rejected (`rejected_before`) is not staged again, from the same turn or another (returns None);
        `said`: the user's own explicit words (a weak-class statement, a yes to an offer), which say it
        again and are staged. What an active fact already holds (`held`: an accepted proposal, a value the
        user said) is not proposed at all (returns None)."""
        key = key.strip()
        if is_reserved(key):
            raise self.mem.refuse(key, "policy", actor, f"{key} is reserved for POLICY.md; it cannot be proposed")
        if not KEY_RE.match(key) or scope not in ("profile", "session"):
            raise UsageError(f"bad key {key!r} or scope {scope!r}")
        value = value.strip()
        secret = secret_kind(key, value, excerpt)
        if secret is not None:
            message = refusal(key, secret)
            with self.mem.operation("refuse", actor) as run:
                run.emit(self.mem._refused(key, scope, actor, run, message))
            raise SecretRefused(message)
        value = redact(value)
        if ref.startswith(TRANSCRIPT_REF) and (any(p.loc.entry.key == key and p.loc.entry.ref == ref
                                                   for p in self.proposals(all_states=True))
                                               or self._compacted(key, ref)):
            return None    # the same statement read again: its proposal, pending, resolved or compacted, stands
        ts = stamp(said_at or self.mem.clock())
        digest = hashlib.sha1("\x1f".join((key, applies_to, value, ts)).encode()).hexdigest()[:10]
        entry = LineEntry(key=key, value=value, ttl=check_ttl(ttl), source="user_inferred", updated_at=ts,
                          applies_to=applies_to, status="pending", confidence=confidence, created_at=ts, ref=ref,
                          id=f"p-{digest}", extra=(("reason", reason), ("excerpt", redact(excerpt)[:EXCERPT_MAX]),
                                                   ("scope", scope)))
        if any(p.loc.entry.key == key and p.loc.entry.value == value and p.loc.entry.effective_applies_to
               == applies_to for p in self.proposals()):
            return None
        if not said and self.rejected_before(key, value, applies_to):
            return None
        if self.held(key, value, applies_to, scope):
            return None    # an active fact holds it already (accepted, or said): nothing to ask the user
        with self.mem.operation("propose", actor) as run:
            run.writer.replace(PROPOSALS, lambda t: doc.add_line(t or HEAD, format_line(entry), PENDING))
            run.emit(event(op="upsert", type="proposal.created", scope=scope, key=key, actor=actor,
                           request_id=run.request_id, reason=reason or "inferred", ts=ts, after=entry,
                           target_type="proposal"))
        return self._get(f"p-{digest}")

    def held(self, key: str, value: str, applies_to: str = "global", scope: str = "profile") -> bool:
        """Whether an active fact of `scope` holds `key` = `value` (case-blind) for `applies_to`: a proposal of
        it would ask the user to approve what memory already serves (spec §5: re-reading is a no-op)."""
        return any(x.scope == scope and x.loc.entry.key == key and x.loc.entry.value.casefold() == value.casefold()
                   and x.loc.entry.effective_applies_to == applies_to for x in self.mem.listing())

    def rejected_before(self, key: str, value: str, applies_to: str = "global") -> bool:
        """Whether a proposal of `key` = `value` (case-blind) for `applies_to` was rejected — in PROPOSALS.md's
        `## Resolved`, or compacted from it to memory/archive/core.md (docs/spec/memory.md §5: a rejected
        proposal never becomes a fact; the user said no to that inference)."""
        def same(e: LineEntry) -> bool:
            return (e.status == "rejected" and e.key == key and e.value.casefold() == value.casefold()
                    and e.effective_applies_to == applies_to)

        if any(same(p.loc.entry) for p in self.proposals(all_states=True)):
            return True
        archived = read_snapshot(self.mem.workspace / ARCHIVE).text or ""
        return value.casefold() in archived.casefold() and any(
            same(loc.entry) and dict(loc.entry.extra).get("from") == PROPOSALS
            for loc in doc.scan(archived, ARCHIVE, PROPOSAL_STATUSES)[0])

    def _compacted(self, key: str, ref: str) -> bool:
        """Whether a proposal of `key` from the statement `ref` was resolved and then compacted to
        memory/archive/core.md (`mem compact`, the daily cleanup): a rejected one never comes back as
        pending when its transcript is read again (a backfill, `run microsync --since`), as a
        compacted fact does not (memory_store/core/store.py `_said_before`)."""
        archived = read_snapshot(self.mem.workspace / ARCHIVE).text
        if not archived or ref not in archived:
            return False
        return any(loc.entry.key == key and loc.entry.ref == ref and dict(loc.entry.extra).get("from") == PROPOSALS
                   for loc in doc.scan(archived, ARCHIVE, PROPOSAL_STATUSES)[0])

    def _resolve(self, run: CoreRun, p: Proposal, status: str, actor: Actor, reason: str, etype: str,
                 said_at: datetime | None = None) -> Proposal:
        if p.status != "pending":
            raise MemoryRefused(f"proposal {p.id} is already {p.status}: a proposal is resolved once only",
                                path=PROPOSALS, line=p.loc.line)
        resolve_line(run, p.loc, status, actor, reason, etype, stamp(said_at or self.mem.clock()))
        return self._get(p.id)

    def accept(self, wanted: str, *, strategy: str | None = None, applies_to: str | None = None,
               actor: Actor = CLI, reason: str = "", said_at: datetime | None = None) -> Accepted:
        """Accept a pending proposal: its fact is written. `said_at`: the time of the transcript turn
        that said yes, the time of the acceptance, of the fact and of their audit events."""
        p = self._get(wanted)
        e = p.loc.entry
        if p.status == "pending" and expiry(e, self.mem.clock(), self.mem.session_idle).expired:
            raise MemoryRefused(f"proposal {p.id} has expired (ttl {e.ttl}); run `memjobs proposals expire`",
                                path=PROPOSALS, line=p.loc.line)
        applies = applies_to or e.effective_applies_to
        scope = p.field("scope") or "profile"
        if not APPLIES_RE.match(applies) or strategy not in (None, "overwrite_latest", "keep_both"):
            raise UsageError(f"bad --applies-to {applies!r} or --strategy {strategy!r} "
                             "(global|project:<id>|session:<id>; overwrite_latest|keep_both)")
        located = self.mem.located(scope)
        held = [x for x in located if x.entry.key == e.key and x.entry.effective_applies_to == applies
                and x.entry.effective_status == "active"]
        for x in held:      # a fact line the accept would replace, copied with its id: refused before any write
            doc.unique(located, x.id, f"{scope.upper()}.md")
        collision = [{"id": x.id, "value": x.entry.value, "version": x.entry.effective_version,
                      "where": f"{scope.upper()}.md:{x.line}"} for x in held]
        multi = e.key in self.mem.multi_valued or e.key.endswith("[]")
        strat = strategy or ("keep_both" if multi else "overwrite_latest")
        with self.mem.operation("accept", actor) as run:
            resolved = self._resolve(run, p, "accepted", actor, reason, "proposal.accepted", said_at)
            fact = self.mem.set(e.key, e.value, scope=scope, applies_to=applies, source="user_inferred",
                                ref=e.ref or f"proposal:{p.id}", confidence=e.confidence, actor=actor,
                                reason=f"accepted proposal {p.id}", strategy=strat, run=run, updated_at=said_at)
        return Accepted(resolved, fact, collision, strat)

    def reject(self, wanted: str, *, reason: str = "", actor: Actor = CLI) -> Proposal:
        p = self._get(wanted)
        with self.mem.operation("reject", actor) as run:
            return self._resolve(run, p, "rejected", actor, reason, "proposal.rejected")

    def expire(self, *, actor: Actor = CLI) -> list[Proposal]:
        """Every pending proposal past its ttl becomes expired."""
        now = self.mem.clock()
        due = [p for p in self.proposals() if expiry(p.loc.entry, now, self.mem.session_idle).expired]
        if not due:
            return []
        with self.mem.operation("expire", actor) as run:
            return [self._resolve(run, p, "expired", actor, f"ttl {p.loc.entry.ttl} passed", "proposal.expired")
                    for p in due]
