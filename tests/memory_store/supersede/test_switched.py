"""What a switch is a switch of, in Chinese without 把 (memory_store/supersede/switched.py): "限流器从
Redis 换成令牌桶" and "限流器现在改走令牌桶" switch the rate limiter, so an earlier decision that uses
Redis for something else stays; a switch of the thing the earlier entry is about still replaces it."""
from __future__ import annotations

import pytest

from memory_store.supersede.switched import switched_subject
from tests.memory_store.supersede.judging import judge


@pytest.mark.parametrize("text,subject", [
    ("限流器从 Redis 换成令牌桶", "限流器"),
    ("我们决定限流器从 Redis 换成内存里的令牌桶", "限流器"),
    ("缓存层现在改走 Memcached", "缓存层"),
    ("排行榜改用 Postgres 了", "排行榜"),
    ("把限流器换成令牌桶", "限流器"),
    ("我们决定改用 Memcached", None),
])
def test_the_thing_switched_is_named_before_the_switch(text: str, subject: str | None) -> None:
    assert switched_subject(text) == subject


@pytest.mark.parametrize("new", [
    "限流器从 Redis 换成内存里的令牌桶",
    "限流器从 Redis 换成令牌桶",
    "我们决定限流器从 Redis 换成令牌桶",
    "限流器现在改走令牌桶，不用 Redis 了",
    "排行榜从 Redis 换成 Postgres 了",
])
def test_a_switch_of_another_thing_leaves_the_decision(new: str) -> None:
    found = judge("we decided to use Redis for the session cache", new)
    assert not found.supersedes, found


@pytest.mark.parametrize("new", [
    "会话缓存从 Redis 换成 Memcached",
    "会话缓存现在改走 Memcached",
    "会话缓存改用 Memcached 了",
])
def test_a_switch_of_the_same_thing_still_supersedes(new: str) -> None:
    found = judge("我们决定会话缓存用 Redis", new)
    assert found.supersedes and found.target == "OLD", found
