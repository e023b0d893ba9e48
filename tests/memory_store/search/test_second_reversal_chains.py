"""Two reversals of one decision in the same week resolve to the last (review13 #10).

Monday "use Postgres for billing" (compounded); Tuesday "move billing from Postgres to MySQL instead"
(linked to Postgres); Wednesday "move billing from Postgres to SQLite instead". The Wednesday entry changes
the subject the Tuesday one holds now, so microSync links it to the Tuesday entry (the end of the chain),
not to nothing: search, the context and the weekly then agree that only SQLite is current."""
from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import cli
from tests.memory_store.context.test_context_reversal import _session, _workspace


def test_a_second_reversal_replaces_the_first(tmp_path: Path) -> None:
    w = _workspace(tmp_path)
    ws = tmp_path / "ws"
    _session(tmp_path, "a", "2026-11-16T03:00:00Z", "we decided to use Postgres for the billing service")
    assert cli(*w, "run", "microsync", "--since", "2026-11-16", "--now", "2026-11-16T12:00:00Z").exit_code == 0
    assert cli(*w, "run", "weekly", "--now", "2026-11-23T03:00:00Z").exit_code == 0
    _session(tmp_path, "b", "2026-11-24T03:00:00Z",
             "we decided to move the billing service from Postgres to MySQL instead, Postgres licensing is a blocker")
    assert cli(*w, "run", "microsync", "--now", "2026-11-24T12:00:00Z").exit_code == 0
    _session(tmp_path, "c", "2026-11-25T03:00:00Z",
             "we decided to move the billing service from Postgres to SQLite instead, MySQL hosting is too expensive")
    assert cli(*w, "run", "microsync", "--now", "2026-11-25T12:00:00Z").exit_code == 0

    found = json.loads(cli(*w, "search", "billing service database", "--json").output)["results"]
    by_db = {db: r for r in found for db in ("Use Postgres", "MySQL instead", "SQLite instead") if db in r["title"]}
    pg, my, sq = by_db["Use Postgres"], by_db["MySQL instead"], by_db["SQLite instead"]
    assert (pg["status"], pg["superseded_by"]) == ("superseded", my["id"])
    assert (my["status"], my["superseded_by"]) == ("superseded", sq["id"])
    assert (sq["status"], sq["superseded_by"]) == ("active", None)
    assert f"- supersedes: {my['id']}" in (ws / "memory" / "2026-11-25.md").read_text("utf-8")

    ctx = json.loads(cli(*w, "context", "--json", "--now", "2026-11-26T02:00:00Z").output)
    [item] = ctx["long_memory"]["memory_index"]
    assert f"REPLACED by the newer {sq['id']}" in item["text"] and my["id"] not in item["text"], item
    got = json.loads(cli(*w, "get", my["id"], "--json").output)["entry"]
    assert (got["status"], got["superseded_by"]) == ("superseded", sq["id"])

    assert cli(*w, "run", "weekly", "--now", "2026-11-30T03:00:00Z").exit_code == 0
    memory = (ws / "MEMORY.md").read_text("utf-8")
    assert sq["id"] in memory and my["id"] not in memory and pg["id"] not in memory, memory
