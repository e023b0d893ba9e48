"""OpenAI Codex CLI rollouts: `~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl` (docs/transcripts.md §3).

Lines are `{timestamp, type, payload}`: `session_meta` (the session id), `response_item`
(messages, function calls and their outputs, reasoning), `event_msg` (UI events; user_message
and agent_message repeat the response items' text in newer versions), `turn_context`,
`compacted`. Early rollouts wrote the response items bare, without the envelope; those are
read too.

Duplicates: the same user or assistant text arrives once as a response_item and once as an
event_msg, in either order. The first one seen makes the record; its twin from the other kind
is skipped. That keeps versions that write only one kind complete.
"""
from __future__ import annotations

import os
from datetime import datetime
from typing import Any

from memory_store.redact import redact
from memory_store.transcripts.files import TranscriptFile
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

FORMAT = "codex"
_RESPONSE_TYPES = frozenset({
    "message", "reasoning", "function_call", "function_call_output", "custom_tool_call",
    "custom_tool_call_output", "local_shell_call", "web_search_call", "tool_search_call",
})
# User messages Codex injects before the first real prompt (docs/transcripts.md §3).
_INJECTED = ("<environment_context>", "# AGENTS.md instructions", "<user_instructions>", "<INSTRUCTIONS>",
             "<permissions instructions>", "<user_shell_command>")
_TWIN_WINDOW = 64
_TOOL_TYPES = frozenset({"function_call", "custom_tool_call", "local_shell_call", "web_search_call",
                         "function_call_output", "custom_tool_call_output"})


class _Reader:
    def __init__(self, tf: TranscriptFile, tools: bool = True) -> None:
        self.tf = tf
        self.tools = tools   # False: tool calls and results are skipped (`discover.read`)
        self.session_id: str | None = tf.session_id
        self.session_ts: datetime | None = None   # the session header's: what a line without one gets
        self.cwd: str | None = None               # the session header's working directory
        self.call_names: dict[str, str] = {}
        self.twins: dict[tuple[str, str], str] = {}

    def recognise(self, obj: dict[str, Any]) -> bool:
        t = obj.get("type")
        if "payload" in obj:
            return isinstance(t, str)
        if _is_response_type(t) or "record_type" in obj:
            return True
        return t is None and "id" in obj and "timestamp" in obj  # early session header

    def start(self, head: list[dict[str, Any]]) -> None:
        # Session facts come from the file's first lines only, so that a read resumed in the middle
        # of the file makes the same records as a whole read (a later session_meta is skipped).
        for obj in head[:1]:
            payload = _meta_payload(obj)
            if payload is not None:
                if isinstance(payload.get("id"), str):
                    self.session_id = payload["id"]
                self.session_ts = parse_ts(payload.get("timestamp")) or parse_ts(obj.get("timestamp"))
                cwd = payload.get("cwd")
                self.cwd = cwd if isinstance(cwd, str) and cwd.strip() else None

    def _is_twin(self, role: str, text: str, kind: str) -> bool:
        key = (role, " ".join(text.split()))
        other = self.twins.pop(key, None)
        if other is not None and other != kind:
            return True
        self.twins[key] = kind
        if len(self.twins) > _TWIN_WINDOW:
            self.twins.pop(next(iter(self.twins)))
        return False

    def feed(self, line: Line, chunk: ReadChunk) -> None:
        obj = line.obj
        if not self.recognise(obj):
            chunk.bad_lines.append(bad_line(self.tf.path, line.number, "not_a_record"))
            return
        if _meta_payload(obj) is not None:
            chunk.skipped["session_meta"] += 1
            return
        ts = parse_ts(obj.get("timestamp")) or self.session_ts
        if ts is None:
            chunk.bad_lines.append(bad_line(self.tf.path, line.number, "bad_timestamp"))
            return
        t = obj.get("type")
        payload = obj.get("payload") if "payload" in obj else obj
        if "payload" not in obj and not _is_response_type(t):
            chunk.skipped["state"] += 1
            return
        if not isinstance(payload, dict):
            chunk.bad_lines.append(bad_line(self.tf.path, line.number, "not_a_record", "bad payload"))
            return
        if "payload" not in obj or t == "response_item":
            got = self._response(payload, line, ts)
        elif t == "event_msg":
            got = self._event(payload, line, ts)
        elif t == "compacted":
            text = payload.get("message")
            got = ([self._rec(line, ts, Role.SUMMARY, redact(text.strip()), {Flag.COMPACTION})]
                   if isinstance(text, str) and text.strip() else "empty")
        else:
            got = str(t)
        if isinstance(got, str):
            chunk.skipped[got] += 1
        else:
            chunk.records.extend(got)

    def _rec(self, line: Line, ts: datetime, role: Role, text: str | ToolText, flags: set[Flag], **kw: Any) -> Record:
        return Record(source=FORMAT, session_id=self.session_id or "", path=self.tf.path, line=line.number,
                      line_end=line.number, ts=ts, role=role, text=text, offset_end=line.end,
                      session_key=self.tf.session_key, chat_type=self.tf.chat_type, flags=frozenset(flags),
                      cwd=self.cwd, **kw)

    def _response(self, p: dict[str, Any], line: Line, ts: datetime) -> list[Record] | str:
        pt = p.get("type")
        if pt == "message":
            role = p.get("role")
            text = text_of(p.get("content"), ("input_text", "output_text", "text")).strip()
            if not text:
                return "empty"
            if role == "user":
                if text.startswith(_INJECTED):
                    return [self._rec(line, ts, Role.USER, redact(text), {Flag.META})]
                if self._is_twin("user", text, "response_item"):
                    return "duplicate"
                return [self._rec(line, ts, Role.USER, redact(text), set())]
            if role == "assistant":
                if self._is_twin("assistant", text, "response_item"):
                    return "duplicate"
                return [self._rec(line, ts, Role.ASSISTANT, redact(text), set())]
            return f"role:{role}"
        if not self.tools and pt in _TOOL_TYPES:
            return "tool"
        if pt in ("function_call", "custom_tool_call", "local_shell_call", "web_search_call"):
            given = p.get("name")
            name = given if isinstance(given, str) else pt
            raw = p.get("arguments", p.get("input", p.get("action")))
            args = cap_json(raw)
            if isinstance(p.get("call_id"), str):
                self.call_names[p["call_id"]] = name
            return [self._rec(line, ts, Role.TOOL_CALL, args, {Flag.TOOL}, tool_name=name, tool_args=args)]
        if pt in ("function_call_output", "custom_tool_call_output"):
            text, failed = _output(p.get("output"))
            flags = {Flag.TOOL, Flag.ERROR} if failed else {Flag.TOOL}
            call_id = p.get("call_id")
            name = self.call_names.get(call_id) if isinstance(call_id, str) else None
            return [self._rec(line, ts, Role.TOOL_RESULT, ToolText(text), flags, tool_name=name)]
        return str(pt)

    def _event(self, p: dict[str, Any], line: Line, ts: datetime) -> list[Record] | str:
        pt = p.get("type")
        role = {"user_message": "user", "agent_message": "assistant"}.get(str(pt))
        if role is None:
            return f"event_msg:{pt}"
        text = p.get("message")
        if not isinstance(text, str) or not text.strip():
            return "empty"
        text = text.strip()
        if self._is_twin(role, text, "event_msg"):
            return "duplicate"
        return [self._rec(line, ts, Role.USER if role == "user" else Role.ASSISTANT, redact(text), set())]

    def finish(self, chunk: ReadChunk) -> None:
        return None


def _meta_payload(obj: dict[str, Any]) -> dict[str, Any] | None:
    """The session header's fields, if `obj` is one (early rollouts: a bare header line)."""
    payload = obj.get("payload") if obj.get("type") == "session_meta" else None
    if payload is None and "type" not in obj and "id" in obj and "payload" not in obj:
        payload = obj
    return payload if isinstance(payload, dict) else None


def _is_response_type(t: Any) -> bool:
    return isinstance(t, str) and t in _RESPONSE_TYPES


def _output(out: Any) -> tuple[str, bool]:
    """A tool output's text and whether it failed (exit code, `success: false`)."""
    failed = False
    if isinstance(out, str) and out.startswith("{"):
        parsed = parse_json(out)  # never raises: nesting too deep is just not an envelope
        if isinstance(parsed, dict) and "output" in parsed:
            out = parsed
    if isinstance(out, dict):
        meta = out.get("metadata")
        if not isinstance(meta, dict):
            meta = {}
        code = meta.get("exit_code")
        failed = out.get("success") is False or (isinstance(code, int) and code != 0)
        body = out.get("output", out.get("content", ""))
        out = body if isinstance(body, str) else text_of(body, ("input_text", "output_text", "text"))
    if not isinstance(out, str):
        out = text_of(out, ("input_text", "output_text", "text"))
    if out.startswith("Exit code: "):
        code_text = out[len("Exit code: "):].split("\n", 1)[0].strip()
        failed = failed or (code_text.isdigit() and code_text != "0")
    return out, failed


def read_jsonl(tf: TranscriptFile, offset: int = 0, start_line: int | None = None,
               max_bytes: int | None = None, tools: bool = True) -> ReadChunk:
    return read_with(_Reader(tf, tools), tf.path, offset, start_line, max_bytes)


def files_for(paths: list[str]) -> list[TranscriptFile]:
    out = []
    for path in paths:
        if not path.endswith(".jsonl"):
            continue
        name = os.path.basename(path)[: -len(".jsonl")]
        # rollout-<YYYY-MM-DDThh-mm-ss>-<uuid>: the uuid is the session id (5 dash groups)
        sid = "-".join(name.split("-")[-5:]) if name.startswith("rollout-") else None
        out.append(TranscriptFile(format=FORMAT, path=path, session_id=sid))
    return out
