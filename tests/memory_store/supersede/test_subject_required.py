"""A supersede, or a possible conflict, needs a subject the two statements share: the words that only
frame a statement as a rule or a decision ("rule:", "we decided", 我们决定, ตัดสินใจว่า) are no subject,
however rare they are among the entries compared; a reversal across languages with no subject word in
common replaces nothing (docs/design.md §6.4)."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement


def _s(ident: str, kind: str, day: str, excerpt: str, order: int = 0) -> Statement:
    """A statement as microSync writes it: a title without the marker, the user's words as excerpt."""
    title = excerpt.split(":", 1)[1].strip() if excerpt.lower().startswith(("rule:", "constraint:")) else excerpt
    return Statement(ident, kind, day, title[:1].upper() + title[1:], excerpt, order)


def _judge(earlier: list[tuple[str, str]], new: tuple[str, str]) -> Finding:
    log = [_s(f"E{n}", kind, "2026-11-23", text, n) for n, (kind, text) in enumerate(earlier)]
    return Detector(log).detect(_s("NEW", new[0], "2026-11-24", new[1]))


BESIDE = [("Decision", "we decided to use Postgres 16 for the billing service"),
          ("Remember", "remember that the staging db is on port 5433")]


@pytest.mark.parametrize("old,new", [
    ("rule: never push directly to main", "rule: all invoices need two signatures"),
    ("rule: never push directly to main", "rule: all PRs need two approvals"),
    ("constraint: no deploys on Fridays", "constraint: invoices are paid within 30 days"),
    ("กฎ: ห้าม push ตรงเข้า main", "กฎ: ใบแจ้งหนี้ต้องมีสองลายเซ็น"),
    ("规则：不许直接推送到 main", "规则：发票需要两个人签字"),
])
def test_a_rule_on_another_subject_replaces_no_rule(old: str, new: str) -> None:
    found = _judge([*BESIDE, ("Constraint", old)], ("Rule", new))
    assert found.outcome in ("none", "same") and found.target != "E2", found
    assert not found.supersedes, found


@pytest.mark.parametrize("earlier,new", [
    ([("Decision", "we decided deploys happen on Thursdays"), ("Decision", "我们决定 API 超时设为 30 秒")],
     ("Decision", "我们决定部署改回周二")),
    ([("Decision", "we decided deploys happen on Thursdays"), ("Decision", "ตัดสินใจว่า API timeout 30 วินาที")],
     ("Decision", "ตัดสินใจว่าเปลี่ยนกลับไป deploy วันอังคาร")),
])
def test_a_reversal_with_no_subject_in_common_replaces_nothing(earlier: list[tuple[str, str]],
                                                               new: tuple[str, str]) -> None:
    found = _judge(earlier, new)
    assert not found.supersedes or found.target == "E0", found
    assert found.target != "E1", found


@pytest.mark.parametrize("earlier,new", [
    ([("Decision", "我们决定周四部署"), ("Decision", "我们决定 API 超时设为 30 秒")],
     ("Decision", "我们决定部署改回周二")),
    ([("Constraint", "rule: never push directly to main"), *BESIDE],
     ("Rule", "rule: you can push directly to main, but only with a hotfix label")),
])
def test_the_same_subject_is_still_replaced(earlier: list[tuple[str, str]], new: tuple[str, str]) -> None:
    found = _judge(earlier, new)
    assert found.supersedes and found.target == "E0", found
