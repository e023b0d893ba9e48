"""A card's CVV by any of its names once the card's number is in the text (and redacted): "security number",
"CVN2", "CID", "the code on the back", ซีวีวี, "สามตัวด้านหลัง", 背面末三碼, 檢查碼 (memory_store/secret_formats.py
`CARD_CODES`)."""
from __future__ import annotations

import pytest

from memory_store.redact import redact

CARD = "4539 1488 0343 6467"   # passes the Luhn check, no gateway publishes it

LEAKS = [
    (f"book the flights on my card {CARD}, exp 04/29, security number 318", "318"),
    (f"use the company Visa {CARD} — CVN2: 940 — for the hotel", "940"),
    (f"card {CARD}, valid to 10/28, the digits on the back are 5527", "5527"),
    (f"บัตรเครดิตของผม {CARD} หมดอายุ 01/30 ซีวีวี 662", "662"),
    (f"จองให้หน่อย บัตร {CARD} สามตัวหลัง ๔๐๙", "๔๐๙"),
    (f"用这张卡付：{CARD}，背面末三码 731", "731"),
    (f"公司卡 {CARD}，到期 07/29，檢查碼 205", "205"),
]


@pytest.mark.parametrize(("text", "secret"), LEAKS)
def test_a_cvv_by_another_name_beside_a_card_goes(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and "4539" not in out


def test_no_cvv_without_a_card_number_or_a_name() -> None:
    for text in ("the security number on the badge is 2231, ask reception",
                 "CVN2 checks fail for 3% of orders since 2024"):
        assert redact(text) == text, text
    out = redact(f"card {CARD} was declined twice, 2 attempts left, call 0800 123 456")
    assert "4539" not in out and out.endswith("was declined twice, 2 attempts left, call 0800 123 456")
