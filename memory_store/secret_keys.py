"""A key's material named in plain words: "the vault unseal key is <hex>", "the TOTP seed is <base32>",
"AES key = <hex>", "the recovery key is ABCD-EFGH-…", `KEY=<hex>`, `PASSWORD_SALT=…`, "กุญแจเข้ารหัสคือ <hex>",
"TOTP 种子是 <base32>", "金鑰是 <hex>". Part of the catalogue of `memory_store.secret_formats` (docs/security.md).

The name ("key", "secret", "seed", "salt" and the Thai and Chinese ones) is as common in talk as in
secrets ("the primary key is user_id", "key is 4096 bits", "the seed is 42"), so what decides is the
value (`key_value`): hex of 16+ digits with a letter and a digit, a random-looking base64 token, base32
as an authenticator shows it (16+ characters, in groups of four or not), or four or more groups of
upper-case letters and digits joined by dashes (a recovery or licence key, a BitLocker key). A key
named by what it indexes ("the cache key is <sha256>", "the partition key is …") is no secret and
stays, and so does a property of a key ("密钥指纹是 SHA256:…"). Only the value goes; the words that
named it stay readable.
"""
from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

from memory_store.secret_formats import NOT_MARK, LazyPattern, SecretFormat, high_entropy, kept_or_dated
from memory_store.secret_phrases import finds, secret_named, spans_at

_W = r"[^\s.,;:!?\"'`]++"   # a whole word (possessive: no backtracking into it)
# A value (after a cookie's name and `=`, "the session cookie is sid=…"; after `base64:`): a run of a
# token's characters, or base32 in groups of four ("jbsw y3dp ehpk 3pxp").
_VALUE = (r"[\"'`“]?(?:[A-Za-z_][A-Za-z0-9_.-]{0,30}=(?!=))?(?:base64:)?"
          r"(?P<secret>[A-Za-z2-7]{4}(?:[ \t][A-Za-z2-7]{4}){3,15}(?![A-Za-z0-9])"
          r"|[A-Za-z0-9+/_~-]{16,200}(?:\.[A-Za-z0-9+/_~-]+)*={0,2})")
_EN_KEY = (
    r"(?<![A-Za-z])(?P<name>(?i:key|secret|seed|salt|cookie))(?i:s)?(?:[_-]?(?i:base))?"
    r"(?![A-Za-z])(?:[ \t]*#?[0-9]{1,2}(?![0-9]))?"
    r"(?:[ \t]+(?i:for|of|on|to)[ \t]+" + _W + r"(?:[ \t]+" + _W + r"){0,3}?)?"
    r"(?:(?P<copula>[ \t]+(?i:is|was|=)(?:[ \t]+(?i:now|still|just))?[ \t]+|[\"']?[ \t]*(?::|=|：|:=|=>)[ \t]*)"
    r"|[ \t]+)" + NOT_MARK + _VALUE)
_CJK_KEY = (
    r"(?:กุญแจ|คีย์|ซีด|密钥|密鑰|秘钥|秘鑰|金鑰|金钥|私钥|私鑰|种子|種子|盐值|鹽值"
    r"|(?<![A-Za-z])(?i:key|seed|salt|secret)(?![A-Za-z]))[^\n\[\]]{0,30}?"
    r"(?P<copula>คือ|เป็น|是|为|為|:|：|=)[ \t]*" + NOT_MARK + _VALUE)
_EN_RE = re.compile(_EN_KEY)
_CJK_RE = re.compile(_CJK_KEY)

# What a key indexes or orders, or a key that is public: the word right before "key" ("the sort key
# is …", "cache_key=<sha256>", "the public key is AAAA…").
_NOT_SECRET_KEYS = re.compile(
    r"(?i:(?<![A-Za-z])(?:primary|foreign|sort|sorting|partition|partitioning|cache|caching|idempotency|dedup|dedupe"
    r"|routing|row|lookup|index|shard|sharding|composite|unique|natural|surrogate|public|pub|hash|map|dict|object"
    r"|s3|host|join|grouping|cluster|clustering|range|hotkey|commit|sha|git|revision|rev|checksum|digest|etag"
    r"|build|request|trace|correlation|event)[ \t_-]?)$")
_HEX = re.compile(r"[0-9a-fA-F]{16,}")
_KEY_ID = re.compile(r"0x(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{16})")
_GROUPED = re.compile(r"[A-Z0-9]{4,8}(?:-[A-Z0-9]{4,8}){3,11}")
_BASE32 = re.compile(r"[A-Z2-7]{16,}=*")


def key_value(value: str, *, bare: bool = False) -> bool:
    """A key's material (see the module docstring); `bare` (no copula before it): only hex of 32+
    digits, groups, or a random-looking token of 20+ characters."""
    value = value.removeprefix("base64:")
    if kept_or_dated(value) or _KEY_ID.fullmatch(value):
        return False    # (an OpenPGP key's id, 0x and 8 or 16 hex digits, is public: "signing key is 0x9F1C…")
    squeezed = value.replace(" ", "").replace("\t", "")
    if squeezed != value:   # base32 in groups of four
        return not bare and _BASE32.fullmatch(squeezed.upper()) is not None \
            and any(c in "234567" for c in squeezed)
    if _GROUPED.fullmatch(value):
        return True
    if _HEX.fullmatch(value):
        return any(c.isdigit() for c in value) and any(c.isalpha() for c in value) and (not bare or len(value) >= 32)
    if bare:
        return len(value) >= 20 and high_entropy(value)
    if _BASE32.fullmatch(value) and any(c in "234567" for c in value):
        return True
    return high_entropy(value)


_EN_NAMES = ("key", "secret", "seed", "salt", "cookie")


# Every name `_CJK_KEY` starts with (its match starts with one).
_CJK_NAMES = ("กุญแจ", "คีย์", "ซีด", "密钥", "密鑰", "秘钥", "秘鑰", "金鑰", "金钥", "私钥", "私鑰", "种子", "種子",
              "盐值", "鹽值", "key", "seed", "salt", "secret")


def _starts(text: str, pattern: re.Pattern[str]) -> list[int]:
    """Where `pattern` is tried in `text`: for the English one, where a name starts (found with `finds`,
    as memory_store/secret_phrases.py `_codes` does), not searched for through the text; for the Thai and
    Chinese one, where a search would find it (the starts of `finditer`'s matches), found by matching it where
    a name starts, past the end of the match before (a search of it, case-blind from its first letter, tried
    every place of a long text)."""
    low = text.lower()
    if len(low) != len(text):
        return [m.start() for m in pattern.finditer(text)]
    if pattern is _EN_RE:
        return [at for name in _EN_NAMES for at in finds(low, name)]
    if "ſ" in text:     # (a long s matches a case-blind s, and lower() keeps it)
        return [m.start() for m in pattern.finditer(text)]
    out: list[int] = []
    end = 0
    for at in sorted({at for name in _CJK_NAMES for at in finds(low, name)}):
        if at < end:
            continue
        m = pattern.match(text, at)
        if m is not None:
            out.append(at)
            end = m.end()
    return out


def _en_key(m: re.Match[str]) -> bool:
    """`accept` of the English pattern: not a key named by what it indexes (`_NOT_SECRET_KEYS`), and a
    key's material (`key_value`)."""
    if _NOT_SECRET_KEYS.search(m.string, max(0, m.start() - 20), m.start()):
        return False
    return key_value(m.group("secret"), bare=m.group("copula") is None)


def _cjk_key(m: re.Match[str]) -> bool:
    """`accept` of the Thai and Chinese pattern: the words do not name a property of the key ("密钥指纹是
    …", its fingerprint: `secret_named`), and a key's material (`key_value`)."""
    if not secret_named(m.string[m.start():m.start("secret")]):
        return False
    return key_value(m.group("secret"), bare=m.group("copula") is None)


def _keys(text: str, pattern: re.Pattern[str]) -> str:
    return spans_at(text, _starts(text, pattern), pattern, "secret", _en_key if pattern is _EN_RE else _cjk_key)


# An authenticator's setup key in groups of four (base32: letters and the digits 2-7, one case) after words
# about it and a copula or a colon in the same sentence ("typed the setup key by hand: …", "จด secret key ไว้
# ว่า …", "TOTP 种子我抄下来了：…"): the grouping and the alphabet say what it is (an IBAN holds 0, 1, 8 or 9).
# (the value is looked for first, as groups of four in one case, and the name and its copula in the 70
# characters before it: a search for the name's alternation tried every place of the text)
_SEED_GROUPS = re.compile(r"[A-Z2-7]{4}[ \t][A-Z2-7]{4}(?:[ \t][A-Z2-7]{4}){2,14}|[a-z2-7]{4}[ \t][a-z2-7]{4}"
                          r"(?:[ \t][a-z2-7]{4}){2,14}")
_SEED_NAMED = LazyPattern(
    r"(?:(?i:(?<![a-z])(?:key|seed|secret)s?(?![a-z]))|กุญแจ|คีย์|ซีด|密钥|密鑰|秘钥|秘鑰|种子|種子)"
    r"[^\n\[\].!?。！？]{0,40}?(?:[:：=]|ว่า|คือ|เป็น|是|为|為|(?i:(?<![a-z])(?:is|was)(?![a-z])))[ \t]*"
    + NOT_MARK + r"[\"'`“]?$")
_GROUPED_SEED = _SEED_NAMED.source[:-1] + _SEED_GROUPS.pattern   # (its format's source: never compiled)


# Where a run of `_SEED_GROUPS` can start: found at the space after its first group (a search that starts at a
# letter tried every letter of a long text; spaces are few), the run matched from four characters before it. The
# same runs as `_SEED_GROUPS.finditer`: the leftmost place where four groups of one case start, then on after it.
_SEED_SPACE = re.compile(r"[ \t](?:(?<=[A-Z2-7]{4}[ \t])(?=[A-Z2-7]{4}[ \t][A-Z2-7]{4}[ \t][A-Z2-7]{4})"
                         r"|(?<=[a-z2-7]{4}[ \t])(?=[a-z2-7]{4}[ \t][a-z2-7]{4}[ \t][a-z2-7]{4}))")


def _seed_runs(text: str) -> Iterator[re.Match[str]]:
    at = 0
    while (space := _SEED_SPACE.search(text, at + 4)) is not None:   # a run starts at `at` or after
        v = _SEED_GROUPS.match(text, space.start() - 4)
        if v is None:   # not expected: the search saw four groups there
            at = space.end()
            continue
        yield v
        at = max(v.end(), space.end())


def _grouped_seeds(text: str) -> str:
    out: list[str] = []
    last = 0
    for v in _seed_runs(text):
        value = v.group(0)
        if v.start() < last or not any(c in "234567" for c in value) or not any(c.isalpha() for c in value):
            continue
        if (v.start() and text[v.start() - 1].isalnum()) or (v.end() < len(text) and text[v.end()].isalnum()):
            continue
        if _SEED_NAMED().search(text, max(0, v.start() - 70), v.start()) is None:
            continue
        out.append(text[last:v.start()])
        out.append("[REDACTED:secret]")
        last = v.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


# A private key in base64 (a kubeconfig's `client-key-data`, a Kubernetes Secret's `tls.key`, a CI variable):
# the PEM block's "-----BEGIN " encoded, and "PRIVATE KEY" in what it decodes to (a certificate's stays).
_PEM_B64 = LazyPattern(r"(?<![A-Za-z0-9+/])LS0tLS1CRUdJTi[A-Za-z0-9+/]{30,}={0,2}")


def _pem_b64(m: re.Match[str]) -> str:
    head = m.group(0)[:64]
    try:
        decoded = base64.b64decode(head[: len(head) // 4 * 4]).decode("ascii", "replace")
    except (binascii.Error, ValueError):
        return m.group(0)
    return "[REDACTED:private_key]" if "PRIVATE KEY" in decoded else m.group(0)


# Its triggers: the English names (in the gate already), the Thai and Chinese ones. A value holds a
# digit or, in groups, a dash.
_NEEDS = (*"0123456789", "-")
KEYS: tuple[SecretFormat, ...] = (
    SecretFormat("secret", ("key", "secret", "seed", "salt", "cookie"), _EN_KEY, lowered=True, needs=_NEEDS,
                 substitute=lambda text: _keys(text, _EN_RE)),
    # (an English name with a Thai or Chinese copula, "seed ของ TOTP คือ …": only in a text that is not ASCII)
    SecretFormat("secret", ("กุญแจ", "คีย์", "ซีด", "密钥", "密鑰", "秘钥", "秘鑰", "金鑰", "金钥", "私钥", "私鑰",
                            "种子", "種子", "盐值", "鹽值", "key", "seed", "salt", "secret"), _CJK_KEY, lowered=True,
                 needs=_NEEDS,
                 substitute=lambda text: text if text.isascii() else _keys(text, _CJK_RE)),
    SecretFormat("secret", ("key", "seed", "secret", "กุญแจ", "คีย์", "ซีด", "密钥", "密鑰", "秘钥", "秘鑰", "种子",
                            "種子"), _GROUPED_SEED, lowered=True, needs=tuple("234567"),
                 substitute=_grouped_seeds),
    SecretFormat("private_key", ("LS0tLS1CRUdJTi",), _PEM_B64.source,
                 substitute=lambda text: _PEM_B64().sub(_pem_b64, text)),
)
