"""Cron expressions of the `schedule` section: parse, validate, iterate, and translate to systemd.

A schedule is a 5-field cron expression (minute hour day-of-month month day-of-week); the daemon
also accepts a 6th, leading seconds field (docs/design.md §8, for tests). Supported: `*`, numbers, names
(`jan`…`dec`, `sun`…`sat`, 7 = Sunday), ranges `a-b`, steps `*/n`, `a-b/n`, `a/n`, lists, and the
macros `@hourly` `@daily` `@midnight` `@weekly` `@monthly` `@yearly` `@annually`. Anything else
(`L`, `W`, `#`, `?`, `@reboot`, wrapping ranges such as `fri-mon`) is refused with a message that
names the schedule key and the field.

Pure: no I/O and no APScheduler; the daemon builds its CronTriggers from the parsed values.

Why a parser of our own beside APScheduler's: the same expression must mean the same times in
the daemon, in the systemd timers and in crontab, and APScheduler 3 reads cron text differently
from cron — `CronTrigger.from_crontab` numbers weekdays from Monday (cron's `0 0 * * 0`, Sunday,
fires on Monday) and its maintainers keep that for compatibility in the 3.x series; nor does it
translate to systemd's OnCalendar=. So the text is read here once, by cron's rules, and handed to
APScheduler as explicit fields with weekdays by name (`apscheduler_fields`); cron's either-or day
rule, which APScheduler cannot express, is refused with a message. tests/jobs/scheduler/test_scheduler_cronexpr.py
checks our next fire times against APScheduler's trigger over many expressions and zones.
"""
from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import cached_property

from memory_store.errors import ConfigError

MACROS = {
    "@hourly": "0 * * * *",
    "@daily": "0 0 * * *",
    "@midnight": "0 0 * * *",
    "@weekly": "0 0 * * 0",
    "@monthly": "0 0 1 * *",
    "@yearly": "0 0 1 1 *",
    "@annually": "0 0 1 1 *",
}
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
DAYS = ("sun", "mon", "tue", "wed", "thu", "fri", "sat")
SYSTEMD_DAYS = ("Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat")

# name, low, high, names (index 0 = value `low`)
_SPECS: dict[str, tuple[int, int, tuple[str, ...]]] = {
    "second": (0, 59, ()),
    "minute": (0, 59, ()),
    "hour": (0, 23, ()),
    "day-of-month": (1, 31, ()),
    "month": (1, 12, MONTHS),
    "day-of-week": (0, 7, DAYS),
}
_ITEM = re.compile(r"^(?P<base>\*|[A-Za-z0-9]+(?:-[A-Za-z0-9]+)?)(?:/(?P<step>[0-9]+))?$")
# How far back/forward to look for a fire time: 8 years covers `0 0 29 2 *` across a leap gap.
_SEARCH_DAYS = 8 * 366 + 1


class CronError(ConfigError):
    """A schedule that is not a valid (or not a supported) cron expression."""

    code = "bad_schedule"


@dataclass(frozen=True)
class CronField:
    """One field of a cron expression: its text and the values it allows."""

    name: str
    text: str
    values: tuple[int, ...]      # sorted; day-of-week uses 0 = Sunday, 7 folded into 0
    star: bool                   # the text starts with `*`: cron's "unrestricted" flag for the day rule

    @property
    def is_all(self) -> bool:
        low, high, _ = _SPECS[self.name]
        full = set(range(low, high + 1)) - ({7} if self.name == "day-of-week" else set())
        return set(self.values) == full


@dataclass(frozen=True)
class CronExpr:
    """A parsed schedule: its fields, and its fire times in a zone."""

    text: str
    second: CronField | None     # None: a 5-field expression (fires at second 0)
    minute: CronField
    hour: CronField
    dom: CronField
    month: CronField
    dow: CronField
    where: str = "schedule"      # the configuration key, named in errors

    @property
    def has_seconds(self) -> bool:
        return self.second is not None

    @property
    def seconds(self) -> tuple[int, ...]:
        return self.second.values if self.second is not None else (0,)

    @property
    def day_rule_is_or(self) -> bool:
        """Cron fires on a day when day-of-month OR day-of-week matches if both are restricted."""
        return not self.dom.star and not self.dow.star

    def matches_day(self, day: date) -> bool:
        if day.month not in self.month.values:
            return False
        dom_ok = day.day in self.dom.values
        dow_ok = (day.isoweekday() % 7) in self.dow.values
        if self.day_rule_is_or:
            return dom_ok or dow_ok
        return dom_ok and dow_ok

    @cached_property
    def _times_of_day(self) -> list[time]:
        return [time(h, m, s) for h in self.hour.values for m in self.minute.values for s in self.seconds]

    def next_after(self, now: datetime, tz: tzinfo) -> datetime | None:
        """The first fire time strictly after `now` (aware), in `tz`; local times that do not exist
        (a DST gap) are skipped. None if there is none within eight years."""
        local = now.astimezone(tz)
        times = self._times_of_day
        for offset in range(_SEARCH_DAYS):
            day = local.date() + timedelta(days=offset)
            if not self.matches_day(day):
                continue
            # Skip the wall times already past today without localising each (every-second schedules).
            start = max(0, bisect.bisect_left(times, local.time().replace(tzinfo=None, fold=0)) - 1) \
                if offset == 0 else 0
            for t in times[start:]:
                fire = _localize(datetime.combine(day, t), tz)
                if fire is not None and fire > now:
                    return fire
        return None

    def previous_at_or_before(self, now: datetime, tz: tzinfo) -> datetime | None:
        """The last fire time at or before `now` (aware), in `tz`; None within eight years."""
        local = now.astimezone(tz)
        times = self._times_of_day
        for offset in range(_SEARCH_DAYS):
            day = local.date() - timedelta(days=offset)
            if not self.matches_day(day):
                continue
            end = min(len(times), bisect.bisect_right(times, local.time().replace(tzinfo=None, fold=0)) + 1) \
                if offset == 0 else len(times)
            for t in reversed(times[:end]):
                fire = _localize(datetime.combine(day, t), tz)
                if fire is not None and fire <= now:
                    return fire
        return None


def _localize(naive: datetime, tz: tzinfo) -> datetime | None:
    """Attach `tz`; None for a wall time that the zone skips (it round-trips to another time)."""
    aware = naive.replace(tzinfo=tz)
    back = aware.astimezone(UTC).astimezone(tz).replace(tzinfo=None)
    return aware if back == naive else None


def parse_cron(text: str, *, allow_seconds: bool = False, where: str = "schedule") -> CronExpr:
    """Parse one expression. `where` names it in errors (e.g. `schedule.weekly`)."""
    raw = text.strip()
    if raw.startswith("@"):
        if raw.lower() not in MACROS:
            raise _error(where, text, f"unsupported macro {raw!r} (known: {', '.join(sorted(MACROS))})")
        raw = MACROS[raw.lower()]
    parts = raw.split()
    if len(parts) == 6 and allow_seconds:
        second: CronField | None = _field("second", parts[0], where, text)
        parts = parts[1:]
    elif len(parts) == 5:
        second = None
    else:
        wanted = "5 fields (or 6 with leading seconds)" if allow_seconds else "5 fields"
        raise _error(where, text, f"expected {wanted}: minute hour day-of-month month day-of-week, "
                                  f"got {len(parts)}")
    names = ("minute", "hour", "day-of-month", "month", "day-of-week")
    f = [_field(name, part, where, text) for name, part in zip(names, parts, strict=True)]
    expr = CronExpr(text.strip(), second, f[0], f[1], f[2], f[3], f[4], where)
    never = _never_fires(expr)
    if never:
        raise _error(where, text, f"never fires: {never}, so the job would never run")
    return expr


# The most days each month has (February 29 in leap years).
_MONTH_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
# Day-of-week and date repeat every 28 years between 1901 and 2099, leap days included.
_CYCLE_START, _CYCLE_DAYS = date(2001, 1, 1), 28 * 365 + 7


def _never_fires(expr: CronExpr) -> str | None:
    """Why an expression matches no day at all (`0 0 31 2 *`), or None when it fires some day."""
    dates = [(m, d) for m in expr.month.values for d in expr.dom.values if d <= _MONTH_DAYS[m - 1]]
    if not dates and not expr.day_rule_is_or:
        months = ",".join(MONTHS[m - 1] for m in expr.month.values)
        return f"day-of-month {expr.dom.text} is in none of its months ({months})"
    if expr.dow.is_all or expr.dom.is_all or expr.day_rule_is_or:
        return None
    start = _CYCLE_START.toordinal()
    if any(expr.matches_day(date.fromordinal(start + n)) for n in range(_CYCLE_DAYS)):
        return None
    return (f"no day is both day-of-month {expr.dom.text} and day-of-week {expr.dow.text} "
            f"in month {expr.month.text}")


def _error(where: str, text: str, message: str) -> CronError:
    return CronError(f"{where}: {text.strip()!r}: {message}")


def _field(name: str, text: str, where: str, expr: str) -> CronField:
    low, high, names = _SPECS[name]
    values: set[int] = set()
    for item in text.split(","):
        m = _ITEM.match(item)
        if not m:
            hint = " (L, W, # and ? are not supported)" if re.search(r"[LW#?]", item) else ""
            raise _error(where, expr, f"{name}: cannot read {item!r}{hint}")
        base, step_text = m.group("base"), m.group("step")
        step = int(step_text) if step_text is not None else 1
        if step_text is not None and step == 0:
            raise _error(where, expr, f"{name}: a step of 0 in {item!r}")
        if base == "*":
            start, end = low, (6 if name == "day-of-week" else high)
        elif "-" in base:
            a, b = base.split("-", 1)
            start, end = _value(name, a, where, expr), _value(name, b, where, expr)
            if start > end:
                raise _error(where, expr, f"{name}: range {item!r} runs backwards (cron ranges do not wrap)")
        else:
            start = _value(name, base, where, expr)
            end = (6 if name == "day-of-week" else high) if step_text is not None else start
        values.update(range(start, end + 1, step))
    if name == "day-of-week" and 7 in values:
        values.discard(7)
        values.add(0)
    return CronField(name, text, tuple(sorted(values)), text.startswith("*"))


def _value(name: str, token: str, where: str, expr: str) -> int:
    low, high, names = _SPECS[name]
    if token.isdigit():
        value = int(token)
    elif token.lower() in names:
        value = names.index(token.lower()) + (low if name == "month" else 0)
    else:
        known = f" (names: {', '.join(names)})" if names else ""
        if token.upper() in ("L", "W") or token.upper().endswith(("L", "W")):
            known = " (L, W, # and ? are not supported)"
        raise _error(where, expr, f"{name}: {token!r} is not a number{known}")
    if not low <= value <= high:
        raise _error(where, expr, f"{name}: {value} is out of range {low}-{high}")
    return value


def schedules(cfg: object, *, allow_seconds: bool = False) -> dict[str, CronExpr]:
    """Every job's parsed schedule, in job order (microsync → daily → weekly: the order of the
    `schedule` section's fields; this module does not import the configuration, which uses it)."""
    from dataclasses import fields

    sched = cfg.schedule  # type: ignore[attr-defined]
    out: dict[str, CronExpr] = {}
    for job in (f.name for f in fields(sched)):
        text = getattr(sched, job)
        try:
            out[job] = parse_cron(text, allow_seconds=allow_seconds, where=f"schedule.{job}")
        except CronError as exc:
            source = getattr(cfg, "source_file", None)
            if source is not None:
                exc.path = str(source)
            raise
    return out


# --- systemd OnCalendar= -------------------------------------------------------------------


def _compress(values: Iterable[int], high: int, fmt: str = "{:02d}") -> str:
    """Values as systemd writes them: `a/s` or `a..b/s` for a long progression (`*/5` minutes),
    else runs of three or more as `a..b` and plain lists (`10,13,16,19,22` stays readable)."""
    vals = sorted(values)
    if len(vals) > 6:
        step = vals[1] - vals[0]
        if step > 1 and all(b - a == step for a, b in zip(vals, vals[1:], strict=False)):
            head = fmt.format(vals[0])
            if vals[-1] + step > high:
                return f"{head}/{step}"
            return f"{head}..{fmt.format(vals[-1])}/{step}"
    chunks: list[str] = []
    for run in _runs(vals):
        if len(run) >= 3:
            chunks.append(f"{fmt.format(run[0])}..{fmt.format(run[-1])}")
        else:
            chunks.extend(fmt.format(v) for v in run)
    return ",".join(chunks)


def _runs(vals: list[int]) -> list[list[int]]:
    """Sorted `vals` cut into runs of consecutive numbers: [1, 2, 3, 5] → [[1, 2, 3], [5]]."""
    runs: list[list[int]] = []
    for v in vals:
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return runs


def _calendar_part(f: CronField) -> str:
    if f.is_all:
        return "*"
    return _compress(f.values, _SPECS[f.name][1])


def _weekdays(f: CronField) -> str:
    """Weekdays in systemd's Monday-first order, consecutive runs of three or more as `a..b`."""
    iso = sorted(7 if v == 0 else v for v in f.values)
    chunks: list[str] = []
    for run in _runs(iso):
        names = [SYSTEMD_DAYS[v % 7] for v in run]
        chunks.extend([f"{names[0]}..{names[-1]}"] if len(run) >= 3 else names)
    return ",".join(chunks)


def to_on_calendar(expr: CronExpr, timezone: str | None = None) -> str:
    """`0 3 * * mon` → `Mon *-*-* 03:00:00 Asia/Bangkok` (systemd's normalised form)."""
    if expr.day_rule_is_or:
        raise CronError(
            f"{expr.where}: {expr.text!r}: both day-of-month ({expr.dom.text}) and day-of-week "
            f"({expr.dow.text}) are restricted; cron runs when either matches, and systemd (like the "
            "daemon) only when both do. Restrict one of them, or use two schedules"
        )
    dow = "" if expr.dow.is_all else _weekdays(expr.dow) + " "
    day = f"*-{_calendar_part(expr.month)}-{_calendar_part(expr.dom)}"
    sec = _calendar_part(expr.second) if expr.second is not None else "00"
    clock = f"{_calendar_part(expr.hour)}:{_calendar_part(expr.minute)}:{sec}"
    suffix = f" {timezone}" if timezone else ""
    return f"{dow}{day} {clock}{suffix}"


def apscheduler_fields(expr: CronExpr) -> dict[str, str]:
    """Keyword arguments for APScheduler 3's CronTrigger. Day-of-week is passed by name, because
    APScheduler 3 numbers Monday 0 where cron numbers Sunday 0."""
    if expr.day_rule_is_or:
        raise CronError(
            f"{expr.where}: {expr.text!r}: both day-of-month and day-of-week are restricted "
            "(cron's either-or rule); the daemon matches days on both. Restrict one of them"
        )

    def plain(f: CronField) -> str:
        return "*" if f.is_all else ",".join(str(v) for v in f.values)

    return {
        "second": plain(expr.second) if expr.second is not None else "0",
        "minute": plain(expr.minute),
        "hour": plain(expr.hour),
        "day": plain(expr.dom),
        "month": plain(expr.month),
        "day_of_week": "*" if expr.dow.is_all else ",".join(DAYS[v] for v in expr.dow.values),
    }


def field_text(f: CronField) -> str:
    """A field back in plain cron syntax (`*` or a sorted list), for generated crontab lines."""
    if f.is_all:
        return "*"
    return ",".join(str(v) for v in f.values)
