"""`memjobs get` (and MCP memory_get) of an entry a reversal has linked says what search says (review13 #8):
`superseded`, by the entry that reverses it, before the weekly sets the status in the file — one reader
of `supersedes:` links (memory_store/supersedes_read.py) serves both."""
from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import cli
from tests.memory_store.context.test_context_reversal import _session, _workspace


def test_get_says_what_search_says(tmp_path: Path) -> None:
    w = _workspace(tmp_path)
    _session(tmp_path, "a", "2026-11-16T03:00:00Z", "we decided to use Postgres for the billing service")
    assert cli(*w, "run", "microsync", "--since", "2026-11-16", "--now", "2026-11-16T12:00:00Z").exit_code == 0
    assert cli(*w, "run", "weekly", "--now", "2026-11-23T03:00:00Z").exit_code == 0
    _session(tmp_path, "b", "2026-11-24T03:00:00Z",
             "we decided to move the billing service from Postgres to MySQL instead, Postgres licensing is a blocker")
    assert cli(*w, "run", "microsync", "--now", "2026-11-24T12:00:00Z").exit_code == 0
    found = json.loads(cli(*w, "search", "billing service database", "--json").output)["results"]
    [old] = [r for r in found if r["title"].startswith("Use Postgres")]
    [new] = [r for r in found if "MySQL" in r["title"]]
    got = json.loads(cli(*w, "get", old["id"], "--json").output)["entry"]
    assert (old["status"], old["superseded_by"]) == ("superseded", new["id"])
    assert (got["status"], got["superseded_by"]) == ("superseded", new["id"])
    # the file still says active: the weekly owns the status fields
    assert "- status: active" in (tmp_path / "ws" / "memory" / "2026-11-16.md").read_text("utf-8")
