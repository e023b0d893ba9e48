"""The rule extractor's dialogue layer: a user turn read against the assistant's turn before it
(proposals and their acceptance, plans, answers, picks, reversals)."""
from __future__ import annotations

import pytest

from tests.extract_helpers import A_PICK, Q_PICK, extract


def test_assistant_words_alone_are_not_decisions() -> None:
    """An assistant proposal the user never accepts, or rejects, yields nothing."""
    assert extract(("assistant", "We decided to use Redis. From now on always run tests."),
                   ("user", "What's the p95 latency?")) == []
    assert extract(("user", "Tests are slow."),
                   ("assistant", "I suggest switching to pytest-xdist with 8 workers."),
                   ("user", "no, that broke our fixtures last time.")) == []


def test_acceptance_takes_the_chosen_option_and_covers_both_turns() -> None:
    offer = ("assistant", "Options:\n1. SQLite per tenant.\n2. PostgreSQL 16 with one schema.\n"
                          "3. DynamoDB.\nI'd lean towards 2.")
    for reply in ("ok go with option 2", "好，就这么办，用方案2。", "โอเค เอาข้อ 2 ตามที่เสนอเลย"):
        found = extract(("user", "Which store?"), offer, ("user", reply))
        assert len(found) == 1, reply
        cand = found[0]
        assert cand.conclusion == "PostgreSQL 16 with one schema"
        assert (cand.first_line, cand.last_line) == (2, 3)
        assert cand.excerpt and cand.excerpt in reply
        assert cand.confidence >= 0.9


def test_acceptance_without_option_takes_the_recommendation() -> None:
    found = extract(("assistant", "The slow tests hit S3. I suggest a local MinIO container instead."),
                    ("user", "sounds good, do that"))
    assert [c.conclusion for c in found] == ["A local MinIO container instead"]
    assert (found[0].first_line, found[0].last_line) == (1, 2)


def test_accepting_a_task_offer_is_not_a_decision() -> None:
    assert extract(("assistant", "Would you like me to profile the 20 slowest tests?"),
                   ("user", "sure, go ahead")) == []


def test_a_numbered_report_is_not_a_proposal() -> None:
    """"ok, <next task>" after the agent lists what it did accepts nothing; after a real choice it does."""
    report = ("assistant", "Done:\n1. Updated the parser\n2. Added tests\n3. Fixed lint")
    assert extract(report, ("user", "ok, now rename the config flag and update the docs")) == []
    assert extract(report, ("user", "yeah you can revert the lint part, it was my editor")) == []
    choice = ("assistant", "Two ways:\n1. Redis\n2. Memcached\nWhich do you prefer?")
    assert [c.conclusion for c in extract(choice, ("user", "ok, 2"))] == ["Memcached"]
    zh = ("assistant", "两个办法：\n1. Redis\n2. Memcached\n选哪个？")
    assert [c.conclusion for c in extract(zh, ("user", "好，用2"))] == ["Memcached"]


# --- one statement, one entry; accepting an earlier proposal; momentary instructions --------------

def test_an_option_can_be_accepted_after_questions_about_it() -> None:
    """Questions between the options and "ok, option 2" keep the proposal open; a statement closes it."""
    offer = ("assistant", "Two ways:\n1. Nightly cron job\n2. A queue consumer in its own worker\nWhich one?")
    found = extract(offer, ("user", "how does 2 behave when the worker restarts?"),
                    ("assistant", "It picks up where it left off; messages stay in the queue."),
                    ("user", "alright, go with option 2"))
    assert [(c.conclusion, c.first_line, c.last_line) for c in found] == [
        ("A queue consumer in its own worker", 1, 4)]
    closed = extract(offer, ("user", "the logs are in /var/log, btw"), ("assistant", "Noted."),
                     ("user", "ok option 2"))
    assert all(c.first_line != 1 for c in closed)
    # a bare "ok" after a plain answer accepts nothing from the earlier proposal
    assert extract(offer, ("user", "what about retries?"), ("assistant", "Three, with backoff."),
                   ("user", "ok thanks")) == []


def test_a_terse_pick_names_the_choice_and_spans_the_question() -> None:
    found = extract(Q_PICK, A_PICK, ("user", "ok fine, redis"))
    assert len(found) == 1
    assert found[0].title.startswith("Redis — ") and "memcached" in found[0].title
    assert (found[0].first_line, found[0].last_line) == (1, 3)


def test_a_terse_pick_overrides_the_recommendation() -> None:
    """The assistant recommended one alternative; the user named the other: the user's pick is kept."""
    found = extract(("user", "nats or kafka?"), ("assistant", "I'd recommend NATS, it is lighter to run."),
                    ("user", "ok, kafka"))
    assert [c.title.split(" — ")[0] for c in found] == ["Kafka"]


def test_traditional_acceptance_adopts_the_proposal() -> None:
    offer = ("assistant", "建議：\n1. 用 Redis 做快取\n2. 用 Memcached\n你選哪個？")
    found = extract(offer, ("user", "好，就用第一個"))
    assert len(found) == 1 and "Redis" in found[0].conclusion and found[0].excerpt == "好，就用第一個"


# --- phrase classes found with the dev3 set, tested on sentences that are not in it ---------------

def test_a_restated_acceptance_spans_the_proposal_and_keeps_the_users_words() -> None:
    found = extract(("assistant", "I'd suggest running the migrations in a separate deploy step."),
                    ("user", "agreed. from now on migrations always run as their own deploy step"))
    assert [(c.first_line, c.last_line) for c in found] == [(1, 2)]
    assert "their own deploy step" in found[0].conclusion


# --- dialogue acts: what the assistant's last turn asked decides what a reply states ---------------

_PLAN_EN = ("assistant", "Plan:\n1. Add a read replica.\n2. Move sessions to Redis.\n3. Turn on HTTP/2.\n"
                         "4. Rewrite the importer in Rust.\nShall I do all of them?")
_PLAN_ZH = ("assistant", "方案：\n1. 加讀寫分離\n2. 把 session 搬到 Redis\n3. 開啟 HTTP/2\n4. 用 Rust 重寫匯入器")
_PLAN_TH = ("assistant", "แผนครับ:\n1. เพิ่ม read replica\n2. ย้าย session ไป Redis\n3. เปิด HTTP/2\nเลือกข้อไหนดีครับ")


@pytest.mark.parametrize(("turns", "want"), [
    # A numbered plan partly accepted: the accepted items, the rejected and deferred ones left out.
    ((_PLAN_EN, ("user", "go for 2 and 3. not 1, and 4 after the launch")),
     "Move sessions to Redis; Turn on HTTP/2"),
    ((_PLAN_ZH, ("user", "2 跟 3 做，1 不用，4 以後再說")), "把 session 搬到 Redis; 開啟 HTTP/2"),
    ((_PLAN_TH, ("user", "ทำข้อ 1 กับ 3 ครับ ข้อ 2 ไม่เอา")), "เพิ่ม read replica; เปิด HTTP/2"),
])
def test_a_numbered_plan_partly_accepted_keeps_the_accepted_items(turns: tuple[tuple[str, str], ...],
                                                                   want: str) -> None:
    found = extract(*turns)
    assert [(c.kind, c.conclusion, c.first_line, c.last_line) for c in found] == [("Decision", want, 1, 2)]


@pytest.mark.parametrize("reply", ["2 and 3?", "what would 2 cost?", "2 跟 3 要多久？"])
def test_numbers_in_a_question_about_a_plan_accept_nothing(reply: str) -> None:
    assert extract(_PLAN_EN, ("user", reply)) == []


@pytest.mark.parametrize(("turns", "title"), [
    # A design question answered in a few words: the answer with the question it answers.
    ((("assistant", "Schema is ready. What should the default page size be?"), ("user", "50. nobody scrolls further")),
     "50 — What should the default page size be?"),
    ((("assistant", "快取要用哪個 TTL？"), ("user", "300 秒")), "300 秒 — 快取要用哪個 TTL？"),
    ((("assistant", "รหัสผ่านขั้นต่ำกี่ตัวอักษรดีครับ"), ("user", "12 ตัว")), "12 ตัว — รหัสผ่านขั้นต่ำกี่ตัวอักษรดี"),
])
def test_a_design_question_answered_in_a_few_words_is_a_decision(turns: tuple[tuple[str, str], ...],
                                                                  title: str) -> None:
    found = extract(*turns)
    assert [(c.kind, c.title, c.first_line) for c in found] == [("Decision", title, 1)]


@pytest.mark.parametrize("turns", [
    # ... but not an answer to a question for information, nor a deferral or a question back.
    (("assistant", "What's the exact error message?"), ("user", "ECONNRESET")),
    (("assistant", "What should the default page size be?"), ("user", "whatever you think")),
    (("assistant", "What should the default page size be?"), ("user", "50?")),
    (("assistant", "錯誤訊息是什麼？"), ("user", "502")),
    (("assistant", "ตอนนี้ error ขึ้นว่าอะไรครับ"), ("user", "timeout ครับ")),
])
def test_answers_that_decide_nothing(turns: tuple[tuple[str, str], ...]) -> None:
    assert extract(*turns) == []


@pytest.mark.parametrize(("turns", "kinds"), [
    # An offered alternative restated as the choice, a "don't" after it: one decision, not a constraint.
    ((("assistant", "The PDFs need a CJK font. I can install it with apt in the image, or vendor the OTF file in "
                    "assets/."), ("user", "vendor the otf file, don't depend on apt")), ["Decision"]),
    ((("assistant", "可以用 cron 每晚跑，或者改成 queue 觸發"), ("user", "改成 queue 觸發，不要再用 cron")),
     ["Decision|Architecture"]),
    ((("assistant", "จะให้ส่งอีเมลทันที หรือรวบส่งวันละครั้งดีครับ"), ("user", "รวบส่งวันละครั้ง ไม่ต้องส่งทันที")),
     ["Decision"]),
    # The user asked; a short answer recommends; restating it decides.
    ((("user", "monorepo or one repo per service?"), ("assistant", "A monorepo keeps the shared types in one place."),
      ("user", "monorepo, with shared types in libs/")), ["Decision"]),
    # A reply that names nothing offered, or both, decides nothing.
    ((("assistant", "I can install it with apt in the image, or vendor the OTF file."), ("user", "the image is huge")),
     []),
])
def test_a_restated_alternative_is_the_choice(turns: tuple[tuple[str, str], ...], kinds: list[str]) -> None:
    found = extract(*turns)
    assert len(found) == len(kinds), [(c.kind, c.title) for c in found]
    for cand, allowed in zip(found, kinds, strict=True):
        assert cand.kind in allowed.split("|"), (cand.kind, cand.title)


@pytest.mark.parametrize(("offer", "reply"), [
    (("assistant", "Done: logs go to journald; I can switch them to plain files under /var/log if you prefer."),
     ("user", "ok keep it")),
    (("assistant", "已經用 UUID 當主鍵了，要我改成自增整數嗎？"), ("user", "不用改，保持原樣")),
    (("assistant", "ตั้งชื่อ branch เป็น feat/... แล้วครับ ให้ผมเปลี่ยนเป็น feature/... ไหมครับ"), ("user", "ไม่ต้องเปลี่ยนครับ")),
])
def test_keep_it_after_an_offer_to_change_keeps_the_status_quo(offer: tuple[str, str], reply: tuple[str, str]) -> None:
    found = extract(offer, reply)
    assert [(c.kind, c.first_line, c.last_line) for c in found] == [("Decision", 1, 2)]


@pytest.mark.parametrize("turns", [
    # Approving a one-off task is not a decision, in any language.
    (("assistant", "Shall I apply the patch to staging now?"), ("user", "go ahead")),
    (("assistant", "要我現在重跑 migration 嗎？"), ("user", "好，去做")),
    (("assistant", "ให้ผม restart pod ตัวนี้เลยไหมครับ"), ("user", "ได้ restart ไปเลย")),
    # "keep it" after a mere report offers no status quo to keep.
    (("assistant", "The build passed."), ("user", "thx, keep it up")),
])
def test_approving_a_task_offer_decides_nothing(turns: tuple[tuple[str, str], ...]) -> None:
    assert extract(*turns) == []


def test_go_ahead_with_an_earlier_design_alternative_decides_it() -> None:
    found = extract(("user", "exports are slow, ideas?"),
                    ("assistant", "Either (a) stream rows with a server-side cursor; (b) precompute nightly into "
                                  "parquet files."),
                    ("user", "how much memory does (a) save?"),
                    ("assistant", "Most of it. Want me to go ahead with the server-side cursor?"),
                    ("user", "go ahead"))
    assert [(c.kind, c.conclusion, c.first_line, c.last_line) for c in found] == [
        ("Decision", "Stream rows with a server-side cursor", 2, 5)]


@pytest.mark.parametrize(("turns", "first_line"), [
    # Reversals of something the session was built on, with what replaces it.
    ((("user", "store uploads in minio"), ("assistant", "OK, MinIO it is."),
      ("user", "actually ditch minio. plain S3 with lifecycle rules is enough")), 3),
    ((("user", "隊列先用 Kafka"), ("assistant", "好。"), ("user", "Kafka 不要了，改成 NATS 就好")), 3),
    ((("user", "ใช้ Elasticsearch ทำ search"), ("assistant", "รับทราบครับ"),
      ("user", "ไม่เอา Elasticsearch แล้ว ใช้ Postgres full text พอ")), 3),
    # Adopting someone else's proposal: the user's statement, spanning the report of it.
    ((("user", "Mina says every table needs created_at and updated_at. thoughts?"), ("assistant", "Sensible."),
      ("user", "ok go with what Mina suggested")), 1),
    ((("user", "小王說 commit message 要用英文寫"), ("assistant", "可以。"),
      ("user", "就照他說的，commit message 一律英文")), 1),
])
def test_reversals_and_adoptions(turns: tuple[tuple[str, str], ...], first_line: int) -> None:
    found = extract(*turns)
    last = found[-1]
    assert last.last_line == len(turns) and last.first_line == first_line, [(c.kind, c.title) for c in found]
    assert last.kind in ("Decision", "Architecture", "Rule")


@pytest.mark.parametrize("text", [
    "ditch the typo in the header",          # nothing named earlier
    "scrap that idea about kafka?",          # a question
    "Kafka 不要了嗎？",
])
def test_reversal_words_without_an_earlier_subject_are_not_items(text: str) -> None:
    assert extract(("user", "the header looks off"), ("assistant", "Fixed."), ("user", text)) == []


# --- stance: whose words, for how long (jobs/extract/stance.py) ---------------------------------

@pytest.mark.parametrize(("question", "reply"), [
    ("Which host is the primary database on?", "db-3, the replica is db-4"),
    ("ได้ครับ staging อยู่ cluster ไหนครับ", "gke-asia-2 ทั้งหมด"),
    ("好的，正式环境的数据库在哪台机器上？", "db-3，一直都是"),
])
def test_answers_to_factual_questions_are_remembered(question: str, reply: str) -> None:
    found = extract(("user", "check the db load"), ("assistant", question), ("user", reply))
    assert [c.kind for c in found] == ["Remember"]
    assert found[0].confidence < 0.92


@pytest.mark.parametrize(("question", "reply"), [
    ("Which database should we use for the audit log?", "Postgres 16"),
    ("用哪个队列比较好？", "RabbitMQ"),
])
def test_answers_to_design_questions_stay_decisions(question: str, reply: str) -> None:
    found = extract(("user", "let's plan the audit log"), ("assistant", question), ("user", reply))
    assert [c.kind for c in found] in (["Decision"], ["Architecture"])


def test_a_refusal_to_a_factual_question_is_nothing() -> None:
    assert extract(("assistant", "Which host is the primary database on?"), ("user", "not sure, ask Dana")) == []


# --- frequency words that are not rules (complaints.py) and don'ts that complete the item before --

@pytest.mark.parametrize(("asked", "reply"), [
    ("Should I start with the login bug or the export timeout?", "login bug first"),
    ("Which file should I edit, handlers.go or server.go?", "handlers.go"),
    ("Shall I run the full suite or just the unit tests?", "just the unit tests"),
    ("ให้ผมแก้ bug login ก่อน หรือ export ก่อนดีครับ", "login ก่อนครับ"),
    ("我先修登录的 bug 还是导出超时？", "先修登录的"),
    ("要我跑全部测试还是只跑单元测试？", "只跑单元测试就行"),
    ("ให้ผมแก้ไฟล์ config ให้เลยไหมครับ", "ได้ครับ จัดไปเลย"),
])
def test_picking_the_agents_next_step_is_no_decision(asked: str, reply: str) -> None:
    assert extract(("assistant", asked), ("user", reply)) == []


@pytest.mark.parametrize(("asked", "reply"), [
    ("Should I use Redis or Memcached for the session cache?", "redis"),
    ("Which queue should we use for events, Kafka or SQS?", "SQS"),
    ("ให้ผมเก็บ session ไว้ใน Redis หรือ Postgres ดีครับ", "Redis ครับ"),
    ("要我用 Redis 还是 Memcached 做缓存？", "用 Redis"),
])
def test_picking_what_to_use_still_decides(asked: str, reply: str) -> None:
    found = extract(("assistant", asked), ("user", reply))
    assert [c.kind for c in found] == ["Decision"], found


@pytest.mark.parametrize(("asked", "reply"), [
    ("I can move the cron job into the worker. Want me to do that?", "yes please go with that"),
    ("ผมย้าย cron ไปไว้ใน worker ให้เลยไหมครับ", "ได้ครับ จัดไปเลย"),
])
def test_approving_an_offered_task_is_no_decision(asked: str, reply: str) -> None:
    assert extract(("assistant", asked), ("user", reply)) == []


_LETTERED = ("The session store has two ways to go:\nA) keep sessions in Memcached as today\n"
             "B) move sessions into Redis with a 24h TTL\nWhich one?")
_NUMBERED_ZH = "缓存这块有几个方向：\n1）继续用本地内存缓存\n2）改成 Redis 集群，所有实例共享\n3）先不加缓存"
_WORDED_ZH = "有两种做法：\n一是把图片继续存在 NFS 上；\n二是把图片迁到对象存储，数据库只存 key。"
_THAI = "มีสองทางครับ\n1. ใช้ SQLite ต่อ\n2. ย้ายไป Postgres ตัวเดียวทุก service\nเอาแบบไหนดีครับ"


@pytest.mark.parametrize(("offer", "reply", "said"), [
    (_LETTERED, "B", "redis"),
    (_LETTERED, "option B please", "redis"),
    (_LETTERED, "A. keep sessions in memcached", "memcached"),
    (_NUMBERED_ZH, "2", "redis"),
    (_NUMBERED_ZH, "就 2 吧", "redis"),
    (_WORDED_ZH, "第二种吧", "对象存储"),
    (_THAI, "ตัวที่สองครับ", "postgres"),
    (_THAI, "ข้อ 2 ครับ", "postgres"),
])
def test_a_bare_label_after_offered_options_picks_that_option(offer: str, reply: str, said: str) -> None:
    found = extract(("user", "the sessions keep vanishing"), ("assistant", offer), ("user", reply))
    assert len(found) == 1, found
    assert found[0].kind in ("Decision", "Architecture") and said in found[0].statement.lower()
    assert found[0].first_line == 2


@pytest.mark.parametrize(("offer", "reply"), [
    (_LETTERED, "take a look at the logs first"),
    (_LETTERED, "B?"),
    (_LETTERED, "C"),
    ("Done:\n1. bumped the version\n2. regenerated the lockfile", "2"),
    ("Want me to do these now?\n1. run the migrations\n2. restart the workers", "2"),
    ("有三个航班：\n1）国航 08:50，¥1240\n2）东航 14:00，¥990", "选第二个"),
    ("มีสองเที่ยวบินครับ\n1. 09:10 ราคา 2,400 บาท\n2. 13:30 ราคา 1,900 บาท\nเอาอันไหนครับ", "ตัวที่สองครับ"),
    (_NUMBERED_ZH, "2 还是 3？"),
])
def test_a_label_without_design_options_or_beyond_them_picks_nothing(offer: str, reply: str) -> None:
    assert extract(("user", "hi"), ("assistant", offer), ("user", reply)) == []


@pytest.mark.parametrize("offer, reply", [
    ("Want me to use dark mode for all the UI mockups from now on?", "yes remember that"),
    ("Shall I always reply in bullet points?", "ใช่ จำไว้นะ"),
    ("以后要我都用表格总结吗？", "好的，记住"),
    ("Should I keep the changelog in Keep a Changelog format?", "ok please remember it"),
])
def test_a_bare_yes_to_an_offer_to_remember_is_no_remember_entry(offer: str, reply: str) -> None:
    """"yes remember that" says only "remember": an entry of those words ("Yes remember that", "จำไว้",
    "的") reached the daily log and MEMORY.md with nothing to remember. No entry; what was offered is
    the preference router's to read (a yes to an offer)."""
    assert extract(("assistant", offer), ("user", reply)) == []


def test_a_yes_with_something_to_remember_is_still_kept() -> None:
    for reply, kept in (("yes, and remember that the staging db runs on port 5433", "5433"),
                        ("ใช่ จำไว้ว่าใช้ Kerry เท่านั้น", "Kerry"), ("好的，记住：发票每月25号发", "25")):
        found = extract(("assistant", "Anything else?"), ("user", reply))
        assert len(found) == 1 and found[0].kind == "Remember" and kept in found[0].conclusion, (reply, found)
