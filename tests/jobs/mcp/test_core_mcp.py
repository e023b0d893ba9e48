"""MCP core-memory tools (docs/design.md §6) through a real MCP client against `memjobs mcp`: remember
writes at once with the user's words and acknowledges in their verbosity, resolve, propose stays
pending, forget revokes, policy.* is refused; a write that fails 3 times is an error to surface."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest

from memory_store.config import load_config
from tests.conftest import call_tools


async def _session(ws: Path, calls: list[tuple[str, dict[str, Any]]]) -> list[tuple[bool, Any]]:
    """(is_error, the error text or the JSON answer) of each call, in one stdio session."""
    out: list[tuple[bool, Any]] = []
    for res in await call_tools(ws, calls):
        text = res.content[0].text
        out.append((res.is_error, text if res.is_error else json.loads(text)))
    return out


def test_remember_resolve_propose_forget_over_stdio(workspace: Path):
    said = "from now on answer in Thai, and keep it short"
    out = anyio.run(_session, workspace, [
        ("memory_remember", {"key": "response.language", "value": "th", "session_id": "s1", "excerpt": said}),
        ("memory_remember", {"key": "response.verbosity", "value": "concise", "session_id": "s1", "excerpt": said}),
        ("memory_remember", {"key": "user.name", "value": "Somchai", "session_id": "s1", "excerpt": "call me Somchai"}),
        ("memory_resolve", {"keys": ["response.language", "user.name"]}),
        ("memory_propose", {"key": "user.expertise.postgres", "value": "expert", "session_id": "s1",
                            "reason": "explains query plans unprompted", "confidence": 0.7}),
        ("memory_forget", {"key": "user.name", "session_id": "s1", "excerpt": "forget my name"}),
        ("memory_remember", {"key": "policy.allow.tools", "value": "all", "session_id": "s1", "excerpt": "x"}),
    ])
    errors = [e for e, _ in out]
    assert errors == [False] * 6 + [True]
    first = out[0][1]
    assert first["type"] == "fact.created" and first["entry"]["ref"] == "mcp:s1"
    assert first["entry"]["extra"]["excerpt"] == said and first["ack"] == "Remembered: response.language = th."
    assert out[2][1]["ack"] == "Noted."                                      # verbosity concise is now held
    assert {v["key"]: v["value"] for v in out[3][1]["values"]} == {"response.language": "th", "user.name": "Somchai"}
    assert out[4][1]["status"] == "pending" and out[4][1]["id"].startswith("p-")
    assert out[5][1]["ack"] == "Forgotten." and out[5][1]["changes"][0]["type"] == "fact.revoked"
    assert "reserved" in out[6][1]
    trail = [json.loads(x) for x in (workspace / ".memjobs/audit/memory_audit.jsonl").read_text().splitlines()]
    assert [e["type"] for e in trail] == ["fact.created"] * 3 + ["proposal.created", "fact.revoked", "memory.refused"]
    assert {e["actor"]["id"] for e in trail} == {"mcp"}
    assert "user.expertise" not in (workspace / "PROFILE.md").read_text()


def test_a_write_still_refused_after_its_bounded_wait_is_an_error_the_agent_must_surface(workspace: Path):
    from jobs.mcp.core_tools import CoreTools
    from memory_store.errors import MemjobsError
    from memory_store.locks import JobLocks

    tools = CoreTools(load_config(workspace, env={}))
    tools.mem.lock_wait_s = 0.05
    tools.wait_s = 0.5     # the agent's bounded wait (AGENT_WAIT_S), short here
    with JobLocks(workspace, "core", "someone-else", 0), \
            pytest.raises(MemjobsError, match="NOT remembered: core lock is held by core run someone-else"):
        tools.remember("user.name", "Somchai", "s1", "call me Somchai", "profile", None, None)
    assert "Somchai" not in (workspace / "PROFILE.md").read_text()
