"""A value with a password's shape (mixed case and a digit joined by symbols, or a digit and a symbol such as
`!` `#` `@`) anywhere in a turn that names what it opens (a password, a login, a wifi, a router, an admin,
an account; รหัส, ไวไฟ, เน็ต; 密码, 登录, 网络), before or after the name, with no introducer between
(memory_store/secret_shaped.py)."""
from __future__ import annotations

import pytest

from memory_store.redact import redact

LEAKS = [
    # a later sentence, a reply, a correction
    ("The router in the garage still had the installer's admin settings. I typed Heron#Vale-2207 and it let me in.",
     "Heron#Vale-2207"),
    ("> which wifi key works upstairs?\nthat would be maple_Harbor57, no spaces", "maple_Harbor57"),
    ("oops, I mistyped the VPN password above. Use Corvid-4Lark!x instead.", "Corvid-4Lark!x"),
    # the value first, its name after
    ("Pz7#glen.Otter2 is the new root password for the backup box", "Pz7#glen.Otter2"),
    # no secret word but what it opens
    ("guest network is Loft-Guest. For the tablet type in Saffron-Reef-6610 when it asks.", "Saffron-Reef-6610"),
    ("agent: I created the login ci_reader and set it up with Wq8-Tundra-Mp3 for the staging DB.", "Wq8-Tundra-Mp3"),
    # Thai and Chinese, the value right after a verb or next to Thai text
    ("ไวไฟที่ร้านกาแฟเปลี่ยนแล้ว ลองใส่ Kafae_Yen2024 ดูนะ", "Kafae_Yen2024"),
    ("Somtam-Pu!88 อันนี้รหัสเข้าระบบหลังบ้านนะ", "Somtam-Pu!88"),
    ("路由器重置了，网络名没变，连接时输入 Wuhan-Lotus_71 就可以", "Wuhan-Lotus_71"),
    ("邮箱账号开好了。初始给的是 Xiamen@5520，登录后让她改", "Xiamen@5520"),
]


@pytest.mark.parametrize(("text", "secret"), LEAKS)
def test_a_password_shaped_value_in_a_turn_that_names_a_login_goes(text: str, secret: str) -> None:
    assert secret not in redact(text)


KEPT = [
    # shapes that are not passwords
    "log in to the admin console and switch the model to GPT-4o-mini for the summariser",
    "the login page of Windows-11-Pro asks for the admin account after the update",
    "wifi on the Galaxy-S24 drops when the router changes channel",
    "admin order A7K2-99QX-31LM shipped; tracking 1Z4V8E270366129045",
    "the password reset emails go through mailer-v2.3.1-Beta now",
    "root cause: the login handler used HTTP_2xx codes before the fix in commit 9b1e4c7d02af",
    "network name is TP-LINK_7A3C, the password is on the sticker underneath",
    "ask @Ops_Team42 for the VPN account, they keep the password",
    "the admin password is set from ${ADMIN_PW_2024} in the deploy",
    "see https://wiki.corp.test/Admin-Guide_v2 for the login steps",
    "ลืมรหัสผ่าน wifi ต้องไปกดปุ่ม reset ที่ Archer-C6 ข้างหลัง",
    "登录报错 ERR_Auth-503，网络没问题",
    "email me at dana.r2@mail.test if the password doesn't arrive",
]


@pytest.mark.parametrize("text", KEPT)
def test_ordinary_values_in_a_turn_about_a_login_stay(text: str) -> None:
    assert redact(text) == text
