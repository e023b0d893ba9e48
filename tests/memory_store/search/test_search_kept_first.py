"""A kept memory before the raw messages it was extracted from (docs/design.md §6: what was said is
the uncertain, coldest tier): microsync cites the assistant's proposal and the user's confirmation
(jobs/microsync/engine.py), and a span of CITED_SPAN lines or more was not counted for its entry by
the fusion, so the proposal, which holds more of a question's words than the entry's few lines, was
listed above the active entry made from it. Now every message inside the lines an entry in force
cites comes after it — in `memjobs search`'s own output, English, Thai and Chinese, on a real index
over real files and transcripts. A message outside those lines keeps the place its score gives it."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from memory_store.config import load_config
from memory_store.entries import BlockEntry, Source, make_id
from memory_store.search.indexer import update_index
from tests.conftest import cli_run
from tests.memory_store.search.test_search_fixtures import write_daily

DAY = (date.today() - timedelta(days=5)).isoformat()  # `memjobs search` ranks by the real date
FILLER = 12  # turns between the proposal and the confirmation (the span is then over CITED_SPAN lines)

# Per language: the user's question, the assistant's proposal, the user's confirmation (the entry is
# made from the proposal to the confirmation), the entry, and a question the proposal answers in
# more of its words than the entry does.
CASES: dict[str, dict[str, Any]] = {
    "en": {
        "ask": "the nightly export job keeps timing out, what should we do",
        "proposal": "I suggest we move the nightly export job off cron onto the worker queue, so a slow"
                    " export retries on the queue instead of timing out",
        "confirm": "yes, do that",
        "title": "Nightly export runs on the worker queue",
        "conclusion": "Move the nightly export to the worker queue; the cron is dropped.",
        "question": "how do we stop the nightly export job timing out",
    },
    "th": {
        "ask": "งานส่งออกรายคืนหมดเวลาบ่อยมาก ทำยังไงดี",
        "proposal": "เสนอให้ย้ายงานส่งออกรายคืนจาก cron ไปคิวของ worker งานที่ช้าจะลองใหม่บนคิวแทนการหมดเวลา",
        "confirm": "โอเค ทำเลย",
        "title": "งานส่งออกรายคืนอยู่บนคิวของ worker",
        "conclusion": "ย้ายงานส่งออกรายคืนไปคิวของ worker และเลิกใช้ cron",
        "question": "งานส่งออกรายคืน หมดเวลา cron",
    },
    "zh": {
        "ask": "夜间导出任务总是超时，怎么办",
        "proposal": "建议把夜间导出任务从 cron 移到 worker 队列，慢的任务在队列上重试，不再超时",
        "confirm": "好，就这么办",
        "title": "夜间导出任务在 worker 队列上运行",
        "conclusion": "夜间导出任务移到 worker 队列，去掉 cron。",
        "question": "夜间导出任务的超时 cron",
    },
}

OTHER_WORK = ("The staging host is stg-04 behind the VPN", "Release notes go out on Fridays",
              "Secrets live in Vault", "The on-call rota is in Notion", "Backups run at 02:00 UTC",
              "ทีม QA ทดสอบทุกวันพุธ", "เอกสาร API อยู่ใน Confluence", "前端用 React 18", "每周一开站会")


def _session(path: Path, sid: str, lines: list[str]) -> None:
    roles = ("user", "assistant")
    path.write_text("".join(json.dumps({
        "type": roles[i % 2], "sessionId": sid, "uuid": f"{sid}-{i}", "isSidechain": False, "cwd": "/home/u/proj",
        "timestamp": f"{DAY}T03:{i:02d}:00Z", "message": {"role": roles[i % 2], "content": text},
    }, ensure_ascii=False) + "\n" for i, text in enumerate(lines)), encoding="utf-8")


def _workspace(tmp_path: Path, case: dict[str, Any], with_entry: bool = True) -> Path:
    """The exchange (question L1, proposal L2, FILLER turns, confirmation), other work, and the entry
    made from the proposal to the confirmation."""
    ws = tmp_path / "ws"
    src = tmp_path / "cc" / "-home-u-proj"
    src.mkdir(parents=True)
    made = src / "made.jsonl"
    filler = [("running the tests" if n % 2 else "ok") + f" ({n})" for n in range(FILLER)]
    _session(made, "made", [case["ask"], case["proposal"], *filler, case["confirm"], "done"])
    confirm = 3 + FILLER
    entries = [BlockEntry(kind="Remember", title=f"{topic} {n}", id=make_id("Remember", DAY, f"{topic} {n}", topic),
                          date=DAY, source=Source("o", str(src / "o.jsonl"), "L1-L1"), conclusion=topic,
                          confidence=0.9) for n, topic in enumerate(OTHER_WORK)]
    if with_entry:
        entries.insert(0, BlockEntry(kind="Decision", title=case["title"],
                                     id=make_id("Decision", DAY, case["title"], case["conclusion"]), date=DAY,
                                     source=Source("made", str(made), f"L2-L{confirm}"),
                                     conclusion=case["conclusion"], confidence=0.9, status="active"))
    write_daily(ws, DAY, entries)
    (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts:\n  - {format: claude-code, path: "
                                     + json.dumps(str(tmp_path / "cc")) + "}\n", encoding="utf-8")
    update_index(load_config(ws))
    return ws


def _search(ws: Path, query: str) -> list[dict[str, Any]]:
    res = cli_run("search", query, "--workspace", str(ws), "--json")
    assert res.returncode == 0, res.stderr
    return list(json.loads(res.stdout)["results"])


def _said(hit: dict[str, Any]) -> bool:
    return str(hit["path"]).endswith(".jsonl")


def _name(hit: dict[str, Any]) -> str:
    return f"said L{hit['line']}" if _said(hit) else str(hit["title"])


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_kept_entry_comes_before_the_messages_it_was_extracted_from(tmp_path: Path, lang: str) -> None:
    case = CASES[lang]
    hits = _search(_workspace(tmp_path, case), case["question"])
    names = [_name(h) for h in hits]
    assert case["title"] in names and "said L2" in names, names
    assert names.index(case["title"]) < names.index("said L2"), names   # the proposal after the entry
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True), hits


@pytest.mark.parametrize("lang", sorted(CASES))
def test_without_the_entry_the_proposal_ranks_by_its_words(tmp_path: Path, lang: str) -> None:
    """The rule moves a message only below an entry that is listed: without it, the proposal is first."""
    case = CASES[lang]
    hits = _search(_workspace(tmp_path, case, with_entry=False), case["question"])
    assert hits and _name(hits[0]) == "said L2", [_name(h) for h in hits]


def test_a_message_outside_the_lines_the_entry_cites_keeps_its_place(tmp_path: Path) -> None:
    """The user's question before the proposal (L1) is not what the entry was extracted from: it holds
    words of this question the entry lacks (`job`, `keeps`, `timing`) and keeps the place its score
    gives it, above the entry."""
    case = CASES["en"]
    hits = _search(_workspace(tmp_path, case), "the nightly export job keeps timing out")
    names = [_name(h) for h in hits]
    assert names.index("said L1") < names.index(case["title"]), names
