"""The index: rows with line numbers, incremental updates, rebuild, generation file, post-run hook."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from memory_store.search.chunks import rows_of
from memory_store.search.indexer import bump_generation, update_index
from memory_store.search.query import Searcher
from tests.memory_store.search.test_search_fixtures import config, entry, snapshot, write_daily

MEMORY_MD = """# MEMORY

## Pinned
Always answer in Thai when the user writes Thai.

<!-- memjobs:begin -->
## Rules & constraints
- Never deploy on Fridays ([RULE-20261001-never-deploy-on-fridays-a1b2c3](memory/2026-10-01.md))

## Decisions
- Bookings live in PostgreSQL 16, chosen for transactions across bookings and payments
  ([DECISION-20261006-use-postgresql-for-the-bookings-store-3f9a1c](memory/2026-10-06.md))
<!-- memjobs:end -->
"""


def _rows(db_path: Path) -> list[tuple[str, int, str]]:
    db = sqlite3.connect(db_path)
    try:
        return db.execute("SELECT path, line, type FROM rows ORDER BY path, line").fetchall()
    finally:
        db.close()


def test_rows_of_a_daily_file_cite_heading_lines() -> None:
    e1 = entry("Decision", "Use PostgreSQL", "2026-10-06", "Bookings live in PostgreSQL 16.")
    e2 = entry("Rule", "No Friday deploys", "2026-10-06", "Never deploy on Fridays.")
    from memory_store.markdown_write import serialize_entry

    text = (
        "# 2026-10-06\n\nA note OpenClaw flushed here.\n\n" + serialize_entry(e1) + "\n" + serialize_entry(e2)
    )
    rows = rows_of("memory/2026-10-06.md", text)
    entries = [r for r in rows if r.type == "entry"]
    headings = [i for i, ln in enumerate(text.splitlines(), start=1) if ln.startswith("## ")]
    assert [(r.line, r.kind, r.id) for r in entries] == [
        (headings[0], "decision", e1.id),
        (headings[1], "rule", e2.id),
    ]
    assert headings[0] == 5
    assert entries[0].body.splitlines()[0] == "Bookings live in PostgreSQL 16."
    chunk = next(r for r in rows if r.type == "chunk" and r.body)
    assert (chunk.line, chunk.title, chunk.body, chunk.date) == (
        3,
        "2026-10-06",
        "A note OpenClaw flushed here.",
        "2026-10-06",
    )


def test_rows_of_memory_md_items_and_pinned_prose() -> None:
    rows = rows_of("MEMORY.md", MEMORY_MD)
    items = [r for r in rows if r.type == "item"]
    assert [(r.line, r.kind, r.date) for r in items] == [
        (8, "rule", "2026-10-01"),
        (11, "decision", "2026-10-06"),
    ]
    assert items[1].title.startswith("Bookings live in PostgreSQL 16, chosen")
    prose = [r for r in rows if r.type == "chunk" and r.body]
    assert [(r.line, r.title) for r in prose] == [(4, "Pinned")]


def test_rows_of_core_memory_lines_and_headed_paragraphs() -> None:
    rows = rows_of(
        "PROFILE.md",
        "# Profile\n\n- key:response.tone | value:concise | priority:70 | ttl:none"
        " | source:user_explicit | updated_at:2026-11-22T04:00:00Z\n",
    )
    assert [(r.line, r.type, r.title, r.body, r.kind) for r in rows if r.type == "line"] == [
        (3, "line", "response.tone", "concise", "core")
    ]
    rows = rows_of(
        "PROFILE.md",
        "# Profile\n\n- key:user.name | value:Som \\| Chai | status:active\n\n## Inactive\n"
        "- key:user.name | value:Mallory | status:revoked\n",
    )
    assert [(r.title, r.body) for r in rows if r.type == "line"] == [("user.name", "Som | Chai")]
    wrap = (
        "# Wrap-up\n\n## Decisions made today\n- Moved CI to GitHub Actions\n- Dropped Jenkins\n\n"
        "## Open loops\n\n"
        "Flaky test in payments.\n"
    )
    rows = rows_of("second-brain/summaries/2026-10-06-wrapup.md", wrap)
    assert [(r.line, r.end_line, r.title) for r in rows if r.body] == [
        (4, 5, "Decisions made today"),
        (9, 9, "Open loops"),
    ]


def test_incremental_update_reindexes_only_what_changed_and_drops_deleted(workspace: Path) -> None:
    cfg = config(workspace)
    a = write_daily(
        workspace, "2026-10-06", [entry("Decision", "Use PostgreSQL", "2026-10-06", "Postgres it is.")]
    )
    b = write_daily(
        workspace, "2026-10-07", [entry("Rule", "No Friday deploys", "2026-10-07", "Never on Fridays.")]
    )
    first = update_index(cfg)
    assert first.rebuilt and "memory/2026-10-06.md" in first.indexed
    assert update_index(cfg).indexed == []  # nothing changed: nothing rescanned

    write_daily(workspace, "2026-10-06", [entry("Decision", "Use MySQL", "2026-10-06", "MySQL after all.")])
    second = update_index(cfg)
    assert second.indexed == ["memory/2026-10-06.md"] and second.removed == []
    os.utime(b, ns=(b.stat().st_atime_ns, b.stat().st_mtime_ns + 5_000_000_000))  # touched, same bytes
    assert update_index(cfg).indexed == []

    b.unlink()
    third = update_index(cfg)
    assert third.removed == ["memory/2026-10-07.md"] and third.rows_removed >= 1
    paths = {p for p, _, _ in _rows(cfg.state_dir / "index.sqlite")}
    assert "memory/2026-10-07.md" not in paths and "memory/2026-10-06.md" in paths
    s = Searcher(cfg)
    try:
        assert [h.title for h in s.search("mysql").hits] == ["Use MySQL"]
        assert s.search("postgres").hits == [] and s.search("fridays").hits == []
    finally:
        s.close()
    assert a.exists()


def test_index_writes_only_under_memjobs_index(workspace: Path) -> None:
    cfg = config(workspace)
    write_daily(workspace, "2026-10-06", [entry("Decision", "Use PostgreSQL", "2026-10-06", "Postgres.")])
    before = {k: v for k, v in snapshot(workspace).items() if not k.startswith(".memjobs/")}
    update_index(cfg)
    update_index(cfg, rebuild=True)
    after = snapshot(workspace)
    assert {k: v for k, v in after.items() if not k.startswith(".memjobs/")} == before
    assert all(k.startswith(".memjobs/index") for k in after if k.startswith(".memjobs/"))
    assert not (cfg.state_dir / "index.rebuild.sqlite").exists()


def test_rebuild_swaps_in_a_new_file_and_readers_keep_working(workspace: Path) -> None:
    cfg = config(workspace)
    write_daily(workspace, "2026-10-06", [entry("Decision", "Use PostgreSQL", "2026-10-06", "Postgres.")])
    update_index(cfg)
    reader = Searcher(cfg)
    inode = (cfg.state_dir / "index.sqlite").stat().st_ino
    update_index(cfg, rebuild=True)
    assert (cfg.state_dir / "index.sqlite").stat().st_ino != inode
    assert [h.title for h in reader.search("postgres").hits] == [
        "Use PostgreSQL"
    ]  # the old file, still whole
    reader.close()


def test_generation_file_marks_staleness_until_the_next_update(workspace: Path) -> None:
    cfg = config(workspace)
    update_index(cfg)
    s = Searcher(cfg)
    assert not s.is_stale()
    bump_generation(cfg.state_dir)
    assert s.is_stale()
    update_index(cfg)
    assert not s.is_stale()
    s.close()


def test_post_run_hook_indexes_after_a_job(workspace: Path) -> None:
    from jobs.run.reindex import post_run
    from jobs.run.report import RunReport

    cfg = config(workspace)
    write_daily(workspace, "2026-10-06", [entry("Decision", "Use PostgreSQL", "2026-10-06", "Postgres.")])
    report = RunReport(job="microsync", run_id="r1", now="", started="", written=["memory/2026-10-06.md"])
    post_run(cfg, report)
    s = Searcher(cfg)
    try:
        assert not s.is_stale() and s.search("postgres").hits
    finally:
        s.close()


def test_registry_runs_the_hook_after_a_job(workspace: Path) -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from jobs.dispatch import registry

    cfg = config(workspace)
    write_daily(
        workspace, "2026-10-06", [entry("Rule", "No Friday deploys", "2026-10-06", "Never on Fridays.")]
    )
    registry.run(cfg, "microsync", now=datetime(2026, 10, 6, 10, tzinfo=ZoneInfo("Asia/Bangkok")))
    s = Searcher(cfg)
    try:
        assert [h.title for h in s.search("fridays").hits] == ["No Friday deploys"]
    finally:
        s.close()
