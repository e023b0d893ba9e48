"""Two statements that are not rivals are no possible conflict (memory_store/supersede/detect.py):
one that names a role only by its noun ("the staging db", 数据库, ฐานข้อมูล) fills it with nothing,
so it does not contradict the tool another entry chose; and two members of a named series
("node-a"/"node-b", "web-01"/"web-02") are two things, as two family members or two buildings are.
A tool given another tool, and one member given another value, still are. Also end to end: the
saved open conflicts of a real workspace after `memjobs run microsync`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_store.supersede.detect import Statement, detect
from tests.conftest import memjobs
from tests.jobs.weekly.test_weekly_support import entry, write_entries


def _finding(new: tuple[str, str], old: tuple[str, str]):  # type: ignore[no-untyped-def]
    return detect(Statement("NEW-1", new[0], "2026-11-05", new[1]), [Statement("OLD-1", old[0], "2026-11-03", old[1])])


NOT_RIVALS = [
    (("Remember", "staging db port is 5433"), ("Decision", "Use Postgres for bookings")),
    (("Remember", "The job queue retries failed tasks three times"), ("Decision", "Use Celery for background jobs")),
    (("Rule", "Cache entries expire after 10 minutes"), ("Decision", "Use Redis for the session cache")),
    (("Remember", "数据库的备份保留 30 天"), ("Decision", "订单用 PostgreSQL")),
    (("Remember", "ฐานข้อมูลของ staging ใช้พอร์ต 5433"), ("Decision", "ใช้ MySQL เก็บข้อมูลลูกค้า")),
    (("Remember", "node-b runs the scheduler"), ("Remember", "node-a runs the scheduler")),
    (("Remember", "Server web-02 has 64 GB RAM"), ("Remember", "Server web-01 has 32 GB RAM")),
    (("Architecture", "worker_3 hosts the Redis replica"), ("Architecture", "worker_1 hosts the Redis primary")),
]

RIVALS = [
    (("Decision", "Use MySQL for bookings"), ("Decision", "Use Postgres for bookings")),
    (("Remember", "The staging queue is RabbitMQ"), ("Decision", "Use Kafka for the event bus")),
    (("Decision", "Use gpt-5 for the summaries"), ("Decision", "Use gpt-4 for the summaries")),
    (("Remember", "node-a has 64 GB RAM"), ("Remember", "node-a has 32 GB RAM")),
    (("Remember", "The staging db port is 5433"), ("Remember", "The staging db port is 5432")),
]


@pytest.mark.parametrize(("new", "old"), NOT_RIVALS)
def test_no_conflict_between_things_that_are_not_rivals(new: tuple[str, str], old: tuple[str, str]) -> None:
    assert _finding(new, old).outcome not in ("conflict", "reversal", "refinement", "relaxation")


@pytest.mark.parametrize(("new", "old"), RIVALS)
def test_a_rival_value_or_tool_is_still_one(new: tuple[str, str], old: tuple[str, str]) -> None:
    assert _finding(new, old).outcome in ("conflict", "reversal")


def test_a_workspace_lists_no_conflict_for_them(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert memjobs("init", str(ws)).returncode == 0
    (ws / "memjobs.yaml").write_text("timezone: UTC\ntranscripts: []\n", encoding="utf-8")
    write_entries(ws, [entry("Decision", "2026-11-03", "Use Postgres for bookings"),
                       entry("Remember", "2026-11-04", "node-a runs the nightly backups"),
                       entry("Remember", "2026-11-05", "staging db port is 5433"),
                       entry("Remember", "2026-11-05", "node-b runs the nightly backups")])
    p = memjobs("--workspace", str(ws), "run", "microsync", "--now", "2026-11-06T10:00:00+00:00", "--json")
    assert p.returncode == 0, p.stderr
    p = memjobs("--workspace", str(ws), "conflicts", "list", "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["conflicts"] == [], p.stdout


def test_a_series_member_after_is_is_the_value_not_another_thing() -> None:
    """"The staging server is stg-04" → "… is stg-09 instead": one server given another name (a
    reversal); the series rule once read stg-04/stg-09 as two machines and the reversal was lost."""
    from memory_store.supersede.detect import Statement, detect

    old = Statement("OLD", "Remember", "2026-11-16", "The build runner is ci-03", "")
    new = Statement("NEW", "Remember", "2026-11-24", "The build runner is ci-07 instead", "")
    assert detect(new, [old]).supersedes
    two = Statement("NEW", "Decision", "2026-11-24", "web-02 serves the admin panel", "")
    one = Statement("OLD", "Decision", "2026-11-16", "web-01 serves the admin panel", "")
    assert not detect(two, [one]).supersedes
