"""A value shaped like a password anywhere in a turn that names what it opens: in a later sentence ("…the
admin panel. Whoever set it up used X"), as a reply to a quoted question, a correction, before its name
("X — that's the root password"), after a verb with no secret word ("ลองพิมพ์ X ดู", "连的时候输 X"). Part of
the catalogue of `memory_store.secret_formats` (docs/security.md); only the value goes.

No wording could list where people put such a value, so what makes it safe is the value's shape
(`strong_password`), and a name of what it opens within `_REACH` characters of it in the same paragraph
(`_OPENS`: a password, credentials, a login, a wifi, a router, an admin, a VPN, an account, a network;
รหัส, ไวไฟ, เน็ต, บัญชี; 密码, 登录, 账号, 网络). The shape: 8-64 characters of letters, digits and
symbols with a letter and a digit, and either a symbol people put in passwords (`!#$%&*@^~?+`) or
upper and lower case joined by `-`, `_` or `.`; and a part holding a digit that is no model, size or
version code (`S24`, `C6`, `4o`, `7B`, `v2`, a short number between words: `Windows-11-Pro`). Never a
URL, a path, an e-mail address, a reference, a date, a version (`2.3.1`), hex, a handle (`@Ops_Team42`),
a name of all capitals first (`ERR_Auth-503`, `TP-LINK_7A3C`).
"""
from __future__ import annotations

import re

from memory_store.secret_formats import LazyPattern, SecretFormat, kept_or_dated, stand_in
from memory_store.secret_phrases import redact_spans

_CHARS = r"A-Za-z0-9!#$%&*+_.@~^?\-"
_CANDIDATE = LazyPattern(r"(?<![" + _CHARS + r"/:=\\{\[])[" + _CHARS + r"]{8,64}(?![" + _CHARS + r"/:\\}\]])")
_SYMBOLS = frozenset("!#$%&*@^~?+")
_PARTS = re.compile(r"[^A-Za-z0-9]+")
_VERSION = re.compile(r"[0-9]\.[0-9]")
_HEX = re.compile(r"[0-9a-fA-F-]+")
# a part that names a model, a size or a version, not a password's digits
_CODE_PART = re.compile(r"[A-Z]{1,3}[0-9]{1,4}[a-z]{0,2}|[vV][0-9]+[a-z]?|[0-9]+[A-Za-z]{1,2}|[0-9]")
_REACH = 160
_OPENS = LazyPattern(
    r"(?i:(?<![a-z])(?:pass(?:word|wd|phrase|code)?s?|pw|pwd|creds?|credentials?|log(?:ged)?[ -]?in|logins?"
    r"|sign(?:ed)?[ -]?in|wi-?fi|wpa2?|wlan|routers?|admin|root|vpn|accounts?|network)(?![a-z]))"
    r"|รหัส|พาสเวิร์ด|ไวไฟ|เน็ต|เครือข่าย|ล็อกอิน|ล็อคอิน|บัญชี|เราเตอร์"
    r"|密码|密碼|口令|登录|登錄|登入|账号|帳號|账户|帳戶|网络|網路|網絡|路由")


def strong_password(value: str) -> bool:
    """The shape of a password people make up (see the module docstring)."""
    if not 8 <= len(value) <= 64 or value[0] in "!#$%&*+_.@~^?-":
        return False
    if not any(c.isdigit() for c in value) or not any(c.isalpha() for c in value):
        return False
    symbol = any(c in _SYMBOLS for c in value)
    cased = any(c.isupper() for c in value) and any(c.islower() for c in value)
    if not symbol and not (cased and any(c in "-_." for c in value)):
        return False
    if _VERSION.search(value) or _HEX.fullmatch(value) or kept_or_dated(value):
        return False
    parts = [p for p in _PARTS.split(value) if p]
    if not symbol and len(parts) > 1 and len(parts[0]) >= 2 and parts[0].isalpha() and parts[0].isupper():
        return False
    last = len(parts) - 1
    return any(any(c.isdigit() for c in p) and not _CODE_PART.fullmatch(p)
               and not (p.isdigit() and len(p) <= 2 and 0 < k < last) for k, p in enumerate(parts))


def shaped_values(text: str) -> str:
    """`text` with each password-shaped value near a name of what it opens redacted (the module docstring)."""
    spans: list[tuple[int, int]] = []
    names: list[tuple[int, int]] | None = None
    for m in _CANDIDATE().finditer(text):
        value = m.group(0).rstrip(".,?")
        start, end = m.start(), m.start() + len(value)
        if not strong_password(value) or stand_in(value, text, start, end):
            continue
        if names is None:
            names = [n.span() for n in _OPENS().finditer(text)]
        if any(_near(text, start, end, n) for n in names):
            spans.append((start, end))
    return redact_spans(text, spans)


def _near(text: str, start: int, end: int, name: tuple[int, int]) -> bool:
    """Whether the name at `name` is within `_REACH` of the value at start..end, in its paragraph."""
    a, b = (name[1], start) if name[1] <= start else (end, name[0])
    return 0 <= b - a <= _REACH and "\n\n" not in text[a:b]


# Triggers: the names of `_OPENS` (their starts); a digit is needed (every value holds one).
SHAPED: tuple[SecretFormat, ...] = (
    SecretFormat("password", ("pass", "pw", "cred", "log in", "logged in", "login", "sign", "wifi", "wi-fi", "wpa",
                              "wlan", "router", "admin", "root", "vpn", "account", "network", "รหัส", "พาสเวิ",
                              "ไวไฟ", "เน็ต", "เครือข่าย", "ล็อกอิน", "ล็อคอิน", "บัญชี", "เราเตอร์", "密", "口令",
                              "登录", "登錄", "登入", "账号", "帳號", "账户", "帳戶", "网络", "網路", "網絡", "路由"),
                 r"(?!)", lowered=True, needs=tuple("0123456789"), substitute=shaped_values),
)
