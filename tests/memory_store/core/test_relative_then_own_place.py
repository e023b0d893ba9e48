"""A relative named earlier in a sentence keeps only their own clause: "but" / 但 starts the user's
("My sister lives in Chiang Mai but I live in Bangkok" set nothing since the relatives' rule read a clause
as the text between punctuation marks; review13 #6)."""
from __future__ import annotations

import pytest

from memory_store.core.router import route


@pytest.mark.parametrize("turn", [
    "My mother lives in Osaka but I live in Bangkok",
    "我哥哥住在大阪但我住在曼谷",
])
def test_the_users_own_place_after_a_relatives_is_theirs(turn: str) -> None:
    got = route(turn)
    assert got is not None and (got.key, got.value) == ("user.timezone", "Asia/Bangkok"), got


@pytest.mark.parametrize("turn", ["My mother lives in Osaka", "我哥哥住在大阪"])
def test_a_relatives_place_alone_is_still_not_the_users(turn: str) -> None:
    got = route(turn)
    assert got is None or got.key != "user.timezone", got
