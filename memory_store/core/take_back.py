"""The user taking back what they just said yes to (docs/design.md §6): "actually no, don't remember that",
"wait, forget that", "算了，别记了", "还是不要记了", "ไม่ต้องจำแล้ว", "ไม่เอาดีกว่า".

A take-back is a short turn whose words undo a keeping: a "don't remember/save that", a "scratch/forget
that", a change of mind, or a bare "actually no". It points at nothing by itself; what it takes back is
the yes of a turn or two before it in the same session (memory_store/core/heard.py), and it is never an
entry of its own (jobs/microsync/forget_requests.py).

A take-back of the user's own words ("scratch that", "never mind", "forget I said that", "算了，当我没说",
"ไม่เอาแล้ว ลืมที่บอกไป") may also withdraw a setting said in the turn just before it (`retracts`); a bare
"no" / "no thanks" answers the agent, not the user's own setting, and does not.
"""
from __future__ import annotations

import re

SHORT = 80      # characters: a longer turn says more than a take-back

_TAKE_BACK = re.compile(
    # English: not keeping it, undoing it, a change of mind, a bare "actually no"
    r"\b(don'?t|do not|no need to|please don'?t)\s+(remember|save|keep|store|note|memori[sz]e|record)\b"
    r"|\b(scratch|cancel|undo|forget|drop|delete|remove)\s+(that|it|this)\b|\bnever ?mind\b|\bchanged my mind\b"
    r"|\bforget (what )?i (just )?(said|told you)\b|\bi take (that|it) back\b|\bdisregard (that|it|this)\b"
    r"|\bon second thought\b|^\W*((actually|wait|hmm+|oh|um+|uh|sorry)\W+)*(no|nah|nope)\b"
    # Chinese: 算了, 别记, 不要记, 还是不要, 取消, 撤回
    r"|算了|(别|別|不要|不用|不必|先别|先別)(再)?(记|記|存|保存)|(还是|還是)(不要|别|別|算)|取消|撤回|不用了"
    r"|(当|當)我没说|(当|當)我沒說|(刚才|剛才)(说的|說的|那句)?(不算|作废|作廢)"
    # Thai: ไม่ต้องจำ, ไม่เอา(แล้ว|ดีกว่า), อย่าจำ, ยกเลิก, เปลี่ยนใจ
    r"|ไม่ต้อง(จำ|บันทึก|เก็บ)|ไม่เอา(แล้ว|ดีกว่า)|อย่า(จำ|บันทึก|เก็บ)|ยกเลิก|เปลี่ยนใจ|ไม่ต้องแล้ว"
    r"|ลืมที่(ผม|ฉัน|หนู)?(บอก|พูด)(ไป)?",
    re.IGNORECASE)


# a bare "no": an answer to what the agent said, not the user taking back their own words
_BARE_NO = re.compile(r"^\W*((actually|wait|hmm+|oh|um+|uh|sorry)\W+)*(no|nah|nope)\b(\W+(thanks|thank you|thx))?\W*$",
                      re.IGNORECASE)


def takes_back(text: str) -> re.Match[str] | None:
    """The words of a take-back in `text` (a short turn), or None."""
    if len(text) > SHORT:
        return None
    return _TAKE_BACK.search(text)


def retracts(text: str) -> bool:
    """`text` takes back the user's own words, not only says no to the agent ("scratch that", "never mind",
    "算了，当我没说", "ไม่เอาแล้ว"; not "no thanks", "nope")."""
    return takes_back(text) is not None and _BARE_NO.match(text.strip()) is None
