"""How a session ended, from its own signals (docs/design.md §4.6): success | partial |
failed | unknown.

Signals, each read near the end of the session, in English, Thai and Chinese:
- tests: the last test result the session shows (a tool result or the agent's report) passed or failed;
- an error left standing: the session's last tool result is an error;
- the user's last word on it: thanks / praise, or a complaint that it still does not work.
Only good signals → success; only bad → failed; both → partial; none → unknown. The reason is
kept (`signal`), so a reader can see why.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from memory_store.transcripts.records import Flag, Record, Role

# ---- tests -------------------------------------------------------------------------------------
_TESTS_FAILED = re.compile(
    r"\b\d+ (?:failed|errors?)\b|(?-i:\bFAILED\b)|\btests? (?:are |is )?(?:still )?fail(?:ing|ed|s)\b"
    r"|\bfailures=\d+|测试失败|(?:没有?|未)通过|เทส(?:ยัง)?ไม่ผ่าน|เทสพัง|test(?:s)? ?ไม่ผ่าน",
    re.IGNORECASE)
_TESTS_PASSED = re.compile(
    r"\b\d+ passed\b|\ball (?:\d+ )?tests? (?:now )?pass(?:ed|es|ing)?\b|\btests? (?:are |now )*(?:all )?"
    r"(?:passing|pass(?:ed)?)\b|^OK(?: \(|$)|\bRan \d+ tests?\b[\s\S]*\bOK\b"
    r"|测试(?:全部|都)?通过|全部通过|เทส(?:ผ่าน|ผ่านหมด)|ผ่านหมดแล้ว|test(?:s)? ?ผ่าน",
    re.IGNORECASE | re.MULTILINE)
_PYTEST_TAIL = re.compile(r"\b\d+ (?:passed|failed)(?:, \d+ \w+)* in [\d.]+s\b")
_TEST_CONTEXT = re.compile(r"pytest|unittest|jest|vitest|go test|cargo test|npm (?:run )?test|\btests?\b|测试|เทส",
                           re.IGNORECASE)

# ---- the user's last word ----------------------------------------------------------------------
_THANKS = re.compile(
    r"\b(?:thanks|thank you|thx|perfect|awesome|great job|nice work|well done|works now|it works|lgtm)\b"
    r"|ขอบคุณ|ขอบใจ|เยี่ยม|ใช้ได้แล้ว|เรียบร้อยดี|谢谢|多谢|感谢|太好了|完美|搞定了|可以了",
    re.IGNORECASE)
_COMPLAINT = re.compile(
    r"\b(?:still (?:broken|failing|fails|wrong|not working|doesn'?t work)|doesn'?t work|does not work|not working"
    r"|didn'?t work|that'?s wrong|this is wrong|you broke|broke it|useless|wrong again)\b"
    r"|ยังไม่ได้|ยังพัง|ไม่ทำงาน|ใช้ไม่ได้|ผิดอีกแล้ว|พังอีกแล้ว|还是不行|不行啊|没用|又坏了|又错了|不对",
    re.IGNORECASE)
USER_TAIL = 3   # the user's last few messages carry their verdict

# Whether the two test patterns match at all, decided faster (a session's every tool result and
# assistant turn is read, back to front, until one shows a test result). The same patterns behind a
# lookahead of the characters a match can start with: the engine tries the alternation only there
# (a match starts with a digit or a branch's first letter; IGNORECASE covers both cases). And an
# ASCII text without "fail"/"error" (or "pass"/"ok") cannot match at all: under IGNORECASE an ASCII
# character matches a pattern's ASCII letter only as that letter in either case, so the lower-cased
# text holds the literal (the Thai and Chinese branches need non-ASCII text).
_FAILED_AT = re.compile(rf"(?=[\dft测没未เ])(?:{_TESTS_FAILED.pattern})", _TESTS_FAILED.flags)
_PASSED_AT = re.compile(rf"(?=[\datorเ测全ผ])(?:{_TESTS_PASSED.pattern})", _TESTS_PASSED.flags)


def tests_failed(text: str) -> bool:
    """`_TESTS_FAILED` matches somewhere in `text`."""
    if text.isascii():
        low = text.lower()
        if "fail" not in low and "error" not in low:
            return False
    return _FAILED_AT.search(text) is not None


def tests_passed(text: str) -> bool:
    """`_TESTS_PASSED` matches somewhere in `text`."""
    if text.isascii():
        low = text.lower()
        if "pass" not in low and "ok" not in low:
            return False
    return _PASSED_AT.search(text) is not None


@dataclass(frozen=True)
class Outcome:
    outcome: str       # success | partial | failed | unknown
    signal: str        # the reasons, "; "-joined ("" when unknown)


def _said(r: Record) -> bool:
    return r.role in (Role.USER, Role.ASSISTANT) and Flag.META not in r.flags and not r.is_tool


def test_state(records: tuple[Record, ...] | list[Record]) -> bool | None:
    """True / False for the last test result the session shows (passed / failed), None if none."""
    call = ""   # a tool result's context is the command that produced it ("pytest -q")
    seen: list[tuple[Record, str]] = []
    for r in records:
        if r.role == Role.TOOL_CALL:
            call = f"{r.tool_name or ''} {r.tool_args or r.text}"
        elif r.role in (Role.TOOL_RESULT, Role.ASSISTANT):
            seen.append((r, call if r.role == Role.TOOL_RESULT else ""))
    for r, context in reversed(seen):
        text = r.text
        failed = tests_failed(text)
        passed = tests_passed(text)
        if not (failed or passed) or not (_TEST_CONTEXT.search(text) or _TEST_CONTEXT.search(context)
                                           or _PYTEST_TAIL.search(text)):
            continue
        if failed and passed:
            # "12 passed, 1 failed": any failure wins.
            return not re.search(r"\b[1-9]\d* (?:failed|errors?)\b|FAILED|失败|ไม่ผ่าน", text)
        return bool(passed)
    return None


def error_standing(records: tuple[Record, ...] | list[Record]) -> bool:
    last = next((r for r in reversed(records) if r.role == Role.TOOL_RESULT), None)
    return last is not None and Flag.ERROR in last.flags


def user_verdict(records: tuple[Record, ...] | list[Record]) -> bool | None:
    """True for thanks, False for a complaint, None when the user's last messages say neither."""
    users = [r for r in records if r.role == Role.USER and _said(r)][-USER_TAIL:]
    for r in reversed(users):
        complaint = _COMPLAINT.search(r.text)
        thanks = _THANKS.search(r.text)
        if complaint:
            return False
        if thanks:
            return True
    return None


def decide(records: tuple[Record, ...] | list[Record]) -> Outcome:
    good: list[str] = []
    bad: list[str] = []
    tests = test_state(records)
    if tests is True:
        good.append("tests passing at the end")
    elif tests is False:
        bad.append("tests failing at the end")
    if error_standing(records) and tests is not False:
        bad.append("an error left standing")
    verdict = user_verdict(records)
    if verdict is True:
        good.append("the user's thanks")
    elif verdict is False:
        bad.append("the user's complaint")
    if good and bad:
        outcome = "partial"
    elif good:
        outcome = "success"
    elif bad:
        outcome = "failed"
    else:
        outcome = "unknown"
    return Outcome(outcome, "; ".join(good + bad))
