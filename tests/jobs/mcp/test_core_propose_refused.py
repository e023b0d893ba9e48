"""MCP memory_propose of a proposal the user rejected (`memjobs proposals reject`, or a forget that
withdrew it) says so — "rejected by the user, not proposed again" — not "already pending": the agent
must not tell the user it waits for a yes they already said no to. Over the real stdio MCP client."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio

from tests.conftest import call_tools, cli

PROPOSE = ("memory_propose", {"key": "response.tone", "value": "casual", "session_id": "s9",
                              "reason": "user said no need to be formal", "excerpt": "no need to be formal"})


async def _answers(ws: Path, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    out = []
    for res in await call_tools(ws, calls):
        assert not res.is_error, res.content[0].text
        out.append(json.loads(res.content[0].text))
    return out


def test_propose_again_after_reject_says_rejected(workspace: Path):
    (made,) = anyio.run(_answers, workspace, [PROPOSE])
    assert made["status"] == "pending"
    assert cli("--workspace", str(workspace), "proposals", "reject", made["id"]).exit_code == 0
    (again, pending) = anyio.run(_answers, workspace, [PROPOSE, PROPOSE])
    for answer in (again, pending):
        assert answer["status"] == "rejected", answer
        assert "pending" not in answer["note"] and "rejected" in answer["note"], answer


def test_propose_again_after_a_forget_withdrew_it_says_rejected(workspace: Path):
    (made,) = anyio.run(_answers, workspace, [PROPOSE])
    res = cli("--workspace", str(workspace), "mem", "forget", "response.tone")
    assert res.exit_code == 0, res.output
    (again,) = anyio.run(_answers, workspace, [PROPOSE])
    assert again["status"] == "rejected" and "pending" not in again["note"], again


def test_propose_what_is_pending_or_held_says_so(workspace: Path):
    (made, same) = anyio.run(_answers, workspace, [PROPOSE, PROPOSE])
    assert same == {"status": "unchanged", "note": "the same proposal is already pending"}
    assert cli("--workspace", str(workspace), "proposals", "accept", made["id"]).exit_code == 0
    (held,) = anyio.run(_answers, workspace, [PROPOSE])
    assert held["status"] == "unchanged" and "already holds" in held["note"], held
