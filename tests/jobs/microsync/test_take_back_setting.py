"""A take-back of the setting said just before it (review13 #7; docs/design.md §6.3): "call me Tom from now
on" then "scratch that" — or "never mind", "forget I said that", "算了，当我没说", "ไม่เอาแล้ว ลืมที่บอกไป" —
withdraws Tom and serves the name held before it again (Nok, from the audit trail), in en/zh/th. Since
63e2f30 the take-back was ignored (Tom served); before it, the whole key was revoked (Nok gone too, and
made a forgotten value). A take-back after something else — another statement of the user, or an agent's
turn that offers something further — does not withdraw the setting, nor does a bare "no thanks"."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.core.forgotten import forgotten
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.jobs.microsync.test_forget_logged import D1, D2, NOW, SID, SID2, _store
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

DAY1 = "2026-11-10T11:00:00+07:00"

# (day 1 setting, its value, day 2 setting, its value, the take-back, an agent's plain acknowledgement)
NAMES = [
    ("call me Nok from now on", "Nok", "call me Tom from now on", "Tom", "scratch that", "Sure, Tom."),
    ("call me Nok from now on", "Nok", "call me Tom from now on", "Tom", "never mind", ""),
    ("call me Nok from now on", "Nok", "call me Tom from now on", "Tom", "forget I said that", "OK, Tom."),
    ("以后叫我小明", "小明", "以后叫我小汤", "小汤", "算了，当我没说", "好的，小汤。"),
    ("จากนี้ไปเรียกผมว่านก", "นก", "จากนี้ไปเรียกผมว่าต้อม", "ต้อม", "ไม่เอาแล้ว ลืมที่บอกไป", "ได้ครับ คุณต้อม"),
]


def _session(tmp_path: Path, sid: str) -> ClaudeSession:
    return ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{sid}.jsonl", sid)


def _values(ws: Path) -> dict[str, str]:
    return {k: v.winner.loc.entry.value for k, v in _store(ws).resolve().values.items()}


def _day1(tmp_path: Path, said: str) -> Path:
    ws = workspace(tmp_path)
    a = _session(tmp_path, SID)
    a.user(at(D1, 10, 0), said).assistant(at(D1, 10, 1), "OK.")
    a.write()
    assert microsync(ws, DAY1).status == "ok"
    return ws


@pytest.mark.parametrize(("first", "old", "second", "new", "back", "ack"), NAMES)
def test_a_take_back_right_after_a_setting_serves_the_value_before_it(
        tmp_path: Path, first: str, old: str, second: str, new: str, back: str, ack: str) -> None:
    ws = _day1(tmp_path, first)
    b = _session(tmp_path, SID2)
    b.user(at(D2, 10, 0), second)
    if ack:
        b.assistant(at(D2, 10, 1), ack)
    b.user(at(D2, 10, 2), back).assistant(at(D2, 10, 3), "OK.")
    b.write()
    assert microsync(ws, NOW).status == "ok"
    assert _values(ws).get("user.name") == old
    # taking back Tom is no forget of Nok: texts that hold the name are served as before
    assert forgotten(ws).found_in(f"the {old} dashboard") is None
    # read again (a backfill, `run microsync --since`), the same turns change nothing
    assert microsync(ws, NOW).status in ("ok", "nothing")
    assert _values(ws).get("user.name") == old


def test_a_take_back_right_after_a_first_setting_leaves_the_key_unset(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    a = _session(tmp_path, SID)
    a.user(at(D1, 10, 0), "my timezone is Asia/Tokyo from now on").assistant(at(D1, 10, 1), "Done.")
    a.user(at(D1, 10, 2), "scratch that").assistant(at(D1, 10, 3), "OK.")
    a.write()
    assert microsync(ws, DAY1).status == "ok"
    assert "user.timezone" not in _values(ws)


def test_a_take_back_said_after_the_setting_was_synced_still_withdraws_it(tmp_path: Path) -> None:
    ws = _day1(tmp_path, "call me Nok from now on")
    b = _session(tmp_path, SID2)
    b.user(at(D2, 10, 0), "call me Tom from now on").assistant(at(D2, 10, 1), "Sure, Tom.")
    b.write()
    rep = microsync(ws, "2026-11-11T10:30:00+07:00")
    assert _values(ws).get("user.name") == "Tom", rep.to_dict()
    b.user(at(D2, 10, 40), "scratch that").assistant(at(D2, 10, 41), "OK.")
    b.write()
    assert microsync(ws, NOW).status == "ok"
    assert _values(ws).get("user.name") == "Nok"


@pytest.mark.parametrize(("between", "back"), [
    (("user", "let's move the billing service to Postgres"), "scratch that"),
    (("assistant", "Sure, Tom. I can also rename your git author to Tom, want me to?"), "never mind"),
    (("assistant", "Sure, Tom. I'll also update the greeting in the dashboard."), "scratch that"),
    (("assistant", "Sure, Tom."), "no thanks"),
])
def test_a_take_back_that_follows_something_else_keeps_the_setting(tmp_path: Path, between: tuple[str, str],
                                                                    back: str) -> None:
    ws = _day1(tmp_path, "call me Nok from now on")
    b = _session(tmp_path, SID2)
    b.user(at(D2, 10, 0), "call me Tom from now on")
    who, said = between
    (b.user if who == "user" else b.assistant)(at(D2, 10, 1), said)
    b.user(at(D2, 10, 2), back).assistant(at(D2, 10, 3), "OK.")
    b.write()
    assert microsync(ws, NOW).status == "ok"
    assert _values(ws).get("user.name") == "Tom"
