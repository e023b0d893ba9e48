"""MCP tools over procedural memory (docs/design.md §4.7, §6): `memory_procedures` (read-only, structured
like the search tools) and `memory_procedure_learn` (an agent records a procedure the user taught),
thin over jobs/procedures/find.py and jobs/procedures/agent.py.

A recorded procedure is `learned_from: agent` at confidence 0.60 and carries the user's words and the
session; the next microSync checks them against that session's transcript, as it checks core
memory's MCP writes, and undoes (and audits) one no user turn holds within 24 hours."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict  # pydantic needs this TypedDict before Python 3.12

from jobs.mcp.search_tools import SourceRef, _redacted
from memory_store.config import Config
from memory_store.errors import MemjobsError


class ProcedureHit(TypedDict):
    id: str
    trigger: Annotated[str, Field(description="When it applies")]
    steps: Annotated[list[str], Field(description="The steps, in order")]
    path: str
    line: Annotated[int, Field(description="1-based line of its heading; cite as path:line")]
    learned_from: Annotated[str, Field(description="explicit, correction, repeated_pattern or agent")]
    confidence: float
    success_count: Annotated[int, Field(description="Times it was taught or followed")]
    last_used: str
    score: Annotated[float, Field(description="match × confidence × decay")]
    source: SourceRef


class ProceduresOutput(TypedDict):
    query: str
    results: list[ProcedureHit]
    note: NotRequired[str]


def procedures(cfg: Config, query: str, limit: int | None) -> dict[str, Any]:
    from jobs.procedures.find import DEFAULT_LIMIT, active_procedures, find
    from memory_store.core.forgotten import forgotten

    found = find(cfg.workspace, query, datetime.now(cfg.tz).date(), limit or DEFAULT_LIMIT)
    # a value the user had memjobs forget is not served in a trigger, a step or the id made from the
    # trigger's words (memory_store/core/forgotten.py)
    gone = forgotten(cfg.workspace)
    results = [f.to_dict() for f in found]
    if gone:
        results = [{**r, "id": gone.shown_id(r["id"]), "trigger": gone.mask(r["trigger"]),
                    "steps": [gone.mask(x) for x in r["steps"]]} for r in results]
    out: dict[str, Any] = {"query": query, "results": results}
    if not found:
        out["note"] = ("no procedure matches this task" if active_procedures(cfg.workspace)
                       else "no procedures learned yet")
    return out


def register(server: Any, cfg: Config) -> None:
    """Add the procedure tools to `server`."""
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp_types import ToolAnnotations

    from jobs.mcp.core_tools import _dump

    read_only = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                                open_world_hint=False)
    writes = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True,
                             open_world_hint=False)

    @server.tool(annotations=read_only, structured_output=True)
    def memory_procedures(
        task: Annotated[str, Field(description=(
            "The task at hand, in words (any language), e.g. 'deploy the API'; empty lists every procedure"))] = "",
        limit: Annotated[int | None, Field(description="How many, 1-50 (default 5)", ge=1, le=50)] = None,
    ) -> ProceduresOutput:
        """The procedures the user taught ("when X, do Y1 → Y2 → Y3") that fit a task, best first:
        follow their steps in order. Read this before a task you may have done before."""
        try:
            return _redacted(procedures(cfg, task, limit))  # type: ignore[no-any-return]
        except MemjobsError as exc:
            raise ToolError(str(exc)) from None

    @server.tool(annotations=writes)
    def memory_procedure_learn(
        trigger: Annotated[str, Field(description="When it applies, e.g. 'we deploy the API'")],
        steps: Annotated[list[str], Field(description="Two or more steps, in order", min_length=2)],
        session_id: Annotated[str, Field(description="This session's id")],
        excerpt: Annotated[str, Field(description="The user's own words that taught it, quoted exactly")],
    ) -> str:
        """Record a procedure the USER taught in this session ("whenever we deploy, first … then …").
        Kept at confidence 0.6 and checked against this session's transcript: words the user did
        not say are undone. A procedure already known returns status 'known' and its id."""
        from jobs.procedures.agent import record  # on the first call, not at start-up

        try:
            return _dump(record(cfg, trigger, steps, session_id, excerpt))
        except MemjobsError as exc:
            raise ToolError(str(exc)) from None
