"""Dates named in a query ("in June", "on 1 February, 2023", "March 2024", "2026-11-16",
"2023年2月1日"): where to look, not words to match.

The words of a date are seldom in the text that answers (a message says "yesterday we went
camping"; the row carries the date), so they are taken out of the query's terms and become a span
of days: rows dated inside it are searched as well as the rest (a rowid range, indexer.sort_key) and
rank higher (query.DATE_BOOST). A month or day without a year is the latest one on or before today.
Month names need a day, a year or "in"/"during" beside them ("may", "march" are also verbs). The
patterns are memory_store/date_words.py's, shared with the entries' dates.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta

from memory_store.date_words import ABSOLUTE, day_parts


@dataclass(frozen=True)
class DateSpan:
    first: date
    last: date

    def holds(self, day: str | None) -> bool:
        return bool(day) and self.first.isoformat() <= str(day)[:10] <= self.last.isoformat()


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
    for pattern in ABSOLUTE:
        m = pattern.search(query)
        if not m:
            continue
        year, month, day = day_parts(m)
        span = _span(year, month, day, today)
        if span is not None:
            return span, query[: m.start()] + " " + query[m.end():]
    return None, query


def widen(span: DateSpan, days: int) -> DateSpan:
    return DateSpan(span.first - timedelta(days=days), span.last + timedelta(days=days))
