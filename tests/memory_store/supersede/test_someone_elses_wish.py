"""A change someone else wants is no change made (memory_store/supersede/wishes.py): review21 found an
entry "Tom wants to replace Redis with Memcached …" retiring the Redis choice. The user's own "we want
to …" and a plain imperative still reverse."""
from __future__ import annotations

import pytest

from memory_store.supersede.wishes import wished_by_another
from tests.memory_store.supersede.test_part_retired import judge


@pytest.mark.parametrize(("old", "new"), [
    ("Use Redis for the session cache.", "Tom wants to replace Redis with Memcached for the session cache."),
    ("Use Redis for the session cache.", "The client keeps asking to drop Redis for the session cache."),
    ("日志存储用 Loki", "老王想把日志存储从 Loki 换成 ClickHouse"),
    ("日誌存儲用 Loki", "客戶希望日誌存儲改用 ClickHouse，不用 Loki"),
    ("ใช้ Redis เป็น cache ของ session", "พี่ต้นอยากเปลี่ยน cache ของ session จาก Redis ไปใช้ Memcached"),
])
def test_someone_elses_wish_reverses_nothing(old: str, new: str) -> None:
    assert not judge(old, new).supersedes, judge(old, new)


@pytest.mark.parametrize(("old", "new"), [
    ("Use Redis for the session cache.", "We want to replace Redis with Memcached for the session cache."),
    ("Use Redis for the session cache.", "Replace Redis with Memcached for the session cache."),
    ("日志存储用 Loki", "我们想把日志存储从 Loki 换成 ClickHouse"),
    ("ใช้ Redis เป็น cache ของ session", "เราเปลี่ยน cache ของ session จาก Redis ไปใช้ Memcached แล้ว"),
])
def test_the_users_own_change_still_reverses(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.outcome == "reversal" and found.target == "OLD", found


def test_the_wish_must_open_the_cues_clause() -> None:
    assert wished_by_another("Tom wants to replace Redis with Memcached", "replace")
    assert not wished_by_another("Tom asked about it. Replace Redis with Memcached.", "replace")
