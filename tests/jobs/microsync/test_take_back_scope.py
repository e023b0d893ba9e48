"""A take-back undoes only the user's own "remember …" it answers, never a setting said with it or before.

Pins review12 #4: "scratch that", "no thanks" or "never mind" after ANY explicit setting revoked the
whole key: after "call me Nok" (day 1) and "call me Tom" + "scratch that" (day 2) no name was left and
Nok became a forgotten value, which held the day-1 decision "move the Nok dashboard to Postgres" out of
search; a "no thanks" to an unrelated remark of the agent revoked the time zone just set; and "never
mind" after a session-only "reply in English" revoked the lasting global language of the day before."""
from __future__ import annotations

from pathlib import Path

from memory_store.core.forgotten import forgotten
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.jobs.microsync.test_forget_logged import D1, D2, NOW, SID, SID2, _store
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

DAY1 = "2026-11-10T11:00:00+07:00"


def _session(tmp_path: Path, sid: str) -> ClaudeSession:
    return ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{sid}.jsonl", sid)


def _values(ws: Path) -> dict[str, str]:
    return {k: v.winner.loc.entry.value for k, v in _store(ws).resolve().values.items()}


def test_scratch_that_after_a_name_forgets_no_earlier_name(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    a = _session(tmp_path, SID)
    a.user(at(D1, 10, 0), "call me Nok from now on").assistant(at(D1, 10, 1), "Sure, Nok.")
    a.user(at(D1, 10, 2), "we decided to move the Nok dashboard to Postgres").assistant(at(D1, 10, 3), "OK.")
    a.write()
    assert microsync(ws, DAY1).status == "ok"
    b = _session(tmp_path, SID2)
    b.user(at(D2, 10, 0), "call me Tom from now on").user(at(D2, 10, 1), "scratch that")
    b.assistant(at(D2, 10, 2), "OK.")
    b.write()
    assert microsync(ws, NOW).status == "ok"
    assert forgotten(ws).found_in("call me Nok", "Move the Nok dashboard to Postgres") is None
    assert _values(ws).get("user.name") in ("Nok", "Tom")


def test_no_thanks_to_an_unrelated_remark_keeps_the_setting(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    a = _session(tmp_path, SID)
    a.user(at(D1, 10, 0), "my timezone is Asia/Bangkok from now on")
    a.assistant(at(D1, 10, 1), "Got it. I'll also convert the timestamps in the report to Bangkok time.")
    a.user(at(D1, 10, 2), "no thanks").assistant(at(D1, 10, 3), "OK.")
    a.write()
    assert microsync(ws, DAY1).status == "ok"
    assert _values(ws).get("user.timezone") == "Asia/Bangkok"


def test_never_mind_after_a_session_instruction_keeps_the_lasting_one(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    a = _session(tmp_path, SID)
    a.user(at(D1, 10, 0), "always answer in English from now on").assistant(at(D1, 10, 1), "OK.")
    a.write()
    assert microsync(ws, DAY1).status == "ok"
    assert _values(ws).get("response.language") == "en"
    b = _session(tmp_path, SID2)
    b.user(at(D2, 10, 0), "just for this conversation, reply in English")
    b.user(at(D2, 10, 1), "never mind").assistant(at(D2, 10, 2), "OK.")
    b.write()
    assert microsync(ws, NOW).status == "ok"
    assert _values(ws).get("response.language") == "en"
    # "never mind" right after the session-only instruction withdraws that one (review13 #7), never the
    # lasting global language of the day before
    revoked = [e for e in _store(ws).audit() if e["type"] == "fact.revoked"]
    assert [e["applies_to"] for e in revoked] == [f"session:{SID2}"], revoked
