"""A new user's context before the first weekly compound: this week's entries, labelled "recent, not
yet compounded", in `memjobs context` and MCP `memory_context`; gone once a week is compounded."""
from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from memory_store.workspace import init_workspace
from tests.conftest import cli, served_by_tools
from tests.microsync_helpers import claude_code_session


def test_before_the_first_compound_the_context_shows_this_weeks_entries(tmp_path: Path) -> None:
    """Pins: a new user (or one who backfilled only this week) got an empty long memory for up to a
    week: MEMORY.md is written by the weekly compound, for a week that is over."""
    ws = tmp_path / "ws"
    init_workspace(ws)
    now = datetime.now(UTC).replace(microsecond=0)
    monday = (now - timedelta(days=now.weekday())).replace(hour=0, minute=0, second=10)
    said = max(monday, now - timedelta(minutes=2))
    claude_code_session(tmp_path, ws, [
        (said.isoformat(), "user", "We decided to use Postgres for the bookings store, not MySQL."),
        ((said + timedelta(seconds=30)).isoformat(), "assistant", "ok")])
    w = ("--workspace", str(ws))
    assert cli(*w, "run", "microsync").exit_code == 0
    assert not (ws / ".memjobs" / "compound").exists()

    ctx = json.loads(cli(*w, "context", "--json").output)
    [item] = ctx["long_memory"]["recent"]
    assert ctx["long_memory"]["memory_index"] == []
    assert "Decision: Use Postgres for the bookings store" in item["text"] and float(item["confidence"]) >= 0.8
    assert "\n## Recent, not yet compounded\n- " in cli(*w, "context").output
    assert "<recent_not_compounded>" in cli(*w, "context", "--format", "xml").output
    [served] = asyncio.run(served_by_tools(ws, [("memory_context", {"format": "json"})]))
    assert [i["id"] for i in json.loads(served.content[0].text)["long_memory"]["recent"]] == [item["id"]]

    # The weekly compound of this week (as next Monday's run would) promotes it: the group is gone.
    next_monday = (monday + timedelta(days=7)).replace(hour=3, minute=0, second=0)
    assert cli(*w, "run", "weekly", "--now", next_monday.isoformat()).exit_code == 0
    after = json.loads(cli(*w, "context", "--json").output)
    assert after["long_memory"]["recent"] == []
    assert item["id"] in [i["id"] for i in after["long_memory"]["memory_index"]]


def test_a_preference_the_user_had_forgotten_is_not_a_recent_item(tmp_path: Path) -> None:
    """explore6 #2b: "from now on answer in tables" is a PROFILE fact and a Remember entry; after `mem
    forget` the context still listed "Remember: Answer in tables" as recent (MEMORY.md holds such an
    entry out: memory_store/core/held.py) — and a value stored as a code ("always answer in Japanese"
    → ja) is found by no value filter, only by the turn the fact cites."""
    ws = tmp_path / "ws"
    init_workspace(ws)
    now = datetime.now(UTC).replace(microsecond=0)
    monday = (now - timedelta(days=now.weekday())).replace(hour=0, minute=0, second=10)
    said = max(monday, now - timedelta(minutes=5))
    claude_code_session(tmp_path, ws, [
        (said.isoformat(), "user", "We decided to use Postgres for the bookings store, not MySQL."),
        ((said + timedelta(seconds=20)).isoformat(), "assistant", "ok"),
        ((said + timedelta(seconds=40)).isoformat(), "user", "from now on always answer in Japanese"),
        ((said + timedelta(seconds=60)).isoformat(), "assistant", "ok")])
    w = ("--workspace", str(ws))
    assert cli(*w, "run", "microsync").exit_code == 0

    def recent() -> list[str]:
        return [i["text"] for i in json.loads(cli(*w, "context", "--json").output)["long_memory"]["recent"]]

    assert any("Postgres" in t for t in recent())
    assert cli(*w, "mem", "forget", "response.language").exit_code == 0
    after = recent()
    assert any("Postgres" in t for t in after) and not any("Japanese" in t for t in after)
