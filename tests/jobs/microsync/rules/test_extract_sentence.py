"""The rule extractor's sentence layer: what one sentence or clause states (kinds, stance, scope,
one-off occasions, facts, conventions, structure, settled choices) and the fields of its entry."""
from __future__ import annotations

import pytest

from jobs.microsync.rules import normalise_statement
from tests.extract_helpers import extract, one


def test_fields_come_only_from_what_was_said() -> None:
    """why is filled from "because …", and stays empty when no reason is given."""
    with_why = one("We decided to use Postgres for bookings because we need transactions.")
    assert with_why.why == "We need transactions"
    assert with_why.conclusion == "Use Postgres for bookings"
    assert with_why.title == "Use Postgres for bookings"
    bare = one("We decided to use Postgres for bookings.")
    assert (bare.why, bare.finding, bare.impact) == ("", "", "")
    assert one("เราตัดสินใจใช้ Redis เพราะเร็วกว่า").why == "เร็วกว่า"
    assert one("我们决定用 Redis，因为更快。").why == "更快"


def test_same_statement_same_text_different_statement_different_text() -> None:
    a = one("We decided to use Postgres for bookings.")
    b = one("  we decided to use postgres for bookings  ")
    c = one("We decided to use MySQL for bookings.")
    assert a.statement == b.statement
    assert a.statement != c.statement
    th1, th2 = one("ห้าม deploy วันศุกร์"), one("ห้าม deploy วันเสาร์")
    assert th1.statement != th2.statement
    zh1, zh2 = one("不要再在周五部署。"), one("不要再在週五部署。")
    assert zh1.statement != zh2.statement
    assert normalise_statement("ＡＰＩ  v1。") == normalise_statement("api v1")


def test_multi_item_turns_and_deduplication() -> None:
    found = extract(("user", "JSON fields are snake_case everywhere. Errors must never return 200. "
                             "Remember that the API is public."),
                    ("user", "Errors must never return 200."))
    assert [c.kind for c in found] == ["Rule", "Constraint", "Remember"]
    thai = extract(("user", "ตกลงตามนี้ ชื่อ field ใช้ snake_case ทั้งหมด ห้ามตอบ 200 ตอนเกิด error"))
    assert len(thai) == 2


def test_supersedes_hint() -> None:
    assert one("We no longer use Celery beat; switch to a systemd timer instead.").supersedes_hint
    assert one("เลิกใช้ Celery beat เปลี่ยนเป็น systemd timer").supersedes_hint
    assert one("夜间报表不再用 Celery beat，改用 systemd timer。").supersedes_hint
    assert not one("We decided to use Postgres.").supersedes_hint


def test_procedure_is_one_item() -> None:
    found = extract(("user", "The steps to release are: bump the version, run make changelog, "
                             "then tag the commit and push the tag."))
    assert [c.kind for c in found] == ["Procedure"]


@pytest.mark.parametrize("text", [
    "let's refactor the parser into smaller functions",
    "ok, let's add a test for the empty input case",
    "Let's try the new renderer and see.",
    "ok, now bump the version and let's switch back to the main branch",
    "I think the cache layer needs its own interface.",
    "I believe we should switch to pnpm.",
    "ผมคิดว่าเราควรเปลี่ยนไปใช้ Redis",
    "我觉得以后都要用 pnpm",
    "the table component doesn't respect the rule that cells must never overflow their column",
    "I ran the migration and got an error, that should never happen.",
    "The build crashed again — this must not happen.",
    "กดปุ่มแล้วแอปพัง ห้ามเกิดแบบนี้อีก",
    "保存的时候崩溃了，这种事不应该发生。",
    "don't touch the config for now, just look at the logs",
    "先别动代码，就问问。",
])
def test_tasks_opinions_and_bug_reports_are_not_items(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize(("text", "kind", "title"), [
    ("ok, let's go with Postgres for the job store.", "Architecture", "Postgres for the job store"),
    ("Let's make Postgres the default store.", "Decision", "Make Postgres the default store"),
    ("This crashed on startup. Invalid config files must never crash the app.", "Constraint",
     "Invalid config files must never crash the app"),
    ("it crashed again, so never deploy on Fridays", "Constraint",
     "It crashed again, so never deploy on Fridays"),
    ("แอปพัง ห้าม deploy วันศุกร์", "Constraint", "ห้าม deploy วันศุกร์"),
    ("上线又崩溃了，以后禁止周五部署。", "Constraint", "禁止周五部署"),
    ("+1, let's use Redis for sessions", "Decision", "Use Redis for sessions"),
])
def test_cue_statements_next_to_reports_are_kept(text: str, kind: str, title: str) -> None:
    cand = one(text)
    assert (cand.kind, cand.title) == (kind, title)


@pytest.mark.parametrize(("text", "kind"), [
    ("Use integer cents for every amount from now on. Never use floats for money again.", "Rule"),
    ("以后时间一律用 UTC 存，不要再用本地时间了。", "Rule"),
    ("We'll read sessions from Postgres instead of Memcached. We no longer use Memcached anywhere.", "Decision"),
    ("ต่อไปให้ใช้ pnpm ทุกโปรเจกต์ ห้ามใช้ npm อีก", "Rule"),
])
def test_use_x_and_not_y_is_one_statement(text: str, kind: str) -> None:
    cand = one(text)
    assert (cand.kind if cand.kind not in ("Constraint", "Architecture") else
            {"Constraint": "Rule", "Architecture": "Decision"}[cand.kind]) == kind


def test_two_different_rules_stay_two() -> None:
    found = extract(("user", "From now on run the linter before every commit. Never push to main directly."))
    assert len(found) == 2


@pytest.mark.parametrize("text", [
    "ok, let's move sessions to Redis with a 1h TTL. that's the call, can you wire it up?",
    "Sessions live in Redis with a one hour TTL. That's the decision.",
    "let's pull the billing code into its own package",
    "let's put the search index in its own service",
])
def test_confirmed_and_placing_decisions(text: str) -> None:
    cand = one(text)
    assert cand.kind in ("Decision", "Architecture")


@pytest.mark.parametrize("text", [
    "let's put a breakpoint in the handler and rerun",
    "Is that the call? Sessions in Redis, I mean.",
    "wait, don't run that by hand",
    "no, don't merge it yet",
    "เดี๋ยว อย่ารันอันนั้นด้วยมือ",
    "等一下，别手动跑那个",
    "That's exactly the behaviour I want.",
])
def test_momentary_instructions_and_remarks_are_not_items(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "At standup Priya said we should always rebase before merging.",
    "my boss thinks we should move everything to Azure",
    "Dana suggested never running migrations on Mondays.",
    "พี่ต้นบอกว่าต่อไปต้องเขียน test ก่อนทุกครั้ง",
    "น้องมายบอกอีกว่าห้ามใช้ ORM",
    "老李说以后所有接口都要加签名。",
    "組長建議我們改用 MongoDB。",
])
def test_a_colleagues_words_are_not_the_users_items(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize(("text", "kind"), [
    ("Priya said we should always rebase before merging, and I agree: from now on rebase first.", "Rule"),
    ("I said it before: never push straight to main.", "Constraint"),
    ("ผมบอกไว้แล้วว่าห้าม push เข้า main ตรงๆ", "Constraint"),
    ("另外跟你说一下，以后所有接口都要加签名。", "Rule"),
    ("老李说得对，以后所有接口都要加签名。", "Rule"),
])
def test_the_users_own_or_adopted_report_is_an_item(text: str, kind: str) -> None:
    assert [c.kind for c in extract(("user", text))] == [kind]


@pytest.mark.parametrize("reply", [
    "interesting, but not now",
    "let's park it, maybe later",
    "น่าสนใจ แต่ยังไม่ต้องตอนนี้",
    "ไว้ก่อนนะ ยังไม่ตัดสินใจ",
    "先不考虑，回头再说",
    "这个先放着吧",
])
def test_deferrals_decide_nothing(reply: str) -> None:
    offer = ("assistant", "We could also add a per-tenant quota on top of the per-key limit.")
    assert extract(offer, ("user", reply)) == []


@pytest.mark.parametrize("text", [
    "先不上 k8s，继续用 docker compose。",
    "we're splitting search into its own service next sprint",
])
def test_a_postponement_that_keeps_something_on_or_schedules_a_change_still_decides(text: str) -> None:
    assert [c.kind for c in extract(("user", text))] in (["Decision"], ["Architecture"])


@pytest.mark.parametrize("text", [
    "don't book anything before 9 tomorrow",
    "don't schedule calls on Friday this week",
    "พรุ่งนี้อย่าเพิ่งลงนัดช่วงเช้า",
    "คืนนี้ห้ามโทรหาผมหลังสี่ทุ่ม",
    "明天别给我排会。",
    "这次不要订靠窗的座位。",
])
def test_errands_about_one_occasion_are_not_constraints(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "never book anything before 9 for me",
    "don't schedule calls on Fridays, any week",
    "ทุกวันศุกร์ห้ามลงนัดช่วงเช้า",
    "以后每次都不要订靠窗的座位。",
])
def test_a_marker_of_lasting_keeps_the_constraint(text: str) -> None:
    assert [c.kind for c in extract(("user", text))] in (["Constraint"], ["Rule"])


@pytest.mark.parametrize("reply", ["no", "不要", "ไม่เอาครับ", "nope."])
def test_a_bare_refusal_is_not_a_constraint(reply: str) -> None:
    assert extract(("assistant", "There is a cheaper 23:55 red-eye back, shall I book it?"), ("user", reply)) == []


# --- standing facts without "remember" (jobs/extract/facts.py) -----------------------------------

@pytest.mark.parametrize("text", [
    "fyi I'm lactose intolerant",
    "my dentist is Dr Okafor on Elm Street",
    "our accountant's fee is due on the 10th",
    "the prod TLS cert renews every 90 days",
    "the wifi password rotates every Monday",
    "ผมแพ้ถั่วลิสง",
    "ค่าเช่าบ้านผมต้องโอนทุกวันที่ 28",
    "我老公生日是 8 月 12 日",
    "我吃素，不吃海鲜",
    "測試環境的密碼每 30 天自動輪換",
])
def test_a_standing_fact_without_remember_is_a_less_confident_remember(text: str) -> None:
    cand = one(text)
    assert cand.kind == "Remember"
    assert 0.7 <= cand.confidence < 0.9


@pytest.mark.parametrize("text", [
    "I'm tired, let's stop here",
    "it's raining again",
    "the build took 4 min",
    "I'm at the airport",
    "my manager was out today",
    "I would like the vegetarian option",
    "is the staging password rotated every month?",
    "if my boss is Dana then we're fine",
    "วันนี้ผมเหนื่อยมาก",
    "ตอนนี้ฝนตกหนัก",
    "我今天有点累",
    "刚才构建花了四分钟",
])
def test_transient_states_and_questions_are_not_facts(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "I'm allergic to shellfish. never order me anything with shrimp",
    "ผมไม่กินเนื้อวัว สั่งอาหารให้ผมห้ามมีเนื้อวัวนะ",
    "我对芒果过敏，以后点饮料都避开芒果",
])
def test_a_fact_and_the_instruction_drawn_from_it_are_one_item(text: str) -> None:
    assert [c.kind for c in extract(("user", text))] == ["Remember"]


@pytest.mark.parametrize("text", [
    "whenever you bump a dependency: first run the audit, then update the lockfile, then open a PR",
    "ก่อนปิด sprint ให้ทำตามนี้ทุกครั้ง\n1. ปิด ticket ที่เสร็จ\n2. เขียนสรุปลง wiki",
    "每次发版：先打 tag，然后跑冒烟测试，最后发公告",
])
def test_a_standing_trigger_with_steps_is_a_procedure(text: str) -> None:
    assert one(text).kind == "Procedure"


@pytest.mark.parametrize("text", [
    "whenever you're free: can you look at the flaky test?",
    "ทำตามนี้ได้ไหม",
])
def test_a_trigger_without_steps_is_no_procedure(text: str) -> None:
    assert all(c.kind != "Procedure" for c in extract(("user", text)))


@pytest.mark.parametrize("text", [
    "from now on always answer in Spanish, never in English",
    "ต่อไปตอบผมเป็นภาษาอังกฤษทุกครั้ง",
    "以后回复我一律用英文，不要用中文",
])
def test_a_standing_instruction_about_replies_is_a_preference(text: str) -> None:
    assert [c.kind for c in extract(("user", text))] == ["Remember"]


@pytest.mark.parametrize(("offer", "reply"), [
    ("Front row or back row?", "back row, always. don't ask me again"),
    ("ที่นั่งริมทางเดินหรือริมหน้าต่างครับ", "ริมทางเดินเสมอ ไม่ต้องถามอีกนะ"),
    ("要靠窗还是靠走道？", "一直都要走道，以后不用再问"),
])
def test_a_choice_with_dont_ask_again_is_one_standing_preference(offer: str, reply: str) -> None:
    found = extract(("assistant", offer), ("user", reply))
    assert [c.kind for c in found] == ["Remember"]


@pytest.mark.parametrize("text", [
    "the analytics cluster runs in eu-central-1",
    "ระบบ production ทั้งหมดอยู่ที่ ap-northeast-1",
    "正式环境都在 us-east-2",
])
def test_where_the_setup_runs_is_a_fact(text: str) -> None:
    assert one(text).kind == "Remember"


def test_a_relation_word_as_the_object_of_an_instruction_is_no_fact() -> None:
    assert all(c.kind != "Remember" for c in extract(("user", "ย้ายเงิน 10% ของเงินเดือนเข้าบัญชีออมทรัพย์")))


@pytest.mark.parametrize("text", [
    "My manager Tom say we must use Kotlin for every service",
    "both of these can wait, let's park it until the budget is approved",
    "兩件事都先放著，等預算批下來再說",
])
def test_reported_and_deferred_constraints_are_not_items(text: str) -> None:
    assert extract(("user", text)) == []


# --- project conventions said as plain imperatives (jobs/extract/conventions.py) ---------------

@pytest.mark.parametrize("text", [
    "use uv, not pip or poetry.",
    "we use ruff for linting, no black, no isort.",
    "spaces not tabs, indent 2.",
    "only use httpx for HTTP calls in this codebase.",
    "ใช้ yarn อย่างเดียว ไม่ใช้ npm",
    "统一用 uv，别用 pip。",
    "我们用 zod 做校验，不要用 yup。",
])
def test_convention_imperatives_are_rules(text: str) -> None:
    assert one(text).kind in ("Rule", "Constraint")


@pytest.mark.parametrize("text", [
    "use uv to install requests.",
    "use the staging db for this test, not prod.",
    "run the tests, not just the linter.",
    "use yarn for now, not npm.",
    "it's not working, not at all.",
    "ใช้ yarn เพื่อติดตั้ง lodash ไม่ใช้ npm",
    "先用 pip 装一下 requests，不用 uv。",
    "用这个文件，别用那个。",
])
def test_one_off_imperatives_are_not_rules(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize(("turn", "covers_first"), [
    ("we indent SQL with four spaces. That's the rule for every migration.", True),
    ("สี่ช่องว่างนะ ไม่ใช่แท็บ เป็นกฎ", True),
    ("迁移文件一律四个空格缩进。这是规矩。", True),
])
def test_affirmed_rules_span_the_statement(turn: str, covers_first: bool) -> None:
    found = extract(("user", turn))
    assert [c.kind for c in found] == ["Rule"]
    assert found[0].first_line == 1


# --- structural changes without a cue word (jobs/extract/structure.py) --------------------------

@pytest.mark.parametrize("text", [
    "Billing moves to Stripe Billing, the homegrown invoicing code goes away.",
    "we're putting image resizing in its own worker.",
    "ย้าย session ไปเก็บใน Redis แทน",
    "แยกระบบแจ้งเตือนออกมาเป็น service ของตัวเอง",
    "我们把支付拆出来，做成单独的服务。",
    "日志迁到云厂商的服务上。",
])
def test_structural_changes_are_architecture(text: str) -> None:
    assert one(text).kind == "Architecture"


@pytest.mark.parametrize("text", [
    "the standup moves to Friday.",
    "Does auth move to Clerk?",
    "ย้ายประชุมไปพรุ่งนี้นะ",
    "把会议挪到明天下午。",
    "if we split search out, what breaks?",
])
def test_moves_of_meetings_and_questions_are_not_architecture(text: str) -> None:
    assert [c.kind for c in extract(("user", text))] in ([], ["Decision"]) and all(
        c.kind != "Architecture" for c in extract(("user", text)))


def test_rule_words_inside_a_structural_change_keep_it_architecture() -> None:
    found = extract(("user", "我们打算把通知拆出来做成独立服务，以后前端直接调 notify-api，不再走主后端"))
    assert [c.kind for c in found] == ["Architecture"]


# --- answers to a factual question are facts, not decisions (jobs/extract/answers.py) ----------

@pytest.mark.parametrize("text", [
    "the lint step on every commit is so slow it kills my flow",
    "หน้าแรกโหลดช้ามาก query ใหญ่วิ่งทุกครั้งที่เปิดหน้า",
    "每次打开报表都卡，受不了",
])
def test_complaints_with_every_are_not_rules(text: str) -> None:
    assert extract(("user", text)) == []


def test_a_replacement_with_every_is_a_decision() -> None:
    found = extract(("user", "remove the pre-push hook, run the type check in CI on every merge request instead"))
    assert [c.kind for c in found] in (["Decision"], ["Architecture"])


@pytest.mark.parametrize(("text", "kind"), [
    ("we're switching formatting to biome. don't add any eslint-stylistic config", "Decision"),
    ("不要动 vendor 目录，以后也别手动改里面的文件", "Constraint"),
    ("ห้ามแก้ไฟล์ใน build ก็อย่าไปลบมันด้วย", "Constraint"),
])
def test_a_dont_completing_the_item_before_is_one_item(text: str, kind: str) -> None:
    found = extract(("user", text))
    assert len(found) == 1, found
    assert found[0].kind in (kind, "Rule")


def test_a_separate_dont_stays_its_own_item() -> None:
    found = extract(("user", "we decided to use Postgres for billing. don't deploy on Fridays."))
    assert len(found) == 2


@pytest.mark.parametrize("text", [
    "ugh, every time I rebase the snapshot tests break again",
    "เซ็งมาก ทุกครั้งที่อัปเดต lib ตัวนี้ build พังตลอด",
    "烦死了，每次升级依赖都要重新配一遍环境",
])
def test_frustration_with_every_is_a_complaint(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "run mypy before every commit, otherwise CI fails",
    "ก่อน push ทุกครั้งต้องรัน test ไม่งั้น pipeline พัง",
])
def test_a_failure_given_as_the_reason_keeps_the_rule(text: str) -> None:
    assert [c.kind for c in extract(("user", text))] in (["Rule"], ["Constraint"])


# --- scope: is a sentence with a rule word a standing rule at all (jobs/extract/scope.py) ---------

@pytest.mark.parametrize("text", [
    "my accountant always replies a week late",
    "he's always the last one to merge anything",
    "the nightly export never finishes before six",
    "it's always been flaky on the ARM runners",
    "every time I rebase, it loses my stash",
    "keep the job that always retries on 502",
    "เขาตอบอีเมลลูกค้าทุกครั้งภายในห้านาที",
    "พี่หน่อยมาประชุมสายทุกรอบ เขาเป็นแบบนี้",
    "她每次都把会议拖到很晚",
    "這個腳本每次都跑超時",
])
def test_always_and_never_describing_a_person_or_thing_are_not_rules(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "always pin the base image digest",
    "we always rebase before merging",
    "feature flags are always removed within two sprints",
    "it must never log card numbers",
    "ทุกครั้งที่แก้ schema ต้องเขียน migration",
    "以后每次发版都要打 tag",
    "以後所有 PR 都要兩個人審",
])
def test_instructions_with_always_and_never_stay_rules(text: str) -> None:
    assert one(text).kind in ("Rule", "Constraint")


@pytest.mark.parametrize("text", ["from now on just do it like this", "ต่อไปจัดการแบบนี้นะ", "以后都这样弄吧"])
def test_a_bare_pointer_to_a_manner_is_no_rule(text: str) -> None:
    assert extract(("user", text)) == []


def test_a_pointer_after_the_content_keeps_the_rule() -> None:
    found = extract(("user", "所有接口都要有超时设置，以后就这么办"))
    assert [c.kind for c in found] == ["Rule"]


@pytest.mark.parametrize("text", [
    "from now on handle them like this:\n1. check the queue depth\n2. then restart the consumer",
    "ต่อไปทำแบบนี้นะ\n1. ดึง log ของเมื่อวาน\n2. แล้วสรุปเป็นตาราง",
    "以后报警就这样处理：\n1. 先看监控\n2. 再重启服务",
])
def test_a_pointer_with_steps_after_it_is_a_procedure(text: str) -> None:
    assert one(text).kind == "Procedure"


@pytest.mark.parametrize("text", [
    "don't touch the migration we just generated",
    "don't rename the helper you just added",
    "อย่าแก้ฟังก์ชันที่เพิ่งเขียนเมื่อกี้",
    "刚才那个配置别动",
])
def test_a_dont_about_the_thing_just_done_is_a_task(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "don't worry about the flaky e2e job",
    "don't apologize, just rerun it",
    "อย่ากังวลเรื่อง lint เลยครับ",
    "别担心 lint 的警告",
])
def test_conversation_management_is_no_constraint(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "from now on send every quote under my partner's name, Lena Fischer",
    "ต่อไปเอกสารของพ่อให้ส่งสำเนาถึงพี่สาวทุกครั้ง ชื่อพี่แก้ว",
    "以後報帳一律用公司帳號，統編 53212539",
])
def test_a_rule_that_hands_over_a_name_or_number_is_remembered(text: str) -> None:
    assert [c.kind for c in extract(("user", text))] == ["Remember"]


def test_a_rule_without_a_handed_fact_stays_a_rule() -> None:
    assert one("from now on send every quote as a PDF, never as a Word file").kind in ("Rule", "Constraint")


@pytest.mark.parametrize("text", [
    "you never check the logs before guessing",
    "you always pick the heaviest library",
    "I'd never put sessions in Mongo",
    "always the same timeout with this SDK",
    "你每次都把变量名改掉",
    "คุณลืมใส่ type hint ทุกที",
])
def test_the_agents_habit_described_is_a_complaint_not_a_rule(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "you must always check the logs before guessing",
    "from now on you always reply with the diff first",
    "你以后每次都要先跑 lint",
])
def test_the_agent_told_what_to_do_always_stays_an_instruction(text: str) -> None:
    assert len(extract(("user", text))) == 1


@pytest.mark.parametrize("text", [
    "don't merge it until the review is in",
    "please don't squash those, keep the history",
    "you can't call the helper there, it's sync",
    "อย่าลบตารางนั้นนะครับ",
    "别动那个分支",
])
def test_a_dont_about_the_thing_at_hand_is_a_task(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "don't raise it, ever",
    "don't use this pattern anywhere in the codebase",
    "อย่าลบตารางนั้นอีก ไม่ว่ากรณีไหน",
    "以后别动那个分支",
])
def test_a_dont_about_the_thing_at_hand_with_a_marker_of_lasting_stays(text: str) -> None:
    assert one(text).kind in ("Rule", "Constraint")


@pytest.mark.parametrize("text", ["把日志的级别调成 DEBUG 看看", "这两个方案的区别在哪里", "特别感谢你昨天的排查"])
def test_bie_inside_a_word_is_no_dont(text: str) -> None:
    assert extract(("user", text)) == []


def test_a_personal_trait_remembered_and_its_consequence_are_one_item() -> None:
    found = extract(("user", "记住，我妈对芒果过敏，以后订蛋糕都要避开芒果"))
    assert [c.kind for c in found] == ["Remember"]


@pytest.mark.parametrize("text", [
    "and I always want a window table when you book dinner",
    "pls remember my mum is allergic to kiwi, check every dessert menu",
])
def test_the_users_own_wants_are_remembered_not_rules(text: str) -> None:
    assert [c.kind for c in extract(("user", text))] == ["Remember"]


@pytest.mark.parametrize("text", ["run the rate limiter benchmarks again", "we stay on Vue 3, nuxt is out"])
def test_rate_limiter_as_a_noun_and_staying_on_a_tool_are_no_constraints(text: str) -> None:
    assert not [c for c in extract(("user", text)) if c.kind in ("Rule", "Constraint")]


@pytest.mark.parametrize("text", [
    "here's how I want you to triage new issues:\n1. label them\n2. then assign the owner",
    "以后新人入职就这么做：\n1. 开账号\n2. 然后发文档",
])
def test_procedures_announced_without_a_colon_word(text: str) -> None:
    assert one(text).kind == "Procedure"


# --- choices that are no lasting decision (jobs/extract/oneoff.py) ---------------------------------------

@pytest.mark.parametrize("text", [
    "Let's use the staging config for this run.",
    "For this ticket let's go with the quick patch.",
    "Let's switch to the verbose logger just for this debugging session.",
    "We're going to release tomorrow morning.",
    "Tonight we'll go with the backup server while they patch the main one.",
    "ครั้งนี้ใช้ config เก่าไปก่อนนะ",
    "รอบนี้เอาแบบ A ไปก่อน",
    "พรุ่งนี้เราจะเปลี่ยนเป็น config ใหม่ตอนเช้า",
    "这次就用旧的配置吧。",
    "明天上午我们换成新的测试账号跑一遍。",
])
def test_a_choice_for_one_occasion_or_a_near_time_is_no_decision(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "His team decided to drop Angular.",
    "A friend of mine decided to use Supabase for her side project.",
    "My brother's company switched to Linear last month.",
    "ลูกค้าอีกเจ้าตัดสินใจเปลี่ยนไปใช้ AWS แล้ว",
    "เพื่อนผมเลิกใช้ Jira แล้ว เปลี่ยนไปใช้ Linear",
    "他们团队决定不用 Kafka 了。",
    "隔壁组决定用 Go 重写他们的服务。",
])
def test_someone_elses_decision_is_not_the_users(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize(("text", "kind"), [
    ("We decided today to drop MySQL and use Postgres for billing.", None),
    ("Let's switch to pnpm, starting tomorrow, for every package.", None),
    ("เราจะเลิกใช้ Jenkins ตั้งแต่พรุ่งนี้ ใช้ GitHub Actions แทน", None),
    ("决定了，从明天起支付统一走 Stripe。", None),
    ("My friend's startup went with Supabase, so we're going with Supabase too.", None),
    ("Let's use Redis for the job counters.", "Decision"),
])
def test_lasting_or_own_choices_are_kept(text: str, kind: str | None) -> None:
    found = extract(("user", text))
    assert found, text
    if kind is not None:
        assert found[0].kind == kind


@pytest.mark.parametrize("text", [
    "Leaning towards switching the docs site to Astro.",
    "We'll use Teams for the interview.",
    "ว่าจะเปลี่ยนไปใช้ Bun อยู่เหมือนกัน",
    "我倾向于把前端换成 Svelte。",
    "打算试试换成 Bun。",
])
def test_a_choice_leaned_towards_is_not_settled(text: str) -> None:
    assert extract(("user", text)) == []


def test_a_settled_negative_choice_is_not_tentative() -> None:
    assert len(extract(("user", "Kubernetes 就不考虑了，继续用 docker compose。"))) == 1


# --- architecture in ordinary words (jobs/extract/topology.py) ---------------------------------------------
@pytest.mark.parametrize("text", [
    "We're adding a Varnish cache in front of the storefront API.",
    "We put a message queue between the scraper and the parsers.",
    "เพิ่ม proxy หน้า API ของร้านนะครับ",
    "เราใส่ queue คั่นระหว่าง scraper กับ parser",
    "在订单接口前面加一层网关。",
    "我们在爬虫和解析器之间加了一个消息队列。",
    "We're getting rid of the Envoy sidecar, pods send traces straight to the collector.",
    "เอา proxy ตัวเก่าออกครับ ให้แอปยิงตรงไปที่ gateway",
    "把 haproxy 那一层拿掉了，流量直接进网关。",
    "The admin dashboard talks to the reporting service only.",
    "Every customer gets its own database.",
    "แยก schema ต่อลูกค้า",
    "每个客户单独一个 schema。",
    "后台只跟报表服务通信。",
    "Payment events go through RabbitMQ now.",
    "ตอนนี้ request ทั้งหมดวิ่งผ่าน gateway แล้ว",
    "所有写入现在都走订单服务。",
])
def test_components_placed_removed_walled_off_or_routed_are_architecture(text: str) -> None:
    assert one(text).kind == "Architecture"


@pytest.mark.parametrize("text", [
    "Could you put a cache in front of the search API?",
    "What if we added a queue between the scraper and the parsers?",
    "Add a log statement in front of the retry loop.",
    "Get rid of that print in the handler.",
    "Remove the unused import from the cache module.",
    "The proxy in front of the API keeps timing out again.",
    "ช่วยเพิ่ม proxy หน้า API ให้หน่อยได้ไหมครับ",
    "เอาบรรทัด debug นี้ออกด้วย",
    "要不要在网关前面加一层缓存？",
    "把这行日志去掉。",
    "I only talk to my manager about raises.",
    "Guests go through the side door now.",
    "Kill the worker process, it's stuck.",
    "Remove the cache directory and rebuild.",
    "เอา container ตัวนี้ออกก่อน แล้ว restart",
    "先把这个 worker 干掉，卡住了。",
])
def test_edits_questions_and_complaints_about_components_are_not_architecture(text: str) -> None:
    assert extract(("user", text)) == []


# --- settled choices in ordinary words (jobs/extract/settled.py) -------------------------------------------
@pytest.mark.parametrize("text", [
    "Swap Jest for Vitest.",
    "We're swapping CircleCI for Buildkite.",
    "เปลี่ยนจาก Jest เป็น Vitest ครับ",
    "เปลี่ยนจาก CircleCI ไปใช้ Buildkite",
    "用 Vitest 替换 Jest。",
    "We're on Django 5 now.",
    "We moved to Bun last week.",
    "We've switched to Biome, finally.",
    "We're also dropping iOS 15 with the 3.0 release.",
    "ตอนนี้เราใช้ Django 5 แล้วนะ",
    "เราย้ายไปใช้ Bun เมื่ออาทิตย์ที่แล้ว",
    "我们现在用 Django 5 了。",
    "跟你说一下，我们上个月换成 Biome 了。",
])
def test_replacements_and_reports_of_what_the_project_is_on_are_decisions(text: str) -> None:
    assert one(text).kind == "Decision"


@pytest.mark.parametrize("text", [
    "Swap these two arguments.",
    "Replace foo with bar in this file.",
    "What if we swapped Jest for Vitest?",
    "We're on the train now.",
    "I'm on vacation now, back Monday.",
    "We moved to Lisbon last week.",
    "I switched to decaf last month.",
    "Tonight I'm swapping the tires on the car.",
    "เปลี่ยนจาก ตัวแปร x เป็น y ในไฟล์นี้",
    "ตอนนี้ผมอยู่บนรถไฟ",
    "เราย้ายไปอยู่เชียงใหม่เมื่ออาทิตย์ที่แล้ว",
    "我现在在火车上。",
    "我们上周搬到杭州了。",
    "My friend's team moved to Bun last week.",
])
def test_edits_places_and_other_peoples_moves_are_no_decisions(text: str) -> None:
    assert extract(("user", text)) == []


def test_a_report_of_what_the_project_is_on_before_a_rule_is_the_rules_ground() -> None:
    found = extract(("user", "we're on Bun now. bun install, never npm install"))
    assert [c.kind for c in found] == ["Constraint"] or [c.kind for c in found] == ["Rule"]
    assert "bun now" in found[0].statement


# --- a bare option label or ordinal picks the option it labels (jobs/extract/labelpick.py) ------------

@pytest.mark.parametrize("text", [
    "ใช้ Postgres เก็บ session ละกัน",
    "Go ละกันครับ ทีมเขียนเป็นกันหมด",
    "งั้นเอา RabbitMQ แล้วกันนะ",
    "เอา Supabase สำหรับ auth ครับ",
    "เอา Redis เป็น session store นะ",
])
def test_thai_pick_with_lakan_or_ao_for_is_a_decision(text: str) -> None:
    cand = one(text)
    assert cand.kind == "Decision"


@pytest.mark.parametrize("text", [
    "ไปกินข้าวละกัน",
    "Sarah ละกัน เดี๋ยวให้เขาช่วยดู",
    "ลองใช้ Postgres ดูละกัน",
    "ใช้ Postgres ละกันมั้ง",
    "ใช้ Postgres หรือ MySQL ดีละกัน",
    "เอา log มาให้ดูหน่อย",
    "เอา Supabase ไหมครับ",
])
def test_thai_lakan_without_a_tool_or_with_a_question_is_no_decision(text: str) -> None:
    assert [c for c in extract(("user", text)) if c.kind == "Decision"] == []


def test_thai_change_of_mind_is_a_decision_not_architecture() -> None:
    cand = one("เปลี่ยนใจละ ใช้ MySQL แทน ไม่เอา Mongo แล้วนะ")
    assert cand.kind == "Decision"


def test_a_memory_verb_that_points_back_leaves_no_item_of_particles() -> None:
    """"จำไว้ด้วยนะ" after a decision ("remember it too") is the decision, not a Remember entry whose
    whole content is "ด้วยนะ"."""
    found = extract(("user", "ตัดสินใจแล้ว: ใช้ Redis สำหรับแคช จำไว้ด้วยนะ"))
    assert [c.kind for c in found] == ["Decision"], [(c.kind, c.title) for c in found]
    assert [c.kind for c in extract(("user", "ใช้ Redis สำหรับแคช จำไว้ด้วยนะว่า TTL คือ 30 วินาที"))] \
        .count("Remember") <= 1


@pytest.mark.parametrize(("text", "title"), [
    # "agreed (together) (already) that (will)": the whole opener goes, not a word cut in two
    ("ตกลงกันว่า พี่นกเป็นคนตรวจ PR ฝั่ง frontend", "พี่นกเป็นคนตรวจ PR ฝั่ง frontend"),
    ("โอเค ตกลงกันแล้วว่าจะย้ายไป GCP", "ย้ายไป GCP"),
    ("ตกลงกันว่าจะใช้ Postgres สำหรับ orders", "ใช้ Postgres สำหรับ orders"),
    # the opener alone before the choice, as before
    ("ตกลงใช้ Redis ทำ cache", "ใช้ Redis ทำ cache"),
])
def test_a_thai_agreement_opener_leaves_no_half_word_in_the_title(text: str, title: str) -> None:
    cand = one(text)
    assert (cand.kind, cand.title) == ("Decision", title)
