"""When an entry was said, within its day (docs/design.md §6.4): entries carry only a date, so two
sessions of one day read out of order (a session file synced late, read by the run after one that read
a later session of that day) would be compared in the order they were read. An entry's `source` names
its transcript and lines (`L41-L47`): the time of its first cited line is when it was said. Read only
for the entries a run's new entries share a day with, each transcript once, up to the last line asked
for; None for a transcript that is gone or not JSON lines (an OpenClaw SQLite session's `E` events),
a line without a time, or a range that names no line — those keep the order of the files."""
from __future__ import annotations

import json
import os
import stat
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime

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
