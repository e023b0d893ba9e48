"""Which local days a transcript's records fall on, remembered per version of the file.

A backfill reads every transcript once to find the days with a record (jobs/dispatch/backfill.py).
Remembering each file's days there lets its day-by-day runs (microSync's explicit range, the
wrap-up's day) pass over the files that hold no record of their day without opening them; without
it the wrap-up of each day read every file modified since that day began, so a year of history was
read about half a year's times over. A file is known by its path, device, inode, size and mtime:
one that changed or was replaced since is read as before. An OpenClaw SQLite session is never
remembered (its database file's mtime lags behind writes kept in its WAL file).
"""
from __future__ import annotations

import os
from datetime import date, datetime, tzinfo

from memory_store.transcripts.discover import read
from memory_store.transcripts.files import TranscriptFile

_DAYS: dict[tuple[str, int, int, int, int, str], frozenset[date]] = {}
# The same read's first record: its time and the byte offset just after it (`first_record`).
_FIRST: dict[tuple[str, int, int, int, int, str], tuple[datetime, int] | None] = {}


def _key(tf: TranscriptFile, tz: tzinfo | None) -> tuple[str, int, int, int, int, str] | None:
    if tf.is_sqlite:
        return None
    try:
        st = os.stat(tf.path)
    except OSError:
        return None
    return (tf.path, st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, str(tz))


def record_days(tf: TranscriptFile, tz: tzinfo | None) -> frozenset[date]:
    """The local days (`ts.astimezone(tz)`, as every job counts them) of every record of `tf`, read
    once per file version."""
    key = _key(tf, tz)
    if key is not None and key in _DAYS:
        return _DAYS[key]
    chunk = read(tf, 0, start_line=1)
    days = frozenset(r.ts.astimezone(tz).date() for r in chunk.records)
    # A file that could not be read whole (an unreadable file, a line still being written) is not
    # remembered: the runs read it themselves and report what they find.
    complete = not chunk.bad_lines and not chunk.not_transcript and key is not None and chunk.end_offset == key[3]
    if complete and key is not None:
        _DAYS[key] = days
        first = chunk.records[0] if chunk.records else None
        _FIRST[key] = (first.ts, first.offset_end) if first is not None else None
    return days


def first_record(tf: TranscriptFile, tz: tzinfo | None) -> tuple[datetime, int] | None:
    """For a version of `tf` that `record_days` read whole: the time of its first record and the
    byte offset just after that record's last line; None if it has no record or was not read."""
    key = _key(tf, tz)
    return _FIRST.get(key) if key is not None else None


def known_days(tf: TranscriptFile, tz: tzinfo | None) -> frozenset[date] | None:
    """The days `record_days` found for this version of `tf`, or None if it has not read it."""
    key = _key(tf, tz)
    return _DAYS.get(key) if key is not None else None
