"""A job killed (kill -9) in the middle of a search-index write leaves a hot journal
(`.memjobs/index.sqlite-journal`) that a read-only reader cannot roll back. Search then says
precisely what happened and what to run, MCP memory_search is an error that says so (not "there is
no search index yet"), `status` warns, and `memjobs index` repairs it (docs/design.md §6.1, §7.2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import anyio

from memory_store.search.indexer import update_index
from memory_store.search.schema import hot_journal
from memory_store.workspace import init_workspace
from tests.conftest import cli, served_by_tools
from tests.memory_store.search.test_search_fixtures import config, entry, write_daily

DAY = "2026-10-06"

# What the kill leaves: a write transaction whose changed pages spilled into the database file
# (cache_size=1), the journal holding their old bytes, and the process gone without a rollback.
KILLED_WRITER = """
import os, signal, sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("PRAGMA cache_size=1")
c.execute("BEGIN IMMEDIATE")
for (t,) in c.execute("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite%'"
                      " AND sql NOT LIKE '%VIRTUAL%'").fetchall():
    try:
        c.execute(f'DELETE FROM "{t}"')
    except sqlite3.DatabaseError:
        pass
os.kill(os.getpid(), signal.SIGKILL)
"""


def _killed_mid_write(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\n", encoding="utf-8")
    entries = [entry("Decision", "Use Svelte for the dashboard", DAY, "The dashboard is built with Svelte.")]
    entries += [entry("Decision", f"Use tool {i} for chore {i}", DAY, f"Chore {i} lorem ipsum dolor sit amet.")
                for i in range(60)]
    write_daily(ws, DAY, entries)
    update_index(config(ws))
    assert cli("--workspace", str(ws), "search", "svelte").exit_code == 0
    db = ws / ".memjobs" / "index.sqlite"
    done = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(db)], capture_output=True)
    assert done.returncode == -9, done.stderr
    assert hot_journal(db)
    return ws


def test_a_hot_journal_is_named_by_search_mcp_and_status_and_memjobs_index_repairs_it(tmp_path: Path) -> None:
    ws = _killed_mid_write(tmp_path)
    searched = cli("--workspace", str(ws), "search", "svelte")
    assert searched.exit_code == 1
    assert "left half-written by a job that was stopped" in searched.output
    assert "index.sqlite-journal" in searched.output and "run `memjobs index`" in searched.output
    assert "readonly" not in searched.output

    (found,) = anyio.run(served_by_tools, ws, [("memory_search", {"query": "svelte"})])
    text = found.content[0].text
    assert found.is_error, text
    assert "no search index yet" not in text and "run `memjobs index`" in text

    status = cli("--workspace", str(ws), "status", "--json")
    assert status.exit_code == 0, status.output
    (warning,) = [w for w in json.loads(status.output)["warnings"] if "index" in w]
    assert "index.sqlite-journal" in warning and "memjobs index" in warning

    assert hot_journal(ws / ".memjobs" / "index.sqlite")     # reading repaired nothing: readers write nothing
    repaired = cli("--workspace", str(ws), "index")
    assert repaired.exit_code == 0, repaired.output
    assert not hot_journal(ws / ".memjobs" / "index.sqlite")
    searched = cli("--workspace", str(ws), "search", "svelte", "--json")
    assert searched.exit_code == 0, searched.output
    assert "Svelte" in json.loads(searched.output)["results"][0]["title"]
    status = cli("--workspace", str(ws), "status", "--json")
    assert not [w for w in json.loads(status.output)["warnings"] if "index" in w]
