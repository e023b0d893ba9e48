"""A "rule:" label in Chinese or Thai makes the sentence after it a rule, as "rule: …" does in English.

Trigger: "规则：周五不许部署" and "กฎ: ทุก PR ต้องมีคนรีวิวสองคน" gave no entry.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize("said", [
    "规则：每周一早上不许改生产配置",
    "规则：周一不许上线",              # a weekday under a rule label is every such day, not this one
    "规矩：禁止周日改数据库",
    "กฎ: ห้าม merge วันศุกร์",         # one entry, not a second one for the label alone
    "规则: 所有迁移脚本都需要 DBA 审核",
    "规矩：合并前跑完整测试",
    "我们定个规矩：周一不发版",
    "กฎ: ทุก migration ต้องมี rollback",
    "กฎ：ห้ามแก้ config บน production ตรงๆ",
])
def test_a_labelled_rule_is_kept(said: str) -> None:
    found = extract(("user", said))
    assert [c.kind for c in found] in (["Rule"], ["Constraint"]), found


@pytest.mark.parametrize("said", [
    "这个规则是谁定的？",
    "规则引擎今天又挂了",
    "กฎหมายใหม่ออกมาแล้ว",
])
def test_the_word_alone_is_not_a_rule(said: str) -> None:
    assert extract(("user", said)) == []
