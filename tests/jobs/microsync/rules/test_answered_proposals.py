"""The three dialogue classes the realistic projects lost (docs/benchmarks.md, extraction):

(a) a design question answered with the user's rule and its values, no cue word;
(b) a pick among the assistant's options that goes on with the user's details;
(c) a bare "ok" to a proposal the assistant asked the user to confirm, and "acceptable" to a
    change whose cost the assistant named.

Each with what must stay out: an "ok" to a report, a one-off task, a declined option, a question back.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract

# --- (a) a design question answered with the rule --------------------------------------------------


@pytest.mark.parametrize(("asked", "reply", "said"), [
    ("Now the refund rules. How many days per order do customers get to ask for a refund, and do credits expire?",
     "14 days from delivery, no exceptions. Store credit expires after 6 months.", ["14 days", "6 months"]),
    ("ตั้งค่าเรื่องส่วนลดครับ ลูกค้าได้ส่วนลดกี่เปอร์เซ็นต์ต่อออเดอร์ดีครับ?",
     "ลด 5% ต่อออเดอร์ครับ สูงสุด 200 บาท", ["5%", "200"]),
    ("对账报表几点发？", "每天晚上九点", ["九点"]),
    ("积分多久过期？", "365 天，从获得那天开始算，每笔单独算", ["365"]),
])
def test_a_design_question_answered_with_the_rule_keeps_the_rule(asked: str, reply: str, said: list[str]) -> None:
    found = extract(("user", "let's set up the rules"), ("assistant", asked), ("user", reply))
    assert len(found) == 1, found
    assert all(w.lower() in found[0].statement.lower() for w in said), found[0].statement
    assert found[0].first_line == 2


@pytest.mark.parametrize(("asked", "reply"), [
    # a question back, a hedge, a deferral: nothing answered
    ("How many retries per job should we allow?", "3 maybe? what do other teams use?"),
    ("How many retries per job should we allow?", "up to you, 3 or 5 are both fine"),
    # a factual question about an event, answered with a number: no design
    ("How many tests failed in the last run?", "12 of them failed, mostly the payment ones."),
    ("刚才那个报错是几点出现的？", "大概三点左右，之后就没再出现"),
])
def test_a_number_in_a_reply_that_answers_no_design_question_is_no_rule(asked: str, reply: str) -> None:
    assert extract(("user", "hi"), ("assistant", asked), ("user", reply)) == []


# --- (b) a pick with the user's details -----------------------------------------------------------

_OPTIONS_ZH = ("排隊慢的原因是 worker 不夠。幾個方向：\n1. worker 從 2 個加到 6 個\n"
               "2. 在 Redis 放一層庫存快取，查詢直接讀快取\n3. 兩個都做")
_OPTIONS_EN = ("Options: (a) allow merges on Friday with a manual override, (b) allow only release-* branches "
               "on Friday if a second reviewer approves, (c) drop the freeze entirely.")
_OPTIONS_TH = "มีสองทางครับ\n1. เก็บ log ไว้ใน Postgres ตัวเดิม\n2. ส่ง log ไป Loki แยกต่างหาก\nเอาแบบไหนดีครับ"


@pytest.mark.parametrize(("offer", "reply", "option", "details"), [
    (_OPTIONS_ZH, "先做 2，快取 TTL 設 30 秒，補貨之後主動清掉那些商品的 key。", "redis", "30 秒"),
    (_OPTIONS_EN, "b. release-* branches can merge Friday morning as long as Mali reviews. Holidays still no.",
     "release-*", "mali reviews"),
    (_OPTIONS_TH, "เอาข้อ 2 ครับ เก็บไว้ 14 วันพอ", "loki", "14 วัน"),
])
def test_a_pick_with_details_keeps_the_option_and_the_users_details(offer: str, reply: str, option: str,
                                                                   details: str) -> None:
    found = extract(("user", "what now?"), ("assistant", offer), ("user", reply))
    assert len(found) == 1, found
    statement = found[0].statement.lower()
    assert option in statement and details in statement, statement
    assert found[0].first_line == 2


@pytest.mark.parametrize(("offer", "reply"), [
    (_OPTIONS_ZH, "2 先不做，等下週再說"),
    (_OPTIONS_EN, "b, but not now. let's talk on Monday"),
    (_OPTIONS_EN, "a, b and c all sound risky?"),
])
def test_a_declined_or_questioned_pick_keeps_nothing(offer: str, reply: str) -> None:
    assert extract(("user", "what now?"), ("assistant", offer), ("user", reply)) == []


def test_one_time_on_an_option_is_no_purchase() -> None:
    """A clock time in one option is part of a rule ("after 15:00"), not a list of flights."""
    offer = ("Options: (a) deploy any time with an override, (b) deploy after 15:00 only from hotfix-* tags, "
             "(c) no deploys on Friday.")
    found = extract(("user", "friday deploys?"), ("assistant", offer), ("user", "b"))
    assert len(found) == 1 and "hotfix-*" in found[0].statement


# --- (c) a proposal confirmed, a cost accepted ----------------------------------------------------


@pytest.mark.parametrize(("proposal", "reply", "said"), [
    ("Since invoices are immutable, I won't edit old rows. I'll add a credit_notes table and compute the balance "
     "from both. Does that work for you?", "ok", "credit_notes"),
    ("ผมจะเก็บรูปไว้ใน S3 แล้วให้ DB เก็บแค่ key ส่วนรูปเก่าจะย้ายด้วย script ครั้งเดียว (ประมาณ 2GB) แบบนี้ OK ไหมครับ",
     "ok ค่ะ", "s3"),
    ("我打算把会话放到 Redis 里，过期时间 24 小时，旧的 session 表会删掉。这样可以吗？", "好", "redis"),
])
def test_a_bare_ok_to_a_proposal_asked_to_confirm_keeps_the_proposal(proposal: str, reply: str, said: str) -> None:
    found = extract(("user", "how do we handle this?"), ("assistant", proposal), ("user", reply))
    assert len(found) == 1, found
    statement = found[0].statement.lower()
    assert said in statement, statement
    assert "does that work" not in statement and "ok ไหม" not in statement and "可以吗" not in statement
    assert "2gb" not in statement   # the aside in brackets is cut
    assert found[0].first_line == 2


@pytest.mark.parametrize(("report", "reply"), [
    # what the agent did, then "looks ok?": a report reviewed, not a proposal
    ("Done: bumped the version and regenerated the lockfile. Looks ok?", "ok"),
    ("อัปเดต lockfile แล้วครับ รันเทสผ่านหมด แบบนี้ OK ไหมครับ", "ok ค่ะ"),
    # a one-off task offer
    ("I can send the invoice to the client now. Want me to?", "ok, send it"),
    # an "ok" that goes on with a change: not a bare confirmation
    ("I'll add a credit_notes table and compute the balance from both. Does that work?",
     "ok but keep the old rows editable for admins, we need that for the audit"),
])
def test_an_ok_to_a_report_or_a_task_keeps_nothing(report: str, reply: str) -> None:
    found = extract(("user", "go on"), ("assistant", report), ("user", reply))
    assert not any(c.first_line == 2 and c.kind == "Decision" and "credit_notes" in c.statement and "but" not in
                   c.statement for c in found), found
    if "credit_notes" not in report:
        assert found == []


@pytest.mark.parametrize(("report", "reply", "said"), [
    ("Switched the export to streaming rows instead of building the file in memory. It's slightly slower but "
     "memory stays flat.", "acceptable", "streaming"),
    ("เปลี่ยน refresh เป็นแบบ CONCURRENTLY แล้วครับ ผลวัด:\n\nช้าลงนิดหน่อยแต่ไม่ block การอ่าน", "โอเค รับได้",
     "concurrently"),
    ("图片已经改成先压缩再上传了。上传慢了一点，但是流量省了一半。", "可以接受", "压缩"),
])
def test_acceptable_to_a_change_with_its_cost_keeps_the_change(report: str, reply: str, said: str) -> None:
    found = extract(("user", "make it lighter"), ("assistant", report), ("user", reply))
    assert len(found) == 1, found
    assert said in found[0].statement.lower(), found[0].statement
    assert found[0].first_line == 2


@pytest.mark.parametrize(("report", "reply"), [
    # an "ok" (not "acceptable") to a report with a cost: the user only read it
    ("Switched the export to streaming rows. It's slightly slower but memory stays flat.", "ok"),
    # "acceptable" to a report that names no cost
    ("Switched the export to streaming rows, all tests pass.", "acceptable"),
])
def test_a_report_without_its_cost_accepted_keeps_nothing(report: str, reply: str) -> None:
    assert extract(("user", "make it lighter"), ("assistant", report), ("user", reply)) == []
