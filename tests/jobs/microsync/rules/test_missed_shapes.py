"""Shapes of a kept item that one language lacked although the others had them, and a reply that
says the suggestion again and agrees (jobs/microsync/rules/lexicon: zh constraint and decision,
zh accept, en proposal):

- a cap per unit: "each member gets at most 2 pushes a day", "ไม่เกินวันละ 2 ข้อความ", 每个会员每天最多推 2 条;
- a standing time changed: "เปลี่ยนเป็นตีห้าครึ่ง", 库存汇总…改到五点半吧;
- a review's suggestion said again and agreed to: "grades in a table, agreed", grade 放进资料表，同意;
- a thing's required form: "invoices must be in simplified Chinese", 发票要用简体中文.
Each with near misses: a question, a report of a peak, one occasion, a disagreement.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract

REVIEW = ("assistant", "Review of PR #15:\n\n1. `Grade` is a hard-coded `Enum`; every new grade needs a deploy. "
                       "Suggest moving grades into a `grades` table so your mom can add one from the admin page.\n"
                       "2. `migrations/003_grades.sql` is hand-written SQL run by a shell script.")


@pytest.mark.parametrize(("text", "held"), [
    ("每个会员每天最多推 2 条，包括积分到账通知和促销。", "2 条"),
    ("每个服务最多只能跑 20 个 worker", "20"),
    ("each member gets at most 2 pushes a day, points notices and promos included", "2 pushes"),
    ("สมาชิกแต่ละคนได้ push ไม่เกินวันละ 2 ข้อความ รวมแจ้งแต้มและโปรโมชั่น", "2 ข้อความ"),
])
def test_a_cap_per_unit_is_a_constraint(text: str, held: str) -> None:
    found = extract(("user", text))
    assert [c.kind for c in found] == ["Constraint"]
    assert held in found[0].statement


@pytest.mark.parametrize("text", [
    "最多多少条？",               # a question
    "高峰期最多一天 60 单",        # a peak reported, nothing capped
])
def test_at_most_in_a_question_or_a_report_is_no_constraint(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize(("text", "held"), [
    ("库存汇总六点太晚了，工人五点半就到了，改到五点半吧", "五点半"),
    ("日报改成早上九点发吧", "九点"),
    ("สรุปสต็อกหกโมงช้าไป คนงานมาตีห้าครึ่ง เปลี่ยนเป็นตีห้าครึ่งเลย", "ตีห้าครึ่ง"),
])
def test_a_standing_time_changed_is_a_decision(text: str, held: str) -> None:
    found = extract(("user", text))
    assert [c.kind for c in found] == ["Decision"]
    assert held in found[0].statement


def test_one_occasion_moved_is_no_decision() -> None:
    assert extract(("user", "这次例会改到三点吧")) == []


@pytest.mark.parametrize(("reply", "held"), [
    ("grade 放進資料表，同意，我媽想加一個「出口級」", "grade"),
    ("grades in a table, agreed, my mom wants to add an export grade", "grades"),
])
def test_a_suggestion_said_again_and_agreed_to_is_a_decision(reply: str, held: str) -> None:
    found = extract(REVIEW, ("user", reply))
    assert [c.kind for c in found] == ["Decision"]
    assert held in found[0].statement.lower()


@pytest.mark.parametrize("reply", ["不同意，还是写死在代码里", "我不同意，这样不行"])
def test_a_disagreement_accepts_nothing(reply: str) -> None:
    assert extract(REVIEW, ("user", reply)) == []


@pytest.mark.parametrize(("text", "held"), [
    # a thing's required form: zh 要用 after the thing named, as en "must be"
    ("还有发票要用简体中文，品名写「泰国金枕头榴莲」，他们报关要用", "简体中文"),
    ("日志要用 JSON 格式", "json"),
    ("invoices must be in simplified Chinese", "simplified chinese"),
])
def test_a_required_form_is_a_rule(text: str, held: str) -> None:
    found = extract(("user", text))
    assert [c.kind for c in found] == ["Rule"]
    assert held in found[0].statement.lower()


@pytest.mark.parametrize("text", [
    "这个功能要用到 Redis",     # what a feature needs: a fact of the code, no rule
    "发票要用什么语言？",        # a question
    "我要用 Redis",             # the user's own wish, no rule
    "幫我看一下 PR #21，是手機 app 要用的新 API",   # what a thing is for
])
def test_yao_yong_as_need_question_or_wish_is_no_rule(text: str) -> None:
    assert extract(("user", text)) == []
