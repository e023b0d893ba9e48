"""`memjobs runs list|show`, in process."""
from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import cli
from tests.microsync_helpers import KEY, demo_workspace, replay_schedule


def test_runs_lists_and_shows_a_real_run(tmp_path: Path) -> None:
    cfg, _ = demo_workspace(tmp_path)
    assert cli("runs").output.strip() == "no runs recorded yet"
    reports = replay_schedule(cfg, KEY["days"][:1])
    report = next(r for r in reports if r.job == "microsync" and r.added)
    listed = cli("runs", "list", "--json")
    assert listed.exit_code == 0
    rows = json.loads(listed.output)
    # microSync's core-memory writes (a preference routed from a transcript) are core runs of their own
    jobs = [r["run_id"] for r in rows if "-core-" not in r["run_id"]]
    assert sorted(jobs) == sorted(r.run_id for r in reports)
    assert all("-core-" in r["run_id"] for r in rows if r["run_id"] not in jobs)
    assert cli("runs").output.split()[0] == rows[0]["run_id"]   # bare `runs` is `runs list`

    shown = cli("runs", "show", report.run_id)
    assert shown.exit_code == 0
    assert shown.output.startswith(f"{report.run_id}  microsync  ")
    assert any(line.startswith("  wrote memory/") for line in shown.output.splitlines())
    info = json.loads(cli("runs", "show", report.run_id, "--json").output)
    assert info["report"]["run_id"] == report.run_id


def test_runs_show_names_an_unknown_run_and_needs_one(tmp_path: Path) -> None:
    demo_workspace(tmp_path)
    unknown = cli("runs", "show", "20990101T000000Z-weekly-0000")
    assert unknown.exit_code == 2
    assert "no recorded run '20990101T000000Z-weekly-0000'" in unknown.stderr
    assert cli("runs", "show").exit_code == 2


def test_rollback_of_an_unknown_run_is_the_same_usage_error(tmp_path: Path) -> None:
    """Pins: `rollback NOPE` exited 1 ("<ledger path>: no recorded run") where `runs show NOPE`
    exited 2: a run id the ledger does not hold is one error, exit 2, in both."""
    demo_workspace(tmp_path)
    shown, undone = cli("runs", "show", "NOPE"), cli("rollback", "NOPE")
    assert shown.exit_code == undone.exit_code == 2
    assert shown.stderr == undone.stderr == "Error: no recorded run 'NOPE' (see `memjobs runs`)\n"


def test_runs_list_is_newest_first_and_same_second_runs_by_their_start(workspace: Path) -> None:
    """Pins: `runs list` is newest first as its help says (it was oldest first), plain and --json,
    and runs started in the same second are ordered by when they started, not by their random
    suffix."""
    from memory_store.config import load_config
    from memory_store.ledger import RunLedger

    state = load_config(workspace, env={}).state_dir
    order = ["20261122T030000Z-core-ffff", "20261122T030000Z-core-0000", "20261122T030000Z-core-8888",
             "20261122T030105Z-weekly-1111"]
    for run_id in order:  # opened in this order: within the second, ffff first, 0000 next
        ledger = RunLedger(state, run_id)
        ledger.open()
        ledger.write_report({"run_id": run_id, "job": run_id.split("-")[1], "status": "ok", "written": ["x"]})
    w = ("--workspace", str(workspace))
    rows = json.loads(cli(*w, "runs", "list", "--json").output)
    assert [r["run_id"] for r in rows] == order[::-1]
    assert [line.split()[0] for line in cli(*w, "runs", "list").output.splitlines()] == order[::-1]
    assert [r["run_id"] for r in json.loads(cli(*w, "runs", "list", "--limit", "2", "--json").output)] == \
        order[::-1][:2]
    assert "newest first" in cli(*w, "runs", "list", "--help").output
