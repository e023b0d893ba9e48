"""Replies that were kept as daily-log entries although they keep nothing (docs/design.md §5.2: only
confirmed decisions, new rules and constraints, architecture changes and explicit remembers):

- a yes to the agent's offer to take a step of the task -- look through the code first, tell the team,
  explain how -- even when the same turn recommended something before the offer;
- "not yet" with nothing named ("no need to fix it yet, just letting you know");
- a reply that leaves things as they are, or shrugs at a no, in words that name nothing;
- approving the wording of a message the agent drafted for the user to send;
- "ok thanks" to what the agent explained and will do;
- agreeing with the agent's advice against a change (which was kept as the change itself);

each in English, Thai and Chinese, with the near misses that still decide.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize("turns", [
    # a recommendation, then an offer to look through the code first: "ok, look" takes the step only
    (("assistant", "字號建議用 `headlineMedium`（28sp），表格欄位靠右對齊比較好讀。我先把所有畫面的字號掃一遍？"),
     ("user", "好，掃一下。")),
    (("assistant", "Retention for raw rows is set to 90 days now. I'd suggest the hourly rollup stays forever. "
                   "Can you add the bucket credentials yourself, or should I explain how?"),
     ("user", "Explain how, I'll add them tonight.")),
    # an offer to tell the team: who passes a message on is no decision
    (("assistant", "รับทราบค่ะ รายงานต้องส่งทุกวันศุกร์ก่อนเที่ยง แนะนำให้ตั้งเตือนไว้วันพฤหัสด้วย "
                   "คุณหมออยากให้แจ้งในกลุ่ม LINE ของทีมด้วยไหมคะ"),
     ("user", "ช่วยแจ้งในกลุ่มด้วยค่ะ")),
    # ... and อาจารย์ ("professor"), the one addressed, holds no อาจ ("maybe"): nothing is proposed
    (("assistant", "รับทราบค่ะ ชื่อไฟล์ต้องขึ้นต้นด้วยรหัสสถานี อาจารย์อยากให้แจ้งในกลุ่มด้วยไหมคะ"),
     ("user", "ช่วยแจ้งในกลุ่มด้วยค่ะ")),
])
def test_a_yes_to_the_agents_offer_of_a_step_decides_nothing(turns: tuple[tuple[str, str], ...]) -> None:
    assert extract(*turns) == []


@pytest.mark.parametrize(("turns", "word"), [
    # asked what to use, the answer designs whoever sets it up
    ((("assistant", "Should I use Postgres or SQLite for the job queue?"), ("user", "Postgres, we run it anyway.")),
     "postgres"),
    ((("assistant", "อยากให้ใช้ Redis หรือ Postgres เก็บ session คะ"), ("user", "ใช้ Redis ค่ะ")), "redis"),
    ((("assistant", "我先用 SQLite 还是直接上 Postgres？"), ("user", "直接上 Postgres。")), "postgres"),
])
def test_an_offer_that_asks_what_to_use_still_designs(turns: tuple[tuple[str, str], ...], word: str) -> None:
    found = extract(*turns)
    assert found and word in found[0].statement.lower()


@pytest.mark.parametrize("text", [
    # something seen, reported, and left for later or for someone else: nothing is decided
    "เมื่อคืนเห็นใน log ว่า export ค้างอยู่สองตัว ไม่รู้เพราะอะไร ยังไม่ต้องแก้นะ แค่บอกไว้เฉยๆ",
    "เดี๋ยวผมคุยกับเจ้าของร้านเองครับ ยังไม่ต้องทำ",
    "I saw two exports stuck in the log last night, no idea why. No need to fix it yet, just letting you know.",
    "昨晚在日志里看到两个导出任务卡住了，不知道为什么。先不用修，跟你说一声。",
])
def test_not_yet_with_nothing_named_decides_nothing(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "ยังไม่ต้องทำ dashboard นะ ใช้ Grafana ของเดิมไปก่อน",   # "no dashboard yet, keep the old Grafana": named
    "ยังไม่ต้องใช้ Kafka ครับ",                               # a tool not taken: a choice
])
def test_not_yet_that_names_what_is_not_done_is_read_as_before(text: str) -> None:
    assert extract(("user", text)) != []


@pytest.mark.parametrize("turns", [
    # the agent advises against a change and the reply agrees in words that name nothing: nothing changes
    (("user", "Someone in chat says we should run our own CI box to save money. Thoughts?"),
     ("assistant", "A second CI server would be one more box to patch and back up. I'd stay on Actions unless "
                   "the bill shows up."),
     ("user", "yeah, same feeling here, I'm not changing anything. Ignore the thread.")),
    (("user", "should we move the build to poetry?"),
     ("assistant", "Not worth it: the pinned requirements work and poetry doesn't help with the GPU wheels. "
                   "I'd leave it."),
     ("user", "leave it then. next: the flaky test")),
    (("assistant", "新模型快三倍，但在嘈杂的录音上错字多一些；现在速度不是瓶颈，建议先不换。"),
     ("user", "那先不换。")),
    # ... or only shrugs at a no
    (("assistant", "不行喔，合約規定公開的資料只能標到區，不能標到門牌。可以改用區域示意圖。"),
     ("user", "好吧…有點可惜，不過理解")),
    (("user", "ขอบคุณ แล้วแล็ปท็อปที่ตกน้ำ เคลมประกันได้ไหมนะ เป็นของส่วนตัว"),
     ("assistant", "ขึ้นกับประกันที่มีครับ:\n- ประกันศูนย์ปกติไม่คุ้มครองตกน้ำ\n"
                   "- ถ้าซื้อ AppleCare+ หรือประกันบัตรเครดิตไว้ อาจเคลมได้\n"
                   "- ถ้าซื้อผ่านร้าน บางร้านมีประกันอุบัติเหตุ\n\nลองเช็กใบเสร็จหรืออีเมลตอนซื้อดูก่อนครับ"),
     ("user", "ซื้อมาสองปีแล้ว คงหมดประกันแล้วแหละ ช่างมัน ขอบคุณนะ")),
])
def test_a_reply_that_leaves_things_as_they_are_keeps_nothing(turns: tuple[tuple[str, str], ...]) -> None:
    assert extract(*turns) == []


@pytest.mark.parametrize(("turns", "word"), [
    # the reply names what stays, or what is done instead
    ((("user", "should we upgrade to Postgres 17 now? thoughts?"),
      ("assistant", "I'd stay on Postgres 15 until the March upgrade window; 17 changes nothing you need."),
      ("user", "agreed, not switching, we stay on Postgres 15 until March.")), "postgres 15"),
    ((("assistant", "新模型快三倍，但错字多一些；建议先不换。"), ("user", "那先不换，继续用 large-v3。")), "large-v3"),
    ((("user", "แล็ปท็อปตกน้ำ เคลมได้ไหม"),
      ("assistant", "ลองเช็กใบเสร็จก่อนครับ ถ้าซื้อ AppleCare+ หรือประกันบัตรเครดิตไว้ อาจเคลมได้"),
      ("user", "ช่างมัน ใช้เครื่องสำรอง ThinkPad ไปก่อน")), "thinkpad"),
])
def test_a_reply_that_names_what_stays_is_still_kept(turns: tuple[tuple[str, str], ...], word: str) -> None:
    found = extract(*turns)
    assert found and word in found[0].statement.lower()


@pytest.mark.parametrize("turns", [
    # a message the agent drafted for the user to send: approving its wording decides nothing, even when
    # the draft comes with a tip that reads like advice
    (("assistant", "ร่างให้ครับ:\n\n\"สวัสดีครับพี่ต้น พรุ่งนี้ผมขอเข้าไปดูหน้างานช่วงเช้าได้ไหมครับ\"\n\n"
                   "ถ้าสนิทกันอาจตัดคำว่า \"ครับ\" ออกบางที่"),
     ("user", "โอเค ใช้ได้ เดี๋ยวส่งเอง อ้อ พรุ่งนี้เตือนผมตอนแปดโมงให้โทรหาช่างแอร์ด้วย")),
    (("assistant", "Here's a draft:\n\n\"Hi Anna, the new price list goes live on Monday. Let me know if the "
                   "Sukhumvit branch needs printed copies.\"\n\nI'd suggest sending it before noon so she sees it "
                   "today."),
     ("user", "looks good, I'll send it myself after lunch")),
    (("assistant", "草稿如下：\n\n王老板您好！本周五发第一批货，约 30 箱，周六上午到。\n\n"
                   "建议附上装箱照片，他比较放心。"),
     ("user", "可以，我自己发。")),
])
def test_approving_a_drafted_message_decides_nothing(turns: tuple[tuple[str, str], ...]) -> None:
    assert extract(*turns) == []


def test_what_is_said_beside_the_approval_of_a_draft_is_still_read() -> None:
    found = extract(("assistant", "ร่างให้ค่ะ:\n\n\"พี่ฝน ขอรบกวนเรื่องภาพสนามรอบสองค่ะ\""),
                    ("user", "ดีละ เดี๋ยวส่งเอง อ้อ จำไว้ด้วย พี่ฝนไม่รับงานวันเสาร์อาทิตย์ ห้ามทักเรื่องงานวันหยุด"))
    assert "Remember" in [c.kind for c in found] and any("เสาร์" in c.statement for c in found)


@pytest.mark.parametrize("turns", [
    # "ok thanks" acknowledges what the agent explained and will do; it takes nothing up
    (("assistant", "That warning is normal for Redis on Linux. I recommend setting vm.overcommit_memory=1 on the "
                   "host, otherwise BGSAVE can fail under memory pressure; I'll put it in the droplet's cloud-init."),
     ("user", "ok thanks")),
    (("assistant", "เป็น warning ปกติของ Postgres ครับ แนะนำให้ตั้ง shared_buffers เป็น 25% ของแรม "
                   "จะใส่ไว้ใน config ของเครื่องให้"),
     ("user", "ok ขอบคุณ")),
    (("assistant", "这个警告在 Linux 上很常见。建议把 vm.swappiness 调到 10，我会写进部署脚本。"),
     ("user", "好的，谢谢")),
])
def test_thanks_acknowledges_and_takes_nothing_up(turns: tuple[tuple[str, str], ...]) -> None:
    assert extract(*turns) == []


def test_thanks_beside_words_of_ones_own_is_read_as_before() -> None:
    found = extract(("assistant", "I recommend pinning the base image to a digest so rebuilds are reproducible."),
                    ("user", "ok thanks, pin it to the digest"))
    assert found and "digest" in found[0].statement


@pytest.mark.parametrize("turns", [
    # the agent advises against a change and the user agrees: no change is decided, least of all the one
    # advised against
    (("assistant", "Steps for the key: open the console, create a service account, download the JSON. Plan B if the "
                   "store is down: option (3), the pipeline can publish the APK to a bucket and you install it by QR "
                   "link. I wouldn't build that until it's needed; it's half a day of work."),
     ("user", "agreed, don't build plan B. that's it for today")),
    (("user", "ย้ายไป Postgres ดีไหม"),
     ("assistant", "Postgres ไม่มีปัญหาเรื่องนี้เพราะไม่ได้เป็น distributed แต่ต้อง migrate ข้อมูลทั้งหมด "
                   "ผมไม่แนะนำให้เปลี่ยนเพราะเรื่องนี้ครับ"),
     ("user", "โอเค ตามนั้น")),
    (("user", "要不要换成 MongoDB？"), ("assistant", "迁移要停机半天，收益不大，不建议换。"), ("user", "好，听你的。")),
])
def test_agreeing_with_advice_against_a_change_decides_no_change(turns: tuple[tuple[str, str], ...]) -> None:
    assert extract(*turns) == []


def test_advice_against_one_thing_for_another_is_still_accepted() -> None:
    found = extract(("assistant", "I wouldn't switch to Mongo; Postgres JSONB covers this."),
                    ("user", "ok, Postgres JSONB it is."))
    assert found and "postgres jsonb" in found[0].statement


@pytest.mark.parametrize("text", [
    # "that's what I wrote before": 那就是 points at something, it is not 那就 ("then let's")
    "哈，那就是之前我写的。",
    "那就是因为缓存没清。",
    "ha, that's the one I wrote earlier.",
    "อ๋อ อันนั้นผมเขียนไว้เองแหละ",
])
def test_that_is_what_i_wrote_is_no_decision(text: str) -> None:
    assert extract(("assistant", "The migration `0003` has no reverse step, so rolling back fails."),
                   ("user", text)) == []


def test_then_lets_still_decides() -> None:
    found = extract(("assistant", "Redis 和 RabbitMQ 都可以。"), ("user", "那就用 RabbitMQ。"))
    assert found and "rabbitmq" in found[0].statement
