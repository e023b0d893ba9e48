"""Take-backs in the shapes writers used that were not heard (docs/design.md §6: a value the user had memjobs forget
is never served; memory_store/core/router.py, forget_named.py, forget_logged.py), end to end over real Claude Code
transcripts, served surfaces read through the CLI and MCP (`_served`):

- Thai, the topic named by what the agent was asked to DO, not "to remember" ("เรื่อง <topic> ที่ให้ส่ง…
  ยกเลิกนะ ลืมไปได้เลย <reason>"), the topic a few Thai-spaced pieces before the forget word, or the drop word
  "ลบทิ้ง" after it;
- English, a thing the user gave, said to be no longer true, then "forget it"; a bare "Forget the <thing>.";
- Chinese, a topic whose words are not next to each other in the entry ("周报发到 #x 的事不用记了" of
  "周报每周五…发到 #x"), simplified and traditional, and 之前说的…的事作废;
- a procedure the user taught, forgotten by name in en, zh, th — and the forget is never itself a procedure.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import cli
from tests.jobs.microsync.test_forget_logged import _served, _two_days

# (day 1, the take-back on day 2, a value of day 1 that must no longer be served)
TAKE_BACKS = [
    # th: what the agent was to do, named after เรื่อง; the forget words and the reason after it
    ("จำไว้นะ ทุกวันศุกร์ต้องส่งยอดขายของสัปดาห์ให้พี่นุ่นทางอีเมล",
     "สวัสดีครับ เรื่องยอดขายที่ให้ส่งพี่นุ่นทุกวันศุกร์ ยกเลิกนะ ลืมไปได้เลย ตอนนี้พี่นุ่นดูจาก dashboard เองแล้ว",
     "ทางอีเมล"),
    ("จำไว้ด้วยนะ ทุกวันอังคาร 10 โมงมีประชุมกับ Lisa จาก Northwind เตือนผมก่อนด้วย",
     "เรื่องประชุมกับ Lisa ทุกวันอังคารที่ให้จำไว้ ลบทิ้งไปเลยนะ เธอลาออกแล้ว", "Northwind"),
    # en: a thing given, no longer true, then forget it; a bare "Forget the …."
    ("Remember: the on-call phone number for the billing team is 02 555 0142.",
     "The billing on-call number I gave you is no longer valid, forget it.", "555 0142"),
    ("Remember: the on-call phone number for the billing team is 02 555 0142.",
     "The on-call number I gave you is out of date, forget it.", "555 0142"),
    ("Remember: the on-call phone number for the billing team is 02 555 0142.",
     "Forget the billing on-call number.", "555 0142"),
    # zh: the topic's words apart in the entry
    ("记住：月报每月最后一个周五前发到 #ops-monthly 频道。", "月报发到 #ops-monthly 的事不用记了。", "最后一个周五"),
    ("記住：月報每月最後一個週五前發到 #ops-monthly 頻道。", "月報發到 #ops-monthly 的事不用記了。", "最後一個週五"),
    ("记住：月报每月最后一个周五前发到 #ops-monthly 频道。", "之前说的月报的事作废。", "最后一个周五"),
    # the topic is someone's or something else's (a customer, a project): a back-reference still makes it a forget
    ("จำไว้นะ ลูกค้า VIP ร้านบ้านสวนต้องได้ส่วนลด 15 เปอร์เซ็นต์ทุกออเดอร์",
     "เรื่องลูกค้า VIP ร้านบ้านสวนที่ให้จำไว้ ลืมไปได้เลย เขาเลิกสั่งแล้ว", "15 เปอร์เซ็นต์"),
    ("Remember: the project wiki link is wiki.example.com/orion-handbook.",
     "The project wiki link I gave you is outdated, forget it.", "orion-handbook"),
    ("记住：客户周报每周一上午十点前发给陈经理。", "之前说的客户周报的事作废。", "上午十点前"),
]


@pytest.mark.parametrize(("said", "back", "value"), TAKE_BACKS)
def test_a_take_back_in_these_shapes_holds_the_thing_out(tmp_path: Path, said: str, back: str, value: str) -> None:
    ws, rep = _two_days(tmp_path, [said], back)
    assert rep.details.get("core_memory", {}).get("forgotten", 0) >= 1, (rep.details, rep.notes)
    assert _served(ws, value) == []
    # the take-back is no memory of its own
    day2 = ws / "memory" / "2026-11-11.md"
    text = day2.read_text(encoding="utf-8") if day2.exists() else ""
    assert "## " not in text, text


def test_a_forget_of_one_thing_leaves_a_setting_alone(tmp_path: Path) -> None:
    ws, _rep = _two_days(tmp_path, ["From now on keep your answers short, please.",
                                    "Remember: the on-call phone number for the billing team is 02 555 0142."],
                         "The billing on-call number I gave you is no longer true, forget it.")
    r = cli("--workspace", str(ws), "mem", "resolve", "response.length")
    assert r.exit_code == 0 and "short" in r.output, r.output
    assert _served(ws, "555 0142") == []


# (a procedure taught on day 1, its forget on day 2, a step of it)
PROCEDURES = [
    ("Whenever we deploy, run the migrations first, then restart the workers, then purge the CDN cache.",
     "Forget the deploy procedure, we do not do it that way anymore.", "purge the CDN cache"),
    ("部署的时候，先跑迁移，再重启 worker，最后清 CDN 缓存。", "部署流程不用记了，我们不这么做了。", "清 CDN 缓存"),
    ("เวลาเรา deploy ให้รัน migration ก่อน แล้ว restart worker แล้วค่อยล้าง CDN cache",
     "ขั้นตอน deploy ที่ให้จำไว้ ลืมไปได้เลย เลิกใช้แล้ว", "ล้าง CDN cache"),
]


@pytest.mark.parametrize(("taught", "back", "step"), PROCEDURES)
def test_a_taught_procedure_is_forgotten_by_name(tmp_path: Path, taught: str, back: str, step: str) -> None:
    ws, rep = _two_days(tmp_path, [taught], back)
    assert rep.details.get("core_memory", {}).get("forgotten", 0) >= 1, (rep.details, rep.notes)
    assert _served(ws, step) == []
    # the forget is never learned as a procedure, nor logged as one
    procs = (ws / "memory" / "procedures.md").read_text(encoding="utf-8")
    assert back.split()[0] not in procs and "ลืมไปได้" not in procs, procs
    day2 = ws / "memory" / "2026-11-11.md"
    assert "Procedure" not in (day2.read_text(encoding="utf-8") if day2.exists() else "")
