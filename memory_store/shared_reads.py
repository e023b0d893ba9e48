"""One parse of a transcript for the several readers of a run (docs/design.md §5).

microSync reads every new transcript with its tool records; after the run, the index's sessions
tier (memory_store/search/said.py) reads the same lines again without them; in a backfill, the
scan for active days, each day's microSync range and the wrap-up's inputs read the same files
from their start again. Inside `sharing()` (the runner opens it around a job and its index
update, a backfill around all its days), a full read of a JSONL file to its end is kept, and a
later read of the same file from the same place, while the file has not changed (device, inode,
size and mtime), gets it again instead of parsing the file: as it was for a full read, without
its tool records for a lean one (`read(..., tools=False)`). The lean records are the full read's
minus its tool calls and results, which the readers guarantee
(tests/memory_store/transcripts/test_transcripts_reading.py);
only `skipped` keeps the full read's counts. Anything else, or a file that changed, is read again.

Trigger: a first run or a backfill over a history. Why: reading again was a tenth of a first run
and a third of a backfill. Outcome: a transcript is parsed once while it stays among the last
`KEEP_CHARS` characters of records kept (the oldest read goes first), so memory stays bounded.
"""
from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # kept light: the runner imports this module before any job runs
    from memory_store.transcripts.files import TranscriptFile
    from memory_store.transcripts.jsonl import ReadChunk

# Record text kept at most, over all files (the real corpus: ~0.4 M characters a MB of transcript).
KEEP_CHARS = 8 * 1024 * 1024

# the file as found (its format and session facts make the records), offset, line at the offset
_Key = tuple["TranscriptFile", int, int]
_State = tuple[int, int, int, int]          # device, inode, size, mtime (ns)


@dataclass
class _Kept:
    state: _State
    chunk: ReadChunk
    chars: int


@dataclass
class _Shelf:
    kept: OrderedDict[_Key, _Kept]
    chars: int = 0
    # When a file will be read next, as far as the caller knows (`expect`): what overflows goes
    # first where that is furthest; None: the least recently used goes first.
    next_use: Callable[[TranscriptFile], int] | None = None
    # Other answers kept for the block (`remembered`): what `discover` found, by source.
    memo: dict[object, object] = field(default_factory=dict)


# One shelf per thread: a job run in a thread of its own (the MCP server, tests) shares nothing
# with another.
_local = threading.local()


def _current() -> _Shelf | None:
    shelf: _Shelf | None = getattr(_local, "shelf", None)
    return shelf


@contextmanager
def sharing() -> Iterator[None]:
    """Keep full reads for later reads of the same bytes until the block ends (not nested: an
    inner block shares the outer one's reads)."""
    if _current() is not None:
        yield
        return
    _local.shelf = _Shelf(OrderedDict())
    try:
        yield
    finally:
        _local.shelf = None


def active() -> bool:
    return _current() is not None


def remembered() -> dict[object, object] | None:
    """A table that lives as long as the `sharing()` block, for answers a run or a backfill would
    otherwise work out again for each of its runs (None outside a block); each caller checks what
    it finds there is still true."""
    shelf = _current()
    return shelf.memo if shelf is not None else None


def state_of(path: str) -> _State | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _key(tf: TranscriptFile, offset: int, start_line: int | None) -> _Key | None:
    if start_line is None:
        if offset:
            return None   # the line is not known without counting: not worth sharing
        start_line = 1
    return (tf, offset, start_line)


def keep(tf: TranscriptFile, offset: int, start_line: int | None, before: _State | None, chunk: ReadChunk) -> None:
    """Keep a full read of `tf` to its end, if the file did not change while it was read."""
    shelf = _current()
    key = _key(tf, offset, start_line)
    if shelf is None or key is None or before is None or not chunk.eof or state_of(tf.path) != before:
        return
    chars = sum(r.chars for r in chunk.records)   # a tool call's tool_args is its text
    if chars > KEEP_CHARS:
        return
    old = shelf.kept.pop(key, None)
    if old is not None:
        shelf.chars -= old.chars
    shelf.kept[key] = _Kept(before, _copy(chunk, tools=True), chars)
    shelf.chars += chars
    if shelf.chars <= KEEP_CHARS:
        return
    if shelf.next_use is None:
        while shelf.chars > KEEP_CHARS:
            _, gone = shelf.kept.popitem(last=False)
            shelf.chars -= gone.chars
        return
    # The reads needed last go first (ties: the least recently used first; the read just kept may
    # go too), down to nine tenths of the room: one sort makes room for many reads (a history of
    # thousands of files would otherwise sort the shelf once per read).
    when = shelf.next_use
    for k in sorted(shelf.kept, key=lambda k: when(k[0]), reverse=True):
        if shelf.chars <= KEEP_CHARS * 9 // 10:
            break
        shelf.chars -= shelf.kept.pop(k).chars


@contextmanager
def expect(next_use: Callable[[TranscriptFile], int]) -> Iterator[None]:
    """Inside `sharing()`: `next_use(tf)` says how soon `tf` will be read again (smaller: sooner), so
    that a full shelf drops the reads needed last rather than the least recently used ones.

    Trigger: a backfill, whose first scan reads every transcript before its days read them in day
    order. Why: by recency the scan's reads pushed out the ones the first days needed, then each
    day's reads pushed out the next days' (a 20 MB history was parsed about three times over);
    the backfill knows each file's days, so it can say which read comes back first."""
    shelf = _current()
    if shelf is None:
        yield
        return
    before, shelf.next_use = shelf.next_use, next_use
    try:
        yield
    finally:
        shelf.next_use = before


def take(tf: TranscriptFile, offset: int, start_line: int | None, *, tools: bool) -> ReadChunk | None:
    """What a read of `tf` from `offset` gives (with or without tool records), from a full read
    of the same bytes kept earlier in the block; None when there is none."""
    shelf = _current()
    key = _key(tf, offset, start_line)
    if shelf is None or key is None:
        return None
    got = shelf.kept.get(key)
    if got is None:
        return None
    if state_of(tf.path) != got.state:
        shelf.kept.pop(key)
        shelf.chars -= got.chars
        return None
    shelf.kept.move_to_end(key)
    return _copy(got.chunk, tools=tools)


def _copy(chunk: ReadChunk, *, tools: bool) -> ReadChunk:
    """A chunk of its own (the caller may change its lists; records are frozen)."""
    records = list(chunk.records) if tools else [r for r in chunk.records if not r.is_tool]
    return replace(chunk, records=records, bad_lines=list(chunk.bad_lines), skipped=chunk.skipped.copy())
