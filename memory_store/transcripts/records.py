"""The one record type every transcript reader yields.

Readers parse at the boundary (docs/style.md §4): a transcript line becomes a `Record` here, or a
`BadLine` with its file and line; nothing downstream sees raw JSON.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum


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


@dataclass(frozen=True, slots=True)
class Record:
    """One turn or tool event of a session, already redacted.

    `line`/`line_end` are 1-based line numbers in `path` (event sequence numbers for OpenClaw's
    SQLite store, where `path` is `<db path>#<session id>`). `offset_end` is the byte offset just
    after the record's last line: a cursor that stops after this record resumes there.
    A tool call's `text` is the same string as its `tool_args`. `session_key` is OpenClaw's
    sessions.json key, or Claude Code's project folder. `cwd` is the session's working directory as
    the transcript records it (Claude Code: the file's first `cwd`; Codex: `session_meta`; OpenClaw:
    the `session` header), None when it does not: what ties an episode to a project.
    """

    source: str                 # format: openclaw | claude-code | codex
    session_id: str
    path: str                   # session_path as docs/design.md §8 defines it
    line: int
    line_end: int
    ts: datetime                # UTC, timezone-aware
    role: Role
    text: str                   # redacted; for tool results the first 2 KB of output
    offset_end: int = 0
    session_key: str | None = None   # OpenClaw sessions.json key, Claude project folder, ...
    chat_type: str = "direct"
    flags: frozenset[Flag] = field(default_factory=frozenset)
    tool_name: str | None = None
    tool_args: str | None = None     # JSON text, redacted, capped at 2 KB
    entry_id: str | None = None      # the transcript's own id (uuid / v3 id), for deduplication
    cwd: str | None = None           # the session's working directory, when the transcript says

    @property
    def is_tool(self) -> bool:
        return Flag.TOOL in self.flags

    @property
    def message_range(self) -> str:
        prefix = range_prefix(self.path)
        return f"{prefix}{self.line}-{prefix}{self.line_end}"


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
