"""Search right after an upgrade: the index on disk was built by an older memjobs (an older tokenizer
and schema). Search writes nothing (docs/design.md §3), so it cannot rebuild it; it answers from a
scan of the memory files instead, with a note, never an error (explore15 item 5 (a))."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import anyio

from jobs.mcp.search_tools import Memory
from memory_store.search.schema import MIGRATIONS
from memory_store.search.tokens import TOKENIZER_VERSION
from tests.conftest import cli_run
from tests.memory_store.search.test_search_fixtures import config, entry, snapshot, write_daily

DAY = "2026-10-06"
POSTGRES = entry("Decision", "Use PostgreSQL for billing", DAY, "Billing lives in PostgreSQL 16.")
FRIDAYS = entry("Rule", "No Friday deploys", DAY, "Never deploy on Fridays.")


def _old_index(ws: Path) -> Path:
    """An index as a version before core memory wrote it: migrations 001-003 only, tokenizer "3"."""
    path = ws / ".memjobs" / "index.sqlite"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE migrations(name TEXT PRIMARY KEY)")
    for name, fn in MIGRATIONS[:3]:
        fn(db)
        db.execute("INSERT INTO migrations(name) VALUES (?)", (name,))
    db.execute("INSERT INTO meta(key, value) VALUES ('tokenizer', '3')")
    db.execute("INSERT INTO files VALUES ('memory/2026-10-06.md', 1, 1, 'x', 'warm', '2026-10-06', 1)")
    db.execute("INSERT INTO rows(rowid, path, line, end_line, type, kind, id, title, body, date, status)"
               " VALUES (1, 'memory/2026-10-06.md', 3, 9, 'entry', 'decision', 'OLD', 'old row', 'old', ?,"
               " 'active')", (DAY,))
    db.commit()
    db.close()
    return path


def _upgraded(ws: Path) -> Path:
    write_daily(ws, DAY, [POSTGRES, FRIDAYS])
    assert TOKENIZER_VERSION != "3"
    return _old_index(ws)


def test_cli_search_answers_from_the_files_with_a_note(workspace: Path) -> None:
    _upgraded(workspace)
    before = snapshot(workspace)
    p = cli_run("--workspace", str(workspace), "search", "billing PostgreSQL")
    assert p.returncode == 0, p.stderr
    assert "memory/2026-10-06.md:" in p.stdout and "Use PostgreSQL for billing" in p.stdout
    assert "another version" in p.stderr and "memjobs index --rebuild" in p.stderr
    assert "Traceback" not in p.stderr
    p = cli_run("--workspace", str(workspace), "search", "billing PostgreSQL", "--json")
    assert p.returncode == 0, p.stderr
    assert '"Use PostgreSQL for billing"' in p.stdout
    assert snapshot(workspace) == before   # search wrote nothing: not the index, not a temp file


def test_mcp_memory_search_answers_with_a_note(workspace: Path) -> None:
    _upgraded(workspace)
    before = snapshot(workspace)
    memory = Memory(config(workspace))
    out = memory.search("Friday deploys", None, None, None, None, None)
    assert [r["title"] for r in out["results"]][:1] == ["No Friday deploys"]
    assert "another version" in out["note"] and "memjobs index --rebuild" in out["note"]
    got = memory.get(FRIDAYS.id, None, None, None)
    assert "Never deploy on Fridays." in got["text"]
    assert snapshot(workspace) == before


def test_once_rebuilt_search_reads_the_index_again(workspace: Path) -> None:
    _upgraded(workspace)
    memory = Memory(config(workspace))
    assert "note" in memory.search("billing", None, None, None, None, None)
    assert cli_run("--workspace", str(workspace), "index").returncode == 0
    out = memory.search("billing", None, None, None, None, None)
    assert out["results"][0]["title"] == "Use PostgreSQL for billing"
    assert "note" not in out


def test_mcp_stdio_session_gets_results_not_an_error(workspace: Path) -> None:
    from tests.jobs.mcp.test_mcp import _session

    _upgraded(workspace)
    out = anyio.run(_session, workspace, [("memory_search", {"query": "billing PostgreSQL"})])
    found = out["calls"][0]
    assert not found.is_error, found.content
    assert found.structured_content["results"][0]["title"] == "Use PostgreSQL for billing"
    assert "memjobs index --rebuild" in found.structured_content["note"]


def test_the_scan_reads_the_last_months_and_every_undated_file(workspace: Path) -> None:
    """Each CLI search after an upgrade builds its scan afresh, so it reads the dated files of the
    warm tier's days before the newest one (and every undated file: MEMORY.md, the archive) — a
    year of daily logs would cost seconds per search (review16 F6)."""
    old_day, edge_day = "2026-08-01", "2026-09-07"   # 66 and 29 days before DAY
    assert config(workspace).limits.warm_days == 30
    write_daily(workspace, old_day, [entry("Decision", "Use Kafka for audit events", old_day, "Audit goes to Kafka.")])
    write_daily(workspace, edge_day, [entry("Decision", "Use Kafka for billing events", edge_day, "Billing on Kafka.")])
    archive = workspace / "memory" / "archive" / "2026-08.md"
    archive.parent.mkdir(parents=True, exist_ok=True)
    archive.write_text("# Archive 2026-08\n\n- Kafka retention is seven days (archived)\n", encoding="utf-8")
    _upgraded(workspace)
    p = cli_run("--workspace", str(workspace), "search", "Kafka", "--json", "--tier", "all", "--limit", "20")
    assert p.returncode == 0, p.stderr
    assert "Use Kafka for billing events" in p.stdout          # 29 days before the newest: read
    assert "retention is seven days" in p.stdout                # undated: read
    assert "Use Kafka for audit events" not in p.stdout         # 66 days before: left to the rebuild
    assert "the last 30 days" in p.stderr
    assert cli_run("--workspace", str(workspace), "index").returncode == 0
    p = cli_run("--workspace", str(workspace), "search", "Kafka", "--json", "--tier", "all", "--limit", "20")
    assert "Use Kafka for audit events" in p.stdout and "another version" not in p.stderr
