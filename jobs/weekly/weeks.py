"""ISO weeks and their cut-offs: the week before `now`, its Sunday 24:00 local, missed weeks."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo


@dataclass(frozen=True)
class Week:
    iso_year: int
    iso_week: int
    monday: date

    @property
    def sunday(self) -> date:
        """The last day the week holds; its 24:00 local is the cut-off."""
        return self.monday + timedelta(days=6)

    @property
    def key(self) -> str:
        return f"{self.iso_year:04d}-W{self.iso_week:02d}"

    def cutoff(self, tz: tzinfo) -> datetime:
        """Sunday 24:00 local, i.e. the next Monday 00:00 in the configured time zone."""
        return datetime.combine(self.monday + timedelta(days=7), time.min, tz)

    def contains(self, day: date) -> bool:
        return self.monday <= day <= self.sunday

    def previous(self, n: int = 1) -> Week:
        return week_of(self.monday - timedelta(days=7 * n))


def week_of(day: date) -> Week:
    year, week, weekday = day.isocalendar()
    return Week(year, week, day - timedelta(days=weekday - 1))


def week_before(now: datetime) -> Week:
    """The ISO week before the one `now` (local) falls in: what Monday 03:00 compounds."""
    return week_of(now.date()).previous()


def parse_week_key(key: str) -> Week:
    year, _, week = key.partition("-W")
    return week_of(date.fromisocalendar(int(year), int(week), 1))
