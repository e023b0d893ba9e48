"""Run ledger operations: runs, rollback (and its refusal), backfill (resumable, same as the schedule)."""

from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path

import pytest

from jobs.demo.build import DemoResult
from jobs.dispatch import registry
from jobs.dispatch.backfill import backfill
from jobs.run.history import rollback, runs, show_run
from jobs.run.runner import RunOptions
from memory_store.errors import RollbackRefused
from tests.conftest import cli_run
from tests.microsync_helpers import demo_workspace, memory_bytes, replayed_copy


def _all_bytes(ws: Path) -> dict[str, bytes]:
    return {
        p.relative_to(ws).as_posix(): p.read_bytes()
        for p in ws.rglob("*")
        if p.is_file()
        and "runs" not in p.parts
        and ".locks" not in p.parts
        and "index" not in p.name
        and "backfill" not in p.name
    }


def test_rollback_restores_memory_files_and_state_then_refuses_twice(tmp_path: Path, demo_first_day: DemoResult):
    cfg = replayed_copy(demo_first_day.workspace, tmp_path / "ws")   # conftest: the first day's schedule
    before = _all_bytes(cfg.workspace)
    rep = registry.run(cfg, "microsync", now=datetime.fromisoformat("2026-11-17T13:00:00+07:00"))
    assert rep.written, "the run must change something for this test"
    daily = cfg.workspace / rep.written[0]
    daily.write_text(daily.read_text("utf-8") + "\nHand-written note.\n", encoding="utf-8")
    with pytest.raises(RollbackRefused, match=rep.written[0]):
        rollback(cfg, rep.run_id)
    daily.write_text(daily.read_text("utf-8").replace("\nHand-written note.\n", ""), encoding="utf-8")
    result = rollback(cfg, rep.run_id)
    assert result["status"] == "ok" and set(rep.written) <= set(result["written"])
    assert _all_bytes(cfg.workspace) == before
    with pytest.raises(RollbackRefused, match="already rolled back"):
        rollback(cfg, rep.run_id)
    listed = runs(cfg)
    assert any(r["job"] == "rollback" for r in listed)
    assert show_run(cfg, rep.run_id)["rolled_back"]


def test_rollback_cli_refusal_names_the_file(tmp_path: Path):
    cfg, _ = demo_workspace(tmp_path)
    rep = registry.run(
        cfg,
        "microsync",
        now=datetime.fromisoformat("2026-11-16T13:00:00+07:00"),
        options=RunOptions(
            since=datetime.fromisoformat("2026-11-16T00:00:00+07:00")
        ),
    )
    target = cfg.workspace / rep.written[0]
    target.write_text(target.read_text() + "x\n")
    p = cli_run("--workspace", str(cfg.workspace), "rollback", rep.run_id)
    assert p.returncode == 1 and rep.written[0] in p.stderr and "Traceback" not in p.stderr
    p = cli_run("--workspace", str(cfg.workspace), "runs", "--json")
    assert p.returncode == 0 and json.loads(p.stdout)[0]["run_id"] == rep.run_id


def test_backfill_matches_the_schedule_and_resumes(tmp_path: Path, demo_replayed: DemoResult):
    cfg_a = replayed_copy(demo_replayed.workspace, tmp_path / "a")
    registry.run(cfg_a, "microsync", now=datetime.fromisoformat("2026-11-21T10:00:00+07:00"))
    cfg_b, _ = demo_workspace(tmp_path / "b")
    prog = backfill(cfg_b, date(2026, 11, 16), date(2026, 11, 18))
    assert [d.isoformat() for d in prog.done] == ["2026-11-16", "2026-11-17", "2026-11-18"]
    again = backfill(cfg_b, date(2026, 11, 16), date(2026, 11, 18))
    assert again.reports == []  # resumed: nothing left to do
    backfill(cfg_b, date(2026, 11, 16), date(2026, 11, 21))
    daily_a = {k: v for k, v in memory_bytes(cfg_a.workspace).items() if k.startswith("memory/2026-")}
    daily_b = {k: v for k, v in memory_bytes(cfg_b.workspace).items() if k.startswith("memory/2026-")}
    def ids(files: dict[str, bytes]) -> list[str]:
        return sorted(line for v in files.values() for line in v.decode().splitlines() if line.startswith("- id:"))

    assert ids(daily_b) == ids(daily_a)


def test_rollback_of_a_weekly_run_restores_memory_md_archive_and_status_fields(tmp_path: Path,
                                                                              demo_replayed: DemoResult):
    """Pins: after a weekly compound, rollback puts MEMORY.md, the archive and the status
    fields of daily files back to their previous bytes; a later change to one of them makes it refuse."""
    cfg = replayed_copy(demo_replayed.workspace, tmp_path / "ws")
    registry.run(cfg, "microsync", now=datetime.fromisoformat("2026-11-21T10:00:00+07:00"))
    ws = cfg.workspace
    (ws / "MEMORY.md").write_text((ws / "MEMORY.md").read_text().replace("## Pinned\n", "## Pinned\n- my own note\n"))
    # a week with a reversal, so that the weekly run changes status fields too
    daily = sorted((ws / "memory").glob("2026-11-*.md"))[0]
    from memory_store.markdown import parse_document

    first = parse_document(daily.read_text()).entries()[0]
    reversal = daily.with_name("2026-11-20.md")
    from dataclasses import replace as dc_replace

    from memory_store.markdown_write import append_entries

    newer = dc_replace(
        first,
        id=first.id.replace("2026111", "2026112", 1)[:-6] + "abc123",
        date="2026-11-20",
        title=f"Supersedes {first.title}",
        supersedes=first.id,
    )
    reversal.write_text(append_entries(reversal.read_text() if reversal.exists() else "", [newer]))
    before = _all_bytes(ws)
    rep = registry.run(cfg, "weekly", now=datetime.fromisoformat("2026-11-23T03:00:00+07:00"))
    assert rep.status == "ok", rep.errors
    changed = set(rep.written)
    assert "MEMORY.md" in changed and any(p.startswith("memory/archive/") for p in changed)
    assert daily.relative_to(ws).as_posix() in changed  # the superseded entry's status lines
    assert "superseded_by: " + newer.id in daily.read_text()
    result = rollback(cfg, rep.run_id)
    assert changed <= set(result["written"]) | {p for p in changed if not (ws / p).exists()}
    after = _all_bytes(ws)
    assert after == before
    # run it again, then change MEMORY.md by hand: the rollback refuses, naming the file
    rep2 = registry.run(cfg, "weekly", now=datetime.fromisoformat("2026-11-23T04:00:00+07:00"))
    assert rep2.status == "ok"
    (ws / "MEMORY.md").write_text((ws / "MEMORY.md").read_text() + "\nmine\n")
    with pytest.raises(RollbackRefused, match="MEMORY.md"):
        rollback(cfg, rep2.run_id)
