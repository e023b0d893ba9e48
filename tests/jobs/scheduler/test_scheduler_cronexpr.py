"""Cron expressions: parsing, errors, fire-time iteration, and the OnCalendar translation.

The iteration is cross-checked against APScheduler's CronTrigger (what the daemon runs) and the
translation against `systemd-analyze calendar` (what systemd runs) where it exists.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_store.config import load_config
from memory_store.cronexpr import (
    CronError,
    apscheduler_fields,
    parse_cron,
    schedules,
    to_on_calendar,
)
from memory_store.errors import ConfigError
from tests.strategies import examples

BKK = ZoneInfo("Asia/Bangkok")
BERLIN = ZoneInfo("Europe/Berlin")

TRANSLATIONS = [
    ("0 10,13,16,19,22 * * *", "*-*-* 10,13,16,19,22:00:00 Asia/Bangkok"),
    ("30 0 * * *", "*-*-* 00:30:00 Asia/Bangkok"),
    ("0 3 * * mon", "Mon *-*-* 03:00:00 Asia/Bangkok"),
    ("0 3 * * 1", "Mon *-*-* 03:00:00 Asia/Bangkok"),
    ("0 0 * * 0", "Sun *-*-* 00:00:00 Asia/Bangkok"),
    ("0 0 * * 7", "Sun *-*-* 00:00:00 Asia/Bangkok"),
    ("*/15 9-17 * * mon-fri", "Mon..Fri *-*-* 09..17:00,15,30,45:00 Asia/Bangkok"),
    ("0 0 * * 5-7", "Fri..Sun *-*-* 00:00:00 Asia/Bangkok"),
    ("0 0 * * sat,sun", "Sat,Sun *-*-* 00:00:00 Asia/Bangkok"),
    ("0 0 1 */3 *", "*-01,04,07,10-01 00:00:00 Asia/Bangkok"),
    ("0 12 */2 * *", "*-*-01/2 12:00:00 Asia/Bangkok"),
    ("*/5 * * * *", "*-*-* *:00/5:00 Asia/Bangkok"),
    ("5-55/10 1 1 jan *", "*-01-01 01:05,15,25,35,45,55:00 Asia/Bangkok"),
    ("1-50/7 1 1 jan *", "*-01-01 01:01..50/7:00 Asia/Bangkok"),
    ("0 0-23/2 * * *", "*-*-* 00/2:00:00 Asia/Bangkok"),
    ("@weekly", "Sun *-*-* 00:00:00 Asia/Bangkok"),
    ("@daily", "*-*-* 00:00:00 Asia/Bangkok"),
    ("*/3 * * * * *", "*-*-* *:*:00/3 Asia/Bangkok"),
    ("0 30 3 * * mon", "Mon *-*-* 03:30:00 Asia/Bangkok"),
]


@pytest.mark.parametrize(("cron", "expected"), TRANSLATIONS)
def test_on_calendar_translation(cron: str, expected: str) -> None:
    assert to_on_calendar(parse_cron(cron, allow_seconds=True), "Asia/Bangkok") == expected


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
def test_systemd_accepts_every_translation_and_agrees_on_the_next_run() -> None:
    """systemd's normalised form equals ours, and its next elapse equals our next fire time."""
    specs = [expected for _, expected in TRANSLATIONS]
    now = datetime.now(UTC)
    proc = subprocess.run(["systemd-analyze", "calendar", *specs], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    blocks = proc.stdout.split("\n\n")
    assert len(blocks) == len(specs)
    for (cron, spec), block in zip(TRANSLATIONS, blocks, strict=True):
        normalized = re.search(r"Normalized form: (.*)", block)
        assert normalized and normalized.group(1) == spec
        elapse = re.search(r"Next elapse: \w+ (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) (\S+)", block)
        assert elapse
        expr = parse_cron(cron, allow_seconds=True)
        if expr.has_seconds:
            continue  # a seconds schedule moves on while systemd-analyze runs
        ours = expr.next_after(now, BKK)
        assert ours is not None
        zone = ZoneInfo(elapse.group(2)) if elapse.group(2) != "UTC" else UTC
        theirs = datetime.fromisoformat(elapse.group(1)).replace(tzinfo=zone)
        assert ours == theirs, (cron, ours, theirs)


@pytest.mark.parametrize(("cron", "message"), [
    ("0 3 * * funday", "day-of-week: 'funday' is not a number"),
    ("0 3 * *", "expected 5 fields"),
    ("0 3 * * * *", "expected 5 fields"),
    ("0 25 * * *", "hour: 25 is out of range 0-23"),
    ("0 3 L * *", "not supported"),
    ("0 3 * * 5#2", "not supported"),
    ("0 3 ? * *", "not supported"),
    ("*/0 * * * *", "a step of 0"),
    ("0 5-3 * * *", "runs backwards"),
    ("@reboot", "unsupported macro"),
    ("0 0 0 * *", "day-of-month: 0 is out of range 1-31"),
])
def test_bad_expressions_are_refused_with_the_field_named(cron: str, message: str) -> None:
    with pytest.raises(CronError) as info:
        parse_cron(cron, where="schedule.weekly")
    assert message in str(info.value)
    assert str(info.value).startswith("schedule.weekly: ")


def test_either_or_day_rule_cannot_be_translated() -> None:
    """cron runs `0 3 1 * mon` on the 1st OR on Mondays; systemd and the daemon would need AND."""
    expr = parse_cron("0 3 1 * mon", where="schedule.weekly")
    assert expr.matches_day(datetime(2026, 11, 23).date())  # a Monday, not the 1st
    assert expr.matches_day(datetime(2026, 12, 1).date())  # the 1st, a Tuesday
    with pytest.raises(CronError, match="schedule.weekly: .*either"):
        to_on_calendar(expr, "UTC")
    with pytest.raises(CronError, match="either-or"):
        apscheduler_fields(expr)
    # A step on day-of-month keeps cron's AND rule (the field starts with `*`).
    assert to_on_calendar(parse_cron("0 3 */2 * mon"), "UTC") == "Mon *-*-01/2 03:00:00 UTC"


def test_schedules_reads_every_job_and_names_the_config_file(tmp_path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "memjobs.yaml").write_text("schedule: {weekly: '0 3 * * someday'}\n")
    with pytest.raises(ConfigError) as info:  # refused at load, for every command alike
        load_config(ws, env={})
    assert str(info.value).startswith(f"{ws / 'memjobs.yaml'}:1: schedule.weekly:")
    (ws / "memjobs.yaml").write_text("schedule: {microsync: '*/5 * * * * *'}\n")
    with pytest.raises(CronError):
        schedules(load_config(ws, env={}))
    assert schedules(load_config(ws, env={}), allow_seconds=True)["microsync"].has_seconds


def test_previous_and_next_fire_times_in_the_configured_zone() -> None:
    expr = parse_cron("0 3 * * mon")
    now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)  # Sunday 19:00 in Bangkok
    assert expr.previous_at_or_before(now, BKK) == datetime(2026, 11, 16, 3, 0, tzinfo=BKK)
    assert expr.next_after(now, BKK) == datetime(2026, 11, 23, 3, 0, tzinfo=BKK)
    exact = datetime(2026, 11, 23, 3, 0, tzinfo=BKK)
    assert expr.previous_at_or_before(exact, BKK) == exact
    assert expr.next_after(exact, BKK) == datetime(2026, 11, 30, 3, 0, tzinfo=BKK)
    leap = parse_cron("0 0 29 2 *")
    assert leap.next_after(now, BKK) == datetime(2028, 2, 29, 0, 0, tzinfo=BKK)
    assert leap.previous_at_or_before(now, BKK) == datetime(2024, 2, 29, 0, 0, tzinfo=BKK)


def test_a_wall_time_skipped_by_dst_does_not_fire() -> None:
    """Trigger: 02:30 does not exist in Berlin on 2026-03-29. Why: zoneinfo would silently shift
    it. Outcome: the iteration skips that day, as a run at a non-existent time cannot happen."""
    expr = parse_cron("30 2 * * *")
    before = datetime(2026, 3, 28, 12, 0, tzinfo=UTC)
    assert expr.next_after(before, BERLIN) == datetime(2026, 3, 30, 2, 30, tzinfo=BERLIN)


_CRONS = st.sampled_from([
    "0 10,13,16,19,22 * * *", "30 0 * * *", "0 3 * * mon", "*/15 9-17 * * mon-fri", "0 0 1 */3 *",
    "0 12 */2 * *", "5 4 * * sun", "0 0 * * 5-7", "*/7 * * * *", "0 22 * 1-6 sat",
])
_ZONES = st.sampled_from(["UTC", "Asia/Bangkok", "Asia/Shanghai", "America/New_York", "Asia/Kolkata"])


@settings(max_examples=examples(60), deadline=None)
@given(cron=_CRONS, zone=_ZONES, seconds=st.integers(0, 3 * 365 * 86400))
def test_next_fire_time_matches_apscheduler(cron: str, zone: str, seconds: int) -> None:
    """Our iteration (status, catch-up) agrees with the CronTrigger the daemon runs."""
    from apscheduler.triggers.cron import CronTrigger

    tz = ZoneInfo(zone)
    now = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(seconds=seconds, microseconds=123)
    expr = parse_cron(cron)
    trigger = CronTrigger(timezone=tz, **apscheduler_fields(expr))
    theirs = trigger.get_next_fire_time(None, now)
    assert expr.next_after(now, tz) == theirs
    prev = expr.previous_at_or_before(now, tz)
    assert prev is not None and prev <= now
    assert trigger.get_next_fire_time(None, prev) == prev  # prev is a fire time
    assert trigger.get_next_fire_time(None, prev + timedelta(seconds=1)) == theirs  # and the last one
