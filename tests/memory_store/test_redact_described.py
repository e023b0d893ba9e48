"""Secrets named by a description rather than next to their name, which blind2's dev half showed leaking,
each class in our own words (docs/security.md):

- a list of backup or recovery codes after words and a colon ("the backup codes Google gave me, keep them
  safe: A B C"), Thai and Chinese names of such codes (โค้ดสำรอง, 备用码 / 備用碼), items set apart by `、`;
- a card's security code described by where it is ("the three digits on the back are N", "背面那三位是 N",
  "เลขสามตัวหลังบัตรคือ N");
- an authenticator's setup key in groups of four after words about it ("typed the setup key by hand: …",
  "จด secret key ไว้ว่า …").

And what stays: talk about such codes without one (how many, how long, where they are kept)."""
from __future__ import annotations

import pytest

from memory_store.redact import redact

B1, B2, B3 = "3k9d2-" + "x7q1m", "a04fz-" + "9c2e8", "71mpq-" + "0d3ka"
T1, T2, T3 = "5521 " + "0934", "7783 " + "1206", "1498 " + "6650"
Z1, Z2, Z3 = "f3a1-" + "9b2c", "07de-" + "c41a", "8b6e-" + "2f90"
CVV_EN, CVV_ZH, CVV_TH = "5" + "84", "2" + "09", "6" + "17"
SEED_EN = "J4QX 7MPL " + "W2RC KD5N"
SEED_TH = "N6TV H3ZQ " + "L7PW 2XCB"

SECRET = [
    (f"Google just showed me my backup codes, keep them somewhere safe for me: {B1} {B2} {B3}", [B1, B2, B3]),
    (f"here are the recovery codes for the Okta account, don't lose them: {B1}, {B2}, {B3}", [B1, B2, B3]),
    (f"โค้ดสำรองของบัญชี Microsoft ของแม่: {T1}, {T2}, {T3} เก็บไว้ให้หน่อย", [T1, T2, T3]),
    (f"Bitbucket 的备用码：{Z1}、{Z2}、{Z3}，帮我记一下", [Z1, Z2, Z3]),
    (f"用我的卡付吧，卡号你有，背面那三位是 {CVV_ZH}，有效期 08/29", [CVV_ZH]),
    (f"pay with my debit card, it's in your notes; the three digits on the back are {CVV_EN}.", [CVV_EN]),
    (f"ใช้บัตรเครดิตใบเดิมนะ เลขสามตัวหลังบัตรคือ {CVV_TH} หมดอายุ 11/28", [CVV_TH]),
    (f"the QR code failed so I typed the setup key by hand: {SEED_EN} (case doesn't matter)", [SEED_EN]),
    (f"ตอนเปิด 2FA ของ Binance ผมจด secret key ไว้ว่า {SEED_TH} เผื่อเปลี่ยนมือถือ", [SEED_TH]),
]


@pytest.mark.parametrize(("text", "values"), SECRET)
def test_a_described_secret_is_redacted(text: str, values: list[str]) -> None:
    out = redact(text)
    assert not [v for v in values if v in out], out


HARMLESS = [
    "backup codes are 10 per account, each works once: regenerate them after 8 are used",
    "the recovery codes live in 1Password under 'GitHub 2FA', nowhere else",
    "备用码一共 10 个：每个只能用一次，用完要重新生成",
    "โค้ดสำรองมี 10 ชุด ใช้ได้ชุดละครั้ง: อย่าแคปหน้าจอเก็บไว้",
    "the three digits on the back are called the CVV, some banks say CVC",
    "背面那三位一般叫安全码，前端只校验长度 3 到 4 位",
    "the setup key is shown under the QR code when you enable 2FA",
]


@pytest.mark.parametrize("text", HARMLESS)
def test_talk_about_such_codes_stays(text: str) -> None:
    assert redact(text) == text
