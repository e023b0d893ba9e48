"""Forms of particular tools and words: a .netrc's password (any shape, a UUID too), a Feishu / Lark bot's webhook
token, redis' requirepass beside a password-shaped value, Thai slang พาส, a parcel locker's pickup code (取件码),
a code read out as single digits in words with spaces."""
from __future__ import annotations

import pytest

from memory_store.redact import redact

LEAKS = [
    ("cat ~/.netrc\nmachine git.example.test\n  login deploy\n  password 6b1f0c2a-93de-4f7b-a2c8-5e0d14b7f9a3",
     "6b1f0c2a-93de-4f7b-a2c8-5e0d14b7f9a3"),
    ("machine api.example.test login ci password hunter-Orchid", "hunter-Orchid"),
    ("告警推到群里：https://open.feishu.cn/open-apis/bot/v2/hook/2d7c9e41-8b3a-4f60-9c15-7ae2b0d4f863",
     "2d7c9e41-8b3a-4f60-9c15-7ae2b0d4f863"),
    ("compose ตรงนี้: command: redis-server --requirepass Tamarind9_cache", "Tamarind9_cache"),
    ("เปลี่ยนพาสไอจีแล้ว ตอนนี้ใช้ Pla!Thong2024 นะ", "Pla!Thong2024"),
    ("快递柜的取件码是 ６３０２８１，下班帮我拿一下", "６３０２８１"),
    ("the shed keypad takes four oh nine two and then the star key", "four oh nine two"),
]


@pytest.mark.parametrize(("text", "secret"), LEAKS)
def test_the_value_goes(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize("text", [
    "machine api.example.test login ci password ${NETRC_PASSWORD}",
    "พาสปอร์ตเล่มใหม่ออก 2024 หมดอายุ 2034",
    "取件码会在 24 小时后失效",
    "the lock has one two three four buttons on its face",
])
def test_the_near_miss_stays(text: str) -> None:
    assert redact(text) == text
