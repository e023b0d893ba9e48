"""A correction, in the same session, of what the user decided a turn or two before
(jobs/microsync/rules/corrections.py): "no, X" swaps the thing chosen, "Y is fine too" relaxes a rule.
Before, both were lost: the session kept only the decision it had reversed."""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract

SWAPS = [
    # (decision turn, ack, correction turn, new name, old name)
    ("We'll use Postgres for the audit log.", "Sounds good, I'll create the tables.",
     "hmm no, ClickHouse. Postgres will choke on that write volume", "ClickHouse", "Postgres"),
    ("Going with Terraform for the staging infra.", "OK, writing the modules now.",
     "wait, no. Pulumi, the team knows TypeScript better", "Pulumi", "Terraform"),
    ("我们决定用 MinIO 存放用户上传的头像。", "好的，我来写上传接口。",
     "不对，还是用 OSS 吧，MinIO 运维太麻烦", "OSS", "MinIO"),
    ("ตกลงใช้ Jenkins สำหรับ build ของแอปมือถือ", "ได้ครับ จะตั้ง pipeline ให้",
     "ไม่ใช่ ใช้ Bitrise ดีกว่า Jenkins ดูแลยาก", "Bitrise", "Jenkins"),
]


@pytest.mark.parametrize(("decided", "ack", "correction", "new", "old"), SWAPS)
def test_no_then_another_name_is_the_decision_with_the_new_one(decided: str, ack: str, correction: str,
                                                                new: str, old: str) -> None:
    found = extract(("user", decided), ("assistant", ack), ("user", correction), ("assistant", "OK."))
    assert len(found) == 2, found
    first, fixed = found
    assert old in first.conclusion and new not in first.conclusion
    assert new in fixed.conclusion and old in fixed.conclusion       # "<new> instead of <old>"
    assert fixed.kind == first.kind and fixed.supersedes_hint
    assert fixed.first_line == 3 and fixed.last_line == 3


@pytest.mark.parametrize("reply", [
    "no, Postgres is right, go ahead",              # says no to nothing: the same name
    "no, that's fine",                              # no new name
    "no worries, thanks!",                          # politeness
    "no, I meant the other table",                  # no thing named
    "hmm no, ClickHouse?",                          # a question
])
def test_a_no_without_another_choice_changes_nothing(reply: str) -> None:
    found = extract(("user", "We'll use Postgres for the audit log."), ("assistant", "Sounds good."),
                    ("user", reply), ("assistant", "OK."))
    assert [c.conclusion for c in found] == ["We'll use Postgres for the audit log"]


def test_a_no_long_after_the_decision_is_no_swap() -> None:
    turns = [("user", "We'll use Postgres for the audit log."), ("assistant", "Sounds good.")]
    for n in range(3):
        turns += [("user", f"what does step {n} of the migration do?"), ("assistant", "It copies rows.")]
    turns += [("user", "no, ClickHouse. it is faster"), ("assistant", "OK.")]
    assert [c.conclusion for c in extract(*turns)] == ["We'll use Postgres for the audit log"]


RELAXATIONS = [
    ("Rule: releases go out only on Mondays.", "Noted.", "actually Wednesdays are fine too, if the on-call agrees"),
    ("规则：发布冻结期间任何代码都不能上线。", "收到。", "紧急修复可以上线，但要两个人审核"),
    ("กฎ: ห้าม merge เข้า main โดยไม่มี review", "รับทราบครับ", "ถ้าแก้แค่ typo ในเอกสาร merge เลยก็ได้"),
]


@pytest.mark.parametrize(("rule", "ack", "relaxed"), RELAXATIONS)
def test_a_permission_right_after_a_rule_is_the_rule_relaxed(rule: str, ack: str, relaxed: str) -> None:
    found = extract(("user", rule), ("assistant", ack), ("user", relaxed), ("assistant", "OK."))
    assert len(found) == 2, found
    first, loosened = found
    assert loosened.kind in ("Rule", "Constraint") and loosened.first_line == 3
    assert first.conclusion in loosened.conclusion                      # the rule, with its exception
    assert loosened.supersedes_hint


@pytest.mark.parametrize("reply", [
    "can we also deploy on Wednesdays?",            # a question
    "thanks, that's fine",                          # nothing permitted
    "ok",
])
def test_no_relaxation_without_a_permission_stated(reply: str) -> None:
    found = extract(("user", "Rule: releases go out only on Mondays."), ("assistant", "Noted."),
                    ("user", reply), ("assistant", "OK."))
    assert [c.kind for c in found] == ["Rule"]


def test_in_the_daily_log_the_correction_supersedes_what_it_corrects(tmp_path) -> None:
    """Through a real microSync run: the corrected entry is written with `supersedes:` the first."""
    from memory_store.workspace import init_workspace
    from tests.microsync_helpers import claude_code_session, microsync_at

    ws = tmp_path / "ws"
    init_workspace(ws)
    claude_code_session(tmp_path, ws, [
        ("2026-11-20T10:00:00Z", "user", "Going with Terraform for the staging infra."),
        ("2026-11-20T10:01:00Z", "assistant", "OK, writing the modules now."),
        ("2026-11-20T10:05:00Z", "user", "wait, no. Pulumi, the team knows TypeScript better"),
        ("2026-11-20T10:06:00Z", "assistant", "Switching."),
    ])
    microsync_at(ws, "2026-11-20T12:00:00+00:00")
    text = (ws / "memory" / "2026-11-20.md").read_text(encoding="utf-8")
    heads = [line for line in text.splitlines() if line.startswith("## ")]
    assert len(heads) == 2 and "Pulumi instead of Terraform" in heads[1], heads
    first_id = next(line for line in text.splitlines() if line.startswith("- id: "))[len("- id: "):]
    assert f"- supersedes: {first_id}" in text
