"""A schedule that can never fire (`0 0 31 2 *`, the 31st of February) is a configuration error that
names its key, at load, so every command refuses it alike (docs/design.md §8.1): config, doctor,
status, the daemon, `systemd print` and `cron`. A job silently never running is the failure."""
from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from memory_store.cronexpr import CronError, parse_cron
from tests.conftest import cli


@pytest.mark.parametrize(("cron", "why"), [
    ("0 0 31 2 *", "day-of-month 31"),
    ("30 0 30 2 *", "day-of-month 30"),
    ("0 0 31 4,6,9,11 *", "day-of-month 31"),
    ("0 0 30,31 feb *", "day-of-month 30,31"),
    ("0 0 0 31 2 *", "day-of-month 31"),            # with leading seconds
])
def test_a_schedule_that_never_fires_is_refused_with_its_key(cron: str, why: str) -> None:
    with pytest.raises(CronError) as info:
        parse_cron(cron, allow_seconds=True, where="schedule.microsync")
    text = str(info.value)
    assert text.startswith(f"schedule.microsync: {cron!r}: "), text
    assert "never" in text and why in text, text


@pytest.mark.parametrize("cron", [
    "0 0 29 2 *",          # leap years
    "0 0 31 1-3 *",        # January and March have a 31st
    "0 0 30 2,4 *",        # April has a 30th
    "0 0 */30 2 *",        # the 1st of February (a step keeps the 1st)
    "0 0 * 2 mon",
    "0 3 31 2 mon",        # cron's either-or day rule: every Monday of February
])
def test_a_schedule_that_fires_rarely_is_kept(cron: str) -> None:
    expr = parse_cron(cron, allow_seconds=True, where="schedule.weekly")
    assert any(expr.matches_day(date.fromordinal(date(2024, 1, 1).toordinal() + n))
               for n in range(4 * 366))


def _workspace(tmp_path: Path) -> Path:
    from memory_store.workspace import init_workspace

    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\n"
                                     "schedule: {microsync: '0 0 31 2 *'}\n", encoding="utf-8")
    return ws


@pytest.mark.parametrize("command", [
    ["config"], ["doctor", "--no-llm"], ["status"], ["daemon"], ["systemd", "print"], ["cron"],
])
def test_every_command_refuses_the_schedule_and_names_the_key(tmp_path: Path, command: list[str]) -> None:
    ws = _workspace(tmp_path)
    r = cli("--workspace", str(ws), *command)
    out = r.output + (r.stderr if r.stderr_bytes is not None else "")
    assert r.exit_code != 0, out
    assert "schedule.microsync" in out and "'0 0 31 2 *'" in out and "never" in out, out
    assert "OnCalendar" not in out
