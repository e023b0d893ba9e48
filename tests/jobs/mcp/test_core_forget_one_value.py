"""MCP memory_forget of one value of a multi-valued key (docs/spec/memory.md §5, §7), through a real MCP
client against `memjobs mcp`.

Pins fixdoc13 #6: memory_forget took only a key, so "forget that I like tea" forgot every user.other fact
— the cat's name and the allergy too. Now it takes `value` or `id` (described in the tool's schema), as
`memjobs mem forget KEY --value / --id` does, and forgets only that one."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import anyio

from tests import conftest
from tests.conftest import mcp_server


def cli(ws: Path, *args: str) -> str:
    r = conftest.cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.output
    return r.stdout


async def _session(ws: Path, calls: list[tuple[str, dict[str, Any]]]) -> tuple[dict[str, Any], list[Any]]:
    from mcp import stdio_client
    from mcp.client import ClientSession

    with open(os.devnull, "w") as errlog:
        async with stdio_client(mcp_server(ws), errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = {t.name: t for t in (await session.list_tools()).tools}
            return tools, [await session.call_tool(name, args) for name, args in calls]


def _values(ws: Path) -> list[str]:
    return json.loads(cli(ws, "mem", "resolve", "user.other", "--json"))["values"][0]["values"]


def test_memory_forget_forgets_one_value_and_keeps_the_others(workspace: Path) -> None:
    for fact in ("likes tea", "has a cat named Mo", "is allergic to peanuts"):
        cli(workspace, "mem", "set", "user.other", fact)
    cat = next(e["id"] for e in json.loads(cli(workspace, "mem", "list", "--json"))["entries"]
               if e["value"] == "has a cat named Mo")
    said = {"key": "user.other", "session_id": "s1"}
    tools, [tea, mo, none, both] = anyio.run(_session, workspace, [
        ("memory_forget", {**said, "excerpt": "forget that I like tea", "value": "Likes tea"}),
        ("memory_forget", {**said, "excerpt": "forget my cat's name", "id": cat}),
        ("memory_forget", {**said, "excerpt": "forget that I like coffee", "value": "likes coffee"}),
        ("memory_forget", {**said, "excerpt": "x", "value": "likes tea", "id": cat}),
    ])
    schema = tools["memory_forget"].input_schema["properties"]
    assert "case-blind" in schema["value"]["description"] and "id" in schema["id"]["description"]
    first = json.loads(tea.content[0].text)
    assert not tea.is_error and [c["value"] for c in first["changes"]] == ["likes tea"]
    assert first["ack"] == "Forgotten: user.other = likes tea (kept as revoked in the audit trail)."
    assert [c["id"] for c in json.loads(mo.content[0].text)["changes"]] == [cat]
    nothing = json.loads(none.content[0].text)["ack"]
    assert nothing == "Nothing was held for user.other = likes coffee: nothing to forget."
    assert both.is_error and "not both" in both.content[0].text
    assert _values(workspace) == ["is allergic to peanuts"]
    revoked = [e for e in json.loads(cli(workspace, "mem", "list", "--all", "--json"))["entries"]
               if e["state"] == "revoked"]
    assert sorted(e["value"] for e in revoked) == ["has a cat named Mo", "likes tea"]


def test_mem_forget_value_and_id_and_pending_proposals_of_that_value_only(workspace: Path) -> None:
    from memory_store.config import load_config
    from memory_store.core.proposals import ProposalBook
    from memory_store.core.store import CoreMemory

    # staged before the facts were set (a value an active fact holds is never proposed: ProposalBook.held)
    book = ProposalBook(CoreMemory.from_config(load_config(workspace, env={})))
    book.propose("user.other", "likes tea", reason="said twice", ref="chat:s#L1-L1")
    book.propose("user.other", "runs on sundays", reason="said twice", ref="chat:s#L2-L2")
    cli(workspace, "mem", "set", "user.other", "likes tea")
    cli(workspace, "mem", "set", "user.other", "plays chess")
    out = cli(workspace, "mem", "forget", "user.other", "--value", "likes tea")
    assert "revoked" in out and "rejected proposal" in out and "plays chess" not in out and "sundays" not in out
    assert _values(workspace) == ["plays chess"]
    assert [p.loc.entry.value for p in book.proposals()] == ["runs on sundays"]
    assert "nothing held for user.other = likes tea" in cli(workspace, "mem", "forget", "user.other", "--value",
                                                          "likes tea")
