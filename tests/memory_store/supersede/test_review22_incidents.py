"""review22: supersede22's incidents (memory_store/supersede/incidents.py `happened_to`, used at
memory_store/supersede/detect.py `_detect` before the wishes check, in `_retired_things` and in `_incident`)
read a real reversal as an incident, and its approval cues (cues/*.txt [onset]) turn a question, a condition or
another item's value into a decided one. On main each of the first group is a reversal of the earlier
choice, and each of the second a possible conflict at most.

- Thai ถูก / โดน and Chinese 被 are read as adversative whoever the doer: "Twilio ถูกยกเลิกแล้ว" (was
  cancelled), an agentless "cron 被停用了，改用 systemd timer", "被团队下线了" (the team: us);
- an English passive beside "during the migration / the upgrade" is an outage, though the migration is the
  change ("Kafka was switched off during the upgrade and replaced by NATS");
- the replacement said in the same statement ("改用 …", "ย้ายไป …", "… แทน", "replaced by …", "from now on")
  is not looked at.
Fixed as classes: a replacement said in the statement makes it a change made; Thai ถูก and an agentless or
self-doer 被 need an outage or a kill to be an incident, as the English passive does (โดน and 被 + a named other
doer stay adversative); a migration is no outage; the approval reading (cues [approved]) was taken back; a lifted
ban on production with words of its own is another ban; ไม่ต้องเปลี่ยน is no change, ละ of a rate or of และ no
"any more". Two approval cases are older than the approval reading and stay strict xfails below."""
from __future__ import annotations

import pytest

from tests.memory_store.supersede.test_part_retired import judge

# older than supersede22's approval reading (main before it says the same): a wish with a refusal, another
# item's limit approved
_OLDER = pytest.mark.xfail(strict=True, reason="review22: an approval beside a wish or another item's value "
                                               "supersedes the rule (older than the approval reading)")


@pytest.mark.parametrize(("old", "new"), [
    ("Use cron for scheduled jobs.", "The cron jobs were shut down during the migration, systemd timers from now on."),
    ("Use cron for scheduled jobs.", "Cron was retired during the migration to systemd timers."),
    ("Host everything on DigitalOcean.",
     "DigitalOcean was shut down for good during the migration; we're on Hetzner now."),
    ("Use Kafka for the event stream.", "Kafka was switched off during the upgrade and replaced by NATS."),
    ("Use Kafka for the event stream.", "Kafka got removed during the migration; NATS is the event stream now."),
    ("Use Redis for the session cache.",
     "Redis was shut down for maintenance and we're not bringing it back: sessions go to Memcached from now on."),
    ("ใช้ Twilio ส่ง SMS", "Twilio ถูกยกเลิกแล้ว"),
    ("ใช้ Twilio ส่ง SMS", "บัญชี Twilio ถูกปิดแล้วนะ ส่ง SMS ผ่าน Vonage แทน"),
    ("โฮสต์ทุกอย่างบน DigitalOcean", "DigitalOcean ถูกยกเลิกแล้ว ย้ายไป Hetzner"),
    ("โฮสต์ทุกอย่างบน DigitalOcean", "DigitalOcean โดนปิดไปแล้ว ตอนนี้ใช้ Hetzner แทน"),
    ("ใช้ cron รัน job ตามเวลา", "cron ถูกเลิกใช้แล้ว ต่อไปใช้ systemd timer"),
    ("日志存储用 Loki", "Loki 已经被团队下线了，以后用 ClickHouse"),
    ("日志存储用 Loki", "Loki 被运维停掉了，以后日志都进 ClickHouse"),
    ("用 cron 跑定时任务", "cron 被停用了，改用 systemd timer"),
    ("用 Twilio 发短信", "Twilio 被换掉了，短信走阿里云"),
])
def test_a_reversal_said_in_the_passive_still_reverses(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.outcome == "reversal" and found.target == "OLD", found


@pytest.mark.parametrize(("old", "new"), [
    ("Refunds are possible up to 14 days after purchase.",
     "Refunds are possible up to 30 days after purchase once Maria is fine with it."),
    ("Refunds are possible up to 14 days after purchase.",
     "Refunds are possible up to 30 days after purchase? Has the director signed off on it?"),
    ("Refunds are possible up to 14 days after purchase.",
     "Store credit can be used up to 90 days after purchase, Maria is fine with it."),
    ("Refunds are possible up to 14 days after purchase.",
     "Gift cards are refundable up to 30 days, the director signed off on it."),
    pytest.param("Refunds are possible up to 14 days after purchase.",
                 "Refunds up to 30 days would be nice, but the director hasn't signed off on it.", marks=_OLDER),
    ("The monthly report is at most 10 pages.", "The quarterly report can be 16 pages, the director signed off on it."),
    ("คืนเงินได้ภายใน 14 วันหลังซื้อ", "คืนเงินได้ภายใน 30 วันหลังซื้อ หัวหน้าโอเคแล้วหรือยัง"),
    ("คืนเงินได้ภายใน 14 วันหลังซื้อ", "บัตรของขวัญคืนเงินได้ภายใน 30 วัน หัวหน้าอนุมัติแล้ว"),
    pytest.param("退款期限是购买后 14 天", "礼品卡退款期限 30 天，老板已经同意了", marks=_OLDER),
])
def test_an_approval_not_given_or_of_another_item_decides_nothing(old: str, new: str) -> None:
    found = judge(old, new, "Rule", "Rule")
    assert not (found.supersedes and found.target == "OLD"), found


@pytest.mark.parametrize("new", [
    "The Friday ban on production access for contractors is lifted.",
    "The Friday ban on production database queries is lifted.",
])
def test_a_lifted_ban_on_production_access_is_another_ban(new: str) -> None:
    found = judge("No deploys on Fridays.", new, "Rule", "Rule")
    assert not (found.supersedes and found.target == "OLD"), found


def test_no_need_to_change_retires_nothing_else() -> None:
    from memory_store.supersede.detect import Detector, Statement

    old = "第 1 条你说得对，但方向要改：读数在数据库里按字符串存，保留前导零，不要转 int"
    new = ("ตกลงกันว่าฐานข้อมูล prod แบ็กอัปทุก 4 ชั่วโมง เก็บไว้ 30 วันเหมือนเดิม ส่วน staging ไม่ต้องเปลี่ยน "
           "ยังเป็นสัปดาห์ละครั้งเหมือนเดิม")
    found = Detector([Statement("OLD", "Constraint", "2026-08-11", old)]).detect(
        Statement("NEW", "Architecture", "2026-08-20", new))
    assert not found.supersedes, found
