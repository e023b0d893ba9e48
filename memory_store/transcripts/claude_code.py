"""Claude Code transcripts: `~/.claude/projects/<encoded cwd>/<session>.jsonl` (docs/transcripts.md §2).

Lines are `user` / `assistant` messages plus known non-message lines (`summary`,
`file-history-snapshot`, `system`, `progress`, ...). One API response is streamed as several
consecutive `assistant` lines sharing `message.id` (one content block each): their text becomes
one record spanning those lines. `tool_use` blocks are tool calls; `tool_result` blocks inside
user lines are tool results. Sub-agent files (`<session>/subagents/*.jsonl`, `agent-*.jsonl`)
and `isSidechain` lines are flagged SIDECHAIN. Hook logs written by users' own hooks share the
folder but not the format: they are recognised by content and reported as not transcripts.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from memory_store.config import TranscriptSource
from memory_store.redact import redact
from memory_store.transcripts.files import Discovery, TranscriptFile, include_matches
from memory_store.transcripts.jsonl import (
    MAX_LINE_BYTES,
    Line,
    ReadChunk,
    bad_line,
    cap_json,
    parse_line,
    parse_ts,
    read_with,
    text_of,
)
from memory_store.transcripts.records import Flag, Record, Role, ToolText

FORMAT = "claude-code"
_OTHER_TYPES = frozenset({
    "summary", "file-history-snapshot", "system", "progress", "queue-operation", "custom-title",
    "ai-title", "attachment", "permission-mode", "cost-state", "agent-name", "tag",
})
# Text Claude Code itself wraps around slash commands, local shell output and reminders.
_META_PREFIXES = (
    "<command-name>", "<command-message>", "<command-args>", "<local-command-stdout>",
    "<local-command-stderr>", "<local-command-caveat>", "<system-reminder>", "<bash-input>",
    "<bash-stdout>", "<bash-stderr>", "<user-prompt-submit-hook>", "[Request interrupted by user",
)
_REMINDER = re.compile(r"<system-reminder>.*?(?:</system-reminder>|\Z)", re.DOTALL)


def _is_cwd(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _strip_reminders(text: str) -> str:
    return _REMINDER.sub("", text).strip() if "<system-reminder>" in text else text.strip()


@dataclass
class _Group:
    """Consecutive assistant lines of one message, held until the message ends."""

    msg_id: str | None
    first: int
    start: int
    ts: datetime
    sidechain: bool
    last: int = 0
    end: int = 0
    fed: int = 0   # assistant lines in the group (blank or bad lines may sit between them)
    texts: list[str] = field(default_factory=list)
    calls: list[tuple[int, str | None, ToolText]] = field(default_factory=list)  # line, name, args


class _Reader:
    def __init__(self, tf: TranscriptFile, offset: int, tools: bool = True) -> None:
        self.tf = tf
        self.tools = tools   # False: tool calls and results are skipped (`discover.read`)
        self.offset = offset
        self.session_id: str | None = tf.session_id
        self.got_session = False
        self.cwd: str | None = None   # the first `cwd` of the file: where the session was started
        self.tool_names: dict[str, str] = {}
        self.group: _Group | None = None

    def recognise(self, obj: dict[str, Any]) -> bool:
        t = obj.get("type")
        if not isinstance(t, str):
            return False
        return t in ("user", "assistant") or t in _OTHER_TYPES or "sessionId" in obj or "uuid" in obj

    def start(self, head: list[dict[str, Any]]) -> None:
        self.cwd = next((obj["cwd"] for obj in head if _is_cwd(obj.get("cwd"))), None)
        for obj in head:
            if isinstance(obj.get("sessionId"), str):
                self.session_id, self.got_session = obj["sessionId"], True
                return
        if self.offset:
            self._session_before(self.offset)

    def _session_before(self, offset: int) -> None:
        """A file may open with more summary or odd lines than the head holds: a resumed read
        then finds the session id in the lines before `offset`, as a whole read would have."""
        with open(self.tf.path, "rb") as f:
            while f.tell() < offset:
                raw = f.readline(MAX_LINE_BYTES + 1)
                if not raw.endswith(b"\n"):
                    return
                obj = parse_line(raw)
                if isinstance(obj, dict) and isinstance(obj.get("sessionId"), str):
                    self.session_id, self.got_session = obj["sessionId"], True
                    return

    def _rec(self, line: int, line_end: int, end: int, ts: datetime, role: Role, text: str | ToolText,
             flags: set[Flag], entry_id: str | None, **kw: Any) -> Record:
        if self.tf.sidechain:
            flags.add(Flag.SIDECHAIN)
        return Record(source=FORMAT, session_id=self.session_id or "", path=self.tf.path, line=line,
                      line_end=line_end, ts=ts, role=role, text=text, offset_end=end,
                      session_key=self.tf.project, chat_type=self.tf.chat_type, flags=frozenset(flags),
                      entry_id=entry_id, cwd=self.cwd, **kw)

    def feed(self, line: Line, chunk: ReadChunk) -> None:
        obj = line.obj
        t = obj.get("type")
        if t != "assistant":
            self._flush(chunk)  # only consecutive assistant lines of one message merge
        if t not in ("user", "assistant"):
            # In a file whose first lines are Claude Code's, a line of a type we do not know is a
            # newer version's bookkeeping (`last-prompt`, ...): counted, not an error on every run.
            if not isinstance(t, str):
                chunk.bad_lines.append(bad_line(self.tf.path, line.number, "not_a_record"))
            else:
                chunk.skipped[t if t in _OTHER_TYPES else f"type:{t}"] += 1
            return
        msg = obj.get("message")
        ts = parse_ts(obj.get("timestamp"))
        if not isinstance(msg, dict):
            chunk.bad_lines.append(bad_line(self.tf.path, line.number, "not_a_record", "no message"))
            return
        if ts is None:
            chunk.bad_lines.append(bad_line(self.tf.path, line.number, "bad_timestamp"))
            return
        if not self.got_session and isinstance(obj.get("sessionId"), str):
            self.session_id, self.got_session = obj["sessionId"], True
        if self.cwd is None and _is_cwd(obj.get("cwd")):
            self.cwd = obj["cwd"]
        if t == "assistant":
            self._assistant(obj, msg, ts, line, chunk)
        else:
            self._user(obj, msg, ts, line, chunk)

    def _assistant(self, obj: dict[str, Any], msg: dict[str, Any], ts: datetime, line: Line,
                   chunk: ReadChunk) -> None:
        mid = msg.get("id") if isinstance(msg.get("id"), str) else None
        g = self.group
        if g is None or mid is None or g.msg_id != mid:
            self._flush(chunk)
            g = self.group = _Group(mid, line.number, line.start, ts, bool(obj.get("isSidechain")))
        g.last, g.end = line.number, line.end
        g.fed += 1
        content = msg.get("content")
        text = text_of(content).strip()
        if text:
            g.texts.append(text)
        for block in content if isinstance(content, list) and self.tools else ():
            if isinstance(block, dict) and block.get("type") == "tool_use":
                name = block.get("name") if isinstance(block.get("name"), str) else None
                if isinstance(block.get("id"), str) and name:
                    self.tool_names[block["id"]] = name
                g.calls.append((line.number, name, cap_json(block.get("input"))))
        if mid is None:
            self._flush(chunk)

    def _flush(self, chunk: ReadChunk) -> None:
        g, self.group = self.group, None
        if g is None:
            return
        flags = {Flag.SIDECHAIN} if g.sidechain else set()
        if g.texts:
            chunk.records.append(self._rec(g.first, g.last, g.end, g.ts, Role.ASSISTANT,
                                           redact("\n\n".join(g.texts)), set(flags), g.msg_id))
        for number, name, args in g.calls:
            chunk.records.append(self._rec(number, number, g.end, g.ts, Role.TOOL_CALL, args,
                                           flags | {Flag.TOOL}, g.msg_id, tool_name=name, tool_args=args))
        # lines of the message that no record covers: thinking blocks
        covered = g.last - g.first + 1 if g.texts else len({n for n, _, _ in g.calls})
        if covered < g.last - g.first + 1:
            chunk.skipped["thinking"] += g.last - g.first + 1 - covered

    def _user(self, obj: dict[str, Any], msg: dict[str, Any], ts: datetime, line: Line,
              chunk: ReadChunk) -> None:
        base: set[Flag] = {Flag.SIDECHAIN} if obj.get("isSidechain") else set()
        uuid = obj.get("uuid") if isinstance(obj.get("uuid"), str) else None
        content = msg.get("content")
        n, end = line.number, line.end
        before = len(chunk.records)
        for block in content if isinstance(content, list) and self.tools else ():
            if isinstance(block, dict) and block.get("type") == "tool_result":
                flags = base | {Flag.TOOL} | ({Flag.ERROR} if block.get("is_error") else set())
                out = block.get("content")
                text = _strip_reminders(out if isinstance(out, str) else text_of(out))
                use_id = block.get("tool_use_id")
                name = self.tool_names.get(use_id) if isinstance(use_id, str) else None
                chunk.records.append(
                    self._rec(n, n, end, ts, Role.TOOL_RESULT, ToolText(text), flags, uuid, tool_name=name))
        text = text_of(content).strip()
        if obj.get("isCompactSummary"):
            if text:
                chunk.records.append(self._rec(n, n, end, ts, Role.SUMMARY, redact(text),
                                               base | {Flag.COMPACTION}, uuid))
        elif text:
            meta = bool(obj.get("isMeta")) or text.startswith(_META_PREFIXES)
            if not meta or "<system-reminder>" in text:
                text = _strip_reminders(text)
            if text:
                chunk.records.append(self._rec(n, n, end, ts, Role.USER, redact(text),
                                               base | ({Flag.META} if meta else set()), uuid))
        if len(chunk.records) == before:
            chunk.skipped["empty"] += 1

    def finish(self, chunk: ReadChunk) -> None:
        g = self.group
        if g is not None and not chunk.eof and g.start > self.offset:
            # Stopped by max_bytes inside a message: give its lines back so that the next read
            # makes the whole record (unless it is all this read has: then progress wins).
            # At end of file the message is taken as complete.
            # Every line from the group's first on goes back: blank and bad lines too, or the next
            # read would report them again.
            self.group = None
            given_back = chunk.end_line - g.first + 1
            bad = [b for b in chunk.bad_lines if b.line >= g.first]
            chunk.bad_lines = [b for b in chunk.bad_lines if b.line < g.first]
            blanks = given_back - g.fed - len(bad)
            if blanks > 0:
                chunk.skipped["blank"] -= blanks
                if chunk.skipped["blank"] <= 0:
                    del chunk.skipped["blank"]
            chunk.end_offset, chunk.end_line = g.start, g.first - 1
            chunk.lines_read -= given_back
            return
        self._flush(chunk)


def read_jsonl(tf: TranscriptFile, offset: int = 0, start_line: int | None = None,
               max_bytes: int | None = None, tools: bool = True) -> ReadChunk:
    return read_with(_Reader(tf, offset, tools), tf.path, offset, start_line, max_bytes)


def project_of(path: str) -> str | None:
    """The project folder: the component after `projects/`, else the session file's folder."""
    parts = path.split(os.sep)
    dirs = parts[:-1]
    if "projects" in dirs:
        i = len(dirs) - 1 - dirs[::-1].index("projects")
        if i + 1 < len(dirs):
            return dirs[i + 1]
    if len(dirs) >= 3 and dirs[-1] == "subagents":
        return dirs[-3]
    return dirs[-1] if dirs else None


def files_for(paths: list[str], source: TranscriptSource, out: Discovery) -> list[TranscriptFile]:
    files: list[TranscriptFile] = []
    excluded = subagents = 0
    for path in paths:
        if not path.endswith(".jsonl"):
            continue
        project = project_of(path)
        if not include_matches(project, source.include):
            excluded += 1
            continue
        name = os.path.basename(path)
        sidechain = f"{os.sep}subagents{os.sep}" in path or name.startswith("agent-")
        if sidechain and not source.subagents:
            subagents += 1
            continue
        files.append(TranscriptFile(format=FORMAT, path=path, session_id=name[: -len(".jsonl")],
                                    project=project, sidechain=sidechain))
    if excluded:
        out.notes.append(f"claude-code: {excluded} files in projects not matching include "
                         f"{list(source.include)}")
    if subagents:
        out.notes.append(f"claude-code: skipped {subagents} sub-agent files (subagents: false)")
    return files
