"""Spoken forms of a password or a code that the phrases of `memory_store.secret_phrases` do not read: a
user and a password after a password's label with no spaces ("password: admin/Hunter22"), and a code named
for the lock it opens after the word "code" ("the code for the gate is 4821", "the code to the front door
is 4821"). Part of the catalogue of `memory_store.secret_formats` (docs/security.md); only the value goes.
"""
from __future__ import annotations

import re

from memory_store.secret_formats import NOT_MARK, SecretFormat
from memory_store.secret_phrases import LOCK_UNITS, finds, login_password, spans_at

# "password: admin/Hunter22", "the root password is root/Tr0ub4dor": the user, a slash, the password; the
# password as a login's (`login_password`: a lower-case letter and a digit or a symbol), so "password:
# read/write", "password: n/a" and "password: admin/settings page" stay; not a path ("password:
# run/secrets/db": the value ends where the text or the word does, with no more slashes).
_LABEL_LOGIN = (
    r"[Pp](?<![A-Za-z][Pp])(?i:ass(?:word|wd|phrase)|wd?)(?![A-Za-z])"
    r"(?:[ \t]+(?i:is|was)[ \t]+|[ \t]*[:：=][ \t]*|[ \t]+(?:—|–|-|->)[ \t]+)" + NOT_MARK
    + r"[\"'`]?[A-Za-z0-9._@-]{1,32}[ \t]*/[ \t]*" + NOT_MARK
    + r"(?P<secret>[^\s/\"'`<>]{0,97}[^\s/\"'`<>.,;:)?])(?=[\"'`<>.,;:)?]*(?:\s|$))")

# The code of a lock named after "code" or "pin" and "for", "to", "of" ("the code for the gate is 4821", "the
# pin to the front door was 0815", "the code of the bike lock is 3-9-1", "the code for the lock screen is 1234"): the
# lock last before the copula ("the code for the gate controller is 4821 lines long" names no lock), 3-12 digits
# or a dial's numbers, no measure after them.
_LOCK_NAMES = ("front door", "back door", "side door", "door", "side gate", "gate", "garage", "safe", "locker",
               "padlock", "lockbox", "key box", "keybox", "key safe", "bike lock", "lock screen", "screen lock", "lock",
               "alarm", "keypad", "vault", "mailbox", "building", "entrance", "shed", "storage unit", "suitcase")
# A year that a word follows is a year of something ("the code for the building is 2024 compliant"), not a code;
# "… is 2019 and the alarm …" is one.
_YEAR_OF = (r"(?!(?<=[^0-9](?:19|20)[0-9]{2})[ \t]+"
            r"(?!(?i:and|or|but|then|so|for|to|on|at|now|too|btw|please|ok|okay|if|when)(?![a-z]))[a-z]{3,})")
_CODE_FOR_LOCK = re.compile(
    r"(?i:(?<![a-z])(?:pass)?(?:code|pin)s?[ \t]+(?:for|to|of|on|at)[ \t]+"
    r"(?:(?:the|my|our|your|his|her|their|this|that|a)[ \t]+)?(?:[a-z'-]++[ \t]+){0,2}?"
    r"(?:" + "|".join(n.replace(" ", "[ \t-]?") for n in _LOCK_NAMES) + r")s?(?![a-z-])"
    r"(?:[ \t]+(?:is|was|=)(?:[ \t]+(?:now|still|just))?[ \t]+|[ \t]*[:：=][ \t]*))" + NOT_MARK
    + r"(?P<secret>[0-9]{1,3}(?:-[0-9]{1,3}){2,5}|[0-9]{3,12}[#*]?)(?![0-9A-Za-z]|[-.,:/][0-9A-Za-z])"
    r"(?![ \t]*" + LOCK_UNITS + ")" + _YEAR_OF)
_CODE_WORDS = ("code", "pin")
# The same in Thai, "of" or "for" between the code and the lock ("รหัสของประตูรั้วคือ 4821", "รหัสสำหรับประตู
# หน้าบ้านคือ 4821"): the lock among the Thai words before the copula.
_TH_LOCKS = ("ประตู", "รั้ว", "ตู้เซฟ", "เซฟ", "ล็อกเกอร์", "ล็อคเกอร์", "กุญแจ", "แม่กุญแจ", "โรงรถ", "ตู้จดหมาย",
             "กันขโมย", "สัญญาณ", "อลาร์ม", "ตู้")
_TH_CODE_FOR_LOCK = (
    r"รหัส(?:ของ|สำหรับ)[ \t]*(?:[\u0e00-\u0e7f]{0,20}?)(?:" + "|".join(_TH_LOCKS) + r")[\u0e00-\u0e7f \t]{0,30}?"
    r"(?:คือ|เป็น|:|：|=)[ \t]*" + NOT_MARK
    + r"(?P<secret>[0-9]{1,3}(?:-[0-9]{1,3}){2,5}|[0-9]{3,12}[#*]?)(?![0-9A-Za-z]|[-.,:/][0-9A-Za-z])")


def _lock_codes(text: str) -> str:
    """`text` with the code of a lock named after "code for …" redacted (`_CODE_FOR_LOCK`), tried only
    where "code" or "pin" starts (found with `str.find`)."""
    low = text.lower()
    if len(low) != len(text):   # a character whose lower case is longer: the places would shift
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    # "passcode for …": the name starts at its "pass"
    starts = [at - 4 if at >= 4 and low.startswith("pass", at - 4) else at
              for word in _CODE_WORDS for at in finds(low, word)]
    return spans_at(text, starts, _CODE_FOR_LOCK, "password")


# With the phrases (memory_store/redact.py's text formats).
SPOKEN: tuple[SecretFormat, ...] = (
    SecretFormat("password", ("pass", "pw"), _LABEL_LOGIN, lowered=True, accept=login_password, needs=("/",)),
    SecretFormat("password", ("รหัสของ", "รหัสสำหรับ"), _TH_CODE_FOR_LOCK, needs=tuple("0123456789")),
)
# With the side formats ("code" is in most coding transcripts: memory_store/redact.py `_side`).
SPOKEN_SIDE: tuple[SecretFormat, ...] = (
    SecretFormat("password", ("code", "pin "), _CODE_FOR_LOCK.pattern, lowered=True,
                 needs=tuple("0123456789"), substitute=_lock_codes),
)
