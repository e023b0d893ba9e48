"""End to end through backfill (microSync each day, then the weekly compound): a decision that shares
with an earlier one only the words that say it was decided, or only the tool a switch moves away
from, does not supersede it. Both stay active and in MEMORY.md."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.jobs.microsync.test_switch_supersedes_e2e import REDIS, _memory_items, _run
from tests.microsync_helpers import all_entries

POSTGRES = "we decided to use Postgres 16 for the billing service"
PNPM = "we decided to use pnpm instead of npm"


def test_a_decision_sharing_only_we_decided_leaves_the_earlier_decision_active(tmp_path: Path) -> None:
    """With a few other entries in the log, "decided" was rare enough to be the subject, and "instead
    of" made the pnpm decision a reversal of the Postgres one: MEMORY.md lost Postgres."""
    ws = _run(tmp_path, [("2026-11-03T03:00:00+00:00", POSTGRES),
                         ("2026-11-03T03:05:00+00:00", "remember that the staging db is on port 5433"),
                         ("2026-11-03T03:10:00+00:00", "remember that the vpn gateway is vpn2.corp"),
                         ("2026-11-10T03:00:00+00:00", PNPM)])
    by_excerpt = {f.entry.excerpt: f.entry for f in all_entries(ws)}
    old, new = by_excerpt[POSTGRES], by_excerpt[PNPM]
    assert new.supersedes is None and old.status == "active"
    items = _memory_items(ws)
    assert old.id in items and new.id in items, items


@pytest.mark.parametrize("switch", [
    "switch the rate limiter from Redis to a token bucket in memory",
    "把限流器从 Redis 换成内存里的令牌桶",
    "限流器从 Redis 换成内存里的令牌桶",
    "เปลี่ยน rate limiter จาก Redis เป็น token bucket ในหน่วยความจำ",
])
def test_a_switch_of_another_thing_away_from_the_same_tool_leaves_the_decision_active(
        tmp_path: Path, switch: str) -> None:
    """The rate limiter moves off Redis; the session cache still uses it."""
    ws = _run(tmp_path, [("2026-11-03T03:00:00+00:00", REDIS), ("2026-11-10T03:00:00+00:00", switch)])
    by_excerpt = {f.entry.excerpt: f.entry for f in all_entries(ws)}
    old, new = by_excerpt[REDIS], by_excerpt[switch]
    assert new.supersedes is None and old.status == "active"
    items = _memory_items(ws)
    assert old.id in items and new.id in items, items


def test_covering_for_a_person_in_thai_leaves_the_decision_active(tmp_path: Path) -> None:
    """แทน + a person is "for, on behalf of" (I do the deploys for พี่เอก while he is on leave), not
    "instead of": พี่เอก still owns the Friday deploys."""
    owner = "ตัดสินใจแล้วว่าพี่เอกดูแล deploy ทุกวันศุกร์"
    cover = "ตกลงกันว่าผมทำ deploy แทนพี่เอกช่วงลา"
    ws = _run(tmp_path, [("2026-11-03T03:00:00+00:00", owner), ("2026-11-10T03:00:00+00:00", cover)])
    by_excerpt = {f.entry.excerpt: f.entry for f in all_entries(ws)}
    old, new = by_excerpt[owner], by_excerpt[cover]
    assert new.supersedes is None and old.status == "active"
    items = _memory_items(ws)
    assert old.id in items and new.id in items, items
