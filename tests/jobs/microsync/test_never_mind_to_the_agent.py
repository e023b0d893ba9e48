"""A "never mind" about what the agent just reported keeps the setting said before it (review16 F2).

A setting ("my timezone is Asia/Bangkok from now on") is withdrawn by a retraction in the very next user
turn ("never mind", "scratch that") only when the agent's turn between merely acknowledges it
(memory_store/core/heard.py `_acknowledges`); after a turn that reports something else — a failed run — the
user's "never mind" is about that, and the time zone stays.
"""
from __future__ import annotations

from pathlib import Path

from tests.jobs.daily.test_daily_fixture import at
from tests.jobs.microsync.test_forget_logged import D1, SID
from tests.jobs.microsync.test_take_back_scope import DAY1, _session, _values
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync


def test_never_mind_to_a_reported_failure_keeps_the_setting(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    a = _session(tmp_path, SID)
    a.user(at(D1, 10, 0), "my timezone is Asia/Bangkok from now on")
    a.assistant(at(D1, 10, 1), "Noted. The staging deploy you started earlier failed: the image tag v1.2 is missing.")
    a.user(at(D1, 10, 2), "never mind").assistant(at(D1, 10, 3), "OK.")
    a.write()
    assert microsync(ws, DAY1).status == "ok"
    assert _values(ws).get("user.timezone") == "Asia/Bangkok"
