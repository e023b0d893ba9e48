"""`memjobs cron` output: golden crontabs per zone pair, the hour shift, and what cannot be converted."""
from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from jobs.scheduler.crontab import cron_quote, render_crontab, shift_expression
from memory_store.config import Config, ScheduleConfig
from memory_store.cronexpr import CronError, parse_cron
from tests.conftest import REPO

GOLDEN = REPO / "tests" / "golden" / "crontab"
MEMJOBS = ["/usr/local/bin/memjobs"]
NOW = datetime(2026, 11, 22, 3, 0, tzinfo=UTC)


def _cfg(**kw: object) -> Config:
    return Config(workspace=Path("/home/user/agent-ws"), timezone="Asia/Bangkok", **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "system_tz"), [
    ("bangkok-on-utc", "UTC"),
    ("bangkok-on-berlin", "Europe/Berlin"),
    ("bangkok-on-kolkata", "Asia/Kolkata"),
    ("bangkok-on-bangkok", "Asia/Bangkok"),
])
def test_crontab_golden(name: str, system_tz: str) -> None:
    text = render_crontab(_cfg(), MEMJOBS, system_tz, now=NOW)
    path = GOLDEN / f"{name}.crontab"
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_cron_tz_block_then_a_commented_fallback() -> None:
    text = render_crontab(_cfg(), MEMJOBS, "UTC", now=NOW)
    active = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert active[0] == "CRON_TZ=Asia/Bangkok"
    cmd = "/usr/local/bin/memjobs --workspace /home/user/agent-ws run"
    assert active[1:] == [
        f"0 10,13,16,19,22 * * * {cmd} microsync --json >/dev/null",
        f"30 0 * * * {cmd} daily --json >/dev/null",
        f"0 3 * * mon {cmd} weekly --json >/dev/null",
    ]
    assert "# 0 20 * * sun /usr/local/bin/memjobs" in text  # Monday 03:00 +07 is Sunday 20:00 UTC
    assert "cronie" in text


@pytest.mark.parametrize(("cron", "hours", "expected"), [
    ("0 10,13,16,19,22 * * *", -7, ["0 3,6,9,12,15 * * *"]),
    ("30 0 * * *", -7, ["30 17 * * *"]),
    ("0 3 * * mon", -7, ["0 20 * * sun"]),
    ("0 3 * * sun", -7, ["0 20 * * sat"]),
    ("0 22 * * fri", 5, ["0 3 * * sat"]),
    ("0 1,23 * * mon", -2, ["0 23 * * sun", "0 21 * * mon"]),
    ("15 * * * *", 3, ["15 * * * *"]),
    ("0 3 * * mon", 0, ["0 3 * * mon"]),
    ("0 12 1 * *", -7, ["0 5 1 * *"]),
])
def test_shift_expression(cron: str, hours: int, expected: list[str]) -> None:
    assert shift_expression(parse_cron(cron), hours) == expected


@pytest.mark.parametrize(("cron", "hours"), [
    ("0 3 1 * *", -7),      # the 1st at 03:00 +07 is the last day of the previous month in UTC
    ("0 * * * mon", -7),    # every hour of Monday spans two UTC days
    ("0 2 * 1 *", -7),      # January 1st 02:00 +07 is still December in UTC
])
def test_shift_expression_refuses_what_moving_hours_cannot_express(cron: str, hours: int) -> None:
    assert shift_expression(parse_cron(cron), hours) is None


def test_an_unconvertible_job_is_named_in_the_fallback_block() -> None:
    text = render_crontab(_cfg(schedule=ScheduleConfig(weekly="0 3 1 * *")), MEMJOBS, "UTC", now=NOW)
    assert "# (weekly: '0 3 1 * *' cannot be converted" in text
    assert "CRON_TZ=Asia/Bangkok\n" in text


def test_seconds_schedules_are_refused_for_cron() -> None:
    with pytest.raises(CronError, match="schedule.microsync: .*seconds"):
        render_crontab(_cfg(schedule=ScheduleConfig(microsync="*/5 * * * * *")), MEMJOBS, "UTC", now=NOW)


def test_cron_quote_escapes_percent_and_quotes_spaces() -> None:
    assert cron_quote(["/opt/mem jobs/bin/memjobs", "--workspace", "/ws/100%"]) == (
        "'/opt/mem jobs/bin/memjobs' --workspace /ws/100\\%")


def test_config_crontab_example_is_what_the_generator_writes() -> None:
    """config/crontab.example: a sample workspace in Asia/Bangkok on a UTC system (both blocks)."""
    cfg = Config(workspace=Path("/home/you/agent-workspace"), timezone="Asia/Bangkok")
    text = render_crontab(cfg, ["/home/you/.local/bin/memjobs"], "UTC", now=NOW)
    path = REPO / "config" / "crontab.example"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text
