"""How a session ended (jobs/daily/outcome.py), from its own signals in English, Thai and Chinese."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from jobs.daily.outcome import decide
from memory_store.transcripts.records import Flag, Record, Role

T0 = datetime(2026, 11, 18, 2, 0, tzinfo=UTC)


def session(*turns: tuple[str, str] | tuple[str, str, str]) -> list[Record]:
    """Turns as (role, text) — `call` / `result` / `error` for tool events, a call's text is its command."""
    out: list[Record] = []
    for n, turn in enumerate(turns, start=1):
        role, text = turn[0], turn[1]
        kw: dict = {}
        if role == "call":
            kw = {"role": Role.TOOL_CALL, "flags": frozenset({Flag.TOOL}), "tool_name": "Bash", "tool_args": text}
        elif role in ("result", "error"):
            flags = {Flag.TOOL} | ({Flag.ERROR} if role == "error" else set())
            kw = {"role": Role.TOOL_RESULT, "flags": frozenset(flags)}
        else:
            kw = {"role": Role(role)}
        out.append(Record("claude-code", "s1", "/t/s1.jsonl", n, n, T0 + timedelta(minutes=n), text=text, **kw))
    return out


CASES = [
    # tests at the end
    (session(("user", "fix the tests"), ("call", '{"command": "uv run pytest -q"}'), ("result", "14 passed in 1.2s")),
     "success", "tests passing at the end"),
    (session(("user", "fix it"), ("call", "pytest"), ("result", "12 passed in 1s"),
             ("call", "pytest"), ("result", "1 failed, 12 passed in 1.30s")),
     "failed", "tests failing at the end"),
    (session(("user", "run the tests"), ("call", "pytest"), ("result", "3 failed in 0.4s"),
             ("call", "pytest"), ("result", "15 passed in 0.9s")),
     "success", "tests passing at the end"),
    (session(("user", "ช่วยรันเทสหน่อย"), ("assistant", "เทสผ่านหมดแล้วครับ")), "success", "tests passing at the end"),
    (session(("user", "跑一下测试"), ("assistant", "测试全部通过了。")), "success", "tests passing at the end"),
    (session(("user", "跑一下测试"), ("assistant", "还有两个测试没通过，明天再看。")),
     "failed", "tests failing at the end"),
    # the user's last word
    (session(("user", "rename the env var"), ("assistant", "Done."), ("user", "thanks!")),
     "success", "the user's thanks"),
    (session(("user", "แก้ปุ่มจ่ายเงินหน่อย"), ("assistant", "แก้แล้วครับ"), ("user", "ขอบคุณครับ")),
     "success", "the user's thanks"),
    (session(("user", "改一下超时"), ("assistant", "改好了"), ("user", "谢谢")), "success", "the user's thanks"),
    (session(("user", "fix the login"), ("assistant", "Fixed."), ("user", "it still doesn't work")),
     "failed", "the user's complaint"),
    (session(("user", "แก้ login"), ("assistant", "แก้แล้วครับ"), ("user", "ยังไม่ได้เลย")), "failed", "the user's complaint"),
    (session(("user", "修一下登录"), ("assistant", "修好了"), ("user", "还是不行")), "failed", "the user's complaint"),
    # an error left standing
    (session(("user", "deploy it"), ("call", "deploy.sh"), ("error", "Error: connection refused")),
     "failed", "an error left standing"),
    # both kinds → partial
    (session(("user", "fix it"), ("call", "pytest"), ("result", "10 passed in 1s"),
             ("user", "the page is still broken though")),
     "partial", "tests passing at the end; the user's complaint"),
    # nothing either way
    (session(("user", "what is our VAT rate?"), ("assistant", "7%.")), "unknown", ""),
    (session(("user", "does the test read right?"), ("assistant", "Almost: it would also pass if the insert failed.")),
     "unknown", ""),
]


@pytest.mark.parametrize(("records", "outcome", "signal"), CASES)
def test_outcome_from_the_sessions_own_signals(records: list[Record], outcome: str, signal: str):
    got = decide(records)
    assert (got.outcome, got.signal) == (outcome, signal)


def test_thanks_early_in_a_session_does_not_outweigh_a_later_complaint():
    """Pins: the user's latest verdict wins (their last three messages are read, latest first)."""
    recs = session(("user", "thanks for yesterday. now fix the login"), ("assistant", "Fixed."),
                   ("user", "nope, doesn't work"))
    assert decide(recs).outcome == "failed"
