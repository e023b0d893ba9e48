"""TTL of a core-memory entry (docs/design.md §6): `none`; a duration (`30m`, `8h`, `7d`, `2w`) from
`updated_at`; an absolute ISO time (a date alone is 00:00 UTC of that day); or `session_end` — the
session has been idle for `core.session_idle` (default 2 h), judged when the entry is read, from
the last line of the session's transcript. Pure: the caller supplies that last line's time.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from memory_store.entries import TTL_RE, LineEntry
from memory_store.errors import UsageError

_DURATION_RE = re.compile(r"^(\d+)([smhdw])$")
_UNIT = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}

LastActivity = Callable[[str], datetime | None]   # session id -> time of its transcript's last line


def parse_duration(text: str, what: str = "duration") -> timedelta:
    m = _DURATION_RE.match(text.strip())
    if not m:
        raise UsageError(f"{what} must be a number and a unit (30m, 8h, 7d, 2w), not {text!r}")
    try:
        return timedelta(**{_UNIT[m.group(2)]: int(m.group(1))})
    except OverflowError:
        raise UsageError(f"{what} {text!r} is longer than a date can hold (use ttl none for no end)") from None


def parse_time(text: str) -> datetime | None:
    """An ISO time as an aware UTC datetime (no zone meaning UTC); None when it is not one."""
    try:
        dt = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt.astimezone(UTC)


def check_ttl(ttl: str) -> str:
    if not TTL_RE.match(ttl) or (ttl[0].isdigit() and not _DURATION_RE.match(ttl) and parse_time(ttl) is None):
        raise UsageError(f"bad ttl {ttl!r}: none, session_end, a duration (30m, 8h, 7d) or an ISO time")
    return ttl


def session_of(applies_to: str | None) -> str | None:
    return applies_to.split(":", 1)[1] if applies_to and applies_to.startswith("session:") else None


@dataclass(frozen=True)
class Expiry:
    """Whether an entry has expired, when, and why."""
    expired: bool
    at: datetime | None          # when it expires / expired (None: never, or not known)
    why: str


def expiry(e: LineEntry, now: datetime, idle: timedelta, last_activity: LastActivity | None = None,
           written: datetime | None = None) -> Expiry:
    """Whether `e` has expired at `now`, when, and why (the words `resolve` and `list` show). A line without
    `updated_at` (written by hand) is as old as its `created_at`, else as `written` — the last change of its
    file, which the caller reads: a `ttl:8h` never runs forever for want of a time (validate warns)."""
    ttl = e.ttl
    if ttl == "none":
        return Expiry(False, None, "ttl none")
    updated, since = age_start(e, written)
    if ttl == "session_end":
        sid = session_of(e.applies_to)
        seen = last_activity(sid) if (sid and last_activity) else None
        last = max((t for t in (seen, updated) if t is not None), default=None)
        if last is None:
            return Expiry(False, None, "session_end, no activity known")
        at = last + idle
        source = "its transcript's last line" if seen is not None and seen == last else since
        return Expiry(now >= at, at, f"session_end: idle since {last:%Y-%m-%dT%H:%M:%SZ} ({source})")
    m = _DURATION_RE.match(ttl)
    if m:
        if updated is None:
            return Expiry(False, None, f"ttl {ttl} without updated_at")
        try:
            at = updated + parse_duration(ttl)
        except (OverflowError, UsageError):  # a hand-written "forever" (99999999d) runs past the year 9999
            return Expiry(False, None, f"ttl {ttl} from {since}: beyond the calendar, never")
        return Expiry(now >= at, at, f"ttl {ttl} from {since}")
    until = parse_time(ttl)
    if until is None:
        return Expiry(False, None, f"ttl {ttl} not understood")
    return Expiry(now >= until, until, f"ttl until {ttl}")


FILE_CHANGE = "the file's last change"


def age_start(e: LineEntry, written: datetime | None = None) -> tuple[datetime | None, str]:
    """When a relative ttl (`8h`, `session_end`) of `e` starts counting, and from what: its `updated_at`,
    else its `created_at`, else `written` (the last change of its file)."""
    for name in ("updated_at", "created_at"):
        at = parse_time(getattr(e, name) or "")
        if at is not None:
            return at, name
    return (written, FILE_CHANGE) if written is not None else (None, "updated_at")
