"""Leaks left open after explore7 #6: a seed phrase split across lines after its name (en/th/zh), a
login said with no punctuation ("login admin pass hunter", "user root password hunter2"), a passphrase
of several words after a name and a copula ("my wifi pass is mango tree 42"), and random values that
`names_a_kind` took for the name of an algorithm or a setting and left in clear. Values are assembled
here, so that no file of the repository holds one whole."""
from __future__ import annotations

import random
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_store.redact import redact
from memory_store.secret_formats import names_a_kind
from tests.redaction_helpers import microsync_leaks

WORDS = ["abandon", "ability", "able", "about", "above", "absent", "absorb", "abstract", "absurd", "abuse", "access",
         "accident", "account", "accuse", "achieve", "acid", "acoustic", "acquire", "across", "act", "action", "actor",
         "actress", "actual"]
FIRST6 = " ".join(WORDS[:6])
NEXT6 = " ".join(WORDS[6:12])
LAST12 = " ".join(WORDS[12:24])
HUNTER = "hun" + "ter"
HUNTER2 = HUNTER + "2"
MANGO = "mango " + "tree 42"
# values `names_a_kind` took for names (found by drawing 2,000,000 random base62 values of 8-16 characters)
KIND_HITS = ["03cS" + "Cl44", "xmL7" + "V527", "5xMl" + "40cp", "91le" + "eCB1", "Idp3cl" + "fnVGB", "71KO" + "AeP9",
             "3O7c" + "TR04", "3peM" + "V384K", "3CrC" + "P4Bf", "dES2" + "2X87", "2cPE" + "dRs7", "236l" + "E548",
             "37sSh" + "0786", "EsEdR" + "34gb9", "11hCE" + "RTXmb", "qh7Mba" + "KeyRgw", "7kx2" + "8isO"]

SPLIT_SEEDS = [
    f"remember my seed phrase:\n{FIRST6}\n{NEXT6}",
    f"seed phrase: {FIRST6}\n{NEXT6}",
    f"my seed phrase is\n{FIRST6} {NEXT6}",
    f"recovery phrase:\n{FIRST6} {NEXT6}\n{LAST12}",
    f"wallet seed:\n  {FIRST6}\n  {NEXT6}",
    f"mnemonic:\n{FIRST6}\n{NEXT6}",
    f"助记词：\n{FIRST6}\n{NEXT6}",
    f"我的助记词是\n{FIRST6} {NEXT6}",
    f"คำกู้คืน:\n{FIRST6}\n{NEXT6}",
    f"จำไว้นะ วลีกู้คืนคือ\n{FIRST6} {NEXT6}",
]


@pytest.mark.parametrize("text", SPLIT_SEEDS)
def test_a_seed_phrase_split_across_lines_is_redacted_whole(text: str) -> None:
    out = redact(text)
    assert "[REDACTED:seed_phrase]" in out, out
    for word in WORDS[:24]:
        assert word not in out.replace("[REDACTED:seed_phrase]", ""), out
    assert redact(out) == out


@pytest.mark.parametrize(("text", "secret"), [
    (f"login admin pass {HUNTER}", HUNTER),
    (f"login admin pass {HUNTER2}", HUNTER2),
    (f"login admin password {HUNTER}", HUNTER),
    (f"remember: login root pass {HUNTER}", HUNTER),
    (f"user root password is {HUNTER}", HUNTER),
    (f"user root password {HUNTER2}", HUNTER2),
    (f"user root pass {HUNTER2}", HUNTER2),
    (f"username admin password {HUNTER2}", HUNTER2),
    (f"user admin pw {HUNTER}", HUNTER),
    (f"ssh user root password {HUNTER}", HUNTER),
    (f"the db user is app password {HUNTER2}", HUNTER2),
])
def test_a_login_said_without_punctuation_keeps_no_password(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and "[REDACTED:password]" in out, out


@pytest.mark.parametrize(("text", "expected"), [
    (f"remember that my wifi pass is {MANGO}", "remember that my wifi pass is [REDACTED:password]"),
    (f"the wifi password is {MANGO}", "the wifi password is [REDACTED:password]"),
    (f"the wifi password is {MANGO}.", "the wifi password is [REDACTED:password]."),
    (f"my router password is {MANGO}, the user is admin",
     "my router password is [REDACTED:password], the user is admin"),
    (f"the wifi password is {MANGO} and the network is home5g",
     "the wifi password is [REDACTED:password] and the network is home5g"),
    (f"the wifi password is {MANGO} นะ", "the wifi password is [REDACTED:password] นะ"),
    (f"wifi pass: {MANGO}", "wifi pass: [REDACTED:password]"),
    (f"รหัสผ่าน wifi คือ {MANGO}", "รหัสผ่าน wifi คือ [REDACTED:password]"),
    (f"wifi 密码是 {MANGO}", "wifi 密码是 [REDACTED:password]"),
])
def test_a_passphrase_of_several_words_after_a_name_and_a_copula_goes_whole(text: str, expected: str) -> None:
    assert redact(text) == expected


@pytest.mark.parametrize("text", [
    "the login tests pass again",
    "login tests pass locally now",
    "the user stories pass review",
    "user tests pass on CI",
    "the password is required for every login",
    "the password is stored in the vault and rotated monthly",
    "the password is too short for the new policy",
    "the password is the same as before",
    "my boarding pass is in the app",
    "the season pass is expensive this year",
    "user admin passes the check",
    "user enters password twice",
    "user provides password once",
    "user forgets password sometimes",
    "login page password field",
    "user settings password change",
    "the seed phrase is written on paper in the safe and we never type it",
    "seed phrase:\nwe keep it on paper in the safe, never on a computer",
    "## Seed phrase\nnever type it into a website or a chat with anyone at all",
    "the wifi password policy is strict now",
])
def test_talk_about_logins_passes_and_phrases_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("value", KIND_HITS)
def test_random_values_are_no_names_of_kinds(value: str) -> None:
    assert not names_a_kind(value)
    assert value not in redact(f"the password is {value}")


def test_a_draw_of_random_values_holds_no_name_of_a_kind() -> None:
    """40,000 random base62 values of 8-16 characters (a seeded draw; 2,000,000 were checked once, none
    taken): before, ~1 in 120,000 was taken for a name of a kind of thing (KIND_HITS above); a name of a
    kind is written in consistent case."""
    rnd = random.Random(20261127)
    alphabet = string.ascii_letters + string.digits
    taken = [v for v in ("".join(rnd.choices(alphabet, k=rnd.randint(8, 16))) for _ in range(40_000))
             if names_a_kind(v)]
    assert taken == []


@settings(max_examples=300)
@given(st.integers(0, 2**64), st.sampled_from(["the password is {}", "password: {}", "密码是 {}", "รหัสผ่านคือ {}",
                                               "remember my wifi password is {}"]))
def test_no_random_value_after_a_password_name_is_left_in_clear(seed: int, frame: str) -> None:
    """A random base62 value (drawn from a seed, so that shrinking keeps it random: a value shaped
    as a word, "Aaaaaaed", is talk as often as a password and is judged by other rules)."""
    rnd = random.Random(seed)
    value = "".join(rnd.choices(string.ascii_letters + string.digits, k=rnd.randint(8, 16)))
    out = redact(frame.format(value))
    assert value not in out, out


def test_no_split_seed_login_or_passphrase_reaches_the_workspace(tmp_path: Path) -> None:
    turns = [f"remember my seed phrase:\n{FIRST6}\n{NEXT6}",
             f"助记词：\n{FIRST6}\n{NEXT6}",
             f"คำกู้คืน:\n{FIRST6}\n{NEXT6}",
             f"remember: login admin pass {HUNTER}",
             f"user root password {HUNTER2}",
             f"remember that my wifi pass is {MANGO}",
             f"remember the password is {KIND_HITS[0]}"]
    values = [" ".join(WORDS[1:4]), " ".join(WORDS[7:10]), HUNTER, HUNTER2, MANGO, "tree 42", KIND_HITS[0]]
    assert microsync_leaks(tmp_path, turns, values) == []
