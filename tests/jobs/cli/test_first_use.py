"""First use: a folder that is not a workspace is refused, a configured source that gives no
transcript is an error naming it, and wrong paths get a clear one-line error (docs/design.md §7, §8)."""
from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from memory_store.config import load_config
from tests.conftest import cli_run


def cli(*args: str) -> tuple[int, str, str]:
    """The CLI in-process (tests.conftest.cli): (exit code, stdout, stderr)."""
    from tests.conftest import cli as run_cli

    result = run_cli(*args)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("command", [["run", "microsync"], ["run", "daily"], ["status"], ["index"],
                                     ["validate"], ["backfill", "--since", "2026-01-01"], ["config"]])
def test_a_folder_that_is_not_a_workspace_is_refused_and_nothing_is_created(tmp_path: Path, command: list[str]):
    """Pins: `--workspace ~/typo run microsync` made memory/ and .memjobs/ in the typo folder and
    exited 0; now exit 1, one line naming the folder and `memjobs init`, and no file created."""
    typo = tmp_path / "typo"
    code, out, err = cli("--workspace", str(typo), *command)
    assert code == 1, (out, err)
    assert err.strip() == f"Error: not a memjobs workspace: {typo} (run `memjobs init {typo}`)"
    assert not typo.exists()
    typo.mkdir()
    (typo / "notes.txt").write_text("mine\n")
    code, out, err = cli("--workspace", str(typo), *command)
    assert code == 1 and "not a memjobs workspace" in err
    assert sorted(p.name for p in typo.iterdir()) == ["notes.txt"]


def test_the_environment_variable_and_the_current_folder_are_checked_too(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch):
    """Pins: a cron line run from the wrong folder (no --workspace) is refused as well."""
    monkeypatch.delenv("MEMJOBS_WORKSPACE")
    monkeypatch.chdir(tmp_path)
    code, _, err = cli("run", "microsync")
    assert code == 1 and f"not a memjobs workspace: {tmp_path}" in err
    assert not (tmp_path / "memory").exists() and not (tmp_path / ".memjobs").exists()
    monkeypatch.setenv("MEMJOBS_WORKSPACE", str(tmp_path / "elsewhere"))
    code, _, err = cli("status")
    assert code == 1 and "elsewhere" in err


def test_a_file_given_as_the_workspace_is_named_as_a_file(tmp_path: Path):
    f = tmp_path / "memjobs.yaml"
    f.write_text("timezone: UTC\n")
    code, _, err = cli("--workspace", str(f), "status")
    assert code == 1 and err.strip() == f"Error: not a memjobs workspace: {f} is a file, not a folder"


def test_search_fast_path_refuses_too(tmp_path: Path):
    """Pins: the Typer-less `memjobs search` path checks the workspace like every other command."""
    p = cli_run("--workspace", str(tmp_path / "typo"), "search", "postgres")
    assert p.returncode == 1 and "not a memjobs workspace" in p.stderr and "Traceback" not in p.stderr
    assert not (tmp_path / "typo").exists()


def test_a_workspace_with_an_explicit_config_needs_its_memory_files(tmp_path: Path, workspace: Path):
    """With --config FILE the folder has no memjobs.yaml of its own: MEMORY.md or memory/ decides."""
    conf = tmp_path / "elsewhere.yaml"
    conf.write_text("timezone: UTC\ntranscripts: []\n")
    (workspace / "memjobs.yaml").unlink()
    code, out, err = cli("--workspace", str(workspace), "--config", str(conf), "status", "--json")
    assert code == 0, err
    assert json.loads(out)["workspace"] == str(workspace)
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = cli("--workspace", str(empty), "--config", str(conf), "status")
    assert code == 1 and "not a memjobs workspace" in err


def test_the_workspace_made_by_init_is_accepted(tmp_path: Path):
    ws = tmp_path / "fresh"
    assert cli("init", str(ws))[0] == 0
    code, out, err = cli("--workspace", str(ws), "status", "--json")
    assert code == 0, err


def _configure(ws: Path, sources: str) -> None:
    (ws / "memjobs.yaml").write_text(f"timezone: UTC\ntranscripts:\n{sources}", encoding="utf-8")


def test_a_configured_source_that_matches_no_file_fails_the_run_naming_it(tmp_path: Path, workspace: Path):
    """Pins: a source whose path matches no file gave exit 0 and status "nothing"; under cron nobody
    noticed. Now exit 1, status failed, and the error names the source, its path and the file."""
    _configure(workspace, f"  - {{format: claude-code, path: {tmp_path}/nowhere}}\n")
    code, out, err = cli("--workspace", str(workspace), "run", "microsync", "--json")
    rep = json.loads(out)
    assert code == 1 and rep["status"] == "failed"
    (e,) = rep["errors"]
    assert e["code"] == "source_empty"
    assert f"transcripts[0] (claude-code): {tmp_path}/nowhere does not exist" in e["message"]
    assert str(workspace / "memjobs.yaml") in e["message"]
    assert not list((workspace / "memory").glob("*.md"))


@pytest.mark.parametrize(("make", "expected"), [
    (lambda root: (root / "empty").mkdir(), "empty holds no transcript file (*.jsonl)"),
    (lambda root: (root / "notes.txt").write_text("x"), "notes.txt holds no transcript file (*.jsonl)"),
    (lambda root: None, "no file or folder matches"),
])
def test_each_kind_of_empty_source_says_why(tmp_path: Path, workspace: Path, make, expected: str):
    make(tmp_path)
    target = {"empty holds no transcript file (*.jsonl)": "empty",
              "notes.txt holds no transcript file (*.jsonl)": "notes.txt"}.get(expected, "proj-*/x*.jsonl")
    _configure(workspace, f"  - {{format: codex, path: {tmp_path}/{target}}}\n")
    code, out, err = cli("--workspace", str(workspace), "run", "microsync")
    assert code == 1
    assert expected in err and "transcripts[0] (codex)" in err


def test_the_daily_job_fails_too_and_a_good_source_beside_a_bad_one_is_not_half_read(tmp_path: Path,
                                                                                      workspace: Path):
    """Nothing is read or written when one configured source is wrong: the run stops before reading."""
    good = tmp_path / "codex"
    good.mkdir()
    (good / "s.jsonl").write_text("")
    _configure(workspace, f"  - {{format: codex, path: {good}}}\n  - {{format: codex, path: {tmp_path}/typo}}\n")
    code, out, err = cli("--workspace", str(workspace), "run", "daily", "--json")
    assert code == 1 and "transcripts[1] (codex)" in err + out
    assert not (workspace / ".memjobs" / "microsync" / "cursors.json").exists()


def test_defaults_for_agents_not_installed_stay_notes(workspace: Path):
    (workspace / "memjobs.yaml").write_text("timezone: UTC\n")
    code, out, _ = cli("--workspace", str(workspace), "run", "microsync", "--json")
    rep = json.loads(out)
    assert code == 0 and rep["status"] == "nothing" and rep["errors"] == []
    assert any("claude-code" in n for n in rep["notes"])


def _claude_session(home: Path, project: str, session: str, when: datetime, turns: list[tuple[str, str]]) -> Path:
    """A small Claude Code transcript under ~/.claude/projects, stamped from `when` on."""
    folder = home / ".claude" / "projects" / project
    folder.mkdir(parents=True, exist_ok=True)
    lines = []
    for i, (role, text) in enumerate(turns):
        ts = (when + timedelta(seconds=30 * i)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")
        content: object = text if role == "user" else [{"type": "text", "text": text}]
        lines.append(json.dumps({"type": role, "sessionId": session, "uuid": f"{session}-{i}",
                                 "parentUuid": f"{session}-{i - 1}" if i else None, "isSidechain": False,
                                 "cwd": "/home/user/nimbus", "timestamp": ts,
                                 "message": {"role": role, "content": content}}))
    path = folder / f"{session}.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.utime(path, (when.timestamp(), when.timestamp()))
    return path


DECISION = [("user", "ok let's go with postgres for bookings, mysql is out"),
            ("assistant", "Done: bookings move to PostgreSQL 16; I'll add the Alembic migration.")]


def test_the_older_history_note_leaves_out_what_an_explicit_range_read(workspace: Path, isolated_env: Path):
    """Pins: after `run microsync --since D` read a session, the first scheduled run (here a
    `daily`, which runs microSync first) still said it was "older than this first run's 3 h
    look-back and … not read". An explicit range moves no cursor and no mark; the ranges it read
    are kept beside them (memory_store/cursors.py `SyncState.ranges`) for this note."""
    now = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
    _claude_session(isolated_env, "-home-user-nimbus", "s-old", now - timedelta(days=30), DECISION)
    _claude_session(isolated_env, "-home-user-nimbus", "s-mid", now - timedelta(days=2), DECISION)
    (workspace / "memjobs.yaml").write_text(
        f"timezone: UTC\ntranscripts:\n  - {{format: claude-code, path: {isolated_env}/.claude/projects}}\n")
    ws = ("--workspace", str(workspace))
    code, out, _ = cli(*ws, "run", "microsync", "--json", "--since", "2026-11-17", "--now", now.isoformat())
    assert code == 0 and json.loads(out)["added"] == 1
    code, out, _ = cli(*ws, "run", "daily", "--json", "--now", (now + timedelta(hours=1)).isoformat())
    rep = json.loads(out)
    assert code == 0
    assert rep["details"]["unread_history"] == [{"source": "claude-code", "sessions": 1, "oldest": "2026-10-21"}]
    assert any("1 sessions since 2026-10-21" in n for n in rep["notes"])


def test_no_older_history_note_when_a_range_read_it_all(workspace: Path, isolated_env: Path):
    now = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
    _claude_session(isolated_env, "-home-user-nimbus", "s-mid", now - timedelta(days=2), DECISION)
    (workspace / "memjobs.yaml").write_text(
        f"timezone: UTC\ntranscripts:\n  - {{format: claude-code, path: {isolated_env}/.claude/projects}}\n")
    ws = ("--workspace", str(workspace))
    # two ranges, the second ending at this run's now: together they hold the session
    cli(*ws, "run", "microsync", "--since", "2026-11-01", "--until", "2026-11-18T11:00:00Z", "--now", now.isoformat())
    cli(*ws, "run", "microsync", "--since", "2026-11-18T10:00:00Z", "--now", now.isoformat())
    code, out, _ = cli(*ws, "run", "microsync", "--json", "--now", (now + timedelta(hours=1)).isoformat())
    assert code == 0
    assert "unread_history" not in json.loads(out).get("details", {})
    from memory_store.cursors import CURSORS, SyncState

    state = SyncState.from_bytes((workspace / CURSORS).read_bytes())
    assert list(state.ranges.values()) == [[["2026-11-01T00:00:00+00:00", "2026-11-20T12:00:00+00:00"]]]
    assert SyncState.from_bytes(state.to_bytes()) == state


def test_init_shows_the_history_found_and_the_backfill_command(tmp_path: Path, isolated_env: Path):
    """Pins: `memjobs init` on a machine with months of history said nothing about it, and nothing
    said that `backfill` exists. Now: sessions, days and oldest date per agent, and the command."""
    now = datetime.now(UTC)
    _claude_session(isolated_env, "-home-user-nimbus", "s-old", now - timedelta(days=40), DECISION)
    _claude_session(isolated_env, "-home-user-nimbus", "s-new", now - timedelta(days=2), DECISION)
    ws = tmp_path / "fresh"
    code, out, err = cli("init", str(ws))
    assert code == 0, err
    oldest = (now - timedelta(days=40)).astimezone(ZoneInfo("UTC")).date()
    cc = next(line for line in out.splitlines() if line.strip().startswith("claude-code"))
    assert f"2 sessions on at least 2 days since {oldest}" in cc
    assert "codex" in out and "none here" in out
    assert f"memjobs --workspace {ws} backfill --since {oldest}" in out
    code, out, _ = cli("init", str(ws), "--json")
    info = json.loads(out)
    assert info["backfill_since"] == oldest.isoformat()
    src = next(s for s in info["sources"] if s["format"] == "claude-code")
    assert src["sessions"] == 2 and src["oldest"] == oldest.isoformat() and src["problem"] is None


def test_init_counts_the_days_a_short_session_is_on(tmp_path: Path, isolated_env: Path):
    """Pins: `init` said "1 sessions on at least 2 days" for a session whose lines were all on one
    day, written (copied, synced) on a later one: a file the survey reads whole is dated by its
    records, not by its mtime."""
    when = datetime.now(UTC).replace(hour=3, minute=0, second=0, microsecond=0) - timedelta(days=3)
    path = _claude_session(isolated_env, "-home-user-nimbus", "s-1", when, DECISION)
    os.utime(path)                                                  # last written now
    code, out, err = cli("init", str(tmp_path / "fresh"))
    assert code == 0, err
    cc = next(line for line in out.splitlines() if line.strip().startswith("claude-code"))
    assert f": 1 session on at least 1 day since {when.date()}" in cc


def test_init_names_a_configured_source_that_gives_nothing(tmp_path: Path):
    ws = tmp_path / "fresh"
    ws.mkdir()
    (ws / "memjobs.yaml").write_text(f"transcripts:\n  - {{format: codex, path: {tmp_path}/typo}}\n")
    code, out, _ = cli("init", str(ws))
    assert code == 0
    assert f"ERROR {tmp_path}/typo does not exist" in out


def test_init_backfill_reads_the_history(tmp_path: Path, isolated_env: Path):
    """`init --backfill` runs the backfill over the history it found (a decision of 2 days ago lands)."""
    when = datetime.now(UTC) - timedelta(days=2)
    _claude_session(isolated_env, "-home-user-nimbus", "s-1", when, DECISION)
    ws = tmp_path / "fresh"
    code, out, err = cli("init", str(ws), "--backfill")
    assert code == 0, err
    assert "backfill: " in out and "0 failed runs" in out
    day = when.astimezone(ZoneInfo(load_config(ws).timezone)).date()
    assert "postgres" in (ws / "memory" / f"{day}.md").read_text(encoding="utf-8").lower()


def test_a_first_microsync_says_that_older_history_was_not_read(workspace: Path, isolated_env: Path):
    """Pins: a first microSync over months of history kept only the last 3 hours and said nothing."""
    now = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
    _claude_session(isolated_env, "-home-user-nimbus", "s-old", now - timedelta(days=30), DECISION)
    _claude_session(isolated_env, "-home-user-nimbus", "s-now", now - timedelta(hours=1), DECISION)
    (workspace / "memjobs.yaml").write_text(
        f"timezone: UTC\ntranscripts:\n  - {{format: claude-code, path: {isolated_env}/.claude/projects}}\n")
    args = ("--workspace", str(workspace), "run", "microsync", "--json")
    code, out, _ = cli(*args, "--now", now.isoformat())
    rep = json.loads(out)
    assert code == 0
    assert rep["details"]["unread_history"] == [{"source": "claude-code", "sessions": 1, "oldest": "2026-10-21"}]
    assert any("backfill --since 2026-10-21" in n for n in rep["notes"])
    code, out, _ = cli(*args, "--now", (now + timedelta(hours=3)).isoformat())
    assert "unread_history" not in json.loads(out).get("details", {})  # said once, on the first run
