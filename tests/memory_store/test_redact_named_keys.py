"""A key's material named in plain words: "the vault unseal key is <hex>", a recovery key in groups, an
encryption / master / signing / AES / HMAC / license key, a TOTP or 2FA seed in base32, an env name that
ends in KEY, SECRET, SEED or SALT, and the Thai and Chinese names (กุญแจ, คีย์, 密钥, 金鑰, 种子 …). What
makes it one is the value: hex, base64, base32 or groups of letters and digits that no word of talk is.
Harmless near-misses stay: "the primary key is user_id", "key is 4096 bits", "the key insight is …".
Values are assembled here, so that no file of the repository holds one whole."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.redact import redact
from tests.redaction_helpers import microsync_leaks

HEX = "3f9a8b7c6d5e" + "4f3a2b1c0d9e8f7a6b5c"
HEX16 = "00010203040506" + "0708090a0b0c0d0e0f"
B64 = "kZx8Qw3+Lm9Pr2Tv5Yb7" + "Nc4Hd6Jf1Gs0Ae8Ui2Ok5Wq="
B32 = "JBSWY3DP" + "EHPK3PXP"
B32_SPACED = "jbsw y3dp " + "ehpk 3pxp"
GROUPED = "ABCD-EFGH-" + "IJKL-MNOP-QRST-UVWX"
LICENSE = "XK4T9-QW7" + "2M-PL83N-ZR65B-HJ2VC"
BITLOCKER = "123456-234567-345678-" + "456789-567890-678901-789012-890123"

CAUGHT = [
    (f"the vault unseal key is {HEX}, remember it", HEX),
    (f"unseal key 1: {B64}", B64),
    (f"the recovery key is {HEX}", HEX),
    (f"my apple recovery key is {GROUPED}", GROUPED),
    (f"the bitlocker recovery key is {BITLOCKER}", BITLOCKER),
    (f"the encryption key for the backups is {HEX}", HEX),
    (f"the master key is {HEX}", HEX),
    (f"the app's encryption key is base64:{B64}", B64),
    (f"the rails master key is {HEX}", HEX),
    (f"the signing key was {HEX}", HEX),
    (f"AES key = {HEX16}", HEX16),
    (f"the HMAC key: {HEX}", HEX),
    (f"the license key is {LICENSE}", LICENSE),
    (f"config/master.key: {HEX}", HEX),
    (f"deploy with key {HEX}", HEX),
    (f"the TOTP seed is {B32}", B32),
    (f"2FA seed: {B32}", B32),
    (f"the authenticator secret is {B32_SPACED}", B32_SPACED),
    (f"the password salt is {HEX}", HEX),
    (f"KEY={HEX}", HEX),
    (f"the session cookie is sid={HEX}", HEX),
    (f"SECRET_KEY_BASE={HEX}{HEX}", HEX),
    (f"TOTP_SEED={B32}", B32),
    (f"PASSWORD_SALT={HEX}", HEX),
    (f"export JWT_SIGNING_SECRET={HEX}", HEX),
    # Thai
    (f"กุญแจเข้ารหัสคือ {HEX}", HEX),
    (f"คีย์กู้คืนของ bitlocker คือ {BITLOCKER}", BITLOCKER),
    (f"seed ของ TOTP คือ {B32}", B32),
    # Chinese
    (f"TOTP 种子是 {B32}", B32),
    (f"金鑰是 {HEX}", HEX),
    (f"恢复密钥：{GROUPED}", GROUPED),
    (f"主密钥为 {HEX16}", HEX16),
    (f"签名秘钥是{HEX}", HEX),
]

KEPT = [
    "the primary key is user_id",
    "the sort key is created_at",
    "the partition key is tenant_id and the sort key is ts",
    "key is 4096 bits",
    "the RSA key is 4096 bits long",
    "the key is 2048-bit RSA",
    "a new keyboard is on the way",
    "the key insight is that caching beats batching",
    "API key rotation every 90 days",
    "the cache key is the sha256 of the request body",
    "the idempotency key is a UUID per request",
    "the key for the map is the user's email",
    "the seed is 42 for every run",
    "random seed = 1234",
    "seed the database with 500 users",
    "the salt is stored next to the hash",
    "the session cookie is set on login with SameSite=Lax",
    "cookie: theme=dark-mode-2024",
    "SORT_KEY=created_at",
    "PRIMARY_KEY=user_id",
    "RANDOM_SEED=42",
    "the key is in 1Password under 'prod vault'",
    "the signing key is in the HSM now",
    "主键是 user_id",
    "密钥长度是 4096 位",
    "กุญแจห้องอยู่ที่ป้อมยาม",
    "คีย์หลักคือ user_id",
    "随机种子是 42",
]


@pytest.mark.parametrize(("text", "secret"), CAUGHT)
def test_a_named_key_is_redacted(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and "[REDACTED:" in out, out
    assert redact(out) == out


@pytest.mark.parametrize("text", KEPT)
def test_a_key_word_with_no_key_material_is_kept(text: str) -> None:
    assert redact(text) == text


def test_the_words_around_the_key_stay() -> None:
    assert redact(f"the vault unseal key is {HEX}, remember it") == \
        "the vault unseal key is [REDACTED:secret], remember it"


def test_none_of_them_reaches_the_workspace(tmp_path: Path) -> None:
    turns = [f"remember that the vault unseal key is {HEX}", f"remember that the TOTP seed for admin is {B32}",
             f"remember that the AES key for backups is {HEX16}", f"TOTP 种子是 {B32}, 记住"]
    assert microsync_leaks(tmp_path, turns, [HEX, B32, HEX16]) == []
