"""End to end through backfill (microSync each day, then the weekly compound): a decision that goes
back to the value an earlier decision rejected supersedes it (explore7 #8's exact turns, and the
same in Chinese and Thai). Both were active, both in MEMORY.md, and no conflict was listed."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.jobs.microsync.test_switch_supersedes_e2e import _memory_items, _run
from tests.microsync_helpers import all_entries


@pytest.mark.parametrize("first,back", [
    ("we decided deploys happen on Tuesdays, Thursdays did not work",
     "we decided deploys happen on Thursdays again, Tuesdays clash with the release meeting"),
    ("我们决定部署放在周二，周四总出问题", "我们决定部署回到周四，周二和发布会冲突"),
    ("ตัดสินใจแล้วว่าประชุมทีมวันจันทร์ วันศุกร์คนลาเยอะ", "ตัดสินใจแล้วว่าประชุมทีมกลับมาวันศุกร์อีกครั้ง วันจันทร์คนติดลูกค้า"),
])
def test_going_back_to_the_rejected_value_supersedes_the_decision_that_rejected_it(
        tmp_path: Path, first: str, back: str) -> None:
    ws = _run(tmp_path, [("2026-11-03T03:00:00+00:00", first), ("2026-11-10T03:00:00+00:00", back)])
    by_excerpt = {f.entry.excerpt: f.entry for f in all_entries(ws)}
    old, new = by_excerpt[first], by_excerpt[back]
    assert new.supersedes == old.id
    assert old.status == "superseded" and new.status == "active"
    items = _memory_items(ws)
    assert new.id in items and old.id not in items, items
