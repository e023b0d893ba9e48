"""A multi-day fixture for the daily wrap-up: Claude Code transcripts written line by line in the
real format (as Claude Code writes them), a hand-written decision log, and a workspace whose
config points at them. Other daily/wrap-up tests import `build_fixture`.

Days (Asia/Bangkok, UTC+7): 2026-11-18 (English, an error → fix, a decision), 2026-11-19 (Thai,
an excluded heartbeat session, a hand-written log with a recent/ overflow file), 2026-11-20
(Chinese, a session from 22:30 to 23:40 local), 2026-11-21 (nothing at all).
"""
# ruff: noqa: E501  -- transcript lines read best one message per line
from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from memory_store.entries import BlockEntry, Source, make_id
from memory_store.markdown_write import serialize_entry
from memory_store.workspace import init_workspace

BKK = timezone(timedelta(hours=7))
DAYS = [date(2026, 11, 18), date(2026, 11, 19), date(2026, 11, 20)]


@dataclass
class ClaudeSession:
    """Writes one Claude Code session file, one JSON object per line."""

    path: Path
    session_id: str
    lines: list[dict[str, Any]] = field(default_factory=list)
    _n: int = 0

    def _base(self, kind: str, at: datetime) -> dict[str, Any]:
        self._n += 1
        return {"parentUuid": None, "isSidechain": False, "userType": "external", "cwd": "/home/user/app",
                "sessionId": self.session_id, "version": "2.0.76", "gitBranch": "main", "type": kind,
                "uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, f"{self.session_id}/{self._n}")),
                "timestamp": at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")}

    def user(self, at: datetime, text: str) -> ClaudeSession:
        self.lines.append({**self._base("user", at), "message": {"role": "user", "content": text}})
        return self

    def assistant(self, at: datetime, text: str) -> ClaudeSession:
        self.lines.append({**self._base("assistant", at), "message": {
            "role": "assistant", "type": "message", "model": "claude-sonnet-4-5",
            "content": [{"type": "text", "text": text}]}})
        return self

    def tool(self, at: datetime, name: str, args: dict[str, Any], result: str, error: bool = False) -> ClaudeSession:
        tid = f"toolu_{self.session_id[:4]}{self._n:04d}"
        self.lines.append({**self._base("assistant", at), "message": {
            "role": "assistant", "type": "message", "model": "claude-sonnet-4-5",
            "content": [{"type": "tool_use", "id": tid, "name": name, "input": args}]}})
        block: dict[str, Any] = {"tool_use_id": tid, "type": "tool_result", "content": result}
        if error:
            block["is_error"] = True
        self.lines.append({**self._base("user", at + timedelta(seconds=2)),
                           "message": {"role": "user", "content": [block]}})
        return self

    def write(self) -> Path:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text("".join(json.dumps(obj, ensure_ascii=False) + "\n" for obj in self.lines),
                             encoding="utf-8")
        return self.path


def at(day: date, hh: int, mm: int) -> datetime:
    return datetime(day.year, day.month, day.day, hh, mm, tzinfo=BKK)


def entry(kind: str, day: date, title: str, statement: str, session: ClaudeSession, rng: str) -> BlockEntry:
    return BlockEntry(kind=kind, title=title, id=make_id(kind, day.isoformat(), title, statement),
                      date=day.isoformat(), source=Source(session.session_id, str(session.path), rng),
                      conclusion=statement, confidence=0.9, excerpt=statement[:200])


@dataclass
class Fixture:
    workspace: Path
    transcripts: Path
    sessions: dict[str, ClaudeSession]
    entries: dict[date, list[tuple[str, BlockEntry]]]     # day -> (file rel, entry) written by hand


def build_fixture(root: Path, *, summary_lines: int | None = None) -> Fixture:
    ws = root / "ws"
    init_workspace(ws)
    tr = root / "transcripts" / "projects" / "-home-user-app"
    d18, d19, d20 = DAYS
    s: dict[str, ClaudeSession] = {}

    a = ClaudeSession(tr / "a1f0c0de-0000-4000-8000-000000000018.jsonl", "a1f0c0de-0000-4000-8000-000000000018")
    a.user(at(d18, 9, 0), "hi")
    a.user(at(d18, 9, 1), "Set up the bookings API tests. The suite fails on my machine.")
    a.assistant(at(d18, 9, 2), "Let me run the tests first.")
    a.tool(at(d18, 9, 3), "Bash", {"command": "uv run pytest -q"},
           "Traceback (most recent call last):\n  File \"tests/conftest.py\", line 3, in <module>\n"
           "    import psycopg\nModuleNotFoundError: No module named 'psycopg'", error=True)
    a.assistant(at(d18, 9, 4), "The suite fails because psycopg is missing from the dev dependencies. I'll add it.")
    a.tool(at(d18, 9, 5), "Bash", {"command": "uv add --dev psycopg"}, "Resolved 12 packages\nInstalled psycopg")
    a.tool(at(d18, 9, 6), "Bash", {"command": "uv run pytest -q"}, "14 passed in 1.20s")
    a.assistant(at(d18, 9, 7), "All 14 tests pass now.")
    a.user(at(d18, 9, 20), "ok let's go with postgres for bookings, mysql is out.")
    a.user(at(d18, 9, 30), "TODO: write the rooms seed script. I'll do the staging deploy tomorrow.")
    a.assistant(at(d18, 9, 31), "Noted. Should I also draft the Alembic migration for rooms?")
    s["a"] = a

    b = ClaudeSession(tr / "b2f0c0de-0000-4000-8000-000000000019.jsonl", "b2f0c0de-0000-4000-8000-000000000019")
    b.user(at(d19, 14, 0), "สวัสดีครับ")
    b.user(at(d19, 14, 1), "ช่วยดูหน้า checkout หน่อย ปุ่มจ่ายเงินกดไม่ได้บนมือถือ")
    b.assistant(at(d19, 14, 3), "ปุ่มถูก overlay บังอยู่ครับ แก้ z-index แล้วใช้ได้ครับ")
    b.user(at(d19, 14, 10), "เดี๋ยวผมจะส่งรายงานให้ทีม design พรุ่งนี้")
    b.user(at(d19, 14, 12), "ต้องอัปเดตเอกสาร API ด้วย")
    b.assistant(at(d19, 14, 13), "ได้ครับ อัปเดตเอกสาร API เสร็จแล้วครับ")
    s["b"] = b

    hb = ClaudeSession(tr / "c3f0c0de-0000-4000-8000-000000000019.jsonl", "c3f0c0de-0000-4000-8000-000000000019")
    hb.user(at(d19, 15, 0), "heartbeat: check the queue. I'll restart the worker.")
    hb.assistant(at(d19, 15, 1), "Queue is fine.")
    s["heartbeat"] = hb

    c = ClaudeSession(tr / "d4f0c0de-0000-4000-8000-000000000020.jsonl", "d4f0c0de-0000-4000-8000-000000000020")
    c.user(at(d20, 22, 30), "帮我看一下通知 worker 为什么一直重试")
    c.assistant(at(d20, 22, 35), "重试是因为 SMTP 超时设置太短了，我把超时改成 30 秒。")
    c.user(at(d20, 23, 10), "好。明天要把 worker 部署到 staging。")
    c.user(at(d20, 23, 40), "还有，队列满了怎么办？")
    s["late"] = c
    for sess in s.values():
        sess.write()

    e18 = entry("Decision", d18, "Use PostgreSQL for bookings", "Bookings live in PostgreSQL; MySQL is out.", a,
                "L10-L10")
    e19 = entry("Rule", d19, "Checkout buttons need a mobile test", "Every checkout change is tested on mobile.", b,
                "L2-L3")
    e19b = entry("Remember", d19, "Design team owns the checkout copy", "The design team owns checkout copy.", b,
                 "L5-L5")
    written = {d18: [("memory/2026-11-18.md", e18)], d19: [("memory/2026-11-19.md", e19),
                                                          ("memory/recent/2026-11-19-remember.md", e19b)]}
    for pairs in written.values():
        for rel, e in pairs:
            target = ws / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            title = rel.rsplit("/", 1)[-1].removesuffix(".md")
            target.write_text(f"# {title}\n\n" + serialize_entry(e), encoding="utf-8")
    limits = f"limits: {{summary_lines: {summary_lines}}}\n" if summary_lines else ""
    (ws / "memjobs.yaml").write_text(
        "timezone: Asia/Bangkok\n"
        f"transcripts:\n  - {{format: claude-code, path: {root / 'transcripts' / 'projects'}}}\n" + limits,
        encoding="utf-8")
    return Fixture(ws, root / "transcripts", s, written)


def test_fixture_reads_back_through_the_real_readers(tmp_path: Path):
    """Pins: the hand-built transcripts are real Claude Code lines (the reader yields records with
    tool calls, a flagged failing tool result, and the local days we meant)."""
    from jobs.daily.inputs import sessions_of_days
    from memory_store.config import load_config
    from memory_store.transcripts.records import Flag, Role

    fx = build_fixture(tmp_path)
    cfg = load_config(fx.workspace, env={})
    by_day = sessions_of_days(cfg, [*DAYS, date(2026, 11, 21)])
    assert [len(by_day[d]) for d in DAYS] == [1, 1, 1]          # the heartbeat session is excluded
    assert by_day[date(2026, 11, 21)] == []
    recs = by_day[DAYS[0]][0].records
    assert any(r.role == Role.TOOL_CALL and r.tool_name == "Bash" for r in recs)
    assert any(r.role == Role.TOOL_RESULT and Flag.ERROR in r.flags for r in recs)
    late = by_day[DAYS[2]][0].records
    assert late[-1].ts.astimezone(BKK).hour == 23
