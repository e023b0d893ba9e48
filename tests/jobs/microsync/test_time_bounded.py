"""An instruction bounded in time holds for the time its words say and no longer: "until Friday, answer in Thai",
"this week keep replies short", 这周先用英文回答, ถึงวันศุกร์ตอบเป็นภาษาอังกฤษนะ are written with the expiry the words
give (docs/spec/memory.md §2, §4: a `ttl` of an ISO time or a duration), beside the lasting value of the key,
which answers again once the bounded one expires; a vague bound (ช่วงนี้, 这几天, "temporarily") holds for the
session it is said in (`applies_to:session:<id>`, `ttl:session_end`). None of them becomes a lasting setting or
a lasting proposal. End to end: microSync over a Claude Code transcript on a real workspace (said on Wednesday
2026-11-25 at 10:00 in Asia/Bangkok)."""
from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest

from memory_store.config import load_config
from memory_store.core.router import route
from memory_store.core.store import CoreMemory
from tests.jobs.microsync.test_corrections import _talk

D = date(2026, 11, 25)
SID = "ee000000-0000-4000-8000-000000000013"


def _lines(ws: Path, name: str, key: str) -> list[str]:
    path = ws / name
    text = path.read_text("utf-8") if path.exists() else ""
    return [ln for ln in text.splitlines() if ln.startswith(f"- key:{key} |") and "status:active" in ln]


def _resolved(ws: Path, key: str, at: str) -> str | None:
    mem = CoreMemory.from_config(load_config(ws, env={}), clock=lambda: datetime.fromisoformat(at))
    values = mem.resolve([key]).to_dict()["values"]
    return values[0]["value"] if values else None


@pytest.mark.parametrize(("turn", "key", "value", "ttl"), [
    ("until Friday, answer in Thai", "response.language", "th", "ttl:2026-11-28T00:00:00+07:00"),
    ("this week keep your replies short", "response.length", "short", "ttl:2026-11-30T00:00:00+07:00"),
    ("for today, answer in English", "response.language", "en", "ttl:2026-11-26T00:00:00+07:00"),
    ("for the next 3 hours, reply in French", "response.language", "fr", "ttl:3h"),
    ("这周先用英文回答", "response.language", "en", "ttl:2026-11-30T00:00:00+07:00"),
    ("到周五都用表格回答", "response.format.default", "table", "ttl:2026-11-28T00:00:00+07:00"),
    ("ถึงวันศุกร์ตอบเป็นภาษาอังกฤษนะ", "response.language", "en", "ttl:2026-11-28T00:00:00+07:00"),
    ("สัปดาห์นี้ตอบสั้นๆ นะ", "response.length", "short", "ttl:2026-11-30T00:00:00+07:00"),
    # a standing marker in the same turn does not make a bounded instruction lasting
    ("until Friday, answer in Thai from now on", "response.language", "th", "ttl:2026-11-28T00:00:00+07:00"),
])
def test_a_bounded_instruction_expires_when_its_words_say(tmp_path: Path, turn: str, key: str, value: str, ttl: str):
    got = route(turn)
    assert got is not None and (got.key, got.value, got.to) == (key, value, "bounded"), got
    ws = _talk(tmp_path, [(turn, "Sure.")])
    lines = _lines(ws, "PROFILE.md", key)
    assert len(lines) == 1 and f"| value:{value} |" in lines[0] and f"| {ttl} |" in lines[0], lines
    assert _lines(ws, "PROPOSALS.md", key) == []


def test_the_lasting_value_answers_again_after_the_bound(tmp_path: Path):
    ws = _talk(tmp_path, [("from now on answer in English", "Sure."), ("until Friday, answer in Thai", "Sure.")])
    assert len(_lines(ws, "PROFILE.md", "response.language")) == 2
    assert _resolved(ws, "response.language", "2026-11-26T09:00:00+07:00") == "th"
    assert _resolved(ws, "response.language", "2026-11-29T09:00:00+07:00") == "en"
    # a later lasting statement is lasting: it takes no expiry from the bounded line
    ws2 = _talk(tmp_path / "again", [("until Friday, answer in Thai", "Sure."),
                                     ("from now on answer in Spanish", "Sure.")])
    assert _resolved(ws2, "response.language", "2026-12-05T09:00:00+07:00") == "es"


@pytest.mark.parametrize(("turn", "key", "value"), [
    ("ช่วงนี้ตอบสั้นๆ นะ", "response.length", "short"),
    ("这几天先用英文回答", "response.language", "en"),
    ("temporarily, reply in English", "response.language", "en"),
])
def test_a_vague_bound_holds_for_the_session(tmp_path: Path, turn: str, key: str, value: str):
    got = route(turn)
    assert got is not None and (got.key, got.value, got.to) == (key, value, "session"), got
    ws = _talk(tmp_path, [(turn, "Sure.")])
    lines = _lines(ws, "PROFILE.md", key)
    assert len(lines) == 1 and f"applies_to:session:{SID}" in lines[0] and "ttl:session_end" in lines[0], lines
