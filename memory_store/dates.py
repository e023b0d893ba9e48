"""Dates and instants given by a person (command-line flags, MCP arguments): one parser for all.

A bad value raises `UsageError` naming the flag, so every door reports it the same way."""
from __future__ import annotations

from datetime import date, datetime, tzinfo
from typing import overload

from memory_store.errors import UsageError


@overload
def parse_day(value: str, flag: str) -> date: ...
@overload
def parse_day(value: None, flag: str) -> None: ...
def parse_day(value: str | None, flag: str) -> date | None:
    """A date (YYYY-MM-DD), or the date part of an ISO instant; None stays None."""
    if value is None:
        return None
    try:
        if len(value) == 10:
            return date.fromisoformat(value)
        return datetime.fromisoformat(value.replace("Z", "+00:00")).date()
    except ValueError:
        raise UsageError(f"{flag}: not an ISO date (YYYY-MM-DD): {value!r}") from None


def parse_instant(value: str | None, tz: tzinfo, flag: str) -> datetime | None:
    """An ISO instant; a naive time or a bare date is read in the configured time zone."""
    if value is None:
        return None
    try:
        if len(value) == 10:
            return datetime.combine(date.fromisoformat(value), datetime.min.time(), tz)
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise UsageError(f"{flag}: not an ISO date or time: {value!r}") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=tz)
