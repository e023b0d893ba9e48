"""The transcript router (memory_store/core/router.py) on people close to the user and on a yes narrowed to this
conversation, in en/th/zh, on turns written for these tests (the lexicons' `relation` and `narrow`):

- a name or place said of someone by their tie to the user or to someone named is not the user's: "call me
  Nok's husband" staged the name "Nok", 请记住我姐姐在上海工作 wrote the user's time zone Asia/Shanghai;
- a fact about such a person the user asks to be remembered is a free-form fact for review (`user.other`) in
  every language: the English and Chinese were staged, the Thai (จำไว้ว่าน้องสาวผมอยู่ที่เชียงใหม่) and
  "remember that my mom works at a hospital" routed nothing;
- "yes, but only for this chat" to an offer routed nothing: it is what was offered, for this session only.
"""
from __future__ import annotations

import re

import pytest

from memory_store.core.router import route

NOT_THE_USERS_NAME = [
    "call me Nok's husband",
    "you can call me Tom’s dad",
    "call me Priya's older sister please",
    "เรียกผมว่าสามีของนก",
    "เรียกฉันว่าแม่ของน้องมิวก็ได้",
    "เพื่อนผมชื่อต้น",
    "แมวผมชื่อส้ม",
    "叫我小美的老公",
    "我朋友叫小明",
]


@pytest.mark.parametrize("turn", NOT_THE_USERS_NAME)
def test_a_relatives_name_is_not_the_users(turn: str) -> None:
    got = route(turn)
    assert got is None or (got.key != "user.name" and got.to != "profile"), got


NOT_THE_USERS_PLACE = [
    "my sister lives in Chiang Mai",
    "I think my boss lives in Berlin now",
    "น้องสาวผมอยู่ที่เชียงใหม่",
    "แฟนผมทำงานอยู่ที่โตเกียว",
    "我姐姐在上海工作",
    "我老公在东京上班",
]


@pytest.mark.parametrize("turn", NOT_THE_USERS_PLACE)
def test_a_relatives_place_is_not_the_users_time_zone(turn: str) -> None:
    got = route(turn)
    assert got is None or got.key != "user.timezone", got


# (turn, the value staged): the user's words without the request to remember them
RELATIVES_FACTS = [
    ("remember that my sister lives in Chiang Mai", "my sister lives in Chiang Mai"),
    ("remember that my mom works at a hospital", "my mom works at a hospital"),
    ("please remember my wife's birthday is March 3", "my wife's birthday is March 3"),
    ("จำไว้ว่าน้องสาวผมอยู่ที่เชียงใหม่", "น้องสาวผมอยู่ที่เชียงใหม่"),
    ("จำไว้นะว่าแฟนผมแพ้กุ้ง", "แฟนผมแพ้กุ้ง"),
    ("จำไว้ว่าวันเกิดแม่ผมคือ 3 มีนาคม", "วันเกิดแม่ผมคือ 3 มีนาคม"),
    ("记住我妹妹住在清迈", "我妹妹住在清迈"),
    ("请记住我姐姐在上海工作", "我姐姐在上海工作"),
    ("记住我老婆的生日是3月3号", "我老婆的生日是3月3号"),
]


@pytest.mark.parametrize(("turn", "value"), RELATIVES_FACTS)
def test_a_relatives_fact_asked_to_be_remembered_is_staged_as_a_free_form_fact(turn: str, value: str) -> None:
    got = route(turn)
    assert got is not None and (got.label, got.key, got.value, got.to) == ("explicit", "user.other", value,
                                                                           "proposals"), got


# "remember that my <thing> is …": a Thai possessive follows its noun (เลขทะเบียนรถของฉัน, เบอร์ห้องผม), and
# the Thai routed nothing where the English and Chinese stage the fact; a pet's name is not the user's either
MY_THINGS = [
    ("remember my licence plate is KX-7731", "my licence plate is KX-7731"),
    ("记住我的车牌号码是 京A12345", "我的车牌号码是 京A12345"),
    ("จำไว้ว่าเลขทะเบียนรถของฉันคือ กข 4455", "เลขทะเบียนรถของฉันคือ กข 4455"),
    ("จำไว้ว่าเบอร์ห้องผมคือ 1204", "เบอร์ห้องผมคือ 1204"),
    ("จำไว้นะครับว่าสีรถของผมคือสีเขียวมะกอก", "สีรถของผมคือสีเขียวมะกอก"),
    ("remember that my cat is called Som", "my cat is called Som"),
    ("记住我的狗叫旺财", "我的狗叫旺财"),
    ("จำไว้ว่าแมวผมชื่อส้ม", "แมวผมชื่อส้ม"),
]


@pytest.mark.parametrize(("turn", "value"), MY_THINGS)
def test_remember_that_my_thing_is_staged_in_every_language(turn: str, value: str) -> None:
    got = route(turn)
    assert got is not None and (got.label, got.key, got.value, got.to) == ("explicit", "user.other", value,
                                                                           "proposals"), got


@pytest.mark.parametrize("turn", ["remember to call my mom tonight", "记得给我妈打电话", "my sister is visiting"])
def test_a_task_about_a_relative_is_no_fact(turn: str) -> None:
    assert route(turn) is None


OFFER_LENGTH = "Would you like me to remember that you prefer short answers?"
OFFER_THAI = "ต้องการให้ผมตอบเป็นภาษาไทยตลอดไหมครับ?"
OFFER_ZH = "要我以后都用中文回答吗？"
OFFER_FREE = "Want me to use dark mode for all the UI mockups from now on?"
# (yes narrowed to this conversation, the offer, the key and value it offered)
YES_FOR_THIS_CHAT = [
    ("yes, but only for this chat", OFFER_LENGTH, "response.length", "short"),
    ("sure, just for this conversation", OFFER_LENGTH, "response.length", "short"),
    ("ok but only for this session please", OFFER_LENGTH, "response.length", "short"),
    ("ได้ครับ แต่เฉพาะแชทนี้นะ", OFFER_THAI, "response.language", "th"),
    ("ได้ แค่ในแชทนี้", OFFER_THAI, "response.language", "th"),
    ("好，不过只在这次对话里", OFFER_ZH, "response.language", "zh-Hans"),
    ("可以，这次对话里就行", OFFER_ZH, "response.language", "zh-Hans"),
    ("yes, for this chat only", OFFER_FREE, "instruction.other", "use dark mode for all the UI mockups from now on"),
]


@pytest.mark.parametrize(("turn", "offer", "key", "value"), YES_FOR_THIS_CHAT)
def test_a_yes_for_this_chat_is_what_was_offered_for_this_session(turn: str, offer: str, key: str,
                                                                   value: str) -> None:
    got = route(turn, offer)
    assert got is not None and (got.label, got.key, got.value, got.to) == ("explicit", key, value, "session"), got
    # the plain yes is still the lasting yes the offer asked for
    plain = route(re.split(r"[,，\s]", turn)[0], offer)
    assert plain is not None and plain.label == "confirm" and plain.to != "session"


@pytest.mark.parametrize(("turn", "offer"), [
    ("yes, but only for this chat", "Short answers, or detailed ones?"),    # which one is not known
    ("no, not even for this chat", OFFER_LENGTH),
    ("ไม่ต้อง แม้แต่ในแชทนี้", OFFER_THAI),
    ("yes, but only for this chat", None),                                  # nothing was offered
])
def test_a_narrowed_yes_to_no_clear_offer_routes_nothing(turn: str, offer: str | None) -> None:
    got = route(turn, offer)
    assert got is None or got.to != "profile", got
    assert got is None or got.key != "response.length", got
