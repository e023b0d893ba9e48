"""Dates named in a query ("in June", "on 1 February, 2023", "March 2024", "2026-11-16",
"2023年2月1日"): where to look, not words to match.

The words of a date are seldom in the text that answers (a message says "yesterday we went
camping"; the row carries the date), so they are taken out of the query's terms and become a span
of days: rows dated inside it are searched as well as the rest (a rowid range, indexer.sort_key) and
rank higher (query.DATE_BOOST). A month or day without a year is the latest one on or before today.
Month names need a day, a year or "in"/"during" beside them ("may", "march" are also verbs).
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_MONTHS["sept"] = 9
_M = "(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_D = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_Y = r"(?P<year>(?:19|20)\d\d)"
_PATTERNS = [
    re.compile(r"\b(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})\b"),
    re.compile(r"(?:(?P<year>\d{4})\s*年\s*)?(?P<month>\d{1,2})\s*月(?:\s*(?P<day>\d{1,2})\s*[日号])?"),
    re.compile(rf"\b{_D}\s+(?:of\s+)?{_M}\b(?:,?\s+{_Y}\b)?", re.I),
    re.compile(rf"\b{_M}\s+{_D}\b(?:,?\s+{_Y}\b)?", re.I),
    re.compile(rf"\b{_M},?\s+{_Y}\b", re.I),
    re.compile(rf"\b(?:in|during)\s+(?:early\s+|late\s+|mid-?)?{_M}\b", re.I),
    re.compile(rf"\b(?:in|during)\s+{_Y}\b", re.I),
]


@dataclass(frozen=True)
class DateSpan:
    first: date
    last: date

    def holds(self, day: str | None) -> bool:
        return bool(day) and self.first.isoformat() <= str(day)[:10] <= self.last.isoformat()


def _month(value: str) -> int:
    return int(value) if value.isdigit() else _MONTHS[value.lower().rstrip(".")]


def _span(year: int | None, month: int | None, day: int | None, today: date) -> DateSpan | None:
    try:
        if year is not None and month is None:
            return DateSpan(date(year, 1, 1), date(year, 12, 31))
        if month is None:
            return None
        if year is None:  # the latest such month (or day) on or before today
            year = today.year
            if (month, day or 1) > (today.month, today.day):
                year -= 1
        if day is not None:
            return DateSpan(date(year, month, day), date(year, month, day))
        return DateSpan(date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1]))
    except (ValueError, KeyError):
        return None


def find_dates(query: str, today: date) -> tuple[DateSpan | None, str]:
    """The span of days the query names (the first date it holds), and the query without it."""
    for pattern in _PATTERNS:
        m = pattern.search(query)
        if not m:
            continue
        parts = m.groupdict()
        year = int(parts["year"]) if parts.get("year") else None
        month = _month(parts["month"]) if parts.get("month") else None
        day = int(parts["day"]) if parts.get("day") else None
        span = _span(year, month, day, today)
        if span is not None:
            return span, query[: m.start()] + " " + query[m.end():]
    return None, query


def widen(span: DateSpan, days: int) -> DateSpan:
    return DateSpan(span.first - timedelta(days=days), span.last + timedelta(days=days))
