"""A retire verb under a negation or a prohibition ("never disable Telegram", "อย่าปิด telegram bot",
"别关掉 telegram") keeps the choice, and one said of every time is upkeep: neither reverses the choice
(memory_store/supersede/retired.py, review17 F2). A reminder to retire it ("don't forget to turn off …") does."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import detect
from tests.memory_store.supersede.test_relaxed_in_its_days import _stmt

_LOG = [_stmt("Decision", "2026-06-07", "E2", "Telegram for internal pings", 0)]


@pytest.mark.parametrize("later", ["Never disable Telegram", "Nobody may remove Telegram", "อย่าปิด telegram bot นะ",
                                   "别关掉 telegram", "不要关掉 telegram bot", "禁止关掉 telegram",
                                   "We must not remove Telegram", "Telegram stays; never turn it off"])
def test_a_retire_verb_under_a_negation_reverses_no_choice(later: str) -> None:
    found = detect(_stmt("Decision", "2026-06-13", "L1", later, 1), _LOG)
    assert found.outcome != "reversal", found


@pytest.mark.parametrize("later", [
    "ปิด telegram bot ไปเลย",
    # a reminder to do it, and a no in another clause, keep the retire
    "Don't forget to turn off the Telegram bot", "อย่าลืมปิด telegram bot นะ", "别忘了关掉 telegram",
    "ห้ามใช้ LINE แล้วก็ปิด telegram ด้วย", "Turn off Telegram, we don't need it"])
def test_a_retire_verb_still_reverses_the_choice(later: str) -> None:     # the behaviour to keep
    found = detect(_stmt("Decision", "2026-06-13", "L1", later, 1), _LOG)
    assert found.outcome == "reversal" and found.target == "E2", found


_CACHE = [_stmt("Decision", "2026-06-06", "E1", "Use Redis for the session cache", 0)]


@pytest.mark.parametrize("later", ["ลบ Redis cache ก่อน deploy ทุกครั้ง",
                                   "Before every release, flush and delete the Redis cache"])
def test_a_recurring_maintenance_step_retires_nothing(later: str) -> None:
    """A retire verb said of every time ("ทุกครั้ง", "before every release") is upkeep of the thing, not its end."""
    found = detect(_stmt("Rule", "2026-06-13", "L1", later, 1), _CACHE)
    assert not (found.outcome == "reversal" and found.basis == "retired"), found
