"""What a user says that reaches no daily-log entry although it carries a cue word: a complaint about
a rule in force, a "what about X?" question, a plan to ask someone, a deferral of an offer
(docs/design.md §4: only confirmed decisions, new rules, architecture changes and explicit remembers
are kept). Each class in English, Thai and Chinese, with the near misses that still state something:
a rule label, a rule with its reason, a sure statement after "but", an offer taken up."""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract

# the offer an "add it now?" reply declines or takes up
OFFER_TH = ("assistant", "6 หลักมี 1 ล้านแบบ อายุ 5 นาที ถ้าจะกันจริงจังก็จำกัดการลองผิดเช่น 5 ครั้งต่อ branch ต่อนาที "
                         "จะให้ใส่ตอนนี้เลยไหมครับ")
OFFER_EN = ("assistant", "We could cap wrong guesses at 5 per branch per minute. Add it now?")
OFFER_ZH = ("assistant", "可以限制每个门店每分钟最多猜错 5 次。现在就加吗？")


@pytest.mark.parametrize("text", [
    # a rule already in force named as what the sentence is about, and judged
    "กฎห้าม deploy วันศุกร์บ่ายนี่น่ารำคาญจริงๆ เมื่อวานก็เกือบจะต้องรอข้ามสัปดาห์",
    "กฎห้าม deploy วันหยุดนี่ก็ดีนะ แต่บางทีแก้ข้อความบอทผิดตัวเดียวต้องรอถึงวันจันทร์ น่ารำคาญชะมัด",
    "honestly this rule is so annoying: never deploy on Friday afternoons, I almost had to wait a whole weekend",
    "The no Friday deploys rule is annoying, we never deploy on Fridays and I almost waited all weekend.",
    "这条规矩太麻烦了：每个 PR 都必须两个人审批",
])
def test_a_complaint_about_a_rule_in_force_is_no_rule(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize(("text", "kind"), [
    ("กฎ: ห้าม deploy วันศุกร์", "Constraint"),                      # a rule label, not a rule named
    ("规则：周五不许部署", "Constraint"),
    ("The rule is simple: never deploy on Fridays.", "Constraint"),
    # the complaint is the reason of a new rule, and no rule is named as the topic
    ("ต่อไปห้าม deploy วันศุกร์ มันน่ารำคาญที่ต้องมาแก้ตอนเย็น", "Constraint"),
])
def test_a_rule_with_a_complaint_beside_it_is_still_a_rule(text: str, kind: str) -> None:
    found = extract(("user", text))
    assert [c.kind for c in found] == [kind]


@pytest.mark.parametrize("text", [
    "แล้ว rate limit ล่ะ กันคนเดา code",      # "and what about a rate limit?": a question without ไหม or "?"
    "and what about rate limiting? people could guess the code",
    "那限流呢？防止有人猜码",
])
def test_what_about_x_is_a_question(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", ["ตัดสินใจแล้ว ใช้ Redis ล่ะกัน", "ตัดสินใจแล้ว แล้วใช้ Redis ล่ะกัน"])
def test_lakan_is_no_question(text: str) -> None:
    """ล่ะกัน ("let's, then") is the particle of a choice, not of a question."""
    found = extract(("user", text))
    assert found and "redis" in found[0].statement.lower()


@pytest.mark.parametrize("text", [
    "先本地跑，部署的事我问一下 Tom 的预算。",               # the answer is still to come, from someone else
    "รันในเครื่องไปก่อน เรื่อง deploy เดี๋ยวถามงบพี่ต้อมก่อน",
    "run it locally first, I'll ask Tom about the hosting budget",
])
def test_a_plan_to_ask_someone_decides_nothing(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "部署的事我问一下 Tom，但是预算上限每月 50 美元",          # what follows "but" is sure
    "เรื่องนั้นเดี๋ยวถาม PM แต่ที่แน่ๆ งบต้องไม่เกินเดือนละ 50 ดอลลาร์",
])
def test_a_sure_statement_after_the_plan_to_ask_is_kept(text: str) -> None:
    assert [c.kind for c in extract(("user", text))] == ["Constraint"]


@pytest.mark.parametrize("turns", [
    (OFFER_TH, ("user", "ยังไม่ต้องค่ะ ตอนนี้ใช้แค่ในร้าน ค่อยดูทีหลัง")),
    (OFFER_EN, ("user", "not yet, it's only used in the shops for now, we'll look at it later")),
    (OFFER_ZH, ("user", "先不用，现在只在店里用，以后再说")),
])
def test_not_yet_to_an_offer_decides_nothing(turns: tuple[tuple[str, str], ...]) -> None:
    assert extract(*turns) == []


@pytest.mark.parametrize("reply", [
    "ยังไม่ต้องใช้ Redis ค่ะ ใช้ Postgres ต่อไป",   # "not Redis yet, keep on with Postgres": a choice
    "ไม่ต้องค่ะ ใช้ Postgres ต่อไปเลย",
])
def test_a_no_that_keeps_something_on_is_still_a_decision(reply: str) -> None:
    found = extract(("assistant", "จะย้าย session ไปไว้ใน Redis เลยไหมครับ"), ("user", reply))
    assert found and "postgres" in found[0].statement.lower()


def test_a_particle_after_the_remember_word_keeps_the_clause_before() -> None:
    """'X จำไว้ด้วย แล้วเตือนผมก่อนด้วย' ("remember X too, and remind me first"): the Remember holds X,
    not the errand after it (so a later take-back by X's topic finds it)."""
    found = extract(("user", "แล้วก็พี่เอ๋ นักบัญชี ต้องได้ไฟล์ CSV ยอดขายทุกวันที่ 3 ของเดือน จำไว้ด้วย "
                             "แล้วเตือนผมก่อนด้วย"))
    assert [c.kind for c in found] == ["Remember"]
    assert "พี่เอ๋" in found[0].statement and "csv" in found[0].statement.lower()


@pytest.mark.parametrize(("text", "kinds", "held"), [
    # the remember word leads what follows: the Remember is what comes after it
    ("โอเค อีกเรื่อง จำไว้นะ เฮียเซ้งที่ตลาดไท รับแต่หมอนทองเกรด A เท่านั้น", ["Remember"], "เฮียเซ้ง"),
    # a decision with a remember word at its end stays the decision (no second, empty Remember)
    ("ตัดสินใจแล้ว: ใช้ Redis สำหรับแคช จำไว้", ["Decision"], "redis"),
])
def test_the_remember_word_elsewhere_is_read_as_before(text: str, kinds: list[str], held: str) -> None:
    found = extract(("user", text))
    assert [c.kind for c in found] == kinds
    assert held in found[0].statement.lower()
