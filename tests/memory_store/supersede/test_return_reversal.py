"""A reversal back to a value the earlier entry rejected (explore7 #8): "deploys happen on Thursdays
again, Tuesdays clash with the release meeting" after "deploys happen on Tuesdays, Thursdays did not
work". The earlier entry chose one value and named the other as what failed; the new statement says
its choice again with the rejected value, and a word that says it returns to it (again, back to,
又/回到/还是, กลับไป/กลับมา/อีกครั้ง). It replaces the earlier entry: two contradicting active decisions
were left in MEMORY.md. The chosen value said again ("… on Tuesdays again") is no change."""
from __future__ import annotations

import pytest

from tests.memory_store.supersede.judging import judge


@pytest.mark.parametrize("old,new", [
    # the report's exact inputs (title | the excerpt kept beside it)
    ("Deploys happen on Tuesdays, Thursdays did not work|we decided deploys happen on Tuesdays, Thursdays did not work",
     "Deploys happen on Thursdays again, Tuesdays clash with the release meeting"
     "|we decided deploys happen on Thursdays again, Tuesdays clash with the release meeting"),
    ("Use Poetry for packaging, uv broke our private index",
     "We are back to uv for packaging, Poetry locks are too slow"),
    ("The nightly build runs on the Mac mini, the Linux box kept timing out",
     "The nightly build runs on the Linux box again, the Mac mini is needed for demos"),
    ("Standups are at 9:30, 10:00 was too late for Berlin",
     "Standups are at 10:00 again, 9:30 is too early for Sydney"),
    ("部署放在周二，周四总出问题", "部署回到周四，周二和发布会冲突"),
    ("周报用飞书文档写，Notion 国内访问太慢", "周报又回到 Notion 写了，飞书文档排版太乱"),
    ("deploy วันอังคาร วันพฤหัสไม่เวิร์ค", "กลับไป deploy วันพฤหัสอีกครั้ง วันอังคารชนกับประชุม release"),
    ("ประชุมทีมวันจันทร์ วันศุกร์คนลาเยอะ", "ประชุมทีมกลับมาวันศุกร์อีกครั้ง วันจันทร์คนติดลูกค้า"),
])
def test_a_return_to_the_value_the_earlier_entry_rejected_supersedes_it(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.supersedes and found.target == "OLD", found


@pytest.mark.parametrize("old,new", [
    # the chosen value said again
    ("Deploys happen on Tuesdays, Thursdays did not work", "Deploys happen on Tuesdays again this week"),
    ("部署放在周二，周四总出问题", "部署又是周二，大家记一下"),
    # the rejected value failing again: a reason, no return to it
    ("Deploys happen on Tuesdays, Thursdays did not work", "Thursdays failed again, so deploys happen on Tuesdays"),
    ("Use Poetry for packaging, uv broke our private index", "uv broke the private index again, Poetry stays"),
    # the rejected value failing again, the chosen one said beside it
    ("部署放在周二，周四总出问题", "部署又被周四的事故拖了，周二照常"),
    ("deploy วันอังคาร วันพฤหัสไม่เวิร์ค", "deploy วันพฤหัสพังอีกครั้ง วันอังคารโอเค"),
    # the other value named after the choice for another use, not rejected: a mention, no return
    ("Use Postgres for the orders service, MySQL is for the legacy reports",
     "The orders service timed out on the MySQL reports again"),
    ("订单服务用 Postgres，MySQL 只给旧报表用", "订单服务又在 MySQL 报表上超时了"),
])
def test_the_chosen_value_again_or_the_other_one_mentioned_again_is_no_reversal(old: str, new: str) -> None:
    found = judge(old, new)
    assert not found.supersedes, found


def test_the_rejected_value_failing_again_is_no_return() -> None:
    """A failure in the cue's clause (cues/*.txt [setback]): the value failed again, it is not taken
    up again. (This statement is still read as a relaxation of the decision, by "are fine": that
    cue, not a return, and not this class.)"""
    found = judge("Deploys happen on Tuesdays, Thursdays did not work",
                  "Deploys on Thursdays failed again, Tuesdays are fine")
    assert found.outcome != "reversal", found
