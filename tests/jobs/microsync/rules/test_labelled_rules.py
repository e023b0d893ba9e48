"""A rule said under a label ("rule:", "policy from the owner:", กฎ:, 规定：) is a rule whatever the
form of its body (jobs/microsync/rules/scope.py `labelled`, lexicon `kinds.rule`).

Writers 1, 2 and 3 of the projects (tests/fixtures/projects) all announce rules with a label; when
the body states how things are rather than instructing ("the source video never leaves our
storage", "an unsigned build never goes to a node", "a patient who no-shows twice can't book online
anymore"), the description veto of `scope.describes` read it as a report about a thing, and a
"policy …:" label was no cue at all. The label says the body is a norm.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize(("text", "held"), [
    ("so rule: the raw footage never leaves our bucket.", "raw footage"),
    ("Rule: the signing key never leaves the build server, it only signs release tags.", "signing key"),
    ("policy from the board: a member who misses three payments can't reserve online anymore, "
     "they have to phone the desk.", "three payments"),
    ("new policy: a ticket that sits a week without an answer goes to the lead.", "a week"),
    ("กฎ: ไฟล์ต้นฉบับไม่ออกจากเซิร์ฟเวอร์ของเรา", "ไฟล์ต้นฉบับ"),
    ("规定：原始视频从不离开我们的存储", "原始视频"),
])
def test_a_labelled_rule_stating_how_things_are_is_a_rule(text: str, held: str) -> None:
    found = extract(("user", text))
    assert [c.kind for c in found] in (["Rule"], ["Constraint"]), found
    assert held in found[0].statement


@pytest.mark.parametrize("text", [
    "the old rule: backups never left the building",                # a rule that was
    "is that the policy: the footage never leaves the bucket?",     # a question
    "the build never finishes before lunch",                        # a description, no label
    "their policy mail says the portal never stores card numbers",  # someone else's words, no label
])
def test_without_a_label_or_as_a_past_or_a_question_it_is_no_rule(text: str) -> None:
    assert not [c for c in extract(("user", text)) if c.kind in ("Rule", "Constraint")]
