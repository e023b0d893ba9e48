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
