"""An instruction that names this conversation only to say it is NOT limited to it is lasting.

Pins review12 #5: "From now on always answer in Thai, not just for this conversation" was written
for this session only (applies_to session, expired when the session ended), with no proposal and no
log entry: the user's lasting instruction was kept nowhere."""
from __future__ import annotations

import pytest

from memory_store.core.router import route


@pytest.mark.parametrize(("turn", "key"), [
    ("From now on always answer in Thai, not just for this conversation", "response.language"),
    ("call me Nok from now on, not only in this chat", "user.name"),
    ("always reply in English, in this chat and every future one", "response.language"),
    ("ต่อไปนี้ตอบภาษาไทยเสมอ ไม่ใช่แค่ในแชทนี้", "response.language"),
    ("以后都用中文回答，不只是这次对话", "response.language"),
    ("以後都用中文回答，不只是這次對話", "response.language"),
])
def test_not_only_this_conversation_is_not_scoped_to_it(turn: str, key: str) -> None:
    got = route(turn)
    assert got is not None and got.key == key and got.to != "session", (turn, got)


def test_all_future_tasks_is_not_scoped_to_this_one() -> None:
    """Not a setting the router names, and not this task's only: the daily log keeps it (microSync drops
    only what the router scopes to the session, jobs/microsync/session_scoped.py)."""
    got = route("for this task and all future tasks, answer concisely")
    assert got is None or got.to != "session", got


@pytest.mark.parametrize("turn", [
    "just for this conversation, reply in English",
    "for this chat only, call me Captain",
    "เฉพาะแชทนี้ ตอบเป็นภาษาอังกฤษนะ",
    "这次对话里请用英文回答",
])
def test_this_conversation_only_stays_scoped_to_it(turn: str) -> None:
    got = route(turn)
    assert got is not None and got.to == "session", (turn, got)
