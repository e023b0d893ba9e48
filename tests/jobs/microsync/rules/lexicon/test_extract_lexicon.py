"""The rule extractor's lexicons: the cue phrases of each language, with their hard negatives, read
through whole extractions."""
from __future__ import annotations

import pytest

from tests.extract_helpers import A_PICK, Q_PICK, extract, one


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


@pytest.mark.parametrize(("text", "kind"), [
    ("ต่อไปทุก PR ต้องมีคนรีวิวอย่างน้อยหนึ่งคน", "Rule"),           # อย่างน้อย (at least) is not อย่า (don't)
    ("ห้าม deploy หลังหกโมงเย็น เพราะไม่มีใครอยู่ดูระบบ", "Constraint"),  # ไม่มีใคร (nobody) is not a question
    ("Never run migrations by hand again.", "Constraint"),
])
def test_thai_words_that_look_like_cues(text: str, kind: str) -> None:
    assert one(text).kind == kind


# --- speed: the literal prefilter never changes an answer -----------------------------------------


@pytest.mark.parametrize(("turns", "kinds"), [
    # A terse pick among alternatives offered just before is a decision for the one named.
    ((Q_PICK, A_PICK, ("user", "redis then")), ["Decision|Architecture"]),
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
