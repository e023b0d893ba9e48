"""The sessions tier matches inside a Chinese or Thai run as the entry tiers do (search18 #3): a
question typed as one run is rarely said verbatim, so when the run's phrase finds no message its
content bigrams are searched too (tokens.py `loose_terms`, query.py `_said`), as `_candidates`
does for entries. Real transcripts, a real index; the questions are not substrings of the messages."""
from __future__ import annotations

import json
from pathlib import Path

from memory_store.config import load_config
from memory_store.search.indexer import update_index
from memory_store.search.query import SearchOptions, search
from tests.memory_store.search.test_search_fixtures import TODAY

PAIRS = [
    ("我们最后决定把缓存换成Redis集群，下周二上线", "缓存集群哪天上线"),
    ("部署脚本每天凌晨三点自动运行，失败会发邮件", "自动部署几点运行"),
    ("数据库密码的轮换周期定为九十天", "数据库轮换多久一次"),
    ("ลูกค้าขอให้ส่งรายงานยอดขายทุกสิ้นเดือน", "รายงานยอดขายส่งเมื่อไร"),
    ("เซิร์ฟเวอร์ทดสอบจะถูกปิดทุกคืนวันศุกร์", "ปิดเซิร์ฟเวอร์ทดสอบวันไหน"),
]
CHATTER = ["今天天气不错，我们去吃午饭吧", "好的，我先看一下日志", "ขอบคุณมากครับ เดี๋ยวดูให้", "ช่วยดูโค้ดส่วนนี้หน่อย"]


def test_a_question_in_one_run_finds_the_message_by_its_words(workspace: Path, tmp_path: Path) -> None:
    folder = tmp_path / "cc" / "-home-u-x"
    folder.mkdir(parents=True)
    lines = []
    for n, said in enumerate([m for m, _ in PAIRS] + CHATTER):
        for k, (role, text) in enumerate((("user", said), ("assistant", "ok"))):
            lines.append(json.dumps({"type": role, "sessionId": "s1", "uuid": f"u{n}-{k}", "isSidechain": False,
                                     "cwd": "/home/u/x", "timestamp": f"2026-11-20T03:{n:02d}:{k * 30:02d}Z",
                                     "message": {"role": role, "content": text}}))
    (folder / "s1.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (workspace / "memjobs.yaml").write_text(
        "transcripts:\n  - {format: claude-code, path: " + json.dumps(str(tmp_path / "cc")) + "}\n", encoding="utf-8")
    cfg = load_config(workspace)
    update_index(cfg)
    for message, question in PAIRS:
        assert question not in message
        for tier in (None, "sessions"):
            hits = search(cfg, question, SearchOptions(limit=3, tier=tier), today=TODAY).hits
            assert hits and hits[0].said and hits[0].body == message, (question, tier, [h.body for h in hits])
