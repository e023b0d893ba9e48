"""A person's conflict decision in search before the weekly applies it (memory_store/search/decided.py).

explore14 #5: after `memjobs conflicts resolve ID --keep old|new`, until the next weekly, `search` and
MCP `memory_search` returned both sides `active` with no disputed_by / disputes / superseded_by: the
open pair's warnings were gone and the person's decision was not shown. review13 #8: MCP memory_get
gave a linked entry its file's `status: active`. Every read surface now reports an entry's status as
search does, at once. A real workspace through microSync, the CLI and the real MCP server."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from tests.conftest import cli, served_by_tools
from tests.memory_store.context.test_context_reversal import _session, _workspace

REDIS = "We use Redis for the session cache"
MEMCACHED = "We use Memcached for the session cache"


def _pair(tmp_path: Path) -> tuple[tuple[str, ...], str, str]:
    w = _workspace(tmp_path)
    _session(tmp_path, "a", "2026-11-03T03:00:00Z", "Decision: we use Redis for the session cache.")
    _session(tmp_path, "b", "2026-11-10T03:00:00Z", "Decision: we use Memcached for the session cache.")
    out = cli(*w, "backfill", "--since", "2026-11-02", "--until", "2026-11-13")
    assert out.exit_code == 0, out.output
    [pair] = json.loads(cli(*w, "conflicts", "--json").output)["conflicts"]
    return w, pair["id"], pair["established"]["id"]


def _found(w: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    out = cli(*w, "search", "session cache", "--json", "--limit", "20")
    assert out.exit_code == 0, out.output
    return {r["title"]: r for r in json.loads(out.output)["results"] if r["id"]}


def _flags(r: dict[str, Any]) -> tuple[Any, ...]:
    return r["status"], r["superseded_by"], r["disputed_by"], r["disputes"]


def _mcp(ws: Path, ids: list[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    calls: list[tuple[str, dict[str, Any]]] = [("memory_search", {"query": "session cache", "limit": 20})]
    calls += [("memory_get", {"id": i}) for i in ids]
    res = asyncio.run(served_by_tools(ws, calls))
    found = {r["title"]: r for r in json.loads(res[0].content[0].text)["results"] if r["id"]}
    return found, [json.loads(r.content[0].text) for r in res[1:]]


def test_keep_old_marks_the_newer_entry_superseded_at_once_on_every_surface(tmp_path: Path) -> None:
    w, new, old = _pair(tmp_path)
    before = _found(w)
    assert _flags(before[MEMCACHED]) == ("active", None, None, [old])   # the open pair: flagged
    assert cli(*w, "conflicts", "resolve", new, "--keep", "old").exit_code == 0

    found = _found(w)
    assert _flags(found[MEMCACHED]) == ("superseded", old, None, None)
    assert _flags(found[REDIS]) == ("active", None, None, None)
    got = json.loads(cli(*w, "get", new, "--json").output)["entry"]
    assert (got["status"], got["superseded_by"]) == ("superseded", old)
    by_mcp, gets = _mcp(tmp_path / "ws", [new, old])
    assert _flags(by_mcp[MEMCACHED]) == ("superseded", old, None, None)
    assert [(g["status"], g["superseded_by"]) for g in gets] == [("superseded", old), ("active", None)]

    # The person changes their mind: the other side is the rejected one now.
    assert cli(*w, "conflicts", "resolve", new, "--keep", "new").exit_code == 0
    found = _found(w)
    assert _flags(found[REDIS]) == ("superseded", new, None, None)
    assert _flags(found[MEMCACHED]) == ("active", None, None, None)
    assert list(found).index(MEMCACHED) < list(found).index(REDIS)   # what holds is read first


def test_what_search_shows_before_the_weekly_is_what_it_shows_after(tmp_path: Path) -> None:
    w, new, old = _pair(tmp_path)
    assert cli(*w, "conflicts", "resolve", new, "--keep", "new").exit_code == 0
    before = {t: _flags(r) for t, r in _found(w).items() if t in (REDIS, MEMCACHED)}
    assert before == {REDIS: ("superseded", new, None, None), MEMCACHED: ("active", None, None, None)}
    assert cli(*w, "run", "weekly", "--now", "2026-11-16T03:00:00Z").exit_code == 0
    assert cli(*w, "index").exit_code == 0
    after = {t: _flags(r) for t, r in _found(w).items() if t in (REDIS, MEMCACHED)}
    assert after == before


def test_keep_both_marks_neither(tmp_path: Path) -> None:
    w, new, _ = _pair(tmp_path)
    assert cli(*w, "conflicts", "resolve", new, "--keep", "both").exit_code == 0
    found = _found(w)
    assert _flags(found[REDIS]) == ("active", None, None, None)
    assert _flags(found[MEMCACHED]) == ("active", None, None, None)


def test_memory_get_reports_a_linked_entry_as_search_does(tmp_path: Path) -> None:
    """review13 #8 through MCP: memory_get of an entry a reversal superseded, before the weekly."""
    w = _workspace(tmp_path)
    _session(tmp_path, "a", "2026-11-16T03:00:00Z", "we decided to use Postgres for the billing service")
    assert cli(*w, "run", "microsync", "--since", "2026-11-16", "--now", "2026-11-16T12:00:00Z").exit_code == 0
    assert cli(*w, "run", "weekly", "--now", "2026-11-23T03:00:00Z").exit_code == 0
    _session(tmp_path, "b", "2026-11-24T03:00:00Z",
             "we decided to move the billing service from Postgres to MySQL instead, Postgres licensing is a blocker")
    assert cli(*w, "run", "microsync", "--now", "2026-11-24T12:00:00Z").exit_code == 0
    res = asyncio.run(served_by_tools(tmp_path / "ws", [("memory_search", {"query": "billing service database"})]))
    [old] = [r for r in json.loads(res[0].content[0].text)["results"] if r["title"].startswith("Use Postgres")]
    assert old["status"] == "superseded" and old["superseded_by"]
    [got] = [json.loads(r.content[0].text)
             for r in asyncio.run(served_by_tools(tmp_path / "ws", [("memory_get", {"id": old["id"]})]))]
    assert "status: active" in got["text"]   # the file, unchanged until the weekly
    assert (got["status"], got["superseded_by"]) == (old["status"], old["superseded_by"])
