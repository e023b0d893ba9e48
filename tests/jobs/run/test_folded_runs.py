"""Runs folded into `.memjobs/runs/nothing.jsonl` (a backfill's runs that changed nothing) are still
runs: `runs`, `runs show` and `status` list them, with the note that says why nothing changed."""
from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from jobs.dispatch import registry
from jobs.run.runner import RunOptions
from jobs.scheduler import last_success
from memory_store.config import load_config
from memory_store.ledger import NOTHING_LOG, RUNS_DIR
from tests.conftest import cli


def test_a_folded_weekly_keeps_its_why_nothing_note_for_runs_and_status(workspace: Path) -> None:
    """Pins: a weekly run that compounded nothing and was folded into runs/nothing.jsonl lost its
    "nothing compounded: …" note, and `runs`/`status` did not list it at all (status named an older
    weekly run as the last)."""
    cfg = load_config(workspace, env={})
    first = registry.run(cfg, "weekly", now=datetime(2026, 11, 27, 3, tzinfo=UTC),
                         options=RunOptions(keep_empty_run=False))   # moves state: keeps its folder
    folded = registry.run(cfg, "weekly", now=datetime(2026, 11, 27, 4, tzinfo=UTC),
                          options=RunOptions(keep_empty_run=False))
    assert folded.status == "nothing" and folded.notes and folded.notes[0].startswith("nothing compounded: ")
    assert not (cfg.state_dir / RUNS_DIR / folded.run_id).exists()
    [line] = (cfg.state_dir / RUNS_DIR / NOTHING_LOG).read_text("utf-8").splitlines()
    assert json.loads(line)["notes"] == folded.notes

    w = ("--workspace", str(workspace))
    rows = json.loads(cli(*w, "runs", "list", "--json").output)
    assert [r["run_id"] for r in rows] == [folded.run_id, first.run_id]
    assert rows[0]["notes"] == folded.notes and rows[0]["status"] == "nothing"
    plain = cli(*w, "runs").output.splitlines()
    assert plain[0].startswith(folded.run_id) and plain[1] == f"  note: {folded.notes[0]}"
    shown = cli(*w, "runs", "show", folded.run_id)
    assert shown.exit_code == 0 and f"  note: {folded.notes[0]}" in shown.output

    status = json.loads(cli(*w, "status", "--json").output)
    assert status["jobs"]["weekly"]["run_id"] == folded.run_id
    assert status["jobs"]["weekly"]["notes"] == folded.notes
    assert folded.notes[0] in cli(*w, "status").output
    # the daemon's catch-up counts a folded run as a success
    assert last_success(cfg.state_dir, "weekly") == datetime.fromisoformat(folded.started.replace("Z", "+00:00"))


def test_runs_of_one_second_are_listed_in_the_order_they_began_whoever_wrote_them(workspace: Path) -> None:
    """Pins: runs of the same second were listed by job name when one of them had no start stamp
    (a core-memory operation's folder is made by its first audit line or its report, never by
    `open`; a folded run's line kept no stamp): one order everywhere runs are listed, newest first,
    ties by the ledger's sequence."""
    from jobs.run.history import runs
    from memory_store.core.audit import Actor
    from memory_store.core.operation import CoreRun
    from memory_store.ledger import RunLedger, fold_empty_run, last_runs

    cfg = load_config(workspace, env={})
    state = cfg.state_dir
    second = "20261122T030000Z"
    weekly = RunLedger(state, f"{second}-weekly-ffff")   # a weekly that compounded nothing, folded
    weekly.open()
    rep = {"run_id": weekly.run_id, "job": "weekly", "status": "nothing", "now": "n", "started": "s",
           "finished": "f", "notes": ["nothing compounded: …"]}
    weekly.write_report(rep)
    assert fold_empty_run(state, weekly.run_id, rep)
    with CoreRun(workspace, state, "set", Actor("user", "cli"), run_id=f"{second}-core-0000") as core:
        core.emit({"type": "fact.created", "key": "user.name"})     # the real core run: audit line, then report
    daily = RunLedger(state, f"{second}-daily-aaaa")
    daily.write_report({"run_id": daily.run_id, "job": "daily", "status": "ok", "written": ["x"]})
    later = RunLedger(state, "20261122T030001Z-microsync-bbbb")
    later.open()
    later.write_report({"run_id": later.run_id, "job": "microsync", "status": "ok"})

    newest_first = [later.run_id, daily.run_id, core.run_id, weekly.run_id]
    assert [r["run_id"] for r in runs(cfg)] == newest_first
    rows = json.loads(cli("--workspace", str(workspace), "runs", "list", "--json").output)
    assert [r["run_id"] for r in rows] == newest_first
    assert last_runs(state)["daily"]["run_id"] == daily.run_id
