"""What the user explicitly asks to remember is kept even when it mentions a time before or a time
just named (classify.py `rejected`): "請記住：我每週五下午不接稿，那時候在學校帶課",
"จำไว้นะ ตอนนั้นเราเลือก Redis เพราะทีมคุ้น".

A past mention (那时, ตอนนั้น, "back then") makes a decision merely mentioned, not taken; after an explicit
"remember" it is part of what is to be kept. English read it so already ("remember: back then we
picked Redis …"); Chinese and Thai dropped the whole request (tests/fixtures/projects/heldout2/subline.yaml
s06#3, writer 3).
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize(("text", "held"), [
    ("请记住：我每周三上午不开会，那时候在医院陪诊。", "周三"),
    ("記住：我們那時候選 Redis 是因為團隊熟", "Redis"),
    ("จำไว้นะ ตอนนั้นเราเลือก Redis เพราะทีมคุ้น", "Redis"),
    ("remember: back then we picked Redis because the team knew it", "Redis"),
])
def test_an_explicit_remember_mentioning_a_past_or_that_time_is_kept(text: str, held: str) -> None:
    found = extract(("user", text))
    assert [c.kind for c in found] == ["Remember"], found
    assert held.lower() in found[0].statement.lower()


@pytest.mark.parametrize("text", [
    "那时候我们决定用 Redis",             # a decision merely mentioned
    "ตอนนั้นเราตัดสินใจใช้ Redis",          # a decision merely mentioned
    "那时候说好了以后都用 Redis，你记得吗？",  # a question
])
def test_a_past_mention_without_a_remember_is_still_no_item(text: str) -> None:
    assert extract(("user", text)) == []
