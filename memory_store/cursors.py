"""microSync's state under `.memjobs/microsync/`: per-file cursors, per-source marks, and what
memjobs wrote (entry hashes, for "a person edited it" and tombstones). Strict JSON with a version.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime
from json.encoder import encode_basestring_ascii as _quote  # type: ignore[attr-defined]
from typing import Any

from memory_store.errors import EntryError

STATE_VERSION = 1
CURSORS = ".memjobs/microsync/cursors.json"
WRITTEN = ".memjobs/microsync/entries.json"


@dataclass
class FileCursor:
    identity: str          # device:inode:hash of the first line (or sqlite:<session>)
    offset: int            # byte offset (event seq for SQLite) after the last consumed line
    line: int              # 1-based number of the last consumed line
    size: int = 0          # size and mtime when last read: unchanged → nothing to read, no open()
    mtime_ns: int = 0
    # Where the look-back context starts: the last few turns before the cursor are read again as
    # context only (an acceptance after the cut needs the proposal before it); -1 = none.
    ctx_offset: int = -1
    ctx_line: int = 0
    # Per session of the file, whether it is excluded, decided once from its first user message.
    excluded: dict[str, bool] = field(default_factory=dict)


@dataclass
class SourceMark:
    mark: str | None = None        # the `now` of the source's last successful run (ISO)
    last_read: str | None = None   # when a line was last read from this source (ISO)


@dataclass
class SyncState:
    files: dict[str, FileCursor] = field(default_factory=dict)
    sources: dict[str, SourceMark] = field(default_factory=dict)
    # Per source, the explicit ranges (`--since/--until`, backfill's days) read so far, merged, as
    # [since, until] ISO pairs. They move no cursor and no mark; they only keep a first run's note
    # from calling unread what a range already read.
    ranges: dict[str, list[list[str]]] = field(default_factory=dict)

    def add_range(self, key: str, since: datetime, until: datetime) -> None:
        """Record that an explicit range read `key`'s records from `since` to `until`."""
        spans = sorted([*self.read_ranges(key), (since, until)])
        merged: list[tuple[datetime, datetime]] = []
        for lo, hi in spans:
            if merged and lo <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
            else:
                merged.append((lo, hi))
        self.ranges[key] = [[lo.isoformat(), hi.isoformat()] for lo, hi in merged]

    def read_ranges(self, key: str) -> list[tuple[datetime, datetime]]:
        return [(datetime.fromisoformat(lo), datetime.fromisoformat(hi)) for lo, hi in self.ranges.get(key, [])]

    def to_bytes(self) -> bytes:
        # The fields as they are (`asdict` would deep-copy each cursor: a backfill writes every
        # file's cursor once per run, so that copy grew with days times files).
        data: dict[str, Any] = {"version": STATE_VERSION,
                                "files": {k: _fields(v) for k, v in sorted(self.files.items())},
                                "sources": {k: _fields(v) for k, v in sorted(self.sources.items())}}
        if self.ranges:
            data["ranges"] = dict(sorted(self.ranges.items()))
        return (dumps_indented(data) + "\n").encode("utf-8")

    @classmethod
    def from_bytes(cls, data: bytes | None, path: str = CURSORS) -> SyncState:
        if not data:
            return cls()
        raw = _load(data, path)
        try:
            ranges = {k: [[str(lo), str(hi)] for lo, hi in v] for k, v in raw.get("ranges", {}).items()}
            return cls(files={k: FileCursor(**v) for k, v in raw.get("files", {}).items()},
                       sources={k: SourceMark(**v) for k, v in raw.get("sources", {}).items()}, ranges=ranges)
        except (TypeError, ValueError, AttributeError) as exc:
            raise EntryError(f"state file has unknown fields: {exc}", path=path) from exc


def dumps_indented(obj: Any) -> str:
    """`json.dumps(obj, indent=1, sort_keys=True)`, the same text, for dicts with string keys, lists,
    strings, ints, booleans and None (anything else goes to `json.dumps`).

    Why: with an indent `json` uses its pure-Python encoder, a chain of generators per value, and the
    cursor file holds every transcript's cursor: a backfill writes it once per run, so its encoding
    grew with days times files (tests/memory_store/test_cursors_encoding.py compares the two)."""
    out: list[str] = []
    try:
        _emit(obj, "\n", out)
    except _NotPlain:
        return json.dumps(obj, indent=1, sort_keys=True)
    return "".join(out)


class _NotPlain(Exception):
    """A value `_emit` does not write as `json` would (a float, a key that is not a string)."""


def _scalar(v: Any) -> str | None:
    """A string, int, boolean or None as JSON; None for anything else."""
    t = type(v)
    if t is str:
        return _quote(v)  # type: ignore[no-any-return]
    if t is int:
        return int.__repr__(v)
    if v is None:
        return "null"
    if t is bool:
        return "true" if v else "false"
    return None


def _emit(obj: Any, indent: str, out: list[str]) -> None:
    """Append `obj` as JSON; `indent` is the newline and indentation of the lines `obj` opens on."""
    text = _scalar(obj)
    if text is not None:
        out.append(text)
        return
    if type(obj) is dict:
        if not obj:
            out.append("{}")
            return
        inner = indent + " "
        sep = "{" + inner
        for k in sorted(obj):
            if type(k) is not str:
                raise _NotPlain
            v = obj[k]
            text = _scalar(v)
            if text is not None:
                out.append(f"{sep}{_quote(k)}: {text}")
            else:
                out.append(f"{sep}{_quote(k)}: ")
                _emit(v, inner, out)
            sep = "," + inner
        out.append(indent + "}")
    elif type(obj) in (list, tuple):
        if not obj:
            out.append("[]")
            return
        inner = indent + " "
        sep = "[" + inner
        for v in obj:
            out.append(sep)
            _emit(v, inner, out)
            sep = "," + inner
        out.append(indent + "]")
    else:
        raise _NotPlain


def _fields(obj: FileCursor | SourceMark) -> dict[str, Any]:
    """A cursor's or mark's fields by name, for JSON (the same keys and values `asdict` gives)."""
    return {f.name: getattr(obj, f.name) for f in fields(obj)}


@dataclass
class WrittenEntry:
    hash: str              # block_hash of what memjobs wrote (status lines excluded)
    path: str              # workspace-relative file that holds it


@dataclass
class WrittenLog:
    entries: dict[str, WrittenEntry] = field(default_factory=dict)

    def to_bytes(self) -> bytes:
        data = {"version": STATE_VERSION, "entries": {k: asdict(v) for k, v in sorted(self.entries.items())}}
        return (json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")

    @classmethod
    def from_bytes(cls, data: bytes | None, path: str = WRITTEN) -> WrittenLog:
        if not data:
            return cls()
        raw = _load(data, path)
        try:
            return cls(entries={k: WrittenEntry(**v) for k, v in raw.get("entries", {}).items()})
        except TypeError as exc:
            raise EntryError(f"state file has unknown fields: {exc}", path=path) from exc


def _load(data: bytes, path: str) -> dict[str, Any]:
    try:
        raw = json.loads(data)
    except ValueError as exc:
        raise EntryError(f"state file is not valid JSON: {exc}", path=path) from exc
    if not isinstance(raw, dict) or raw.get("version") != STATE_VERSION:
        raise EntryError(f"state file has an unknown version (expected {STATE_VERSION})", path=path)
    unknown = set(raw) - {"version", "files", "sources", "entries", "ranges"}
    if unknown:
        raise EntryError(f"state file has unknown fields {sorted(unknown)}", path=path)
    return raw
