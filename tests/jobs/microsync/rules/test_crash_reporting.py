"""A bug word that names a tool or a measure reports no bug (lexicon `hedges.bug_report`).

"崩溃上报不再用自建 Sentry 了，改用 Bugly" (tests/fixtures/projects/heldout3 tukrush s17#3, writer 4, the
replacing statement of s09#5 "崩溃上报用 Sentry") was read as a crash reported, so the decision was
dropped and Sentry stayed active. English writers say "crash reporting" / "crash reports" for the same
thing (meterwalk s07#1, writer 5; the extraction sets), which the English phrases never took for a
crash; the Chinese and Thai ones did. A crash that happened still makes the clause a report.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize(("text", "kind"), [
    ("崩溃上报不再用自建 Sentry 了，改用 Bugly", "Decision"),
    ("崩溃率超过 1% 就不能发版", "Constraint"),
    ("ระบบแครชรีพอร์ตเลิกใช้ Sentry แล้ว เปลี่ยนไปใช้ Bugly", "Decision"),
    ("crash reporting no longer uses self-hosted Sentry, we switched to Bugly", "Decision"),
])
def test_a_crash_tool_or_measure_is_no_bug_report(text: str, kind: str) -> None:
    assert [c.kind for c in extract(("user", text))] == [kind]


@pytest.mark.parametrize("text", [
    "app 崩溃后不再上传数据",
    "服务崩溃以后不再响应请求",
    "แอปแครชหลังเปลี่ยนไปใช้ Bugly",
])
def test_a_crash_that_happened_is_still_a_report(text: str) -> None:
    assert extract(("user", text)) == []
