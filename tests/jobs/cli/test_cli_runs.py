"""`memjobs runs list|show`, in process."""
from __future__ import annotations

import json
from pathlib import Path

from jobs.demo.build import DemoResult
from tests.conftest import cli
from tests.microsync_helpers import demo_workspace, replayed_copy


def test_runs_lists_and_shows_a_real_run(tmp_path: Path, demo_first_day: DemoResult) -> None:
    fresh, _ = demo_workspace(tmp_path / "fresh")
    assert cli("--workspace", str(fresh.workspace), "runs").output.strip() == "no runs recorded yet"
    replayed_copy(demo_first_day.workspace, tmp_path / "ws")   # the tests' MEMJOBS_WORKSPACE
    reports = demo_first_day.reports                            # conftest: the first day's schedule
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


def test_backfill_lists_what_it_skipped_and_a_failed_days_errors_as_path_line_message(
        workspace: Path, tmp_path: Path) -> None:
    """Pins: backfill's summary counts the transcript lines and files its runs skipped (bad JSON,
    bad UTF-8, a broken symlink), each listed once as `path:line: message` as `run microsync`
    lists them (it said "1/1 days done, 0 failed runs"); a failed run's errors are printed the same
    way, never as a Python list of dicts."""
    from tests.microsync_helpers import claude_code_session

    claude_code_session(tmp_path, workspace, [("2026-11-26T03:00:00Z", "user", "we decided to use Caddy"),
                                              ("2026-11-26T03:00:30Z", "assistant", "ok")])
    folder = tmp_path / "cc" / "projects" / "-home-user-app"
    with (folder / "s1.jsonl").open("ab") as fh:
        fh.write(b'{"type":"user","message":{"role":"user","content":"we decided\n\x00\xff\xfe\n')
    (folder / "gone.jsonl").symlink_to(tmp_path / "nowhere.jsonl")
    w = ("--workspace", str(workspace))
    res = cli(*w, "backfill", "--since", "2026-11-26", "--until", "2026-11-27")
    assert res.exit_code == 0, res.output
    summary = next(x for x in res.stdout.splitlines() if x.startswith("backfill:"))
    assert summary.endswith("0 failed runs, skipped 2 transcript line(s) and 1 file(s)"), summary
    skipped = [x for x in res.stdout.splitlines() if x.startswith("  skipped: ")]
    assert sorted(skipped) == sorted([f"  skipped: {folder / 's1.jsonl'}:3: line is not valid JSON",
                                      f"  skipped: {folder / 's1.jsonl'}:4: line is not valid UTF-8",
                                      next(x for x in skipped if "gone.jsonl: " in x)])
    info = json.loads(cli(*w, "backfill", "--since", "2026-11-26", "--until", "2026-11-26", "--json").output)
    assert {(e["code"], e["line"]) for e in info["skipped"]} == {("bad_json", 3), ("bad_utf8", 4), ("unreadable", None)}

    fresh = tmp_path / "fresh"   # a backfill resumes: the day is done in `workspace`
    assert cli("init", str(fresh)).exit_code == 0
    w = ("--workspace", str(fresh))
    (fresh / "memjobs.yaml").write_text(
        f"timezone: UTC\ntranscripts:\n  - {{format: claude-code, path: {tmp_path / 'cc' / 'projects'}}}\n"
        f"  - {{format: codex, path: {tmp_path / 'no-such-folder'}}}\n", encoding="utf-8")
    res = cli(*w, "backfill", "--since", "2026-11-26", "--until", "2026-11-26")
    assert res.exit_code == 1
    assert "{'path'" not in res.stderr and "[{" not in res.stderr
    lines = res.stderr.splitlines()
    assert any(x.startswith("  failed: microsync ") and x.endswith(":") for x in lines), res.stderr
    assert f"    a configured transcript source gives no transcript: transcripts[1] (codex): " \
           f"{tmp_path / 'no-such-folder'} does not exist" in res.stderr
