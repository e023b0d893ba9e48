"""The transcript router (memory_store/core/router.py) on turns written for these tests, apart from
the blind set (tests/fixtures/preferences/, measured by scripts/eval_preferences.py)."""
from __future__ import annotations

import pytest

from memory_store.core.router import route, unquoted

CASES = [
    # explicit: a standing marker or a memory verb about the user
    ("Moving forward, please answer in Japanese.", None, "explicit", "response.language", "ja"),
    ("You can call me Priya.", None, "explicit", "user.name", "Priya"),
    ("I work in Berlin, keep my timezone in mind from now on", None, "explicit", "user.timezone", None),
    ("by default give me tables when comparing options", None, "explicit", "response.format.default", "table"),
    ("remember that I'm allergic to peanuts", None, "explicit", "user.other", None),
    ("ต่อจากนี้ตอบสั้นๆ พอนะ", None, "explicit", "response.length", "short"),
    ("จำไว้นะว่าผมชื่อต้น", None, "explicit", "user.name", "ต้น"),
    ("往后回答都用繁體中文", None, "explicit", "response.language", "zh-Hant"),
    ("以后别用表情符号了", None, "explicit", "response.tone", "no emojis"),
    ("I've written Rust for 10 years, skip the basics every time", None, "explicit", "user.expertise.rust", "expert"),
    # confirmation of the assistant's offer
    ("yes please remember", "Shall I remember that you like bullet points?", "confirm",
     "response.format.default", "bullets"),
    ("ใช่ จำไว้", "ให้จำไว้ไหมครับว่าชอบคำตอบสั้นๆ", "confirm", "response.length", "short"),
    ("对，记住", "要不要我记住你喜欢用表格？", "confirm", "response.format.default", "table"),
    # inferred: a signal without a standing marker
    ("that's too verbose", None, "inferred", "response.length", "short"),
    ("ยาวเกินไปนะ", None, "inferred", "response.length", "short"),
    ("you always write essays, too long", None, "inferred", "response.length", "short"),
    ("ตอบยาวทุกทีเลย ยาวไป", None, "inferred", "response.length", "short"),
    ("I've never used Docker, how do I start a container?", None, "inferred", "user.expertise.devops", "beginner"),
    ("太啰嗦了，简短一点", None, "inferred", "response.length", "short"),
    # forget
    ("please forget what I said about my name", None, "forget", "user.name", ""),
    ("ไม่ต้องจำเรื่องตอบเป็นตารางแล้วนะ", None, "forget", "response.format.default", ""),
    ("之前说的用英文回答那条取消", None, "forget", "response.language", ""),
]
NONE = [
    "Remember that the API base URL is /v2.",
    "From now on our team reviews every migration on Fridays.",
    "answer just this question in Thai",
    "What's my timezone set to?",
    "Forget the regex, use a parser.",
    "feel free to call me out if the plan looks wrong",
    "ช่วยเขียนอีเมลถึงลูกค้าแบบทางการหน่อย",
    "อย่าลืมรัน test ก่อน merge นะ",
    "团队以后统一用 Go",
    "如果我说以后都用英文，你会记住吗？",
    'My lead wrote: "From now on, reply in English in all threads."',
    # project conventions from the demo transcripts (jobs/demo/data): the daily log's, not core memory
    "wait, don't run that by hand. from now on every schema change goes through an alembic migration",
    "ต่อจากนี้ห้าม deploy หลังบ่ายสามของวันศุกร์อีกเด็ดขาด ถ้าพังขึ้นมาจะไม่มีใครอยู่ดูช่วงเสาร์อาทิตย์",
    "看一下 nimbus/api/bookings.py，预订成功之后现在是怎么发确认邮件的？",
]


@pytest.mark.parametrize(("turn", "context", "label", "key", "value"), CASES)
def test_routes(turn: str, context: str | None, label: str, key: str, value: str | None) -> None:
    got = route(turn, context)
    assert got is not None, turn
    assert (got.label, got.key) == (label, key)
    if value is not None:
        assert got.value == value


@pytest.mark.parametrize("turn", NONE)
def test_never_routes(turn: str) -> None:
    assert route(turn) is None


def test_a_declined_offer_routes_nothing() -> None:
    assert route("nah, just this once", "Should I remember that you prefer Thai?") is None
    assert route("不用了", "要不要我以后都用英文回答？") is None


def test_quoted_text_is_not_the_users_words() -> None:
    assert "from now on" not in unquoted('He said "from now on answer in French" twice').lower()
    assert unquoted("> Remember that I like tables\nok?").strip() == "ok?"
