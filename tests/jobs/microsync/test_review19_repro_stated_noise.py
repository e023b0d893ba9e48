"""review19 repro: `stated_answer` (jobs/microsync/rules/replies.py) keeps as a Decision a reply that
decides nothing — an account of what happened answering a question about what happened, a quote of the
assistant beside an open disagreement. Each was nothing on 3b2fde8 (checked through the same CLI)."""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.conftest import cli_run
from tests.microsync_helpers import all_entries, claude_code_workspace

CASES = {
    # what happened, asked as what happened ("before failing": asks_event knows failed/fails only)
    "en-event": ("How many retries did the job make before failing?",
                 "It retried 5 times on Monday night and then gave up, the logs are in the S3 bucket ops-logs."),
    # the assistant's claim quoted back, the choice still argued
    "en-quote": ("Do you want Postgres or MySQL for the billing service?",
                 "You said Postgres handles JSONB better for the Billing schema. Marco still prefers MySQL there, "
                 "we argue about it on Monday."),
    # when the server went down: a report of last night, not a decision
    "th-event": ("เมื่อวาน server ล่มกี่โมงครับ?",
                 "ล่มตอนตีสามครึ่ง DB เต็ม พี่เอ๋เป็นคนรีสตาร์ทให้ ใช้เวลาประมาณ 20 นาที"),
    # why the last deploy failed: a story of what happened (asks_event has no 因为什么 / 失败)
    "zh-event": ("上次部署失败是因为什么？", "是因为 Docker 镜像太大，CI 超时了，老张后来把镜像缩小到 800MB。"),
    # the assistant's suggestion quoted back, the choice put off to someone else
    "en-defer": ("Which queue should we use, SQS or RabbitMQ?",
                 "Your suggestion to use SQS with a DLQ sounds fine to Kim. "
                 "I still need to run it by Priya on Thursday."),
    "th-defer": ("จะใช้ SQS หรือ RabbitMQ ดีครับ?",
                 "ที่คุณบอกว่า SQS ถูกกว่า พี่บอยก็เห็นด้วย แต่ขอรอคุยกับทีม infra วันพฤหัสก่อน"),
    "zh-defer": ("用 SQS 还是 RabbitMQ？", "你说 SQS 便宜，小李也同意，不过周四要跟 infra 团队再确认一下。"),
}


def _session(folder: Path, name: str, ask: str, reply: str) -> None:
    t = datetime.fromisoformat("2026-10-05T03:00:00+00:00")
    turns = [("user", "Let's plan the next piece of work on the app."),
             ("assistant", [{"type": "text", "text": ask}]), ("user", reply),
             ("assistant", [{"type": "text", "text": "OK."}])]
    lines = [json.dumps({"type": r, "sessionId": name, "cwd": "/home/u/proj", "uuid": f"{name}-{i}",
                         "timestamp": (t + timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%S.000Z"),
                         "message": {"role": r, "content": c}}, ensure_ascii=False) for i, (r, c) in enumerate(turns)]
    (folder / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_reply_that_decides_nothing_is_no_entry(tmp_path: Path, case: str) -> None:
    ask, reply = CASES[case]
    (tmp_path / "transcripts").mkdir()
    ws = claude_code_workspace(tmp_path)
    _session(tmp_path / "transcripts", "s1", ask, reply)
    done = cli_run("--workspace", str(ws), "backfill", "--since", "2026-10-01", "--until", "2026-10-07")
    assert done.returncode == 0, done.stderr
    got = [(f.entry.kind, f.entry.title) for f in all_entries(ws)]
    assert got == [], got
