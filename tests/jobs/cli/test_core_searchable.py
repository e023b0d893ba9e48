"""A core-memory write is searchable at once (explore14 #9, r5): `mem set`, `mem forget` and MCP
`memory_remember` bring the index rows of PROFILE.md up to date; before, `search --layer user_model`
served the overwritten value as active and did not find a new key until the next `memjobs index` or job.
Real workspace, real SQLite index, the CLI in process and the real mcp client."""
from __future__ import annotations

import json
from pathlib import Path

import anyio

from tests.conftest import cli, served_by_tools


def _run(ws: Path, *args: str) -> str:
    r = cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.stdout + r.stderr
    return r.stdout


def _user_model(ws: Path, query: str) -> list[dict]:
    return json.loads(_run(ws, "search", query, "--layer", "user_model", "--json"))["results"]


def _texts(hits: list[dict]) -> str:
    return json.dumps(hits, ensure_ascii=False)


def test_mem_set_and_forget_are_searchable_at_once(workspace: Path):
    _run(workspace, "mem", "set", "user.city", "Bangkok")
    _run(workspace, "index")
    _run(workspace, "mem", "set", "user.city", "Chiang Mai")
    hits = _user_model(workspace, "city")
    assert "Chiang Mai" in _texts(hits)
    assert not any("Bangkok" in _texts([h]) and h.get("status") == "active" for h in hits)
    _run(workspace, "mem", "set", "user.nickname", "Wombatello")
    assert len(_user_model(workspace, "Wombatello")) == 1
    _run(workspace, "mem", "forget", "user.nickname")
    assert not any(h.get("status") == "active" for h in _user_model(workspace, "Wombatello"))


def test_an_mcp_remember_is_searchable_at_once(workspace: Path):
    _run(workspace, "mem", "set", "user.city", "Bangkok")
    _run(workspace, "index")
    sid = "10000000-0000-4000-8000-000000000001"
    results = anyio.run(served_by_tools, workspace, [
        ("memory_remember", {"key": "user.city", "value": "Chiang Mai", "session_id": sid,
                             "excerpt": "I moved to Chiang Mai"}),
        ("memory_search", {"query": "city", "layer": ["user_model"]}),
    ])
    assert not results[0].is_error, results[0].content[0].text
    assert not results[1].is_error, results[1].content[0].text
    found = results[1].content[0].text
    assert "Chiang Mai" in found
    hits = _user_model(workspace, "city")
    assert not any("Bangkok" in _texts([h]) and h.get("status") == "active" for h in hits)
