"""Quantities whose kind is known, however they are written: a length of time (in days), an
amount of money, an amount per period, an hour of the day. memory_store/supersede/values.py adds
them to the quantities it reads beside a number, so that two statements that give one of these in
other units or in words still share it: "TestFlight 测三天" and "测一周" (3 and 7 days), "two weeks"
and "10 days", "under $45/mo" and "under $60 a month", "每天最多花 500 刀" and "每天不超过 300 美元",
"เดือนละ 15k" and "ต่อเดือนไม่เกิน 8,000 บาท", "凌晨 1 点以后" and "晚上 10 点后".

Keys: "~time" (days), "$" (an amount of money, any currency), "/day", "/week", "/month", "/year",
"/hour", "/minute", "/second" (a number in a clause that says per what: "100 requests per minute",
"每分钟 300 个请求"), "@clock" (the hour, 0-24), "~every" (how often,
as days between two times: "hourly" and "ทุกชั่วโมง" 1/24, "วันละครั้ง" and "once a day" 1; only in a
clause that counts nothing else, so that "每天不超过 300 美元" stays an amount per day).

Pure: normalised text in (memory_store/supersede/subject.normalise: casefolded, simplified
Chinese, NFKC), keys and values out.
"""
from __future__ import annotations

import re

_EN_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
             "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
             "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90, "half": 0.5}
_TH_WORDS = {"หนึ่ง": 1, "นึง": 1, "สอง": 2, "สาม": 3, "สี่": 4, "ห้า": 5, "หก": 6, "เจ็ด": 7, "แปด": 8,
             "เก้า": 9, "สิบ": 10, "ครึ่ง": 0.5}
_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}

_DIGITS = r"\d+(?:,\d{3})*(?:\.\d+)?"
_EN_NUM = "|".join(sorted(_EN_WORDS, key=len, reverse=True))
_TH_NUM = "|".join(sorted(_TH_WORDS, key=len, reverse=True))
_ZH_NUM = "[一二两三四五六七八九十半]+"

# A length of time, in days. Chinese 月 and 年 only with 个 or after a small number, never in a
# date ("2027 年 3 月"); 日 (a day of the month) not at all; Thai วัน not before a weekday.
# (seconds too: "API 超时设为 30 秒" and "the API timeout is 60 seconds" are one length, in two languages;
# a length is kept to 7 decimals of a day, about a hundredth of a second)
_DAYS = {"second": 1 / 86400, "minute": 1 / 1440, "hour": 1 / 24, "day": 1.0, "week": 7.0, "fortnight": 14.0,
         "month": 30.0,
         "year": 365.0}
_EN_UNIT = {"sec": "second", "secs": "second", "second": "second", "seconds": "second",
            "min": "minute", "mins": "minute", "minute": "minute", "minutes": "minute", "h": "hour",
            "hr": "hour", "hrs": "hour", "hour": "hour", "hours": "hour", "day": "day", "days": "day",
            "wk": "week", "wks": "week", "week": "week", "weeks": "week", "month": "month",
            "months": "month", "mo": "month", "year": "year", "years": "year", "yr": "year", "yrs": "year"}
_ZH_UNIT = {"秒钟": "second", "秒": "second",
            "分钟": "minute", "小时": "hour", "钟头": "hour", "天": "day", "周": "week", "星期": "week",
            "礼拜": "week", "个月": "month", "个星期": "week", "个礼拜": "week", "个小时": "hour", "年": "year"}
_TH_UNIT = {"วินาที": "second",
            "นาที": "minute", "ชั่วโมง": "hour", "ชม": "hour", "วัน": "day", "สัปดาห์": "week",
            "อาทิตย์": "week", "เดือน": "month", "ปี": "year"}
_EN_TIME = re.compile(rf"(?<![\w.-])({_DIGITS}|{_EN_NUM})[ -]?(?:(?:working|business|calendar) )?"
                      rf"({'|'.join(sorted(_EN_UNIT, key=len, reverse=True))})\b")
_EN_FORTNIGHT = re.compile(r"\b(?:a|one) fortnight\b")
_ZH_TIME = re.compile(rf"({_DIGITS}|{_ZH_NUM})\s*(?:个)?(?:工作)?"
                      rf"({'|'.join(sorted(_ZH_UNIT, key=len, reverse=True))})(?![底初末月])")
_TH_TIME = re.compile(rf"({_DIGITS}|{_TH_NUM})\s*(?:วันทำการ|({'|'.join(sorted(_TH_UNIT, key=len, reverse=True))}))"
                      r"(?!จันทร์|อังคาร|พุธ|พฤหัส|ศุกร์|เสาร์|อาทิตย์|ที่|ละ|นี้|หน้า|ก่อน)")

# Money: a currency sign before the number, or a currency word after it.
_MONEY_BEFORE = re.compile(rf"[$€£¥฿]\s*({_DIGITS})(k|m)?")
_MONEY_AFTER = re.compile(rf"(?<![\w.-])({_DIGITS})(k|m)?\s*(?:usd|dollars?|bucks|eur|euros?|gbp|pounds|baht"
                          r"|thb|rmb|cny|hkd|twd|ntd|บาท|美元|美金|刀|元|块|港币|台币|人民币)")

# Per what: "per month", "a month", "/mo", "monthly"; 每天, 每月, 每个月; ต่อเดือน, เดือนละ, รายเดือน.
_PERIODS = {"day": "day", "daily": "day", "nightly": "day", "week": "week", "weekly": "week", "wk": "week",
            "month": "month", "monthly": "month", "mo": "month", "year": "year", "yearly": "year",
            "annual": "year", "annually": "year", "yr": "year", "hour": "hour", "hourly": "hour", "h": "hour",
            "天": "day", "日": "day", "周": "week", "星期": "week", "月": "month", "个月": "month", "年": "year",
            "小时": "hour", "วัน": "day", "สัปดาห์": "week", "อาทิตย์": "week", "เดือน": "month", "ปี": "year",
            "ชั่วโมง": "hour", "ชม": "hour", "minute": "minute", "min": "minute", "second": "second",
            "sec": "second", "分钟": "minute", "秒": "second", "秒钟": "second", "นาที": "minute",
            "วินาที": "second"}
_PER = re.compile(
    r"(?:\b(?:per|a|an|each|every)\s+|/\s*)(day|week|month|year|hour|minute|min|second|sec|mo|yr|wk|h)\b"
    r"|\b(daily|nightly|weekly|monthly|yearly|annual|annually|hourly)\b"
    r"|每(个月|天|日|周|星期|月|年|小时|分钟|秒钟|秒)"
    r"|(?:ต่อ|ราย)(วัน|สัปดาห์|อาทิตย์|เดือน|ปี|ชั่วโมง|ชม|นาที|วินาที)|(วัน|สัปดาห์|อาทิตย์|เดือน|ปี|ชั่วโมง|นาที)ละ")
_CLAUSE = re.compile(r",(?!\d)|[;，。；、!?！？\n]|\s-\s|\bbut\b")
_NUMBER = re.compile(rf"(?<![\w.-])({_DIGITS})(k|m)?(?![\w.-])"
                     rf"|(?<![\w.-])({_DIGITS})(k|m)?(?=[\u0e00-\u0e7f\u3400-\u9fff])")

# An hour of the day: "2pm", "10:30", "7 o'clock", 1 点, 8 โมง, 5 โมงเย็น, ทุ่มนึง (7 pm), ตี 2.
_EN_CLOCK = re.compile(r"(?<![\w.-])(\d{1,2})(?::(\d\d))?\s*(am|pm|o'clock)\b|(?<![\w.:-])(\d{1,2}):(\d\d)(?![\d:])")
_ZH_CLOCK = re.compile(r"(早上|上午|中午|下午|晚上|凌晨|傍晚|夜里)?\s*(\d{1,2}|[一二两三四五六七八九十]+)\s*点")
_TH_CLOCK = re.compile(rf"(บ่าย\s*)?(\d{{1,2}}|{_TH_NUM})\s*โมง(เย็น)?|(\d{{1,2}}|{_TH_NUM})?\s*ทุ่ม\s*({_TH_NUM})?"
                       rf"|ตี\s*(\d{{1,2}}|{_TH_NUM})")


# How often: every N units, hourly/daily ..., N times a unit.
_FREQ_DAYS = dict(_DAYS, night=1.0, morning=1.0, evening=1.0, quarter=91.0)
_FREQ_WORDS = {"hourly": 1 / 24, "daily": 1.0, "nightly": 1.0, "weekly": 7.0, "fortnightly": 14.0,
               "monthly": 30.0, "quarterly": 91.0, "yearly": 365.0, "annually": 365.0}
_TIMES = {"once": 1.0, "twice": 2.0, "thrice": 3.0}
_TH_FREQ_UNIT = dict(_TH_UNIT, เช้า="day", คืน="day")
_ZH_FREQ_UNIT = {"小时": "hour", "个小时": "hour", "天": "day", "日": "day", "晚": "day", "周": "week",
                 "星期": "week", "礼拜": "week", "个月": "month", "月": "month", "年": "year"}
_FREQ = (
    (re.compile(rf"\bevery (?:({_DIGITS}|{_EN_NUM}|other) )?(minute|hour|day|night|morning|evening|week|month|quarter"
                r"|year)s?\b"), "every"),
    (re.compile(r"\b(hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annually)\b"), "word"),
    (re.compile(rf"\b(once|twice|thrice|(?:{_DIGITS}|{_EN_NUM}) times) (?:a|an|per|each|every) "
                r"(hour|day|night|week|month|year)\b"), "times"),
    (re.compile(rf"ทุก\s*({_DIGITS}|{_TH_NUM})?\s*(ชั่วโมง|ชม|วัน|สัปดาห์|อาทิตย์|เดือน|ปี|เช้า|คืน)"
                r"(?!จันทร์|อังคาร|พุธ|พฤหัส|ศุกร์|เสาร์|อาทิตย์|ที่)"), "every"),
    (re.compile(rf"(ชั่วโมง|วัน|สัปดาห์|อาทิตย์|เดือน|ปี)ละ\s*({_DIGITS}|{_TH_NUM})?\s*(?:ครั้ง|หน|รอบ)"), "th-times"),
    (re.compile(rf"每(?:隔)?\s*({_DIGITS}|{_ZH_NUM})?\s*(个小时|小时|天|日|晚|周|星期|礼拜|个月|月|年)(?![0-9一二三四五六七日])"),
     "every"),
    (re.compile(rf"[一每](小时|天|日|周|星期|个月|月|年)\s*({_DIGITS}|{_ZH_NUM})\s*次"), "zh-times"),
)


def _frequencies(text: str) -> list[tuple[int, int, float]]:
    """(start, end, days between two times) of each "how often" in `text`."""
    out: list[tuple[int, int, float]] = []
    for pattern, form in _FREQ:
        for m in pattern.finditer(text):
            if form == "every":
                count, unit = m.group(1), m.group(2)
                n = 2.0 if count == "other" else (_number(count) if count else 1.0)
                days = _FREQ_DAYS.get(_EN_UNIT.get(unit, "")) or _FREQ_DAYS.get(unit) \
                    or _FREQ_DAYS[_TH_FREQ_UNIT.get(unit) or _ZH_FREQ_UNIT[unit]]
            elif form == "word":
                n, days = 1.0, _FREQ_WORDS[m.group(1)]
            elif form == "times":
                times = m.group(1)
                n = 1 / (_TIMES.get(times) or _number(times.rsplit(" ", 1)[0]) or 1.0)
                days = _FREQ_DAYS[m.group(2)]
            elif form == "th-times":
                n = 1 / ((_number(m.group(2)) if m.group(2) else None) or 1.0)
                days = _FREQ_DAYS[_TH_FREQ_UNIT[m.group(1)]]
            else:
                n = 1 / (_number(m.group(2)) or 1.0)
                days = _FREQ_DAYS[_ZH_FREQ_UNIT[m.group(1)]]
            if n:
                out.append((m.start(), m.end(), round(n * days, 4)))
    return out


def _number(word: str) -> float | None:
    """A number written in digits, or in English, Thai or Chinese words (up to ninety-nine)."""
    word = word.strip()
    if not word:
        return None
    if word[0].isdigit():
        return float(word.replace(",", ""))
    if word in _EN_WORDS:
        return float(_EN_WORDS[word])
    if word in _TH_WORDS:
        return float(_TH_WORDS[word])
    if word == "半":
        return 0.5
    if all(c in _ZH_DIGITS or c == "十" for c in word):
        if "十" not in word:
            return float(_ZH_DIGITS[word]) if len(word) == 1 else None
        tens, _, ones = word.partition("十")
        if len(tens) > 1 or len(ones) > 1:
            return None
        return float(_ZH_DIGITS.get(tens, 1) * 10 + _ZH_DIGITS.get(ones, 0))
    return None


def _scaled(digits: str, scale: str | None) -> float:
    return float(digits.replace(",", "")) * {"k": 1_000.0, "m": 1_000_000.0}.get(scale or "", 1.0)


def durations(text: str) -> list[tuple[int, int, float]]:
    """(start, end, days) of each length of time `text` states."""
    out: list[tuple[int, int, float]] = []
    for m in _EN_TIME.finditer(text):
        n = _number(m.group(1))
        if n is not None:
            out.append((m.start(), m.end(), n * _DAYS[_EN_UNIT[m.group(2)]]))
    out.extend((m.start(), m.end(), 14.0) for m in _EN_FORTNIGHT.finditer(text))
    for m in _ZH_TIME.finditer(text):
        n, unit = _number(m.group(1)), _ZH_UNIT[m.group(2)]
        if n is None or (unit == "year" and n >= 100):
            continue
        out.append((m.start(), m.end(), n * _DAYS[unit]))
    for m in _TH_TIME.finditer(text):
        n = _number(m.group(1))
        if n is not None:
            out.append((m.start(), m.end(), n * _DAYS[_TH_UNIT[m.group(2)] if m.group(2) else "day"]))
    return out


def _clock(text: str, spans: list[tuple[int, int]]) -> set[float]:
    """The hours of the day `text` names; each one's span is added to `spans`."""
    hours: set[float] = set()
    spans.extend(m.span() for p in (_EN_CLOCK, _ZH_CLOCK, _TH_CLOCK) for m in p.finditer(text))
    for m in _EN_CLOCK.finditer(text):
        if m.group(1):
            h = float(m.group(1)) + (12 if m.group(3) == "pm" and int(m.group(1)) < 12 else 0)
            hours.add(h + (float(m.group(2)) / 60 if m.group(2) else 0.0))
        else:
            hours.add(float(m.group(4)) + float(m.group(5)) / 60)
    for m in _ZH_CLOCK.finditer(text):
        n = _number(m.group(2))
        if n is None:
            continue
        hours.add(n + 12 if m.group(1) in ("下午", "晚上", "傍晚") and n < 12 else n)
    for m in _TH_CLOCK.finditer(text):
        if m.group(2):
            n = _number(m.group(2))
            if n is not None:
                hours.add(n + 12 if (m.group(1) or m.group(3)) and n < 12 else n)
        elif m.group(6):
            n = _number(m.group(6))
            if n is not None:
                hours.add(n)
        else:
            n = _number(m.group(4) or m.group(5) or "หนึ่ง")
            if n is not None:
                hours.add(18 + n)
    return hours


def measures(text: str) -> dict[str, set[float]]:
    """Key -> the values `text` (normalised) gives a length of time, an amount of money, an amount
    per period or an hour of the day."""
    out: dict[str, set[float]] = {}
    spans = durations(text)
    for _, _, days in spans:
        out.setdefault("~time", set()).add(round(days, 7))
    for m in _MONEY_BEFORE.finditer(text):
        out.setdefault("$", set()).add(_scaled(m.group(1), m.group(2)))
    for m in _MONEY_AFTER.finditer(text):
        out.setdefault("$", set()).add(_scaled(m.group(1), m.group(2)))
    taken = [(s, e) for s, e, _ in spans]
    hours = _clock(text, taken)
    if hours:
        out["@clock"] = hours
    often = _frequencies(text)
    taken.extend((s, e) for s, e, _ in often)
    start = 0
    for cut in [*(m.start() for m in _CLAUSE.finditer(text)), len(text)]:
        clause = text[start:cut]
        offset, start = start, cut + 1
        amounts = [m for m in _NUMBER.finditer(clause)
                   if not any(s <= offset + m.start() < e for s, e in taken)]
        if not amounts:
            # A clause that counts nothing else: how often is its quantity ("refresh ทุกชั่วโมง").
            for at, _, days in often:
                if offset <= at < offset + len(clause):
                    out.setdefault("~every", set()).add(days)
        periods = {_PERIODS[next(g for g in p.groups() if g)] for p in _PER.finditer(clause)}
        if len(periods) != 1:
            continue
        (period,) = periods
        for m in amounts:   # not "every 6 months" (the number is the period) nor "at 7 am" (an hour)
            digits, scale = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            out.setdefault("/" + period, set()).add(_scaled(digits, scale))
    return out
