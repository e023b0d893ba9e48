"""A passphrase of words with spaces, and an answer to a security question (memory_store/secret_shaped.py
`spaced_values`, `answers`): quoted after a shell flag (`--passphrase 'X Y 8 Z'`), quoted anywhere in a turn that
names a passphrase or a wifi, after a colon to the clause's end in such a turn; an answer after its question's name
and a verb of answering. What stays: a quoted message with no number, a rule about passphrases, a question with no
answer, a count after a colon."""
from __future__ import annotations

import pytest

from memory_store.redact import redact


@pytest.mark.parametrize("text, value", [
    ("openssl enc -d -aes-256-cbc -in notes.enc --passphrase 'Tulip Harbor 3 Gravel' -out notes.txt",
     "Tulip Harbor 3 Gravel"),
    ('age-keygen done; for the backup key passphrase I typed "violet canyon 2207 slowly", save it somewhere',
     "violet canyon 2207 slowly"),
    ("the hotel wifi is four words and a number, spaced: Amber Lantern Moose 47", "Amber Lantern Moose 47"),
    ("รหัส wifi ห้องประชุมเป็นภาษาอังกฤษ: quiet harbor nine 21 พิมพ์เว้นวรรคด้วย", "quiet harbor nine 21"),
    ("密码是一句英文，中间有空格：green tea 58 lotus 记得区分大小写", "green tea 58 lotus"),
    ("for the bank's security question about my first car, the answer I set is Rusty Corolla 1987",
     "Rusty Corolla 1987"),
    ("คำถามกันลืม 'ครูคนแรก' ตอบไว้ว่า ครูสมศรี2531 ถ้าเขาถาม", "ครูสมศรี2531"),
    ("密保问题「小学校名」我填的是 南昌八一小学，别弄丢了", "南昌八一小学"),
])
def test_the_value_goes(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out, out


@pytest.mark.parametrize("text", [
    "the wifi banner says 'Welcome to the guest network' again",
    "passphrase rule for the team: at least 4 words, no names",
    "the security question asks for your first school, pick one you'll remember",
    "wifi outages this week: 3 times on Monday",
    "คำถามกันลืม ตั้งใหม่ได้ที่หน้า settings",
])
def test_talk_stays(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("text, value", [
    ("แม่บอกว่ารหัส wifi ที่บ้านสวนใช้ “somtam2541” ตัวเล็กหมด", "somtam2541"),
    ("the vpn login on the old laptop takes 'kestrel77' for some reason", "kestrel77"),
    ("短信到了，是 4 7 0 2 9 3，帮我填一下", "4 7 0 2 9 3"),
    ("got the SMS: 8 1 5 5 0 2, quick, it expires", "8 1 5 5 0 2"),
])
def test_a_quoted_value_near_its_name_and_a_code_read_out_after_a_text_message_go(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out, out


@pytest.mark.parametrize("text", [
    "the wifi router is the 'AX1800' model, the login page says 'v2.4.1'",
    "the vpn config is in 'client_eu.ovpn' and the account page in 'settings'",
    "短信平台 95588 发来的，说明天停机维护",
    "SMS costs 2 baht each, we sent 1 2 3 4 batches",
])
def test_quoted_names_and_numbers_stay(text: str) -> None:
    assert redact(text) == text
