"""A rule lifted by its name ("the Friday freeze is lifted", "周五禁令取消了", "ยกเลิกกฎห้าม deploy วันศุกร์แล้ว") loosens
that rule as a whole (explore17 #10), and a requirement met by less said in Thai ("ต่อไปนี้ approve คนเดียวก็พอแล้ว",
explore17 #11) loosens the rule that asked for more, as the English and Chinese forms do.

"周五禁令取消了" shares only the day with "周五不准上线生产环境": the ban it names is the rule of those days. A
lift of another ban on those days ("the Friday meeting ban is lifted") or a permission about something else
("วันเสาร์อาทิตย์ พาหมามาออฟฟิศได้" beside "ห้าม deploy วันเสาร์อาทิตย์", review17) loosens nothing; nor does "one
approval is enough" for another thing ("for leave requests one approval is enough")."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("Errors go to Sentry", "Invoices carry the full company name", "错误监控用 Sentry",
          "ใบแจ้งหนี้ใส่ชื่อบริษัทเต็ม")


def judge(old: str, new: str, kind: str = "Rule") -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", "Rule", "2026-10-06", old))
    return Detector(earlier).detect(Statement("NEW", kind, "2026-10-14", new))


@pytest.mark.parametrize("kind", ["Rule", "Decision"])
@pytest.mark.parametrize(("old", "new"), [
    ("Never deploy to prod on Fridays.", "The Friday freeze is lifted."),
    ("Never deploy to prod on Fridays.", "We can deploy to prod on Fridays again, the Friday freeze is lifted."),
    ("Never deploy to prod on Fridays.", "The no-Friday-deploys rule is lifted, Friday deploys to prod are fine now."),
    ("周五不准上线生产环境。", "周五禁令取消了。"),
    ("周五不准上线生产环境。", "周五可以上线生产了，之前的周五禁令取消了。"),
    ("ห้าม deploy ขึ้น prod วันศุกร์", "ยกเลิกกฎห้าม deploy วันศุกร์แล้ว"),
    ("ห้าม deploy ขึ้น prod วันศุกร์", "ยกเลิกกฎห้าม deploy วันศุกร์แล้ว วันศุกร์ deploy ได้ตามปกติ"),
])
def test_a_rule_lifted_by_its_name_is_loosened_whole(old: str, new: str, kind: str) -> None:
    found = judge(old, new, kind)
    assert found.outcome in ("relaxation", "reversal") and found.target == "OLD", found
    # the whole rule: nothing of it holds outside an exception
    assert not found.scoped, found


@pytest.mark.parametrize(("old", "new"), [
    ("PR ต้องมีคน approve สองคนก่อน merge", "ต่อไปนี้ approve คนเดียวก็พอแล้ว"),
    ("PRs need two approvals before merge.", "From now on one approval is enough to merge a PR."),
    ("合并 PR 需要两个人审批。", "以后一个人审批就够了。"),
])
def test_a_requirement_met_by_less_loosens_the_rule(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.outcome == "relaxation" and found.target == "OLD", found
    # the whole rule: how many is no part it holds for (explore17 #11: a scoped relaxation gets the rule
    # glued into its title, "PRs need two approvals before merge; One approval is enough to merge a PR")
    assert not found.scoped, found


@pytest.mark.parametrize(("old", "new"), [
    ("周五不准上线生产环境。", "周五的会议禁令取消了"),
    ("PRs need two approvals before merge.", "For leave requests one approval is enough."),
    ("PR ต้องมีคน approve สองคนก่อน merge", "ใบลา approve คนเดียวก็พอ"),
    ("ห้าม deploy วันเสาร์อาทิตย์", "วันเสาร์อาทิตย์ พาหมามาออฟฟิศได้"),
])
def test_nothing_else_loosens_the_rule(old: str, new: str) -> None:
    found = judge(old, new, "Preference" if "หมา" in new else "Rule")
    assert not (found.supersedes and found.target == "OLD"), found


def test_an_english_ban_of_something_else_on_those_days_loosens_nothing() -> None:
    # (a permission that shares only the day's name is read as said in English, "Fridays are fine now";
    # a ban lifted that names a matter of its own is another rule: test_part_retired.py)
    found = judge("Never deploy to prod on Fridays.", "The Friday meeting ban is lifted.")
    assert not (found.supersedes and found.target == "OLD"), found
