"""An item the user said holds "until" a day is not in force after it (docs/design.md §4.1).

"Until November 1 the staging database is read-only", "ถึงวันที่ 1 พ.ย. ห้าม deploy", "到11月1日为止
冻结发布": after 2026-11-01 the rule has ended. Nothing is written for it: the state is read from the
entry's own words and its date whenever it is read — the weekly takes the item out of MEMORY.md
(archived "ended 2026-11-01"), search reports `ended`, the context marks it ENDED instead of serving it
as in force. Weekly keeps the status fields (docs/design.md §3); the status stays `active`.

The day itself is still inside ("until Friday" holds on Friday). A date without a year is the first
such day on or after the day the entry was said. A relative "until next Monday" is the Monday after the day it
was said (memory_store/date_words.py, which wrote that day beside it).
Only entries that direct what to do (decisions, rules, constraints, things to remember) end this way:
an architecture note that says what ran "until March" tells history.
"""

from __future__ import annotations

import calendar
import re
from datetime import date

from memory_store.date_words import ABSOLUTE, MONTH_NAME, THAI_ABSOLUTE, day_parts, relative_dates
from memory_store.entries import KIND_BY_UPPER, BlockEntry

ENDING_KINDS = ("Decision", "Rule", "Constraint", "Remember")

_UNTIL = re.compile(
    r"(?i:\b(?:until|till|til|through|thru|up\s+to)\s+(?:and\s+including\s+)?(?:the\s+)?(?:(?P<end>end)\s+of\s+)?)"
    r"|(?:จน)?ถึง\s*(?:วันที่\s*)?"
    r"|(?:直到|截至|截止到?|(?P<zh_to>到))\s*"
)
# A bare 到 is also "to" (推迟到11月1日: postponed to Nov 1): only 到 … 为止 says "until".
_ZH_SO_FAR = re.compile(r"\s*(?:为止|為止)")


def _first_on_or_after(year: int | None, month: int, day: int, said: date) -> date | None:
    try:
        if year is not None:
            return date(year, month, day)
        found = date(said.year, month, day)
        return found if found >= said else date(said.year + 1, month, day)
    except ValueError:
        return None


def until_day(text: str, said: date) -> date | None:
    """The last day the text says it holds ("until November 1" → 2026-11-01), or None."""
    for u in _UNTIL.finditer(text):
        at = u.end()
        end_of_month = bool(u.group("end"))
        relative = relative_dates(text[at:], said)
        if relative and relative[0][0] == 0 and not end_of_month:   # "until next Monday", "到下周五"
            value = relative[0][2]
            if len(value) == 10 and (not u.group("zh_to") or _ZH_SO_FAR.match(text, at + relative[0][1])):
                return date.fromisoformat(value)
        for pattern in (*ABSOLUTE[:4], THAI_ABSOLUTE, MONTH_NAME):
            m = pattern.match(text, at)
            if not m or (u.group("zh_to") and not _ZH_SO_FAR.match(text, m.end())):
                continue
            year, month, day = day_parts(m)
            if month is None:
                continue
            if day is None or end_of_month:
                if not end_of_month:
                    continue   # "until November": which day is not said
                first = _first_on_or_after(year, month, 1, said.replace(day=1))
                return first.replace(day=calendar.monthrange(first.year, month)[1]) if first else None
            return _first_on_or_after(year, month, day, said)
    return None


def ended_on(entry: BlockEntry, today: date) -> date | None:
    """The day an entry's "until" ran out when it is before today; None for an entry still in force."""
    return ended_in_words(entry.kind, entry.date, (entry.title, entry.conclusion), today)


def ended_by_id(entry_id: str, text: str, today: date) -> date | None:
    """The same for a line that names an entry by id (a MEMORY.md item: its summary, and the kind and
    day its id carries, `KIND-YYYYMMDD-…`, memory_store/entries.py)."""
    parts = entry_id.split("-", 2)
    if len(parts) < 3 or len(parts[1]) != 8 or not parts[1].isdigit():
        return None
    kind = KIND_BY_UPPER.get(parts[0], "")
    return ended_in_words(kind, f"{parts[1][:4]}-{parts[1][4:6]}-{parts[1][6:]}", (text,), today)


def ended_in_words(kind: str, said_on: str | None, texts: tuple[str | None, ...], today: date) -> date | None:
    if kind not in ENDING_KINDS or not said_on:
        return None
    try:
        said = date.fromisoformat(said_on[:10])
    except ValueError:
        return None
    for text in texts:
        last = until_day(text or "", said)
        if last is not None:
            return last if last < today else None
    return None
