"""One read of a transcript for the two readers of a run (docs/design.md §5).

microSync reads every new transcript with its tool records; after the run, the index's sessions
tier (memory_store/search/said.py) reads the same lines again without them. Inside `sharing()`
(the runner opens it around a job and its index update), a full read of a JSONL file to its end
is kept, without its tool records, for one lean read (`read(..., tools=False)`) of the same file
from the same place while the file has not changed (device, inode, size and mtime). The lean
records are the full read's minus its tool calls and results, which the readers guarantee
(tests/test_transcripts_reading.py), so what the index holds does not change; only `skipped`
keeps the full read's counts. Anything else, or a file that changed, is read again.

Trigger: a first run or a range over a history. Why: the second parse was about a tenth of a
first run. Outcome: each transcript is parsed once; memory stays bounded by `KEEP_CHARS`.
"""
from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # kept light: the runner imports this module before any job runs
    from memory_store.transcripts.jsonl import ReadChunk

# Record text kept at most, over all files (a 20 MB real history keeps ~1.6 M): the oldest goes first.
KEEP_CHARS = 8 * 1024 * 1024

_Key = tuple[str, int, int]                 # path, offset, line at the offset
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


_shelf: _Shelf | None = None


@contextmanager
def sharing() -> Iterator[None]:
    """Keep full reads for a lean read of the same bytes until the block ends (not nested: an
    inner block shares the outer one's reads)."""
    global _shelf
    if _shelf is not None:
        yield
        return
    _shelf = _Shelf(OrderedDict())
    try:
        yield
    finally:
        _shelf = None


def state_of(path: str) -> _State | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _key(path: str, offset: int, start_line: int | None) -> _Key | None:
    if start_line is None:
        if offset:
            return None   # the line is not known without counting: not worth sharing
        start_line = 1
    return (path, offset, start_line)


def active() -> bool:
    return _shelf is not None


def keep(path: str, offset: int, start_line: int | None, before: _State | None, chunk: ReadChunk) -> None:
    """Keep a full read's lean part, if the file did not change while it was read."""
    shelf = _shelf
    key = _key(path, offset, start_line)
    if shelf is None or key is None or before is None or not chunk.eof or state_of(path) != before:
        return
    lean = replace(chunk, records=[r for r in chunk.records if not r.is_tool],
                   bad_lines=list(chunk.bad_lines), skipped=chunk.skipped.copy())
    chars = sum(len(r.text) for r in lean.records)
    if chars > KEEP_CHARS:
        return
    old = shelf.kept.pop(key, None)
    if old is not None:
        shelf.chars -= old.chars
    shelf.kept[key] = _Kept(before, lean, chars)
    shelf.chars += chars
    while shelf.chars > KEEP_CHARS:
        _, gone = shelf.kept.popitem(last=False)
        shelf.chars -= gone.chars


def take(path: str, offset: int, start_line: int | None) -> ReadChunk | None:
    """The lean read of `path` from `offset` kept by an earlier full read of the same bytes, once."""
    shelf = _shelf
    key = _key(path, offset, start_line)
    if shelf is None or key is None:
        return None
    got = shelf.kept.pop(key, None)
    if got is None:
        return None
    shelf.chars -= got.chars
    if state_of(path) != got.state:
        return None
    return got.chunk
