"""A rule said as what people (or a release, a PR) may or must do, with its limit, and no rule word.

"guests can check in online up to 24 hours before arrival", "every migration needs a second reviewer
before it runs": who, a modal, and the limit (before, within, without, only…) make it a standing
rule of the project. A description of a fault ("users can't log in until…") or of software ("the API
can return a 500 before…") is none.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize("text", [
    "guests can check in online up to 24 hours before arrival.",
    "a schema migration needs a second reviewer before it runs on prod.",
    "PRs that only bump dependencies can merge without a review.",
    "and a hotfix tag must have the on-call's approval before it is pushed.",
    "会员最晚可以在开课前 6 小时取消",
    "สมาชิกยกเลิกได้ถึง 6 ชั่วโมงก่อนเริ่มคลาส",
])
def test_who_may_or_must_do_what_within_a_limit_is_a_rule(text: str) -> None:
    found = extract(("user", text))
    assert len(found) == 1, found
    assert found[0].kind in ("Rule", "Constraint", "Decision")


@pytest.mark.parametrize("text", [
    "the API can return a 500 before the cache warms up.",
    "users can't log in until we restart the pod.",
    "can guests check in online before arrival?",
    "maybe guests can check in online up to 24 hours before arrival.",
])
def test_a_fault_a_description_or_a_question_is_no_rule(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "ให้พนักงานแก้รายการที่ตัวเองส่งได้เองภายใน 15 นาทีหลังส่ง",
    # after a complaint in the same run of Thai words: the permission is its own clause
    "เมื่อวานหัวหน้าโทรมาบ่นว่าพนักงานกดส่งผิดบ่อย แก้เองไม่ได้ต้องโทรหาหัวหน้าทุกครั้ง ผมคุยกับผู้จัดการแล้ว "
    "ให้พนักงานแก้รายการที่ตัวเองส่งได้เองภายใน 15 นาทีหลังส่ง",
    "I talked to the manager: staff can edit their own entries within 15 minutes of sending.",
    "我跟经理谈过了，员工最多可以在提交后 15 分钟内自己修改",
])
def test_a_permission_with_its_limit_is_kept_after_the_story_that_led_to_it(text: str) -> None:
    found = extract(("user", text))
    assert any("15" in c.statement and c.kind in ("Rule", "Constraint", "Decision") for c in found), found


@pytest.mark.parametrize("text", [
    "ช่วยทำให้มันรันได้ก่อนเที่ยงนะ",
    "ให้คนไข้รอก่อนได้ไหม",
])
def test_a_thai_task_or_question_with_a_limit_is_no_permission(text: str) -> None:
    assert extract(("user", text)) == []
