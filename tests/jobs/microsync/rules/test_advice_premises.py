"""A turn that hands a choice to the agent ("what would you pick?", "options?", "你建议用什么？",
"ใช้อะไรดีครับ") states what the choice must serve: the goal, the need, someone's wish, the setting.
Those premises are no decision, rule or "remember" of the user's (docs/design.md §5.2), whatever word
carries them ("wants X instead of Y", 要, "don't want", "keep in mind", 以后能…); nor does a reply that
asks the agent to choose answer the agent's question by itself.

Kept: what the turn says after its question, an explicit "remember" said in a sentence of its own, a
pick of an alternative the agent offered, and a question without a mark whose words only happen to
hold "or" (还是) inside a report of what was discussed.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize("text", [
    # a third person's wish as the project's background, then "what would you pick?"
    "New repo for a bakery. Mrs Tan bakes for four cafes and wants online orders instead of the phone calls. "
    "What would you pick for the backend?",
    # needs and a "don't want", then "options?"
    "new service for the quiz app. need login, rooms, scores. dont want to build that from scratch. options?",
    # a request for options that also says what to keep in mind
    "Next up is where the invoices get stored. I'd like options, but keep in mind the office NAS already "
    "holds the database.",
    # Thai asks by words, without a mark: the words close the sentence
    "วันนี้จะทำระบบแจ้งเตือน ต้องส่ง SMS กับอีเมลหลังจ่ายเงินทุกครั้ง ใช้คิวอะไรดีครับ",
    "อยากให้ทุกสาขาดูยอดขายย้อนหลังได้ตลอด ต่อไปจะมีสิบสาขา ใช้ฐานข้อมูลอะไรดีครับ",
    "今天做退款流程：退款成功以后要发短信、更新库存。队列用什么？我们已经有 Redis 了。",
    "网关那边已经通了。我想把温度存下来，以后能看每个仓库的曲线。你建议用什么数据库？",
])
def test_premises_of_a_question_to_the_agent_are_not_kept(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("turns", [
    # (English: a reply with a question mark is no answer already)
    ((("assistant", "รับทราบครับ หน้าจองจะใช้ framework ตัวไหนดีครับ"),
      ("user", "ต้องการ SEO ดีๆ ร้านอยากให้ค้นใน Google แล้วเจอ Nuxt หรือ Next ดีครับ"))),
    ((("assistant", "好的。预约页面你倾向用什么框架？"),
      ("user", "我想要 SEO，店里希望 Google 搜得到各分店页面。你觉得 Nuxt 还是 Next？"))),
])
def test_a_reply_that_hands_the_choice_back_answers_nothing(turns: tuple[tuple[str, str], ...]) -> None:
    assert extract(*turns) == []


@pytest.mark.parametrize(("turns", "word"), [
    # what follows the question is the user's own
    ((("user", "Which queue would you pick for the mailer? Also, from now on all timestamps are stored in UTC."),),
     "utc"),
    # an explicit remember in a sentence of its own
    ((("user", "请记住：发布只在周二。另外，日志你建议用什么方案？"),), "周二"),
    # a pick of an offered alternative, then the next question
    ((("assistant", "Postgres or MySQL for the orders?"),
      ("user", "Postgres. Which ORM would you pick?")), "postgres"),
    # 還是 in a report of what was discussed, no question mark; a request to do a task after the decision
    ((("user", "我們討論過放在伺服器還是手機上。最後決定辨識放在手機端，用 ML Kit。你先幫我開一個模組好嗎？"),),
     "ml kit"),
])
def test_what_the_question_does_not_cover_is_kept(turns: tuple[tuple[str, str], ...], word: str) -> None:
    found = extract(*turns)
    assert any(word in c.statement.lower() for c in found), found
