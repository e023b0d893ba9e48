"""`memjobs mcp`: a stdio MCP server for agents. Each tool group lives in its own module and adds
its tools to the server here (`search_tools`: memory_search, memory_get; `core_tools`:
memory_resolve, memory_remember, memory_forget, memory_propose; `procedure_tools`: memory_procedures,
memory_procedure_learn; `episode_tools`: memory_episode_record; `context_tools`: memory_context). The
read tools never write the workspace; the core tools write only through the core writer,
memory_procedure_learn only memory/procedures.md through microsync's writer, memory_episode_record only
memory/episodes/ through the episodes writer."""

from __future__ import annotations

from typing import Any

from jobs.mcp import context_tools, core_tools, episode_tools, procedure_tools, search_tools
from memory_store.config import Config

INSTRUCTIONS = (
    "Long-term memory of this workspace (decisions, rules, constraints, architecture, things to "
    "remember, procedures, daily wrap-ups) and, as its coldest tier, what was said in past sessions. "
    "Use memory_search to find what was decided, when, why and where it is written; cite results as "
    "path:line (a result marked uncertain is what was said in a session, cited by its transcript lines). "
    "Use memory_get to read an entry by id, or lines of a memory file. Use memory_resolve for the user's "
    "preferences (language, tone, length, name, time zone); memory_remember / memory_forget only when the "
    "user explicitly asks, with their words; memory_propose for what you infer. Use memory_procedures "
    "before a task you may have done before (follow the steps in order); memory_procedure_learn when "
    "the user teaches one, with their words. Use memory_episode_record at the end of a session to keep "
    "what happened and how it ended. Use memory_context at the start of a session or task for "
    "everything to keep in mind at once."
)


def build_server(cfg: Config) -> Any:
    from mcp.server.mcpserver import MCPServer

    server = MCPServer(name="memjobs", version=_version(), instructions=INSTRUCTIONS, log_level="WARNING")
    search_tools.register(server, cfg)
    core_tools.register(server, cfg)
    procedure_tools.register(server, cfg)
    episode_tools.register(server, cfg)
    context_tools.register(server, cfg)
    return server


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("memjobs")
    except PackageNotFoundError:
        return "0+unknown"


def serve(cfg: Config) -> None:
    build_server(cfg).run("stdio")
