"""A forgotten value is matched as a unit of the text, and one that identifies nothing is never kept as one
(memory_store/core/forgotten.py `identifies`, `_on_clusters`).

A take-back withdrew the Remember entry "ดี" (a reply word the extractor kept of "ดีค่ะ แล้วก็จำไว้…": reefsound
Q15): matched by substring, it held every Thai text with ดี in it out of search and the context — the answer to a
question about something else entirely. Thai and Chinese have no spaces between words; a forgotten value is
matched where the text can be cut: never inside a Thai cluster (a consonant with its leading vowel, vowel signs
and tone marks: search's `thai_clusters`), and a Latin or digit edge of it at a word edge. A value that without
search's stop words keeps less than two Thai clusters, two Chinese characters or one Latin word of two
characters ("ดี", "ค่ะ", "好的", "可以", "it") names nothing and is not a forgotten value at all: withdrawn, it
holds out only a text that says nothing else (an entry the extractor made of that reply). Own inputs.
"""
from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_store.config import load_config
from memory_store.core.files import AUDIT_LOG
from memory_store.core.forgotten import FORGET_REASON, forgotten, identifies
from memory_store.core.store import CoreMemory
from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace

from .test_core_forgotten import D


def _run(ws: Path, *args: str) -> str:
    r = cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.stdout + r.stderr
    return r.stdout


def _withdrawn(ws: Path, value: str) -> None:
    trail = ws / AUDIT_LOG
    trail.parent.mkdir(parents=True, exist_ok=True)
    with trail.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"type": "proposal.rejected", "key": "user.other", "old": value, "new": value,
                            "reason": FORGET_REASON, "ts": "2026-11-25T00:00:00Z"}, ensure_ascii=False) + "\n")


SAID = ["ผลโหลดเทสต์รอบนี้ดีมาก ใช้ Redis เป็น cache ต่อไปได้เลย",
        "ผมเดาว่า queue ค้างเพราะ worker ตายตอนตีสอง",
        "压测结果很好，我们继续用 Redis 做缓存"]


@pytest.mark.parametrize("value", ["ดี", "ดีค่ะ", "好的", "可以"])
def test_a_reply_word_withdrawn_hides_nothing(tmp_path: Path, value: str) -> None:
    ws = claude_code_workspace(tmp_path)
    sid = "77777777-0000-4000-8000-000000000001"
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{sid}.jsonl", sid)
    for n, turn in enumerate(SAID):
        s.user(at(D, 10, 2 * n), turn).assistant(at(D, 10, 2 * n + 1), "ok")
    s.write()
    _run(ws, "backfill", "--since", "2026-11-24", "--until", "2026-11-26")
    _withdrawn(ws, value)
    _run(ws, "index")
    gone = forgotten(ws)
    assert gone.values == () and [t for t in SAID if gone.found_in(t)] == []
    assert gone.found_in(f"- {value}") is not None      # an entry that says nothing but those words is held out
    hits = json.loads(_run(ws, "search", "Redis", "--tier", "sessions", "--json"))["results"]
    assert any("ดีมาก" in h["snippet"] for h in hits), hits
    assert any("很好" in h["snippet"] for h in hits), hits


def test_a_thai_name_forgotten_is_matched_on_clusters(workspace: Path) -> None:
    mem = CoreMemory.from_config(load_config(workspace, env={}), clock=lambda: datetime(2026, 11, 27, 9, tzinfo=UTC))
    mem.set("user.nickname", "ดาว")
    mem.forget("user.nickname")
    gone = forgotten(workspace)
    assert gone.found_in("เรียกผมว่าน้องดาวนะครับ") == "ดาว"
    assert gone.found_in("ผมเดาว่า queue ค้างเพราะ worker ตาย") is None      # เดา|ว่า: ดาว cuts two clusters
    assert gone.mask("ผมเดาว่าน้องดาวรู้") == "ผมเดาว่าน้อง[forgotten]รู้"


def test_a_code_in_a_thai_value_is_matched_on_word_edges(workspace: Path) -> None:
    _withdrawn(workspace, "ที่จอดรถช่อง B17")
    gone = forgotten(workspace)
    assert gone.found_in("จำไว้ว่าที่จอดรถช่อง B17 นะ") is not None
    assert gone.found_in("ที่จอดรถช่อง B175 ของแขก") is None


@pytest.mark.parametrize(("value", "ok"), [("ดี", False), ("ดีค่ะ", False), ("ค่ะ", False), ("好的", False),
                                          ("可以", False), ("it", False), ("ดาว", True), ("น้องนก", True),
                                          ("上海", True), ("Tom", True), ("B17", True), ("4455", True)])
def test_what_identifies_something(value: str, ok: bool) -> None:
    assert identifies(value) is ok
