"""Two statements about two parts are two items (memory_store/near_duplicates.py `two_parts`): a
differing word that names the service, team, customer or environment a statement is about ("Use
Kafka for the auth service" / "… the billing service", Dice exactly 0.75) made the weekly keep one of
them, and a still-valid decision about the other part silently left MEMORY.md (weekly18). Restatements
of one part still merge."""
from __future__ import annotations

import pytest

from memory_store.near_duplicates import near_duplicate, two_parts


@pytest.mark.parametrize(("a", "b"), [
    ("Use Kafka for the auth service", "Use Kafka for the billing service"),
    ("The billing service logs in JSON", "The search service logs in JSON"),
    ("The payments team owns the deploy pipeline", "The platform team owns the deploy pipeline"),
    ("Deploy the frontend on Fridays after standup", "Deploy the backend on Fridays after standup"),
    ("Run the smoke tests on staging after every deploy", "Run the smoke tests on production after every deploy"),
    ("auth 服务用 Kafka", "计费服务用 Kafka"),
    ("订单服务的日志用 JSON 格式", "搜索服务的日志用 JSON 格式"),
    ("service auth ใช้ Kafka", "service billing ใช้ Kafka"),
    ("ระบบจองเก็บ log เป็น JSON", "ระบบชำระเงินเก็บ log เป็น JSON"),
    ("ทีมหลังบ้านต้องรีวิวโค้ดก่อน merge", "ทีมหน้าบ้านต้องรีวิวโค้ดก่อน merge"),
])
def test_two_parts_are_two_statements(a: str, b: str) -> None:
    assert two_parts(a, b) and two_parts(b, a)
    assert near_duplicate(a, b) is None


@pytest.mark.parametrize(("a", "b"), [
    ("Use Kafka for the auth service", "The auth service uses Kafka"),
    ("The billing service logs in JSON", "Logs of the billing service are in JSON"),
    ("Invoices are generated nightly by the billing worker", "The billing worker generates invoices nightly"),
    ("Use Postgres for the bookings database", "The bookings database uses Postgres"),
    ("auth 服务用 Kafka", "auth 服务使用 Kafka"),
    ("账单服务每天晚上生成发票", "发票由账单服务每天晚上生成"),
    ("service auth ใช้ Kafka", "service auth ต้องใช้ Kafka"),
    ("ใช้ PostgreSQL เป็นฐานข้อมูลของระบบจอง", "ฐานข้อมูลของระบบจองใช้ PostgreSQL"),
    ("Staging deploys happen on Fridays", "Deploys to staging happen on Fridays"),
])
def test_one_part_said_again_still_merges(a: str, b: str) -> None:
    assert not two_parts(a, b)
    assert near_duplicate(a, b) is not None
