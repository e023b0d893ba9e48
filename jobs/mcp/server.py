"""`memjobs mcp`: a stdio MCP server for agents. Each tool group lives in its own module and adds
its tools to the server here (`search_tools`: memory_search, memory_get). The server never writes
the workspace through its read tools."""

from __future__ import annotations

from typing import Any

from jobs.mcp import search_tools
from memory_store.config import Config

INSTRUCTIONS = (
    "Long-term memory of this workspace (decisions, rules, constraints, architecture, things to "
    "remember, procedures, daily wrap-ups) and, as its coldest tier, what was said in past sessions. "
    "Use memory_search to find what was decided, when, why and where it is written; cite results as "
    "path:line (a result marked uncertain is what was said in a session, cited by its transcript lines). "
    "Use memory_get to read an entry by id, or lines of a memory file."
)


def build_server(cfg: Config) -> Any:
    from mcp.server.mcpserver import MCPServer

    server = MCPServer(name="memjobs", version=_version(), instructions=INSTRUCTIONS, log_level="WARNING")
    search_tools.register(server, cfg)
    return server


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("memjobs")
    except PackageNotFoundError:
        return "0+unknown"


def serve(cfg: Config) -> None:
    build_server(cfg).run("stdio")
