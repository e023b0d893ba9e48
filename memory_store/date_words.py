"""Dates named in words (en/th/zh): the one reader of them, for search's queries and for the entries
microSync writes.

- `ABSOLUTE` + `day_parts`: a date as written ("November 1", "1 Feb, 2025", "2026-11-16", "11月1日");
  a missing year is for the caller to choose (search: the latest on or before today; an "until" in
  an entry: the first on or after the day it was said, memory_store/ended.py).
- `anchor`: a relative date ("next Monday", "tomorrow", "from next week", "in two weeks",
  พรุ่งนี้, วันจันทร์หน้า, สัปดาห์หน้า, 明天, 下周一, 下个月, 两周后) gets the absolute date beside it,
  computed from the day it was said: "from next Monday (2026-10-19) we deploy with ArgoCD". Read weeks
  later, "next Monday" alone names the wrong Monday (docs/design.md §4).

Weeks start on Monday. "next <weekday>" is that weekday of the next week (said on Wednesday
2026-10-14, "next Monday" is 2026-10-19 and "next Friday" 2026-10-23); "this <weekday>" is that
weekday of the current week; "next week" is the week of its Monday; "next month" names the month.
A phrase already followed by a date in brackets is left as it is, so anchoring twice changes nothing.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from datetime import date, timedelta

MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
MONTHS["sept"] = 9
_M = "(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_D = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_Y = r"(?P<year>(?:19|20)\d\d)"
MONTH_NAME = re.compile(rf"{_M}(?:\s+{_Y})?\b", re.I)   # a month alone ("the end of November")
# A date as written, most precise first; groups year, month (a number or a name), day.
ABSOLUTE = [
    re.compile(r"\b(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})\b"),
    re.compile(r"(?:(?P<year>\d{4})\s*年\s*)?(?P<month>\d{1,2})\s*月(?:\s*(?P<day>\d{1,2})\s*[日号號])?"),
    re.compile(rf"\b{_D}\s+(?:of\s+)?{_M}\b(?:,?\s+{_Y}\b)?", re.I),
    re.compile(rf"\b{_M}\s+{_D}\b(?:,?\s+{_Y}\b)?", re.I),
    re.compile(rf"\b{_M},?\s+{_Y}\b", re.I),
    re.compile(rf"\b(?:in|during)\s+(?:early\s+|late\s+|mid-?)?{_M}\b", re.I),
    re.compile(rf"\b(?:in|during)\s+{_Y}\b", re.I),
]
# Thai months (full names and the usual abbreviations), a day before them: "1 พฤศจิกายน", "1 พ.ย. 2569".
_TH_MONTHS = {
    "มกราคม": 1, "กุมภาพันธ์": 2, "มีนาคม": 3, "เมษายน": 4, "พฤษภาคม": 5, "มิถุนายน": 6, "กรกฎาคม": 7,
    "สิงหาคม": 8, "กันยายน": 9, "ตุลาคม": 10, "พฤศจิกายน": 11, "ธันวาคม": 12,
    "ม.ค.": 1, "ก.พ.": 2, "มี.ค.": 3, "เม.ย.": 4, "พ.ค.": 5, "มิ.ย.": 6, "ก.ค.": 7, "ส.ค.": 8, "ก.ย.": 9,
    "ต.ค.": 10, "พ.ย.": 11, "ธ.ค.": 12,
}
THAI_ABSOLUTE = re.compile(
    r"(?P<day>\d{1,2})\s*(?P<month>" + "|".join(re.escape(m) for m in sorted(_TH_MONTHS, key=len, reverse=True))
    + r")(?:\s*(?:พ\.ศ\.|ค\.ศ\.)?\s*(?P<year>\d{4}))?"
)


def month_number(value: str) -> int:
    if value.isdigit():
        return int(value)
    if value in _TH_MONTHS:
        return _TH_MONTHS[value]
    return MONTHS[value.lower().rstrip(".")]


def day_parts(m: re.Match[str]) -> tuple[int | None, int | None, int | None]:
    """Year, month, day of a match of `ABSOLUTE` or `THAI_ABSOLUTE`; a Buddhist-era year (> 2400) in
    the common era."""
    parts = m.groupdict()
    year = int(parts["year"]) if parts.get("year") else None
    if year is not None and year > 2400:
        year -= 543
    month = month_number(parts["month"]) if parts.get("month") else None
    day = int(parts["day"]) if parts.get("day") else None
    return year, month, day


# --- relative dates -------------------------------------------------------------------------------

_EN_DAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
_EN_WD = "(?P<wd>" + "|".join(_EN_DAYS) + ")"
_TH_DAYS = {"จันทร์": 0, "อังคาร": 1, "พุธ": 2, "พฤหัสบดี": 3, "พฤหัส": 3, "ศุกร์": 4, "เสาร์": 5, "อาทิตย์": 6}
_TH_WD = "(?P<wd>" + "|".join(sorted(_TH_DAYS, key=len, reverse=True)) + ")"
_ZH_DAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_ZH_WD = "(?P<wd>[一二三四五六日天])"
_ZH_WEEK = "(?:周|週|星期|礼拜|禮拜)"
_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "หนึ่ง": 1, "สอง": 2, "สาม": 3, "สี่": 4, "ห้า": 5, "หก": 6, "เจ็ด": 7, "แปด": 8, "เก้า": 9, "สิบ": 10,
    "一": 1, "两": 2, "兩": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
}
_EN_N = "(?P<n>\\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_TH_N = "(?P<n>\\d{1,2}|หนึ่ง|สอง|สาม|สี่|ห้า|หก|เจ็ด|แปด|เก้า|สิบ)"
_ZH_N = "(?P<n>\\d{1,2}|[一两兩二三四五六七八九十])"

Resolve = Callable[[re.Match[str], date], str]


def _monday_next_week(d: date) -> date:
    return d + timedelta(days=7 - d.weekday())


def _shift(days: int) -> Resolve:
    return lambda m, d: (d + timedelta(days=days)).isoformat()


def _next_weekday(names: dict[str, int]) -> Resolve:
    return lambda m, d: (_monday_next_week(d) + timedelta(days=names[m["wd"].lower()])).isoformat()


def _this_weekday(names: dict[str, int]) -> Resolve:
    return lambda m, d: (d - timedelta(days=d.weekday()) + timedelta(days=names[m["wd"].lower()])).isoformat()


def _coming_weekday(m: re.Match[str], d: date) -> str:
    ahead = (_EN_DAYS[m["wd"].lower()] - d.weekday()) % 7 or 7
    return (d + timedelta(days=ahead)).isoformat()


def _next_week(m: re.Match[str], d: date) -> str:
    return f"week of {_monday_next_week(d).isoformat()}"


def _next_month(m: re.Match[str], d: date) -> str:
    return f"{d.year + d.month // 12}-{d.month % 12 + 1:02d}"


def _after(unit_days: int) -> Resolve:
    def resolve(m: re.Match[str], d: date) -> str:
        n = m["n"]
        count = int(n) if n.isdigit() else _NUMBERS[n.lower()]
        return (d + timedelta(days=count * unit_days)).isoformat()
    return resolve


_B, _E = r"(?<![\w])", r"(?![\w])"  # word edges for English (\b also splits "week" in "weekend" right)
_RELATIVE: list[tuple[re.Pattern[str], Resolve]] = [
    # English
    (re.compile(rf"{_B}(?:the\s+)?day\s+after\s+tomorrow{_E}", re.I), _shift(2)),
    (re.compile(rf"{_B}tomorrow{_E}", re.I), _shift(1)),
    (re.compile(rf"{_B}today{_E}", re.I), _shift(0)),
    (re.compile(rf"{_B}yesterday{_E}", re.I), _shift(-1)),
    (re.compile(rf"{_B}next\s+{_EN_WD}{_E}", re.I), _next_weekday(_EN_DAYS)),
    (re.compile(rf"{_B}(?:this\s+)?coming\s+{_EN_WD}{_E}", re.I), _coming_weekday),
    (re.compile(rf"{_B}this\s+{_EN_WD}{_E}", re.I), _this_weekday(_EN_DAYS)),
    (re.compile(rf"{_B}next\s+week{_E}", re.I), _next_week),
    (re.compile(rf"{_B}next\s+month{_E}", re.I), _next_month),
    (re.compile(rf"{_B}in\s+{_EN_N}\s+days?(?:'\s*time)?{_E}", re.I), _after(1)),
    (re.compile(rf"{_B}in\s+{_EN_N}\s+weeks?(?:'\s*time)?{_E}", re.I), _after(7)),
    # Thai (no spaces between words: the phrase itself is the edge)
    (re.compile(r"มะรืน(?:นี้)?"), _shift(2)),
    (re.compile(r"พรุ่งนี้"), _shift(1)),
    (re.compile(r"เมื่อวาน(?:นี้)?"), _shift(-1)),
    (re.compile(r"วันนี้"), _shift(0)),
    (re.compile(rf"(?:วัน|(?!อาทิตย์))(?:{_TH_WD})(?:หน้า|ถัดไป)"), _next_weekday(_TH_DAYS)),  # อาทิตย์หน้า: next week
    (re.compile(rf"วัน{_TH_WD}นี้"), _this_weekday(_TH_DAYS)),
    (re.compile(r"(?:สัปดาห์|อาทิตย์)(?:หน้า|ถัดไป)"), _next_week),
    (re.compile(r"เดือน(?:หน้า|ถัดไป)"), _next_month),
    (re.compile(rf"อีก\s*{_TH_N}\s*วัน"), _after(1)),
    (re.compile(rf"อีก\s*{_TH_N}\s*(?:สัปดาห์|อาทิตย์)"), _after(7)),
    # Chinese
    (re.compile(r"后天|後天"), _shift(2)),
    (re.compile(r"明天|明日"), _shift(1)),
    (re.compile(r"今天|今日"), _shift(0)),
    (re.compile(r"昨天|昨日"), _shift(-1)),
    (re.compile(rf"下(?:个|個)?{_ZH_WEEK}{_ZH_WD}"), _next_weekday(_ZH_DAYS)),
    (re.compile(rf"(?:这|這|本)(?:个|個)?{_ZH_WEEK}{_ZH_WD}"), _this_weekday(_ZH_DAYS)),
    (re.compile(rf"下(?:个|個)?{_ZH_WEEK}"), _next_week),
    (re.compile(r"下(?:个|個)?月"), _next_month),
    (re.compile(rf"{_ZH_N}\s*天(?:以?后|以?後)"), _after(1)),
    (re.compile(rf"{_ZH_N}\s*(?:个|個)?(?:周|週|星期|礼拜|禮拜)(?:以?后|以?後)"), _after(7)),
]
_ALREADY = re.compile(r"\s*[(（](?:week of )?\d{4}-\d\d")
_CJK = re.compile(r"[\u3400-\u9fff]")
_THAI = re.compile(r"[\u0e00-\u0e7f]")


def relative_dates(text: str, said: date) -> list[tuple[int, int, str]]:
    """(start, end, the date it names) of each relative date in the text, said on `said`; the
    earliest and then the longest of overlapping ones."""
    found: list[tuple[int, int, str]] = []
    for pattern, resolve in _RELATIVE:
        for m in pattern.finditer(text):
            found.append((m.start(), m.end(), resolve(m, said)))
    found.sort(key=lambda f: (f[0], -(f[1] - f[0])))
    out: list[tuple[int, int, str]] = []
    for f in found:
        if not out or f[0] >= out[-1][1]:
            out.append(f)
    return out


def anchor(text: str, said: date) -> str:
    """The text with the absolute date beside each relative date in it ("from next Monday
    (2026-10-19) we deploy"); a phrase that already has one is left as it is."""
    if not text:
        return text
    pieces: list[str] = []
    last = 0
    for start, end, value in relative_dates(text, said):
        if _ALREADY.match(text, end):
            continue
        pieces.append(text[last:end])
        if _CJK.search(text[start:end]):
            pieces.append(f"({value})")
        else:
            pieces.append(f" ({value})")
            if _THAI.search(text[start:end]) and end < len(text) and not text[end].isspace():
                pieces.append(" ")
        last = end
    pieces.append(text[last:])
    return "".join(pieces)
