"""Harmless lines the redactor changed (blind4's dev half, by class; the sentences here are new): a number before a
word for a port (6390 端口, 8443 พอร์ต), a password's name inside a placeholder's brackets
(`<รหัสผ่านของคุณ>@127.0.0.1:3306`), a card number a gateway publishes for tests (Adyen's) and its CVC."""
from __future__ import annotations

import pytest

from memory_store.redact import redact


@pytest.mark.parametrize("text", [
    "数据库换到 5433 端口了，密码还是从 PGPASSWORD 环境变量读",
    "เปลี่ยน redis ไปใช้ 6380 พอร์ต แล้ว รหัสผ่านยังอ่านจาก env เหมือนเดิม",
    "moved the proxy to 8443 port, the password still comes from the vault",
    "ตัวอย่างใน docs: DATABASE_URL=postgres://app:<รหัสผ่านของคุณ>@db.internal:5432/orders ใส่ของจริงเอง",
    "for the sandbox use Adyen's Visa 4111 1111 4555 1142 with CVC 737, expiry 03/30",
])
def test_stays(text: str) -> None:
    assert redact(text) == text
