"""review21 repros (supersede21, memory_store/supersede/retired.py `instance_retired`, detect.py
`_lifts_another_ban`): changes the detector caught at 56dd19d and missed after supersede21. The first is fixed (a
switch to a name the earlier entry does not say, beside the retire, is read as a change); so is the second
(supersede22: a ban whose matter is shipping a change, beside a rule that bans shipping, is the rule's own).

- A switch to another provider said beside the retire of a test or trial account of the old one is a
  reversal: the `instance_retired` guard returns "none" for the whole statement, switch and all.
- A ban lifted that names the rule's own matter in other words (a shipping word: "production changes",
  "shipping", "change freeze", ปล่อยของขึ้น production) is the rule's own: `_lifts_another_ban` reads it
  as another ban."""
from __future__ import annotations

import pytest

from tests.memory_store.supersede.test_part_retired import judge


@pytest.mark.parametrize(("old", "new"), [
    ("Use Twilio for SMS.", "We cancelled the Twilio trial account and moved SMS to Vonage."),
    ("ใช้ Twilio ส่ง SMS", "ย้าย SMS ไป Vonage แล้ว ยกเลิกบัญชีทดสอบของ Twilio ด้วย"),
])
def test_a_switch_beside_a_test_account_retired_still_reverses(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.outcome == "reversal" and found.target == "OLD", found


@pytest.mark.parametrize(("old", "new"), [
    ("No deploys on Fridays.", "The Friday ban on production changes is lifted."),
    ("No deploys on Fridays.", "The Friday change freeze is lifted."),
    ("No deploys on Fridays.", "The Friday ban on shipping is lifted."),
    ("ห้าม deploy วันศุกร์", "ยกเลิกกฎห้ามปล่อยของขึ้น production วันศุกร์แล้ว"),
    ("周五不许部署", "周五禁止上生产的规定取消了"),
])
def test_the_rules_own_ban_lifted_in_other_words_still_loosens(old: str, new: str) -> None:
    found = judge(old, new, "Rule")
    assert found.supersedes and found.target == "OLD", found


@pytest.mark.parametrize(("old", "new"), [
    # a ban of its own beside changes or a freeze: what is changed or frozen is another thing
    ("No deploys on Fridays.", "The Friday ban on menu changes is lifted."),
    ("No deploys on Fridays.", "The Friday hiring freeze is lifted."),
    ("周五不许部署", "周五禁止开会的规定取消了"),
])
def test_another_ban_of_changes_or_a_freeze_lifted_loosens_nothing(old: str, new: str) -> None:
    found = judge(old, new, "Rule")
    assert not found.supersedes, found
