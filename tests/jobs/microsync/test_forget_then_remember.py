"""A value the user had memjobs forget and then deliberately said again is the user's again (fixcore13a #1;
memory_store/core/forgotten.py `withdrawals`, memory_store/core/forget_logged.py `restate_logged`): the
later explicit remember wins over the earlier forget, in the order the two were said, and the audit trail
shows both. A forget said after the remember withdraws it again; an older statement read later (a
backfill) does not bring it back."""
from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

import pytest

from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.jobs.microsync.test_forget_logged import _served
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

DAYS = (date(2026, 11, 10), date(2026, 11, 11), date(2026, 11, 12))


def _days(tmp_path: Path, days: list[list[str]], ws: Path | None = None,
          on: tuple[date, ...] = DAYS) -> Path:
    """Each list of turns said on its own day, in its own session, read by that day's microSync run."""
    ws = ws or workspace(tmp_path)
    for n, (day, turns) in enumerate(zip(on, days, strict=False)):
        sid = f"f8a00000-0000-4000-8000-00000000002{n}"
        s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{sid}.jsonl", sid)
        for i, turn in enumerate(turns):
            s.user(at(day, 10, 2 * i), turn).assistant(at(day, 10, 2 * i + 1), "Noted.")
        s.write()
        assert microsync(ws, f"{day.isoformat()}T11:00:00+07:00").status in ("ok", "nothing")
    return ws


def _trail(ws: Path) -> list[tuple[str, str]]:
    r = cli("--workspace", str(ws), "mem", "audit", "user.other", "--json")
    assert r.exit_code == 0, r.output
    return [(ev["type"], ev["ts"]) for ev in json.loads(r.output)["events"]]


# a value only the daily log keeps (the router stages nothing), and one staged as a user.other proposal
SAID_AGAIN = [("remember that the office wifi name is AcmeGuest5", "please forget the office wifi name", "AcmeGuest5"),
              ("remember that my licence plate is KX-4471", "please forget my licence plate", "KX-4471"),
              ("记住办公室的无线网名字是 AcmeGuest5", "忘掉办公室的无线网名字", "AcmeGuest5")]


@pytest.mark.parametrize(("remember", "forget", "value"), SAID_AGAIN)
def test_a_remember_said_after_the_forget_wins(tmp_path: Path, remember: str, forget: str, value: str) -> None:
    ws = _days(tmp_path, [[remember], [forget], [remember]])
    assert _served(ws, value) == ["MEMORY.md", "search ()", "search ('--tier', 'all')", "search ('--tier', 'sessions')",
                                  "context", "mcp search", "mcp context"]
    types = [t for t, _ts in _trail(ws)]
    assert "proposal.rejected" in types, types
    said_again = [i for i, t in enumerate(types) if t in ("memory.restated", "proposal.created")]
    assert said_again and said_again[-1] > types.index("proposal.rejected"), types


@pytest.mark.parametrize(("remember", "forget", "value"), SAID_AGAIN[:2])
def test_a_forget_after_the_remember_again_withdraws_it_again(tmp_path: Path, remember: str, forget: str,
                                                              value: str) -> None:
    ws = _days(tmp_path, [[remember], [forget], [remember, forget]])
    assert _served(ws, value) == []


def test_the_forget_stands_when_an_older_remember_is_read_later(tmp_path: Path) -> None:
    """A backfill reads the day-1 "remember" again after the forget: said before the forget, it changes nothing."""
    ws = _days(tmp_path, [["remember that the office wifi name is AcmeGuest5"], ["please forget the office wifi name"]])
    r = cli("--workspace", str(ws), "run", "microsync", "--since", "2026-11-10", "--now", "2026-11-12T11:00:00+07:00")
    assert r.exit_code == 0, r.output
    assert "memory.restated" not in [t for t, _ts in _trail(ws)]
    assert _served(ws, "AcmeGuest5") == []


def test_a_revoked_fact_said_again_is_served_again(tmp_path: Path) -> None:
    """The value was a user.other fact (PROFILE.md), revoked by the forget: its revoked line stays under
    `## Inactive`, and the remember said after the revoke wins over it too."""
    ws = workspace(tmp_path)
    r = cli("--workspace", str(ws), "mem", "set", "user.other", "my licence plate is KX-4471")    # now
    assert r.exit_code == 0, r.output
    later = tuple(date.today() + timedelta(days=n) for n in (1, 2))
    _days(tmp_path, [["please forget my licence plate"], ["remember that my licence plate is KX-4471"]], ws, later)
    assert "status:revoked" in (ws / "PROFILE.md").read_text(encoding="utf-8")
    assert "search ()" in _served(ws, "KX-4471")
