"""MCP tool `memory_episode_record` (docs/design.md §6, layers): an agent records the episode of its
session at the end of it, thin over jobs/daily/agent_episodes.py.

A recorded episode is `recorded_by: agent` at confidence 0.60 and carries the user's words and the
session; the next daily run checks them against that session's transcript, as microSync checks
core memory's MCP writes, and removes (and audits) one no user turn holds within 24 hours."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from memory_store.config import Config
from memory_store.errors import MemjobsError

Outcome = Literal["success", "partial", "failed", "unknown"]


def register(server: Any, cfg: Config) -> None:
    """Add the episode tool to `server`."""
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp_types import ToolAnnotations

    from jobs.daily.agent_episodes import record
    from jobs.mcp.core_tools import _dump

    writes = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True,
                             open_world_hint=False)

    @server.tool(annotations=writes)
    def memory_episode_record(
        session_id: Annotated[str, Field(description="This session's id")],
        summary: Annotated[str, Field(description="What happened in this session, in a sentence or two")],
        outcome: Annotated[Outcome, Field(description=(
            "success (done, tests passing, the user satisfied), partial, failed, or unknown"))],
        excerpt: Annotated[str, Field(description="The user's own words from this session, quoted exactly")],
        topics: Annotated[list[str] | None, Field(description="Up to five topics, e.g. ['deploy', 'postgres']")] = None,
    ) -> str:
        """Record the episode of this session at its end: what happened and how it ended. Kept at
        confidence 0.6 and checked against this session's transcript (the user's words must be
        there); a session that has an episode already returns status 'known' and its id."""
        try:
            return _dump(record(cfg, session_id, summary, list(topics or []), outcome, excerpt))
        except MemjobsError as exc:
            raise ToolError(str(exc)) from None
