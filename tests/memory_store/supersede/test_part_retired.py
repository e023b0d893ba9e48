"""The object of a retire or lift verb must be the chosen thing or the rule itself (review19 F3).

A qualified instance of the chosen thing taken out of use — its old, test, trial or staging one ("the old
S3 staging bucket", "เบอร์ทดสอบของ Twilio", "Twilio 的测试号码") — or something kept inside it ("the stale
keys in Redis", "replica เก่าของ Postgres", "Redis 里的旧 key") leaves the choice of the thing standing: it is
still what the project uses. The thing itself retired, or its account as a whole, still reverses the choice.

A ban lifted that names a matter of its own ("the Friday ban on team lunches", "กฎห้ามประชุมวันศุกร์",
"周五禁止开会的规定") is another rule of those days, not the deploy rule; a ban named by its days alone ("the
Friday freeze is lifted", test_rule_lifted.py) is the rule's own."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("Errors go to Sentry", "Invoices carry the full company name", "错误监控用 Sentry",
          "ใบแจ้งหนี้ใส่ชื่อบริษัทเต็ม", "The staging db is on port 5433")


def judge(old: str, new: str, old_kind: str = "Decision", new_kind: str = "Decision") -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-09-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", old_kind, "2026-09-08", old))
    return Detector(earlier).detect(Statement("NEW", new_kind, "2026-09-15", new))


@pytest.mark.parametrize(("old", "new"), [
    # en: a qualified instance (its test / sandbox / old one), something inside it
    ("Use Stripe for card payments.", "We cancelled the Stripe test account yesterday."),
    ("Use Mailgun for transactional email.", "The Mailgun sandbox domain was deleted."),
    ("Keep the job queue in Redis.", "I removed the stale keys in Redis last night."),
    ("Store uploads in S3.", "We dropped the old S3 staging bucket in eu-west."),
    # th
    ("ใช้ Postgres เก็บข้อมูลลูกค้า", "ลบ replica เก่าของ Postgres ทิ้งแล้ว"),
    ("ใช้ Twilio ส่ง SMS", "ยกเลิกเบอร์ทดสอบของ Twilio แล้ว"),
    # zh
    ("用 Redis 做会话缓存", "把 Redis 里的旧 key 都删了"),
    ("用 Twilio 发短信", "Twilio 的测试号码已经停掉了"),
])
def test_a_part_or_an_instance_retired_keeps_the_choice(old: str, new: str) -> None:
    found = judge(old, new)
    assert not (found.supersedes and found.target == "OLD"), found


@pytest.mark.parametrize(("old", "new"), [
    ("Use Stripe for card payments.", "We cancelled the Stripe account, cards go through Adyen."),
    ("Use Mailgun for transactional email.", "Mailgun was removed."),
    ("Keep the job queue in Redis.", "We dropped Redis."),
    ("Deploy the app on Heroku.", "The Heroku dyno was switched off."),
    ("Keep the job queue in Redis.", "Remove the dependency on Redis."),
    ("Keep the job queue in Redis.", "Turned off the last instance of Redis."),
    ("Keep the job queue in Redis.", "We removed the remaining Redis servers."),
    ("ใช้ Twilio ส่ง SMS", "ยกเลิก Twilio แล้ว"),
    ("用 Twilio 发短信", "Twilio 的账号已经停掉了"),
])
def test_the_thing_itself_retired_still_reverses_the_choice(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.outcome == "reversal" and found.target == "OLD", found


@pytest.mark.parametrize(("old", "new"), [
    ("No deploys on Fridays.", "The Friday ban on team lunches is lifted."),
    ("Never deploy to prod on Fridays.", "The Friday meeting ban is lifted."),
    ("ห้าม deploy วันศุกร์", "ยกเลิกกฎห้ามประชุมวันศุกร์แล้ว"),
    ("周五不准上线生产环境。", "周五禁止开会的规定取消了"),
])
def test_another_ban_of_those_days_lifted_loosens_nothing(old: str, new: str) -> None:
    found = judge(old, new, "Rule")
    assert not (found.supersedes and found.target == "OLD"), found
