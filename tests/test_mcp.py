"""`memjobs mcp`: a real MCP client session over stdio against the real CLI."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import anyio

from memory_store.search.indexer import update_index
from tests.conftest import REPO
from tests.test_search_fixtures import config, entry, snapshot, write_daily

DAY = "2026-10-06"


async def _session(ws: Path) -> dict[str, object]:
    from mcp import StdioServerParameters, stdio_client
    from mcp.client import ClientSession

    env = {k: v for k, v in os.environ.items() if k in ("HOME", "PATH", "TZ", "XDG_CONFIG_HOME", "NO_COLOR")}
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "jobs", "--workspace", str(ws), "mcp"],
        env={**env, "PYTHONPATH": str(REPO)},
        cwd=str(REPO),
    )
    out: dict[str, object] = {}
    with open(os.devnull, "w") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            out["tools"] = sorted(t.name for t in (await session.list_tools()).tools)
            res = await session.call_tool("memory_search", {"query": "postgresql", "tier": "all"})
            out["search"] = json.loads(res.content[0].text)
            first = out["search"]["results"][0]  # type: ignore[index]
            res = await session.call_tool("memory_get", {"id": first["id"]})
            out["get"] = json.loads(res.content[0].text)
            res = await session.call_tool(
                "memory_get",
                {"path": first["path"], "start_line": first["line"], "end_line": first["line"] + 1},
            )
            out["lines"] = json.loads(res.content[0].text)
            res = await session.call_tool("memory_get", {"path": "../../etc/passwd"})
            out["outside"] = (res.is_error, res.content[0].text)
            res = await session.call_tool("memory_search", {"query": "x", "limit": 500})
            out["bad_limit"] = (res.is_error, res.content[0].text)
    return out


def test_stdio_session_lists_tools_and_gets_a_cited_result(workspace: Path) -> None:
    e = entry("Decision", "Use PostgreSQL for bookings", DAY, "Bookings live in PostgreSQL 16.")
    write_daily(workspace, DAY, [e])
    update_index(config(workspace))
    before = snapshot(workspace)
    out = anyio.run(_session, workspace)
    assert out["tools"] == ["memory_forget", "memory_get", "memory_propose", "memory_remember", "memory_resolve",
                            "memory_search"]
    r = out["search"]["results"][0]  # type: ignore[index]
    assert (r["path"], r["id"], r["source"]["message_range"]) == (f"memory/{DAY}.md", e.id, "L3-L9")
    assert r["snippet"] == "Bookings live in **PostgreSQL** 16."
    got = out["get"]
    assert got["line"] == r["line"] and got["text"].startswith(
        "## Decision: Use PostgreSQL for bookings\n- id: "
    )  # type: ignore[index]
    assert out["lines"]["text"] == f"## Decision: Use PostgreSQL for bookings\n- id: {e.id}"  # type: ignore[index]
    assert out["outside"][0] is True and "not a memory file" in out["outside"][1]  # type: ignore[index]
    assert out["bad_limit"][0] is True and "--limit" in out["bad_limit"][1]  # type: ignore[index]
    assert snapshot(workspace) == before
