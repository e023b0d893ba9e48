"""OpenClaw transcripts: pi-coding-agent SessionManager JSONL, layouts v1 and v3 (docs/transcripts.md §1.3).

Line 1 is a `session` header (v3: `version: 3`, id; v1: no version, no entry ids). Messages are
`type: message` with `message.role` user | assistant | toolResult; `compaction` entries become
summaries; `custom`, model and thinking-level changes are read and skipped. The same entry shape
is stored in the SQLite store (sqlite_store.py), which reuses `EntryParser`.

What memjobs keeps mirrors OpenClaw's own reduction (`session-files.ts`, docs/transcripts.md §1.4): text
blocks only, the "(untrusted metadata)" envelope stripped, NO_REPLY/HEARTBEAT_OK turns dropped.
"""
from __future__ import annotations

import os
import re
from datetime import datetime
from typing import Any

from memory_store.redact import redact
from memory_store.transcripts.files import Discovery, TranscriptFile, openclaw_skipped_name
from memory_store.transcripts.jsonl import (
    Line,
    ReadChunk,
    bad_line,
    cap_json,
    parse_json,
    parse_ts,
    read_with,
    text_of,
)
from memory_store.transcripts.records import Flag, Record, Role, ToolText

FORMAT = "openclaw"
SILENT_REPLIES = frozenset({"NO_REPLY", "HEARTBEAT_OK"})
# Entry types of the v3 spec (+ OpenClaw's `reset`): read fine, no record.
_OTHER_TYPES = frozenset({
    "model_change", "thinking_level_change", "custom", "custom_message", "label", "session_info",
    "reset",
})
# "Conversation info (untrusted metadata):" + a fenced block, and its siblings ("Sender
# (untrusted metadata)", "Replied message (untrusted, for context)"): what OpenClaw injects in
# front of a channel message (docs/transcripts.md §1.4).
_ENVELOPE = re.compile(
    r"^[^\n]{0,120}\(untrusted[^)\n]{0,40}\):[ \t]*\n```[^\n]*\n.*?\n```[ \t]*(?:\n|\Z)",
    re.MULTILINE | re.DOTALL,
)
_DIRECTIVE = re.compile(r"\[\[\s*(?:reply_to_current|reply_to\s*:[^\]]*|audio_as_voice)\s*\]\]")
_FLUSH_PROMPT = "Pre-compaction memory flush"
_SESSION_FILE = re.compile(r"^(?P<id>.+?)(?:-topic-[^.]+)?\.jsonl(?:\.reset\..*)?$")
_CHAT_ALIASES = {"dm": "direct", "private": "direct", "im": "direct"}


def clean_user_text(text: str) -> str:
    if "untrusted" in text:
        text = _ENVELOPE.sub("", text)
    if "[[" in text:
        text = _DIRECTIVE.sub("", text)
    return text.strip()


def chat_type_of(entry: dict[str, Any] | None, key: str | None) -> str:
    """chatType of a sessions.json entry (or its origin), else what the key says, else direct."""
    for holder in (entry or {}, (entry or {}).get("origin") or {}):
        value = holder.get("chatType") if isinstance(holder, dict) else None
        if isinstance(value, str) and value:
            return _CHAT_ALIASES.get(value.lower(), value.lower())
    parts = (key or "").split(":")
    for kind in ("group", "channel", "room"):
        if kind in parts:
            return kind
    return "direct"


class EntryParser:
    """Turns one OpenClaw entry (a JSONL line or a SQLite event) into records."""

    def __init__(self, path: str, session_id: str | None, session_key: str | None, chat_type: str,
                 tools: bool = True) -> None:
        self.path = path
        self.tools = tools   # False: tool calls and results are skipped (`discover.read`)
        self.session_id = session_id
        self.session_key = session_key
        self.chat_type = chat_type
        self.version: int | None = None
        self.cwd: str | None = None   # the session header's working directory
        self.last_ts: datetime | None = None

    def header(self, obj: dict[str, Any]) -> None:
        if isinstance(obj.get("id"), str):
            self.session_id = obj["id"]
        self.version = obj.get("version") if isinstance(obj.get("version"), int) else 1
        cwd = obj.get("cwd")
        self.cwd = cwd if isinstance(cwd, str) and cwd.strip() else None

    @staticmethod
    def recognise(obj: dict[str, Any]) -> bool:
        t = obj.get("type")
        return isinstance(t, str) and (t in ("session", "message", "compaction", "branch_summary") or t in _OTHER_TYPES)

    def records(self, obj: dict[str, Any], line: int, line_end: int, offset_end: int,
                fallback_ts: Any = None) -> list[Record] | str | None:
        """Records of the entry; a skip reason (str); or None when it is not an OpenClaw entry."""
        t = obj.get("type")
        if not isinstance(t, str):
            return None
        if t == "session":
            # Applied from the file's first line only (`_JsonlReader.start`; for the SQLite store
            # the session_id column): a read resumed past this line must make the same records.
            return "session"
        if t in _OTHER_TYPES:
            return t
        if t not in ("message", "compaction", "branch_summary"):
            # A future entry type still has the v3 base fields; anything else is not ours.
            return f"type:{t}" if "timestamp" in obj else None
        msg = obj.get("message") if t == "message" else None
        if t == "message" and not isinstance(msg, dict):
            return None
        ts = parse_ts(obj.get("timestamp")) or parse_ts((msg or {}).get("timestamp")) or parse_ts(fallback_ts)
        if ts is None:
            return "bad_timestamp"
        self.last_ts = ts
        entry_id = obj.get("id") if isinstance(obj.get("id"), str) else None

        def rec(role: Role, text: str | ToolText, flags: frozenset[Flag] = frozenset(), **kw: Any) -> Record:
            return Record(source=FORMAT, session_id=self.session_id or "", path=self.path, line=line,
                          line_end=line_end, ts=ts, role=role, text=text, offset_end=offset_end,
                          session_key=self.session_key, chat_type=self.chat_type, flags=flags,
                          entry_id=entry_id, cwd=self.cwd, **kw)

        if t != "message":
            summary = obj.get("summary")
            if not isinstance(summary, str) or not summary.strip():
                return "empty"
            return [rec(Role.SUMMARY, redact(summary.strip()), frozenset({Flag.COMPACTION}))]
        assert msg is not None
        return self._message(msg, rec)

    def _message(self, msg: dict[str, Any], rec: Any) -> list[Record] | str:
        role = msg.get("role")
        content = msg.get("content")
        if role == "user":
            text = clean_user_text(text_of(content))
            if not text:
                return "empty"
            flags = frozenset({Flag.META}) if text.startswith(_FLUSH_PROMPT) else frozenset()
            return [rec(Role.USER, redact(text), flags)]
        if role == "assistant":
            out: list[Record] = []
            text = text_of(content).strip()
            if "[[" in text:
                text = _DIRECTIVE.sub("", text).strip()
            if text and text not in SILENT_REPLIES:
                out.append(rec(Role.ASSISTANT, redact(text)))
            for block in content if isinstance(content, list) and self.tools else ():
                if isinstance(block, dict) and block.get("type") == "toolCall":
                    args = cap_json(block.get("arguments"))
                    name = block.get("name") if isinstance(block.get("name"), str) else None
                    out.append(rec(Role.TOOL_CALL, args, frozenset({Flag.TOOL}), tool_name=name,
                                   tool_args=args))
            if out:
                return out
            return "silent" if text in SILENT_REPLIES else "empty"
        if role in ("toolResult", "bashExecution") and not self.tools:
            return "tool"
        if role == "toolResult":
            flags = frozenset({Flag.TOOL, Flag.ERROR} if msg.get("isError") else {Flag.TOOL})
            name = msg.get("toolName") if isinstance(msg.get("toolName"), str) else None
            return [rec(Role.TOOL_RESULT, ToolText(text_of(content) or ""), flags,
                        tool_name=name)]
        if role == "bashExecution":  # a command the user ran with `!`: a tool event of the user's
            code = msg.get("exitCode")
            flags = frozenset({Flag.TOOL} | ({Flag.ERROR} if isinstance(code, int) and code != 0 else set()))
            args = cap_json({"command": msg.get("command")})
            given = msg.get("output")
            output = given if isinstance(given, str) else ""
            return [rec(Role.TOOL_RESULT, ToolText(output), flags,
                        tool_name="bash", tool_args=args)]
        if role in ("compactionSummary", "branchSummary"):
            summary = msg.get("summary")
            if isinstance(summary, str) and summary.strip():
                return [rec(Role.SUMMARY, redact(summary.strip()), frozenset({Flag.COMPACTION}))]
            return "empty"
        return f"role:{role}"


class _JsonlReader:
    def __init__(self, tf: TranscriptFile, tools: bool = True) -> None:
        self.parser = EntryParser(tf.path, tf.session_id, tf.session_key, tf.chat_type, tools)
        self.path = tf.path

    @property
    def session_id(self) -> str | None:
        return self.parser.session_id

    def recognise(self, obj: dict[str, Any]) -> bool:
        return EntryParser.recognise(obj)

    def start(self, head: list[dict[str, Any]]) -> None:
        if head and head[0].get("type") == "session":
            self.parser.header(head[0])

    def feed(self, line: Line, chunk: ReadChunk) -> None:
        got = self.parser.records(line.obj, line.number, line.number, line.end)
        if got is None:
            chunk.bad_lines.append(bad_line(self.path, line.number, "not_a_record"))
        elif got == "bad_timestamp":
            chunk.bad_lines.append(bad_line(self.path, line.number, "bad_timestamp"))
        elif isinstance(got, str):
            chunk.skipped[got] += 1
        else:
            chunk.records.extend(got)

    def finish(self, chunk: ReadChunk) -> None:
        return None


def read_jsonl(tf: TranscriptFile, offset: int = 0, start_line: int | None = None,
               max_bytes: int | None = None, tools: bool = True) -> ReadChunk:
    return read_with(_JsonlReader(tf, tools), tf.path, offset, start_line, max_bytes)


def load_sessions_index(folder: str, out: Discovery) -> dict[str, tuple[str, dict[str, Any]]]:
    """sessions.json beside the transcripts: session id (and file name) → (session key, entry)."""
    path = os.path.join(folder, "sessions.json")
    if not os.path.isfile(path):
        return {}
    try:
        with open(path, "rb") as f:
            data = parse_json(f.read())
    except OSError as exc:
        data = f"unreadable: {exc}"
    if isinstance(data, str):
        out.errors.append(bad_line(path, 0, "bad_json", f"not read ({data}), its sessions count as direct"))
        return {}
    index: dict[str, tuple[str, dict[str, Any]]] = {}
    for key, entry in data.items():
        if not isinstance(entry, dict):
            continue
        if isinstance(entry.get("sessionId"), str):
            index.setdefault(entry["sessionId"], (key, entry))
        if isinstance(entry.get("sessionFile"), str):
            index[os.path.basename(entry["sessionFile"])] = (key, entry)
    return index


def files_for(paths: list[str], out: Discovery) -> list[TranscriptFile]:
    files: list[TranscriptFile] = []
    indexes: dict[str, dict[str, tuple[str, dict[str, Any]]]] = {}
    skipped = 0
    for path in paths:
        name = os.path.basename(path)
        if openclaw_skipped_name(name):
            skipped += 1
            continue
        folder = os.path.dirname(path)
        if folder not in indexes:
            indexes[folder] = load_sessions_index(folder, out)
        m = _SESSION_FILE.match(name)
        sid = m.group("id") if m else None
        live_name = name.split(".jsonl", 1)[0] + ".jsonl"
        key, entry = indexes[folder].get(live_name) or indexes[folder].get(sid or "") or (None, None)
        files.append(TranscriptFile(format=FORMAT, path=path, session_id=sid, session_key=key,
                                    chat_type=chat_type_of(entry, key)))
    if skipped:
        out.notes.append(f"openclaw: skipped {skipped} non-transcript files (trajectory, checkpoint, backup)")
    return files
