"""Codes and PINs left in clear after explore9 #1, by class: a lock's combination ("my locker
combination is 36-12-8", "padlock combo 4-2-8-1"); names of codes the list lacked ("lockbox code",
"keycode", "PUK code"); a card's CVV with a copula ("the cvv is 482"); in Thai, words between the
name and the copula (whose it is, what it opens: "รหัส ATM ของแม่คือ 4821", "รหัสประตูบ้านคือ 4821",
"รหัสล็อกเกอร์ของฉันคือ …"), the Thai "พิน" and an English PIN with a Thai possessive ("PIN ของผมคือ
4821"); in Chinese, "PIN" glued to its copula ("我的PIN是 4821"). Values are assembled here, so that
no file of the repository holds one whole."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.redact import redact
from tests.redaction_helpers import microsync_leaks

PIN = "48" + "21"
COMBO = "36-" + "12-8"
COMBO_SP = "36 " + "12 8"
DIAL = "24-" + "36-12"
CVV = "4" + "82"
PUK = "1234" + "5678"

CAUGHT = [
    (f"my locker combination is {COMBO}", COMBO),
    (f"the locker combo is {COMBO}", COMBO),
    (f"combination: {COMBO_SP}", COMBO_SP),
    (f"the safe combination is {DIAL}", DIAL),
    (f"my bike lock combination {PIN}", PIN),
    ("padlock combo 4-2-" + "8-1", "4-2-" + "8-1"),
    (f"lock combination is {PIN}", PIN),
    (f"the combination to the safe is {DIAL}", DIAL),
    (f"the combination for my gym locker: {COMBO}", COMBO),
    (f"the puk code is {PUK}", PUK),
    (f"keycode {PIN}", PIN),
    (f"the lockbox code is {PIN}", PIN),
    (f"lockbox code: {PIN}", PIN),
    (f"the cvv is {CVV}", CVV),
    (f"my card's cvv is {CVV}", CVV),
    (f"the CVC on the back is {CVV}", CVV),
    (f"security code on the card is {CVV}", CVV),
    (f"รหัส ATM ผมคือ {PIN}", PIN),
    (f"รหัส ATM ของแม่คือ {PIN}", PIN),
    (f"รหัส ATM ของแม่ {PIN}", PIN),
    (f"รหัสประตูบ้านคือ {PIN}", PIN),
    (f"รหัสประตูบ้านผม {PIN}", PIN),
    (f"รหัสตู้เซฟของพ่อคือ {PIN}", PIN),
    (f"รหัสล็อคจักรยานคือ {PIN}", PIN),
    (f"รหัสล็อกเกอร์ของฉันคือ {COMBO}", COMBO),
    (f"รหัสเข้าประตู {PIN} นะ", PIN),
    (f"พินของฉันคือ {PIN}", PIN),
    (f"พินบัตรคือ {PIN}", PIN),
    (f"PIN ของผมคือ {PIN}", PIN),
    (f"pin ของฉัน {PIN}", PIN),
    (f"我的PIN是 {PIN}", PIN),
    (f"我的PIN是{PIN}", PIN),
    (f"我的储物柜密码是 {COMBO}", COMBO),
]

KEPT = [
    "the best combination is 4 GPUs and 64 GB of RAM",
    "try the combination of lr 3e-4 and batch 32",
    "combination: 2 of 3 tests passed",
    "the winning combination was 2-1 in extra time",
    "the combo box is 120 px wide",
    "this combination of flags works on 2024-11-02",
    "the cvv is 3 digits on the back",
    "the cvv field is required",
    "the puk code is printed on the sim holder",
    "keycode 13 is the enter key",
    "รหัสประตูบ้านคือเลขท้ายเบอร์โทร",
    "รหัสผ่านของระบบต้องยาว 12 ตัว",
    "รหัสไปรษณีย์ของบ้านคือ 10110",
    "รหัสผ่านเปลี่ยนทุก 90 วัน",
    "รหัสผ่านของผมหมดอายุปี 2025 แล้ว",
    "PIN ของบัตรต้องมี 6 หลัก",
    "我的PIN是4位数",
    "密码是 8 位以上",
    "error code is 4821",
]


@pytest.mark.parametrize(("text", "secret"), CAUGHT)
def test_a_combination_a_code_or_a_pin_said_so_is_redacted(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and "[REDACTED:" in out, out
    assert redact(out) == out


@pytest.mark.parametrize("text", KEPT)
def test_talk_near_those_names_is_kept(text: str) -> None:
    assert redact(text) == text


def test_no_combination_code_or_pin_reaches_the_workspace(tmp_path: Path) -> None:
    turns = [f"remember my locker combination is {COMBO}",
             f"the puk code is {PUK}",
             f"my card's cvv is {CVV}",
             f"จำไว้นะ รหัส ATM ของแม่คือ {PIN}",
             f"รหัสล็อกเกอร์ของฉันคือ {DIAL}",
             f"记住我的PIN是{PIN}"]
    assert microsync_leaks(tmp_path, turns, [COMBO, PUK, CVV, PIN, DIAL]) == []
