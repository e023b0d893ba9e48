"""The core-memory library API (docs/design.md §6): what `memjobs mem …`, the MCP tools and the jobs
call. Reads are free; every write goes through one `CoreRun` (core lock, core writer, run ledger,
audit events) and changes only the lines it is about.

Lifecycle of a fact: active → revoked | archived → active (reactivate); never hard-deleted —
revoked and archived lines move to `## Inactive` of their file, and `compact` moves those older
than 90 days to memory/archive/core.md.
"""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memory_store.core import document as doc
from memory_store.core.audit import Actor, event, read_log
from memory_store.core.files import (
    AUDIT_LOG,
    DEFAULT_SECTION,
    PROPOSALS,
    SCOPE_FILES,
    workspace_policy_warning,
)
from memory_store.core.lineformat import APPLIES_RE, KEY_RE, format_line
from memory_store.core.operation import CoreRun, HostRun
from memory_store.core.policy import Policy, PolicyReader, is_reserved
from memory_store.core.proposal_lines import lines as proposal_lines
from memory_store.core.proposal_lines import reject_pending
from memory_store.core.resolve import Candidate, resolve
from memory_store.core.results import Change, Listed, Resolution, Served
from memory_store.core.secret_values import SecretRefused, refusal, secret_kind
from memory_store.core.secret_values import shown as shown_value
from memory_store.core.ttl import LastActivity, check_ttl, expiry, parse_duration, parse_time
from memory_store.entries import LINE_KINDS, LINE_SOURCES, LineEntry
from memory_store.errors import DuplicateId, MemjobsError, MemoryNotFound, MemoryRefused, UsageError
from memory_store.fileio import read_snapshot
from memory_store.redact import redact

CLI = Actor("user", "cli")
# The longest value a fact may hold (docs/design.md §6): core memory is read into every context.
VALUE_MAX = 2000
# A fact's ref when a transcript statement wrote it (chat:<session>#L<from>-L<to>): one statement
# writes once, however often its transcript is read.
TRANSCRIPT_REF = "chat:"
COMPACT_AFTER = timedelta(days=90)
ARCHIVE_HEAD = "# Core memory archive\n\nLines compacted out of PROFILE.md and SESSION.md (never deleted).\n\n"
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
# revoke / archive / reactivate: the statuses a fact may leave, and the one it enters
TRANSITIONS = {"revoke": (("active",), "revoked", "fact.revoked", "delete"),
               "archive": (("active",), "archived", "fact.archived", "delete"),
               "reactivate": (("revoked", "archived"), "active", "fact.reactivated", "upsert")}
# who asked for a revoke, kept on the revoked line until its next transition: an agent's forget
# (`mcp:<session>` and the user's words) is checked against that session's transcript
FORGET_REF, FORGET_EXCERPT = "forget_ref", "forget_excerpt"


def stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass
class CoreMemory:
    workspace: Path
    state_dir: Path
    policy_file: Path | None = None
    session_idle: timedelta = timedelta(hours=2)
    multi_valued: frozenset[str] = frozenset()
    lock_wait_s: float = 300.0
    last_activity: LastActivity | None = None
    clock: Callable[[], datetime] = lambda: datetime.now(UTC)
    host: HostRun | None = None         # a job run the writes join (memory_store/core/operation.py)
    _policy: PolicyReader | None = None

    @classmethod
    def from_config(cls, cfg: Any, *, clock: Callable[[], datetime] | None = None,
                    host: HostRun | None = None) -> CoreMemory:
        from memory_store.core.sessions import SessionActivity

        store = cls(cfg.workspace, cfg.state_dir, cfg.policy_file, parse_duration(cfg.core.session_idle),
                    frozenset(cfg.core.multi_valued), cfg.limits.lock_wait_s, SessionActivity(cfg.transcripts))
        if clock is not None:
            store.clock = clock
        store.host = host
        return store

    # ---- reading ---------------------------------------------------------------------------

    def policy(self) -> Policy:
        if self.policy_file is None:
            return Policy(Path("POLICY.md"), None)
        if self._policy is None:
            self._policy = PolicyReader(self.policy_file)
        return self._policy.get()

    def located(self, scope: str) -> list[doc.Located]:
        return self.read(scope)[0]

    def read(self, scope: str) -> tuple[list[doc.Located], datetime | None]:
        """The lines of a scope's file and the time of its last change (the age of a hand-written line
        with a relative ttl and no time: memory_store/core/ttl.py `age_start`)."""
        rel = SCOPE_FILES[scope]
        snap = read_snapshot(self.workspace / rel)
        changed = datetime.fromtimestamp(snap.mtime_ns / 1e9, UTC) if snap.exists else None
        return doc.scan(snap.text or "", rel)[0], changed

    def candidates(self) -> list[Candidate]:
        out = [Candidate(loc, "policy", "POLICY.md", n) for n, loc in enumerate(self.policy().entries)]
        for scope in ("profile", "session"):
            located, changed = self.read(scope)
            out.extend(Candidate(loc, scope, SCOPE_FILES[scope], len(out) + n, changed)
                       for n, loc in enumerate(located))
        return out

    def warnings(self) -> list[str]:
        out = [w for w in (workspace_policy_warning(self.workspace),) if w]
        pol = self.policy()
        if pol.problems:
            out.append(f"POLICY.md has {len(pol.problems)} line(s) memjobs does not read (`memjobs policy check`)")
        return out

    def resolve(self, keys: Iterable[str] | None = None, context: Iterable[str] = ()) -> Resolution:
        context = tuple(context)
        for value in context:
            _check_applies(value)
        wanted = list(keys) if keys is not None else None
        values = resolve(self.candidates(), now=self.clock(), idle=self.session_idle, context=context,
                         keys=wanted, last_activity=self.last_activity, multi_valued=self.multi_valued)
        missing = [k for k in (wanted or []) if k not in values]
        return Resolution(values, self.policy().ref, missing, self.warnings())

    def listing(self, *, all_states: bool = False, applies_to: str | None = None) -> list[Listed]:
        now = self.clock()
        out: list[Listed] = []
        for scope, rel in SCOPE_FILES.items():
            located, changed = self.read(scope)
            for loc in located:
                e = loc.entry
                if applies_to is not None and e.effective_applies_to != applies_to:
                    continue
                state, why = e.effective_status, ""
                if state == "active":
                    ex = expiry(e, now, self.session_idle, self.last_activity, changed)
                    state, why = ("expired", ex.why) if ex.expired else ("active", ex.why)
                if all_states or state == "active":
                    out.append(Listed(loc, scope, rel, state, why))
        return out

    def audit(self, key: str | None = None, since: datetime | None = None) -> list[dict[str, Any]]:
        return read_log(self.workspace / AUDIT_LOG, key=key, since=since)

    # ---- writing ---------------------------------------------------------------------------

    def operation(self, op: str, actor: Actor) -> CoreRun:
        return CoreRun(self.workspace, self.state_dir, op, actor, self.lock_wait_s, self.policy_file, host=self.host)

    def refuse(self, key: str, scope: str, actor: Actor, reason: str) -> MemoryRefused:
        """Audit a refused write (op refuse, type memory.refused) and return the error to raise."""
        with self.operation("refuse", actor) as run:
            run.emit(self._refused(key, scope, actor, run, reason))
        return MemoryRefused(reason)

    def _refused(self, key: str, scope: str, actor: Actor, run: CoreRun, reason: str) -> dict[str, Any]:
        """The audit event of a refused write: the key and why, never the value."""
        return event(op="refuse", type="memory.refused", scope=scope, key=key, actor=actor,
                     request_id=run.request_id, reason=reason, ts=stamp(self.clock()), target_id=None)

    def set(self, key: str, value: str, *, scope: str = "profile", applies_to: str | None = None,
            kind: str | None = None, priority: int | None = None, ttl: str | None = None,
            source: str = "user_explicit", ref: str = "manual:cli", confidence: float | None = None,
            tags: str | None = None, updated_at: datetime | None = None, actor: Actor = CLI,
            reason: str = "", strategy: str | None = None, run: CoreRun | None = None,
            notes: tuple[tuple[str, str], ...] = ()) -> Change:
        """Write `key` = `value` now (an explicit instruction). Single-valued keys overwrite the
        latest active fact of the same key and applies_to (version + 1); multi-valued keys keep
        both. An older statement never overrides a newer value; the same value again changes nothing."""
        key = key.strip()
        if is_reserved(key) or scope == "policy":
            raise self.refuse(key, scope, actor, f"{key} is reserved for POLICY.md, which is admin-managed and "
                                                  "never written by memjobs" if is_reserved(key) else
                                                  "POLICY.md is admin-managed and never written by memjobs")
        if scope not in SCOPE_FILES:
            raise UsageError(f"scope must be profile or session, not {scope!r}")
        if not KEY_RE.match(key):
            raise UsageError(f"bad key {key!r}: no spaces, '|' or '\\'")
        value = value.strip()
        if not value:
            raise UsageError("the value is empty")
        if len(value) > VALUE_MAX:
            raise UsageError(f"the value is {len(value):,} characters; a core-memory value holds at most "
                             f"{VALUE_MAX:,} (keep long text in a file and remember where it is)")
        secret = secret_kind(key, value, dict(notes).get("excerpt", ""))
        if secret is not None:
            message = refusal(key, secret)
            if run is not None:
                run.emit(self._refused(key, scope, actor, run, message))
            else:
                with self.operation("refuse", actor) as own:
                    own.emit(self._refused(key, scope, actor, own, message))
            raise SecretRefused(message)
        value = redact(value)
        applies = _check_applies(applies_to or "global")
        the_ttl = check_ttl(ttl) if ttl else None
        if the_ttl is not None and updated_at is None:
            until = parse_time(the_ttl) if the_ttl[0].isdigit() and "-" in the_ttl else None
            if until is not None and until <= self.clock():
                raise UsageError(f"ttl {the_ttl} is already past: the fact would expire before it is read "
                                 "(give a later time, or a duration such as 8h)")
            if the_ttl[0].isdigit() and "-" not in the_ttl and not parse_duration(the_ttl):
                raise UsageError(f"ttl {the_ttl} is no time at all: the fact would expire before it is read "
                                 "(give a duration such as 8h, or none)")
        told = ref.startswith(TRANSCRIPT_REF)
        if kind is not None and kind not in LINE_KINDS:
            raise UsageError(f"kind must be one of {', '.join(LINE_KINDS)}, not {kind!r}")
        if source not in LINE_SOURCES:
            raise UsageError(f"source must be one of {', '.join(LINE_SOURCES)}, not {source!r}")
        if priority is not None and not 0 <= priority <= 100:
            raise UsageError(f"priority must be 0..100, not {priority}")
        if strategy not in (None, "overwrite_latest", "keep_both"):
            raise UsageError(f"strategy must be overwrite_latest or keep_both, not {strategy!r}")
        ts = stamp(updated_at or self.clock())
        multi = key in self.multi_valued or key.endswith("[]")
        strat = strategy or ("keep_both" if multi else "overwrite_latest")
        default_ttl = "session_end" if applies.startswith("session:") else "8h" if scope == "session" else "none"
        rel = SCOPE_FILES[scope]
        outcome: dict[str, Any] = {}

        def transform(text: str | None) -> str | None:
            text = text if text is not None else f"# {scope.upper()}\n\n## {DEFAULT_SECTION[scope]}\n"
            located = doc.scan(text, rel)[0]
            if told:
                held = self._said_before(located, key, ref)
                if held is not None:
                    # A statement read again (backfill, `run microsync --since`): what became of it —
                    # forgotten, revoked, archived, overwritten — stands (docs/design.md §6).
                    outcome.update(type="unchanged", entry=held, before=None)
                    return None
            same = [loc for loc in located if loc.entry.key == key
                    and loc.entry.effective_applies_to == applies and loc.entry.effective_status == "active"]
            if told:
                said = parse_time(ts) or _EPOCH
                forgot = [loc.entry for loc in located if loc.entry.key == key
                          and loc.entry.effective_applies_to == applies and loc.entry.effective_status == "revoked"
                          and (parse_time(loc.entry.updated_at or "") or _EPOCH) > said]
                if forgot:
                    # Older history read later (a backfill further back): a statement made before the
                    # user had the key forgotten changes nothing, like one older than a held value.
                    outcome.update(type="stale", entry=forgot[-1], before=None)
                    return None
            if strat == "overwrite_latest" and same:
                latest = max(same, key=lambda loc: (parse_time(loc.entry.updated_at) or _EPOCH, loc.line))
                self.refuse_shared([latest.id])     # an overwrite by an id another line has: of neither
                old = latest.entry
                new = replace(old, value=value, priority=old.priority if priority is None else priority,
                              ttl=the_ttl or old.ttl, kind=kind or old.kind, source=source, ref=ref,
                              confidence=old.confidence if confidence is None else confidence,
                              tags=old.tags if tags is None else tags, updated_at=ts,
                              version=old.effective_version + 1, applies_to=applies, status="active", id=latest.id,
                              extra=_merged(old.extra, notes))
                if (new.value, new.priority, new.ttl, new.kind) == (old.value, old.priority, old.ttl, old.kind):
                    outcome.update(type="unchanged", entry=old, before=None)
                    return None
                older = parse_time(old.updated_at)
                if older is not None and older > (parse_time(ts) or older):
                    outcome.update(type="stale", entry=old, before=None)
                    return None
                outcome.update(type="fact.updated", entry=new, before=old)
                return doc.replace_line(text, latest.id, format_line(new), path=rel)
            if any(loc.entry.value == value for loc in same):
                outcome.update(type="unchanged", entry=next(loc.entry for loc in same if loc.entry.value == value),
                               before=None)
                return None
            # the scope is part of a SESSION fact's id: the same value set in both files in one second is two ids
            parts = (key, applies, value, ts) if scope == "profile" else (key, applies, value, ts, scope)
            digest = hashlib.sha1("\x1f".join(parts).encode()).hexdigest()[:10]
            new = LineEntry(key=key, value=value, priority=50 if priority is None else priority,
                            ttl=the_ttl or default_ttl, source=source, updated_at=ts, kind=kind or "preference",
                            applies_to=applies, status="active", version=1, confidence=confidence,
                            created_at=ts, tags=tags, ref=ref, id=f"m-{digest}", extra=_merged((), notes))
            outcome.update(type="fact.created", entry=new, before=None)
            return doc.add_line(text, format_line(new), doc.main_section(text, DEFAULT_SECTION[scope]))

        def write(run: CoreRun) -> Change:
            run.writer.replace(rel, transform)
            change = Change(outcome["type"], scope, rel, outcome["entry"], outcome["before"])
            if change.type.startswith("fact."):
                why = reason or ("overwrite_latest: same key and applies_to, version bumped"
                                 if change.type == "fact.updated" else f"set ({strat})")
                run.emit(event(op="upsert", type=change.type, scope=scope, key=key, actor=actor,
                               request_id=run.request_id, reason=why, ts=ts, before=change.before, after=change.entry))
                change = replace(change, run_id=run.run_id)
            return change

        if run is not None:
            return write(run)
        with self.operation("set", actor) as own:
            return write(own)

    def in_effect(self, change: Change) -> Change:
        """`change` (a set) with what is served instead when the precedence ladder shadows the value it
        holds (docs/spec/memory.md §3): a SESSION write under a PROFILE value, a PROFILE write under a
        POLICY key, a value beaten by a line of higher priority. Judged in the write's own applies_to, as
        `mem resolve --applies-to` would: a write is never acknowledged as taking effect when it does not."""
        if change.type not in ("fact.created", "fact.updated", "unchanged") or change.scope not in SCOPE_FILES:
            return change
        e = change.entry
        applies = e.effective_applies_to
        res = self.resolve([e.key], () if applies == "global" else (applies,))
        got = res.values.get(e.key)
        mine = doc.entry_id(e)
        if got is None:
            return change
        win = got.winner
        if win.loc.id == mine and win.scope == change.scope:
            return change
        if win.scope != "policy" and e.value in got.values:
            return change          # a multi-valued key: the value is served among the winning rung's
        why = next((w for c, w in got.beaten if c.loc.id == mine and c.scope == change.scope), None)
        if why is None:
            why = next((f"it is not in effect: {w}" for c, w in got.ignored if c.loc.id == mine), "")
        value = res.policy_ref if win.scope == "policy" else (shown_value(e.key, win.loc.entry.value) or "")
        return replace(change, served=Served(value, win.where, why))

    def _said_before(self, located: list[doc.Located], key: str, ref: str) -> LineEntry | None:
        """The line of `key` written from the same transcript statement `ref` — active or inactive,
        among the file's `located` lines or in the core archive; or, when a later value replaced it, the line that holds
        the key now (the audit trail says the statement was written) — if any."""
        from memory_store.core.files import ARCHIVE

        for loc in located:
            if loc.entry.key == key and loc.entry.ref == ref:
                return loc.entry
        archived = read_snapshot(self.workspace / ARCHIVE).text
        if archived and ref in archived:
            for loc in doc.scan(archived, ARCHIVE)[0]:
                if loc.entry.key == key and loc.entry.ref == ref:
                    return loc.entry
        if written_refs(self.workspace / AUDIT_LOG).has(key, ref):
            same = [loc.entry for loc in located if loc.entry.key == key]
            if same:
                return same[-1]
            return LineEntry(key=key, value="", priority=50, ttl="none", source="user_explicit", updated_at="",
                             ref=ref)
        return None

    def _one_place(self, wanted: str) -> tuple[str, doc.Located]:
        """The scope and place of the fact `wanted`: refused when the id is on two lines (in one file or
        both: edit neither), MemoryNotFound when it is on none."""
        places = self.places()
        self.refuse_shared([wanted], places)
        hits = places.get(wanted)
        if not hits:
            raise MemoryNotFound(f"no fact has the id {wanted!r} (see `memjobs mem list --all`)")
        return hits[0]

    def _transition(self, action: str, wanted: str, actor: Actor, reason: str, run: CoreRun,
                    notes: tuple[tuple[str, str], ...] = (), at: datetime | None = None) -> Change:
        allowed_from, to, etype, op = TRANSITIONS[action]
        scope, loc = self._one_place(wanted)
        rel = SCOPE_FILES[scope]
        old = loc.entry
        if old.effective_status not in allowed_from:
            verb = "reactivated" if to == "active" else to
            which = "an active" if allowed_from == ("active",) else "a revoked or archived"
            raise MemoryRefused(f"fact {wanted} is {old.effective_status}: only {which} fact can be {verb}",
                                path=rel, line=loc.line)
        ts = stamp(at or self.clock())
        kept = tuple((k, v) for k, v in old.extra if k not in (FORGET_REF, FORGET_EXCERPT))
        new = replace(old, status=to, updated_at=ts, id=wanted, extra=_merged(kept, notes))
        line = format_line(new)

        def transform(text: str | None, new_line: str = line, default: str = DEFAULT_SECTION[scope],
                      path: str = rel) -> str | None:
            text = text or ""
            section = doc.INACTIVE if to != "active" else doc.main_section(text, default)
            return (doc.move_line(text, wanted, new_line, section, path=path) if doc.find(text, wanted, path=path)
                    else None)

        run.writer.replace(rel, transform)
        run.emit(event(op=op, type=etype, scope=scope, key=old.key, actor=actor, request_id=run.request_id,
                       reason=reason or action, ts=ts, before=old, after=new))
        return Change(etype, scope, rel, new, old, run.run_id)

    def restore(self, wanted: str, before: LineEntry, *, actor: Actor, reason: str, run: CoreRun,
                at: datetime | None = None) -> Change:
        """The active fact `wanted` written back as `before` (the line it overwrote, from the audit trail),
        version + 1, in `run`: the user took back the statement that overwrote it (memory_store/core/
        forget_named.py `withdraw`). Audited as `fact.updated`, from the line now to `before`."""
        scope, loc = self._one_place(wanted)
        rel = SCOPE_FILES[scope]
        now = loc.entry
        if now.effective_status != "active":
            raise MemoryRefused(f"fact {wanted} is {now.effective_status}: only an active fact can be restored",
                                path=rel, line=loc.line)
        new = replace(before, status="active", id=wanted, version=now.effective_version + 1)
        line = format_line(new)

        def transform(text: str | None) -> str | None:
            return doc.replace_line(text or "", wanted, line, path=rel) if text and doc.find(text, wanted, path=rel) \
                else None

        run.writer.replace(rel, transform)
        run.emit(event(op="upsert", type="fact.updated", scope=scope, key=now.key, actor=actor,
                       request_id=run.request_id, reason=reason or "restore", ts=stamp(at or self.clock()),
                       before=now, after=new))
        return Change("fact.updated", scope, rel, new, now, run.run_id)

    def revoke(self, wanted: str, *, actor: Actor = CLI, reason: str = "") -> Change:
        with self.operation("revoke", actor) as run:
            return self._transition("revoke", wanted, actor, reason, run)

    def archive(self, wanted: str, *, actor: Actor = CLI, reason: str = "") -> Change:
        with self.operation("archive", actor) as run:
            return self._transition("archive", wanted, actor, reason, run)

    def reactivate(self, wanted: str, *, actor: Actor = CLI, reason: str = "") -> Change:
        with self.operation("reactivate", actor) as run:
            return self._transition("reactivate", wanted, actor, reason, run)

    def forget(self, key: str, *, applies_to: str | None = None, actor: Actor = CLI, reason: str = "",
               notes: tuple[tuple[str, str], ...] = (), said_at: datetime | None = None,
               value: str | None = None, fact_id: str | None = None) -> list[Change]:
        """Revoke every active fact of `key` (of one applies_to, or all), reject the key's pending
        proposals (so a later accept cannot bring the value back), then check that `resolve` no
        longer returns it from PROFILE or SESSION before returning (the forget took). `value` (compared
        case-blind) or `fact_id` forgets only that value or that fact of the key — one of a multi-valued
        key's (user.other) values — and only the pending proposals of that value, leaving the others.
        `notes` (an agent's `forget_ref` and `forget_excerpt`) are kept on the revoked lines. `said_at`: the
        time a transcript statement asked it — only facts written by then are revoked, and only
        proposals made by then (or earlier in the same job run, which reads statements in their
        order) are rejected, so reading that transcript again never takes back a value set after it."""
        if is_reserved(key):
            raise self.refuse(key, "policy", actor, f"{key} is reserved for POLICY.md, which memjobs never writes")
        if applies_to is not None:
            _check_applies(applies_to)
        if value is not None and not value.strip():
            raise UsageError("the value to forget is empty")
        if fact_id is not None:
            value = self._value_of(key, fact_id)
        wanted = None if value is None else value.strip().casefold()

        def picked(e: LineEntry) -> bool:
            return e.key == key and (wanted is None or e.value.strip().casefold() == wanted)

        what = key if value is None else f"{key} = {value}"
        changes: list[Change] = []
        with self.operation("forget", actor) as run:
            targets: list[str] = []
            for scope in SCOPE_FILES:
                for loc in self.located(scope):
                    e = loc.entry
                    if said_at is not None and (parse_time(e.updated_at or "") or _EPOCH) > said_at:
                        continue
                    if picked(e) and e.effective_status == "active" and applies_to in (None, e.effective_applies_to) \
                            and fact_id in (None, loc.id):
                        targets.append(loc.id)
            self.refuse_ambiguous(picked, picked)
            for one in targets:
                changes.append(self._transition("revoke", one, actor, reason or f"forget {what}", run,
                                                notes, at=said_at))
            for before, after in reject_pending(run, self.workspace, key if value is None else picked,
                                                applies_to=applies_to, actor=actor, reason=reason or f"forget {what}",
                                                ts=stamp(said_at or self.clock()), said_at=said_at):
                changes.append(Change("proposal.rejected", "proposals", PROPOSALS, after, before, run.run_id))
        contexts = {c.entry.effective_applies_to for c in changes} - {"global"}
        left = self.resolve([key], contexts).values.get(key)
        if left is not None and left.winner.scope != "policy" and applies_to in (
                None, left.winner.loc.entry.effective_applies_to) and (
                wanted is None or any(v.strip().casefold() == wanted for v in (left.winner.loc.entry.value,
                                                                                *left.values))):
            raise MemjobsError(f"{what} still resolves from {left.winner.where} after forget", path=left.winner.file,
                               line=left.winner.loc.line)
        return changes

    def _value_of(self, key: str, fact_id: str) -> str:
        """The value of the active fact `fact_id` of `key`: what a forget by id names."""
        self.refuse_shared([fact_id])
        for scope in SCOPE_FILES:
            for loc in self.located(scope):
                if loc.id != fact_id:
                    continue
                if loc.entry.key != key:
                    raise UsageError(f"fact {fact_id} holds {loc.entry.key}, not {key}")
                if loc.entry.effective_status != "active":
                    raise MemoryRefused(f"fact {fact_id} is {loc.entry.effective_status}: there is nothing to forget",
                                        path=SCOPE_FILES[scope], line=loc.line)
                return loc.entry.value
        raise MemoryNotFound(f"no fact has the id {fact_id!r} (see `memjobs mem list`)")

    def places(self) -> dict[str, list[tuple[str, doc.Located]]]:
        """Every fact id of PROFILE.md and SESSION.md → each (scope, line) holding it, whatever its key
        or status, in file order: an edit by an id with two places could touch either."""
        out: dict[str, list[tuple[str, doc.Located]]] = {}
        for scope in SCOPE_FILES:
            for loc in self.located(scope):
                out.setdefault(loc.id, []).append((scope, loc))
        return out

    def refuse_shared(self, ids: Iterable[str], places: dict[str, list[tuple[str, doc.Located]]] | None = None) -> None:
        """DuplicateId, naming every place, when one of `ids` is on more than one line of PROFILE.md and
        SESSION.md together (a line copied by hand with its `id:`, in one file or from one to the other,
        its key edited or not): memjobs edits a line by its id, so it edits none of them."""
        places = self.places() if places is None else places
        for one in ids:
            hits = places.get(one, [])
            if len(hits) < 2:
                continue
            where = " and ".join(f"{SCOPE_FILES[scope]}:{loc.line}" for scope, loc in hits)
            scope, loc = hits[-1]
            if not loc.entry.id:
                message = (f"{where} are the same line (no id, so both are {one}): memjobs edits a line by its "
                           "id, so it changes neither; delete one of them")
            else:
                copied = " (a line copied from one file to the other)" if len({s for s, _ in hits}) > 1 else ""
                message = (f"{where} have the same id {one}{copied}: memjobs edits a line by its id, so it "
                           "changes neither; remove the `id:` field from the line you copied (memjobs gives "
                           "it an id of its own)")
            raise DuplicateId(message, path=SCOPE_FILES[scope], line=loc.line)

    def refuse_ambiguous(self, fact: Callable[[LineEntry], bool], proposal: Callable[[LineEntry], bool]) -> None:
        """DuplicateId, before anything is written, when an active fact `fact` picks shares its id with any
        other line of PROFILE.md or SESSION.md — of its file or the other, of any key or status — or a
        pending proposal `proposal` picks shares its id with another line of PROPOSALS.md (a line copied
        by hand): an operation of several writes (a forget) fails whole, never halfway, and never edits a
        line nobody named."""
        places = self.places()
        self.refuse_shared([one for one, hits in places.items()
                            if any(loc.entry.effective_status == "active" and fact(loc.entry) for _, loc in hits)],
                           places)
        pending = proposal_lines(self.workspace)
        for loc in pending:
            if (loc.entry.status or "pending") == "pending" and proposal(loc.entry):
                doc.unique(pending, loc.id, PROPOSALS)

    def archive_expired(self, *, actor: Actor = CLI, run: CoreRun | None = None,
                        limit: int | None = None) -> list[Change]:
        """Archive active facts whose TTL has passed, at most `limit` (None: all), oldest first, in
        one rewrite per file (memory_store.core.cleanup: the daily job's session cleanup and
        `compact` share it)."""
        from memory_store.core.cleanup import archive_expired, expired

        if run is None:
            if not expired(self):
                return []
            with self.operation("cleanup", actor) as own:
                return archive_expired(self, own, actor, limit).changes
        return archive_expired(self, run, actor, limit).changes

    def reset_user_model(self, *, actor: Actor = CLI, reason: str = "") -> list[Change]:
        """Archive every active PROFILE fact (the user model, docs/design.md §6), one audited
        `fact.archived` each, in one core operation; nothing is deleted (`mem reactivate` brings one
        back). SESSION facts and POLICY are not the user model's to reset."""
        active = [loc for loc in self.located("profile") if loc.entry.effective_status == "active"]
        if not active:
            return []
        self.refuse_shared([loc.id for loc in active])     # before the first archive: all or nothing
        with self.operation("reset", actor) as run:
            return [self._transition("archive", loc.id, actor, reason or "reset --user-model", run)
                    for loc in active]

    def compact(self, *, actor: Actor = CLI, limit: int | None = None) -> list[Change]:
        """Archive expired active facts (to `## Inactive`; at most `limit`), then move inactive lines
        older than 90 days, and resolved proposals older than 30, to memory/archive/core.md."""
        from memory_store.core.files import ARCHIVE

        now = self.clock()
        with self.operation("compact", actor) as run:
            changes = self.archive_expired(actor=actor, run=run, limit=limit)
            for scope, rel in SCOPE_FILES.items():
                located = self.located(scope)
                twice = doc.ambiguous(located)      # left where they are: `memjobs validate` names them
                old = [loc for loc in located if loc.entry.effective_status != "active" and loc.id not in twice
                       and (parse_time(loc.entry.updated_at) or now) <= now - COMPACT_AFTER]
                if not old:
                    continue
                ts = stamp(now)
                lines = "".join(format_line(replace(loc.entry, id=loc.id, extra=(*loc.entry.extra, ("from", rel),
                                                                                ("compacted_at", ts)))) for loc in old)
                run.writer.replace(ARCHIVE, _appending(lines))
                run.writer.replace(rel, _removing([loc.id for loc in old], rel))
                for loc in old:
                    run.emit(event(op="compact", type="memory.compacted", scope=scope, key=loc.entry.key, actor=actor,
                                   request_id=run.request_id, reason=f"inactive for over 90 days: moved to {ARCHIVE}",
                                   ts=ts, before=loc.entry, after=None, target_id=loc.id))
                    changes.append(Change("memory.compacted", scope, rel, loc.entry, None, run.run_id))
            changes.extend(self._compact_proposals(run, now))
        return changes

    def _compact_proposals(self, run: CoreRun, now: datetime) -> list[Change]:
        """Resolved proposals older than 30 days leave PROPOSALS.md for memory/archive/core.md."""
        from memory_store.core.files import ARCHIVE, PROPOSALS
        from memory_store.entries import PROPOSAL_STATUSES

        text = read_snapshot(self.workspace / PROPOSALS).text or ""
        located = doc.scan(text, PROPOSALS, PROPOSAL_STATUSES)[0]
        twice = doc.ambiguous(located)              # left where they are: `memjobs validate` names them
        old = [loc for loc in located if loc.entry.status not in (None, "pending") and loc.id not in twice
               and (parse_time(dict(loc.entry.extra).get("resolved_at", "")) or now) <= now - timedelta(days=30)]
        if not old:
            return []
        ts = stamp(now)
        run.writer.replace(ARCHIVE, _appending("".join(
            format_line(replace(loc.entry, extra=(*loc.entry.extra, ("from", PROPOSALS), ("compacted_at", ts))))
            for loc in old)))
        ids = [loc.id for loc in old]
        run.writer.replace(PROPOSALS, lambda t: doc.remove_lines(t or "", ids, PROPOSAL_STATUSES, PROPOSALS))
        out = []
        for loc in old:
            run.emit(event(op="compact", type="memory.compacted", scope="proposals", key=loc.entry.key, actor=CLI,
                           request_id=run.request_id, reason=f"resolved over 30 days ago: moved to {ARCHIVE}",
                           ts=ts, before=loc.entry, target_id=loc.id, target_type="proposal"))
            out.append(Change("memory.compacted", "proposals", PROPOSALS, loc.entry, None, run.run_id))
        return out


@dataclass
class WrittenRefs:
    """The (key, ref) of every fact a write made, read from the append-only audit trail as it grows
    (only the new lines on each look): a statement whose line a later value replaced is still known
    as written. A rollback's compensating event takes its write back."""
    path: Path
    offset: int = 0
    seen: dict[tuple[str, str], int] = field(default_factory=dict)
    file: tuple[int, int] = (0, 0)          # device and inode read: another file there starts afresh

    def has(self, key: str, ref: str) -> bool:
        self._catch_up()
        return self.seen.get((key, ref), 0) > 0

    def _catch_up(self) -> None:
        try:
            with open(self.path, "rb") as fh:
                st = os.fstat(fh.fileno())
                if st.st_size < self.offset or (st.st_dev, st.st_ino) != self.file:
                    self.offset, self.seen, self.file = 0, {}, (st.st_dev, st.st_ino)
                fh.seek(self.offset)
                data = fh.read()
        except FileNotFoundError:
            return
        end = data.rfind(b"\n") + 1               # whole lines only: one being appended waits
        for raw in data[:end].splitlines():
            if TRANSCRIPT_REF.encode() not in raw:
                continue
            try:
                ev = json.loads(raw)
            except ValueError:
                continue
            diff = ev.get("diff") if isinstance(ev, dict) else None
            if not isinstance(diff, dict):
                continue
            before, after = diff.get("before") or {}, diff.get("after") or {}
            if ev.get("type") in ("fact.created", "fact.updated") and after.get("ref"):
                k = (str(ev.get("key")), str(after["ref"]))
                self.seen[k] = self.seen.get(k, 0) + 1
            elif ev.get("type") == "memory.rolled_back" and before.get("ref") and before.get("ref") != after.get("ref"):
                k = (str(ev.get("key")), str(before["ref"]))
                self.seen[k] = self.seen.get(k, 0) - 1
        self.offset += end


_WRITTEN: dict[Path, WrittenRefs] = {}


def written_refs(path: Path) -> WrittenRefs:
    """One reader per audit trail for the process: a backfill's many runs read each line once."""
    if path not in _WRITTEN:
        _WRITTEN[path] = WrittenRefs(path)
    return _WRITTEN[path]


def _check_applies(value: str) -> str:
    if not APPLIES_RE.match(value):
        raise UsageError(f"bad applies_to {value!r}: global, project:<id> or session:<id>")
    return value


def _appending(lines: str) -> Callable[[str | None], str]:
    return lambda text: (text or ARCHIVE_HEAD) + lines


def _removing(ids: list[str], rel: str) -> Callable[[str | None], str]:
    return lambda text: doc.remove_lines(text or "", ids, path=rel)


def _merged(extra: tuple[tuple[str, str], ...], notes: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """Unknown fields kept in order, with `notes` (excerpt, …) redacted and replacing their namesakes."""
    names = {k for k, _ in notes}
    return tuple((k, v) for k, v in extra if k not in names) + tuple((k, redact(v)[:200]) for k, v in notes)
