"""`memjobs run` refuses options the job does not read and ranges that hold nothing (exit 2), where
they were dropped and the run said "nothing" with exit 0 (jobs/dispatch/options.py)."""
from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest

from jobs.dispatch import registry
from jobs.run.runner import RunOptions
from memory_store.config import load_config
from memory_store.errors import UsageError
from tests.conftest import cli

NOW = "2026-11-27T14:00:00+07:00"     # the conftest workspace is in Asia/Bangkok


@pytest.mark.parametrize("args, message", [
    (("microsync", "--date", "2026-11-20"), "--date does not apply to microsync (it reads --since, --until;"),
    (("microsync", "--force"), "--force does not apply to microsync"),
    (("daily", "--since", "2026-11-20"), "--since does not apply to daily (it reads --date;"),
    (("daily", "--until", "2026-11-20"), "--until does not apply to daily"),
    (("daily", "--force"), "--force does not apply to daily"),
    (("weekly", "--since", "2026-11-20"), "--since does not apply to weekly (it reads --date, --force;"),
    (("microsync", "--since", "2026-11-27", "--until", "2026-11-20"),
     "--until 2026-11-20T00:00:00+07:00 is not after --since 2026-11-27T00:00:00+07:00"),
    (("microsync", "--since", "2026-11-20T10:00", "--until", "2026-11-20T10:00"),
     "--until 2026-11-20T10:00:00+07:00 is not after --since 2026-11-20T10:00:00+07:00"),
    (("microsync", "--since", "2026-11-28"),
     "--since 2026-11-28T00:00:00+07:00 is not before now (2026-11-27T14:00:00+07:00)"),
    (("daily", "--date", "2026-11-28"),
     "--date 2026-11-28 is after today (2026-11-27, now 2026-11-27T14:00:00+07:00); a day is summarised once"),
    (("weekly", "--date", "2026-11-26"),
     "the week 2026-W48 ends at 2026-11-30T00:00:00+07:00, after now (2026-11-27T14:00:00+07:00)"),
])
def test_an_option_the_job_does_not_read_is_a_usage_error(workspace: Path, args: tuple[str, ...], message: str):
    """Pins: `run microsync --date D`, `run daily --since D`, `--since` after `--until` and a daily
    `--date` in the future ran, read nothing and exited 0 ("nothing"); a weekly `--date` in this
    week failed with exit 1. Each is a usage error now, and no run is recorded."""
    for extra in ((), ("--dry-run",)):
        res = cli("--workspace", str(workspace), "run", *args, "--now", NOW, *extra)
        assert res.exit_code == 2, res.output
        assert res.stderr.startswith(f"Error: {message}")
        assert res.stdout == ""
    assert not (workspace / ".memjobs" / "runs").exists() or not any((workspace / ".memjobs" / "runs").iterdir())


@pytest.mark.parametrize("args", [
    ("microsync", "--since", "2026-11-20", "--until", "2026-11-21"),
    ("microsync", "--until", "2026-11-21"),
    ("daily", "--date", "2026-11-27"),        # today: summarises the day so far
    ("weekly", "--date", "2026-11-20", "--force"),
])
def test_the_options_a_job_reads_still_run(workspace: Path, args: tuple[str, ...]):
    res = cli("--workspace", str(workspace), "run", *args, "--now", NOW)
    assert res.exit_code == 0, res.output


def test_the_library_refuses_them_too(workspace: Path):
    cfg = load_config(workspace, env={})
    now = datetime.fromisoformat(NOW)
    with pytest.raises(UsageError, match="--date does not apply to microsync"):
        registry.run(cfg, "microsync", now=now, options=RunOptions(day=date(2026, 11, 20)))
