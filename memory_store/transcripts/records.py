"""The one record type every transcript reader yields.

Readers parse at the boundary (docs/style.md §4): a transcript line becomes a `Record` here, or a
`BadLine` with its file and line; nothing downstream sees raw JSON.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, fields
from datetime import datetime
from enum import StrEnum
from typing import Any

from memory_store.redact import kinds, redact_capped


class Role(StrEnum):
    USER = "user"
    ASSISTANT = "assistant"
    TOOL_CALL = "tool_call"
    TOOL_RESULT = "tool_result"
    SUMMARY = "summary"  # a compaction summary written by the agent, not said by anyone
    SYSTEM = "system"


class Flag(StrEnum):
    TOOL = "tool"              # a tool call or a tool result: extractors ignore these by default
    ERROR = "error"            # a tool result that failed, or a traceback
    COMPACTION = "compaction"  # a compaction summary (secondary source)
    SIDECHAIN = "sidechain"    # a sub-agent's line (Claude Code isSidechain)
    META = "meta"              # injected/meta content (command wrappers, environment context)


# Tool output and tool arguments are kept to their first 2 KB (`TOOL_TEXT_CAP`) and redacted only when
# first read: most of a transcript's bytes are tool text that no rules-mode stage reads.
TOOL_TEXT_CAP = 2048
# `redact_capped(text, cap)` reads no further than `cap + 1024` characters (its window past the cap,
# memory_store/redact.py): a record keeps that much of the raw text, no more, and redacts it the same.
_RAW_KEEP = TOOL_TEXT_CAP + 1024
# Where a text's first non-blank character must stand for its capped, redacted form to be surely not
# blank: `redact_capped` cuts a marker only from `cap - len(MARK) - 30` on (memory_store/redact.py).
_SURELY_KEPT = TOOL_TEXT_CAP // 2


class ToolText:
    """Tool output or arguments as read, redacted (`redact_capped` at `TOOL_TEXT_CAP`) when first read.

    The raw text is private: `str`, `repr`, pickling and copying give the redacted text only."""

    __slots__ = ("_raw", "_said")

    def __init__(self, raw: str) -> None:
        self._raw: str | None = raw[:_RAW_KEEP]
        self._said: str | None = None

    @property
    def said(self) -> str:
        if self._said is None:
            assert self._raw is not None
            self._said, self._raw = redact_capped(self._raw, TOOL_TEXT_CAP), None
        return self._said

    @property
    def blank(self) -> bool:
        """`not self.said.strip()`, without redacting when the raw text settles it: a redaction
        replaces a value by a marker, never by nothing, so a text whose first non-blank character
        stands well before the cap stays non-blank once capped and redacted."""
        raw = self._raw
        if raw is None:
            return not self._said or not self._said.strip()
        for i, c in enumerate(raw):
            if not c.isspace():
                return False if i < _SURELY_KEPT else not self.said.strip()
        return not self.said.strip()

    def may_hold(self, word: str) -> bool:
        """False only when the redacted text surely does not hold `word` (lower case) in any case
        `str.lower` folds: redaction adds nothing but `[REDACTED:<kind>]` markers and cutting only
        shortens, so for a word no marker can hold or touch the raw text answers."""
        raw = self._raw
        return word in (raw if raw is not None and _marker_free(word) else self.said).lower()

    def __str__(self) -> str:
        return self.said

    def __repr__(self) -> str:
        return f"ToolText({self.said!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (str, (self.said,))

    def __len__(self) -> int:
        """Its characters once read (up to `TOOL_TEXT_CAP`; before, the raw text's count stands in)."""
        return min(len(self._raw), TOOL_TEXT_CAP) if self._raw is not None else len(self.said)


@functools.cache
def _marker_free(word: str) -> bool:
    """Whether no `[REDACTED:<kind>]` marker holds `word`, alone or with the text beside it."""
    return not any(c in word for c in "[]:") and all(word not in k.lower() for k in ("redacted", *kinds()))


class _Texts:
    """The slots behind `Record.text` and `Record.tool_args`: not dataclass fields."""

    __slots__ = ("_text", "_args")
    _text: str | ToolText
    _args: str | ToolText | None


@dataclass(frozen=True, slots=True, init=False, eq=False, repr=False)
class Record(_Texts):
    """One turn or tool event of a session; its texts are redacted.

    `line`/`line_end` are 1-based line numbers in `path` (event sequence numbers for OpenClaw's
    SQLite store, where `path` is `<db path>#<session id>`). `offset_end` is the byte offset just
    after the record's last line: a cursor that stops after this record resumes there.
    `text` and `tool_args` are properties, not fields: a reader gives a user, assistant or summary
    text already redacted, and a tool result's output or a tool call's arguments as a `ToolText`,
    redacted when first read (the first 2 KB); nothing reaches the raw text (fields, `repr`,
    equality, pickling and copying see the redacted texts). A tool call's `text` is its
    `tool_args`. `session_key` is OpenClaw's sessions.json key, or Claude Code's project folder.
    `cwd` is the session's working directory as the transcript records it (Claude Code: the file's
    first `cwd`; Codex: `session_meta`; OpenClaw: the `session` header), None when it does not: what
    ties an episode to a project.
    """

    source: str                 # format: openclaw | claude-code | codex
    session_id: str
    path: str                   # session_path as docs/design.md §8 defines it
    line: int
    line_end: int
    ts: datetime                # UTC, timezone-aware
    role: Role
    offset_end: int
    session_key: str | None     # OpenClaw sessions.json key, Claude project folder, ...
    chat_type: str
    flags: frozenset[Flag]
    tool_name: str | None
    entry_id: str | None        # the transcript's own id (uuid / v3 id), for deduplication
    cwd: str | None             # the session's working directory, when the transcript says

    def __init__(self, source: str, session_id: str, path: str, line: int, line_end: int, ts: datetime,
                 role: Role, text: str | ToolText, offset_end: int = 0, session_key: str | None = None,
                 chat_type: str = "direct", flags: frozenset[Flag] = frozenset(),
                 tool_name: str | None = None, tool_args: str | ToolText | None = None,
                 entry_id: str | None = None, cwd: str | None = None) -> None:
        put = object.__setattr__
        put(self, "source", source)
        put(self, "session_id", session_id)
        put(self, "path", path)
        put(self, "line", line)
        put(self, "line_end", line_end)
        put(self, "ts", ts)
        put(self, "role", role)
        put(self, "_text", text)
        put(self, "offset_end", offset_end)
        put(self, "session_key", session_key)
        put(self, "chat_type", chat_type)
        put(self, "flags", flags)
        put(self, "tool_name", tool_name)
        put(self, "_args", tool_args)
        put(self, "entry_id", entry_id)
        put(self, "cwd", cwd)

    @property
    def text(self) -> str:
        """Redacted; for tool results the first 2 KB of output."""
        t = self._text
        return t if isinstance(t, str) else t.said

    @property
    def tool_args(self) -> str | None:
        """JSON text, redacted, capped at 2 KB."""
        a = self._args
        return a if a is None or isinstance(a, str) else a.said

    @property
    def blank(self) -> bool:
        """`not self.text.strip()`, redacting tool text only when it must."""
        t = self._text
        return not t.strip() if isinstance(t, str) else t.blank

    def args_may_hold(self, word: str) -> bool:
        """False only when `tool_args` surely does not hold lower-case ASCII `word`, in any case."""
        a = self._args
        return a is not None and (word in a.lower() if isinstance(a, str) else a.may_hold(word))

    @property
    def chars(self) -> int:
        """The characters of its text (a tool call's is its arguments; a tool text not read yet counts
        its raw characters up to the cap): what memory_store/shared_reads.py keeps within its room."""
        return len(self._text)

    def replace(self, **changes: Any) -> Record:
        """A copy with `changes` (`dataclasses.replace` cannot: `text` and `tool_args` are not fields).
        The copy shares this record's tool texts: each is redacted once, when first read."""
        kw: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        kw["text"], kw["tool_args"] = self._text, self._args
        kw.update(changes)
        return Record(**kw)

    def _values(self) -> tuple[Any, ...]:
        return (*(getattr(self, f.name) for f in fields(self)), self.text, self.tool_args)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))
        return f"Record({shown}, text={self.text!r}, tool_args={self.tool_args!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        kw = {f.name: getattr(self, f.name) for f in fields(self)}
        return (_rebuild, (kw, self.text, self.tool_args))

    @property
    def is_tool(self) -> bool:
        return Flag.TOOL in self.flags

    @property
    def message_range(self) -> str:
        prefix = range_prefix(self.path)
        return f"{prefix}{self.line}-{prefix}{self.line_end}"


def _rebuild(kw: dict[str, Any], text: str, tool_args: str | None) -> Record:
    return Record(text=text, tool_args=tool_args, **kw)


# OpenClaw's SQLite store cites a session as `<…>.sqlite#<session id>`; any other `#` is part of
# a file's name (`/home/u/notes#2/s.jsonl`), whose lines are L-numbered like every file's.
_STORE_SESSION = re.compile(r"\.sqlite#[^/#]+$")


def range_prefix(session_path: str) -> str:
    """`E` (event sequence numbers) for a session of the SQLite store, `L` (lines) otherwise."""
    return "E" if _STORE_SESSION.search(session_path) else "L"


def transcript_file(session_path: str) -> str:
    """The file a `session_path` names: the database for a store session, else the path itself."""
    return session_path.rsplit("#", 1)[0] if _STORE_SESSION.search(session_path) else session_path


@dataclass(frozen=True, slots=True)
class BadLine:
    """A line that could not be read: reported in the run's `errors`, never indexed raw."""

    path: str
    line: int
    # bad_json | bad_utf8 | too_long | not_a_record | bad_timestamp | bad_zstd | bad_sqlite | unreadable
    # | bad_name (a file name or session id with a control character)
    code: str
    message: str
