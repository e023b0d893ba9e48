"""Numbers written in words, as digits: "two thousand" → 2000, 一萬五 → 15000, สามแสนห้า → 350000.

A limit or a price is said in words as often as in digits ("Harlow application - two thousand
words max" after "capped at 2,500 words"; "錄音室月租一萬五" after "月租一萬二"), so the quantities
(memory_store/supersede/values.py) are read after this rewrite. Only numbers that words make long
are rewritten: with a tens word or a scale (twenty, hundred, thousand; 十 百 千 万; สิบ ร้อย พัน หมื่น
แสน ล้าน). A bare "one" or 三 stays a word: "one codebase", 三个人; the lengths of time and hours
said with them are read in memory_store/supersede/measures.py.

Colloquial endings are read as people mean them: 一万五 is 15,000 and 两千五 2,500 (the digit after
the last scale counts in the next scale down), สามแสนห้า 350,000, "twenty-five hundred" 2,500.

Pure: normalised text (casefolded, simplified Chinese) in, text out.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

_EN_ONES = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
            "seventeen": 17, "eighteen": 18, "nineteen": 19}
_EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
            "ninety": 90}
_EN_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000}
_EN_WORD = "|".join(sorted([*_EN_ONES, *_EN_TENS, *_EN_SCALES], key=len, reverse=True))
_EN_RUN = re.compile(rf"\b(?:{_EN_WORD})(?:(?:[ -]|\s+and\s+)(?:{_EN_WORD}))*\b")

_ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_UNITS = {"十": 10, "百": 100, "千": 1_000}
_ZH_BIG = {"万": 10_000, "亿": 100_000_000}
# A run starts with a digit or 十: 万一 ("in case"), 千万 ("by all means"), 百分之 are no numbers.
_ZH_RUN = re.compile(r"[一二两三四五六七八九十][零一二两三四五六七八九十百千万亿]*")

_TH_DIGITS = {"หนึ่ง": 1, "เอ็ด": 1, "สอง": 2, "ยี่": 2, "สาม": 3, "สี่": 4, "ห้า": 5, "หก": 6, "เจ็ด": 7,
              "แปด": 8, "เก้า": 9}
_TH_UNITS = {"สิบ": 10, "ร้อย": 100, "พัน": 1_000, "หมื่น": 10_000, "แสน": 100_000, "ล้าน": 1_000_000}
_TH_WORD = "|".join(sorted([*_TH_DIGITS, *_TH_UNITS], key=len, reverse=True))
_TH_RUN = re.compile(rf"(?:{_TH_WORD})+")
_TH_TOKEN = re.compile(_TH_WORD)


def _en_value(words: list[str]) -> int | None:
    total = current = 0
    scaled = False
    for w in words:
        if w in _EN_ONES:
            current += _EN_ONES[w]
        elif w in _EN_TENS:
            current += _EN_TENS[w]
            scaled = True
        else:
            scale = _EN_SCALES[w]
            scaled = True
            if scale == 100:
                current = (current or 1) * 100
            else:
                total += (current or 1) * scale
                current = 0
    return total + current if scaled else None


def _positional(tokens: Iterable[str], digits: dict[str, int], units: dict[str, int]) -> tuple[int, bool]:
    """Digit words and unit words (ten, hundred, thousand …) read in order, under the next larger
    scale: the value, and whether it ended on a bare digit after a unit of a hundred or more, which
    stands for the next unit down (两千五 2,500, สามแสนห้า 350,000)."""
    value = digit = 0
    last_unit = 0
    for t in tokens:
        if t in digits:
            digit = digits[t]
        else:
            unit = units[t]
            value += (digit or 1) * unit
            digit, last_unit = 0, unit
    if digit and last_unit >= 100:
        return value + digit * last_unit // 10, True
    return value + digit, False


def _section(run: str) -> tuple[int, bool]:
    """A Chinese number under 10,000 (its value, and whether it ended on a bare digit after a unit:
    两千五)."""
    return _positional(run, _ZH_DIGITS, _ZH_UNITS)


def _zh_value(run: str) -> int | None:
    if not any(c in _ZH_UNITS or c in _ZH_BIG for c in run) or run[-1] in "零":
        return None
    total = 0
    rest = run
    for big, scale in sorted(_ZH_BIG.items(), key=lambda x: -x[1]):
        head, found, tail = rest.partition(big)
        if found:
            total += (_section(head)[0] or 1) * scale
            rest = tail
            if rest and all(c in _ZH_DIGITS for c in rest) and len(rest) == 1:
                return total + _ZH_DIGITS[rest] * scale // 10     # 一万五: 15,000
    return total + _section(rest)[0] if rest else total


def _th_value(run: str) -> int | None:
    tokens = _TH_TOKEN.findall(run)
    # A digit word and a scale: a scale alone is inside another word (เรียบร้อย, พันธุ์, แสนดี).
    if not any(t in _TH_UNITS for t in tokens) or not any(t in _TH_DIGITS for t in tokens):
        return None
    return _positional(tokens, _TH_DIGITS, _TH_UNITS)[0]


def spelled_numbers(text: str) -> str:
    """`text` with each number written in words (with a tens word or a scale) as digits."""
    def en(m: re.Match[str]) -> str:
        value = _en_value(re.findall(_EN_WORD, m.group(0)))
        return m.group(0) if value is None else str(value)

    def zh(m: re.Match[str]) -> str:
        value = _zh_value(m.group(0))
        return m.group(0) if value is None else f" {value}"

    def th(m: re.Match[str]) -> str:
        value = _th_value(m.group(0))
        return m.group(0) if value is None else f" {value} "

    return _TH_RUN.sub(th, _ZH_RUN.sub(zh, _EN_RUN.sub(en, text)))
