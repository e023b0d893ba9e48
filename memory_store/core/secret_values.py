"""Secrets never enter core memory, and a value already on disk from before is never printed
(docs/design.md §6, §7).

A value is a secret when redaction (memory_store/redact.py) finds one in the value alone, in the key
and the value together (`db.password hunter2…`, `db.password: hunter2…`: a value alone rarely says
it is a password; its key does), or in the user's own words where the value stands (`remember my
wifi password is Kq8z!Lm2Xy` with the value `Kq8z!Lm2Xy`). Writes of such a value are refused
(`SecretRefused`, audited without the value); printing goes through `shown`, which hides a value
for which the same test holds.
"""
from __future__ import annotations

import re

from memory_store.errors import EXIT_USAGE, MemoryRefused
from memory_store.redact import MARK, redact
from memory_store.secret_formats import ENV_REF, ordinary_setting

ADVICE = "memjobs does not keep secrets; keep it in a password manager or an environment variable"
_MARK_RE = re.compile(r"\[REDACTED:([a-z0-9_]+)\]")
# The last part of a key that names a secret: pass, passwd, pwd, pin, passcode, secret, token,
# apikey / api_key, credential(s) — a word of its own in the key (`wifi_pass`, `db-pwd`, not `compass`).
_SECRET_KEY = re.compile(r"(?:^|[_-])(?:pass(?:wd|word|code|phrase)?|pwd|pin|secret|token|api[_-]?key"
                         r"|credentials?)$", re.IGNORECASE)
_PIN_KEY = re.compile(r"(?:^|[_-])(?:pin|passcode)$", re.IGNORECASE)
_DIGITS = re.compile(r"\d{4,12}")
_RANDOM_LOOKING = re.compile(r"(?=\S*\d)(?=\S*[A-Za-z])\S{4,}")
_ENV_REF = re.compile(r"(?<!\w)" + ENV_REF)
# A whole value that is a secret written as a phrase: a name of a password, a pin, a key or a token
# (a few words before it: "wifi pass"), a copula or none, and one word ("pass Kq8zLm2x", "pw:
# hunter2x!", "wifi pass Kq8zLm2x", "pin 4821", "คีย์ Kq8zLm2x", "令牌 Kq8zLm2x"). Redaction has no
# such pattern without a copula: in running text "pass X" is as often a verb ("pass data2 to the
# worker"); a value that is nothing but the name and the word is the secret and its label.
_NAMED_VALUE = re.compile(
    r"(?:[^\s:=]+[ \t]+){0,3}?"
    r"(?:(?i:pass(?:word|wd|phrase|code)?|pwd?|pin|secret|token|(?:api[ _-]?)?key)(?![A-Za-z])"
    r"|รหัสผ่าน|รหัส|พาสเวิร์ด|คีย์|โทเค็น|密码|密碼|密钥|密鑰|口令|令牌)"
    r"(?:[ \t]*(?::|：|=|คือ|是|为)[ \t]*|[ \t]+(?i:is|was)[ \t]+|[ \t]*)"
    r"[\"'`]?(?P<value>[^\s\"'`]+)[\"'`]?")


class SecretRefused(MemoryRefused):
    """A core-memory write whose value is a secret: refused (a usage error, exit 2)."""

    exit_code = EXIT_USAGE
    code = "secret_refused"


def _kind(redacted: str) -> str:
    m = _MARK_RE.search(redacted)
    return m.group(1) if m else "secret"


def secret_kind(key: str, value: str, excerpt: str = "") -> str | None:
    """The kind of secret `value` is (or holds) for `key`, or None. `excerpt` is the user's words the
    value was taken from, if known."""
    value = value.strip()
    if not value:
        return None
    held = _MARK_RE.search(value)
    if held is not None:     # a secret already redacted out of the user's words (a transcript)
        return held.group(1)
    # A reference to an environment variable (`${OPENAI_API_KEY}`, `$DB_PASSWORD`) is where the
    # secret is kept, not the secret: the advice the refusal gives, so it is never refused.
    value = _ENV_REF.sub("", value)
    for text in (value, f"{key} {value}", f"{key}: {value}"):
        out = redact(text)
        if out != text:
            return _kind(out)
    if excerpt and value in excerpt:
        out = redact(excerpt)
        if out != excerpt and value not in out:
            return _kind(out)
    last = key.rsplit(".", 1)[-1]
    if _SECRET_KEY.search(last) and _secret_word(value, pin=_PIN_KEY.search(last) is not None):
        # A key is a name the user chose for what it holds: `db.pass`, `wifi_pass` holding one
        # random-looking word (letters and digits, no spaces), a `pin` holding 4-12 digits, is that
        # secret, though no sentence says "password" around it.
        return "password"
    named = _NAMED_VALUE.fullmatch(value)
    if named is not None:
        name = value[: named.start("value")].lower()
        if _secret_word(named.group("value"), pin="pin" in name or "passcode" in name or "รหัส" in name):
            return "password"
    return None


def _secret_word(value: str, *, pin: bool) -> bool:
    """One word that a name of a secret makes one: letters and digits (`hunter2`, `Kq8z!Lm2Xy`), or
    4-12 digits for a pin — not an ordinary setting of the same name, since `pwd`, `pass`, `pin`
    and `token` name ordinary things too (`ordinary_setting`: `shell.pwd` = `/home/ana/src`,
    `build.pin` = `v1.2.3`, `deps.pin` = `numpy==1.26`)."""
    if pin and _DIGITS.fullmatch(value):
        return True
    return _RANDOM_LOOKING.fullmatch(value) is not None and not ordinary_setting(value)


def refusal(key: str, kind: str) -> str:
    """The message of a refused secret: names the key and the kind, never the value."""
    return f"{key}: the value looks like a secret ({kind}); {ADVICE}"


def shown(key: str, value: str | None) -> str | None:
    """`value` as it may be printed: redacted, or one marker in its place when it is a secret only
    beside its key (a line written before secrets were refused)."""
    if value is None:
        return None
    out = redact(value)
    if out != value:
        return out
    kind = secret_kind(key, value)
    return MARK.format(kind) if kind is not None else value
