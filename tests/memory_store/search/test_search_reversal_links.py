"""A reversal in search before the weekly applies it (docs/design.md §6.4, §8.6): microSync writes the
newer entry with `supersedes:` at once and the weekly sets the old one's status a week later; the
index records the link right away (memory_store/search/links.py), so `memjobs search` and MCP
memory_search give the old entry `status: superseded` and `superseded_by`, below what replaced it,
and a rolled-back run takes the mark back. A real workspace through microSync, no weekly in between."""
from __future__ import annotations

import asyncio
import json

from tests.conftest import cli, served_by_tools
from tests.memory_store.context.test_context_reversal import _session, _workspace

QUERY = "billing service database"


def _results(w: tuple[str, ...]) -> list[dict]:  # type: ignore[type-arg]
    out = cli(*w, "search", QUERY, "--json")
    assert out.exit_code == 0, out.output
    return [r for r in json.loads(out.output)["results"] if r["id"]]


def test_an_entry_a_reversal_supersedes_is_marked_and_ranked_below_it_right_after_microsync(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """explore13 #3: on the Wednesday after "move the billing service from Postgres to MySQL
    instead", search ranked "Use Postgres for the billing service" first, `status: active`,
    `superseded_by: null`, until next Monday's weekly."""
    w = _workspace(tmp_path)
    _session(tmp_path, "a", "2026-11-16T03:00:00Z", "we decided to use Postgres for the billing service")
    assert cli(*w, "run", "microsync", "--since", "2026-11-16", "--now", "2026-11-16T12:00:00Z").exit_code == 0
    assert cli(*w, "run", "weekly", "--now", "2026-11-23T03:00:00Z").exit_code == 0
    [pg] = [r for r in _results(w) if "Postgres for the billing" in r["title"]]
    assert pg["status"] == "active" and pg["superseded_by"] is None

    _session(tmp_path, "b", "2026-11-24T03:00:00Z",
             "we decided to move the billing service from Postgres to MySQL instead, Postgres licensing is a blocker")
    ran = cli(*w, "run", "microsync", "--now", "2026-11-24T12:00:00Z")
    assert ran.exit_code == 0
    run_id = ran.output.split()[1].rstrip(":")
    daily = (tmp_path / "ws" / "memory" / "2026-11-24.md").read_text(encoding="utf-8")
    assert f"- supersedes: {pg['id']}" in daily

    found = _results(w)
    ids = [r["id"] for r in found]
    [old] = [r for r in found if r["id"] == pg["id"]]
    assert old["status"] == "superseded" and old["superseded_by"] in daily and old["superseded_by"] != pg["id"]
    assert ids.index(old["superseded_by"]) < ids.index(pg["id"]), [r["title"] for r in found]
    [answer] = asyncio.run(served_by_tools(tmp_path / "ws", [("memory_search", {"query": QUERY})]))
    served = [r for r in json.loads(answer.content[0].text)["results"] if r["id"]]
    [mcp_old] = [r for r in served if r["id"] == pg["id"]]
    assert mcp_old["superseded_by"] == old["superseded_by"] and mcp_old["status"] == "superseded"
    assert [r["id"] for r in served].index(old["superseded_by"]) < [r["id"] for r in served].index(pg["id"])

    # The run rolled back (and the index brought up to date: a rollback does not update it): the link
    # is gone, and so is the mark.
    assert cli(*w, "rollback", run_id).exit_code == 0
    assert cli(*w, "index").exit_code == 0
    [back] = [r for r in _results(w) if r["id"] == pg["id"]]
    assert back["status"] == "active" and back["superseded_by"] is None
