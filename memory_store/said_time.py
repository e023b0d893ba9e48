"""When an entry was said, within its day (docs/design.md §6.4): entries carry only a date, so two
sessions of one day read out of order (a session file synced late, read by the run after one that read
a later session of that day; or two sessions read by one run in the order of their files' names) would
be compared in the order they were written. An entry's `source` names its transcript and lines
(`L41-L47`): the time of its first cited line is when it was said. microSync (jobs/microsync/
supersedes.py), the weekly (jobs/weekly/conflicts.py) and the conflicts queue
(memory_store/supersede/open_state.py) read a day's entries in the order said. Read only for the days
that need it (those a run's new entries share, a day of entries from two transcripts or more, the two
sides of a possible conflict), each transcript once, up to the last line asked for; nothing for a
transcript that is gone or not JSON lines (an OpenClaw SQLite session's `E` events), a line without a
time, or a range that names no line — those keep the order of the files."""
from __future__ import annotations

import json
import os
import stat
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from datetime import UTC, datetime

from memory_store.entries import BlockEntry
from memory_store.transcripts.jsonl import MAX_LINE_BYTES, parse_ts


def _first_line(e: BlockEntry) -> int | None:
    text = (e.source.message_range or "").strip()
    if not text.startswith("L"):
        return None
    lines = e.source.lines
    return lines[0] if lines is not None else None


def said_times(entries: Iterable[BlockEntry]) -> dict[str, datetime]:
    """Entry id -> the UTC time of the first transcript line it cites, for the entries whose time can be
    read (the rest are left out)."""
    wanted: dict[str, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    for e in entries:
        line = _first_line(e)
        if line is not None and e.source.session_path:
            wanted[e.source.session_path][line].append(e.id)
    out: dict[str, datetime] = {}
    for path, lines in wanted.items():
        for number, ts in _line_times(path, set(lines)).items():
            for entry_id in lines[number]:
                out[entry_id] = ts
    return out


def said_order(entries: Sequence[BlockEntry], days: Collection[str] | None = None) -> list[BlockEntry]:
    """`entries` (in the files' order) in the order they were said: by date, and within a date of `days`
    (every date when None) whose entries cite two transcripts or more, by the time each was said — one
    whose time cannot be read keeps its place after the entry before it in the files —, a tie keeping
    the files' order. The entries of one transcript are written in the order of its lines, so a date of
    one transcript keeps the files' order without a read."""
    by_date: dict[str, list[int]] = defaultdict(list)
    for n, e in enumerate(entries):
        by_date[e.date].append(n)
    mixed = [d for d, ns in by_date.items() if (days is None or d in days)
             and len({entries[n].source.session_path for n in ns}) > 1]
    place = list(range(len(entries)))
    if mixed:
        times = said_times(entries[n] for d in mixed for n in by_date[d])
        for d in mixed:
            rows: list[tuple[datetime, int]] = []
            before = _EARLIEST
            for n in by_date[d]:
                before = times.get(entries[n].id, before)
                rows.append((before, n))
            for at, (_, n) in zip(by_date[d], sorted(rows), strict=True):
                place[at] = n
    ordered = [entries[n] for n in place]
    return sorted(ordered, key=lambda e: e.date)   # stable: each date's own order kept


def said_before(later: BlockEntry, earlier: BlockEntry, times: dict[str, datetime]) -> bool:
    """Whether `later`, listed after `earlier` (its date is no earlier), was in fact said before it: the
    same date, another transcript, and both times read (`times`, said_times of both)."""
    if later.date != earlier.date or later.source.session_path == earlier.source.session_path:
        return False
    t_later, t_earlier = times.get(later.id), times.get(earlier.id)
    return t_later is not None and t_earlier is not None and t_later < t_earlier


_EARLIEST = datetime.min.replace(tzinfo=UTC)


def _line_times(path: str, numbers: set[int]) -> dict[int, datetime]:
    """The time each of `numbers` (1-based lines of the JSON lines file `path`) states: its
    `timestamp`, or its message's."""
    out: dict[int, datetime] = {}
    last = max(numbers)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):   # a path a person wrote may name a pipe or a device
            return out
        with open(path, "rb") as fh:
            for n, raw in enumerate(fh, start=1):
                if n > last:
                    break
                if n not in numbers or len(raw) > MAX_LINE_BYTES:
                    continue
                ts = _time_of(raw)
                if ts is not None:
                    out[n] = ts
    except OSError:
        return out
    return out


def _time_of(raw: bytes) -> datetime | None:
    try:
        obj = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(obj, dict):
        return None
    message = obj.get("message")
    return parse_ts(obj.get("timestamp")) or (parse_ts(message.get("timestamp")) if isinstance(message, dict)
                                              else None)
