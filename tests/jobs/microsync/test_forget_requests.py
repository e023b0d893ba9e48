"""A request to forget, in any language, acts as a forget and is never written as a memory
(docs/design.md §6.3; jobs/microsync/forget_requests.py): the router reads it as a forget, the
extractor keeps no Remember, Rule or Decision of it, and microSync leaves its value out of the daily
log while revoking the fact it names."""
from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from jobs.microsync.rules.rules import RuleExtractor
from memory_store.config import load_config
from memory_store.core.router import route
from memory_store.core.store import CoreMemory
from memory_store.transcripts.records import Record, Role
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

FORGETS = [
    # Chinese, simplified and traditional
    ("请忘记我的手机号 13812345678", "user.other"),
    ("請忘記我的手機號 13812345678", "user.other"),
    ("忘掉我的名字吧", "user.name"),
    ("忘记我叫阿凯", "user.name"),
    ("请忘记我住在上海", "user.timezone"),
    ("请忘记我喜欢中文回答这件事", "user.other"),
    ("不要再记我的生日了", "user.other"),
    ("别记我的手机号了", "user.other"),
    ("不用记住我的生日", "user.other"),
    ("把我的手机号忘掉吧", "user.other"),
    # Thai
    ("ลืมเบอร์โทรผม 0812345678 ไปได้เลย", "user.other"),
    ("ไม่ต้องจำเบอร์โทรผม 0812345678 แล้ว", "user.other"),
    ("ไม่ต้องจำชื่อผมนะ", "user.name"),
    ("ลืมชื่อผมไปเลย", "user.name"),
    ("ช่วยลืมว่าผมชอบตอบเป็นตารางด้วย", "response.format.default"),
    # English
    ("please forget my phone number 0812345678", "user.other"),
    ("please forget my phone number, it's 0812345678", "user.other"),
    ("forget that my phone number is 0812345678", "user.other"),
    ("don't remember my phone number 0812345678", "user.other"),
    ("you can forget my address, 12 Baker Street", "user.other"),
    ("stop remembering my birthday", "user.other"),
    ("forget my name, don't keep it", "user.name"),
    ("forget that I prefer tables", "response.format.default"),
]

NOT_FORGETS = [
    "I forget my password all the time",
    "don't forget my birthday is on Friday",
    "my app forgets my settings after restart",
    "forget the regex idea, use a proper parser",
    "我忘了我的密码",
    "我老是忘记我的密码",
    "别忘了我的生日",
    "你忘了我的名字吗？",
    "忘了剛剛那個 schema 吧，我們改用 JSONB 欄位",
    "ผมลืมรหัสผ่านผมไปเลย",
    "อย่าลืมวันเกิดผมนะ",
    # the speaker's own forgetting of a thing the agent keeps, said in thanks or asking to check it
    "ลืมไปเลยว่าเคยบอกให้ตอบเป็นตาราง ดีแล้วที่จำได้",
    "ลืมไปเลยว่าบอกให้เรียกผมว่า Kit ขอบคุณครับ",
    "ผมลืมที่ตั้งค่าไว้ว่าตอบเป็นตารางแล้ว ช่วยดูให้หน่อย",
    "ผมลืมไปแล้วว่าเรื่องที่ให้ตอบเป็นตาราง ดีที่จำได้",
    "I forget what I told you about the format, glad you remembered",
    "I totally forgot I asked you to answer in tables, glad you remembered",
    "我都忘了之前说的那条表格规则了，还好你记得",
]

# a request in the same turn as the speaker's own forgetting, or a forget said with "ไปได้เลย" / ช่วย / 帮我
FORGETS_BESIDE_ONES_OWN = [
    ("ผมลืมไปเลยว่าเคยบอก แต่ช่วยลบเรื่องที่ให้ตอบเป็นตารางด้วย", "response.format.default"),
    ("ลืมเรื่องที่ให้ตอบเป็นตารางไปได้เลย", "response.format.default"),
    ("ชื่อผมลืมไปได้เลย", "user.name"),
    ("请帮我忘掉之前说的那条", "instruction.other"),
    ("forget what I said about tables", "response.format.default"),
]

T0 = datetime(2026, 11, 16, 3, tzinfo=UTC)


def _user(text: str, line: int = 1) -> Record:
    return Record(source="claude-code", session_id="s", path="/t/s.jsonl", line=line, line_end=line, ts=T0,
                  role=Role.USER, text=text)


@pytest.mark.parametrize(("turn", "key"), FORGETS)
def test_a_forget_request_routes_as_a_forget(turn: str, key: str) -> None:
    got = route(turn)
    assert got is not None and (got.label, got.key) == ("forget", key), got


@pytest.mark.parametrize("turn", NOT_FORGETS)
def test_forgetting_something_yourself_or_a_reminder_is_no_forget(turn: str) -> None:
    got = route(turn)
    assert got is None or got.label != "forget", got


@pytest.mark.parametrize(("turn", "key"), FORGETS_BESIDE_ONES_OWN)
def test_a_forget_request_beside_ones_own_forgetting_is_still_a_forget(turn: str, key: str) -> None:
    got = route(turn)
    assert got is not None and (got.label, got.key) == ("forget", key), got


@pytest.mark.parametrize(("turn", "key"), FORGETS)
def test_a_forget_request_is_never_extracted_as_a_memory(turn: str, key: str) -> None:
    assert RuleExtractor().extract([_user(turn)]) == []


@pytest.mark.parametrize("turn", ["ลืมไปเลยว่าเคยบอกให้ตอบเป็นตาราง ดีแล้วที่จำได้", "ลืมไปเลยว่าบอกให้เรียกผมว่า Kit ขอบคุณครับ"])
def test_ones_own_forgetting_said_in_thanks_is_no_memory(turn: str) -> None:
    assert RuleExtractor().extract([_user(turn)]) == []      # ไปเลย of ลืมไปเลย is no "go with it" decision


def test_other_statements_of_a_forget_turn_stay() -> None:
    found = RuleExtractor().extract([_user("forget my name, don't keep it. we decided to use Postgres for the "
                                           "orders service")])
    assert [c.kind for c in found] == ["Decision"] and "postgres" in found[0].statement.casefold()


def test_reminders_are_still_remembered() -> None:
    found = RuleExtractor().extract([_user("don't forget my birthday is on Friday")])
    assert [c.kind for c in found] == ["Remember"]


SID = "fe000000-0000-4000-8000-000000000001"


@pytest.mark.parametrize("forget", ["请忘记我的名字，还有手机号 13812345678 也别记了", "請忘記我的名字 13812345678",
                                    "ลืมชื่อผมไปได้เลย 0812345678", "please forget my name and my number 0812345678"])
def test_microsync_revokes_the_name_and_keeps_no_value_in_the_daily_log(tmp_path: Path, forget: str) -> None:
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(date(2026, 11, 18), 9, 0), "call me Somchai from now on")
    s.assistant(at(date(2026, 11, 18), 9, 1), "Sure, Somchai.")
    s.user(at(date(2026, 11, 18), 9, 2), forget)
    s.assistant(at(date(2026, 11, 18), 9, 3), "Done.")
    s.write()
    rep = microsync(ws, "2026-11-18T10:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    mem = CoreMemory.from_config(load_config(ws, env={}),
                                 clock=lambda: datetime.fromisoformat("2026-11-18T10:00:00+07:00"))
    assert "user.name" not in mem.resolve().values
    assert any(e["type"] == "fact.revoked" for e in mem.audit())
    logs = "".join(p.read_text(encoding="utf-8") for p in (ws / "memory").glob("*.md"))
    for value in ("13812345678", "0812345678", "忘记", "忘記", "ลืม", "forget my"):
        assert value not in logs


@pytest.mark.parametrize(("thanks", "key"), [("ลืมไปเลยว่าเคยบอกให้ตอบเป็นตาราง ดีแล้วที่จำได้", "response.format.default"),
                                             ("ลืมไปเลยว่าบอกให้เรียกผมว่า Kit ขอบคุณครับ", "user.name")])
def test_a_thank_you_for_remembering_keeps_the_fact(tmp_path: Path, thanks: str, key: str) -> None:
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(date(2026, 11, 18), 9, 0), "call me Kit")
    s.user(at(date(2026, 11, 18), 9, 1), "from now on answer in tables")
    s.assistant(at(date(2026, 11, 18), 9, 2), "Here is the summary as a table, Kit.")
    s.user(at(date(2026, 11, 18), 9, 3), thanks)
    s.write()
    rep = microsync(ws, "2026-11-18T10:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    mem = CoreMemory.from_config(load_config(ws, env={}),
                                 clock=lambda: datetime.fromisoformat("2026-11-18T10:00:00+07:00"))
    values = {k: r.winner.loc.entry.value for k, r in mem.resolve().values.items() if r.winner is not None}
    assert values.get("user.name") == "Kit" and values.get("response.format.default") == "table", values
    assert key in values and not any(e["type"] == "fact.revoked" for e in mem.audit())
