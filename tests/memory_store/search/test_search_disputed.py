"""Search says an entry is disputed (docs/design.md §6.4): both sides of an open possible conflict
carry `disputed_by` / `disputes` (ids) in `search --json` and MCP `memory_search`, and the plain
output says "disputed" — like `superseded_by`, from what the jobs saved, no detector per query."""
from __future__ import annotations

import json
from pathlib import Path

import anyio

from tests.conftest import cli_run, served_by_tools
from tests.memory_store.context.test_context_disputed import COOKIES, MEMCACHED, REDIS, _established_then_disputed


def _hits(ws: Path, query: str) -> dict[str, dict]:  # type: ignore[type-arg]
    out = cli_run("--workspace", str(ws), "search", query, "--json")
    assert out.returncode == 0, out.stderr
    return {h["id"]: h for h in json.loads(out.stdout)["results"] if h["id"]}


def test_both_sides_of_an_open_pair_say_so(workspace: Path) -> None:
    _established_then_disputed(workspace)
    hits = _hits(workspace, "session")
    assert hits[REDIS.id]["disputed_by"] == [MEMCACHED.id] and hits[REDIS.id]["disputes"] is None
    assert hits[MEMCACHED.id]["disputes"] == [REDIS.id] and hits[MEMCACHED.id]["disputed_by"] is None
    assert hits[COOKIES.id]["disputed_by"] is None and hits[COOKIES.id]["disputes"] is None
    plain = cli_run("--workspace", str(workspace), "search", "session cache").stdout
    redis_line = next(ln for ln in plain.splitlines() if ln.startswith("memory/2026-11-03.md"))
    assert "disputed" in redis_line

    async def go() -> list:  # type: ignore[type-arg]
        return await served_by_tools(workspace, [("memory_search", {"query": "session cache"})])

    (res,) = anyio.run(go)
    mcp = {h["id"]: h for h in json.loads(res.content[0].text)["results"] if h["id"]}
    assert mcp[REDIS.id]["disputed_by"] == [MEMCACHED.id]


def test_a_decided_pair_is_not_disputed_any_more(workspace: Path) -> None:
    from tests.conftest import cli

    _established_then_disputed(workspace)
    assert cli("--workspace", str(workspace), "conflicts", "resolve", MEMCACHED.id, "--keep", "both").exit_code == 0
    hits = _hits(workspace, "session")
    assert hits[REDIS.id]["disputed_by"] is None and hits[MEMCACHED.id]["disputes"] is None
