"""A report that the user deleted a thing is no request to forget a memory (jobs/microsync/forget_requests.py,
memory_store/core/router.py `removed_self`).

"B2 那个 bucket 我昨晚已经删了" (subline P23, writer 3) sits in a turn that decides where the media live now; the
router heard "删了" beside "那个" as a forget, and the extractor's Decision of the turn was dropped as the request
itself. A bucket, a branch, a file, a key the speaker removed is work done, not a memory to drop: the turn's
statement is kept and served. The speaker asking the agent to drop a thing it keeps ("之前让你记的那条删掉吧",
"เรื่อง…ที่ให้จำไว้ ลบทิ้งไปเลยนะ") is still a forget. Inputs are ours, not the projects' sentences.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from jobs.microsync.forget_requests import forget_cues
from memory_store.core.router import route
from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.jobs.microsync.test_forget_logged import D1, SID
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

# (a turn that decides a thing and reports a removal the user made, a word of the decision that must be served)
REPORTS = [
    ("日志那边我改好了：以后日志都放 Loki，旧的那个 ELK 集群我上周已经删了。", "Loki"),
    ("โอเค ตัดสินใจใช้ Loki แทน ELK ส่วน cluster ELK ที่เคยบอกไว้ ผมลบไปแล้วเมื่อคืน", "Loki"),
    ("We decided to move logs to Loki; I already deleted the old ELK cluster I told you about.", "Loki"),
]


@pytest.mark.parametrize(("turn", "word"), REPORTS)
def test_a_report_of_a_removal_keeps_the_turns_statement(tmp_path: Path, turn: str, word: str) -> None:
    assert forget_cues(turn) == []
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    s.user(at(D1, 10, 0), turn).assistant(at(D1, 10, 1), "OK.")
    s.write()
    assert microsync(ws, "2026-11-10T11:00:00+07:00").status == "ok"
    r = cli("--workspace", str(ws), "search", word, "--json")
    assert r.exit_code == 0, r.output
    hits = json.loads(r.output)["results"]
    assert any(h.get("kind") in ("decision", "rule", "architecture") for h in hits), hits


@pytest.mark.parametrize("turn", ["B2 那个 bucket 我昨晚已经删了", "我把之前说的那个 key 删了", "那个旧分支已经删除了",
                                  "ไฟล์ config ที่เคยบอกไว้ ผมลบทิ้งแล้ว", "I've deleted the staging branch I mentioned"])
def test_a_removal_the_user_made_is_no_forget(turn: str) -> None:
    got = route(turn)
    assert got is None or got.label != "forget", got


@pytest.mark.parametrize("turn", ["之前让你记的那条删掉吧", "那个 bucket 我删了，你把之前让你记的那条也删了吧",
                                  "เรื่องคอลกับลูกค้าที่ให้จำไว้ ลบทิ้งไปเลยนะ", "ลบเรื่องที่เคยบอกไว้ได้เลย"])
def test_a_request_to_drop_a_kept_thing_is_still_a_forget(turn: str) -> None:
    got = route(turn)
    assert got is not None and got.label == "forget", got
