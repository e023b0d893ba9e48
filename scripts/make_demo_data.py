"""Write the bundled demo transcripts and their answer key (`jobs/demo/data/`).

Five working days (2026-11-16 .. 2026-11-20, Asia/Bangkok) of one small team building "nimbus", a
meeting-room booking service, as the three agents store them on disk:

- OpenClaw (pi-coding-agent SessionManager v3) under `transcripts/openclaw/agents/main/sessions/`,
  with `sessions.json`, a reset-archived session, a group chat and a cron session;
- Claude Code under `transcripts/claude-code/projects/-home-user-nimbus/`, with a sub-agent file;
- Codex rollouts under `transcripts/codex/sessions/YYYY/MM/DD/`.

Every planted memory item and every hard negative is tagged where it is written, so
`expected.yaml` (line numbers, local dates, kinds, key words) is derived from the very lines
written and cannot drift from them. Output is byte-for-byte deterministic: a fixed seed, fixed
dates, no clock, no environment. Run `python scripts/make_demo_data.py [OUT_DIR]`.
"""
from __future__ import annotations

import json
import random
import sys
import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

SEED = 20261116
TZ = ZoneInfo("Asia/Bangkok")
DAYS = [date(2026, 11, 16) + timedelta(days=i) for i in range(5)]
HOME = "/home/user"
CWD = f"{HOME}/nimbus"
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "jobs" / "demo" / "data"

# Obviously fake: the key spells FAKE and DEMO, the password says it is not real.
FAKE_KEY_TAIL = "FAKEdemoKEY0000"  # completed to 40 characters from the seeded generator
FAKE_PASSWORD = "fake-demo-pw-not-real-4821"


@dataclass
class Plant:
    """A memory item that microsync must extract (statement line tagged where it is written)."""

    key: str
    kind: str | list[str]
    keywords: list[str]
    note: str
    lang: str = "en"
    supersedes: str | None = None
    keywords_in: str = "statement"  # or "proposal": the content comes from the accepted proposal


@dataclass
class Noise:
    """A line that looks like it could be an item, or wrap-up material, but is not memory."""

    type: str
    note: str = ""


@dataclass
class Proposal:
    """An assistant proposal that a later user turn accepts (the plant with the same key)."""

    key: str


Tag = Plant | Noise | Proposal | None


@dataclass
class Tagged:
    tag: Plant | Noise | Proposal
    file: str
    fmt: str
    lines: list[int]
    local: datetime


class Dataset:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        self.files: dict[str, list[str]] = {}
        self.raw_files: dict[str, str] = {}
        self.tags: list[Tagged] = []
        self.excluded: list[dict[str, str]] = []
        self.secrets: list[str] = []
        self.sessions: dict[str, str] = {}  # file -> session id

    def hex(self, n: int) -> str:
        return "".join(self.rng.choice("0123456789abcdef") for _ in range(n))

    def b62(self, n: int) -> str:
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def uuid4(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def uuid7(self, at: datetime) -> str:
        ms = int(at.timestamp() * 1000)
        value = (ms << 80) | (0x7 << 76) | (self.rng.getrandbits(12) << 64)
        value |= (0b10 << 62) | self.rng.getrandbits(62)
        return str(uuid.UUID(int=value))

    def tag(self, tag: Tag, file: str, fmt: str, line: int, local: datetime) -> None:
        if tag is None:
            return
        for t in self.tags:  # a statement copied into two lines (Codex) is one item
            if t.tag is tag:
                t.lines.append(line)
                return
        self.tags.append(Tagged(tag, file, fmt, [line], local))


def compact(obj: Any) -> str:
    """JSON as the agents write it: no spaces, UTF-8 kept as is (JSON.stringify, serde_json)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


class Transcript:
    """One JSONL file being written: a local clock and the lines so far."""

    fmt = ""

    def __init__(self, ds: Dataset, rel: str, start: datetime) -> None:
        self.ds, self.rel, self.now = ds, rel, start
        self.lines = ds.files.setdefault(rel, [])

    def tick(self, lo: int = 4, hi: int = 40) -> None:
        self.now += timedelta(seconds=self.ds.rng.randint(lo, hi), milliseconds=self.ds.rng.randint(0, 999))

    def at(self, day: int, hh: int, mm: int) -> None:
        target = datetime(DAYS[day].year, DAYS[day].month, DAYS[day].day, hh, mm, tzinfo=TZ)
        assert target >= self.now, f"{self.rel}: clock would go back to {target}"
        jitter = timedelta(seconds=self.ds.rng.randint(0, 50), milliseconds=self.ds.rng.randint(0, 999))
        self.now = target + jitter

    def iso(self) -> str:
        utc = self.now.astimezone(UTC)
        return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"

    def ms(self) -> int:
        return int(self.now.timestamp() * 1000)

    def emit(self, obj: dict[str, Any], tag: Tag = None) -> int:
        self.lines.append(compact(obj))
        self.ds.tag(tag, self.rel, self.fmt, len(self.lines), self.now)
        return len(self.lines)


# ---------------------------------------------------------------- OpenClaw (pi SessionManager v3)

TELEGRAM_DM = {"chat_id": "telegram:7265510384", "sender_id": "7265510384", "sender": "Ploy S.",
               "username": "ploy_builds"}


def envelope(meta: dict[str, Any], sender: dict[str, Any], text: str) -> str:
    """OpenClaw's injected inbound metadata, exactly as it prefixes a channel message."""
    return ("Conversation info (untrusted "
            "metadata):\n```json\n" + json.dumps(meta, indent=2, ensure_ascii=False)
            + "\n```\n\nSender (untrusted "
              "metadata):\n```json\n" + json.dumps(sender, indent=2, ensure_ascii=False)
            + "\n```\n\n" + text)


class OpenClaw(Transcript):
    fmt = "openclaw"

    def __init__(self, ds: Dataset, rel: str, start: datetime, session_id: str) -> None:
        super().__init__(ds, rel, start)
        self.session_id = session_id
        ds.sessions[rel] = session_id
        self.parent: str | None = None
        self.msg_no = 100 + ds.rng.randint(0, 50)
        self.emit({"type": "session", "version": 3, "id": session_id, "timestamp": self.iso(),
                   "cwd": f"{HOME}/.openclaw/workspace"})
        self.entry({"type": "model_change", "provider": "openai", "modelId": "gpt-5.4-mini"})
        self.entry({"type": "thinking_level_change", "thinkingLevel": "low"})
        self.entry({"type": "custom", "customType": "model-snapshot",
                    "data": {"timestamp": self.ms(), "provider": "openai", "modelApi": "openai-responses",
                             "modelId": "gpt-5.4-mini"}})

    def entry(self, body: dict[str, Any], tag: Tag = None) -> int:
        eid = self.ds.hex(8)
        if body["type"] == "custom":  # pi writes custom entries with data before the tree fields
            obj = {**body, "id": eid, "parentId": self.parent, "timestamp": self.iso()}
        else:
            obj = {"type": body["type"], "id": eid, "parentId": self.parent, "timestamp": self.iso(),
                   **{k: v for k, v in body.items() if k != "type"}}
        self.parent = eid
        return self.emit(obj, tag)

    def user(self, text: str, tag: Tag = None, *, chat: dict[str, Any] | None = TELEGRAM_DM,
             sender: dict[str, Any] | None = None, wait: tuple[int, int] = (30, 150)) -> int:
        self.tick(*wait)
        if chat is not None:
            self.msg_no += self.ds.rng.randint(1, 3)
            stamp = self.now.astimezone(UTC).strftime("%a %Y-%m-%d %H:%M UTC")
            who = sender or TELEGRAM_DM
            meta = {"chat_id": chat["chat_id"], "message_id": str(self.msg_no), "sender_id": who["sender_id"],
                    "sender": who["sender"], "timestamp": stamp, **chat.get("extra", {})}
            card = {"label": f"{who['sender']} ({who['sender_id']})", "id": who["sender_id"],
                    "name": who["sender"], "username": who["username"]}
            text = envelope(meta, card, text)
        msg = {"role": "user", "content": [{"type": "text", "text": text}], "timestamp": self.ms()}
        return self.entry({"type": "message", "message": msg}, tag)

    def assistant(self, text: str | None, tag: Tag = None, *,
                  tools: list[tuple[str, dict[str, Any], str]] = (), wait: tuple[int, int] = (4, 25)) -> int:
        """An assistant turn; each tool is (name, arguments, result text) and gets its toolResult."""
        self.tick(*wait)
        content: list[dict[str, Any]] = []
        if text is not None:
            content.append({"type": "text", "text": text})
        calls = []
        for name, args, result in tools:
            call_id = f"call_{self.ds.b62(24)}"
            content.append({"type": "toolCall", "id": call_id, "name": name, "arguments": args})
            calls.append((call_id, name, result))
        rng = self.ds.rng
        inp, out, cached = rng.randint(300, 2400), rng.randint(20, 400), rng.randint(8000, 30000)
        msg = {"role": "assistant", "content": content, "api": "openai-responses", "provider": "openai",
               "model": "gpt-5.4-mini",
               "usage": {"input": inp, "output": out, "cacheRead": cached, "cacheWrite": 0,
                         "totalTokens": inp + out + cached,
                         "cost": {"input": round(inp * 7.5e-7, 8), "output": round(out * 4.5e-6, 8),
                                  "cacheRead": round(cached * 7.5e-8, 8), "cacheWrite": 0,
                                  "total": round(inp * 7.5e-7 + out * 4.5e-6 + cached * 7.5e-8, 8)}},
               "stopReason": "toolUse" if calls else "stop", "timestamp": self.ms(),
               "responseId": f"resp_{self.ds.hex(48)}"}
        line = self.entry({"type": "message", "message": msg}, tag)
        for call_id, name, result in calls:
            self.tick(1, 6)
            self.entry({"type": "message", "message": {
                "role": "toolResult", "toolCallId": call_id, "toolName": name,
                "content": [{"type": "text", "text": result}], "isError": False, "timestamp": self.ms()}})
        return line


# ---------------------------------------------------------------- Claude Code

class ClaudeCode(Transcript):
    fmt = "claude-code"

    def __init__(self, ds: Dataset, rel: str, start: datetime, session_id: str, branch: str,
                 agent_id: str | None = None) -> None:
        super().__init__(ds, rel, start)
        self.session_id, self.branch, self.agent_id = session_id, branch, agent_id
        ds.sessions[rel] = session_id
        self.parent: str | None = None

    def base(self) -> dict[str, Any]:
        out: dict[str, Any] = {"parentUuid": self.parent, "isSidechain": self.agent_id is not None,
                               "userType": "external", "cwd": CWD, "sessionId": self.session_id,
                               "version": "2.0.76", "gitBranch": self.branch}
        if self.agent_id:
            out["agentId"] = self.agent_id
        return out

    def user(self, text: str, tag: Tag = None, *, wait: tuple[int, int] = (40, 200),
             meta: bool = False, command: bool = False) -> int:
        """A typed prompt; `meta` an injected caveat (isMeta); `command` a slash-command wrapper line."""
        self.tick(*wait)
        uid = self.ds.uuid4()
        if self.agent_id is None and not meta and not command:
            self.emit({"type": "file-history-snapshot", "messageId": uid,
                       "snapshot": {"messageId": uid, "trackedFileBackups": {}, "timestamp": self.iso()},
                       "isSnapshotUpdate": False})
        obj = {**self.base(), "type": "user", "message": {"role": "user", "content": text}, "uuid": uid,
               "timestamp": self.iso()}
        if meta:
            obj["isMeta"] = True
        elif self.agent_id is None and not command:
            obj["thinkingMetadata"] = {"level": "high", "disabled": False, "triggers": []}
            obj["todos"] = []
        self.parent = uid
        return self.emit(obj, tag)

    def assistant(self, blocks: list[dict[str, Any]], tag: Tag = None, *, wait: tuple[int, int] = (3, 20),
                  results: list[tuple[str, Any, bool]] = ()) -> int:
        """One API response split into one line per block (sharing message.id), then tool results.

        `results` pairs with the tool_use blocks in order: (content, toolUseResult, is_error).
        Returns the line of the first text block (the statement line), else the first line.
        """
        self.tick(*wait)
        rng = self.ds.rng
        mid, rid = f"msg_01{self.ds.b62(22)}", f"req_011C{self.ds.b62(20)}"
        usage = {"input_tokens": rng.randint(3, 12), "cache_creation_input_tokens": rng.randint(200, 4000),
                 "cache_read_input_tokens": rng.randint(12000, 40000), "output_tokens": rng.randint(8, 600),
                 "service_tier": "standard"}
        first_text, first, uses = 0, 0, []
        for block in blocks:
            if block["type"] == "tool_use":
                block = {"type": "tool_use", "id": f"toolu_01{self.ds.b62(22)}", **block}
                uses.append(block["id"])
            uid = self.ds.uuid4()
            line = self.emit({**self.base(), "message": {
                "model": "claude-sonnet-4-5-20250929", "id": mid, "type": "message", "role": "assistant",
                "content": [block], "stop_reason": None, "stop_sequence": None, "usage": usage},
                "requestId": rid, "type": "assistant", "uuid": uid, "timestamp": self.iso()},
                tag if block["type"] == "text" and not first_text else None)
            first = first or line
            if block["type"] == "text" and not first_text:
                first_text = line
            self.parent = uid
            self.tick(0, 2)
        for tool_id, (content, result, is_error) in zip(uses, results, strict=True):
            self.tick(1, 12)
            uid = self.ds.uuid4()
            self.emit({**self.base(), "type": "user", "message": {"role": "user", "content": [
                {"tool_use_id": tool_id, "type": "tool_result", "content": content, "is_error": is_error}]},
                "uuid": uid, "timestamp": self.iso(), "toolUseResult": result})
            self.parent = uid
        return first_text or first


def text(t: str) -> dict[str, Any]:
    return {"type": "text", "text": t}


def bash(command: str, description: str) -> dict[str, Any]:
    return {"type": "tool_use", "name": "Bash", "input": {"command": command, "description": description}}


def ok(stdout: str) -> tuple[str, Any, bool]:
    return stdout, {"stdout": stdout, "stderr": "", "interrupted": False, "isImage": False}, False


def failed(output: str) -> tuple[str, Any, bool]:
    return f"Exit code 1\n{output}", f"Error: Exit code 1\n{output}", True


def edit(path: str, old: str, new: str) -> tuple[dict[str, Any], tuple[str, Any, bool]]:
    use = {"type": "tool_use", "name": "Edit", "input": {"file_path": f"{CWD}/{path}", "old_string": old,
                                                         "new_string": new}}
    res = (f"The file {CWD}/{path} has been updated. Here's the result of running `cat -n` on a snippet "
           f"of the edited file:\n     1\t{new.splitlines()[0] if new else ''}",
           {"filePath": f"{CWD}/{path}", "oldString": old, "newString": new, "replaceAll": False}, False)
    return use, res


REJECTED = ("The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a "
            "file edit, the new_string was NOT written to the file). STOP what you are doing and wait for "
            "the user to tell you how to proceed.", "User rejected tool use", True)


# ---------------------------------------------------------------- Codex rollouts

class Codex(Transcript):
    fmt = "codex"

    def __init__(self, ds: Dataset, start: datetime) -> None:
        sid = ds.uuid7(start)
        rel = (f"transcripts/codex/sessions/{start:%Y/%m/%d}/"
               f"rollout-{start:%Y-%m-%dT%H-%M-%S}-{sid}.jsonl")
        super().__init__(ds, rel, start)
        self.session_id = sid
        ds.sessions[rel] = sid
        self.tokens = ds.rng.randint(6000, 9000)
        self.emit({"timestamp": self.iso(), "type": "session_meta", "payload": {
            "id": sid, "timestamp": self.iso(), "cwd": CWD, "originator": "codex_cli_rs",
            "cli_version": "0.77.0", "instructions": None, "source": "cli", "model_provider": "openai",
            "git": {"commit_hash": ds.hex(40), "branch": "main",
                    "repository_url": "git@github.com:nimbus-th/nimbus.git"}}})
        self.item({"type": "message", "role": "user", "content": [{"type": "input_text", "text": (
            f"# AGENTS.md instructions for {CWD}\n\n<INSTRUCTIONS>\n# nimbus\n\n- Python 3.12, FastAPI, "
            "PostgreSQL 16.\n- Never commit directly to main; always run `make check` before pushing.\n"
            "- Tests live in tests/, run them with `uv run pytest -q`.\n</INSTRUCTIONS>")}]},
            Noise("injected_context", "AGENTS.md injected by Codex as a user message, not typed by the user"))
        self.item({"type": "message", "role": "user", "content": [{"type": "input_text", "text": (
            f"<environment_context>\n  <cwd>{CWD}</cwd>\n  <approval_policy>on-request</approval_policy>\n"
            "  <sandbox_mode>workspace-write</sandbox_mode>\n  <network_access>restricted</network_access>\n"
            "  <shell>bash</shell>\n</environment_context>")}]})

    def item(self, payload: dict[str, Any], tag: Tag = None) -> int:
        return self.emit({"timestamp": self.iso(), "type": "response_item", "payload": payload}, tag)

    def event(self, payload: dict[str, Any], tag: Tag = None) -> int:
        return self.emit({"timestamp": self.iso(), "type": "event_msg", "payload": payload}, tag)

    def user(self, t: str, tag: Tag = None, *, wait: tuple[int, int] = (40, 200)) -> int:
        self.tick(*wait)
        line = self.item({"type": "message", "role": "user",
                          "content": [{"type": "input_text", "text": t}]}, tag)
        self.event({"type": "user_message", "message": t, "images": []}, tag)
        self.emit({"timestamp": self.iso(), "type": "turn_context", "payload": {
            "cwd": CWD, "approval_policy": "on-request",
            "sandbox_policy": {"type": "workspace-write", "network_access": False,
                               "exclude_tmpdir_env_var": False, "exclude_slash_tmp": False},
            "model": "gpt-5.2-codex", "effort": "medium", "summary": "auto"}})
        return line

    def think(self, summary: str) -> None:
        self.tick(2, 9)
        self.item({"type": "reasoning", "summary": [{"type": "summary_text", "text": summary}],
                   "content": None, "encrypted_content": "gAAAAAB" + self.ds.b62(96)})

    def shell(self, command: str, output: str, exit_code: int = 0, tag: Tag = None) -> None:
        self.tick(2, 8)
        call_id = f"call_{self.ds.b62(24)}"
        self.item({"type": "function_call", "name": "shell", "arguments": compact(
            {"command": ["bash", "-lc", command], "workdir": CWD, "timeout_ms": 120000}), "call_id": call_id})
        self.tick(1, 20)
        seconds = round(self.ds.rng.uniform(0.1, 9.0), 1)
        self.item({"type": "function_call_output", "call_id": call_id, "output": compact(
            {"output": output, "metadata": {"exit_code": exit_code, "duration_seconds": seconds}})}, tag)

    def patch(self, path: str, minus: str, plus: str) -> None:
        self.tick(5, 30)
        call_id = f"call_{self.ds.b62(24)}"
        body = f"*** Begin Patch\n*** Update File: {path}\n@@\n-{minus}\n+{plus}\n*** End Patch\n"
        self.item({"type": "custom_tool_call", "status": "completed", "call_id": call_id,
                   "name": "apply_patch", "input": body})
        self.tick(0, 2)
        self.item({"type": "custom_tool_call_output", "call_id": call_id, "output": compact(
            {"output": f"Success. Updated the following files:\nM {path}\n",
             "metadata": {"exit_code": 0, "duration_seconds": 0.0}})})

    def say(self, t: str, tag: Tag = None, *, wait: tuple[int, int] = (3, 25)) -> int:
        self.tick(*wait)
        line = self.item({"type": "message", "role": "assistant",
                          "content": [{"type": "output_text", "text": t}]}, tag)
        self.event({"type": "agent_message", "message": t}, tag)
        rng = self.ds.rng
        last = {"input_tokens": rng.randint(2000, 9000), "cached_input_tokens": rng.randint(1000, 6000),
                "output_tokens": rng.randint(50, 900), "reasoning_output_tokens": rng.randint(0, 400)}
        last["total_tokens"] = last["input_tokens"] + last["output_tokens"]
        self.tokens += last["total_tokens"]
        self.event({"type": "token_count", "info": {"total_token_usage": {"total_tokens": self.tokens},
                                                    "last_token_usage": last, "model_context_window": 272000},
                    "rate_limits": None})
        return line


def local(day: int, hh: int, mm: int, ss: int = 0) -> datetime:
    return datetime(DAYS[day].year, DAYS[day].month, DAYS[day].day, hh, mm, ss, tzinfo=TZ)


# ================================================================ the conversations: OpenClaw

OC_DIR = "transcripts/openclaw/agents/main/sessions"
GROUP = {"chat_id": "telegram:-1002233445566",
         "extra": {"conversation_label": "nimbus "
                                         "team", "group_subject": "nimbus team", "is_group_chat": True}}
MALI = {"sender_id": "5519027731", "sender": "Mali K.", "username": "mali_k"}
TON = {"sender_id": "6120448805", "sender": "Ton P.", "username": "tonpp"}
HEARTBEAT = ("Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. Do not infer or repeat "
             "old tasks from prior chats. If nothing needs attention, reply HEARTBEAT_OK.")


def openclaw_main_a(ds: Dataset, sid: str, rel: str) -> datetime:
    """Telegram DM, days 1 and 2 (the night turns included); archived by a reset on day 3."""
    oc = OpenClaw(ds, rel, local(0, 13, 4, 51), sid)
    oc.user("hey! quick context for you: we kicked off nimbus today, the meeting-room booking service for "
            "our three branches (Silom, Ari, Thonglor). code stuff happens in Claude/Codex on my laptop, "
            "I'll ping you here for everything else")
    oc.assistant("Got it: nimbus, room bookings for Silom, Ari and Thonglor. I'll keep the non-code side "
                 "here. What do you need first?")
    oc.user("อีกเรื่องนึงครับ ต่อไปนี้ช่วยตอบเป็นภาษาไทยนะ อ่านบนมือถือง่ายกว่าเยอะ",
            Plant("oc-answer-in-thai", "Remember", ["ภาษาไทย"], "preference: answer in Thai from now "
                                                                "on", "th"))
    oc.assistant("ได้เลยครับ ต่อจากนี้ผมจะตอบเป็นภาษาไทยนะครับ",
                 Noise("assistant_echo", "the assistant acknowledging the preference is not a second item"))
    oc.user("and remember that Khun Dao at the Silom branch is our contact for the pilot. not Somchai, he "
            "moved over to Ari last month",
            Plant("oc-pilot-contact-dao", "Remember", ["Dao", "Silom", "pilot"], "pilot contact at Silom is "
                                                                                 "Khun Dao"))
    oc.assistant("รับทราบครับ ผู้ติดต่อเรื่อง pilot ที่สาขาสีลมคือคุณดาว ส่วนคุณสมชายย้ายไปสาขาอารีย์แล้ว",
                 Noise("assistant_echo"))
    oc.at(0, 13, 31)
    oc.user("ถ้าเราจะเปิดให้จองล่วงหน้าได้ 90 วัน จะกระทบอะไรบ้าง",
            Noise("hypothetical", "what would 90-day advance booking affect"))
    oc.assistant("ถ้าเปิดให้จองล่วงหน้า 90 วัน มีเรื่องที่ต้องคิดประมาณนี้ครับ\n- ตาราง bookings จะโตขึ้นราว "
                 "3 เท่า แต่ยังเล็กมากสำหรับ Postgres\n- วันหยุดนักขัตฤกษ์ปีหน้าต้องประกาศล่วงหน้า "
                 "ไม่งั้นจะมีคนจองวันที่สาขาปิด\n- "
                 "ราคาโปรโมชั่นที่เปลี่ยนกลางทางต้องชัดว่าใช้ราคาวันที่จองหรือวันที่ใช้ห้อง")
    oc.user("ยาวไปนิดนึงนะ แต่โอเค ขอคิดดูก่อน ยังไม่ต้องลงมือทำ",
            Noise("not_decided", "explicitly no decision yet (a one-off \"a bit long\": a proposal of core memory)"))
    oc.assistant("ได้ครับ")
    oc.at(0, 13, 48)
    oc.user(HEARTBEAT, Noise("heartbeat", "heartbeat poll"), chat=None)
    oc.assistant("HEARTBEAT_OK", Noise("heartbeat"), wait=(2, 5))

    # Day 2, late at night.
    oc.at(1, 22, 4)
    oc.user("ยังไม่นอนครับ 😅 ขอถามเรื่อง LINE หน่อย ตอนนี้เราส่งแจ้งเตือนการจองผ่าน LINE Notify อยู่ใช่ไหม",
            Noise("question", "are we on LINE Notify?"))
    oc.assistant("ขอเช็กในโค้ดก่อนนะครับ", tools=[(
        "exec", {"command": "rg -n 'notify-api.line.me' ~/nimbus --max-count 3"},
        "nimbus/notify/line.py:12:LINE_NOTIFY_URL = \"https://notify-api.line.me/api/notify\"")])
    oc.assistant("ใช่ครับ ตอนนี้ `nimbus/notify/line.py` ยิงไปที่ LINE Notify อยู่ แต่ LINE Notify "
                 "ปิดให้บริการไปตั้งแต่ 31 มีนาคม 2025 แล้ว ข้อความจะไม่ถึงใครเลย ทางเลือกคือ LINE Messaging "
                 "API ผ่าน Official Account (ต้องให้ลูกค้าแอดเพื่อนก่อน) หรือส่งอีเมลอย่างเดียวไปก่อน")
    oc.user("โอเค งั้นตัดสินใจเลยครับ เลิกใช้ LINE Notify แล้วย้ายไปส่งผ่าน LINE Messaging API ของ Official "
            "Account แทน ส่วนอีเมลยังส่งคู่กันเหมือนเดิม",
            Plant("oc-line-messaging-api", "Decision", ["LINE Messaging API"],
                  "notifications move from LINE Notify to the LINE Messaging API", "th"), wait=(60, 200))
    oc.assistant("รับทราบครับ พรุ่งนี้ต้องสร้าง channel access token ของ Official Account ก่อน แล้วค่อยแก้ "
                 "`nimbus/notify/line.py` ให้ใช้ push message API")
    oc.user("อีกข้อ ต่อไปให้ทุก PR ต้องมีคนรีวิวอย่างน้อยหนึ่งคนก่อน merge นะ ไม่มีข้อยกเว้น ต่อให้เป็นแก้ "
            "typo ก็ตาม",
            Plant("oc-pr-review", "Rule", ["PR", "merge"], "every PR needs one review before merge", "th"),
            wait=(300, 500))
    oc.assistant("ได้ครับ แนะนำให้เปิด branch protection ของ main ให้ต้องมี 1 approval ด้วย จะได้บังคับจริง",
                 Noise("assistant_echo"))
    oc.user("พรุ่งนี้จะคุยกับทีม design เรื่องหน้า checkout แล้วค่อยมาต่อ ไปนอนละ",
            Noise("todo", "tomorrow: talk to design about checkout"))
    oc.assistant("ฝันดีครับ")
    oc.at(1, 22, 56)
    oc.user("Pre-compaction memory flush. Store durable memories now (use memory/2026-11-17.md; create "
            "memory/ if needed). IMPORTANT: If the file already exists, APPEND new content only and do not "
            "overwrite existing entries. If nothing to store, reply with "
            "NO_REPLY.", Noise("memory_flush"), chat=None, wait=(1, 3))
    oc.assistant("NO_REPLY", Noise("memory_flush"))
    return oc.now


def openclaw_main_b(ds: Dataset, sid: str, rel: str) -> datetime:
    """Telegram DM after the day-3 reset: days 3, 4 and 5."""
    oc = OpenClaw(ds, rel, local(2, 13, 29, 42), sid)
    oc.user("มีเรื่องจากคุณดาวครับ ลูกค้า pilot ที่สีลมขอส่วนลดช่วงเปิดตัว")
    oc.assistant("ได้ครับ คุณดาวขอส่วนลดเท่าไหร่ และช่วงไหนครับ")
    oc.user("เดี๋ยวนะ เราตัดสินใจเรื่อง Redis ไปแล้วใช่ไหม เมื่อวานผมจำไม่ได้ละ",
            Noise("question", "asks whether a decision was made; contains 'decided'"))
    oc.assistant("ขอค้นในบันทึกก่อนครับ", tools=[(
        "memory_search", {"query": "Redis availability cache decision"},
        json.dumps({"results": [{"path": "memory/2026-11-17.md", "startLine": 3, "endLine": 14, "score": 0.71,
                                 "snippet": "## Decision: Cache availability in Redis with a 30s TTL",
                                 "source": "memory"}],
                    "provider": "openai", "model": "text-embedding-3-small"},
                   ensure_ascii=False))])
    oc.assistant("ใช่ครับ เมื่อวาน (17 พ.ย.) ตกลงกันว่าจะ cache availability ไว้ใน Redis 30 วินาที "
                 "(memory/2026-11-17.md#L3-L14)",
                 Noise("assistant_recall", "the agent quoting yesterday's decision"))
    oc.user("โอเค แล้วก็จำไว้ว่าลูกค้า pilot ที่สาขาสีลมได้ส่วนลด 15% ตลอดเดือนธันวาคมนะ คุณดาวยืนยันแล้ว",
            Plant("oc-silom-discount", "Remember", ["15%", "สีลม"], "Silom pilot customers get 15% off in "
                                                                    "December",
                  "th"))
    oc.assistant("จดไว้แล้วครับ ส่วนลด 15% สำหรับลูกค้า pilot สาขาสีลม "
                 "ตลอดเดือนธันวาคม", Noise("assistant_echo"))
    oc.at(2, 14, 2)
    oc.user("ถ้าสาขาอารีย์ขอแบบเดียวกันบ้าง เราทำเป็น promo code ได้ไหม หรือต้องแก้โค้ด",
            Noise("hypothetical", "if Ari asks for the same discount"))
    oc.assistant("ทำเป็น promo code ได้ครับ ถ้าเพิ่มตาราง `promotions` (code, branch, percent, valid_from, "
                 "valid_to) ไม่ต้องแก้โค้ดทุกครั้งที่มีโปรใหม่")

    # Day 4 afternoon: a proposal accepted in Thai.
    oc.at(3, 15, 40)
    oc.user("ช่วยคิดเรื่องแจ้งเตือนก่อนถึงเวลาจองหน่อย ควรส่งตอนไหนดี คนลืมมาใช้ห้องเยอะมาก")
    oc.assistant("มี 3 แบบครับ\n1. ส่งครั้งเดียว 24 ชั่วโมงก่อนเวลาจอง\n2. ส่งครั้งเดียว 2 "
                 "ชั่วโมงก่อนเวลาจอง\n3. ส่ง 2 รอบ คือ T-24h และ T-2h โดยรอบ T-2h "
                 "ส่งเฉพาะคนที่ยังไม่กดยืนยัน ถ้าไม่ยืนยันภายใน 30 นาทีก่อนเริ่ม "
                 "ห้องจะถูกปล่อยคืน\n\nผมแนะนำแบบที่ 3 ครับ ห้องว่างจะกลับมาให้คนอื่นจองได้ด้วย",
                 Proposal("oc-reminder-two-rounds"))
    oc.user("ตกลงตามที่เสนอครับ เอาแบบที่ 3",
            Plant("oc-reminder-two-rounds", "Decision", ["T-24h", "T-2h"],
                  "reminders at T-24h and T-2h, unconfirmed rooms released", "th", keywords_in="proposal"))
    oc.assistant("จัดให้ครับ จะเพิ่ม job ส่งแจ้งเตือนใน notifications worker ทั้ง 2 "
                 "รอบ", Noise("assistant_echo"))
    oc.user("เดี๋ยวพรุ่งนี้เช้าลองกับ LINE "
            "ของผมเองก่อนนะ", Noise("todo", "tomorrow: test reminders on own LINE"))
    oc.assistant("ได้ครับ")

    # Day 5 morning.
    oc.at(4, 9, 10)
    oc.user("เมื่อวาน deploy ตอนห้าโมงเย็น แล้ว staging ล่มทั้งคืน ไม่มีใครอยู่แก้เลย")
    oc.assistant("ขอดู log ก่อนครับ", tools=[(
        "exec", {"command": "ssh staging 'journalctl -u nimbus-api --since \"2026-11-19 17:00\" | tail -n "
                            "4'"},
        "Nov 19 17:06:12 staging nimbus-api[2211]: alembic.util.exc.CommandError: Can't locate revision "
        "identified by '0007_avail_view'\nNov 19 17:06:12 staging systemd[1]: nimbus-api.service: Main "
        "process exited, code=exited, status=1/FAILURE\nNov 19 17:06:17 staging systemd[1]: "
        "nimbus-api.service: Scheduled restart job, restart counter is at 1\nNov 19 17:06:18 staging "
        "nimbus-api[2230]: alembic.util.exc.CommandError: Can't locate revision identified by "
        "'0007_avail_view'")])
    oc.assistant("API ล้มตอนสตาร์ตเพราะ migration `0007_avail_view` ไม่ได้ถูก deploy ไปด้วย แล้ว systemd ก็ "
                 "restart วนอยู่ทั้งคืนครับ ต้อง deploy ไฟล์ migration ที่ขาดไปแล้ว restart อีกที")
    oc.user("ห้าม push ตรงเข้า main อยู่แล้วใช่ไหม", Noise("question", "'ห้าม' inside a question"))
    oc.assistant("ใช่ครับ main เปิด branch protection ไว้แล้ว ต้องผ่าน PR และรีวิว 1 คน")
    oc.user("ต่อจากนี้ห้าม deploy หลังบ่ายสามของวันศุกร์อีกเด็ดขาด "
            "ถ้าพังขึ้นมาจะไม่มีใครอยู่ดูช่วงเสาร์อาทิตย์",
            Plant("oc-no-friday-deploy", ["Constraint", "Rule"], ["deploy"], "no deploys after 15:00 on "
                                                                             "Fridays",
                  "th"))
    oc.assistant("รับทราบครับ ถ้าวันศุกร์เลยบ่ายสามแล้วมีคนสั่ง deploy "
                 "ผมจะเตือนก่อน", Noise("assistant_echo"))
    return oc.now


def openclaw_group(ds: Dataset, sid: str, rel: str) -> datetime:
    """The team's Telegram group (day 2): group chats stay out of memory (chat_types: [direct])."""
    oc = OpenClaw(ds, rel, local(1, 14, 9, 12), sid)
    oc.user("@nimbus_bot สรุปให้หน่อยว่าตอนนี้มีอะไรพร้อมโชว์วันศุกร์บ้าง", chat=GROUP)
    oc.assistant("ตอนนี้พร้อมแล้ว: จองห้องพร้อมกันชนไม่ได้ (exclusion constraint), หน้า availability "
                 "ของแต่ละสาขา, อีเมลยืนยันการจองผ่าน notifications worker ที่ยังไม่พร้อม: การชำระเงิน")
    oc.user("ok everyone, we decided: payments go through Omise, not Stripe. final "
            "answer", chat=GROUP, sender=MALI,
            tag=Noise("group_chat", "a decision said in a group chat"))
    oc.assistant("รับทราบครับ Omise สำหรับการชำระเงิน")
    oc.user("remember that the demo is at 15:00 on Friday at the Ari branch, bring the HDMI "
            "adapter", chat=GROUP,
            sender=TON, tag=Noise("group_chat", "a remember-this said in a group chat"))
    oc.assistant("จดไว้ครับ เดโมวันศุกร์ 15:00 ที่สาขาอารีย์")
    oc.user("จากนี้ไปทุกคนอัปเดตสถานะในกลุ่มก่อนสิบโมงนะ", chat=GROUP, sender=MALI,
            tag=Noise("group_chat", "a rule said in a group chat"))
    oc.assistant("👍")
    return oc.now


def openclaw_cron(ds: Dataset, sid: str, rel: str) -> datetime:
    """A cron-triggered session (day 3, 07:00): excluded by `exclude_sessions: cron:*`."""
    oc = OpenClaw(ds, rel, local(2, 7, 0, 2), sid)
    oc.user("[cron:nightly-bookings-digest] Summarise yesterday's bookings per branch and post it to the "
            "team group. From now on also list cancellations "
            "separately.", Noise("cron", "a scheduled prompt"), chat=None,
            wait=(0, 1))
    oc.assistant(None, tools=[("exec", {"command": "nimbus-admin report --date yesterday --by branch"},
                               "branch    bookings  cancelled\nsilom          23          2\nari            "
                               "11          0\nthonglor       17          1")])
    oc.assistant("Bookings 17 Nov: Silom 23 (2 cancelled), Ari 11, Thonglor 17 (1 cancelled). Posted to the "
                 "team group.",
                 Noise("cron"))
    return oc.now


def openclaw(ds: Dataset) -> None:
    sid_a, sid_b, sid_g, sid_c = ds.uuid4(), ds.uuid4(), ds.uuid4(), ds.uuid4()
    # Trigger: `/new` on day 3 at 13:29 local. Why: OpenClaw renames the live file before hooks run.
    # Outcome: days 1-2 live in a `.jsonl.reset.<ts>` archive that has no sessions.json entry (= direct).
    reset = f"{OC_DIR}/{sid_a}.jsonl.reset.2026-11-18T06-29-41.552Z"
    openclaw_main_a(ds, sid_a, reset)
    end_g = openclaw_group(ds, sid_g, f"{OC_DIR}/{sid_g}.jsonl")
    end_c = openclaw_cron(ds, sid_c, f"{OC_DIR}/{sid_c}.jsonl")
    end_b = openclaw_main_b(ds, sid_b, f"{OC_DIR}/{sid_b}.jsonl")
    ds.excluded += [
        {"file": f"{OC_DIR}/{sid_g}.jsonl", "reason": "group chat (sessions.json chatType group)"},
        {"file": f"{OC_DIR}/{sid_c}.jsonl", "reason": "cron session (key cron:nightly-bookings-digest)"}]
    sessions_dir = f"{HOME}/.openclaw/agents/main/sessions"

    def entry(sid: str, started: datetime, updated: datetime, chat_type: str, **extra: Any) -> dict[str, Any]:
        return {"sessionId": sid, "sessionStartedAt": int(started.timestamp() * 1000),
                "updatedAt": int(updated.timestamp() * 1000), "sessionFile": f"{sessions_dir}/{sid}.jsonl",
                "chatType": chat_type, **extra, "modelProvider": "openai", "model": "gpt-5.4-mini",
                "contextTokens": 272000, "compactionCount": 0, "abortedLastRun": False}

    store = {
        "agent:main:main": entry(sid_b, local(2, 13, 29, 42), end_b, "direct", lastChannel="telegram",
                                 displayName="Ploy S."),
        "agent:main:telegram:group:-1002233445566": entry(sid_g, local(1, 14, 9, 12), end_g, "group",
                                                           lastChannel="telegram", subject="nimbus team",
                                                           displayName="telegram:g-nimbus-team"),
        "cron:nightly-bookings-digest": entry(sid_c, local(2, 7, 0, 2), end_c, "direct",
                                              displayName="Cron: nightly-bookings-digest"),
    }
    ds.raw_files[f"{OC_DIR}/sessions.json"] = json.dumps(store, indent=2, ensure_ascii=False) + "\n"


# ================================================================ the conversations: Claude Code

CC_DIR = "transcripts/claude-code/projects/-home-user-nimbus"


def claude_day1(ds: Dataset) -> None:
    sid = ds.uuid4()
    cc = ClaudeCode(ds, f"{CC_DIR}/{sid}.jsonl", local(0, 9, 11, 30), sid, "main")
    cc.user("morning! new project: nimbus, a booking service for meeting rooms across our three co-working "
            "branches. the repo only has a pyproject and a FastAPI skeleton so far. can you look around "
            "first?")
    cc.assistant([text("Let me look at what's "
                       "there."), bash("ls -la && cat pyproject.toml", "List repo and show pyproject")],
                 results=[ok("total 24\ndrwxr-xr-x 5 user user 4096 Nov 16 09:02 .\n-rw-r--r-- 1 user user  "
                             "412 Nov 16 09:02 pyproject.toml\ndrwxr-xr-x 3 user user 4096 Nov 16 09:02 "
                             "nimbus\ndrwxr-xr-x 2 user user 4096 Nov 16 09:02 tests\n[project]\nname = "
                             "\"nimbus\"\nrequires-python = \">=3.12\"\ndependencies = [\"fastapi>=0.115\", "
                             "\"sqlalchemy>=2.0\", \"psycopg[binary]>=3.2\", \"alembic>=1.14\"]")])
    cc.assistant([text("There's a FastAPI app in `nimbus/api/`, an empty `nimbus/models.py`, SQLAlchemy and "
                       "Alembic in the dependencies, and pytest set up with one smoke test. No tables yet. "
                       "What first?")])
    cc.at(0, 9, 38)
    cc.user("the core thing is room slots. how should we store bookings so two people can never grab the "
            "same room at the same time? give me a couple of options")
    cc.assistant([text("Three ways to do it:\n\n1. **One row per 30-minute slot** (`room_id, slot_start`) "
                       "with a unique index. Simple, but it fixes the granularity and creates lots of "
                       "rows.\n2. **A `tstzrange` column with an exclusion constraint**: `EXCLUDE USING gist "
                       "(room_id WITH =, during WITH &&)`. Postgres itself rejects overlapping bookings, and "
                       "any duration works.\n3. **A Redis lock** around an availability check in application "
                       "code. Fast, but the guarantee lives outside the database and breaks if a worker dies "
                       "mid-booking.\n\nI'd lean towards 2.")], Proposal("cc-booking-exclusion"))
    cc.user("what's the difference between tstzrange and tsrange again? do we even care if everything is in "
            "Bangkok?",
            Noise("question"))
    cc.assistant([text("`tstzrange` stores `timestamptz` bounds, so every value is an absolute instant; "
                       "`tsrange` stores wall-clock times with no zone. With all branches in Bangkok it "
                       "wouldn't bite today, but the day a client sends UTC, `tsrange` silently shifts "
                       "bookings by 7 hours. `tstzrange` is the safer default and costs nothing extra.")])
    cc.user("ok go with option 2. the exclusion constraint is exactly the guarantee I want",
            Plant("cc-booking-exclusion", ["Decision", "Architecture"], ["tstzrange", "exclusion"],
                  "bookings stored as tstzrange with an exclusion constraint (option 2 accepted)",
                  keywords_in="proposal"))
    cc.assistant([text("Good. It needs the `btree_gist` extension for the `room_id WITH =` part."),
                  bash("psql \"$DATABASE_URL\" -c 'CREATE EXTENSION IF NOT EXISTS btree_gist'",
                       "Enable btree_gist on the dev database")], results=[REJECTED])
    cc.user("wait, don't run that by hand. from now on every schema change goes through an alembic "
            "migration, extensions included. nothing gets typed straight into psql on staging or prod",
            Plant("cc-alembic-only", "Rule", ["alembic", "migration"], "schema changes only through Alembic "
                                                                       "migrations"),
            wait=(5, 20))
    write_use = {"type": "tool_use", "name": "Write", "input": {
        "file_path": f"{CWD}/migrations/versions/0001_bookings.py",
        "content": "\"\"\"bookings with an exclusion constraint\"\"\"\nfrom alembic import op\n\nrevision = "
                   "\"0001_bookings\"\ndown_revision = None\n\n\ndef upgrade() -> None:\n    "
                   "op.execute(\"CREATE EXTENSION IF NOT EXISTS btree_gist\")\n    op.execute(\"\"\"\n       "
                   " CREATE TABLE bookings (\n            id bigserial PRIMARY KEY,\n            room_id int "
                   "NOT NULL REFERENCES rooms(id),\n            during tstzrange NOT NULL,\n            "
                   "EXCLUDE USING gist (room_id WITH =, during WITH &&)\n        )\n    \"\"\")\n"}}
    cc.assistant([text("Understood, I'll put the extension in the first migration."), write_use,
                  bash("uv run alembic upgrade head && uv run pytest -q", "Apply migrations and run tests")],
                 results=[("File created successfully at: " + f"{CWD}/migrations/versions/0001_bookings.py",
                           {"type": "create", "filePath": write_use["input"]["file_path"]}, False),
                          ok("INFO  [alembic.runtime.migration] Running upgrade  -> 0001_bookings, bookings "
                             "with an exclusion constraint\n...\n3 passed in 0.41s")])
    cc.assistant([text("Migration `0001_bookings` creates `btree_gist` and the `bookings` table with the "
                       "exclusion constraint; the tests pass.")])
    cc.at(0, 10, 21)
    cc.user("does this test read right to you?\n```python\n# we decided: overlapping bookings are rejected "
            "by the DB\nwith pytest.raises(IntegrityError):\n    book(room, \"10:00\", \"11:00\")\n    "
            "book(room, \"10:30\", "
            "\"11:30\")\n```", Noise("code_block", "'we decided' inside a pasted code comment"))
    cc.assistant([text("Almost: both calls are inside `pytest.raises`, so the test would also pass if the "
                       "*first* insert failed. Book 10:00-11:00 before the `with` block and keep only the "
                       "overlapping insert inside it.")])
    cc.at(0, 11, 26)
    cc.user("cool. tomorrow I'll write the seed script for the rooms of all three branches, let's stop here",
            Noise("todo", "tomorrow: seed script for rooms"))
    cc.assistant([text("Sounds good. When you do, `rooms` needs `branch`, `name` and `capacity`; the "
                       "migration references `rooms(id)`, so it has to exist first.")])


def claude_day2(ds: Dataset) -> None:
    sid = ds.uuid4()
    cc = ClaudeCode(ds, f"{CC_DIR}/{sid}.jsonl", local(1, 9, 34, 10), sid, "feat/availability-cache")
    cc.user("the availability endpoint is slow. GET /rooms/availability?branch=silom&date=2026-11-20 takes "
            "~800ms on staging. can you profile it?")
    cc.assistant([text("I'll time the endpoint with the profiler on."),
                  bash("uv run python -m cProfile -s cumtime scripts/hit_availability.py | head -n 8",
                       "Profile the availability endpoint")],
                 results=[ok("   ncalls  tottime  percall  cumtime  percall filename:lineno(function)\n      "
                             "  1    0.000    0.000    0.792    0.792 availability.py:41(get_availability)\n "
                             "      14    0.002    0.000    0.771    0.055 "
                             "availability.py:63(free_slots_for_room)\n       14    0.741    0.053    0.741  "
                             "  0.053 {method 'execute' of 'psycopg.Cursor' objects}")])
    cc.assistant([text("Almost all of it is `free_slots_for_room`: one overlap query per room, 14 rooms at "
                       "~53 ms each. The query itself is fine; it's the round trips.")])
    cc.user("could we just cache it? how stale can availability get before people notice?", Noise("question"))
    cc.assistant([text("A few seconds of staleness is invisible here, because the exclusion constraint still "
                       "rejects a double booking at write time. Two routes: batch the 14 queries into one, "
                       "or cache the result per branch and date with a short TTL and drop the key when a "
                       "booking is written.")])
    cc.user("alright, let's put availability in Redis with a 30s TTL and bust the key whenever a booking is "
            "written. that's the call for now, can you wire it into AvailabilityService?",
            Plant("cc-redis-cache", "Decision", ["Redis", "TTL"], "cache availability in Redis, 30 s TTL"))
    use, res = edit("nimbus/services/availability.py", "    def get(self, branch, day):",
                    "    def get(self, branch, day):\n        key = f\"avail:{branch}:{day}\"\n        if "
                    "(hit := self.redis.get(key)) is not None:\n            return json.loads(hit)")
    cc.assistant([text("Adding a cache-aside lookup with a 30 s TTL and invalidation in "
                       "`BookingService.create`."),
                  use, bash("uv run pytest -q tests/test_availability.py", "Run availability tests")],
                 results=[res, failed("ImportError while loading conftest "
                                      "'/home/user/nimbus/tests/conftest.py'.\ntests/conftest.py:4: in "
                                      "<module>\n    from nimbus.services.availability import "
                                      "AvailabilityService\nnimbus/services/availability.py:3: in <module>\n "
                                      "   import redis\nE   ModuleNotFoundError: No module named 'redis'")])
    cc.assistant([text("The `redis` client isn't installed. Adding it to the project and re-running."),
                  bash("uv add 'redis>=5.2' && uv run pytest -q "
                       "tests/test_availability.py", "Add redis and rerun")],
                 Noise("tool_fix", "the fix after the failing test run"),
                 results=[ok("Resolved 31 packages in 212ms\nInstalled 1 package in 9ms\n + "
                             "redis==5.2.1\n......\n6 passed in 0.84s")])
    cc.assistant([text("All 6 pass. With a warm key the endpoint answers in ~40 ms.")])
    cc.at(1, 11, 18)
    cc.user("staging logs after the deploy:\n```\n2026-11-17 03:12:44,118 ERROR nimbus.db connection to "
            "staging-db.internal:5432 failed: FATAL:  password authentication failed for user "
            "\"nimbus_app\"\n2026-11-17 03:12:44,120 WARNING nimbus.api retrying in 2s (attempt "
            "3/5)\n2026-11-17 03:12:46,131 ERROR nimbus.api giving up, returning 503\n```",
            Noise("pasted_log"))
    cc.assistant([text("Authentication is failing, so the app is picking up the wrong credentials. What does "
                       "the environment on the staging box contain?")])
    cc.user(f"this is what I exported on the staging box (test values, the key is a throwaway):\n"
            f"OPENAI_API_KEY={ds.secrets[0]}\nDATABASE_URL=postgresql://nimbus_app@staging-db.internal:5432/nimbus\n"
            f"password={FAKE_PASSWORD}\nanything wrong there?", Noise("secret", "the planted fake secret"))
    cc.assistant([text("Two things. The URL carries no password, and a bare `password=` line is read by "
                       "nothing: psycopg looks at `PGPASSWORD` or the password inside the URL. And you've "
                       "pasted an API key into the chat: even a throwaway one should be revoked now.")])
    cc.user("yeah that was dumb of me. never paste credentials into a chat or commit them to the repo again. "
            "they live in 1Password and direnv loads them from there",
            Plant("cc-no-credentials-in-chat", ["Constraint", "Rule"], ["credentials", "repo"],
                  "credentials never in chat or the repo; 1Password + direnv"))
    cc.assistant([text("Got it. I'll make sure `.envrc` can't be committed."),
                  bash("grep -qx '.envrc' .gitignore || echo '.envrc' >> .gitignore; git diff --stat",
                       "Ignore .envrc")], results=[ok(" .gitignore | 1 +\n 1 file changed, 1 insertion(+)")])
    cc.at(1, 11, 41)
    cc.user("I'll rotate the key after lunch and redeploy "
            "staging", Noise("todo", "rotate key, redeploy staging"))
    cc.assistant([text("👍 After the redeploy, `curl -s staging/healthz` should report `db: ok`.")])


def claude_day3(ds: Dataset) -> None:
    sid = ds.uuid4()
    cc = ClaudeCode(ds, f"{CC_DIR}/{sid}.jsonl", local(2, 10, 19, 5), sid, "feat/payments")
    cc.user("payments time. before we wire up Omise, where does payment code live today?")
    task = {"type": "tool_use", "name": "Task", "input": {
        "description": "Map payment-related code", "subagent_type": "Explore",
        "prompt": "Find every module in /home/user/nimbus that touches payments, prices or refunds and list "
                  "them with a one-line summary each. Do not modify files."}}
    agent_id = ds.hex(7)
    report = ("Payment-related code:\n- nimbus/api/bookings.py: charges the card inline in "
              "create_booking()\n- nimbus/services/pricing.py: price per hour, weekend surcharge\n- "
              "nimbus/utils.py: round_baht() and to_satang() helpers\nA comment in utils.py says \"remember "
              "that Omise amounts are in satang\".")
    start = cc.now
    cc.assistant([text("I'll have an explore agent map it."), task],
                 results=[([{"type": "text", "text": report}],
                           {"status": "completed", "agentId": agent_id, "totalDurationMs": 41873,
                            "totalTokens": 18211, "totalToolUseCount": 3,
                            "content": [{"type": "text", "text": report}]}, False)])
    side = ClaudeCode(ds, f"{CC_DIR}/{sid}/subagents/agent-{agent_id}.jsonl", start, sid, "feat/payments",
                      agent_id)
    side.user(task["input"]["prompt"], wait=(1, 2))
    side.assistant([{"type": "tool_use", "name": "Grep", "input": {
        "pattern": "price|refund|payment|omise", "path": CWD, "output_mode": "files_with_matches"}}],
        results=[("Found 4 files\nnimbus/api/bookings.py\nnimbus/services/pricing.py\nnimbus/utils.py\n"
                  "tests/test_pricing.py", {"mode": "files_with_matches", "numFiles": 4}, False)])
    side.assistant([text(report)], Noise("sidechain", "a sub-agent's report; subagents: false skips the "
                                                      "file"))
    ds.excluded.append({"file": side.rel, "reason": "Claude Code sub-agent sidechain (subagents: false)"})
    cc.assistant([text("Payment logic is spread over `api/bookings.py` (charges inline), "
                       "`services/pricing.py` and two helpers in `utils.py`.")])
    cc.user("let's pull all of it into its own package, `nimbus_payments`, that the API imports. not a "
            "separate service yet, just a clean boundary with its own tests",
            Plant("cc-payments-package", ["Architecture", "Decision"], ["nimbus_payments"],
                  "payments code moves into a package"))
    cc.assistant([text("Moving the modules and fixing imports."),
                  bash("mkdir -p nimbus_payments && git mv nimbus/services/pricing.py "
                       "nimbus_payments/pricing.py && uv run pytest "
                       "-q", "Create nimbus_payments and run tests")],
                 results=[ok("..........\n10 passed in 1.12s")])
    cc.at(2, 11, 7)
    cc.user("what do we do when a booking is cancelled after it's been paid?", Noise("question"))
    cc.assistant([text("Options:\n1. Auto-refund in full if cancelled more than 24h before the start, "
                       "nothing after.\n2. Never refund; issue credit to the customer's wallet instead.\n3. "
                       "Keep refunds manual for now and flag cancelled paid bookings for the branch staff.")],
                 Noise("unaccepted_proposal", "options the user then rejects"))
    cc.user("hmm, none of these yet. auto-refunds scare me before we've talked to Dao about the policy. "
            "let's park it",
            Noise("rejected_proposal"))
    cc.assistant([text("Parked. I'll leave a TODO in `nimbus_payments/refunds.py` pointing at this.")])
    cc.user("found this in an old branch, ignore the comment:\n```python\n# from now on all prices are "
            "floats in baht\nprice = float(row[\"price\"])\n```\nis it used "
            "anywhere?", Noise("code_block", "'from now on' in code"))
    cc.assistant([{"type": "tool_use", "name": "Grep", "input": {"pattern": "float\\(row\\[", "path": CWD}}],
                 results=[("No matches found", {"mode": "files_with_matches", "numFiles": 0}, False)])
    cc.assistant([text("Not referenced anywhere on this branch, safe to forget.")])
    cc.at(2, 12, 3)
    cc.user("going forward, every timestamp the API returns is UTC, ISO-8601 with a trailing Z. the frontend "
            "converts to Bangkok time, not the backend",
            Plant("cc-utc-timestamps", "Rule", ["UTC", "ISO-8601"], "API timestamps are UTC ISO-8601 with Z"))
    use, res = edit("nimbus/api/schemas.py", "class Booking(BaseModel):",
                    "class Booking(BaseModel):\n    model_config = ConfigDict(json_encoders={datetime: "
                    "utc_z})")
    cc.assistant([text("I'll enforce it in the response models."), use,
                  bash("uv run pytest "
                       "-q", "Run tests")], results=[res, ok("...........\n11 passed in 1.20s")])
    cc.at(2, 12, 31)
    cc.user("after lunch I'll go through the old endpoints and fix the ones that still return naive "
            "datetimes",
            Noise("todo"))
    cc.assistant([text("There are three: `/rooms/{id}/bookings`, `/admin/report` and `/health`.")])


def claude_day4(ds: Dataset) -> None:
    sid = ds.uuid4()
    cc = ClaudeCode(ds, f"{CC_DIR}/{sid}.jsonl", local(3, 9, 24, 40), sid, "feat/availability-view")
    cc.user("reran the load test this morning. even with the bigger pool, Redis is what falls over first, "
            "and honestly it's one more moving part for a 14-room app")
    cc.assistant([text("The numbers agree: 287 of 312 failures were Redis connection errors. If each "
                       "branch's free slots for the next 14 days were precomputed in Postgres, the "
                       "availability read would be one indexed lookup, ~25 ms.")])
    cc.user("if we dropped the cache entirely, would the plain query hold up at demo traffic?",
            Noise("hypothetical"))
    cc.assistant([text("At demo traffic, yes. At the load-test rate p95 was 900 ms without the cache, so "
                       "we'd want the precomputed version for launch.")])
    cc.user("ok, change of plan: we'll serve availability from a Postgres materialized view instead of the "
            "Redis cache, refreshed on every booking write. we no longer use Redis anywhere, so rip out the "
            "client and the docker-compose service too",
            Plant("cc-availability-matview", ["Decision", "Architecture"], ["materialized view", "Redis"],
                  "availability from a materialized view; Redis dropped", supersedes="cc-redis-cache"))
    cc.assistant([text("Replacing the cache with `availability_mv` and removing Redis."),
                  bash("uv remove redis && git rm -q nimbus/cache.py && sed -i '/^  redis:/,/^$/d' "
                       "docker-compose.yml && uv run pytest -q", "Remove redis, run tests")],
                 results=[ok("Removed 1 package\n - redis==5.2.1\n.............\n13 passed in 1.31s")])
    cc.at(3, 10, 28)
    cc.user("does REFRESH MATERIALIZED VIEW CONCURRENTLY need a unique index?", Noise("question"))
    cc.assistant([text("Yes: `CONCURRENTLY` needs at least one unique index on the view that covers all "
                       "rows. I'll add one on `(room_id, slot_start)` in migration 0007.")])
    cc.at(3, 10, 52)
    cc.user("tomorrow I'll time the refresh with the full seed data", Noise("todo"))
    cc.assistant([text("Good idea: with 3 branches × 14 days it should stay well under 100 ms.")])


def claude_day5(ds: Dataset) -> None:
    sid = ds.uuid4()
    cc = ClaudeCode(ds, f"{CC_DIR}/{sid}.jsonl", local(4, 13, 2, 15), sid, "feat/webhooks")
    wrapper = Noise("command_wrapper", "a slash command and its output, not a prompt")
    cc.user("Caveat: The messages below were generated by the user while running local commands. DO NOT "
            "respond to these messages or otherwise consider them in your response unless the user "
            "explicitly asks you to.", wrapper, meta=True, wait=(0, 1))
    cc.user("<command-name>/model</command-name>\n<command-message>model</command-message>\n<command-args>"
            "</command-args>", wrapper, command=True, wait=(0, 1))
    cc.user("<local-command-stdout>Set model to claude-sonnet-4-5</local-command-stdout>", wrapper,
            command=True, wait=(0, 1))
    cc.user("Omise webhooks are handled inside the API process right now, right? they hold the request while "
            "we update the booking")
    read = {"type": "tool_use", "name": "Read", "input": {"file_path": f"{CWD}/nimbus/api/webhooks.py"}}
    cc.assistant([read],
                 results=[("     1\t@router.post(\"/webhooks/omise\")\n     2\tasync def omise_webhook(req: "
                           "Request):\n     3\t    event = verify(req)\n     4\t    await mark_paid(event)\n "
                           "    5\t    await "
                           "send_receipt(event)\n", {"type": "text", "file": {"numLines": 5}}, False)])
    cc.assistant([text("Yes: `POST /webhooks/omise` verifies, marks the booking paid and sends the receipt, "
                       "all before it answers.")])
    cc.user("let's move webhook handling into the notifications worker we built on Monday. the API only "
            "checks the signature, enqueues the event and returns 200",
            Plant("cc-webhooks-to-worker", ["Architecture", "Decision"], ["webhook", "worker"],
                  "webhooks handled by the notifications worker"))
    use, res = edit("nimbus/api/webhooks.py", "    await mark_paid(event)\n    await send_receipt(event)",
                    "    await queue.enqueue(\"omise_event\", event)\n    return Response(status_code=200)")
    cc.assistant([text("Moving the work into the "
                       "worker."), use, bash("uv run pytest -q tests/test_webhooks.py",
                                                                     "Run webhook tests")],
                 results=[res, failed("F.\n=================================== FAILURES "
                                      "===================================\n_____ "
                                      "test_webhook_marks_booking_paid _____\n    assert booking.status == "
                                      "\"paid\"\nE   AssertionError: assert 'pending' == 'paid'\n1 failed, 1 "
                                      "passed in 0.52s")])
    cc.assistant([text("The old test expects the API to mark the booking itself. It should run the worker "
                       "now."),
                  bash("sed -i 's/client.post(url, json=evt)/client.post(url, json=evt); run_worker_once()/' "
                       "tests/test_webhooks.py && uv run pytest -q "
                       "tests/test_webhooks.py", "Fix test, rerun")],
                 Noise("tool_fix"), results=[ok("..\n2 passed in 0.47s")])
    cc.at(4, 14, 26)
    cc.user("Dao wrote in the pilot ticket: \"we decided to drop SMS reminders entirely\". is that still "
            "true or was it only for the "
            "pilot?", Noise("quoted", "a decision quoted from someone else, asked about"))
    cc.assistant([text("I can't see the ticket from here. In the code, SMS is still there behind "
                       "`SMS_ENABLED`, which is false everywhere.")])
    cc.user("remember that the Omise sandbox wipes its test cards every Monday, so the e2e suite has to "
            "create fresh ones in its setup",
            Plant("cc-omise-sandbox-cards", "Remember", ["Omise", "sandbox"], "Omise sandbox wipes test "
                                                                              "cards Mondays"))
    cc.assistant([text("Good to know. I'll make the e2e fixture create its cards.")])
    cc.at(4, 15, 8)
    cc.user("here's what I have for the fixture, ok?\n```python\n@pytest.fixture\ndef card(omise):\n    # "
            "never reuse cards again, create one per test\n    return "
            "omise.Card.create(number=\"4242424242424242\")\n```",
            Noise("code_block", "'never ... again' inside code"))
    cc.assistant([text("Looks right. Add `scope=\"function\"` explicitly so nobody widens it later.")])
    cc.at(4, 16, 14)
    cc.user("next week: the admin dashboard, and I still owe Dao the refund policy doc", Noise("todo"))
    cc.assistant([text("Noted for Monday.")])


def claude_code(ds: Dataset) -> None:
    for build in (claude_day1, claude_day2, claude_day3, claude_day4, claude_day5):
        build(ds)


# ================================================================ the conversations: Codex

def codex_day1(ds: Dataset) -> None:
    cx = Codex(ds, local(0, 16, 2, 7))
    cx.user("看一下 nimbus/api/bookings.py，预订成功之后现在是怎么发确认邮件的？")
    cx.think("**Locating email sending in bookings flow**")
    cx.shell("rg -n \"send_mail\" "
             "nimbus", "nimbus/api/bookings.py:58:    send_mail(booking.email, render_confirmation"
             "(booking))\nnimbus/mail.py:9:def send_mail(to: str, body: str) -> None:")
    cx.say("现在是在 `create_booking()` 里直接同步调用 `send_mail()`（`nimbus/api/bookings.py:58`）。SMTP 慢"
           "的时候，整个预订请求会多卡 2–3 秒。")
    cx.user("要是 SMTP 挂了，现在会重试吗？", Noise("question"))
    cx.say("不会。异常直接抛到 API 层，用户看到的是 500，但预订其实已经写进数据库了。")
    cx.at(0, 16, 37)
    cx.user("那就这样定了：通知单独拆成一个 worker 服务，API 只往队列里放消息，不再直接发邮件。队列先用 "
            "Postgres 的 LISTEN/NOTIFY 就够了。",
            Plant("cx-notifications-worker", ["Architecture", "Decision"], ["worker"],
                  "notifications split into a worker service fed through a queue", "zh"))
    cx.think("**Adding notifications worker**")
    cx.patch("nimbus/api/bookings.py", "    send_mail(booking.email, render_confirmation(booking))",
             "    enqueue(\"booking_confirmed\", booking.id)")
    cx.shell("uv run pytest "
             "-q", "ImportError while importing test module '/home/user/nimbus/tests/test_notify.py'.\n"
             "E   ModuleNotFoundError: No module named 'nimbus.notify.worker'\n1 error in 0.31s", 1,
             tag=Noise("tool_error", "failing test run"))
    cx.say("测试找不到 `nimbus.notify.worker`，我先把 worker 模块补上。")
    cx.patch("nimbus/notify/worker.py", "", "async def run() -> None:  # LISTEN nimbus_events; dispatch by "
                                            "kind")
    cx.shell("uv run pytest -q", "......\n6 passed in 0.58s", tag=Noise("tool_fix"))
    cx.say("worker 已经加好：`nimbus/notify/worker.py` 监听 `nimbus_events`，API 只负责 `enqueue()`。测试全部"
           "通过。")
    cx.at(0, 17, 9)
    cx.user("好。明天我再写 worker 的 systemd unit，今天先到"
            "这", Noise("todo", "tomorrow: systemd unit for the worker"))
    cx.say("好的，明天见。")


def codex_day2(ds: Dataset) -> None:
    cx = Codex(ds, local(1, 15, 19, 40))
    cx.user("帮我看一下价格显示那块，现在 API 返回给前端的是不含税的价格吧？", Noise("question"))
    cx.think("**Checking price fields**")
    cx.shell("rg -n \"price_thb\" nimbus | head -n 3", "nimbus/api/schemas.py:22:    price_thb: "
             "Decimal\nnimbus/services/pricing.py:31:    return PriceView(price_thb=base * hours)")
    cx.say("对，`price_thb` 是不含税价，前端拿到就直接显示了。")
    cx.user("记住：泰国的 VAT 是 7%，给用户看的价格必须是含税价，只有发票上才把税单独列出来。",
            Plant("cx-vat-inclusive", ["Remember", "Rule"], ["VAT", "7%"], "Thai VAT 7%, show VAT-inclusive "
                                                                           "prices",
                  "zh"))
    cx.patch("nimbus/services/pricing.py", "    return PriceView(price_thb=base * hours)",
             "    return PriceView(price_thb=base * hours, price_incl_vat=base * hours * VAT_RATE)")
    cx.shell("uv run pytest -q tests/test_pricing.py", "....\n4 passed in 0.22s")
    cx.say("好的，记住了。`PriceView` 加了 `price_incl_vat`，前端改用这个字段。", Noise("assistant_echo"))
    cx.at(1, 16, 4)
    cx.user("如果以后要支持多币种，比如新加坡元，数据库那边要怎么改？先别动代码，就问问"
            "。", Noise("hypothetical"))
    cx.say("最简单是每条价格加一个 `currency` 列（ISO 4217），金额仍然用最小货币单位的整数存，汇率单独一张表"
           "按天存。")
    cx.user("明天我再把 invoice 模板改成含税的格式", Noise("todo"))
    cx.say("好。")


def codex_night(ds: Dataset) -> None:
    """Day 3, 23:18 to past midnight: the file sits under day 3, the late statement belongs to day 4."""
    cx = Codex(ds, local(2, 23, 18, 5))
    cx.user("load test 跑完了，结果有点奇怪，我把 k6 的输出贴一下：\n```\n     "
            "checks.........................: 97.41% ✓ 11688  ✗ 312\n     http_req_duration..............: "
            "avg=412.3ms min=38.1ms med=301.7ms max=4.81s p(90)=902.4ms p(95)=1.37s\n     "
            "http_req_failed................: 2.59%  ✓ 312    ✗ 11688\nERRO[0183] GoError: context deadline "
            "exceeded   source=console\n```", Noise("pasted_log"))
    cx.think("**Investigating load test failures**")
    cx.shell("grep -c 'redis.exceptions.ConnectionError' logs/api.log", "287")
    cx.say("312 个失败里有 287 个是 `redis.exceptions.ConnectionError`：连接池 `max_connections=10` 被打满了"
           "。")
    cx.user("先把连接池调到 50 再跑一次")
    cx.patch("nimbus/cache.py", "pool = "
                                "ConnectionPool(max_connections=10)", "pool = "
                                                                      "ConnectionPool(max_connections=50)")
    cx.shell("uv run pytest "
             "-q", "F...........\n=================================== FAILURES "
                   "===================================\n"
             "___ test_price_incl_vat ___\n    assert view.price_incl_vat == 1070.0\nE   assert "
             "1069.9999999999998 == "
             "1070.0\n1 failed, 11 passed in 1.02s", 1, tag=Noise("tool_error"))
    cx.say("连接池改好了，但有个测试挂了：`price_incl_vat` 用 float 算，1000 × 1.07 得到 "
           "1069.9999999999998。")
    cx.at(3, 0, 13)
    cx.user("以后所有金额一律用 satang 整数存和计算，不要再用 float 了，只有显示的时候才除以 100。",
            Plant("cx-amounts-in-satang", ["Rule", "Constraint"], ["satang"],
                  "money as integer satang, never float (said after midnight)", "zh"), wait=(0, 5))
    cx.patch("nimbus/services/pricing.py", "price_incl_vat=base * hours * VAT_RATE",
             "price_incl_vat_satang=base_satang * hours * 107 // 100")
    cx.shell("uv run pytest -q", "............\n12 passed in 0.97s", tag=Noise("tool_fix"))
    cx.say("改成 satang 整数以后 12 个测试都过了。")
    cx.at(3, 0, 48)
    cx.user("好，明天早上再跑一遍 load test，睡"
            "了", Noise("todo", "after midnight: tomorrow morning rerun load test"),
            wait=(0, 5))
    cx.say("晚安。")


def codex_day4(ds: Dataset) -> None:
    cx = Codex(ds, local(3, 14, 5, 22))
    cx.user("Omise 的退款我们是自己算手续费还是用他们的 API？现在代码里好像两种都有", Noise("question"))
    cx.think("**Reviewing refund code paths**")
    cx.shell("rg -n \"def .*refund\" "
             "nimbus_payments", "nimbus_payments/refunds.py:14:def refund_fee(amount_satang: "
             "int) -> int:\nnimbus_payments/omise_client.py:40:def create_refund(charge_id: str, amount: "
             "int):")
    cx.say("两种都有：`refunds.py` 里有一个自己按 3.65% 算手续费的函数，`omise_client.py` 里直接调 Omise 的 "
           "refund API。")
    cx.user("决定了，退款统一走 Omise 的 refund API，手续费以 Omise 返回的为准，我们自己那个计算函数删掉。",
            Plant("cx-refunds-via-omise", ["Decision", "Rule"], ["Omise", "refund"],
                  "refunds only via Omise's refund API", "zh"))
    cx.patch("nimbus_payments/refunds.py", "def refund_fee(amount_satang: int) -> int:", "")
    cx.shell("uv run pytest -q", "..............\n14 passed in 1.05s")
    cx.say("删掉了 `refund_fee()`，所有退款都走 `create_refund()`。另外建议给 webhook 加幂等键（用 Omise 的 "
           "event id 去重），避免重复退款，要我现在加吗？", Noise("unaccepted_proposal"))
    cx.user("这个先放一放，下周再说", Noise("rejected_proposal", "deferred, not decided"))
    cx.say("好的。")


def codex_day5(ds: Dataset) -> None:
    cx = Codex(ds, local(4, 17, 0, 30))
    cx.user("帮我看看 CI 今天为什么这么慢")
    cx.think("**Checking CI runs**")
    cx.shell("gh run list --limit "
             "3", "completed  success  feat/webhooks  CI  push  11m02s\ncompleted  success  main  CI  "
             "push  10m47s\ncompleted  success  main  CI  push  3m12s")
    cx.say("从昨天起每次都 10 分钟以上，是因为 e2e job 每次都重新创建 Omise sandbox 的测试卡，还没有缓存 "
           "`uv` 的依赖。")
    cx.user("假如以后要上 GraphQL，现在的 REST 路由要怎么兼容？只是问问，不做。", Noise("hypothetical"))
    cx.say("可以在同一个 FastAPI 应用里挂 `/graphql`，resolver 直接调用现有 service 层，REST 路由不用动。")
    cx.at(4, 17, 26)
    cx.user("one more thing for the team: from now on every new endpoint ships with an OpenAPI example, and "
            "CI should fail if one is missing. can you add that check?",
            Plant("cx-openapi-examples", "Rule", ["OpenAPI", "example"], "new endpoints need an OpenAPI "
                                                                         "example"))
    cx.patch("scripts/check_openapi_examples.py", "", "missing = [p for p in spec_paths() if not "
                                                      "has_example(p)]")
    cx.shell("uv run python scripts/check_openapi_examples.py", "checked 23 operations, 0 missing examples")
    cx.say("加好了：`scripts/check_openapi_examples.py` 在 CI 的 lint 步骤里跑，缺 example 就失败。")
    cx.user("and from now on, whenever we add an endpoint: first write its OpenAPI example, then run "
            "scripts/check_openapi_examples.py, then open the PR.",
            Noise("procedure", "a procedure: it goes to memory/procedures.md, not the daily log"))
    cx.say("Understood: example, check, then the PR.")
    cx.user("谢谢，周末愉快")
    cx.say("周末愉快！")


def codex(ds: Dataset) -> None:
    for build in (codex_day1, codex_day2, codex_night, codex_day4, codex_day5):
        build(ds)


# ================================================================ answer key and output

HEADER = """\
# Answer key of the bundled demo transcripts. GENERATED by scripts/make_demo_data.py: do not edit by hand.
#
# `file` paths are relative to this file's folder. `lines` are 1-based line numbers of the statement
# (Codex copies a user turn into a response_item and an event_msg line: both are listed).
# `proposal_lines`: the assistant proposal that the statement accepts; the item's content (and its
# key words) come from it, and the entry's message_range should cover proposal and acceptance.
# `keywords` (case-insensitive) must appear in the extracted entry's title or conclusion.
# `kind` is a list where two kinds are equally right; Rule and Constraint are one family.
# `local_date` (Asia/Bangkok) is the daily file the entry belongs in.
# `noise`: lines that must NOT produce an entry (hard negatives; todo / tool_error / tool_fix lines
# are material for the daily wrap-up, not for memory). `excluded_files`: no entry may come from
# these files at all. `secrets`: strings that must never appear in any output or workspace file.
#
# End to end: configure the three sources below (paths relative to this folder, timezone
# Asia/Bangkok), run microsync at 10:00, 13:00, 16:00, 19:00 and 22:00 local on each day
# with --now: the daily files then hold exactly `items`, also those said after 22:00 or
# after midnight (picked up by the next morning's run).
"""


def _j(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def answer_key(ds: Dataset) -> str:
    proposals = {t.tag.key: t for t in ds.tags if isinstance(t.tag, Proposal)}
    plants = sorted((t for t in ds.tags if isinstance(t.tag, Plant)), key=lambda t: t.local)
    keys = [t.tag.key for t in plants]
    assert len(set(keys)) == len(keys), "duplicate plant key"
    assert set(proposals) <= set(keys), "a proposal nobody accepts"
    for t in plants:
        if t.tag.key in proposals:  # keep proposal and acceptance inside one microsync window
            before, after = proposals[t.tag.key].local, t.local
            runs = [before.replace(hour=h, minute=0, second=0, microsecond=0) for h in (10, 13, 16, 19, 22)]
            assert before.date() == after.date() and not any(before < r <= after for r in runs), t.tag.key
    out = [HEADER, f"timezone: {TZ.key}", f"days: {_j([d.isoformat() for d in DAYS])}",
           "microsync_local_times: [\"10:00\", \"13:00\", \"16:00\", \"19:00\", \"22:00\"]", "sources:",
           "  - {format: openclaw, path: transcripts/openclaw/agents, chat_types: [direct]}",
           "  - {format: claude-code, path: transcripts/claude-code/projects, subagents: false}",
           "  - {format: codex, path: transcripts/codex/sessions}",
           f"secrets: {_j(ds.secrets)}", "excluded_files:"]
    out += [f"  - {{file: {_j(e['file'])}, reason: {_j(e['reason'])}}}" for e in ds.excluded]
    out.append("items:")
    for t in plants:
        p: Plant = t.tag  # type: ignore[assignment]
        assert p.supersedes is None or p.supersedes in keys[: keys.index(p.key)], p.supersedes
        out += [f"  - id: {p.key}", f"    kind: {_j(p.kind)}", f"    format: {t.fmt}",
                f"    file: {_j(t.file)}", f"    session_id: {ds.sessions[t.file]}",
                f"    lines: {_j(t.lines)}"]
        if p.key in proposals:
            out.append(f"    proposal_lines: {_j(proposals[p.key].lines)}")
        else:
            assert p.keywords_in == "statement", p.key
        out += [f"    local_date: \"{t.local.date().isoformat()}\"", f"    local_time: \"{t.local:%H:%M}\"",
                f"    lang: {p.lang}", f"    keywords: {_j(p.keywords)}", f"    keywords_in: {p.keywords_in}",
                f"    supersedes: {p.supersedes or 'null'}", f"    note: {_j(p.note)}"]
    out.append("noise:")
    for t in sorted((t for t in ds.tags if isinstance(t.tag, Noise)), key=lambda t: (t.file, t.lines)):
        n: Noise = t.tag  # type: ignore[assignment]
        fields = {"type": n.type, "format": t.fmt, "file": t.file, "lines": t.lines,
                  "local_date": t.local.date().isoformat()}
        if n.note:
            fields["note"] = n.note
        out.append("  - {" + ", ".join(f"{k}: {_j(v)}" for k, v in fields.items()) + "}")
    return "\n".join(out) + "\n"


def build() -> Dataset:
    ds = Dataset()
    ds.secrets = [f"sk-proj-{FAKE_KEY_TAIL}{ds.b62(40 - len(FAKE_KEY_TAIL))}", FAKE_PASSWORD]
    openclaw(ds)
    claude_code(ds)
    codex(ds)
    return ds


def generate(out: Path) -> list[Path]:
    """Write transcripts and expected.yaml under `out`; returns the files written, sorted."""
    import shutil

    ds = build()
    root = out / "transcripts"
    if root.exists():  # our own output: a stale file from an older run must not linger
        shutil.rmtree(root)
    contents = {rel: "".join(line + "\n" for line in lines) for rel, lines in ds.files.items()}
    contents.update(ds.raw_files)
    contents["expected.yaml"] = answer_key(ds)
    written = []
    for rel, data in sorted(contents.items()):
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode("utf-8"))
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else DEFAULT_OUT
    files = generate(out)
    total = sum(f.stat().st_size for f in files)
    print(f"wrote {len(files)} files, {total:,} bytes under {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
