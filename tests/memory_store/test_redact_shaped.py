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


# Codes of digits: a name of a lock, a keypad, a PIN in the same paragraph, the digits anywhere near it, as a
# code is read out (4-8 digits, single digits spaced or dashed, equal groups of two or three).
CODE_LEAKS = [
    ("the locksmith redid the shed keypad this morning, so from today it's 38 15 72 not the old one", "38 15 72"),
    ("back door keypad: 6 2 9 1 then enter; the alarm box in the hall wants 4407 within 30 seconds", "6 2 9 1"),
    ("back door keypad: 6 2 9 1 then enter; the alarm box in the hall wants 4407 within 30 seconds", "4407"),
    ("the Starling PIN is Mum's wedding date — 140392 — please memorise it", "140392"),
    ("the office entry code went to 815502 after the audit", "815502"),
    ("ช่างตั้งกลอนประตูหลังบ้านไว้ให้แล้ว ตอนนี้ใช้ 551290 ไปก่อน", "551290"),
    ("ตู้เซฟห้องพักตั้งไว้ 3 9 0 6 นะ", "3 9 0 6"),
    ("ระบบกันขโมยที่โกดัง เข้าไปกด 7-2-4-1 ภายใน 20 วินาที", "7-2-4-1"),
    ("保险柜的密码我忘得差不多了，大概是 44-19-62，试一下", "44-19-62"),
    ("门禁刚换了，现在按 2 8 6 4 再按井号", "2 8 6 4"),
]


@pytest.mark.parametrize(("text", "secret"), CODE_LEAKS)
def test_a_code_near_a_lock_or_pin_goes(text: str, secret: str) -> None:
    assert secret not in redact(text)


CODE_KEPT = [
    "door codes are 6 digits and change every quarter; the alarm code can't be the door code",
    "if the keypad dies call the locksmith on +44 7700 900518, open until 10pm",
    "the alarm company invoice INV-2027-00311 is for 14 Kings Rd, due 2026-12-01",
    "the safe in room 1204 is broken, reception said to use the one on floor 3",
    "the PIN reset takes 2048 ms on the old firmware; lockout after 5 attempts",
    "error code 5003 on the login page after the lock screen update",
    "the gate opens at 0730 every weekday, the lock is on a timer since 2021",
    "ลิฟต์ตัวที่ 2 เสีย โทร 02-714-3390 ให้ช่างมาดูประตู",
    "密码要 8 位以上，门禁卡补办要 50 元，电话 021-6234 5521",
    "按 2024 年的规定，门禁每季度换一次",
    "the storeroom safe is jammed; the locksmith quoted 180 euros, PO 77310 raised",
    "培训室 2305 的门禁坏了，密码锁也没电",
    # found by scripts/redact_diff.py over the repository and the shared transcripts
    "[main 7c2e9d1] Drop the old yarn-lock.json\n 1 file changed, 20417 deletions(-)",
    "a padded sling keeps the Nikon Z 5600 and two lenses safe on the trail",
    '(locks / "weekly.lock.json").write_text(json.dumps({"pid": 888888, "job": "weekly"}))',
    "รหัสผ่าน 2567 นโยบายเดิม ยกเลิกแล้ว",
    "รหัสไปรษณีย์ 50200 ของบ้านใหม่",
    "the alarm log has an entry dated 20251231 that never fired",
    "searched the lock history with memjobs search 4420 --tier sessions",
    "already running: core lock is held by core run run-holder (pid 5782, since 2026-11-28T05:56:50Z)",
    "the lock file names job 20417 and row 8812 as its holders",
]


@pytest.mark.parametrize("text", CODE_KEPT)
def test_numbers_near_a_lock_that_are_no_code_stay(text: str) -> None:
    assert redact(text) == text


# The code first in a forwarded SMS ("N is your … code"), a wifi key labelled WPA, a password with a symbol and a
# one-digit tail.
MORE_LEAKS = [
    ('fwd from the bank: "Monzo: 418 207 is your code to confirm a card payment. Never share it."', "418 207"),
    ("text says 'G-730519 is your Google verification code' — can you type it in?", "730519"),
    ("the sticker on the modem: network Casa-5G, WPA2 key 9KQ7ZT4MWX2P", "9KQ7ZT4MWX2P"),
    ("the admin box: `openssl enc -d -in db.enc -k 'Quartz!Reed-7'`", "Quartz!Reed-7"),
]


@pytest.mark.parametrize(("text", "secret"), MORE_LEAKS)
def test_sms_codes_wpa_keys_and_symbol_passwords_go(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize("text", [
    "2024 is your year to rotate the code signing keys",
    "press Ctrl+Shift+F9 on the login screen to open the console",
    "WPA3 is what the router supports now",
    "the account page shows Case #4 of 7 for the admin",
])
def test_near_misses_of_those_stay(text: str) -> None:
    assert redact(text) == text


def test_a_wifi_key_labelled_wpa_goes() -> None:
    assert "M4TQ8ZR2KX7V" not in redact("label under the box: SSID Ziggo-88A1 / WPA M4TQ8ZR2KX7V")
    assert "Pz8!harbor-Tq" not in redact("WPA-PSK: Pz8!harbor-Tq")
    for text in ("WPA3 is what the router supports now", "WPA2 Enterprise needs a RADIUS server"):
        assert redact(text) == text


# A lock's code said in words: a dial's turns ("left twelve, right forty, left three"), numbers in words after
# the lock, single digits in words joined by dashes ("four-oh-oh-seven", "สาม-ห้า-ศูนย์-เก้า").
WORD_LEAKS = [
    ("the gun safe dial goes right fourteen, left thirty-three, right eight and then the handle",
     "right fourteen, left thirty-three, right eight"),
    ("locker padlock for the gym bag, in case I forget: twelve, forty, three", "twelve, forty, three"),
    ("changed the luggage lock to four-oh-oh-seven before the flight", "four-oh-oh-seven"),
    ("รหัสกุญแจล็อกจักรยาน สาม-ห้า-ศูนย์-เก้า อย่าบอกใคร", "สาม-ห้า-ศูนย์-เก้า"),
    ("公司保险柜：左转到 36，右转到 15，再左转到 9，别外传", "左转到 36，右转到 15，再左转到 9"),
]


@pytest.mark.parametrize(("text", "secret"), WORD_LEAKS)
def test_a_lock_code_in_words_goes(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize("text", [
    "the safe opens after one, two or three tries, then it locks for ten minutes",
    "turn left, right, left at the lock screen menu to find the setting",
    "the lock arrived in two-three weeks, one-two days late",
])
def test_words_near_a_lock_that_are_no_code_stay(text: str) -> None:
    assert redact(text) == text
