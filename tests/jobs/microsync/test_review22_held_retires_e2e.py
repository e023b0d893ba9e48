"""review22, through the real CLI (`memjobs init`, `memjobs backfill`): a turn that decides nothing, read by a
held-value reading (extract22a's, reverted) as a new value for a held quantity, was kept as a Decision and retired
the correct entry kept a week before (status `superseded` in memory/, gone from MEMORY.md). On main before
extract22a none of these turns kept anything and the earlier entry stayed active.

- "ตอนนี้ disk ใช้ไป 75%" (a measurement: 75% of the disk used) retired "แจ้งเตือนเมื่อ disk เต็ม 90%";
- "备份保留改成 30 天" (backup retention) retires "日志保留 14 天" (log retention: another thing, same unit);
- "ส่วน add-on storage เอา 50 บาทต่อเดือน" (another item's price) retires the Pro plan's 200 บาทต่อเดือน;
- "超时改成 30 分钟，会不会太短？" (a question after a comma) retires the 60-minute timeout;
- "timeout เปลี่ยนเป็น 45 นาที ดีไหม" (a question after a Thai space) retires the 30-minute timeout.
The held-value reading was reverted the same session (docs/benchmarks.md); these turns stay as the bar any
reading of held values must pass: a turn that decides nothing keeps nothing and retires nothing."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.supersede.open_state import file_entries
from tests.jobs.microsync.test_turn_news_retires_nothing import _backfill

DAY1, DAY2 = "2026-11-03T03:00:00+00:00", "2026-11-10T03:00:00+00:00"


@pytest.mark.parametrize(("earlier", "turn"), [
    ("ตัดสินใจว่า แจ้งเตือนเมื่อ disk เต็ม 90%", "ตอนนี้ disk ใช้ไป 75%"),
    ("决定了：日志保留 14 天", "备份保留改成 30 天"),
    ("ตกลงว่าแพ็กเกจ Pro ราคา 200 บาทต่อเดือน", "ส่วน add-on storage เอา 50 บาทต่อเดือน"),
    ("决定了：会话超时 60 分钟", "超时改成 30 分钟，会不会太短？"),
    ("ตกลงใช้ session timeout 30 นาที", "timeout เปลี่ยนเป็น 45 นาที ดีไหม"),
])
def test_a_turn_that_decides_nothing_retires_nothing(tmp_path: Path, earlier: str, turn: str) -> None:
    ws = _backfill(tmp_path, [(DAY1, earlier), (DAY2, turn)])
    entries = [e for e, _ in file_entries(ws)]
    old = [e for e in entries if (e.excerpt or "").strip() == earlier]
    assert old and old[0].status == "active", [(e.status, e.excerpt) for e in entries]
    assert len(entries) == 1, [(e.status, e.excerpt) for e in entries]
