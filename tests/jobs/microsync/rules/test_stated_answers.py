"""The assistant asks the user to choose or to give a value, and the user answers in sentences of
their own words (jobs/microsync/rules/replies.py `stated_answer`): the reply, as said, is the decision.

The question may be any the turn ends on ("What do you want?", "Anything about X?", an unmarked
Thai "…นานแค่ไหนดีครับ", "您希望…多少？"), or options laid out under a head ("Options:", "几种做法："),
and the answer often names something that was not offered, with a reason or a second detail. What
stays out: a deferral, a reply that asks back, a story of what happened before, a report of what the
user saw, a recommendation the user only accepts, a purchase, the offered items gone through by number.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize(("turns", "kind", "held"), [
    # en: alternatives in bullets, then an open question; the answer names a time none of them had
    ((("assistant", "The nightly export is scaffolded. Alternatives:\n\n- a fixed hour at night\n"
                    "- right after each import finishes\n\nWhat do you want?"),
      ("user", "exports start at 2am after the vacuum job, one CSV per branch, zipped.")), "Decision", "2am"),
    # en: a question with no design word; the answer names a tool and a column
    ((("assistant", "The importer reads the vendor sheet now. Anything about duplicate rows?"),
      ("user", "keep the newest row by updated_at and send the dropped ids to Sentry as one event.")),
     "Decision", "updated_at"),
    # en: options under a head, no question; the answer is neither of them
    ((("assistant", "Search over the catalog. Options:\n\n- Postgres full-text search\n"
                    "- a hosted search service\n"),
      ("user", "just Meilisearch on the same box, a single binary is enough for a small catalog.")),
     "Decision", "Meilisearch"),
    # th: an unmarked question ("นานแค่ไหนดี"); the answer names a store and a number
    ((("assistant", "ตั้ง log shipping เสร็จแล้วครับ แล้วจะเก็บ log ไว้นานแค่ไหนดีครับ"),
      ("user", "เก็บใน Loki 90 วัน หลังจากนั้นย้ายไป bucket เย็นของฝ่ายบัญชี")), "Decision", "Loki"),
    # th: a which-question; the answer is a service nobody offered, with its reason
    ((("assistant", "ระบบนัดหมายพร้อมแล้วค่ะ แล้วจะให้แจ้งเตือนลูกค้าผ่านช่องทางไหนดีคะ"),
      ("user", "Telegram bot ของร้านตัวเดียวพอ ลูกค้าประจำอยู่ในกลุ่มกันหมดแล้ว ไม่มีค่าส่งด้วย")),
     "Decision", "Telegram"),
    # zh: "您希望…多少？" answered with a bound and what happens beyond it: a constraint
    ((("assistant", "目前上传没有大小限制。您希望单个附件最大多少？"),
      ("user", "单个附件最多 20 MB，图片一般用不到那么大，扫描的 PDF 也够了。")), "Constraint", "20 MB"),
    # zh: a numbered head of ways, then the user's own way
    ((("assistant", "部署有几种做法：\n1. 在服务器上直接 git pull\n2. 用 GitHub Actions 构建镜像推到 GHCR\n\n"
                    "您想怎么做？"),
      ("user", "Coolify 部署到那台 Hetzner 机器上，镜像照样在 Actions 里构建。")), "Decision", "Coolify"),
])
def test_an_answer_in_the_users_own_words_is_kept_as_said(turns: tuple[tuple[str, str], ...], kind: str,
                                                          held: str) -> None:
    found = extract(*turns)
    assert [c.kind for c in found] == [kind], [(c.kind, c.statement) for c in found]
    assert held.lower() in found[0].statement.lower()
    assert (found[0].first_line, found[0].last_line) == (1, 2)   # the question and its answer


@pytest.mark.parametrize("turns", [
    # put off, in each language
    (("assistant", "The worker is ready. Which queue should it read from?"),
     ("user", "not now, we pick the queue after the Redis upgrade next month.")),
    (("assistant", "日志要保留多久？"), ("user", "先不定，等 Grafana 那边的存储评估出来再说。")),
    (("assistant", "แล้วจะใช้ CDN เจ้าไหนดีครับ"), ("user", "ยังไม่ต้องตอนนี้ รอคุยกับพี่ Ploy เรื่องงบก่อน")),
    # asking back
    (("assistant", "Where should the backups go? B2 or S3 Glacier?"),
     ("user", "what does B2 cost per TB per month compared to Glacier Deep Archive?")),
    # a story of what happened before, not a choice
    (("assistant", "Should we use gh-ost for the big table migrations?"),
     ("user", "we used gh-ost last year and it took the replica down twice, Ops still talks about it.")),
    (("assistant", "大表变更要不要用 pt-osc？"), ("user", "pt-osc 以前用过，出过一次事故，主从延迟了四十分钟。")),
    # a report of what the user saw
    (("assistant", "What does the gateway log say for node 7?"),
     ("user", "it shows 3 dropped uplinks since Monday and the RSSI sits at -118 dBm.")),
    # a recommendation that asks nothing: the user takes it up, answering no question
    (("user", "should we move the API to GraphQL?"),
     ("assistant", "I wouldn't: 12 endpoints of plain CRUD, and the OpenAPI types already give the web app "
                   "typed calls."),
     ("user", "ok stay on REST. leave the review notes on the PR")),
    # Thai laughter is no value
    (("assistant", "สาขาใหม่เปิดจองได้แค่วันเสาร์ จะให้แจ้งคุณตันให้ตั้งค่าในระบบด้วยไหมคะ"),
     ("user", "พี่คือตันเองแหละ 5555 เดี๋ยวพี่ไปทำเองในหน้าแอดมิน")),
])
def test_a_reply_that_answers_nothing_is_not_kept(turns: tuple[tuple[str, str], ...]) -> None:
    assert extract(*turns) == []


def test_an_english_sentence_opening_with_a_question_word_asks_nothing() -> None:
    """A report's numbered steps ("When the file changes, it reloads the theme") are no question, and a
    task the user then gives ("copy the dark theme over ...") is no answer."""
    report = ("assistant", "Live reload is in:\n\n1. When a custom theme is selected, a watcher starts on its file\n"
                           "2. When the file changes, it reloads the theme and re-renders\n")
    task = ("user", "ok, copy the Dark theme over to ~/.config/app/themes and let me try the live edit")
    assert extract(report, task) == []


def test_a_rule_said_in_the_answer_keeps_its_own_kind() -> None:
    """A reply whose sentence states a rule by its own words is read as that rule, whatever it answers."""
    found = extract(("assistant", "CI is green. Anything about merges you want enforced?"),
                    ("user", "from now on every PR needs one approving review before merge, me included."))
    assert [c.kind for c in found] == ["Rule"]


@pytest.mark.parametrize("turns", [
    # the choice left to a later talk or to someone else, in a sentence after the first (each was a Decision
    # before: only the first sentence's head clause was read for a deferral)
    (("assistant", "Do you want Redis or Memcached for sessions?"),
     ("user", "Jake wants Redis for persistence. Nothing is decided yet, we discuss it at the standup.")),
    (("assistant", "Which region should the new cluster go in?"),
     ("user", "Frankfurt, the EU customers need it for the GDPR audit. I have to check with Dana from legal "
              "before we commit.")),
    (("assistant", "จะเก็บไฟล์ไว้ที่ไหนดีคะ"),
     ("user", "เก็บใน S3 bucket ของทีม ราคาถูกกว่า แต่ขอเช็คกับพี่นัทฝ่ายบัญชีก่อน")),
    # the assistant's own words given back beside someone else's view: nothing chosen by the user
    (("assistant", "Which queue should we use, SQS or RabbitMQ?"),
     ("user", "Your suggestion of SQS with a DLQ is what Kim liked too, the price is the main thing for her.")),
    (("assistant", "用 SQS 还是 RabbitMQ？"), ("user", "你说 SQS 便宜，小李也同意，不过老王还是更喜欢 RabbitMQ。")),
    # what happened, asked as why it happened
    (("assistant", "Why did the nightly build stop halfway?"),
     ("user", "The Node 18 image ran out of disk on the runner, Sam cleared the cache at 3am and restarted "
              "the build.")),
    (("assistant", "build เมื่อวานพังเพราะอะไรครับ"),
     ("user", "เพราะ Node 20 ทำให้ jest timeout น้องมายเลยแก้ timeout เป็น 30 วินาทีให้")),
])
def test_a_choice_left_open_or_a_story_told_is_not_kept(turns: tuple[tuple[str, str], ...]) -> None:
    assert extract(*turns) == []


@pytest.mark.parametrize(("turns", "held"), [
    # "as you said" / "ตามที่คุณบอก" / "你说得对" agree with the assistant and choose: kept
    ((("assistant", "Which queue should we use, SQS or RabbitMQ?"),
      ("user", "As you said, SQS is cheaper, so go with SQS and a DLQ after 5 retries.")), "DLQ"),
    ((("assistant", "จะใช้ SQS หรือ RabbitMQ ดีครับ?"), ("user", "ใช้ SQS ตามที่คุณบอก ตั้ง DLQ หลัง retry 5 ครั้ง")), "DLQ"),
    ((("assistant", "用 SQS 还是 RabbitMQ？"), ("user", "你说得对，用 SQS，失败五次就进 DLQ。")), "DLQ"),
    # a choice with what happened before as its reason: the story does not take the choice away
    ((("assistant", "What do you want for the job queue?"),
      ("user", "Postgres with SKIP LOCKED on the jobs table. We tried Redis last year and it lost jobs on failover.")),
     "SKIP LOCKED"),
    ((("assistant", "任务队列想用什么？"),
      ("user", "用 Postgres 的 SKIP LOCKED，Redis 之前用过，主从切换时丢过任务。")),
     "SKIP LOCKED"),
])
def test_an_answer_beside_the_assistants_words_or_a_past_reason_is_kept(turns: tuple[tuple[str, str], ...],
                                                                        held: str) -> None:
    found = extract(*turns)
    assert len(found) == 1 and found[0].kind in ("Decision", "Architecture"), [(c.kind, c.statement) for c in found]
    assert held.lower() in found[0].statement.lower()
