"""MCP tool `memory_context` (docs/design.md §6): the runtime memory context, read-only, thin over
memory_store.context, with an in-process cache (`context.cache_s`, 30 s) dropped as soon as a source file changes."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import Field

from memory_store.config import Config
from memory_store.errors import MemjobsError

Format = Literal["markdown", "json", "xml"]


class ContextTool:
    """memory_context with its cache. The cache and the session activity (the transcript readers)
    are made on the first call, not when the server starts: an agent waits for start-up."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self._cache: Any = None
        self._activity: Any = None

    @property
    def cache(self) -> Any:
        if self._cache is None:
            from memory_store.context.cache import ContextCache

            self._cache = ContextCache(self.cfg.workspace, self.cfg.policy_file, ttl_s=self.cfg.context.cache_s,
                                       warm_days=self.cfg.limits.warm_days)
        return self._cache

    @property
    def activity(self) -> Any:
        if self._activity is None:
            from memory_store.core.sessions import SessionActivity

            self._activity = SessionActivity(self.cfg.transcripts)
        return self._activity

    def context(self, session: str | None, project: str | None, task: str | None, hints: list[str] | None,
                budget: int | None, fmt: str, tolerate_failure: bool, task_type: str | None = None) -> str:
        from memory_store.context.build import build_context
        from memory_store.context.model import ContextRequest
        from memory_store.context.render import render, to_json
        from memory_store.redact import redact

        req = ContextRequest(session=session, project=project, task=task, hints=tuple(hints or ()),
                             budget=budget, format=fmt, tolerate_failure=tolerate_failure, task_type=task_type)

        def build() -> str:
            ctx = build_context(self.cfg, req, last_activity=self.activity)
            text = json.dumps(to_json(ctx, fmt), ensure_ascii=False, indent=1) if fmt == "json" else render(ctx, fmt)
            return redact(text)

        key = (session, project, task, tuple(hints or ()), budget, fmt, tolerate_failure, task_type)
        return str(self.cache.get(key, build))


def register(server: Any, cfg: Config) -> None:
    """Add `memory_context` to `server`."""
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp_types import ToolAnnotations

    tool = ContextTool(cfg)
    reads = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)

    @server.tool(annotations=reads)
    def memory_context(
        session_id: Annotated[str | None, Field(description="This session's id (its SESSION.md entries)")] = None,
        project: Annotated[str | None, Field(description=(
            "This project: its folder's path (the episodes of sessions started in it or below it) or a bare "
            "name (a folder of that name; the id of applies_to project:<id>)"))] = None,
        task: Annotated[str | None, Field(description="What you are about to do (selects procedures)")] = None,
        task_type: Annotated[str | None, Field(description=(
            "A profile of context.profiles (budget, caps, which layers); default reply, built in also prompt"))] = None,
        hints: Annotated[list[str] | None, Field(description="Text to pass through last")] = None,
        budget: Annotated[int | None, Field(description="Token budget of the whole context (default 2000)",
                                            ge=128)] = None,
        format: Annotated[Format, Field(description="markdown, json (with reason codes) or xml")] = "markdown",
        tolerate_failure: Annotated[bool, Field(description=(
            "Return an empty context instead of an error when memory cannot be loaded"))] = True,
    ) -> str:
        """The memory to keep in mind now: this session's context, recent episodes, the user's
        resolved preferences (a policy key shows only policy@<version>), MEMORY.md's items, matching
        procedures, references, within a token budget. Read it at the start of a session or task.
        An item marked DISPUTED is in doubt: ask the user which holds; one marked REPLACED was
        reversed: act on the newer entry it names."""
        try:
            return tool.context(session_id, project, task, hints, budget, format, tolerate_failure, task_type)
        except MemjobsError as exc:
            raise ToolError(str(exc)) from None
