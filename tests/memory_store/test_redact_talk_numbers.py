"""A name of a code, a PIN or a password followed, with no copula, by a number that talk puts there — a
year before a word ("the access code 2026 rollout"), a date, a count ("the access code 1500 cards") — was
redacted as the code itself (explore7 #6). Those stay (the class is in tests/fixtures/redaction/harmless.txt,
lines after "a secret word followed by a year"); a code that only looks like a year still goes when nothing
but the clause's end follows it, and a birth year is a PIN."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.redact import redact

CORPUS = Path(__file__).resolve().parent.parent / "fixtures" / "redaction" / "harmless.txt"
MARKER = "# --- a secret word followed by a year, a version, a ticket number, a count or a date"


def _class_lines() -> list[str]:
    lines = CORPUS.read_text("utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(MARKER))
    return [line for line in lines[start + 1:] if line.strip() and not line.startswith("#")]


def test_the_class_holds_sixty_lines_in_three_languages() -> None:
    lines = _class_lines()
    assert len(lines) >= 60
    assert any("\u0e00" <= c <= "\u0e7f" for line in lines for c in line)
    assert any("\u4e00" <= c <= "\u9fff" for line in lines for c in line)


@pytest.mark.parametrize("text", ["the access code 2026 rollout", *_class_lines()])
def test_a_year_a_date_or_a_count_after_a_secret_word_is_kept(text: str) -> None:
    assert redact(text) == text


CODE = "48" + "21"


@pytest.mark.parametrize("text", [
    f"the door code {CODE}",
    "the door code 2026.",
    "remember the door code 2024 please",
    "door code 2019 for the office",
    "my PIN 1987 do not share",
    "PIN 2026",
    "รหัสประตู 2025 นะ",
    "门禁 PIN 2026 记住",
    "รหัสผ่าน 2026",
    "密码 2026",
    "backup codes: 2026 4821",
])
def test_a_code_that_looks_like_a_year_at_the_clause_end_still_goes(text: str) -> None:
    out = redact(text)
    assert "[REDACTED:password]" in out and not any(c.isdigit() for c in out.replace("[REDACTED:password]", "")), out


# A tester's inputs that were left in clear (a year-like code before any word, "pin number" with a copula, a
# safe/locker/garage code, a Thai possessive between the name and the copula), and new phrasings of each.
@pytest.mark.parametrize(("text", "value"), [
    ("the door code 2024 opens the side gate", "2024"),
    ("the access code 2026 works for the lobby", "2026"),
    ("the gate code 2031 is on the fridge note", "2031"),
    ("my bank pin number is 4821", "4821"),
    ("remember my pin number: 4821", "4821"),
    ("the safe code is 2026", "2026"),
    ("locker code 7731 for the gym", "7731"),
    ("garage code 5519#", "5519"),
    ("รหัส ATM ของฉันคือ 4821", "4821"),
    ("รหัสบัตร ของผม 5502", "5502"),
])
def test_a_code_said_in_common_ways_goes(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out and "[REDACTED:" in out, out


# A passphrase of plain words whose first word alone would judge a password ("correct", "wrong", "expired"):
# three words or more to the clause's end are the passphrase; talk about a password stays.
@pytest.mark.parametrize("text", [
    "the wifi password is correct horse battery staple",
    "my wifi passphrase is correct horse battery staple",
    "the guest password is expired lemon kite 9",
])
def test_a_passphrase_that_opens_with_a_judging_word_goes(text: str) -> None:
    out = redact(text)
    assert "[REDACTED:password]" in out and "battery" not in out and "lemon" not in out, out


@pytest.mark.parametrize("text", [
    "the password is different across environments",
    "the password is correct now",
    "the password is wrong for staging",
    "the password is too short for prod",
])
def test_talk_about_a_password_stays(text: str) -> None:
    assert redact(text) == text
