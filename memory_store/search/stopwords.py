"""Words a question is made of but an answer is not: dropped from queries so that they never widen
the candidate set (docs/design.md §6: a natural-language question costs about what a word query
costs).

English words are whole tokens. Thai and Chinese are written without spaces, so a question is one
run ("ตกลงใช้คิวตัวไหน", "缓存最后怎么定的"); `split_run` cuts a run at the stop words it holds,
longest first, and keeps the pieces of two or more characters. Only function words and question
words are listed: a content word that happens to be frequent is left to BM25's IDF.

The words of a question that asks for what holds now ("now", 现在, ตอนนี้, "right now") are question
words too: the answer is the entry in force, which rarely says "now". Left in a run they did worse than
nothing: the single-character stop word 在 cut 现在 in half and glued 现 to the word before it
("归档现在保留多久" searched 归档现, which no text holds), and ตอนนี้ left ตอน ("when", "episode"),
found in half the Thai messages.
"""

from __future__ import annotations

import re
import unicodedata

_EN = """
a about above after again all also am an and any are as at be been before being both but by can
could did do does doing done during each else ever for from get got had has have having he her here
him his how i if in into is it its just let me more most my no not now of off on once only or other
our ours out over own please same she should so some such than that the their theirs them then there
these they this those through to too under until up us very was we were what whatever when where
whether which while who whom whose why will with would yet you your yours currently
"""
# Thai: question words, pronouns, particles and connectives (each at least two characters, so
# cutting them out of a run cannot leave half a syllable behind them too often).
_TH = """
อะไร อะไรบ้าง ยังไง อย่างไร ทำไม ไหม มั้ย หรือเปล่า หรือไม่ เมื่อไหร่ เมื่อไร ตอนไหน ที่ไหน ตัวไหน อันไหน ไหน
กี่ บ้าง เรา พวกเรา ผม ฉัน คุณ เขา ของ ที่ และ กับ ใน จาก ให้ ได้ แล้ว ว่า คือ เป็น จะ ครับ ค่ะ คะ นะ
หน่อย ด้วย นี้ นั้น โดย เพื่อ แบบ ช่วย ตกลง ตัดสินใจ สรุป ทีม ต้อง สำหรับ
ตอนนี้ ปัจจุบัน เดี๋ยวนี้ ขณะนี้ เท่าไหร่ เท่าไร ใคร
"""
# Chinese: question words, pronouns, particles and "decided/finally" words of questions.
_ZH = """
什么 为什么 怎么 怎么样 怎样 如何 哪 哪个 哪些 哪里 哪儿 哪家 哪种 多少 多久 几 吗 呢 吧 啊 的 了 是 是不是 有没有
能不能 可不可以 可以 我们 我 你 你们 他们 咱们 这个 那个 这 那 最后 到底 当时 之前 之后 一下 决定
把 被 给 就 都 也 在 和 与 跟 到
现在 目前 当前 什么时候 啥时候 时候 几点 多大 谁
"""


def _folded(words: str) -> tuple[str, ...]:
    """As tokens.normalise folds queries (NFKC turns Thai ำ into two code points; the Chinese words are
    written simplified already, so the hanzi table is not loaded), longest first."""
    return tuple(sorted({unicodedata.normalize("NFKC", w).casefold() for w in words.split()}, key=len, reverse=True))


ENGLISH = frozenset(_EN.split())
THAI = _folded(_TH)
CHINESE = _folded(_ZH)
_RUN_STOP = re.compile("|".join(re.escape(w) for w in sorted({*THAI, *CHINESE}, key=len, reverse=True)))
MIN_PIECE = 2


def split_run(run: str) -> list[str]:
    """The pieces of a Thai/CJK run left after cutting out its stop words (pieces of ≥ 2 characters):
    the run itself when it holds none, nothing when it is only stop words."""
    parts = _RUN_STOP.split(run)
    if len(parts) == 1:
        return [run]
    return [p for p in parts if len(p) >= MIN_PIECE]


def is_stopword(word: str) -> bool:
    return word in ENGLISH
