"""An incident is never a change the user makes (review21; reefsound s12#0): something that happened to the
chosen thing — said in an adversative passive (Thai โดน / ถูก, Chinese 被 with someone else doing it), or in
a passive said of an outage (maintenance, for a few hours, by mistake) or of a running thing killed — and
the retire of one running copy of it (its replica, pod, process, node, shard) reverse nothing of the
choice. The user's own retire, passive or not, still does ("the Twilio account was cancelled", "Loki 被我
关掉了", "ปิด Twilio ไปแล้ว")."""
from __future__ import annotations

import pytest

from tests.memory_store.supersede.test_part_retired import judge


@pytest.mark.parametrize(("old", "new", "new_kind"), [
    # en: a passive said of an outage or of a process killed; a running copy dropped
    ("Use Redis for the session cache.",
     "Heads up: the Redis behind the session cache was shut down by the hosting team for maintenance last night.",
     "Remember"),
    ("Use Kafka for the event stream.", "FYI the Kafka cluster got switched off for two hours during the upgrade.",
     "Remember"),
    ("Use Celery for background jobs.", "The Celery worker process got killed by the OOM killer at 3am.", "Decision"),
    ("Keep the job queue in Redis.", "We removed the Redis replica in eu-central.", "Decision"),
    ("Keep the job queue in Redis.", "We dropped two Redis pods from the cluster.", "Decision"),
    # th: โดน / ถูก before the verb
    ("ใช้ Redis เป็น cache ของ session", "เมื่อคืน Redis ของ cache session โดน kill ตอนเครื่องเต็ม", "Decision"),
    ("ใช้ Prefect คุม pipeline", "แอดมินแจ้งว่า process prefect บน login node โดน kill แล้ว", "Decision"),
    ("ใช้ Redis เป็น cache ของ session", "Redis ของ cache session ถูกทีม infra ปิดไปตอนซ่อมบำรุงเมื่อคืน", "Remember"),
    # (said as a decision, it says all the choice says and more: what happened to it amends nothing)
    ("ใช้ Redis เป็น cache ของ session", "Redis ของ cache session ถูกทีม infra ปิดไปตอนซ่อมบำรุงเมื่อคืน", "Decision"),
    # zh: 被 with someone else doing it
    ("日志存储用 Loki", "Loki 的进程昨晚被运维 kill 掉了", "Decision"),
    ("日志存储用 Loki", "机房维护，Loki 被关掉了两个小时", "Remember"),
    ("日志存储用 Loki", "我们把 Loki 的一个副本删了", "Decision"),
])
def test_an_incident_reverses_nothing(old: str, new: str, new_kind: str) -> None:
    found = judge(old, new, "Decision", new_kind)
    assert not found.supersedes, found


@pytest.mark.parametrize(("old", "new"), [
    # the user's own retire, passive or active, with or without a new name beside it
    ("Use Twilio for SMS.", "The Twilio account was cancelled."),
    ("Use Twilio for SMS.", "We shut down Twilio, SMS goes through Vonage now."),
    ("Keep the job queue in Redis.", "We dropped Redis."),
    ("ใช้ Twilio ส่ง SMS", "ปิด Twilio ไปแล้ว"),
    ("ใช้ Twilio ส่ง SMS", "Vonage ถูกกว่า ยกเลิก Twilio เลย"),   # ถูก as cheap: no passive
    ("日志存储用 Loki", "Loki 被我关掉了，改用 ClickHouse"),
    ("日志存储用 Loki", "Loki 不再用了"),
])
def test_the_users_own_retire_still_reverses(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.outcome == "reversal" and found.target == "OLD", found
