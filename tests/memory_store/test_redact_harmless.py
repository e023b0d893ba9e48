"""Harmless technical decisions that name a key, a token, a secret, a password, 密钥 or รหัส with a
value that is no secret (an algorithm, an encoding, a config key's name, a product code after a
non-secret qualifier, a tokenizer or model name, a version): a decision redacted is a decision lost.
The corpus is tests/fixtures/redaction/harmless.txt (en, th, zh)."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.redact import redact
from memory_store.secret_formats import names_a_kind

CORPUS = Path(__file__).resolve().parent.parent / "fixtures" / "redaction" / "harmless.txt"
TEXTS = [line for line in CORPUS.read_text("utf-8").splitlines() if line.strip() and not line.startswith("#")]


def test_the_corpus_is_large_and_in_three_languages() -> None:
    assert len(TEXTS) >= 150
    assert any("\u0e00" <= c <= "\u0e7f" for t in TEXTS for c in t)      # Thai
    assert any("\u4e00" <= c <= "\u9fff" for t in TEXTS for c in t)      # Chinese


@pytest.mark.parametrize("text", TEXTS)
def test_a_harmless_decision_is_not_redacted(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("value", ["Ed25519", "AES256GCM", "Base64Url", "cl100k_base", "o200k_base", "Argon2id",
                                   "ChaCha20Poly1305", "Pbkdf2Sha512", "secp256k1", "Utf8mb4Bin", "HmacSha256",
                                   "k8sSecretV2", "dbPasswordV2", "appTokenV2", "awsCredsV2", "s3SecretRef"])
def test_names_of_kinds(value: str) -> None:
    assert names_a_kind(value)


# Assembled, so that no file of the repository holds a value whole.
@pytest.mark.parametrize("value", ["Kq8z" + "Lm2x", "Gm8R" + "t2Lp", "Zx9k" + "Lm2Qp7", "Es9H" + "s4Rs",
                                   "x9Ke" + "y4Lm", "a8X9" + "k2P4", "Kq8z" + "Lm2x99QwEr", "hunt" + "er2x",
                                   "Ed7k" + "Rs2x", "AbC1" + "2345xy"])
def test_made_up_values_name_no_kind(value: str) -> None:
    assert not names_a_kind(value)


@pytest.mark.parametrize(("text", "secret"), [
    # the same names, with a secret after them, are still redacted
    ("密钥是 ", "Kq8z" + "Lm2x99"),
    ("รหัสผ่านคือ ", "Kq8z" + "Lm2x99"),
    ("รหัส wifi คือ ", "Kq8z" + "Lm2x99"),
    ("รหัสสี่หลัก คือ ", "Kq8z" + "Lm2x9"),
    ("the secret is ", "Kq8z" + "Lm2x99Qw"),
    ("the tokenizer token is ", "Kq8z" + "Lm2x99Qw"),
    ("令牌是 ", "Kq8z" + "Lm2x99"),
    ("the password is ", "mango" + "tree"),
    ("รหัสผ่านของชื่อผู้ใช้ root คือ ", "Kq8z" + "Lm2x9"),     # "of the user named root", not a property
])
def test_a_secret_after_the_same_names_is_still_redacted(text: str, secret: str) -> None:
    out = redact(text + secret)
    assert secret not in out and "[REDACTED:" in out, out


def test_a_long_value_that_names_no_kind_is_decided_at_once() -> None:
    """Pins: the first spelling of the kind-name pattern split a digit run or a word many ways, and a
    value that was no name backtracked through all of them (a cleanup of 5,000 core-memory entries
    took a minute; a run of 40 digits would not end)."""
    import time

    start = time.process_time()
    for value in ("1" * 40 + "z", "m-s0" + "5005" * 12 + "x", "aes" * 30 + "q", "2026-11-25T21:25:00Z" * 4):
        assert not names_a_kind(value)
    assert time.process_time() - start < 1.0
