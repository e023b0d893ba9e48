"""MCP tools over core memory (docs/design.md §6): `memory_resolve`, `memory_remember`, `memory_forget`,
`memory_propose`, thin over memory_store.core.

The agent relays; it is not an editor. `memory_remember` / `memory_forget` carry the user's own words
(`excerpt`) and the session they were said in, written as the fact's `ref` (`mcp:<session>`) — for
a forget, as `forget_ref` / `forget_excerpt` on the revoked line — so microSync can check the write
against that session's transcript and undo it when no user turn holds the words. An inference goes to
`memory_propose` and stays pending until the user accepts it. A write waits for a lock a job holds
(memory_store/locks.py `retry_while_held`, up to `AGENT_WAIT_S`) and a file changed under it is tried
3 times; then it is an error the agent must tell the user about (a memory it said it kept was not
kept). After a write the index rows of PROFILE.md and SESSION.md are brought up to date at once
(jobs/run/reindex.py `core_written`): memory_search serves the new value, never the overwritten one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field

from memory_store.config import Config
from memory_store.errors import MemjobsError, UsageError
from memory_store.locks import AGENT_WAIT_S, retry_while_held

WRITE_ATTEMPTS = 3
MCP = ("system", "mcp")
T = TypeVar("T")
_CONCISE = ("concise", "brief", "short", "terse", "minimal", "กระชับ", "สั้น", "简洁", "簡潔")


def _dump(obj: Any) -> str:
    from memory_store.redact import redact

    return redact(json.dumps(obj, ensure_ascii=False, indent=1))


def acknowledgement(verbosity: str | None, what: str, key: str, value: str | None,
                    served: dict[str, str] | None = None) -> str:
    """One line back to the user, as short as their `response.verbosity` asks (docs/design.md §6). A
    write another value still wins (`served`: docs/spec/memory.md §3) is never acknowledged as taking
    effect, however short the user wants answers."""
    if served is not None:
        return (f"Written but not in effect: {key} stays {served['value']}, from {served['where']} "
                f"({served['why']}).")
    if verbosity and any(word in verbosity.casefold() for word in _CONCISE):
        return "Noted." if what == "remembered" else "Forgotten."
    if what == "remembered":
        return f"Remembered: {key} = {value}."
    return f"Forgotten: {key}{f' = {value}' if value else ''} (kept as revoked in the audit trail)."


class CoreTools:
    """The state behind the tools: one CoreMemory for the server's life (its POLICY.md reader
    reloads when the file's hash changes), made on the first call: an agent waits for start-up."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self._mem: Any = None
        self.index_note: str | None = None
        self.wait_s = AGENT_WAIT_S   # how long a write waits for a lock a job holds

    @property
    def mem(self) -> Any:
        if self._mem is None:
            from memory_store.core.store import CoreMemory

            self._mem = CoreMemory.from_config(self.cfg)
        return self._mem

    def _actor(self) -> Any:
        from memory_store.core.audit import Actor

        return Actor(*MCP)

    def _verbosity(self) -> str | None:
        found = self.mem.resolve(["response.verbosity", "response.length"]).values
        for key in ("response.verbosity", "response.length"):
            if key in found and found[key].winner.scope != "policy":
                return found[key].winner.loc.entry.value
        return None

    def with_retries(self, write: Callable[[], T]) -> T:
        from jobs.run.reindex import core_written

        out = retry_while_held(write, "the memory write", WRITE_ATTEMPTS, pause_s=0, wait_s=self.wait_s)
        self.index_note = core_written(self.cfg)
        return out

    def _noted(self, out: dict[str, Any]) -> dict[str, Any]:
        """`out` with the note of an index that could not be updated after the write, if any."""
        return {**out, "note": self.index_note} if self.index_note else out

    def resolve(self, keys: list[str] | None, applies_to: list[str] | None) -> dict[str, Any]:
        return self.mem.resolve(keys or None, applies_to or ()).to_dict()

    def remember(self, key: str, value: str, session_id: str, excerpt: str, scope: str, applies_to: str | None,
                 ttl: str | None) -> dict[str, Any]:
        if any(ch in value.strip() for ch in "\r\n"):
            # as `memjobs mem set` refuses it: a line break would be kept escaped inside the value
            raise UsageError("the value must be one line; it holds a line break")
        change = self.with_retries(lambda: self.mem.set(
            key, value, scope=scope, applies_to=applies_to, ttl=ttl, source="user_explicit",
            ref=f"mcp:{session_id}", actor=self._actor(), reason="the user asked the agent to remember",
            notes=(("excerpt", excerpt),)))
        shown = self.mem.in_effect(change).to_dict()
        return self._noted({"ack": acknowledgement(self._verbosity(), "remembered", key, shown["value"],
                                                   shown.get("served")), **shown})

    def forget(self, key: str, session_id: str, excerpt: str, applies_to: str | None, value: str | None = None,
               fact_id: str | None = None) -> dict[str, Any]:
        from memory_store.core.store import FORGET_EXCERPT, FORGET_REF

        if value is not None and fact_id is not None:
            raise UsageError("give value or id, not both")
        changes = self.with_retries(lambda: self.mem.forget(
            key, applies_to=applies_to, actor=self._actor(),
            reason=f"the user asked the agent to forget (mcp:{session_id}): {excerpt[:200]}",
            notes=((FORGET_REF, f"mcp:{session_id}"), (FORGET_EXCERPT, excerpt)), value=value, fact_id=fact_id))
        if not changes:
            # as `memjobs mem forget` says it: a key never held is not "forgotten"
            what = key if value is None else f"{key} = {value}"
            return {"ack": f"Nothing was held for {what}: nothing to forget.", "changes": []}
        return self._noted({"ack": acknowledgement(self._verbosity(), "forgotten", key, changes[0].to_dict()["value"]
                                                   if value is not None or fact_id is not None else None),
                            "changes": [c.to_dict() for c in changes]})

    def propose(self, key: str, value: str, session_id: str, reason: str, excerpt: str, confidence: float | None,
                scope: str, applies_to: str) -> dict[str, Any]:
        from memory_store.core.proposals import ProposalBook

        book = ProposalBook(self.mem)
        made = self.with_retries(lambda: book.propose(
            key, value, confidence=confidence, applies_to=applies_to, scope=scope, reason=reason,
            ref=f"mcp:{session_id}", excerpt=excerpt, actor=self._actor()))
        if made is None:
            # why nothing was staged, as it is: the agent tells the user (a no is not "waiting for a yes")
            waiting = any(p.loc.entry.key == key.strip() and p.loc.entry.value.casefold() == value.strip().casefold()
                          and p.loc.entry.effective_applies_to == applies_to for p in book.proposals())
            if not waiting and book.rejected_before(key.strip(), value.strip(), applies_to):
                return {"status": "rejected", "note": "the user rejected this proposal (or asked to forget it); "
                                                      "it is not proposed again"}
            if not waiting and book.held(key.strip(), value.strip(), applies_to, scope):
                return {"status": "unchanged", "note": "memory already holds this value: nothing to propose"}
            return {"status": "unchanged", "note": "the same proposal is already pending"}
        return made.to_dict()


def register(server: Any, cfg: Config) -> None:
    """Add the core-memory tools to `server`."""
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp_types import ToolAnnotations

    tools = CoreTools(cfg)
    reads = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)
    writes = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True,
                             open_world_hint=False)
    revokes = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True,
                              open_world_hint=False)

    def run(fn: Callable[[], dict[str, Any]]) -> str:
        try:
            return _dump(fn())
        except MemjobsError as exc:
            raise ToolError(str(exc)) from None

    @server.tool(annotations=reads)
    def memory_resolve(
        keys: Annotated[list[str] | None, Field(description=(
            "Keys to resolve, e.g. response.language, response.tone (default: every key held)"))] = None,
        applies_to: Annotated[list[str] | None, Field(description=(
            "The session:<id> / project:<id> in effect; global always is"))] = None,
    ) -> str:
        """The user's effective preferences and facts (core memory): for each key, its value, where it
        is written, and what it beat and why. A policy key shows only policy@<version>. Read this at
        the start of a session and before answering in a new way."""
        return run(lambda: tools.resolve(keys, applies_to))

    @server.tool(annotations=writes)
    def memory_remember(
        key: Annotated[str, Field(description=(
            "Canonical key: response.language, response.tone, response.length, response.format.default, "
            "user.name, user.timezone, user.expertise.<topic> (policy.* is refused)"))],
        value: Annotated[str, Field(description="The value, one line")],
        session_id: Annotated[str, Field(description="This session's id (the write is checked against it)")],
        excerpt: Annotated[str, Field(description="The user's own words asking you to remember it")],
        scope: Annotated[Literal["profile", "session"], Field(description=(
            "profile: lasting; session: this task's context"))] = "profile",
        applies_to: Annotated[str | None, Field(description=(
            "session:<id> for 'for this task …', project:<id>, or global (default)"))] = None,
        ttl: Annotated[str | None, Field(description="none, session_end, 30m/8h/7d or an ISO time")] = None,
    ) -> str:
        """Write a preference the USER EXPLICITLY asked you to remember ("remember that…", "from now
        on answer in Thai"), at once. Returns JSON with `ack`: say it to the user. When another value
        still wins the key (`in_effect: false`, `served`), the ack says which and why: tell the user.
        Never use this for something you inferred: use memory_propose."""
        return run(lambda: tools.remember(key, value, session_id, excerpt, scope, applies_to, ttl))

    @server.tool(annotations=revokes)
    def memory_forget(
        key: Annotated[str, Field(description="The key the user asked you to forget")],
        session_id: Annotated[str, Field(description="This session's id")],
        excerpt: Annotated[str, Field(description="The user's own words asking you to forget it")],
        applies_to: Annotated[str | None, Field(description="Only this applies_to (default: every value)")] = None,
        value: Annotated[str | None, Field(description=(
            "Only this value of the key (compared case-blind), e.g. one of several user.other facts; the "
            "key's other values are kept. Default: every value"))] = None,
        id: Annotated[str | None, Field(description=(
            "Only the fact with this id (the `id` memory_resolve or memory_remember gave); the key's other "
            "values are kept. Give value or id, not both"))] = None,
    ) -> str:
        """Forget a preference because the USER asked ("forget that…"): every active value of the key
        is revoked (kept in the audit trail) and checked gone — or, with `value` or `id`, only that one
        (the user named one of several, e.g. one user.other fact). Returns JSON with `ack`."""
        return run(lambda: tools.forget(key, session_id, excerpt, applies_to, value, id))

    @server.tool(annotations=writes)
    def memory_propose(
        key: Annotated[str, Field(description="Canonical key, as for memory_remember")],
        value: Annotated[str, Field(description="The value you infer")],
        session_id: Annotated[str, Field(description="This session's id")],
        reason: Annotated[str, Field(description="Why you think so, in a short sentence")],
        excerpt: Annotated[str, Field(description="The user's words that led you to it")] = "",
        confidence: Annotated[float | None, Field(description="0..1", ge=0, le=1)] = None,
        scope: Annotated[Literal["profile", "session"], Field(description="Where the fact would go")] = "profile",
        applies_to: Annotated[str, Field(description="global, project:<id> or session:<id>")] = "global",
    ) -> str:
        """Suggest a preference you INFERRED (the user asked for shorter answers three times): it waits
        in PROPOSALS.md, pending, until the user accepts it."""
        return run(lambda: tools.propose(key, value, session_id, reason, excerpt, confidence, scope, applies_to))
