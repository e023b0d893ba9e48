"""Three classes of a changed choice or rule said without a word of deciding or a rule word, in
English, Thai and Chinese (docs/design.md §6.4: reversals, relaxations, a rule given another value):

- a return to an earlier choice ("let's go back to X", "กลับไป X เหมือนเดิม", "改回 X") is a Decision;
- a permission granted under a condition ("you can X, but only with Y", "X ก็ได้ ถ้า Y", "如果 Y，可以 X")
  is a Rule: the relaxation of a stricter rule, kept beside it or superseding it;
- a rule's new value said as holding now ("PRs only need one approval now", "แค่ N ก็พอแล้ว",
  "现在只需要 N 就行") is a Rule.

The phrasings are this test's own; the negatives pin what each class must not take (a question, a
navigation, a past mention, a permission given to a one-off wish, a plain "enough").
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract, one

CHOICE = ("Decision", "Architecture")   # one family: a choice (docs/design.md §6)
RULES = ("Rule", "Constraint")


@pytest.mark.parametrize(("text", "named"), [
    ("let's go back to Jenkins for CI", "jenkins"),
    ("going back to MySQL, the Postgres migration is cancelled", "mysql"),
    ("ok, go back to weekly releases", "weekly releases"),
    ("we should go back to deploying on Mondays", "mondays"),
    ("getting back to Memcached for the page cache, Redis costs too much", "memcached"),
    ("กลับไป release ทุกวันศุกร์เหมือนเดิม", "ศุกร์"),
    ("กลับไปใช้ Jenkins เหมือนเดิมนะ", "jenkins"),
    ("งั้นกลับไป deploy ตอนเช้าแบบเดิมครับ", "ตอนเช้า"),
    ("改回每周五发版吧", "周五"),
    ("还是改回用 Jenkins 吧", "jenkins"),
    ("切回 MySQL", "mysql"),
    ("改成每周一发版", "周一"),
])
def test_a_return_to_an_earlier_choice_is_a_decision(text: str, named: str) -> None:
    found = one(text)
    assert found.kind in CHOICE
    assert named in found.statement


@pytest.mark.parametrize("text", [
    "should we go back to Jenkins?",
    "go back to the previous screen",
    "let me go back to the README for a second",
    "let's go back to the first question",
    "we went back to MySQL last year",
    "ถ้ากลับไปใช้ Jenkins เหมือนเดิมจะดีไหม",
    "要不要改回 Jenkins？",
    "把变量名改成 user_id",
])
def test_a_return_asked_navigated_or_in_the_past_is_no_decision(text: str) -> None:
    assert [c.kind for c in extract(("user", text)) if c.kind in CHOICE] == []


@pytest.mark.parametrize(("text", "named"), [
    ("you can skip the code review, but only for docs-only changes", "docs-only"),
    ("you can deploy on Fridays if the on-call engineer approves", "on-call"),
    ("it's fine to merge without CI as long as the change only touches docs", "docs"),
    ("you may bypass the staging deploy, but only with a rollback plan", "rollback"),
    ("ข้าม code review ก็ได้ ถ้าแก้แค่ docs", "docs"),
    ("deploy วันศุกร์ได้ ถ้า on-call อนุมัติแล้ว", "on-call"),
    ("如果只改文档，可以跳过 code review", "code review"),
    ("可以直接合并到 main，但只限 hotfix", "hotfix"),
])
def test_a_permission_granted_under_a_condition_is_a_rule(text: str, named: str) -> None:
    found = one(text)
    assert found.kind in RULES
    assert named in found.statement


@pytest.mark.parametrize("text", [
    "can you skip the code review, but only for docs-only changes?",
    "you can do it if you want, I don't mind",
    "if we skip the review, can we still ship today?",
    "ถ้าว่างก็ได้ครับ",
    "如果可以的话，帮我看一下这个 PR",
])
def test_a_permission_asked_or_given_to_a_wish_is_no_rule(text: str) -> None:
    assert [c.kind for c in extract(("user", text)) if c.kind in RULES] == []


@pytest.mark.parametrize(("text", "named"), [
    ("releases only need one QA sign-off now", "one qa"),
    ("staging deploys just need a smoke test now", "smoke test"),
    ("two reviewers are enough for schema changes now", "two reviewers"),
    ("release ต้องการแค่ QA คนเดียวก็พอแล้ว", "qa"),
    ("merge ใช้แค่ approve เดียวก็พอแล้วนะ", "approve"),
    ("现在发版只需要一个 QA 签字就行", "qa"),
    ("schema 变更现在只要两个人审批就够了", "审批"),
])
def test_a_rules_new_value_said_as_holding_now_is_a_rule(text: str, named: str) -> None:
    found = one(text)
    assert found.kind in RULES
    assert named in found.statement


@pytest.mark.parametrize("text", [
    "that's enough now, thanks",
    "I only need the summary now",
    "we just need one more test now",
    "แค่นี้ก็พอแล้วครับ ขอบคุณ",
    "现在只需要你帮我跑一下测试就行",
])
def test_enough_for_now_said_of_the_task_is_no_rule(text: str) -> None:
    assert [c.kind for c in extract(("user", text)) if c.kind in RULES] == []
