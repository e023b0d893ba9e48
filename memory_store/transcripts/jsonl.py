"""Shared JSONL line reading for every transcript format.

A line is consumed only when it ends with a newline: a last line without one may still be
being written by the agent, so `end_offset` stops before it and the next read starts there.
Lines are decoded as UTF-8 JSON objects; everything else becomes a `BadLine` with file:line.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from memory_store.transcripts.records import BadLine, Record, ToolText

MAX_LINE_BYTES = 8 * 1024 * 1024   # a line longer than this is reported `too_long` and skipped
_READ_BLOCK = 1024 * 1024


@dataclass
class ReadChunk:
    """What one `read(tf, offset)` returns.

    `end_offset` is where the next read starts (never past a partial last line; for SQLite the
    next event seq). `end_line` is the 1-based number of the last consumed line (0 if none), so
    a cursor can pass `start_line=end_line + 1` and skip counting. `skipped` counts, per reason,
    the lines that were read fine but yield no record (header, model changes, thinking, ...).
    """

    records: list[Record] = field(default_factory=list)
    end_offset: int = 0
    end_line: int = 0
    lines_read: int = 0
    bad_lines: list[BadLine] = field(default_factory=list)
    not_transcript: bool = False
    skipped: Counter[str] = field(default_factory=Counter)
    session_id: str | None = None
    eof: bool = True                 # False when `max_bytes` stopped the read early


@dataclass(frozen=True, slots=True)
class Line:
    """One complete line: its number, its byte offsets (start, after the newline), its object."""

    number: int
    start: int
    end: int
    obj: dict[str, Any]


def count_lines_before(path: str, offset: int) -> int:
    """Newlines in the first `offset` bytes: the 1-based number of the line at `offset` minus one."""
    n = 0
    with open(path, "rb") as f:
        left = offset
        while left > 0:
            block = f.read(min(_READ_BLOCK, left))
            if not block:
                break
            n += block.count(b"\n")
            left -= len(block)
    return n


def first_line(path: str, limit: int = 65536) -> bytes:
    """The file's first line (up to `limit` bytes), with or without its newline."""
    with open(path, "rb") as f:
        return f.readline(limit)


def file_identity(path: str) -> str:
    """Device, inode and a hash of the first line: a replaced, rotated or reset file differs.

    For an OpenClaw SQLite session (`<db>#<session id>`) the database file's device and inode
    plus the session id. A file that is gone or cannot be opened gets an identity saying so
    (never an exception: `read` then reports it as `unreadable`).
    """
    if "#" in path and not os.path.exists(path):
        db, sid = path.rsplit("#", 1)
        try:
            st = os.stat(db)
        except OSError:
            return "gone"
        return f"{st.st_dev}:{st.st_ino}:sqlite:{sid}"
    try:
        st = os.stat(path)
    except OSError:
        return "gone"
    if not stat.S_ISREG(st.st_mode):
        return f"{st.st_dev}:{st.st_ino}:not-a-file"  # a FIFO would block open() forever
    try:
        head = first_line(path)
    except OSError:
        return f"{st.st_dev}:{st.st_ino}:unreadable"
    if not head.endswith(b"\n"):
        head = b""  # a first line still being written would change the identity on completion
    return f"{st.st_dev}:{st.st_ino}:{hashlib.sha1(head).hexdigest()[:16]}"


_NO_HEAD = hashlib.sha1(b"").hexdigest()[:16]   # a file whose first line is not complete yet


def identity_head(identity: str) -> str | None:
    """The part of a `file_identity` that stays when the file is moved or copied: the hash of its first
    line (which holds the session's id and time); None for an identity without one."""
    parts = identity.split(":")
    head = parts[2] if len(parts) == 3 else ""
    return head if len(head) == 16 and head != _NO_HEAD and all(c in "0123456789abcdef" for c in head) else None


_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")
_ESCAPED_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")


def _scrub(value: Any) -> Any:
    """`value` with every lone surrogate (a JSON `\\ud800` escape without its pair) replaced by
    U+FFFD: such a string cannot be encoded as UTF-8, so no writer, index or LLM request could take it."""
    if isinstance(value, str):
        return _LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    if isinstance(value, dict):
        return {_scrub(k): _scrub(v) for k, v in value.items()}
    return value


def parse_json(raw: bytes | str) -> dict[str, Any] | str:
    """One JSON object from UTF-8 bytes (or text), or a BadLine code (`bad_utf8`, `bad_json`, `not_a_record`).

    A UTF-8 byte order mark (Windows editors write one at the start of a file) is ignored; nesting
    too deep for the parser is `bad_json`; lone surrogates are replaced (`_scrub`).
    """
    try:
        # Decode explicitly: json.loads(bytes) would sniff a UTF-16/32 BOM and call the line bad JSON.
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        obj = json.loads(text.removeprefix("\ufeff"))
    except UnicodeDecodeError:
        return "bad_utf8"
    except (ValueError, RecursionError):
        return "bad_json"
    if not isinstance(obj, dict):
        return "not_a_record"
    if _ESCAPED_SURROGATE.search(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw):
        try:
            obj = _scrub(obj)
        except RecursionError:
            return "bad_json"
    return obj


def parse_line(raw: bytes) -> dict[str, Any] | str:
    """The line's JSON object, or a BadLine code (`bad_utf8`, `bad_json`, `not_a_record`, `blank`)."""
    if not raw.strip():
        return "blank"
    return parse_json(raw)


_MESSAGES = {
    "bad_utf8": "line is not valid UTF-8",
    "bad_json": "line is not valid JSON",
    "not_a_record": "line is not a transcript record of this format",
    "bad_timestamp": "line has no readable timestamp",
    "bad_zstd": "event is not valid zstd data",
    "too_long": f"line is longer than {MAX_LINE_BYTES // (1024 * 1024)} MB",
}


def bad_line(path: str, number: int, code: str, detail: str = "") -> BadLine:
    message = _MESSAGES.get(code, code)
    return BadLine(path=path, line=number, code=code, message=f"{message}{': ' + detail if detail else ''}")


def iter_lines(path: str, offset: int, start_line: int, chunk: ReadChunk,
               max_bytes: int | None = None) -> Iterator[Line]:
    """Complete lines from `offset`, as JSON objects; bad lines go into `chunk.bad_lines`.

    Keeps `chunk.end_offset`, `end_line` and `lines_read` current, so the caller only handles
    objects. Stops before a last line without a newline, and after `max_bytes` when given.
    """
    number = start_line - 1
    pos = offset
    chunk.end_offset, chunk.end_line = offset, number
    with open(path, "rb") as f:
        f.seek(offset)
        while True:
            if max_bytes is not None and pos - offset >= max_bytes:
                chunk.eof = False
                return
            raw = f.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            too_long = False
            if not raw.endswith(b"\n"):
                if len(raw) <= MAX_LINE_BYTES:
                    return  # partial last line: not consumed
                too_long = True
                size = len(raw)
                while not raw.endswith(b"\n"):  # skip the rest of the long line, block by block
                    raw = f.readline(_READ_BLOCK)
                    if not raw:
                        return  # a long line still being written: not consumed either
                    size += len(raw)
            else:
                size = len(raw)
            number += 1
            start = pos
            pos += size
            chunk.end_offset, chunk.end_line = pos, number
            chunk.lines_read += 1
            if too_long:
                chunk.bad_lines.append(bad_line(path, number, "too_long"))
                continue
            obj = parse_line(raw)
            if isinstance(obj, str):
                if obj == "blank":
                    chunk.skipped["blank"] += 1
                else:
                    chunk.bad_lines.append(bad_line(path, number, obj))
                continue
            yield Line(number, start, pos, obj)


def head_objects(path: str, n: int = 5) -> list[dict[str, Any]]:
    """The first `n` JSON objects among the file's first complete lines (bad lines ignored)."""
    out: list[dict[str, Any]] = []
    with open(path, "rb") as f:
        for _ in range(n * 4):
            raw = f.readline(MAX_LINE_BYTES + 1)
            if not raw.endswith(b"\n"):
                break
            obj = parse_line(raw)
            if isinstance(obj, dict):
                out.append(obj)
                if len(out) >= n:
                    break
    return out


# `json.dumps(value, ensure_ascii=False, separators=(",", ":"))` builds this very encoder on every
# call, a third of the cost of a tool call's usual few hundred characters of arguments: built once.
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def cap_json(value: Any) -> ToolText:
    """Tool arguments as compact JSON text, redacted when first read, capped at `TOOL_TEXT_CAP`."""
    if isinstance(value, str):
        text = value
    else:
        try:
            text = _COMPACT.encode(value)
        except (TypeError, ValueError, RecursionError):
            text = "[unserialisable arguments]"
    return ToolText(text)


_YEARS = range(1970, 2201)   # outside: a damaged stamp (and date arithmetic near year 1 or 9999 overflows)


def parse_ts(value: Any) -> datetime | None:
    """An ISO 8601 string (any offset, `Z`/`z` or ` UTC` allowed, no zone meaning UTC) or epoch
    seconds, milliseconds, microseconds or nanoseconds (a number or a string of digits), as UTC.
    None for anything else, and for a year outside 1970-2200."""
    if isinstance(value, str):
        text = value.strip()
        if text.isascii() and text.replace(".", "", 1).isdigit():
            return parse_ts(float(text))
        if text.endswith((" UTC", "z")):
            text = text.removesuffix(" UTC").removesuffix("z") + "Z"
        try:
            dt = datetime.fromisoformat(text)
            dt = dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt.astimezone(UTC)
        except (ValueError, OverflowError):
            return None
        return dt if dt.year in _YEARS else None
    if isinstance(value, int | float) and not isinstance(value, bool) and value > 0:
        # s until 5138, ms from 1973, us from 1973, ns from 1973
        for limit, scale in ((1e17, 1e9), (1e14, 1e6), (1e11, 1e3)):
            if value > limit:
                value = value / scale
                break
        try:
            dt = datetime.fromtimestamp(value, UTC)
        except (OverflowError, OSError, ValueError):
            return None
        return dt if dt.year in _YEARS else None
    return None


def text_of(content: Any, kinds: tuple[str, ...] = ("text",)) -> str:
    """The text blocks of a message's content (a plain string counts as one), joined by blank lines."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    parts = [b.get("text") for b in content if isinstance(b, dict) and b.get("type") in kinds]
    return "\n\n".join(p for p in parts if isinstance(p, str) and p)


class LineReader(Protocol):
    """One format's line handling; `read_with` drives it over a file."""

    @property
    def session_id(self) -> str | None:
        """The session this file belongs to, once known."""

    def recognise(self, obj: dict[str, Any]) -> bool:
        """Whether `obj` is a line of this format at all (a record or a known other line)."""

    def start(self, head: list[dict[str, Any]]) -> None:
        """Session facts from the file's first lines (read again when resuming at an offset)."""

    def feed(self, line: Line, chunk: ReadChunk) -> None:
        """Turn one line into records (appended to `chunk.records`), a skip, or a bad line."""

    def finish(self, chunk: ReadChunk) -> None:
        """Flush whatever `feed` held back (Claude Code merges lines of one message).

        `chunk.eof` is False when `max_bytes` stopped the read: a reader may then hand back
        held lines (move `end_offset` before them) rather than cut a record in two.
        """


def read_with(reader: LineReader, path: str, offset: int, start_line: int | None,
              max_bytes: int | None) -> ReadChunk:
    chunk = ReadChunk(end_offset=offset)
    head = head_objects(path)
    # Decided on the file's first lines, not on this slice: a slice of odd lines in the middle
    # of a real transcript must not make the whole file "not a transcript".
    if head and not any(reader.recognise(o) for o in head):
        chunk.not_transcript = True
        return chunk
    reader.start(head)
    if start_line is None:
        start_line = count_lines_before(path, offset) + 1 if offset else 1
    for line in iter_lines(path, offset, start_line, chunk, max_bytes):
        reader.feed(line, chunk)
    reader.finish(chunk)
    chunk.session_id = reader.session_id
    return chunk
