"""A relaxation that loosens a rule for a part only is `scoped` (review13 #3): the rule still holds
outside it, so the entry that supersedes it says both (jobs/microsync/supersedes.py). English finds
what Chinese finds: "For merges in the docs repo one approval is enough" beside "Every merge needs
two approvals" shared only "approval" as counted ("merges" stems to "merg", "merge" to itself), below
the two words a requirement met by less must share with its rule, while "文档仓库一个人审批就够了"
shared three pairs with "合并前需要两个人审批"."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("Errors go to Sentry", "Invoices carry the full company name", "Use Postgres for the orders store",
          "错误监控用 Sentry", "ใบแจ้งหนี้ใส่ชื่อบริษัทเต็ม")


def judge(old: str, new: str) -> Finding:
    earlier = [Statement(f"F{n}", "Rule", "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", "Rule", "2026-11-03", old))
    return Detector(earlier).detect(Statement("NEW", "Rule", "2026-11-10", new))


@pytest.mark.parametrize("old,new", [
    ("Every deploy needs a sign-off from QA and security", "A sign-off from QA is enough for config-only changes"),
    ("每次部署都需要 QA 和安全团队签字", "只改配置的变更，QA 签字就够了"),
    ("Every merge needs two approvals", "For merges in the docs repo one approval is enough"),
    ("合并前需要两个人审批", "文档仓库一个人审批就够了"),
    ("No deploys on Fridays", "Hotfixes can go out on Fridays if two people watch the rollout"),
])
def test_an_exception_for_a_part_is_a_scoped_relaxation(old: str, new: str) -> None:
    found = judge(old, new)
    assert (found.outcome, found.target, found.scoped) == ("relaxation", "OLD", True), found


def test_what_is_enough_for_another_subject_loosens_nothing() -> None:
    assert not judge("Every PR needs two approvals", "For leave requests one approval is enough").supersedes
