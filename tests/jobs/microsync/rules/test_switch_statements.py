"""A user's statement of a switch of a named thing from one choice to another ("switch X from A to
B") is a Decision, in Thai, English and Chinese alike (jobs/microsync/rules/settled.py, the
`settled.replaced` frames of each lexicon); a question, a proposal, a wish, someone else's change, a
negation or an edit of a value is not."""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract, one

CHOICE = ("Decision", "Architecture")   # one family: a choice (docs/design.md §6)


@pytest.mark.parametrize(("text", "new"), [
    # Thai, with or without แล้ว / นะ / ครับ / ค่ะ, and the three verbs of switching
    ("เปลี่ยน session cache จาก Redis เป็น Memcached แล้วนะ", "Memcached"),
    ("เปลี่ยน CI จาก Jenkins เป็น GitHub Actions", "GitHub Actions"),
    ("ย้าย CI จาก Jenkins ไป GitHub Actions ครับ", "GitHub Actions"),
    ("สลับ session cache จาก Redis เป็น Memcached ค่ะ", "Memcached"),
    ("เปลี่ยน CI จากJenkinsเป็นGitHub Actions", "GitHub Actions"),   # no spaces around the names
    ("เปลี่ยน runtime จาก Node 18 เป็น Node 20 แล้ว", "Node 20"),     # a name with a version
    # English and Chinese, the same class
    ("switch the session cache from Redis to Memcached", "Memcached"),
    ("move CI from Jenkins to GitHub Actions", "GitHub Actions"),
    ("把 session cache 从 Redis 换成 Memcached", "Memcached"),
    ("把CI从Jenkins改成GitHub Actions", "GitHub Actions"),
])
def test_a_switch_from_one_named_choice_to_another_is_a_decision(text: str, new: str) -> None:
    found = one(text)
    assert found.kind in CHOICE
    assert new in found.conclusion


@pytest.mark.parametrize("text", [
    # a question, a proposal, a try
    "เปลี่ยน session cache จาก Redis เป็น Memcached ดีไหม",
    "เปลี่ยน session cache จาก Redis เป็น Memcached ได้ไหมครับ",
    "ลองเปลี่ยน session cache จาก Redis เป็น Memcached ดูไหม",
    "ลองเปลี่ยน CI จาก Jenkins เป็น GitHub Actions ดู",
    "ถ้าเปลี่ยน session cache จาก Redis เป็น Memcached จะเร็วขึ้นไหม",
    "should we switch the session cache from Redis to Memcached?",
    "try switching the session cache from Redis to Memcached",
    "要不要把 session cache 从 Redis 换成 Memcached？",
    # someone else's change, reported
    "ทีมโน้นเปลี่ยน CI จาก Jenkins เป็น GitHub Actions แล้ว",
    "เพื่อนผมย้าย CI จาก Jenkins ไป GitHub Actions แล้ว",
    "พี่นัทบอกว่าเปลี่ยน CI จาก Jenkins เป็น GitHub Actions แล้ว",
    "my friend moved his startup from Heroku to Fly.io",
    "他们把CI从Jenkins改成GitHub Actions了",
    # a negation, an opinion, a wish, the switch named as a noun
    "ไม่ต้องเปลี่ยน session cache จาก Redis เป็น Memcached",
    "ไม่ได้เปลี่ยน CI จาก Jenkins เป็น GitHub Actions",
    "ผมคิดว่าควรเปลี่ยน session cache จาก Redis เป็น Memcached",
    "อยากเปลี่ยน CI จาก Jenkins เป็น GitHub Actions",
    "การเปลี่ยน CI จาก Jenkins เป็น GitHub Actions ใช้เวลาสองอาทิตย์",
    "no need to move CI from Jenkins to GitHub Actions",
    # an edit of a value or a name, not a choice between named things
    "เปลี่ยน port จาก 8080 เป็น 9090",
    "เปลี่ยนชื่อ class จาก UserService เป็น AccountService",
    "switch the port from 8080 to 9090",
    "move the import from line 3 to line 10",
])
def test_a_switch_asked_proposed_reported_negated_or_edited_is_no_decision(text: str) -> None:
    assert [c.title for c in extract(("user", text)) if c.kind in CHOICE] == []


@pytest.mark.parametrize("text", [
    # an edit tied to a line, a file or a screen element: a task, in every language (English gave none before)
    "把第 42 行的 requests 换成 httpx",
    "เปลี่ยน test_cart.py จาก unittest เป็น pytest",
    "把 README 里的 npm install 换成 pnpm install",
    "把按钮颜色从蓝色换成绿色",
    "把 cart.py 第 42 行从 requests 改成 httpx",
    "เปลี่ยนบรรทัด 42 จาก requests เป็น httpx",
    "replace requests with httpx on line 42",
    "switch test_cart.py from unittest to pytest",
    "change npm install to pnpm install in the README",
])
def test_an_edit_tied_to_a_line_file_or_screen_element_is_no_decision(text: str) -> None:
    assert [c.title for c in extract(("user", text)) if c.kind in CHOICE] == []


@pytest.mark.parametrize("text", [
    # said as decided, a change that names a file is still the team's choice; a tool named like a file is none
    "我们决定把 pyproject.toml 里的构建后端从 setuptools 换成 hatchling",
    "we decided to use Next.js instead of CRA",
    "把 Vue.js 换成 React",
])
def test_a_decided_change_naming_a_file_or_a_dotted_tool_stays_a_decision(text: str) -> None:
    assert one(text).kind in CHOICE
