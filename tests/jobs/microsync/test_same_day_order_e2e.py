"""Two sessions of ONE day read out of order are linked by the time each was said, not by the order they
were read (docs/design.md §6.4), through the real CLI. Entries carry only a date: a session said at 15:00
read by a scheduled run, then one said at 09:00 the same day read by the next run (a session file synced
late from another machine, which microSync reads back a week before its mark), put the 09:00 entry after
the 15:00 one — so "use Memcached instead of Redis" (15:00) did not replace "the session cache uses
Redis" (09:00), and both were served as what holds. Each entry's time is its first cited turn's."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import cli_run
from tests.jobs.microsync.test_said_order_e2e import SAID, _session
from tests.microsync_helpers import all_entries, claude_code_workspace

MORNING, AFTERNOON = "2026-10-14T02:00:00+00:00", "2026-10-14T08:00:00+00:00"   # 09:00 and 15:00 in Bangkok


def _mj(ws: Path, *args: str) -> str:
    done = cli_run("--workspace", str(ws), *args)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


def _ids(ws: Path) -> dict[str, str]:
    by_session = {f.entry.source.session_id: f.entry for f in all_entries(ws)}
    assert set(by_session) == {"morning", "afternoon"}, sorted(by_session)
    return {k: e.id for k, e in by_session.items()}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_afternoon_change_replaces_the_morning_choice_read_after_it(tmp_path: Path, lang: str) -> None:
    redis, memcached, _ = SAID[lang]
    ws = claude_code_workspace(tmp_path)
    _session(tmp_path, "afternoon", AFTERNOON, memcached)
    _mj(ws, "run", "microsync", "--now", "2026-10-14T16:00:00+07:00")
    _session(tmp_path, "morning", MORNING, redis)   # synced late: read by the next run
    _mj(ws, "run", "microsync", "--now", "2026-10-14T19:00:00+07:00")
    ids = _ids(ws)
    by = {f.entry.id: f.entry for f in all_entries(ws)}
    assert by[ids["morning"]].superseded_later_by == ids["afternoon"], by[ids["morning"]]
    assert by[ids["afternoon"]].supersedes is None, by[ids["afternoon"]]   # it does not "return" to Redis
    got = json.loads(_mj(ws, "get", ids["morning"], "--json"))["entry"]
    assert (got["status"], got["current"]) == ("superseded", ids["afternoon"]), got
    assert json.loads(_mj(ws, "get", ids["afternoon"], "--json"))["entry"]["current"] is None
    _mj(ws, "run", "weekly", "--now", "2026-10-19T03:00:00+07:00")
    by = {f.entry.id: f.entry for f in all_entries(ws)}
    assert (by[ids["morning"]].status, by[ids["morning"]].superseded_by) == ("superseded", ids["afternoon"])
    assert by[ids["afternoon"]].status == "active"


@pytest.mark.parametrize("lang", sorted(SAID))
def test_read_in_time_order_the_same_sessions_link_the_same_way(tmp_path: Path, lang: str) -> None:
    """The control: both sessions read by one run, the 15:00 change supersedes the 09:00 choice."""
    redis, memcached, _ = SAID[lang]
    ws = claude_code_workspace(tmp_path)
    _session(tmp_path, "morning", MORNING, redis)
    _session(tmp_path, "afternoon", AFTERNOON, memcached)
    _mj(ws, "run", "microsync", "--since", "2026-10-14", "--until", "2026-10-15", "--now", "2026-10-15T10:00:00+07:00")
    ids = _ids(ws)
    by = {f.entry.id: f.entry for f in all_entries(ws)}
    assert by[ids["afternoon"]].supersedes == ids["morning"], by[ids["afternoon"]]
