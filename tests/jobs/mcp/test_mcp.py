"""`memjobs mcp`: a real MCP client session over stdio against the real CLI — tool schemas, structured
results, read-only hints, and the tools on a fresh `memjobs init` workspace and on the demo."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

from jobs.demo.build import DemoResult
from memory_store.search.indexer import update_index
from memory_store.workspace import init_workspace
from tests.conftest import cli, copy_built, isolated, mcp_server
from tests.memory_store.search.test_search_fixtures import config, entry, snapshot, write_daily

DAY = "2026-10-06"


Calls = list[tuple[str, dict[str, Any]]]


async def _session(ws: Path, calls: Calls, then: Callable[[list[Any]], Calls] | None = None) -> dict[str, Any]:
    """One stdio session: `calls`, then the calls `then` makes of their results (a test that reads
    needs one server, not one per question)."""
    from mcp import stdio_client
    from mcp.client import ClientSession

    params = mcp_server(ws)
    out: dict[str, Any] = {"calls": []}
    with open(os.devnull, "w") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write) as session,
        ):
            init = await session.initialize()
            out["server"] = (init.server_info.name, init.server_info.version)
            out["tools"] = {t.name: t for t in (await session.list_tools()).tools}
            for name, args in calls:
                out["calls"].append(await session.call_tool(name, args))
            for name, args in then(out["calls"]) if then else []:
                out["calls"].append(await session.call_tool(name, args))
    return out


def _first(calls: list[Any]) -> dict[str, Any]:
    return calls[0].structured_content["results"][0]  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One session of `memjobs mcp` over a workspace holding one decision, for the two tests that
    only read: the tools it lists, a search, then gets of what the search found and refused calls;
    the workspace's bytes before and after."""
    root = tmp_path_factory.mktemp("served")
    with isolated(root):
        ws = root / "ws"
        init_workspace(ws)
        (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\n", encoding="utf-8")
        e = entry("Decision", "Use PostgreSQL for bookings", DAY, "Bookings live in PostgreSQL 16.")
        write_daily(ws, DAY, [e])
        update_index(config(ws))
        before = snapshot(ws)

        def then(calls: list[Any]) -> Calls:
            first = _first(calls)
            return [("memory_get", {"id": e.id}),
                    ("memory_get", {"path": first["path"], "start_line": first["line"], "end_line": first["line"] + 1}),
                    ("memory_get", {"path": "../../etc/passwd"}),
                    ("memory_search", {"query": "x", "limit": 500}),
                    ("memory_search", {"query": "x", "tier": "lukewarm"})]

        out = anyio.run(_session, ws, [("memory_search", {"query": "postgresql", "tier": "all"})], then)
        return {**out, "entry": e, "before": before, "after": snapshot(ws)}


def test_tools_have_schemas_enums_descriptions_and_read_only_hints(served: dict[str, Any]) -> None:
    out = served
    assert out["server"][0] == "memjobs" and out["server"][1] not in ("", None)
    assert sorted(out["tools"]) == ["memory_context", "memory_episode_record", "memory_forget", "memory_get",
                                    "memory_procedure_learn", "memory_procedures", "memory_propose",
                                    "memory_remember", "memory_resolve", "memory_search"]
    hints = {name: (t.annotations.read_only_hint, t.annotations.destructive_hint) for name, t in out["tools"].items()}
    assert hints == {"memory_get": (True, False), "memory_search": (True, False), "memory_resolve": (True, False),
                     "memory_context": (True, False),
                     "memory_remember": (False, False), "memory_propose": (False, False),
                     "memory_forget": (False, True), "memory_procedures": (True, False),
                     "memory_procedure_learn": (False, False), "memory_episode_record": (False, False)}
    for name in ("memory_get", "memory_search", "memory_procedures"):
        tool = out["tools"][name]
        assert tool.output_schema and tool.output_schema.get("type") == "object"
    for tool in out["tools"].values():
        props = tool.input_schema["properties"]
        assert all(p.get("description") for p in props.values()), (tool.name, props)
    props = out["tools"]["memory_search"].input_schema["properties"]
    enum_of = {k: next(o["enum"] for o in v["anyOf"] if "enum" in o) for k, v in props.items() if k in ("tier", "kind")}
    assert enum_of["tier"] == ["warm", "cold", "all", "sessions"]
    assert enum_of["kind"] == ["decision", "rule", "constraint", "architecture", "remember", "procedure"]
    assert "results" in out["tools"]["memory_search"].output_schema["properties"]


def test_stdio_session_gets_cited_structured_results(served: dict[str, Any]) -> None:
    e = served["entry"]
    first = _first(served["calls"])
    assert (first["path"], first["id"], first["source"]["message_range"]) == (f"memory/{DAY}.md", e.id, "L3-L9")
    assert first["snippet"] == "Bookings live in **PostgreSQL** 16." and first["uncertain"] is False
    got, lines, outside, bad_limit, bad_tier = served["calls"][1:]
    assert got.structured_content["line"] == first["line"]
    assert got.structured_content["text"].startswith("## Decision: Use PostgreSQL for bookings\n- id: ")
    assert lines.structured_content["text"] == f"## Decision: Use PostgreSQL for bookings\n- id: {e.id}"
    assert outside.is_error and "not a memory file" in outside.content[0].text
    assert bad_limit.is_error and "50" in bad_limit.content[0].text
    assert bad_tier.is_error and "sessions" in bad_tier.content[0].text
    assert served["after"] == served["before"]


def test_tools_work_right_after_init_and_without_an_index(tmp_path: Path) -> None:
    """`memjobs init` creates the empty index: a search answers with no results, not an error; with no
    index at all the answer is empty too, with a note saying what to run."""

    ws = tmp_path / "fresh"
    res = cli("init", str(ws))
    assert res.exit_code == 0, res.output
    assert (ws / ".memjobs" / "index.sqlite").is_file()
    out = anyio.run(_session, ws, [("memory_search", {"query": "anything at all"}),
                                   ("memory_get", {"path": "MEMORY.md", "start_line": 1, "end_line": 1})])
    found, head = out["calls"]
    assert not found.is_error and found.structured_content["results"] == []
    assert not head.is_error and head.structured_content["text"] == "# MEMORY"
    (ws / ".memjobs" / "index.sqlite").unlink()
    out = anyio.run(_session, ws, [("memory_search", {"query": "anything"})])
    missing = out["calls"][0]
    assert not missing.is_error and missing.structured_content["results"] == []
    assert "memjobs index" in missing.structured_content["note"]


def test_every_tool_on_the_demo(tmp_path: Path, demo_built: DemoResult) -> None:
    """The bundled demo: each tool answers with what the demo's sessions decided."""

    ws = copy_built(demo_built.workspace, tmp_path / "demo")   # conftest: `memjobs demo`'s build

    def hit_of(calls: list[Any]) -> dict[str, Any]:
        return next(h for h in calls[0].structured_content["results"] if h["id"])  # type: ignore[no-any-return]

    def then(calls: list[Any]) -> Calls:
        return [("memory_get", {"id": hit_of(calls)["id"]})] if calls[0].structured_content["results"] else []

    out = anyio.run(_session, ws, [("memory_search", {"query": "redis ttl"}),
                                   ("memory_search", {"query": "why did we put availability in redis", "limit": 3})],
                    then)
    words, question, *got = out["calls"]
    assert words.structured_content["results"], words.content
    assert question.structured_content["results"], question.content
    hit = hit_of(out["calls"])
    assert hit["tier"] in ("warm", "cold")
    assert got[0].structured_content["text"].startswith("## ")
