"""Commands memjobs prints for a person to paste quote the workspace path as a shell word (a folder
named "Q4 plan's notes" is one argument, not three and an open quote): the backfill hints of a
run's notes and the `demo` suggestions, as `init`, the hook, cron and systemd lines do. Real
`memjobs` processes over a workspace whose path holds a space and a quote; the demo's suggestions
are read from the session's one in-process `memjobs demo` (conftest `demo_printed`, built in a
folder of that name): a demo of their own was the costliest test of the file."""
from __future__ import annotations

import json
import shlex
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.conftest import DEMO_FOLDER, Printed, memjobs
from tests.jobs.cli.test_first_use import DECISION, _claude_session

ODD = DEMO_FOLDER   # "Q4 plan's notes"


def test_the_backfill_hint_of_a_first_run_quotes_the_workspace(tmp_path: Path) -> None:
    home = tmp_path / "home"
    now = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
    _claude_session(home, "-home-user-nimbus", "s-old", now - timedelta(days=30), DECISION)
    ws = tmp_path / ODD
    assert memjobs("init", str(ws), env={"HOME": str(home)}).returncode == 0
    (ws / "memjobs.yaml").write_text(
        f"timezone: UTC\ntranscripts:\n  - {{format: claude-code, path: {home}/.claude/projects}}\n",
        encoding="utf-8")
    p = memjobs("--workspace", str(ws), "run", "microsync", "--now", now.isoformat(), "--json")
    rep = json.loads(p.stdout)
    note = next(n for n in rep["notes"] if "backfill" in n)
    argv = shlex.split(note.split("to read them: ", 1)[1])
    assert argv == ["memjobs", "--workspace", str(ws), "backfill", "--since", "2026-10-21"], argv


def test_the_demo_suggestions_quote_the_workspace(demo_printed: tuple[Path, Printed]) -> None:
    target, p = demo_printed    # conftest: one `memjobs demo` for the session, in a folder named ODD
    assert target.name == ODD
    assert p.exit_code == 0, p.stderr
    lines = p.stdout.splitlines()
    try_line = next(x for x in lines if x.startswith("Try:"))
    argv = shlex.split(try_line.split(":", 1)[1])
    assert argv[-4:] == ["--workspace", str(target), "search", "postgres"], argv
    resolve = shlex.split(lines[lines.index(try_line) + 1].split("(and:", 1)[0])
    assert resolve[-4:] == ["--workspace", str(target), "mem", "resolve"], resolve
    look = shlex.split(next(x for x in lines if x.startswith("Look at:")).split(":", 1)[1])
    assert look == [f"{target}/memory/", f"{target}/second-brain/summaries/", f"{target}/MEMORY.md"], look
    accept = next((x for x in lines if x.startswith("(accept one with: ")), None)
    if accept is not None:
        argv = shlex.split(accept.removeprefix("(accept one with: ").rstrip(")"))
        assert argv[-5:-1] == ["--workspace", str(target), "proposals", "accept"], argv


def test_the_init_command_of_a_folder_that_is_not_a_workspace_quotes_it(tmp_path: Path) -> None:
    typo = tmp_path / ODD
    p = memjobs("--workspace", str(typo), "status")
    assert p.returncode == 1
    argv = shlex.split(p.stderr.split("(run `", 1)[1].split("`)", 1)[0])
    assert argv == ["memjobs", "init", str(typo)], argv
