"""Edges of the spoken and named codes that stayed in clear or were taken wrongly:

- a PIN spoken with two or more "oh"s ("my pin is oh four oh two"): the cheap gate counted no "oh";
- a text holding a character whose lower case is longer ("İ": İstanbul, İzmir): the names of a code
  were looked for in the text as written, so an upper-case one was never found;
- a long spoken PIN that starts inside the 60 characters after its name and runs past them: the window
  cut its tail off, in clear (the window bounds where it starts);
- "password: admin/Hunter22" (a user and a password after a password's label, no spaces);
- "the code for the gate is 4821", "the code to the front door is 4821" (the lock named after "code"), and in
  Thai "รหัสของประตูรั้วคือ 4821";
and harmless, kept: "wire pin 17 18 to the LED", "the best combination is 1 2 3", "the best combo is 2-1-3
for the lineup" (a combination counts when a lock is named, or when the value is said to be a code).
Values are assembled here, so that no file of the repository holds one whole."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.redact import redact
from tests.redaction_helpers import microsync_leaks

CAUGHT = [
    ("my pin is oh four " + "oh two", "four oh two"),
    ("my pin is oh oh " + "seven two", "oh seven two"),
    ("the alarm code is oh one oh " + "oh, remember it", "one oh oh"),
    ("PIN: oh-four-" + "oh-two", "four-oh-two"),
    ("İstanbul office: my PIN is four eight " + "two one", "eight two one"),
    ("Office in İzmir. Door CODE is one two " + "one two", "one two one two"),
    ("İzmir ofisi: รหัสประตูคือ สี่ แปด " + "สอง หนึ่ง", "สี่ แปด สอง หนึ่ง"),
    ("İstanbul 办公室的门禁密码是 四八" + "二一", "四八二一"),
    ("the pin for the bank card I got last year is four eight two one " + "seven seven", "seven seven"),
    ("รหัสของบัตรเอทีเอ็มใบที่ได้มาเมื่อปีที่แล้วนะคือ สี่ แปด สอง หนึ่ง " + "เจ็ด เจ็ด", "เจ็ด เจ็ด"),
    ("银行卡的密码，就是去年在分行办的那张卡的那个密码，是四八二一七" + "七", "四八二一七七"),
    ("password: admin/" + "Hunter22", "Hunter22"),
    ("login password: root/" + "Tr0ub4dor", "Tr0ub4dor"),
    ("the code for the gate is " + "4821", "4821"),
    ("the code to the front door is " + "4821", "4821"),
    ("the code for the side gate was " + "0815 yesterday", "0815"),
    ("the code of the bike lock is " + "3-9-1", "3-9-1"),
    ("รหัสของประตูรั้วคือ " + "4821", "4821"),
    ("รหัสสำหรับประตูหน้าบ้านคือ " + "4821", "4821"),
    ("รหัสของตู้เซฟที่ออฟฟิศ: " + "36-12-8", "36-12-8"),
    ("the best combination is 1 2 3, it's the code for the " + "locker", "1 2 3"),
]

KEPT = [
    "oh no, oh well, one two three",
    "the pin oh so carefully soldered",
    "İstanbul office: the code review took four hours",
    "İzmir: pin the version to one two",
    "wire pin 17 18 to the LED",
    "connect pins 3 4 to ground",
    "the best combination is 1 2 3",
    "the best combo is 2-1-3 for the lineup",
    "the winning combination was 4 5 6 in the finals",
    "password: see the vault",
    "password: admin/settings page",
    "the code for the gate is in gate.py line 4821",
    "the code to the front door is in the handbook",
    "the code for the gate controller is 4821 lines long",
    "รหัสของประตูนี้อยู่ในไฟล์ door.py",
    "รหัสสำหรับสินค้าคือ 4821",
]


@pytest.mark.parametrize(("text", "secret"), CAUGHT)
def test_the_code_is_redacted(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and "[REDACTED:" in out, out
    assert redact(out) == out


@pytest.mark.parametrize("text", KEPT)
def test_the_harmless_line_is_kept(text: str) -> None:
    assert redact(text) == text


def test_the_user_before_the_slash_stays() -> None:
    assert redact("password: admin/" + "Hunter22") == "password: admin/[REDACTED:password]"


def test_a_pin_with_two_ohs_reaches_no_file(tmp_path: Path) -> None:
    turns = ["remember that my bank card pin is oh four " + "oh two", "we decided to use Postgres for billing"]
    assert microsync_leaks(tmp_path, turns, ["oh four oh two"]) == []
