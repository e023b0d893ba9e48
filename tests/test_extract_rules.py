"""The rule-based extractor: categories per language, hard negatives, acceptance, ids, speed."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jobs.microsync.rules import Candidate, RuleExtractor, normalise_statement
from memory_store.transcripts.records import Flag, Record, Role
from tests.strategies import examples

T0 = datetime(2026, 10, 6, 3, 0, tzinfo=UTC)
PATH = "/home/u/.claude/projects/-home-u-app/s1.jsonl"


def session(*turns: tuple[str, str], flags: dict[int, frozenset[Flag]] | None = None) -> list[Record]:
    """Records of one session; turn i is on line i + 1."""
    roles = {"user": Role.USER, "assistant": Role.ASSISTANT, "tool_result": Role.TOOL_RESULT,
             "summary": Role.SUMMARY}
    out = []
    for i, (role, text) in enumerate(turns):
        f = (flags or {}).get(i, frozenset({Flag.TOOL}) if role == "tool_result" else frozenset())
        out.append(Record(source="claude-code", session_id="s1", path=PATH, line=i + 1, line_end=i + 1,
                          ts=T0 + timedelta(minutes=i), role=roles[role], text=text, flags=f))
    return out


def extract(*turns: tuple[str, str]) -> list[Candidate]:
    return RuleExtractor().extract(session(*turns))


def one(text: str) -> Candidate:
    found = extract(("user", text))
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(("text", "kind"), [
    ("We decided to use Postgres for the bookings store, because we need transactions.", "Decision"),
    ("From now on, run the linter before every commit.", "Rule"),
    ("Never deploy on Fridays again.", "Constraint"),
    ("We're moving the job queue from cron to a separate worker service.", "Architecture"),
    ("Remember that the staging cluster is called nimbus-stg.", "Remember"),
    ("I prefer concise answers.", "Remember"),
    ("เราตัดสินใจใช้ Postgres เก็บข้อมูลการจอง", "Decision"),
    ("ต่อไปให้รัน lint ก่อน commit ทุกครั้ง", "Rule"),
    ("ห้าม deploy วันศุกร์", "Constraint"),
    ("จำไว้ว่า cluster staging ชื่อ nimbus-stg", "Remember"),
    ("ต่อไปตอบเป็นภาษาไทยนะ", "Remember"),
    ("我们决定用 Postgres 存预订数据。", "Decision"),
    ("以后每次提交前都要跑 lint。", "Rule"),
    ("不要再在周五部署了。", "Constraint"),
    ("記住，staging 叢集叫 nimbus-stg。", "Remember"),
    ("架構上把 session 改存到 Redis。", "Architecture"),
])
def test_categories_per_language(text: str, kind: str) -> None:
    cand = one(text)
    assert cand.kind == kind
    assert cand.confidence >= 0.85
    assert cand.first_line == cand.last_line == 1
    assert cand.excerpt and len(cand.excerpt) <= 200


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


@pytest.mark.parametrize("text", [
    "Should we use Postgres for the bookings store?",
    "What if we decided to move everything to Kubernetes?",
    "If we decided to drop IE11, what breaks?",
    "I'm not sure yet whether we should always squash merges.",
    "Yeah right, we totally decided to rewrite it in Haskell. /s",
    'Dana said "we decided to drop GraphQL" in the meeting.',
    "> we decided to drop the GraphQL gateway",
    "```\n# from now on all services use REST\n```",
    "`never use the default queue`",
    "2026-10-08 09:12:01 ERROR config: never use the default queue in prod",
    "Back when we decided on Celery we had no scheduled jobs.",
    "ควรใช้ Postgres ไหม",
    "ถ้าเราตัดสินใจเพิ่ม worker จะมีปัญหาไหม",
    "ยังไม่แน่ใจ ขอคิดดูก่อน",
    "ผมว่าเปลี่ยนไปใช้ Rust ดีไหม ล้อเล่นนะ 555",
    "要不要用 Postgres？",
    "如果我们决定迁到 Kubernetes，会怎样？",
    "还没想好，周末再说。",
    "老王说“以后所有服务都用 Helm”。",
    "当初决定用 Celery 的时候还没有定时任务。",
])
def test_hard_negatives(text: str) -> None:
    assert extract(("user", text)) == []


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


def test_tool_meta_sidechain_and_summaries_are_ignored() -> None:
    recs = session(("tool_result", "# We decided to use Celery. Never call tasks synchronously."),
                   ("user", "We decided to use Celery."),
                   ("user", "Never push to main."),
                   ("summary", "The user decided to use Kafka."),
                   flags={1: frozenset({Flag.META}), 2: frozenset({Flag.SIDECHAIN}),
                          3: frozenset({Flag.COMPACTION})})
    assert RuleExtractor().extract(recs) == []


def test_procedure_is_one_item() -> None:
    found = extract(("user", "The steps to release are: bump the version, run make changelog, "
                             "then tag the commit and push the tag."))
    assert [c.kind for c in found] == ["Procedure"]


def test_scales_linearly_with_session_length() -> None:
    """A long session is handled in one pass (no per-turn rescans of the whole session)."""
    turns = []
    for i in range(400):
        turns += [("user", f"Can you check build {i}?"), ("assistant", f"Build {i} passed in {i}s."),
                  ("user", f"From now on, tag build {i} as stable.")]
    found = extract(*turns)
    assert len(found) == 400


# --- coding-session talk: tasks, opinions, bug reports and pastes are not memory ---------------
# Phrasings written for these tests, in the style of real coding sessions (not copied from the
# labelled real transcripts, which are scored by scripts/eval_extraction.py --set real).

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


@pytest.mark.parametrize("text", [
    "+ 12 - **Caching**: we no longer cache tokens\n   wrapped text of the same changelog line     \n"
    "+ 13 - from now on responses are gzipped\n\nlooks fine",
    "diff --git a/log.py b/log.py\n@@ -1,2 +1,2 @@\n-never use print\n+always use the logger\n",
    "+never call the API from the UI thread\n-always call the API from the UI thread",
    "Error: must not be null\n    at parse (/src/a.ts:3:9)\n    at main (/src/b.ts:1:1)",
    "➜  app git:(main) ✗ make deploy\nnever deploy from a dirty tree (make: *** [deploy] Error 1)          ",
])
def test_pasted_diffs_traces_and_terminal_copies_are_not_statements(text: str) -> None:
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


@pytest.mark.parametrize(("text", "kind"), [
    ("ต่อไปทุก PR ต้องมีคนรีวิวอย่างน้อยหนึ่งคน", "Rule"),           # อย่างน้อย (at least) is not อย่า (don't)
    ("ห้าม deploy หลังหกโมงเย็น เพราะไม่มีใครอยู่ดูระบบ", "Constraint"),  # ไม่มีใคร (nobody) is not a question
    ("Never run migrations by hand again.", "Constraint"),
])
def test_thai_words_that_look_like_cues(text: str, kind: str) -> None:
    assert one(text).kind == kind


# --- speed: the literal prefilter never changes an answer -----------------------------------------

def _cues() -> list[tuple[str, object]]:
    from jobs.microsync.rules import lexicon
    from jobs.microsync.rules.cues import Cue
    return [(n, c) for n, c in vars(lexicon).items() if isinstance(c, Cue)]


_FRAGMENTS = sorted({a for _, c in _cues() for a in c.anchors}) + [
    "we", "the", "Redis", "ok", "  ", ", ", ". ", "? ", "\n", "2", "option", "İ", "ครับ", "了", "`x`", "“q”",
    "I ", "don't ",
]


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_FRAGMENTS) | st.text(max_size=4), max_size=12))
def test_prefiltered_cues_agree_with_their_plain_regex(parts: list[str]) -> None:
    text = "".join(parts)
    for name, cue in _cues():
        fast, plain = cue.search(text), cue.rx.search(text)
        assert (fast and fast.span()) == (plain and plain.span()), (name, text)
        fast_m, plain_m = cue.match(text), cue.rx.match(text)
        assert (fast_m and fast_m.span()) == (plain_m and plain_m.span()), (name, text)


def test_trie_regex_finds_any_word() -> None:
    from jobs.microsync.rules.cues import trie_regex
    rx = trie_regex(["go with", "go", "jamais", "จำไว้", "记住"])
    assert [bool(rx.search(t)) for t in ("let's go", "จำไว้นะ", "请记住", "nothing here")] == [True, True, True, False]


def test_chatter_without_cues_gives_nothing() -> None:
    """Status chatter and long explanations are no memory, however many turns of them there are.
    (This test used to time chatter against cue turns; since the cue-less mechanisms (facts, structure,
    settled choices) read every user turn, the literal prefilter no longer decides alone, and speed is
    measured where the standards say it belongs: scripts/bench_microsync.py, docs/benchmarks.md.)"""
    reply = ("assistant", "Here is a longer explanation of what the code does. " * 8)
    chatter = [t for i in range(500) for t in (("user", f"the build for module {i} passed on my machine"), reply)]
    assert extract(*chatter) == []


# --- phrase classes found with the dev2 set, tested on sentences that are not in it ---------------

_Q_PICK = ("user", "should the cache be redis or memcached?")
_A_PICK = ("assistant", "Redis gives you persistence and pub/sub; memcached is simpler.")


@pytest.mark.parametrize(("turns", "kinds"), [
    # A terse pick among alternatives offered just before is a decision for the one named.
    ((_Q_PICK, _A_PICK, ("user", "redis then")), ["Decision|Architecture"]),
    ((("user", "mysql vs postgres for the reporting db?"), ("assistant", "Postgres has better window functions."),
      ("user", "alright, postgres")), ["Decision|Architecture"]),
    ((("user", "ใช้ Vue หรือ React ดีครับ"), ("assistant", "React มี ecosystem ใหญ่กว่าครับ"),
      ("user", "โอเค React ครับ")), ["Decision|Architecture"]),
    ((("user", "日志用 ELK 还是 Loki？"), ("assistant", "Loki 更轻量。"), ("user", "行，Loki")),
     ["Decision|Architecture"]),
    # ... but thanks, or a follow-up question, picks nothing.
    ((("user", "tabs or spaces for yaml?"), ("assistant", "Spaces; YAML forbids tabs."), ("user", "ok thanks")), []),
    ((("user", "Which region, Tokyo or Singapore?"), ("assistant", "Singapore is closer to your users."),
      ("user", "ok, and what about latency to Bangkok?")), []),
    # Options referred to by ordinal words.
    ((("assistant", "Two approaches:\n1. Cron job at midnight\n2. Event-driven on each write\nWhich do you prefer?"),
      ("user", "the first one")), ["Decision|Architecture"]),
    ((("assistant", "方案：\n1. 用 cron 定时跑\n2. 每次写入触发\n你选哪个？"), ("user", "第一个")),
     ["Decision|Architecture"]),
    ((("assistant", "มีสองแบบครับ\n1. cron ตอนเที่ยงคืน\n2. trigger ทุกครั้งที่เขียน\nเลือกแบบไหนครับ"), ("user", "แบบแรกครับ")),
     ["Decision|Architecture"]),
    # Negative and indirect choices.
    ((("user", "let's not add a second message broker, one is enough."),), ["Decision|Architecture"]),
    ((("user", "we won't use feature branches anymore, trunk-based only."),), ["Decision|Rule|Constraint"]),
    ((("user", "I'd rather we keep the monolith for another year."),), ["Decision|Architecture"]),
    ((("user", "I'd rather you didn't use emojis in replies."),), ["Remember|Constraint|Rule"]),
    ((("user", "please avoid global state in the new modules"),), ["Constraint|Rule"]),
    ((("user", "ใช้ MySQL ต่อไปก่อนครับ ยังไม่ย้าย"),), ["Decision|Architecture"]),   # ต่อไป after a word: keep on
    ((("user", "ต่อไป commit message ต้องเป็นภาษาอังกฤษ"),), ["Rule"]),
    ((("user", "確定改用 pnpm 了。"),), ["Decision|Rule"]),
    ((("user", "微服务就不做了，先把单体理清楚。"),), ["Decision|Architecture"]),
    # A list of rules under a rules header: one rule per bullet; a list of questions or tasks: none.
    ((("user", "house rules:\n- no secrets in code\n- tests for every bug fix\n- squash on merge"),),
     ["Rule|Constraint"] * 3),
    ((("user", "ข้อตกลงของทีม\n- review ภายใน 24 ชั่วโมง\n- ห้าม merge เองโดยไม่มีคน approve"),), ["Rule|Constraint"] * 2),
    ((("user", "团队约定：\n- 代码评审 24 小时内完成\n- 不许自己合并自己的 PR"),), ["Rule|Constraint"] * 2),
    ((("user", "questions for tomorrow:\n- do we need redis?\n- who owns billing?"),), []),
    ((("user", "ลองดูทางเลือกต่อไปนี้\n- ใช้ Redis\n- ใช้ Memcached"),), []),        # ต่อไปนี้ = the following
    ((("user", "以后的计划：\n- 做搜索\n- 做导出"),), []),
    # Note-taking verbs.
    ((("user", "note to self: the VPN drops every night at 2am"),), ["Remember"]),
    ((("user", "记下来：生产库的只读账号是 report_ro"),), ["Remember"]),
    ((("user", "จดไว้ด้วยนะ: เครื่อง build อยู่ที่ office ชั้น 3"),), ["Remember"]),
    # Taken back in the same turn.
    ((("user", "use black for formatting... actually no, ruff does it. scratch that."),), []),
    ((("user", "以后都用 pnpm 吧……算了，当我没说"),), []),
    ((("user", "never mind"),), []),
    # Procedure headers without the words "steps" or "procedure".
    ((("user", "this is how we rotate the keys:\n1. generate a new key in KMS\n2. update the secret\n3. restart"),),
     ["Procedure"]),
    ((("user", "上线步骤记一下：\n1. 打包\n2. 推镜像\n3. 重启服务"),), ["Procedure"]),
    # Questions without a question word the old rules knew, and tasks phrased as wants.
    ((("user", "部署流程是什么？"),), []),
    ((("user", "换成 pnpm 怎么样？"),), []),
    ((("user", "I want to check the logs first"),), []),
    ((("user", "Yes it is"),), []),
])
def test_phrase_classes_beyond_the_development_sentences(turns: tuple[tuple[str, str], ...], kinds: list[str]) -> None:
    found = extract(*turns)
    assert len(found) == len(kinds), [(c.kind, c.title) for c in found]
    for cand, allowed in zip(found, kinds, strict=True):
        assert cand.kind in allowed.split("|"), (cand.kind, cand.title)


def test_a_terse_pick_names_the_choice_and_spans_the_question() -> None:
    found = extract(_Q_PICK, _A_PICK, ("user", "ok fine, redis"))
    assert len(found) == 1
    assert found[0].title.startswith("Redis — ") and "memcached" in found[0].title
    assert (found[0].first_line, found[0].last_line) == (1, 3)


def test_a_terse_pick_overrides_the_recommendation() -> None:
    """The assistant recommended one alternative; the user named the other: the user's pick is kept."""
    found = extract(("user", "nats or kafka?"), ("assistant", "I'd recommend NATS, it is lighter to run."),
                    ("user", "ok, kafka"))
    assert [c.title.split(" — ")[0] for c in found] == ["Kafka"]


@pytest.mark.parametrize("text", [
    "heads up: the build is broken on main",           # an incident announced, not a fact to keep
    "the bug is fixed at commit abc123",               # "fixed at" without a value to hold
    "ปัญหามีอย่างเดียวคือ disk เต็ม",                    # อย่างเดียว (only one) without "use X"
    "这个脚本只用一次",                                   # 只用 (only once), not "only use X"
    "我把代码搬到 utils 里了",                            # a move done, not decided
    "for the record, I never liked that library",      # "I never": the speaker's history
    "那就不用了",                                        # declining an offer
    "avoid the cache for this one request",            # scoped to the task at hand
])
def test_new_cues_keep_their_hard_negatives(text: str) -> None:
    assert extract(("assistant", "要我帮你跑测试吗？"), ("user", text)) == []


# --- traditional Chinese: cues are matched against the text folded to simplified -----------------

@pytest.mark.parametrize(("text", "kind", "original"), [
    ("記得，部署前要先跑遷移。", "Remember", "記得"),                 # 记得 + comma: only simplified was listed
    ("我們決定把訂單數據庫拆出來。", "Architecture", "訂單數據庫"),     # 数据库 written 數據庫
    ("以後統一用 UTC 時間。", "Rule", "統一用 UTC 時間"),
    ("這個專案別用 moment.js 了。", "Constraint", "這個專案"),
    ("從現在開始，所有 API 都要有版本號。", "Rule", "從現在開始"),
    ("API 網關改用 Envoy。", "Architecture", "網關"),                 # 网关 written 網關
])
def test_traditional_writing_matches_simplified_cues(text: str, kind: str, original: str) -> None:
    cand = one(text)
    assert cand.kind == kind
    # Titles and excerpts show the characters the user typed, not the folded ones.
    assert original in cand.excerpt and cand.excerpt in text


@pytest.mark.parametrize("text", [
    "記得嗎？上次部署失敗了。",            # a question ("do you remember?")
    "如果以後改用 Kafka 呢？",            # hypothetical and a question
    "他說以後都不要用 ORM。",              # someone else's words
    "我覺得應該改用 pnpm。",              # an opinion
])
def test_traditional_writing_keeps_the_negatives(text: str) -> None:
    assert extract(("user", text)) == []


def test_traditional_acceptance_adopts_the_proposal() -> None:
    offer = ("assistant", "建議：\n1. 用 Redis 做快取\n2. 用 Memcached\n你選哪個？")
    found = extract(offer, ("user", "好，就用第一個"))
    assert len(found) == 1 and "Redis" in found[0].conclusion and found[0].excerpt == "好，就用第一個"


# --- phrase classes found with the dev3 set, tested on sentences that are not in it ---------------

_Q_DB = ("assistant", "Where should the audit log go: a Postgres table, or append-only files in S3?")
_Q_DB_TH = ("assistant", "จะเก็บ audit log ใน Postgres หรือเป็นไฟล์ใน S3 ดีครับ")
_Q_DB_ZH = ("assistant", "審計日誌要放 Postgres 還是 S3 的檔案？")


@pytest.mark.parametrize(("turns", "kinds"), [
    # A short reply naming one offered alternative is a pick, with or without "ok", reason after it.
    ((_Q_DB, ("user", "postgres.")), ["Decision|Architecture"]),
    ((_Q_DB, ("user", "postgres, we need joins on it")), ["Decision|Architecture"]),
    ((_Q_DB_TH, ("user", "Postgres ครับ ต้อง join ได้")), ["Decision|Architecture"]),
    ((_Q_DB_ZH, ("user", "Postgres，要能 join")), ["Decision|Architecture"]),
    # ... but not a question back, nor a pick among things to buy or book.
    ((_Q_DB, ("user", "postgres?")), []),
    ((("assistant", "Two trains: the 08:10 for $40, or the 12:30 for $25."), ("user", "the 12:30")), []),
    ((("assistant", "มีรอบ 09:00 ราคา 1,200 บาท หรือรอบ 14:00 ราคา 900 บาท"), ("user", "รอบ 14:00 ครับ")), []),
    ((("assistant", "酒店有兩家：A 每晚 ¥600，或 B 每晚 ¥450"), ("user", "B 吧")), []),
    # An acceptance said again in the user's own words: one item, spanning the proposal.
    ((("assistant", "I'd suggest running the migrations in a separate deploy step."),
      ("user", "agreed. from now on migrations always run as their own deploy step")), ["Rule"]),
    ((("assistant", "建议每次发版前先跑 smoke test。"), ("user", "同意。以后每次发版前都要先跑 smoke test")), ["Rule"]),
    # A verb of deciding before a rule cue: the sentence is the decision.
    ((("user", "we decided to retire the php admin and from now on all admin work happens in the new panel"),),
     ["Decision|Architecture"]),
    ((("user", "开会最后决定新的服务一律用 Go 写"),), ["Decision|Architecture"]),
    ((("user", "ทีมตัดสินใจแล้วว่าบริการใหม่ต้องเขียนด้วย Go ทุกครั้ง"),), ["Decision|Architecture"]),
    # Rules that were, not rules that are.
    ((("user", "the previous policy was never to store raw card numbers, PCI handled it"),), []),
    ((("user", "นโยบายเดิมคือห้ามใช้ VPN ส่วนตัว แต่ยกเลิกไปแล้ว"),), []),
    ((("user", "以前的规定是周五不能上线，后来取消了"),), []),
    # Things noted for later.
    ((("user", "todo: always pin the base image digest"),), []),
    ((("user", "待办：以后日志统一用 JSON 格式"),), []),
    # Someone else's ongoing opinion.
    ((("user", "Mei keeps saying we should always squash merge"),), []),
    ((("user", "the infra team is insisting that we never use spot instances"),), []),
    # Idioms and scopes that are not prohibitions.
    ((("user", "never mind the flaky test on CI"),), []),
    ((("user", "don't merge it yet"),), []),
    # Laughter does not make a statement ironic; irony markers still do.
    ((("user", "from now on no deploys after 6pm lol, I learned that the hard way"),), ["Rule|Constraint"]),
    ((("user", "ต่อไปห้าม deploy หลังหกโมงเย็น 555 เข็ดแล้ว"),), ["Rule|Constraint"]),
    ((("user", "sure, let's just never write tests again 🙃"),), []),
    # Words that contain a cue's letters, and nouns that are not limits.
    ((("user", "ช่วยจองตั๋วเครื่องบินไปภูเก็ตให้หน่อย"),), []),
    ((("user", "put the receipts in the budget spreadsheet"),), []),
    ((("user", "the monthly budget is 2000 USD, never go over it"),), ["Constraint|Rule"]),
    # Procedures announced as steps to follow.
    ((("user", "when you cut a release, follow these steps:\n1. bump the version\n2. tag it\n3. push the tag"),),
     ["Procedure"]),
    ((("user", "ต่อไปออก release ให้ทำตามขั้นตอนนี้\n1. อัปเดต version\n2. สร้าง tag\n3. push"),), ["Procedure"]),
    ((("user", "以后发版按以下步骤：\n1. 改版本号\n2. 打 tag\n3. 推送"),), ["Procedure"]),
    # Chat spellings.
    ((("user", "rmbr the prod db is read-only on weekends"),), ["Remember"]),
    ((("user", "frm now on tag every release"),), ["Rule"]),
])
def test_phrase_classes_beyond_the_dev3_sentences(turns: tuple[tuple[str, str], ...], kinds: list[str]) -> None:
    found = extract(*turns)
    assert len(found) == len(kinds), [(c.kind, c.title) for c in found]
    for cand, allowed in zip(found, kinds, strict=True):
        assert cand.kind in allowed.split("|"), (cand.kind, cand.title)


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


@pytest.mark.parametrize("text", [
    "Leaning towards switching the docs site to Astro.",
    "We'll use Teams for the interview.",
    "ว่าจะเปลี่ยนไปใช้ Bun อยู่เหมือนกัน",
    "我倾向于把前端换成 Svelte。",
    "打算试试换成 Bun。",
])
def test_a_choice_leaned_towards_is_not_settled(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize(("asked", "reply"), [
    ("I can move the cron job into the worker. Want me to do that?", "yes please go with that"),
    ("ผมย้าย cron ไปไว้ใน worker ให้เลยไหมครับ", "ได้ครับ จัดไปเลย"),
])
def test_approving_an_offered_task_is_no_decision(asked: str, reply: str) -> None:
    assert extract(("assistant", asked), ("user", reply)) == []


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
