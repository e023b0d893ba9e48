"""A secret named earlier in a turn and its value given later in the same turn, with no name right before
the value: as a change ("the code for the back gate changed to N", "it's now X", "ตอนนี้เป็น N", "现在是 N"),
as "the new one is X" a sentence after the name, an agent's report of the value it set ("requirepass is now
X", "รหัสใหม่คือ X"), a code that arrives later in the turn ("OTP … มาแล้วค่ะ N"), the full value after a
hint ("ลงท้ายด้วย 9 ทั้งหมดคือ N"). Part of the catalogue of `memory_store.secret_formats`
(docs/security.md); only the value goes.

How: a name of a secret arms the turn; the first word after it (up to `_REACH` characters on, on the same
line) that introduces a value — a verb of change, "now", "the new one", a copula — is followed by the value.
No pattern of the words between could list them, so what makes it safe is the value's shape: a code of
4-12 digits or digits in groups, with no unit, count or year of a plan after it (`_DIGITS`); or a password's
shape (`loose_password`: a digit, a symbol or an inner capital, and a letter; not a version, a path, the
name of a kind of thing). A key, a token or a secret arms only a made-up value (`made_up`): "the token
limit is now 4096" stays.
"""
from __future__ import annotations

import re

from memory_store.secret_formats import NOT_MARK, LazyPattern, SecretFormat, made_up, ordinary_value
from memory_store.secret_phrases import (
    LOCK_UNITS,
    TALK_NUMBER,
    finds,
    loose_password,
    names_other_thing,
    redact_spans,
)

# The names that arm the turn. "code" alone is any code (an error's, a product's): only with what it opens
# or who sent it in the 40 characters around it (`_CODE_CONTEXT`).
_NAME = LazyPattern(
    r"(?i:(?<![a-z0-9_])(?P<pw>(?:[a-z0-9]+_)*(?:require|master|root|admin|sudo|db|user|app|auth)?"
    r"pass(?:word|wd|phrase|code)?s?"
    r"|masterauth|pwd|pins?|otp|creds?|credentials?|wi-?fi)(?![a-z])"
    r"|(?<![a-z])(?P<code>codes?)(?![a-z])"
    r"|(?<![a-z])(?P<key>secrets?|tokens?|keys?)(?![a-z]))"
    r"|(?P<th>รหัส(?:ผ่าน)?|พาสเวิร์ด|ไวไฟ)"
    r"|(?P<lock>ตู้เซฟ|ล็อกเกอร์|ล็อคเกอร์|กุญแจรหัส)"
    r"|(?P<zh>密码|密碼|口令|验证码|驗證碼|暗码|暗碼)")
_CODE_CONTEXT = LazyPattern(
    r"(?i:(?<![a-z])(?:door|gate|alarm|lock|locker|safe|garage|entry|keypad|access|building|padlock|mailbox|vault"
    r"|lockbox|shed|alarm|panel|front|back|side|wifi|otp|verification|sms|2fa|mfa|login|pin|unlock)s?(?![a-z]))")
# What introduces the value, after the name. English: a verb of change with "to", "now", "the new one", a
# copula with "now"; Thai: ใหม่คือ, ตอนนี้เป็น, a copula, มาแล้ว (a code that came); Chinese: 现在是, 换成, 改成,
# 新的是, a copula.
_INTRO = LazyPattern(
    r"(?i:(?<![a-z])(?:(?:changed|change|reset|updated|update|rotated|switched|set)(?:[ \t]+(?:it|them))?[ \t]+to"
    r"|(?P<now>(?:is|are|was)[ \t]+now)|(?:it|that)(?:'|’)s[ \t]+now|(?:it|that)[ \t]+is[ \t]+now"
    r"|now[ \t]+(?:it(?:'|’)s|is)"
    r"|new[ \t]+(?:one|code|pin|password|pass|value|key)(?:[ \t]+(?:is|was)|(?:'|’)s|[ \t]*[:=])"
    r"|(?:old|previous)[ \t]+one(?:[ \t]+(?:is|was)|(?:'|’)s|[ \t]*:)"
    r"|(?P<its>(?:it|that)(?:'|’)s|it[ \t]+is)|(?P<to>to))(?![a-z]))"
    r"|(?:ตอนนี้|ใหม่|ทั้งหมด|เก่า|ก็)(?:คือ|เป็น)|(?:都|也|还|還|就)(?:是|为|為)|(?P<copula>คือ|เป็น|是|为|為)|ใหม่"
    r"|มาแล้ว(?:ค่ะ|ครับ|คะ|นะ|จ้า)?"
    r"|(?:现在|現在|新的|新密码|新密碼)(?:是|为|為)|(?:换|換|改|变|變|设|設)(?:成|为|為)了?|重置为|重置為")
# A bare copula (คือ, เป็น, 是) or "is now" is anyone's: it introduces the secret's value only close to the
# name (`_NEAR`), in its clause (no punctuation or topic switch between: "รหัสผ่านเปลี่ยนทุก 90 วัน ส่วนห้องประชุม
# คือ 1908", "密码要定期换，会议室是 1602", "the password changed, port is now 8443" stay). And no introducer
# counts when another thing is named right before it: a room, a port, a network's or a user's name.
_NEAR = 50
_BREAK = re.compile(r"[,，。.!?;；:：、]|ส่วน|而|但")
_OTHER_SUBJECT = LazyPattern(
    r"(?i:(?<![a-z])(?:ports?|rooms?|floors?|ssid|name|user(?:name)?|login|id|version|build|ticket)(?![a-z]))"
    r"|ห้อง|ชั้น|ตึก|อาคาร|ชื่อ|ผู้ใช้|ยูสเซอร์|เวอร์ชัน|会议室|會議室|房间|房間|楼|樓|用户名|用戶名|账号|帳號|端口|版本")
# The value right after the introducer: digits of a code (4-12, or groups, a keypad's `#`), else a run of a
# password's characters.
_VALUE = LazyPattern(
    r"[ \t]*[:：]?[ \t]*" + NOT_MARK + r"[\"'`“]?" + TALK_NUMBER
    + r"(?:(?P<digits>[0-9]{2,4}(?:[- ][0-9]{2,4}){1,3}(?![0-9A-Za-z])|[0-9]{4,12}[#*]?(?![0-9A-Za-z]))"
    r"(?![.,:/-][0-9])(?![ \t]*" + LOCK_UNITS + r")(?![ \t]*(?:位|个|個|年|月|日|号|號|天|秒|分|元|%|ปี|บาท|วัน|ตัว))"
    r"|(?P<word>(?:(?![\"'`<>”])[!-~]){3,98}(?:(?![\"'`<>.,;:)?”])[!-~])))")
# "it's N" counts after a verb of change between the name and it ("the keypad code got reset again. it's N
# now"); "to" after a verb of setting right before the name ("I've set DB_PASSWORD to X"); a lock's name only
# with an introducer of change (ตอนนี้เป็น, เปลี่ยนเป็น, ใหม่คือ: "ตู้เซฟ … ตอนนี้เป็น N", not "ประตู … คือ N").
_CHANGED = LazyPattern(r"(?i:(?<![a-z])(?:changed|change|reset|rotated|updated|switched|new)(?![a-z]))"
                      r"|เปลี่ยน|ใหม่|รีเซ็ต|换|換|改")
_SET_BEFORE_NAME = LazyPattern(
    r"(?i:(?<![a-z])(?:set|change|changed|update|updated|reset)[ \t]+(?:(?:the|my|our|its)[ \t]+)?"
    r"(?:[A-Za-z0-9_-]+[ \t]+){0,2})$")
_LOCK_INTRO = LazyPattern(r"ตอนนี้|เปลี่ยน|ใหม่")
_NOW_AFTER = re.compile(r"[ \t]*,?[ \t]*(?i:now)(?![a-z])")
_REACH = 160
_DIGIT = re.compile(r"[0-9]")
_LETTER_DIGIT = re.compile(r"[0-9][A-Za-z]|[A-Za-z][0-9]")
_LINE_END = re.compile(r"\r?\n")
_OF = re.compile(r"[ \t]*(?:ของ|สำหรับ)")
# A version, not a password ("pin เป็น v2.8.1").
_VERSION = re.compile(r"[vV]?[0-9]+(?:\.[0-9A-Za-z]+)+")
_DATE = re.compile(r"(?:19|20)[0-9]{2}[-/.][0-9]{1,2}(?:[-/.][0-9]{1,2})?")


def _armed(text: str, m: re.Match[str]) -> str | None:
    """What the name `m` arms: "digits" (a code or a password may follow), "made_up" (a key's), or None."""
    if m.group("code") is not None:
        around = text[max(0, m.start() - 40):m.end() + 40]
        return "digits" if _CODE_CONTEXT().search(around) else None
    after = _OF.match(text, m.end())
    if names_other_thing(text, after.end() if after is not None else m.end(), m.group(0)):
        return None     # "รหัสไปรษณีย์", "令牌过期时间": the name of something else
    if m.group("lock") is not None:
        return "lock"
    return "made_up" if m.group("key") is not None else "digits"


def _value(text: str, at: int, armed: str) -> tuple[int, int] | None:
    v = _VALUE().match(text, at)
    if v is None:
        return None
    if v.group("digits") is not None:
        value = v.group("digits")
        if armed not in ("digits", "lock") or _DATE.fullmatch(value):
            return None
        return v.span("digits")
    value = v.group("word")
    ok = made_up(value) or (armed == "digits" and later_password(value))
    if not ok or "[REDACTED" in value:
        return None
    return v.span("word")


# Where a name may start: each is found with `str.find` (`finds`), and `_NAME` is tried there and at the start
# of the identifier it ends ("DB_PASSWORD", "requirepass"), not searched for through the text (a search of its
# alternation tried every place of a long text: 5 times the cost of the rest of redaction on prose).
_NAME_WORDS = ("pass", "pwd", "pin", "otp", "cred", "wifi", "wi-fi", "masterauth", "code", "secret", "token", "key",
               "รหัส", "พาสเวิร์ด", "ไวไฟ", "ตู้เซฟ", "ล็อกเกอร์", "ล็อคเกอร์", "กุญแจรหัส", "密码", "密碼", "口令",
               "验证码", "驗證碼", "暗码", "暗碼")
_IDENTIFIER = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def _names(text: str) -> list[re.Match[str]]:
    """The matches of `_NAME` in `text`, in order, none inside another (see `_NAME_WORDS`)."""
    low = text.lower()
    if len(low) != len(text):   # a character whose lower case is longer: the places would shift
        return list(_NAME().finditer(text))
    found: list[re.Match[str]] = []
    last = 0
    for at in sorted({at for word in _NAME_WORDS for at in finds(low, word)}):
        if at < last:
            continue
        start = at
        while start > 0 and low[start - 1] in _IDENTIFIER:
            start -= 1
        m = (_NAME().match(text, start) if start < at else None) or _NAME().match(text, at)
        if m is not None and m.end() > at:
            found.append(m)
            last = m.end()
    return found


def later_password(value: str) -> bool:
    """A password given later in the turn: a password's shape (`loose_password`) with a lower-case letter
    and a digit, not starting with a digit, not a version; so "TypeScript", "ERR-504", "v2.8.1" stay."""
    return (loose_password(value) and any(c.islower() for c in value) and any(c.isdigit() for c in value)
            and not value[0].isdigit() and _VERSION.fullmatch(value) is None)


def later_values(text: str) -> str:
    """`text` with each value given after an introducer that follows a name of a secret redacted (see the
    module docstring)."""
    spans: list[tuple[int, int]] = []
    done = 0
    for m in _names(text):
        if m.end() < done:
            continue
        armed = _armed(text, m)
        if armed is None:
            continue
        line = _LINE_END.search(text, m.end(), m.end() + _REACH)
        stop = line.start() if line is not None else min(len(text), m.end() + _REACH)
        # every value holds a digit (a code's, a password's shape, a made-up one's beside a letter): a name
        # with none after it is skipped before the introducers are looked for
        if (_LETTER_DIGIT if armed == "made_up" else _DIGIT).search(text, m.end(), stop) is None:
            continue
        for intro in _INTRO().finditer(text, m.end(), stop):
            if intro.group("its") is not None and _CHANGED().search(text, m.end(), intro.start()) is None:
                continue
            if intro.group("to") is not None and (intro.start() - m.end() > 2 or _SET_BEFORE_NAME().search(
                    text, max(0, m.start() - 40), m.start()) is None):
                continue
            if armed == "lock" and _LOCK_INTRO().search(text, max(m.end(), intro.start() - 8), intro.end()) is None:
                continue
            if (intro.group("copula") is not None or intro.group("now") is not None) and (
                    intro.start() - m.end() > _NEAR or _BREAK.search(text, m.end(), intro.start()) is not None):
                continue
            if _OTHER_SUBJECT().search(text, max(m.end(), intro.start() - 12), intro.start()) is not None:
                continue
            span = _value(text, intro.end(), armed)
            if span is not None and intro.group("its") is not None and _NOW_AFTER.match(text, span[1]) is None:
                continue    # "it's N" only as "it's N now": "it's 2026 and nobody knows" is talk
            if span is not None:
                spans.append(span)
                done = span[1]
                break
    return redact_spans(text, spans)


# The value first, a verb of setting after it, and what it opens in the sentence ("X is what I ended up setting
# for the Grafana admin", "X is what we use for the router login"): a password's shape that is no ordinary
# value ("Python3 is what I ended up setting for the build" stays).
_SET_BEFORE = LazyPattern(
    r"(?<![!-~])[\"'`“]?(?P<secret>[!-~]{5,64}?)[\"'`”]?,?[ \t]+(?i:is|was)[ \t]+(?i:what)[ \t]+(?i:I|we)[ \t]+"
    r"(?:(?i:ended[ \t]+up|finally|just|eventually|always)[ \t]+)?"
    r"(?i:set|setting|chose|picked|use|used|using|went[ \t]+with|typed|made)(?![a-z])"
    r"(?=[^.!?\n]{0,60}?(?i:(?<![a-z])(?:admin|login|account|password|passcode|root|user|wifi|wi-fi|vpn|router"
    r"|console|dashboard|panel|laptop|phone|pin)(?![a-z])))")


def _set_before(m: re.Match[str]) -> str:
    value = m.group("secret")
    if not (made_up(value) or (later_password(value) and not ordinary_value(value))):
        return m.group(0)
    return m.string[m.start():m.start("secret")] + "[REDACTED:password]" + m.string[m.end("secret"):m.end()]


def set_before(text: str) -> str:
    """`text` with each value said before a verb of setting redacted (`_SET_BEFORE`)."""
    return _SET_BEFORE().sub(_set_before, text)


# A passphrase in Thai or Chinese characters said to be one after a password's name ("รหัสเข้าเครื่องเป็นคำไทย
# ฝนตกที่เชียงคาน", "管理密码我设了一句话：窗外的桂花开了"): the run of Thai or Chinese characters (digits and
# letters may be in it) after the words that say so and a space, a colon or a copula, up to a space or a
# punctuation mark. "ตั้งรหัสผ่านเป็นภาษาไทยได้ไหม", "密码能用一句中文吗" go on with no break: they stay.
_NATIVE_PHRASE = LazyPattern(
    r"(?:รหัส(?:ผ่าน|เข้า)?|พาสเวิร์ด|密码|密碼|口令|(?i:pass(?:word|phrase|code)))[^\n\[\]]{0,40}?"
    r"(?:คำ(?:ภาษา)?ไทย|ภาษาไทย|ประโยค(?:ภาษาไทย)?|วลี|一句话|一句話|一句中文|一句|中文|汉字|漢字|句子)"
    r"(?:[ \t]*(?:คือ|ว่า|[:：])[ \t]*|[ \t]+)" + NOT_MARK
    + r"(?P<secret>[\u0e01-\u0e4e\u4e00-\u9fff][\u0e01-\u0e4e\u4e00-\u9fff0-9A-Za-z]{3,39})"
    r"(?=[ \t]|$|[\n，。,.!?！？、；;)])")


def native_phrases(text: str) -> str:
    """`text` with a passphrase in Thai or Chinese characters said to be one redacted (`_NATIVE_PHRASE`)."""
    return _NATIVE_PHRASE().sub(lambda m: m.string[m.start():m.start("secret")] + "[REDACTED:password]"
                              + m.string[m.end("secret"):m.end()], text)


# Triggers: names already in redaction's gate (no new first letter in the scan every text pays), and the
# Thai "the new one" (a wifi named by its network only: "รีเซ็ต wifi แล้ว อันใหม่คือ X"); needs: an introducer's piece.
LATER: tuple[SecretFormat, ...] = (
    SecretFormat("password", ("pass", "pw", "pin", "code", "otp", "cred", "secret", "token", "key", "masterauth",
                              "รหัส", "ตู้เซฟ", "ล็อกเกอร์", "ล็อคเกอร์", "พาสเวิ", "อันใหม่", "ตัวใหม่", "密", "口令",
                              "验证码", "驗證碼"),
                 _NAME.source, lowered=True, substitute=later_values,
                 # (" to " itself is in most English texts: the verbs' endings before it, and "set " for "set X to")
                 needs=("ed to ", "ge to ", "te to ", "et to ", "it to ", "em to ", "set ", "now", "new ", "old ",
                        "previous ", "it's", "it’s", "it is", "คือ", "เป็น", "ใหม่", "มาแล้ว", "是", "为", "為", "成")),
    # (triggered by the commonest of what it opens, with no new first letter in the scan every text pays; "what i"
    # or "what we" needed)
    SecretFormat("password", ("admin", "login", "account", "pass"), _SET_BEFORE.source, lowered=True,
                 needs=("what i", "what we"), substitute=set_before),
    SecretFormat("password", ("รหัส", "พาสเวิ", "密", "口令", "pass"), _NATIVE_PHRASE.source, lowered=True,
                 needs=("คำ", "ภาษาไทย", "ประโยค", "วลี", "一句", "中文", "汉字", "漢字", "句子"),
                 substitute=native_phrases),
)
