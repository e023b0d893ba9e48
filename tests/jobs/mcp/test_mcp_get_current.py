"""MCP `memory_get` names what holds now in place of a superseded entry (`current`, the end of its
replacement chain), as `memjobs get` does (memory_store/lookup.py `current_of`): an agent that
followed a link to a replaced entry was told only the next link, itself replaced."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio

from memory_store.search.indexer import update_index
from memory_store.workspace import init_workspace
from tests.conftest import cli_run
from tests.jobs.mcp.test_mcp import _session
from tests.memory_store.search.test_search_fixtures import config, entry, write_daily


def test_memory_get_names_the_end_of_the_chain_as_memjobs_get_does(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\n", encoding="utf-8")
    c = entry("Decision", "The API rate limit is 300 requests a minute", "2026-11-20", "300 a minute.")
    b = entry("Decision", "The API rate limit is 100 requests a minute", "2026-11-10", "100 a minute.")
    a = entry("Decision", "The API rate limit is 200 requests a minute", "2026-11-02", "200 a minute.",
              status="superseded", superseded_by=b.id)                 # the weekly applied this link
    c = entry("Decision", c.title, "2026-11-20", c.conclusion, supersedes=b.id)   # this one not yet
    write_daily(ws, "2026-11-02", [a])
    write_daily(ws, "2026-11-10", [b])
    write_daily(ws, "2026-11-20", [c])
    update_index(config(ws))

    out = anyio.run(_session, ws, [("memory_get", {"id": i}) for i in (a.id, b.id, c.id)])
    got: list[dict[str, Any]] = [r.structured_content for r in out["calls"]]
    assert [(g["status"], g["superseded_by"], g["current"]) for g in got] == [
        ("superseded", b.id, c.id), ("superseded", c.id, c.id), ("active", None, None)]
    assert "current" in out["tools"]["memory_get"].output_schema["properties"]
    for g in got:   # the same answer as `memjobs get`
        done = cli_run("--workspace", str(ws), "get", g["id"], "--json")
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["entry"]["current"] == g["current"]
