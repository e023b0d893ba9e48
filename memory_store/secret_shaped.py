"""A value shaped like a password, or a code of digits, anywhere in a turn that names what it opens: in a
later sentence ("…the admin panel. Whoever set it up used X"), as a reply to a quoted question, a correction,
before its name ("X — that's the root password"), after a verb with no secret word ("ลองพิมพ์ X ดู",
"连的时候输 X"). Part of the catalogue of `memory_store.secret_formats` (docs/security.md); only the value goes.

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
from bisect import bisect_left, bisect_right

from memory_store.secret_formats import NOT_MARK, LazyPattern, SecretFormat, kept_or_dated, made_up, stand_in
from memory_store.secret_phrases import CLAUSE_WORDS, LOCK_UNITS, PHRASE_TALK, names_other_thing, redact_spans
from memory_store.secret_tables import known_words, word_starts

_CHARS = r"A-Za-z0-9!#$%&*+_.@~^?\-"
_CANDIDATE = LazyPattern(r"(?<![" + _CHARS + r"/:=\\{\[])[" + _CHARS + r"]{8,64}(?![" + _CHARS + r"/:\\}\]])")
_SYMBOLS = frozenset("!#$%&*@^~?+")
_ASCII_DIGITS = frozenset("0123456789")
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_STRONG_SYMBOLS = frozenset("!#$%&*^~?")
_PARTS = re.compile(r"[^A-Za-z0-9]+")
_VERSION = re.compile(r"[0-9]\.[0-9]")
_HEX = re.compile(r"[0-9a-fA-F-]+")
# a part that names a model, a size or a version, not a password's digits
_CODE_PART = re.compile(r"[A-Z]{1,3}[0-9]{1,4}[a-z]{0,2}|[vV][0-9]+[a-z]?|[0-9]+[A-Za-z]{1,2}|[0-9]")
_REACH = 160
_OPENS = LazyPattern(
    r"(?i:(?<![a-z])(?:pass(?:word|wd|phrase|code)?s?|pw|pwd|creds?|credentials?|log(?:ged)?[ -]?in|logins?"
    r"|sign(?:ed)?[ -]?in|wi-?fi|wpa2?|wlan|routers?|admin|root|vpn|accounts?|network|requirepass|masterauth)"
    r"(?![a-z]))|พาส(?!ปอร์ต)"
    r"|รหัส|พาสเวิร์ด|ไวไฟ|เน็ต|เครือข่าย|ล็อกอิน|ล็อคอิน|บัญชี|เราเตอร์"
    r"|密码|密碼|口令|登录|登錄|登入|账号|帳號|账户|帳戶|网络|網路|網絡|路由")
_OPENS_WORDS = known_words((
    "pass", "pw", "cred", "login", "log in", "log-in", "logged in", "logged-in", "loggedin", "sign in", "signin",
    "sign-in", "signed in", "wifi", "wi-fi", "wpa", "wlan", "router", "admin", "root", "vpn", "account", "network",
    "requirepass", "masterauth", "รหัส", "พาส", "ไวไฟ", "เน็ต", "เครือข่าย", "ล็อกอิน", "ล็อคอิน", "บัญชี", "เราเตอร์",
    "密码", "密碼", "口令", "登录", "登錄", "登入", "账号", "帳號", "账户", "帳戶", "网络", "網路", "網絡", "路由"))


def strong_password(value: str) -> bool:
    """The shape of a password people make up (see the module docstring)."""
    if not 8 <= len(value) <= 64 or value[0] in "!#$%&*+_.@~^?-":
        return False
    if value.isascii():     # (most: a set's tests cost less than a character loop's)
        chars = set(value)
        if chars.isdisjoint(_ASCII_DIGITS) or chars.isdisjoint(_ASCII_LETTERS):
            return False
    elif not any(c.isdigit() for c in value) or not any(c.isalpha() for c in value):
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
    if any(c in _STRONG_SYMBOLS for c in value):
        return True     # a symbol no model or version name holds ("Quartz!Reed-7")
    last = len(parts) - 1
    return any(any(c.isdigit() for c in p) and not _CODE_PART.fullmatch(p)
               and not (p.isdigit() and len(p) <= 2 and 0 < k < last) for k, p in enumerate(parts))


def _names_at(text: str, words: frozenset[str], rx: re.Pattern[str]) -> list[re.Match[str]]:
    """The matches of `rx` in `text` that start where one of `words` starts (`word_starts`), none inside another:
    a search of the alternation `rx` itself through a long text cost as much as the rest of redaction on
    transcripts of code."""
    found: list[re.Match[str]] = []
    last = 0
    for at in word_starts(text, words):
        if at < last:
            continue
        m = rx.match(text, at)
        if m is not None:
            found.append(m)
            last = m.end()
    return found


def _windows(text: str, spans: list[tuple[int, int]], before: int, after: int) -> list[tuple[int, int]]:
    """The stretches of `text` from `before` characters before each span to `after` after it, merged, each
    widened to whole words (a value is never cut at a window's edge)."""
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        lo, hi = max(0, a - before), min(len(text), b + after)
        while lo > 0 and not text[lo - 1].isspace() and a - lo < before + 80:
            lo -= 1
        while hi < len(text) and not text[hi].isspace() and hi - b < after + 80:
            hi += 1
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def shaped_values(text: str) -> str:
    """`text` with each password-shaped value near a name of what it opens redacted (the module docstring)."""
    names = [n.span() for n in _names_at(text, _OPENS_WORDS, _OPENS())
             if not text.endswith("[REDACTED:", 0, n.start())]    # a marker's "password" names nothing
    if not names:
        return text
    ends = [b for _, b in names]
    spans: list[tuple[int, int]] = []
    for lo, hi in _windows(text, names, _REACH + 64, _REACH + 64):
        for m in _QUOTED_VALUE().finditer(text, lo, hi):
            start, end = m.span()
            if quoted_password(m.group(0)) and not stand_in(m.group(0), text, start, end) and any(
                    0 <= start - b <= _QUOTED_REACH and "\n" not in text[b:start]
                    for _, b in _nearby(names, ends, start, end, _QUOTED_REACH, 0)):
                spans.append((start, end))
        for m in _SPACED().finditer(text, lo, hi):
            group = "v" if m.group("v") is not None else "v2"
            start, end = m.span(group)
            if spaced_phrase(m.group(group)) and any(_near(text, start, end, n)
                                                   for n in _nearby(names, ends, start, end, _REACH, _REACH)):
                spans.append((start, end))
        for m in _CANDIDATE().finditer(text, lo, hi):
            value = m.group(0).rstrip(".,?")
            start, end = m.start(), m.start() + len(value)
            if not strong_password(value) or stand_in(value, text, start, end):
                continue
            if any(_near(text, start, end, n) for n in _nearby(names, ends, start, end, _REACH, _REACH)):
                spans.append((start, end))
    return redact_spans(text, spans)


# A passphrase of words with spaces near the same names: 4-6 words of Latin letters and numbers, three words or
# more and a number among them ("marble otter 1492 quietly", "Amber Lantern Moose 47"), in quotes (after a shell
# flag or anywhere: `--passphrase 'X'`, "I went with 'X'") or after a colon and a space (a full-width one: none) up
# to the line's end or a Thai or Chinese word ("…with spaces between: X", "รหัส wifi …: X เว้นวรรคด้วย"). Not a
# sentence: no word of ordinary talk (the, with, in, for, please: `_TALK`), no count ("at least 4 words",
# "3 times"); not a name and its version ("React Navigation 7": two words), not a sentence in quotes with no number.
_SPACED_RUN = r"(?:[A-Za-z]{2,12}|[0-9]{1,4})(?: (?:[A-Za-z]{2,12}|[0-9]{1,4})){3,5}"
_SPACED = LazyPattern(
    r"(?:(?<=[\"'`“‘「])(?P<v>" + _SPACED_RUN + r")(?=[\"'`”’」])"
    r"|(?:(?<=[^0-9 \t]:)[ \t]+|(?<=：)[ \t]*)(?P<v2>" + _SPACED_RUN + r")(?=[ \t]*(?:$|\n|[^\x00-\x7f])))")
# A value in quotes of its own within `_QUOTED_REACH` characters after such a name on its line ("wifi … ใช้
# “somtam2541”", "the vpn login … takes 'kestrel77'"): the commonest made-up shape, a word in lower case and a
# number of two digits or more ("kestrel77"); a name with a capital ('AcmeGuest5', an SSID), an id or a measure
# with a dash ('RULE-2026-x', 'monthly-60k'), a model's code in capitals ('AX1800'), a file's name stay.
_QUOTED_VALUE = LazyPattern(r"(?<=[\"'`“‘「])[a-z]{3,20}[0-9]{2,8}(?=[\"'`”’」])")
_QUOTED_REACH = 60


def quoted_password(value: str) -> bool:
    """The shape of a value in quotes after a name (see above)."""
    return not kept_or_dated(value)


_NUMBER_COUNTS = LazyPattern(r"[0-9]{1,4}[ \t]*" + LOCK_UNITS)
_TALK = frozenset((*PHRASE_TALK, *CLAUSE_WORDS, "for", "to", "and", "or", "is", "it", "as", "if", "but", "so"))


def spaced_phrase(value: str) -> bool:
    """The words of a passphrase with spaces (see above)."""
    words = value.split(" ")
    return (sum(w.isalpha() for w in words) >= 3 and any(w.isdigit() for w in words)
            and not any(w.casefold() in _TALK for w in words) and _NUMBER_COUNTS().search(value) is None)


def _nearby(names: list[tuple[int, int]], ends: list[int], start: int, end: int, before: int,
            after: int) -> list[tuple[int, int]]:
    """The names (in text order, not overlapping, `ends` their ends) that end within `before` characters
    before `start` or begin within `after` characters after `end`: the only ones a value at start..end
    can be near. A look-up by position, so a long text full of names costs no more per value than a
    short one (every value against every name was quadratic on a long tool output)."""
    starts_from = bisect_left(ends, start - before)
    upto = bisect_right(ends, start)
    out = names[starts_from:upto]
    k = bisect_left(ends, end)           # names ending at or after the value's end
    for n in names[k:]:
        if n[0] > end + after:
            break
        if n[0] >= end:
            out.append(n)
    return out


def _near(text: str, start: int, end: int, name: tuple[int, int]) -> bool:
    """Whether the name at `name` is within `_REACH` of the value at start..end, in its paragraph."""
    a, b = (name[1], start) if name[1] <= start else (end, name[0])
    return 0 <= b - a <= _REACH and "\n\n" not in text[a:b]



# ---- a made-up password with no name at all ---------------------------------------------------------------------
# A correction ("it's actually X"), a value offered with a pronoun ("use this one: X", "用这个：X"), the value
# first, an agent echoing what it will set: nothing in the turn names what X opens, so only the value's shape can
# say it (`made_up_words`), stricter than `strong_password`'s: a letter first, 2-6 parts of at most 12 letters and
# digits joined by symbols (`Lantern-Moss_63`, `Walrus9!Copper`, `Fennel.Harbor52`), upper and lower case, a
# digit, a symbol then a capitalised word (`-Moss`); and words among the parts: two word-shaped parts (`Moss`,
# `gecko`, `Coast19`: one capital at most, then lower case, then digits) one of them capitalised, or a capitalised
# word with its digits (`Marlin3`) beside a part of three letters or more (`Vx7pQa`). A `.` joins two capitalised
# parts only (`sqlite3.Connection`, `SHASUMS256.txt` are code and files). So ids (`toolu_01zZX…`,
# `sharegpt_qTi81nS_0`: one word and a random part), model and product names (`claude-sonnet-4-5`,
# `Model2Vec-style`, `Blink-182`, `Windows-11-Pro`) stay.
_UNNAMED = LazyPattern(r"(?<![" + _CHARS + r"/:=\\{\[])[A-Za-z][A-Za-z0-9]{0,11}(?:[!#$%&*^~?+_.\-][A-Za-z0-9]{1,12})"
                       r"{1,5}[.,?]*(?![" + _CHARS + r"/:\\}\]])")
_WORD_PART = re.compile(r"[A-Z]?[a-z]{2,}[0-9]*")
_CAPITAL_PART = re.compile(r"[A-Z][a-z]{2,}[0-9]*")
_JOINERS = re.compile(r"[!#$%&*^~?+_.\-]+")
# What every such value holds, a symbol then a capitalised word (`-Moss`, `!Copper`): one search of a text's bytes
# for it (memory_store/redact.py `_redact_once`) spares the others the search for candidates (a letter starts one).
UNNAMED_GATE = re.compile(rb"[!#$%&*^~?+_.\-][A-Z][a-z][a-z]")


def made_up_words(value: str) -> bool:
    """The shape of a made-up password of words (see above)."""
    if not value[:1].isalpha() or not strong_password(value):
        return False
    if not (any(c.isupper() for c in value) and any(c.islower() for c in value)):
        return False
    parts = _JOINERS.split(value)
    if not 2 <= len(parts) <= 6 or any(not p or len(p) > 12 for p in parts):
        return False
    for k, joiner in enumerate(_JOINERS.findall(value)):
        if "." in joiner and not (parts[k][0].isupper() and parts[k + 1][0].isupper()):
            return False
    if UNNAMED_GATE.search(value.encode()) is None:
        return False
    words = [p for p in parts if _WORD_PART.fullmatch(p)]
    if len(words) >= 2 and any(_CAPITAL_PART.fullmatch(p) for p in words):
        return True
    glued = next((k for k, p in enumerate(parts) if _CAPITAL_PART.fullmatch(p) and p[-1].isdigit()), None)
    return glued is not None and any(sum(c.isalpha() for c in p) >= 3 for k, p in enumerate(parts) if k != glued)


def unnamed_values(text: str) -> str:
    """`text` with each made-up password of words redacted, whatever names it or not (see above)."""
    spans: list[tuple[int, int]] = []
    for m in _UNNAMED().finditer(text):
        value = m.group(0).rstrip(".,?")
        if value.islower() or value.isupper():
            continue    # most matches: `file.py`, `well-known`, `e.g`
        start, end = m.start(), m.start() + len(value)
        if made_up_words(value) and not stand_in(value, text, start, end):
            spans.append((start, end))
    return redact_spans(text, spans)


# ---- codes of digits near a lock's, a keypad's or a PIN's name -------------------------------------------------
# The same with a code's shape: the digits of a code as people read it out (4-8 digits; 4-8 single digits
# spaced or 3-6 dashed; 2-4 equal groups of two or three: "60 71 94", "27-44-09", "730 418") within
# `_CODE_REACH` after a name of what a code opens, or 20 characters before one (`_LOCKS`: a PIN, a passcode, a
# keypad, a lock, a safe, an alarm, a door's code; รหัส, กลอน, ตู้เซฟ, กันขโมย, 密码, 门禁, 保险箱; "code" only
# beside what it opens; กด and 按, press, right before the digits). Never a year (1900-2039, a Thai 2550-2589),
# a time after "at", a count or a measure after it, a number after a room's, a floor's, an order's or a
# phone's name or a capitals abbreviation (PO, INV; not PIN), a phone number or a date (groups of unequal
# lengths), a number glued to letters or to `+ - # . / : = *`, a JSON key's value (`"pid": 999999`), a number
# an option follows (`search 4420 --tier`), a number right after the name of something else (รหัสไปรษณีย์).
_CODE_CANDIDATE = LazyPattern(
    r"(?:(?<=[ \t「“\"']\*)|(?<![0-9A-Za-z+#./:=*$€£¥_@-]))[0-9]{1,8}(?:[ -][0-9]{1,8}){0,7}"
    r"(?![0-9A-Za-z:]|[.,/-][0-9]|[ -][0-9]|[-_/][A-Za-z]|[ \t]+--?[a-z])")
_GROUPS = re.compile(r"[ -]")
_CODE_REACH = 100
_LOCKS = LazyPattern(
    r"(?i:(?<![a-z_./-])(?:pin|passcodes?|key[ -]?pads?|padlocks?|lockbox|lockers?|locks?|alarms?"
    r"|(?:(?<=the )|(?<=our )|(?<=my )|(?<=hotel )|(?<=room )|(?<=wall )|(?<=gun ))safe"
    r"|safe(?=[ \t]+(?:code|combination|combo|pin|dial|opens))"
    r"|(?P<code>codes?))(?![a-z_.-]))|PINs"
    r"|รหัส|กลอน|ล็อก|ล็อค|ตู้เซฟ|เซฟ|กันขโมย|ตู้จดหมาย|ตู้เก็บของ|ประตู|(?P<press>กด|按)(?=[ \t]?[「“\"'*]?[0-9])"
    r"|密码|密碼|口令|门禁|門禁|门锁|門鎖|保险箱|保險箱|保险柜|保險櫃|储物柜|儲物櫃|存包柜|入户门|入戶門|取件(?:码|碼)"
    r"|提货码|提貨碼")
_LOCK_WORDS = known_words((
    "pin", "passcode", "keypad", "key pad", "key-pad", "padlock", "lock", "alarm", "safe", "code", "รหัส", "กลอน",
    "ล็อก", "ล็อค", "ตู้เซฟ", "เซฟ", "กันขโมย", "ตู้จดหมาย", "ตู้เก็บของ", "ประตู", "กด", "按", "密码", "密碼", "口令", "门禁",
    "門禁", "门锁", "門鎖", "保险", "保險", "储物柜", "儲物櫃", "存包柜", "入户门", "入戶門", "取件", "提货", "提貨"))
_CODE_OPENS = LazyPattern(
    r"(?i:(?<![a-z])(?:door|gate|alarm|lock|locker|safe|garage|entry|entrance|keypad|padlock|mailbox|vault|lockbox"
    r"|shed|lift|elevator|unlock|pin|verification|otp|sms|2fa)s?(?![a-z]))")
_CODE_OTHER = LazyPattern(
    r"(?i:(?<![a-z])(?:error|status|exit|http|response|zip|postal|post|area|country|promo|discount|coupon|product"
    r"|sku|tracking|reference|ref|order|booking|source|qr|bar)[ \t-]*$)")
_BEFORE_NUMBER = LazyPattern(
    r"(?i:(?<![a-z])(?:rooms?|floors?|flats?|apt|units?|ports?|orders?|invoices?|tickets?|flights?|no\.?|tel|phone"
    r"|call|ext|extension|version|build|line|step|page|item|bus|route|model|type|series|pids?|ppid|uid|gid"
    r"|process|jobs?|runs?|issues?|pr|prs|rows?|bytes|exit|status|errno|code[ \t]+review"
    r"|(?:error|status|exit|http|response|zip|postal|area|country|promo|discount|coupon|product|tracking|reference"
    r"|order|booking)[ \t-]*(?:codes?|no\.?|numbers?)|dated|id)[ \t(]*[#:]?[ \t]*$)"
    r"|(?<![A-Za-z])(?!PIN|OTP|CVV|CVC)[A-Z]{2,4}[ \t]*[#:]?[ \t]*$"
    r"|[\"'][ \t]*:[ \t]*$"
    r"|(?:ห้อง|ชั้น|เบอร์|โทร|ตึก|ที่|คิว|เลขที่|房间?|房間|室|楼|樓|号|號|电话|電話|订单|訂單|单号|單號|第)"
    r"[ \t]*(?:คือ|เป็น|是|为|為)?[ \t]*$")
# a word in capitals that the code goes on with ("4711 ALPHA"): the code is the whole
_CODE_TAIL = re.compile(r"[ \t]?[A-Z]{3,8}(?![A-Za-z0-9])")
_OF = re.compile(r"[ \t]*(?:ของ|สำหรับ)")
# a count of the things a code opens ("1200 padlocks", "40 new lockers"), not a code before its name
_COUNTED = re.compile(
    r"(?i:[ \t]+(?:[a-z]+[ \t]+)?[a-z]*(?:locks|lockers|safes|keypads|alarms|doors|gates|pins)(?![a-z]))")
_BARE_DIGITS = re.compile(r"[ \t]*[0-9]")
_TIME_BEFORE = LazyPattern(r"(?i:(?<![a-z])(?:at|by|until|till|from|before|after|since|in)[ \t]+$)")
_UNIT_AFTER = LazyPattern(
    r"[ \t]*(?:" + LOCK_UNITS + r"|(?i:am|pm|hrs?|hours?|mins?|minutes?|seconds?|secs?|days?|weeks?|months?|years?"
    r"|digits?|chars?|characters?|attempts?|tries|people|rows?|lines?|[a-z]+ions)(?![a-z])"
    r"|位|个|個|年|月|日|号|號|天|秒|分|元|块|次|%|端口|埠|ปี|บาท|วัน|ตัว|หลัก|วินาที|นาที|ชั่วโมง|คน|ครั้ง|เดือน|พอร์ต"
    r"|(?i:ports?)(?![a-z]))")


def code_shaped(value: str) -> bool:
    """The digits of a code as people read them out (see above)."""
    groups = _GROUPS.split(value)
    if len(groups) == 1:
        if len(value) == 4 and (1900 <= int(value) <= 2039 or 2550 <= int(value) <= 2589):
            return False    # a year (a Thai one: 2568)
        return 4 <= len(value) <= 8 and not (len(value) == 8 and value.startswith(("19", "20")))  # yyyymmdd
    sizes = {len(g) for g in groups}
    if sizes == {1}:
        return 4 <= len(groups) <= 8 if " " in value else 3 <= len(groups) <= 6
    return len(sizes) == 1 and sizes <= {2, 3} and 2 <= len(groups) <= 4 and len(groups) * len(groups[0]) >= 5


_LOCK_NAMES_OF: list[tuple[str, list[tuple[int, int, bool]]]] = []   # the last text's (codes, then words ask)


def _lock_names(text: str) -> list[tuple[int, int, bool]]:
    """Each name of `_LOCKS` in `text`: its span and whether it names what a code opens ("รหัสไปรษณีย์",
    a postcode, and "error code" do not)."""
    if _LOCK_NAMES_OF and _LOCK_NAMES_OF[0][0] is text:
        return _LOCK_NAMES_OF[0][1]
    out: list[tuple[int, int, bool]] = []
    for m in _names_at(text, _LOCK_WORDS, _LOCKS()):
        ok = True
        if m.group("code") is not None:
            ok = (_CODE_OTHER().search(text, max(0, m.start() - 20), m.start()) is None
                  and _CODE_OPENS().search(text[max(0, m.start() - 40):m.end() + 40]) is not None)
        elif m.group("press") is None:
            after = _OF.match(text, m.end())
            if names_other_thing(text, after.end() if after is not None else m.end(), m.group(0)):
                ok = False
            elif m.group(0) == "รหัส" and _BARE_DIGITS.match(text, m.end()) and not text.endswith("กด", 0, m.start()):
                ok = False      # "รหัส 10110": bare รหัส is any code (a postcode, a product's), as for the PIN formats
        out.append((m.start(), m.end(), ok))
    _LOCK_NAMES_OF[:] = [(text, out)]
    return out


def coded_values(text: str) -> str:
    """`text` with each code of digits near a name of what it opens redacted (see above)."""
    codes = _lock_names(text)
    spans_of = [(a, b) for a, b, _ in codes]
    ends = [b for _, b, _ in codes]
    ok_at = {(a, b): ok for a, b, ok in codes}
    spans: list[tuple[int, int]] = []
    for m in (m for lo, hi in _windows(text, [(a, b) for a, b, ok in codes if ok], 30, _CODE_REACH + 16)
              for m in _CODE_CANDIDATE().finditer(text, lo, hi)):
        value = m.group(0)
        start, end = m.span()
        if not code_shaped(value) or _UNIT_AFTER().match(text, end) is not None or _COUNTED.match(text, end):
            continue
        before = text[max(0, start - 16):start]
        if _BEFORE_NUMBER().search(before) is not None:
            continue
        if len(value) == 4 and value[:2] < "24" and value[2:] < "60" and _TIME_BEFORE().search(before):
            continue
        before_it = bisect_right(ends, start)
        last = codes[before_it - 1] if before_it else None
        if last is not None and not last[2] and start - last[1] <= 12:
            continue    # right after the name of something else: "รหัสไปรษณีย์ 10110"
        near = _nearby(spans_of, ends, start, end, _CODE_REACH, 20)
        if any(ok_at[n] and _code_near(text, start, end, n[0], n[1]) for n in near):
            tail = _CODE_TAIL.match(text, end)
            spans.append((start, tail.end() if tail is not None else end))
    return redact_spans(text, spans)


def _code_near(text: str, start: int, end: int, a: int, b: int) -> bool:
    """Whether the name at a..b is near the code at start..end: before it within `_CODE_REACH` in its paragraph,
    or after it within 20 characters on its line."""
    if b <= start:
        return start - b <= _CODE_REACH and "\n\n" not in text[b:start]
    return 0 <= a - end <= 20 and "\n" not in text[end:a]


# ---- a lock's code said in words ------------------------------------------------------------------------------
# Near a name of what a code opens (as for the digits): a dial's numbers, three to six, in digits or English words
# up to ninety-nine, each after a turn or all in words, joined by commas ("left twenty-two, right nine, left
# thirty-seven", "thirty-one, eleven, fifty-six", "右轉到 24，左轉到 61，再右轉到 7"); single digits in words joined by
# dashes, three to twelve ("nine-nine-oh-three", "หนึ่ง-เจ็ด-เจ็ด-สอง"), or by spaces, four to twelve, up to a
# clause's end or a word that goes on ("six oh one eight, then enter"; not "one two three four buttons"), Thai
# ones a word each ("แปด สี่ หนึ่ง หก"; not the start of เก้าอี้ or ห้าง); four to eight Chinese numerals in a row
# ("七四一九零二"; not beside 十, 百, 万 or 点: an amount, "一五一十").
_UNIT_WORDS = "zero|oh|one|two|three|four|five|six|seven|eight|nine"
_TENS = ("ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
         "|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?")
_EN_NUMBER = r"(?i:(?:" + _TENS + "|" + _UNIT_WORDS + r")(?![a-z-]))"
_TURN = (r"(?:(?i:(?:left|right|clockwise|anti-?clockwise|counter-?clockwise)(?:[ \t]+to)?)[ \t]+"
         r"|再?(?:右|左)(?:轉|转)(?:到|至)?[ \t]*|(?:หมุน)?(?:ซ้าย|ขวา)(?:ไป)?[ \t]*)")
_DIAL_NUMBER = r"(?:[0-9]{1,2}(?![0-9])|" + _EN_NUMBER + ")"
_TH_DIGIT_WORD = "ศูนย์|หนึ่ง|สอง|สาม|สี่|ห้า|หก|เจ็ด|แปด|เก้า"
_ZH_NUMERALS = "零〇幺一二三四五六七八九"
_SPELLED = LazyPattern(
    r"(?P<dial>(?<![A-Za-z0-9])" + _TURN + _DIAL_NUMBER + r"(?:[ \t]*[,，、][ \t]*(?:(?i:then|and)[ \t]+)?"
    + _TURN + _DIAL_NUMBER + r"){2,5}"
    r"|(?<![A-Za-z-])" + _EN_NUMBER + r"(?:[ \t]*,[ \t]*" + _EN_NUMBER + r"){2,5}(?![ \t]*(?i:or|and)[ \t])"
    r")"
    r"|(?P<dashed>(?<![A-Za-z-])(?i:" + _UNIT_WORDS + r")(?:(?:-(?i:" + _UNIT_WORDS + r")){2,11}"
    r"|(?:[ \t](?i:" + _UNIT_WORDS + r")){3,11}(?=[ \t]*(?:$|[,.;:!?)\n]"
    r"|[ \t](?i:and|then|to|on|for|at|plus|followed|now)"
    r"(?![a-z]))))(?![A-Za-z-])"
    r"|(?:" + _TH_DIGIT_WORD + r")(?:-(?:" + _TH_DIGIT_WORD + r")){2,11}"
    r"|(?<![\u0e00-\u0e7f])(?:" + _TH_DIGIT_WORD + r")(?:[ \t](?:" + _TH_DIGIT_WORD + r")){3,11}(?![\u0e00-\u0e7f])"
    r"|(?<![" + _ZH_NUMERALS + r"十百千万萬亿億两兩点點第])[" + _ZH_NUMERALS + r"]{4,8}(?![" + _ZH_NUMERALS
    + r"十百千万萬亿億点點]))")


def spelled_values(text: str) -> str:
    """`text` with each lock's code said in words near a name of what it opens redacted (see above)."""
    codes = [(a, b) for a, b, ok in _lock_names(text) if ok]
    if not codes:
        return text
    spans: list[tuple[int, int]] = []
    for lo, hi in _windows(text, codes, 30, _CODE_REACH + 16):
        for m in _SPELLED().finditer(text, lo, hi):
            start, end = m.span()
            if any(_code_near(text, start, end, a, b) for a, b in codes):
                spans.append((start, end))
    return redact_spans(text, spans)


# ---- an answer to a security question ---------------------------------------------------------------------------
# It opens the account as a password does. After the question's name ("security question", "memorable word",
# คำถามกันลืม, 密保问题) and within `_REACH` characters in its sentence, a verb of answering and the answer: in
# English after "answer(ed) … is / was / :" up to the clause's end (at most six words), in Thai after ตอบ(ไว้)(ว่า)
# up to a space, in Chinese after 填的是, 答案是, 回答是 … up to punctuation or a space.
_QUESTION = LazyPattern(
    r"(?i:(?:security|secret|memorable|challenge)[ \t]+(?:questions?|answers?|words?))"
    r"|คำถาม(?:กันลืม|ความปลอดภัย|รักษาความปลอดภัย|ลับ)|密保|安全(?:问题|問題)"
    r"|安全提示(?:问题|問題)")
_ANSWER = LazyPattern(
    r"(?i:(?<![a-z])answer(?:ed)?(?![a-z])[^.\n!?;]{0,40}?(?<![a-z])(?:is|was)(?![a-z])[ \t]*:?[ \t]*"
    r"|answer[ \t]*:[ \t]*)"
    r"(?P<en>[^\s,.;!?\"'][^\n,.;!?\"']{0,60}?)(?=[ \t]*(?:$|\n|[,.;!?]))"
    r"|ตอบ(?:ไว้)?(?:ว่า)?[ \t]*(?P<th>[^\s'\"]{2,40})"
    r"|(?:填的是|填了|答案是|答的是|回答是|写的是|寫的是|答案[:：])[ \t]*(?P<zh>[^\s，。,.;；！!？?「」]{2,30})")


def answers(text: str) -> str:
    """`text` with each answer to a security question redacted (see above)."""
    spans: list[tuple[int, int]] = []
    for q in _QUESTION().finditer(text):
        for m in _ANSWER().finditer(text, q.end(), min(len(text), q.end() + _REACH)):
            group = next(g for g in ("en", "th", "zh") if m.group(g) is not None)
            start, end = m.span(group)
            value = m.group(group)
            if group == "en" and len(value.split()) > 6:
                continue
            if "\n\n" in text[q.end():start] or stand_in(value, text, start, end):
                continue
            spans.append((start, end))
            break
    return redact_spans(text, spans)


# ---- a code read out digit by digit after a text message's name -------------------------------------------------
# "短信来了，是 6 0 2 9 1 8", "got the SMS: 8 1 5 5 0 2": 4-8 single digits spaced within 40 characters after a
# name of a text message (SMS, 短信, 簡訊, ข้อความ) on its line, then no Latin word (a count: "1 2 3 4 batches").
_SMS_CODE = LazyPattern(
    r"(?:(?i:(?<![a-z])sms(?![a-z]))|短信|簡訊|简讯|ข้อความ|เอสเอ็มเอส)[^\n0-9]{0,40}?"
    r"(?<![0-9])(?P<secret>[0-9](?:[ \t][0-9]){3,7})(?![0-9]|[ \t]*[A-Za-z])")


def sms_codes(text: str) -> str:
    """`text` with each code read out digit by digit after a text message's name redacted (see above)."""
    return redact_spans(text, [m.span("secret") for m in _SMS_CODE().finditer(text)])


# ---- a code first in a forwarded text message ------------------------------------------------------------------
# "730 418 is your code to approve …", "G-582716 is your Google verification code": 4-8 digits (or 3 and 3, a
# Google `G-` before them) right before "is your" and up to three words and a code's name.
_SMS_FIRST = (r"(?:(?<=G-)|(?<![0-9A-Za-z.,:/-]))(?P<secret>[0-9]{4,8}|[0-9]{3} [0-9]{3})[ \t]+(?i:is)[ \t]+"
              r"(?i:your)[ \t]+(?:[A-Za-z-]+[ \t]+){0,3}?(?i:code|otp|passcode|pin|verification[ \t]+number)"
              r"(?![A-Za-z])")


# ---- a wifi key labelled by its protocol --------------------------------------------------------------------------
# "SSID KPN-4C21 / WPA 7HR4PQ29ZX8B", "WPA-PSK: X": a made-up value (`made_up`) or a password's shape
# (`strong_password`) right after WPA, WPA2, WPA3, WPA-PSK ("WPA3 is what the router supports" stays).
_WPA = (r"(?<![A-Za-z0-9])(?i:wpa[23]?(?:[ -]?(?:psk|personal|passphrase|pass))?)[ \t]*[:=：]?[ \t]+" + NOT_MARK
        + r"(?P<secret>[!-~]{8,63})")


def _wpa_key(value: str) -> bool:
    value = value.rstrip(".,;)")
    return made_up(value) or strong_password(value)


# Triggers: the names of `_OPENS` that start with a byte redaction's scan of every text looks for already, or
# a piece of one that does ("etwork"; a new first byte costs the scan of every text: `memory_store/redact.py`
# `_scan`), "wifi", and "router" (tested with `in` there, as words starting with r are); "root", "wpa", "wlan"
# count as names only beside another trigger. A digit is needed (every value holds one).
SHAPED: tuple[SecretFormat, ...] = (
    SecretFormat("password", ("pass", "pw", "cred", "log in", "logged in", "login", "sign", "wifi", "wi-fi", "admin",
                              "router", "vpn", "account", "etwork", "รหัส", "พาส", "ไวไฟ", "เน็ต", "เครือข่าย", "ล็อกอิน",
                              "ล็อคอิน", "บัญชี", "เราเตอร์", "密", "口令", "登录", "登錄", "登入", "帳號", "帳戶", "网络",
                              "網路", "網絡"),
                 r"(?!)", lowered=True, needs=tuple("0123456789"), substitute=shaped_values),
    # (the names of `_LOCKS`, their starts, as above)
    SecretFormat("password", ("pin", "passcode", "keypad", "key pad", "key-pad", "padlock", "combination", "combo",
                              "lock", "safe", "alarm", "code", "รหัส", "กลอน", "ล็อก", "ล็อค", "เซฟ", "กันขโมย",
                              "ตู้จดหมาย", "ตู้เก็บ", "ประตู", "กด", "按", "密", "口令", "门禁", "門禁", "门锁", "門鎖",
                              "储物", "儲物", "存包", "保险",
                              "保險", "入户门", "入戶門", "取件", "提货", "提貨"),
                 r"(?!)", lowered=True, needs=tuple("0123456789"), substitute=coded_values),
    # (" is your" starts with a space: no new first byte in the scan)
    # (the names of `_LOCKS` again: a code in words holds no digit)
    SecretFormat("password", ("pin", "passcode", "keypad", "key pad", "key-pad", "padlock", "lock", "safe", "alarm",
                              "code", "รหัส", "กลอน", "ล็อก", "ล็อค", "เซฟ", "กันขโมย", "ตู้จดหมาย", "ตู้เก็บ", "ประตู",
                              "储物", "儲物", "存包", "密",
                              "门禁", "門禁", "门锁", "門鎖", "保险", "保險"),
                 r"(?!)", lowered=True, needs=(",", "-", "，", "、", " oh ", "zero", "one ", "two ", "three", "four",
                                                "five", "six", "seven", "eight", "nine", *_ZH_NUMERALS, "ศูนย์", "หนึ่ง",
                                                "สอง", "สาม", "สี่", "ห้า", "หก", "เจ็ด", "แปด", "เก้า"),
                 substitute=spelled_values),
    SecretFormat("password", (" is your",), _SMS_FIRST, lowered=True, needs=tuple("0123456789")),
    SecretFormat("password", ("sms", "短信", "簡訊", "简讯", "ข้อความ", "เอสเอ็มเอส"), r"(?!)", lowered=True,
                 needs=tuple("0123456789"), substitute=sms_codes),
    # (a new first byte in the scan: q, rare in text)
    SecretFormat("password", ("question", "memorable", "คำถาม", "密保", "安全问", "安全問", "安全提示"), r"(?!)",
                 lowered=True, substitute=answers),
    SecretFormat("password", ("wpa",), _WPA, lowered=True, accept=_wpa_key),
)
# Run on every text (memory_store/redact.py `_redact_once`): a value with no name has no trigger.
UNNAMED = SecretFormat("password", (), r"(?!)", substitute=unnamed_values)
