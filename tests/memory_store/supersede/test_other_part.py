"""A later statement about ANOTHER PART of a system replaces nothing said about one part, in any
language (review13 #3): "API 超时设为 30 秒" then "从下个月起，前端的请求超时设为 10 秒" (the frontend's
timeout), "API 每周四部署" then "From next week the frontend deploys on Tuesdays", staging beside
production. The parts are named in memory_store/supersede/concepts.txt ([part:…]); two statements
that each name a part the other does not are about two parts. A person away for a while (休假,
ลาพักร้อน, on vacation) is covered, not gone from their role."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("Errors go to Sentry", "Invoices carry the full company name", "错误监控用 Sentry",
          "ใบแจ้งหนี้ใส่ชื่อบริษัทเต็ม")


def judge(old: str, new: str, kind: str = "Decision") -> Finding:
    earlier = [Statement(f"F{n}", kind, "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", kind, "2026-11-03", old))
    return Detector(earlier).detect(Statement("NEW", kind, "2026-11-10", new))


@pytest.mark.parametrize("old,new", [
    ("API 超时设为 30 秒", "从下个月起，前端的请求超时设为 10 秒"),
    ("The API timeout is 30 seconds", "From next month the frontend request timeout is 10 seconds"),
    ("API 每周四部署", "From next week the frontend deploys on Tuesdays"),
    ("Deploy the API on Thursdays", "从下周起，前端改到周二部署"),
    ("Deploy the API on Thursdays", "ตั้งแต่สัปดาห์หน้า ฟรอนต์เอนด์ดีพลอยวันอังคาร"),
    ("Production deploys need a sign-off from QA", "Staging deploys need no sign-off from now on"),
    ("生产环境的数据库每天凌晨 3 点备份", "从下周起测试环境的数据库改到每天凌晨 5 点备份"),
])
def test_a_statement_about_another_part_replaces_nothing(old: str, new: str) -> None:
    found = judge(old, new)
    assert not found.supersedes and found.outcome != "conflict", found


@pytest.mark.parametrize("old,new", [
    ("API 超时设为 30 秒", "从下个月起，API 超时改成 10 秒"),
    ("Deploy the API on Thursdays", "从下周起，API 改到周二部署"),
    ("Deploy the API on Thursdays", "From next week we deploy the API on Tuesdays"),
])
def test_the_same_part_is_changed_as_before(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.supersedes and found.target == "OLD", found


@pytest.mark.parametrize("old,new", [
    ("老陈负责支付服务", "老陈下个月休假，小李负责前端"),
    ("老陈负责支付服务", "老陈下个月休假，支付服务小李先顶着"),
    ("Chen owns the payments service", "Chen is on vacation next month, Li covers payments"),
    ("พี่ต้อมดูแลระบบชำระเงิน", "พี่ต้อมลาพักร้อนเดือนหน้า น้องบีมดูแลฟรอนต์เอนด์"),
])
def test_a_person_on_leave_keeps_their_role(old: str, new: str) -> None:
    assert not judge(old, new).supersedes


def test_a_long_leave_still_hands_the_role_over() -> None:
    found = judge("老陈负责支付服务", "老陈下个月休产假，支付服务交给小李")
    assert found.supersedes and found.target == "OLD", found


@pytest.mark.parametrize("old,new,outcome", [
    # one part of a role in two languages: another tool is a possible conflict
    ("Use Redis for the session cache", "会话缓存用 Memcached", "conflict"),
    # two parts of a role, or a qualifier no concept names: no conflict, as before
    ("Use Redis for the session cache", "限流用 Memcached", "none"),
    ("Use Stripe for card payments", "用于扫码支付的是 PromptPay", "none"),
])
def test_a_qualifier_in_another_language_is_compared_by_its_concepts(old: str, new: str, outcome: str) -> None:
    assert judge(old, new).outcome == outcome
