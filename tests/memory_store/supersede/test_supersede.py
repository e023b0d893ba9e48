"""The supersession detector (memory_store/supersede) and microSync's use of it
(jobs/microsync/supersedes.py): reversal, relaxation and refinement give `supersedes`, a possible
conflict is only reported, and entries that merely share words are left alone."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from jobs.microsync.supersedes import link_entries
from memory_store.errors import EntryError
from memory_store.supersede.detect import Statement, detect
from memory_store.supersede.lexicon import CUE_DIR, LANGUAGES, load_lexicon, parse_lexicon
from memory_store.supersede.numerals import spelled_numbers
from memory_store.supersede.subject import normalise
from tests.conftest import REPO
from tests.jobs.weekly.test_weekly_support import entry, write_entries


def s(kind: str, day: str, title: str, text: str = "", ident: str = "") -> Statement:
    return Statement(ident or f"{kind}-{day}-{title[:12]}", kind, day, title, text)


def test_every_language_has_its_own_lexicon_file_and_a_bad_line_names_itself(tmp_path: Path) -> None:
    for lang in LANGUAGES:
        sections = parse_lexicon((CUE_DIR / f"{lang}.txt").read_text(encoding="utf-8"), lang, lang)
        assert all(sections[k] for k in ("reversal", "relaxation", "refinement", "continuation", "stop")), lang
    with pytest.raises(EntryError) as bad:
        parse_lexicon("[reversal]\ninstead of\n(unclosed\n", "en", "x.txt")
    assert bad.value.line == 3
    with pytest.raises(EntryError):
        parse_lexicon("[reversals]\nx\n", "en", "x.txt")
    assert load_lexicon().find("reversal", "we no longer use redis") == "no longer"


@pytest.mark.parametrize("old,new,outcome", [
    # English: the demo's change of plan, cue in the middle, old title not repeated
    ("Put availability in Redis with a 30s TTL and bust the key whenever a booking is written",
     "Change of plan: we'll serve availability from a Postgres materialized view instead of the Redis cache",
     "reversal"),
    # a time marker and no stock cue: an update of the same subject
    ("Use Stripe for deposits", "Deposits go through Adyen from April, Stripe's fees were killing us", "refinement"),
    ("Nothing ships during release week|release week is a code freeze on main",
     "Hotfixes may ship during the freeze with two reviewers", "relaxation"),
    # Thai, Chinese (simplified and traditional against each other)
    ("ใช้ Jenkins สำหรับ CI pipeline", "เลิกใช้ Jenkins สำหรับ CI pipeline แล้วย้ายไป GitHub Actions", "reversal"),
    ("ห้าม push ขึ้น main ตรงๆ ต้องเปิด PR เสมอ", "แก้ typo ใน README push เข้า main ตรงได้ ไม่ต้องเปิด PR", "relaxation"),
    ("訂單服務用 MongoDB 存儲", "订单服务改用 PostgreSQL 存储", "reversal"),
    ("汇率每天早上 8 点从央行接口拉一次", "汇率改成每小时从央行接口同步一次，大促期间波动太大", "reversal"),
    # verbs of turning to something else, a change of value with its object inside, a release as
    # the time marker: a change, not a bare other tool or value
    ("日志存在自建 Elasticsearch", "日志统一切到阿里云 SLS，自建集群太难维护", "reversal"),
    ("error tracking ใช้ Sentry", "error tracking หันมาใช้ Rollbar ครับ ถูกกว่าเยอะ", "reversal"),
    ("batch size 32, lr 3e-5", "ลด lr ลงเหลือ 1e-5 loss แกว่งมาก", "refinement"),
    ("Product analytics in Mixpanel", "events go to self-hosted PostHog from 4.1 on", "refinement"),
])
def test_a_change_supersedes_the_entry_it_is_about(old: str, new: str, outcome: str) -> None:
    title, _, body = old.partition("|")
    target = s("Decision", "2026-03-01", title, body, "OLD")
    others = [s("Decision", "2026-03-01", "Use Grafana for dashboards", ident="G"),
              s("Rule", "2026-03-02", "Every PR needs one approving review", ident="R")]
    found = detect(s("Decision", "2026-03-09", new, ident="NEW"), [*others, target])
    assert (found.outcome, found.target) == (outcome, "OLD")
    assert found.supersedes and found.reason.startswith({"reversal": "reversed", "relaxation": "relaxed",
                                                         "refinement": "refined"}[outcome])


@pytest.mark.parametrize("old,new", [
    # a cue word, but another subject
    ("Use MySQL for the bookings store", "Write the changelog by hand instead of generating it"),
    # one common word in common ("API") is not a subject
    ("Pull all of it into its own package, `nimbus_payments`, that the API imports",
     "Every timestamp the API returns is UTC, ISO-8601 with a trailing Z, going forward"),
    # same words, still true: a continuation, not a change
    ("Keep slot availability in Redis with a 30s TTL",
     "Redis is still used for rate limiting the login endpoint, keep the 30s window there"),
    ("ใช้ Firebase Firestore เป็นฐานข้อมูลหลัก", "เก็บรูปเมนูไว้ที่ Firebase Storage ต่อไป ไม่ต้องย้าย"),
    # a cue read inside another word or sense: 太太 (wife) is not 太 (too); ปิดอยู่แล้ว is "closed
    # anyway"; 先 … 再 is how a procedure is written, not a change of it
    ("工作签证 2027 年 3 月到期，提前三个月找行政更新", "太太的在留卡 2027 年 3 月也到期，她自己去入管局辦"),
    ("ร้านเปิด 8 โมง ปิด 5 โมงเย็น ทุกวัน ยกเว้นวันจันทร์", "วันจันทร์ร้านปิดอยู่แล้ว ใช้เป็นวันเข้าไปซื้อของที่แม็คโคร"),
    ("新節點上線：燒錄 → 校正溫濕度 → 序號登記到 Google 試算表", "新節點：先燒錄，再校溫溼度，最後把序號填進試算表"),
])
def test_entries_that_only_share_words_are_not_superseded(old: str, new: str) -> None:
    found = detect(s("Decision", "2026-03-09", new), [s("Decision", "2026-03-01", old, ident="OLD")])
    assert not found.supersedes, found


@pytest.mark.parametrize("old,new", [
    # the new statement names another tool, or the role noun, of the slot the old one filled
    ("Use Celery for jobs", "moving the job queue to Temporal, retries were a mess"),
    ("Use Datadog for metrics and APM", "Grafana Cloud from now on, the contract ends in October"),
    ("ใช้ GPT-4o-mini เป็น model หลักของบอท", "เปลี่ยนเป็น Typhoon 2 รันเองบน GPU ของเรานะ"),
    ("ส่งของด้วย Kerry Express", "ตั้งแต่เดือนหน้า พัสดุทั้งหมดไป Flash นะ"),
    ("系統部署在公司機房的一台實體伺服器", "搬上 AWS 香港區，年底退役"),
    ("用全参数微调", "显存不够，改用 LoRA，rank 64"),
])
def test_a_change_of_tool_in_the_same_role_supersedes_without_a_shared_word(old: str, new: str) -> None:
    others = [s("Decision", "2026-03-01", "Every PR needs one approving review", ident="R"),
              s("Decision", "2026-03-01", "Reports are due by 7am", ident="D")]
    target = s("Decision", "2026-03-01", old, ident="OLD")
    found = detect(s("Decision", "2026-03-09", new, ident="NEW"), [*others, target])
    assert found.supersedes and found.target == "OLD", found


@pytest.mark.parametrize("old,new", [
    # a rule that names a tool, and a note on another side of that tool: the role says nothing the
    # tool word does not
    ("Nobody edits the production BigQuery tables by hand", "BigQuery slots switch to flex billing"),
    ("Never run Terraform apply from a laptop", "Terraform modules move to a separate repo, versioned with git tags"),
    # two different roles
    ("Payments must go through Stripe", "moving the job queue to Temporal"),
])
def test_a_shared_role_named_by_the_same_tool_is_not_a_subject(old: str, new: str) -> None:
    found = detect(s("Decision", "2026-03-09", new), [s("Rule", "2026-03-01", old, ident="OLD"),
                                                      s("Decision", "2026-03-01", "Use Grafana for dashboards")])
    assert not found.supersedes, found


def test_role_files_name_their_bad_line() -> None:
    from memory_store.supersede.lexicon import ROLE_DIR, parse_roles
    for lang in LANGUAGES:
        assert parse_roles((ROLE_DIR / f"{lang}.txt").read_text(encoding="utf-8"), lang), lang
    with pytest.raises(EntryError) as bad:
        parse_roles("[queue]\ncelery\n(unclosed\n", "x.txt")
    assert bad.value.line == 3
    with pytest.raises(EntryError):
        parse_roles("celery\n", "x.txt")


def test_same_subject_different_content_and_no_cue_is_a_possible_conflict() -> None:
    old = s("Decision", "2026-03-01", "Use Redis for the session cache", "Sessions are cached in Redis.", "OLD")
    new = s("Decision", "2026-03-05", "Use Memcached for the session cache", "Sessions are cached in Memcached.")
    assert (detect(new, [old]).outcome, detect(new, [old]).target) == ("conflict", "OLD")
    later = s("Decision", "2026-02-01", "Use Memcached for the session cache")
    assert detect(later, [old]).outcome == "none"  # an entry dated before it cannot be its target


@pytest.mark.parametrize("old,new", [
    # the same quantity, another value, no word saying it changed
    ("Nightly backups are kept for 14 days", "backups are kept 30 days"),
    ("Image uploads capped at 5MB", "uploads up to 8MB per image"),
    ("ค่าเช่าโกดังไม่เกินเดือนละ 9,000 บาท", "ค่าเช่าโกดังเดือนละ 12,000"),
    ("每次发布最多改 3 个服务", "一次发布可改 5 个服务以内"),
    # ... in other units, in words, per period, as an hour of the day
    ("提审前先在 TestFlight 给 5 个朋友测一周", "TestFlight 测三天就提审"),
    ("Release candidates soak on staging for two weeks", "release candidates soak on staging 10 days"),
    ("Keep streaming subscriptions under $60 a month", "streaming subscriptions under $45/mo"),
    ("训练 GPU 按量计费，每天不超过 300 美元", "训练 GPU 每天最多花 500 刀"),
    ("ค่า API ต่อเดือนไม่เกิน 8,000 บาท", "budget ค่า API เดือนละ 15k"),
    ("韌體更新只在晚上 10 點後推送", "韌體推送時間：凌晨 1 點以後"),
    ("refresh dashboard วันละครั้ง ตอน 7 โมงเช้า", "dashboard refresh ทุกชั่วโมง"),
    # the same role, filled by another tool
    ("Errors are reported to Sentry", "errors go to Rollbar"),
    ("ใช้ GitLab CI รัน test ทุก merge request", "test ทุก merge request รันบน GitHub Actions"),
])
def test_a_different_value_or_tool_without_a_cue_is_a_possible_conflict(old: str, new: str) -> None:
    others = [s("Decision", "2026-03-01", "Every PR needs one approving review", ident="R")]
    target = s("Decision", "2026-03-01", old, ident="OLD")
    found = detect(s("Decision", "2026-03-09", new, ident="NEW"), [*others, target])
    assert (found.outcome, found.target) == ("conflict", "OLD"), found


@pytest.mark.parametrize("old,new", [
    # a restatement with the same value
    ("Nightly backups are kept for 14 days", "backups: 14 days, as agreed"),
    # numbers said about something else
    ("Abstract max 250 words", "Poster printed at 90 cm wide"),
    # the same tool named on another side of it, a shared word only
    ("Use RabbitMQ as the message queue between the order service and the billing service, durable "
     "queues, one consumer group per service", "Kafka topics are split by business domain for analytics"),
    # a close match in other words, no other value or tool: a restatement, or a neighbour written
    # from one template
    ("Hotfix: branch from the release tag, PR into release/*, cherry-pick back to main",
     "for hotfixes: cut the branch off the release tag, open the PR against release/x.y, then cherry pick "
     "into main afterwards"),
    ("Every month we rotate the service keys and log it in the runbook",
     "Every month we back up the service database and log it in the runbook"),
])
def test_a_restatement_or_another_subject_raises_no_conflict(old: str, new: str) -> None:
    found = detect(s("Decision", "2026-03-09", new), [s("Decision", "2026-03-01", old, ident="OLD")])
    assert found.outcome not in ("conflict", "reversal", "relaxation", "refinement"), found


@pytest.mark.parametrize("old,new", [
    ("แม่นัดหมอตาที่รพ.ศิริราชทุก 3 เดือน คราวหน้า 12 ส.ค.", "พ่อนัดหมอฟันคลินิกแถวบ้านทุก 6 เดือน คราวหน้า 20 ส.ค."),
    ("大廈 B 座的升降機保養商是奧的斯，合約到 2027 年 3 月", "A 座的水泵保養商是新昌，合約到 2026 年底"),
    ("門市代碼 9 開頭的是加盟店，不算直營營收", "門市代碼 8 開頭的是快閃店，營收要單獨列"),
    ("Mom's eye check at the clinic every 3 months", "Dad's eye check at the clinic every 6 months"),
])
def test_another_member_of_one_template_is_another_subject(old: str, new: str) -> None:
    """Another family member, building or store code: two things written alike, not one thing given
    another value (and no cue makes one replace the other)."""
    found = detect(s("Remember", "2026-03-09", new), [s("Remember", "2026-03-01", old, ident="OLD")])
    assert found.outcome == "none", found
    same_member = detect(s("Remember", "2026-03-09", "Mom's eye check moved to every 4 months now"),
                         [s("Remember", "2026-03-01", "Mom's eye check at the clinic every 3 months", ident="OLD")])
    assert same_member.supersedes and same_member.target == "OLD"


@pytest.mark.parametrize("old,new", [
    ("ห้อง Superior ราคา 2,500 บาทต่อคืน ช่วง high season", "ห้อง Deluxe ราคา 3,200 บาทต่อคืน ช่วง high season"),
    ("ตะกร้า pick หนึ่งใบน้ำหนักไม่เกิน 15 กก.", "รถเข็น pick บรรทุกได้ไม่เกิน 120 กิโล"),
    ("主軸振動超過 7 mm/s 就發告警給當班組長", "冷卻液溫度超過 35°C 就發告警給當班組長"),
    ("錄音室租在松江路，月租一萬二", "倉庫租在民生東路，月租八千"),
    ("标准间每晚 800 元，含早餐", "家庭房每晚 1200 元，含早餐"),
])
def test_one_template_about_another_thing_is_no_conflict_in_thai_and_chinese(old: str, new: str) -> None:
    """The thing a statement is about, at its head, is another thing (a room type, a cart and a
    basket, two sensors): each has its own value, so nothing warns and the new entry reaches
    MEMORY.md (the English form: "the billing service … port 8081" beside "the search service …")."""
    found = detect(s("Decision", "2026-03-09", new), [s("Decision", "2026-03-01", old, ident="OLD")])
    assert found.outcome != "conflict", found


@pytest.mark.parametrize("old,new", [
    # the same thing said with another value, its name a little shorter or its head reworded
    ("ห้อง Deluxe ช่วง low season ราคา 2,400 บาท/คืน", "Deluxe low season ห้องละ 2,800 บาท/คืน"),
    ("ค่าโฆษณา Facebook ไม่เกินวันละ 300 บาท", "งบโฆษณา Facebook วันละไม่เกิน 500 บาท"),
    ("每月 5 号发工资", "每月 10 号发工资"),
    ("主軸振動超過 7 mm/s 就發告警給當班組長", "主軸振動超過 4.5 mm/s 就發告警給當班組長"),
    # a tool at the head is what was chosen
    ("Stripe 处理银行卡支付", "Adyen 处理银行卡支付"),
])
def test_the_same_thing_given_another_value_still_warns_in_thai_and_chinese(old: str, new: str) -> None:
    found = detect(s("Decision", "2026-03-09", new), [s("Decision", "2026-03-01", old, ident="OLD")])
    assert (found.outcome, found.target) == ("conflict", "OLD"), found


@pytest.mark.parametrize("old,new", [
    ("Use Stripe for card payments", "Use PromptPay for QR payments"),
    ("Errors from the backend: use Sentry for backend errors", "Use Bugsnag for mobile app crashes"),
    ("ใช้ Stripe สำหรับจ่ายด้วยบัตร", "ใช้ PromptPay สำหรับจ่ายผ่าน QR"),
    ("用于银行卡支付：Stripe", "用于扫码支付：微信支付"),
    ("信用卡支付使用 Stripe", "二维码支付使用 PromptPay"),
])
def test_two_tools_each_qualified_for_another_part_of_a_role_are_no_conflict(old: str, new: str) -> None:
    """"for X" / สำหรับ X / 用于 X / "X 用 <tool>": another qualifier is another part of the role, served
    beside the first, and the new entry reaches MEMORY.md."""
    found = detect(s("Decision", "2026-03-09", new), [s("Decision", "2026-03-01", old, ident="OLD")])
    assert found.outcome == "none", found


@pytest.mark.parametrize("old,new", [
    ("Use Stripe for card payments", "Use Adyen for card payments"),
    ("ใช้ Stripe สำหรับจ่ายด้วยบัตร", "ใช้ Adyen สำหรับจ่ายด้วยบัตร"),
    ("银行卡支付用 Stripe", "银行卡支付用 Adyen"),
    # a qualifier on one side only is no other part
    ("Use Stripe for card payments", "Payments go through Adyen"),
])
def test_another_tool_for_the_same_qualifier_still_warns(old: str, new: str) -> None:
    found = detect(s("Decision", "2026-03-09", new), [s("Decision", "2026-03-01", old, ident="OLD")])
    assert (found.outcome, found.target) == ("conflict", "OLD"), found


def test_designators_name_the_member() -> None:
    from memory_store.supersede.subject import normalise
    from memory_store.supersede.values import designators
    assert designators(normalise("อย่าลืมนัดแม่")) == {"kin": frozenset({"แม่"})}   # not ย่า inside อย่า
    assert designators(normalise("Building C and my dad")) == {"lettered": frozenset({"c"}),
                                                               "kin": frozenset({"father"})}
    assert designators(normalise("门店代码 12 的报表")) == {"numbered": frozenset({"12"})}
    assert designators(normalise("แม่น้ำ and a house")) == {}


def test_another_tool_is_a_rival_only_to_a_choice_or_a_rule() -> None:
    choice = s("Decision", "2026-03-01", "Errors are reported to Sentry", ident="OLD")
    assert detect(s("Decision", "2026-03-09", "errors go to Rollbar"), [choice]).basis == "role"
    fact = s("Remember", "2026-03-01", "Errors are reported to Sentry, Jana owns the account", ident="OLD")
    assert detect(s("Decision", "2026-03-09", "errors go to Rollbar"), [fact]).outcome != "conflict"


def test_quantities_read_units_and_neighbours_and_skip_identifiers() -> None:
    from memory_store.supersede.subject import normalise
    from memory_store.supersede.values import quantities, values_differ
    assert quantities(normalise("AWS spend cap is 15k a month")) == {"#k": {15000.0}, "/month": {15000.0}}
    assert quantities(normalise("deploy to us-east-1 with gpt-4o and code HELLO10")) == {}
    assert values_differ(quantities("cap 15k"), quantities("under 12k usd"))
    assert not values_differ(quantities("2k eur"), quantities("2000 eur max"))  # shares "eur" and 2000
    assert values_differ(quantities(normalise("單次實驗最多 72 小時")), quantities(normalise("单次实验不超过 48 小时")))


def test_measures_read_time_money_periods_and_hours_in_any_unit() -> None:
    from memory_store.supersede.measures import measures
    from memory_store.supersede.subject import normalise

    def m(text: str) -> dict[str, set[float]]:
        return measures(normalise(text))
    assert m("two weeks") == m("14 days") == m("兩週") == m("สองสัปดาห์") == {"~time": {14.0}}
    assert m("半年") == {"~time": {182.5}} and m("一次实验最多 72 小时") == {"~time": {3.0}}
    assert m("合約到 2027 年 3 月") == {}   # a date is no length of time
    assert m("ทุก 3 เดือน คราวหน้า 12 ส.ค.") == {"~time": {90.0}}   # the number of a period is no amount
    assert m("ค่า API ต่อเดือนไม่เกิน 8,000 บาท") == {"$": {8000.0}, "/month": {8000.0}}
    assert m("Monthly bill under 12k USD") == {"$": {12000.0}, "/month": {12000.0}}
    assert m("ร้านเปิด 8 โมง ปิด 5 โมงเย็น") == {"@clock": {8.0, 17.0}}
    assert m("เปิดถึงทุ่มนึง") == {"@clock": {19.0}} and m("calls before 2pm") == {"@clock": {14.0}}
    assert m("refresh วันละครั้ง ตอน 7 โมงเช้า") == {"@clock": {7.0}, "~every": {1.0}}   # an hour is no amount
    # how often, in a clause that counts nothing else
    assert m("dashboard refresh ทุกชั่วโมง") == m("hourly refresh") == m("每小时同步一次") == {"~every": {0.0417}}
    assert m("we deploy twice a week") == {"~every": {3.5}} and m("every other week") == {"~every": {14.0}}
    assert m("ทุกวันจันทร์") == {}   # a weekday, not "every day"


def test_a_relaxation_cue_with_no_rule_to_loosen_is_no_relaxation() -> None:
    """不用 (no need to) loosens a rule; beside a fact it says nothing about the fact."""
    rule = s("Rule", "2026-03-01", "管理費收據必須由會計陳小姐覆核後才發出", ident="RULE")
    loosened = detect(s("Rule", "2026-03-09", "五百元以下的收據系統自動發，不用陳小姐逐張看"), [rule])
    assert (loosened.outcome, loosened.target) == ("relaxation", "RULE")
    fact = s("Remember", "2026-03-01", "房租每月 5 号前转给房东王姐", ident="FACT")
    other = detect(s("Remember", "2026-03-09", "王姐说管理费也是每月 5 号前交，但是直接交给管理公司，不用给她"), [fact])
    assert not other.supersedes, other


def test_a_rule_given_another_value_under_a_condition_is_an_exception() -> None:
    rule = s("Rule", "2026-03-01", "Kids' screen time max 1h on school days", ident="OLD")
    found = detect(s("Rule", "2026-03-09", "screen time: +30 min on school days if homework's done before 5"), [rule])
    assert (found.outcome, found.target) == ("relaxation", "OLD")
    bare = detect(s("Rule", "2026-03-09", "screen time: 2h on school days"), [rule])
    assert (bare.outcome, bare.basis) == ("conflict", "value")


def test_a_new_value_for_part_with_the_rest_as_before_is_a_refinement() -> None:
    rule = s("Rule", "2026-03-01", "ร้านเปิด 8 โมง ปิด 5 โมงเย็น ทุกวัน ยกเว้นวันจันทร์", ident="OLD")
    part = detect(s("Rule", "2026-03-09", "high season นี้ เสาร์อาทิตย์ร้านเปิดถึงทุ่มนึงนะ วันธรรมดาเหมือนเดิม"), [rule])
    assert (part.outcome, part.target) == ("refinement", "OLD")
    same = detect(s("Rule", "2026-03-09", "ร้านเปิด 8 โมง ปิด 5 โมงเย็น เหมือนเดิม"), [rule])
    assert same.outcome == "same"


def test_a_loosened_rule_for_a_bounded_stretch_of_time_is_a_relaxation() -> None:
    rule = s("Rule", "2026-03-01", "每天晚上 11 點以後不寫 code", ident="OLD")
    found = detect(s("Rule", "2026-03-09", "上架前那一週晚上可以寫到 12 點"), [rule])
    assert (found.outcome, found.target) == ("relaxation", "OLD")


def test_a_negated_permission_is_not_a_relaxation_cue() -> None:
    from memory_store.supersede.subject import normalise
    lx = load_lexicon()
    for text in ("ส่งของวันเสาร์ไม่ได้ ขนส่งไม่รับ", "ขอส่งงานวันเสาร์ไม่ได้", "周五下午不可以上线", "we can't ship on fridays"):
        assert lx.find("relaxation", normalise(text)) is None, text
    for text in ("ช่วงปีใหม่ส่งของวันเสาร์ได้", "ขอทำงานวันเสาร์ได้", "周五下午紧急修复可以上线", "hotfixes can ship on fridays"):
        assert lx.find("relaxation", normalise(text)) is not None, text


def test_a_limit_given_a_new_value_with_can_is_a_conflict_not_a_relaxation() -> None:
    rule = s("Constraint", "2026-03-01", "Project abstract max 300 words", ident="OLD")
    assert detect(s("Constraint", "2026-03-09", "the abstract can be 400 words"), [rule]).outcome == "conflict"
    found = detect(s("Rule", "2026-03-09", "the project abstract can be 400 words if the editor asks for it"), [rule])
    assert (found.outcome, found.target) == ("relaxation", "OLD")


def test_a_relaxation_loosens_the_rule_not_a_fact_sharing_more_words() -> None:
    rule = s("Rule", "2026-03-01", "Deploy to production only Tuesday to Thursday", ident="RULE")
    fact = s("Remember", "2026-03-02", "Wipa approves every security change request", ident="FACT")
    new = s("Rule", "2026-03-09", "a critical security patch can go out any day: deploy to production, but Wipa "
            "must approve the security change first")
    found = detect(new, [rule, fact])
    assert (found.outcome, found.target) == ("relaxation", "RULE"), found


def test_microsync_links_new_entries_to_the_active_entries_of_the_daily_logs(workspace: Path) -> None:
    """`supersedes` is set on the new entry (weekly applies it); a conflict is only listed; an
    entry already written, or one that already names what it supersedes, is left as it is."""
    redis = entry("Decision", "2026-11-17", "Put availability in Redis with a 30s TTL")
    cache = entry("Decision", "2026-11-17", "Use Redis for the session cache", "Sessions are cached in Redis.")
    gone = entry("Decision", "2026-11-16", "Use MySQL for bookings", status="superseded")
    write_entries(workspace, [redis, cache, gone])
    change = entry("Decision", "2026-11-19", "Change of plan: availability comes from a materialized view, "
                                              "we no longer use Redis for it")
    memcached = entry("Decision", "2026-11-19", "Use Memcached for the session cache",
                      "Sessions are cached in Memcached.")
    pg = entry("Decision", "2026-11-19", "Bookings move to Postgres instead of MySQL")
    out, links = link_entries(workspace, [change, memcached, pg, redis])
    by_id = {e.id: e for e in out}
    assert by_id[change.id].supersedes == redis.id
    assert by_id[memcached.id].supersedes is None and by_id[pg.id].supersedes is None  # MySQL is not active
    assert by_id[redis.id] == redis
    assert [(lk.new, lk.old, lk.outcome) for lk in links] == [
        (change.id, redis.id, "reversal"), (memcached.id, cache.id, "conflict")]
    assert link_entries(workspace, []) == ([], [])


def test_eval_script_prints_totals_and_keeps_heldout_items_unshown() -> None:
    run = subprocess.run([sys.executable, "scripts/eval_conflicts.py", "--split", "dev", "--json"],
                         cwd=REPO, capture_output=True, text=True, check=True)
    result = json.loads(run.stdout)
    pooled = result["pooled"]
    assert set(result["languages"]) == {"en", "th", "zh"} and pooled["positives"] == 47
    # A floor on the development half, so that a change that breaks detection is seen here.
    assert pooled["precision"] >= 0.85 and pooled["recall"] >= 0.85
    # What keeps two contradicting items out of MEMORY.md: caught as a supersede or a warning.
    assert pooled["related"] == 59 and pooled["caught"] >= pooled["correct"]
    refused = subprocess.run([sys.executable, "scripts/eval_conflicts.py", "--split", "heldout12", "--show"],
                             cwd=REPO, capture_output=True, text=True)
    assert refused.returncode == 2 and not refused.stdout and "totals" in refused.stderr
    # heldout2 to heldout11 were blind halves once: development halves now.
    for split in ("heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8", "heldout9",
                  "heldout10", "heldout11"):
        shown = subprocess.run([sys.executable, "scripts/eval_conflicts.py", "--split", split, "--show"],
                               cwd=REPO, capture_output=True, text=True, check=True)
        assert "en:" in shown.stdout and "pooled" in shown.stdout


def test_thai_is_cut_into_pairs_of_letter_cells() -> None:
    """A vowel or tone mark stays on its letter, so "คั่ว" alone and inside a longer run share a pair."""
    from memory_store.supersede.subject import subject_tokens, thai_cells
    assert thai_cells("คั่วเพิ่ม") == ["คั่", "ว", "เ", "พิ่", "ม"]
    lx = load_lexicon()
    assert "คั่ว" in subject_tokens("คั่ววันจันทร์", lx) and "คั่ว" in subject_tokens("ปีใหม่คั่วเพิ่ม", lx)


@pytest.mark.parametrize("old,new,outcome", [
    # "from now on" opens a new rule: beside an unrelated rule that shares "always run … before" it is nothing
    (s("Rule", "2026-11-23", "Always run the tests with pytest -x before pushing",
       "From now on always run the tests with pytest -x before pushing."),
     s("Rule", "2026-11-24", "Always run the linter before committing",
       "From now on, always run the linter before committing."), "none"),
    (s("Rule", "2026-11-17", "Always write commit messages in English"),
     s("Rule", "2026-11-20", "Always use UTC in log timestamps", "From now on always use UTC in log timestamps."),
     "none"),
    (s("Rule", "2026-11-03", "ห้าม deploy หลัง 4 โมงเย็น"),
     s("Rule", "2026-11-10", "ต่อจากนี้ให้รันเทสต์ทุกครั้งก่อน merge"), "none"),
    # ... beside the same rule with another value, it is the change
    (s("Rule", "2026-11-03", "Every PR needs 2 reviewers"),
     s("Rule", "2026-11-10", "From now on every PR needs 3 reviewers"), "refinement"),
    # ... and a choice is replaced by what is done from now on
    (s("Decision", "2026-11-03", "Ship the weekly report by email"),
     s("Decision", "2026-11-10", "From now on the weekly report ships as a Notion page, not by email"), "reversal"),
])
def test_from_now_on_changes_a_rule_only_with_another_value(old: Statement, new: Statement, outcome: str) -> None:
    assert detect(new, [old]).outcome == outcome


def test_an_unknown_name_where_a_known_tool_stood_is_a_possible_conflict() -> None:
    fly = s("Decision", "2026-11-03", "Deploy the API on Fly.io", "Decision: deploy the API on Fly.io.")
    render = s("Decision", "2026-11-18", "Deploy the API on Render", "Decision: deploy the API on Render.")
    found = detect(render, [fly])
    assert (found.outcome, found.target, found.basis) == ("conflict", fly.id, "role")
    # said with "from now on", it is the change
    assert detect(s("Decision", "2026-11-18", "From now on deploy the API on Render"), [fly]).outcome == "reversal"
    # another member of one template is another subject, and a swapped word that names no tool is nothing
    assert detect(s("Decision", "2026-11-18", "Deploy the worker on Fly.io"), [fly]).outcome != "conflict"
    store8 = s("Decision", "2026-11-03", "Store 8 config lives in the branch-8 repo")
    assert detect(s("Decision", "2026-11-18", "Store 9 config lives in the branch-9 repo"), [store8]).outcome \
        != "conflict"


@pytest.mark.parametrize("old,new", [
    # a step added to a procedure, in each language, with no cue word
    ("Monthly donor report: export from Salesforce, clean in Sheets, send the PDF to the board",
     "Donor report each month: Salesforce export, dedupe households, tidy in Sheets, PDF to the board by the 5th"),
    ("ปิดภาค: export เกรด → ส่งฝ่ายทะเบียนตรวจ → พิมพ์ใบรับรอง",
     "ปิดภาค: export เกรด → อาจารย์ที่ปรึกษาดูก่อน → ส่งฝ่ายทะเบียน → พิมพ์ใบรับรอง"),
    ("出货检查：称重 → 贴面单 → 拍照", "出货检查：称重 → 核对赠品 → 贴面单 → 拍照"),
    # ... with the earlier steps said again shorter, in their order
    ("Release: bump the version in Cargo.toml, tag the commit, publish the crate to crates.io, announce on Discord",
     "Release: version bump, tag, run cargo-semver-checks against the last release, publish to crates.io, announce"),
    ("ปิดร้าน: นับเงินในลิ้นชัก → ล้างเครื่องชงกาแฟ → ปิดไฟหน้าร้าน → ล็อกประตูหลัง",
     "ปิดร้าน: นับเงิน → ล้างเครื่องชง → เช็คอุณหภูมิตู้แช่เย็น → ปิดไฟ → ล็อกประตู"),
    ("入职：签劳动合同 → 开通企业邮箱 → 领电脑 → 安排导师", "入职：签合同 → 开邮箱 → 领电脑 + 安全培训考试 → 导师"),
    # a list that grew
    ("Subtitles in ES, FR and PT for the festival cut", "Festival cut subtitles: ES, FR, PT and Traditional Chinese."),
    # the whole earlier choice, made more specific
    ("Survival models in Python with lifelines",
     "survival models in python with lifelines, Cox with time-varying covariates per clinic"),
])
def test_a_statement_that_says_all_the_earlier_one_says_and_more_refines_it(old: str, new: str) -> None:
    kind = "Procedure" if "→" in old or ":" in old else "Decision"
    found = detect(s(kind, "2026-03-09", new), [s(kind, "2026-03-01", old, ident="OLD")])
    assert (found.outcome, found.target, found.basis) == ("refinement", "OLD", "extends"), found


def test_a_list_said_again_in_other_words_or_cut_short_is_no_extension() -> None:
    old = s("Procedure", "2026-03-01",
            "Hotfix: branch from the release tag, PR into release/*, cherry-pick back to main", ident="OLD")
    again = s("Procedure", "2026-03-09", "for hotfixes: cut the branch off the release tag, open the PR against "
              "release/x.y, then cherry pick into main afterwards")
    shorter = s("Procedure", "2026-03-09", "Hotfix: branch from the release tag, cherry-pick back to main")
    for new in (again, shorter):
        assert not detect(new, [old]).supersedes
    # said again shorter, with a word of its own after the steps ("别急", don't rush): not a new step
    release = s("Procedure", "2026-03-01", "发版：跑回归测试 → 灰度百分之十 → 全量发布", ident="OLD")
    urged = s("Procedure", "2026-03-09", "发版还是那三步：回归测试，灰度百分之十，再全量，别急")
    assert not detect(urged, [release]).supersedes


@pytest.mark.parametrize("kind,old,new,outcome", [
    ("Constraint", "Uploaded files must stay under 20 MB",
     "Teachers may upload videos up to 500 MB, students keep 20 MB",
     "refinement"),
    ("Rule", "单笔退款不超过 500 元", "会员订单不受 500 元限制，如果店长同意单笔可以到 2000 元", "relaxation"),
    ("Rule", "ร้านขนม: รับออเดอร์ล่วงหน้าอย่างน้อย 2 วัน", "เค้กชั้นสั่งล่วงหน้า 4 วัน อย่างอื่น 2 วัน", "refinement"),
])
def test_the_earlier_value_kept_for_part_and_another_beside_it_is_no_rival(
        kind: str, old: str, new: str, outcome: str) -> None:
    found = detect(s(kind, "2026-03-09", new), [s(kind, "2026-03-01", old, ident="OLD")])
    assert (found.outcome, found.target) == (outcome, "OLD"), found


def test_several_other_values_beside_the_earlier_one_are_about_something_else() -> None:
    other = detect(s("Rule", "2026-03-09", "灌溉每天早上 6 点、下午 4 点各一次，晚上 10 点后一律不浇"),
                   [s("Rule", "2026-03-01", "固件更新只在晚上 10 点后推送，避免撞到灌溉", ident="OLD")])
    assert not other.supersedes, other


def test_a_micro_sign_or_a_degree_is_a_unit() -> None:
    found = detect(s("Constraint", "2026-03-09", "待机功耗 20µA 以内"),
                   [s("Constraint", "2026-03-01", "待機功耗必須低於 10µA", ident="OLD")])
    assert (found.outcome, found.target, found.basis) == ("conflict", "OLD", "value"), found


@pytest.mark.parametrize("kind,old,new", [
    ("Rule", "Schema changes get a DBA review, signed off by Priya",
     "Schema changes get a DBA review, signed off by Marco"),
    ("Remember", "แปลง 4 ปลูกพันธุ์ Sunrise", "แปลง 4 ปลูก Red Queen"),
    ("Rule", "合同改版先过法务 review，由 Lisa sign off", "合同改版的 review 由 Tom sign off"),
])
def test_another_name_in_one_place_is_a_possible_conflict(kind: str, old: str, new: str) -> None:
    found = detect(s(kind, "2026-03-09", new), [s(kind, "2026-03-01", old, ident="OLD")])
    assert (found.outcome, found.target, found.basis) == ("conflict", "OLD", "name"), found


def test_other_weekdays_in_one_place_are_another_value() -> None:
    """Days of the week are a value (memory_store/supersede/concepts.txt), in any language, before
    they are names: the conflict rests on the value."""
    found = detect(s("Remember", "2026-03-09", "Elm Road depot: Tue, Thu, Sat."),
                   [s("Remember", "2026-03-01", "Elm Road depot is open Mon/Wed/Fri", ident="OLD")])
    assert (found.outcome, found.target, found.basis) == ("conflict", "OLD", "value"), found


@pytest.mark.parametrize("old,new", [
    # another member of one template: a number differs too
    ("Submit chapter 2 to Ecography", "Submit chapter 3 to Oikos."),
    # another thing in the same place: the two begin with different subjects
    ("vector store ใช้ pgvector ใน Postgres ตัวเดียวกับระบบสมาชิก", "log การสนทนาเก็บใน Postgres ตัวเดียวกับระบบสมาชิก"),
    # the initials of the earlier words are no other name
    ("คุณวิภาคือคนอนุมัติ change request ฝั่ง security", "คุณวิภาเป็นคนอนุมัติ CR ด้าน security นะ"),
])
def test_another_member_or_subject_or_an_abbreviation_is_no_name_swap(old: str, new: str) -> None:
    found = detect(s("Decision", "2026-03-09", new), [s("Decision", "2026-03-01", old, ident="OLD")])
    assert found.outcome != "conflict", found


@pytest.mark.parametrize("kind,old,new", [
    # the earlier name again, and a new one beside it, with no cue word
    ("Decision", "Use RabbitMQ for the order event stream, one queue per region",
     "Order events are published to Pulsar as of this morning. "
     "The RabbitMQ cluster gets shut off next week."),
    ("Remember", "Illustrator is Maya; sketches due June 10",
     "Maya had to step back for family reasons. Bruno from the Porto team is drawing the rest of the sketches."),
    ("Decision", "節目剪輯用 Descript", "Descript 又漲價，剪輯我們回去用 Premiere 就好"),
    # a known tool in the role, written in lower case
    ("Decision", "Builds run on the self-hosted Jenkins box in the office",
     "jenkins box died again. i've pointed every build job at gitlab ci, the box goes back to the office"),
    ("Decision", "คลาสออนไลน์ใช้ Webex", "license Webex หมดเดือนนี้ ผอ.ไม่ต่อ สอนออนไลน์ผ่าน Teams ของโรงเรียน"),
])
def test_the_earlier_name_again_with_a_new_one_beside_it_is_a_change(kind: str, old: str, new: str) -> None:
    found = detect(s(kind, "2026-03-09", new), [s(kind, "2026-03-01", old, ident="OLD")])
    # (told with a reason why the earlier one is out, "Descript 又漲價", it is the same change:
    # detect.py's `_dropped_for_reason` sees it first)
    assert (found.outcome, found.target) == ("reversal", "OLD") and found.basis in ("news", "dropped"), found


@pytest.mark.parametrize("old,new", [
    # a new word that is no name: lowercase Latin inside Thai text
    ("ใช้ citation แบบ APA 7 ตามคู่มือบัณฑิตวิทยาลัย", "APA 7 นะ ตามคู่มือ grad school"),
    # a date is no name
    ("The customer Orbis has a dedicated VPC, Jana is the contact",
     "Orbis renewal call is on Sept 9, Jana will bring the numbers"),
    # the second word of the earlier name
    ("Use Kafka for the ping ingest stream", "Archive trip summaries to S3 nightly with a Kafka Connect sink"),
])
def test_a_date_a_plain_word_or_the_rest_of_the_earlier_name_is_no_news(old: str, new: str) -> None:
    found = detect(s("Decision", "2026-03-09", new), [s("Decision", "2026-03-01", old, ident="OLD")])
    assert found.basis != "news" and not found.supersedes, found


@pytest.mark.parametrize("text,digits", [
    ("Harlow application - two thousand words max.", "harlow application - 2000 words max."),
    ("twenty-five hundred words", "2500 words"),
    ("錄音室月租一萬五", "录音室月租 15000"),
    ("两千五", " 2500"),
    ("งบงานแต่งทั้งหมดสามแสนห้า", "งบงานแต่งทั้งหมด 350000 "),
    # a bare small number, a scale inside another word, an idiom: words
    ("one codebase", "one codebase"),
    ("万一出问题,千万别动", "万一出问题,千万别动"),
    ("ปลูกพันธุ์ Kimochi เรียบร้อยแล้ว", "ปลูกพันธุ์ kimochi เรียบร้อยแล้ว"),
])
def test_numbers_in_words_are_read_as_digits(text: str, digits: str) -> None:
    assert spelled_numbers(normalise(text)) == digits


@pytest.mark.parametrize("kind,old,new", [
    ("Constraint", "Harlow Foundation grant application is capped at 2,500 words",
     "Harlow application - two thousand words max."),
    ("Remember", "錄音室租在松江路，月租一萬二", "錄音室月租一萬五"),
    ("Constraint", "ค่าเช่าโกดังเดือนละ 12,000 บาท", "ค่าเช่าโกดังเดือนละหนึ่งหมื่นห้าพันบาท"),
])
def test_a_limit_said_in_words_with_another_value_is_a_possible_conflict(kind: str, old: str, new: str) -> None:
    found = detect(s(kind, "2026-03-09", new), [s(kind, "2026-03-01", old, ident="OLD")])
    assert (found.outcome, found.target, found.basis) == ("conflict", "OLD", "value"), found


@pytest.mark.parametrize("old,new", [
    ("Customer call recordings are kept for 90 days",
     "If a recording is part of an open complaint we can hold those call recordings past the 90 days until it closes."),
    ("ผู้เยี่ยมชมอายุต่ำกว่า 12 ปีต้องมีผู้ปกครองมาด้วย", "ถ้ามากับโรงเรียนและมีครูดูแล ผู้เยี่ยมชมอายุต่ำกว่า 12 ปีไม่ต้องมีผู้ปกครอง"),
])
def test_a_rule_said_again_under_a_condition_is_an_exception(old: str, new: str) -> None:
    found = detect(s("Rule", "2026-03-09", new), [s("Constraint", "2026-03-01", old, ident="OLD")])
    assert (found.outcome, found.target) == ("relaxation", "OLD"), found
    # beside a fact it is no exception: nothing was ruled
    fact = detect(s("Remember", "2026-03-09", new), [s("Remember", "2026-03-01", old, ident="OLD")])
    assert not fact.supersedes or fact.basis != "condition", fact


def test_a_thai_wedding_is_no_but() -> None:
    assert load_lexicon().find("exception", "งบงานแต่งทั้งหมด") is None
    assert load_lexicon().find("exception", "ได้ แต่ต้องแจ้งก่อน") is not None


def _judge(new_title: str, new_text: str) -> tuple[str, str | None]:
    from memory_store.supersede.detect import Detector

    earlier = [Statement("R1", "Remember", "2026-11-16", "The billing service runs on port 8081",
                         "remember that the billing service runs on port 8081", 0),
               Statement("D1", "Decision", "2026-11-16", "Use Stripe for card payments",
                         "we decided to use Stripe for card payments", 1)]
    found = Detector(earlier).detect(Statement("N", "Remember", "2026-11-18", new_title, new_text, 2))
    return found.outcome, found.target


def test_another_thing_of_one_template_with_its_own_value_is_no_conflict() -> None:
    # Two slots changed (which service, which port): two services, each on its own port.
    assert _judge("The search service runs on port 8095", "remember that the search service runs on port 8095") \
        == ("none", None)
    # One slot changed: the same service on another port is a possible conflict, or with a cue a change.
    assert _judge("The billing service runs on port 9090", "remember that the billing service runs on port 9090") \
        == ("conflict", "R1")
    assert _judge("The billing service now runs on port 9090", "the billing service now runs on port 9090") \
        == ("reversal", "R1")


def test_a_change_back_replaces_what_holds_now_not_the_choice_it_returns_to() -> None:
    from memory_store.supersede.detect import Detector

    mysql = Statement("E1", "Decision", "2026-10-26", "We'll use MySQL", "we'll use MySQL as the main database")
    postgres = Statement("E2", "Decision", "2026-11-03", "Use Postgres",
                         "we decided to use Postgres as the main database")
    back = Statement("E3", "Architecture", "2026-11-10", "We're going back to MySQL, Postgres migration is cancelled")
    found = Detector([mysql, postgres]).detect(back)
    assert (found.outcome, found.target) == ("reversal", "E2")


@pytest.mark.parametrize("old,new", [
    # a cue word the earlier rule says too, in the same phrase, names the subject: no change is stated
    ("ยกเลิกฟรีถ้าแจ้งก่อน 3 วัน", "ยกเลิกฟรีต้องแจ้งก่อนห้าวัน"),
    ("取消订单需在发货前 2 小时", "取消订单要在发货前 6 小时"),
    ("Cancel for free up to 48 hours before the class", "Cancel for free up to 24 hours before the class"),
    ("ลูกค้าใหม่จ่ายค่าแรกเข้า 20% ก่อนเริ่มคอร์ส", "ลูกค้าใหม่จ่ายค่าแรกเข้า 40% ก่อนเริ่ม"),
])
def test_a_cue_word_the_earlier_entry_says_in_the_same_phrase_is_no_change(old: str, new: str) -> None:
    found = detect(s("Rule", "2026-03-09", new), [s("Rule", "2026-03-01", old, ident="OLD")])
    assert (found.outcome, found.target) == ("conflict", "OLD"), found


@pytest.mark.parametrize("kind,old,new,outcome", [
    # the earlier entry kept for part in a clause of its own, something new said beside it
    ("Rule", "Every invoice over $500 needs a manager sign-off",
     "Invoices over $500 still need a manager sign-off, but anything from a new vendor needs a finance "
     "sign-off as well",
     "refinement"),
    ("Decision", "日志存 Elasticsearch，备份放 S3", "备份照旧放 S3，日志那边上周起进 Loki 了", "refinement"),
    ("Remember", "ลูกเรียนว่ายน้ำที่สระโรงเรียนทุกวันเสาร์ 9 โมง",
     "สระโรงเรียนปิดซ่อมทั้งเทอม ลูกไปเรียนว่ายน้ำที่สระจุฬาฯ วันเสาร์ 9 โมงเหมือนเดิม", "refinement"),
    # the whole statement said again, the cue alone or beside words of its own: a restatement
    ("Decision", "日志存 Elasticsearch，备份放 S3", "日志照旧存 Elasticsearch，备份放 S3", "same"),
    ("Remember", "ลูกเรียนว่ายน้ำที่สระโรงเรียนทุกวันเสาร์ 9 โมง", "ลูกเรียนว่ายน้ำเสาร์ 9 โมงนะ อย่าลืมเตรียมผ้าเช็ดตัว",
     "same"),
])
def test_the_earlier_entry_kept_for_part_beside_something_new_refines_it(kind: str, old: str, new: str,
                                                                          outcome: str) -> None:
    found = detect(s(kind, "2026-03-09", new), [s(kind, "2026-03-01", old, ident="OLD")])
    assert (found.outcome, found.target) == (outcome, "OLD"), found


@pytest.mark.parametrize("kind,old,new,conflict", [
    # a heading the earlier entry names and a value it does not: a possible conflict, no cue needed
    ("Decision", "Docs site is built with MkDocs", "Docs site: Docusaurus", True),
    ("Rule", "Minimum iOS version is 15", "Minimum iOS: 16", True),
    # a value the earlier entry names, or a known tool of another role (another slot of the subject)
    ("Decision", "Backups run nightly to S3", "Backups: S3 Glacier", False),
    ("Decision", "Use Postgres for the orders service", "Orders service: Go 1.22", False),
    ("Decision", "Docs site is built with MkDocs", "Docs site: MkDocs Material", False),
])
def test_a_heading_given_a_value_the_earlier_entry_does_not_name_is_a_possible_conflict(
        kind: str, old: str, new: str, conflict: bool) -> None:
    found = detect(s(kind, "2026-03-09", new), [s(kind, "2026-03-01", old, ident="OLD")])
    assert (found.outcome == "conflict") == conflict and not found.supersedes, found


@pytest.mark.parametrize("old,new", [
    # one measure (a unit) given one value in each, beside a number both keep (a line, an oven)
    ("Line 2 label printer is a Zebra ZT411 at 300dpi", "Line 2 label printer: Zebra ZT411, 600dpi"),
    ("2 号炉的烘烤温度是 180°c，每批 40 分钟", "2 号炉烘烤温度 200°c，每批 40 分钟"),
])
def test_a_unit_given_another_value_beside_a_number_both_keep_is_a_possible_conflict(old: str, new: str) -> None:
    found = detect(s("Remember", "2026-03-09", new), [s("Remember", "2026-03-01", old, ident="OLD")])
    assert (found.outcome, found.target, found.basis) == ("conflict", "OLD", "value"), found


@pytest.mark.parametrize("old,new,outcome", [
    # one length of time in other calendar units (a year is 365 days, 12 months 360): the same rule
    ("Access logs are kept for one year, then deleted", "Access logs are deleted after 12 months", "same"),
    ("สำรองข้อมูลลูกค้าเก็บไว้ครึ่งปี", "สำรองข้อมูลลูกค้าเก็บ 180 วัน", "same"),
    ("合同扫描件保留两年", "合同扫描件保留 24 个月", "same"),
    # another length is still another value
    ("Access logs are kept for one year, then deleted", "Access logs are kept for 6 months, then deleted", "conflict"),
])
def test_a_length_of_time_in_other_calendar_units_is_the_same_length(old: str, new: str, outcome: str) -> None:
    found = detect(s("Rule", "2026-03-09", new), [s("Rule", "2026-03-01", old, ident="OLD")])
    assert (found.outcome, found.target) == (outcome, "OLD"), found


@pytest.mark.parametrize("new,outcome", [
    # the person the earlier entry named said again, a new person beside them: a change told as news
    ("พี่นุ่นขอไปอยู่ทีมขาย ใบแจ้งหนี้เดือนนี้น้องบีมตรวจ", "reversal"),
    ("供应商对账的事以后找小陈，王姐下个月退休", "reversal"),
    # the same subject with nobody new: nothing
    ("供应商对账的时候记得抄送财务邮箱", "none"),
])
def test_a_person_said_again_beside_a_new_person_is_a_change_told_as_news(new: str, outcome: str) -> None:
    old = "ฝ่ายบัญชีคนที่ตรวจใบแจ้งหนี้คือพี่นุ่น" if "ใบแจ้งหนี้" in new else "供应商对账的联系人是王姐"
    found = detect(s("Remember", "2026-03-09", new), [s("Remember", "2026-03-01", old, ident="OLD")])
    assert found.outcome == outcome, found


@pytest.mark.parametrize("old,new", [
    # the same list said for another subject (the words before the list differ both ways)
    ("The onboarding checklist is: laptop, VPN, GitHub access",
     "The offboarding checklist is: laptop, VPN, GitHub access, revoke badge"),
    ("The release steps are build, run the tests, tag the commit",
     "The hotfix steps are build, run the tests, tag the commit, deploy to prod"),
    # "X also does Y" beside "X does Z": one more thing about X, both hold
    ("Somchai owns the billing service", "Somchai also reviews the mobile PRs"),
    ("We use Postgres for the orders service", "The orders service also publishes events to Kafka"),
    ("หัวหน้ากะดึกคือพี่โอ๊ต", "พี่โอ๊ตดูแลงบประมาณไตรมาสนี้ด้วย"),
])
def test_a_list_for_another_subject_or_one_more_thing_about_the_same_one_supersedes_nothing(old: str, new: str) -> None:
    earlier = s("Decision", "2026-11-02", old, f"we decided {old}", ident="OLD")
    later = s("Decision", "2026-11-10", new, f"we decided {new}")
    assert not detect(later, [earlier]).supersedes


@pytest.mark.parametrize("old,new", [
    ("Config format: YAML", "The CLI uses Rust"),
    ("Log format: JSON", "The CLI uses Rust"),
    ("Staging DB: Postgres 16", "Orders service uses Go 1.22"),
])
def test_a_heading_and_value_is_not_changed_by_a_statement_naming_none_of_it(old: str, new: str) -> None:
    # One session: "Decision: Config format: YAML" then "decision: the CLI uses Rust" (the kind said
    # in both excerpts is no shared subject).
    earlier = Statement("OLD", "Decision", "2026-11-03", old, f"Decision: {old}", 0)
    later = Statement("NEW", "Decision", "2026-11-03", new, f"decision: {new[0].lower()}{new[1:]}", 1)
    found = detect(later, [earlier])
    assert not found.supersedes and found.outcome != "conflict", found


@pytest.mark.parametrize("old,new", [
    ("Staging DB: Postgres 16", "Prod DB: Postgres 15"),
    ("Frontend: React 18", "Backend: FastAPI"),
])
def test_two_headings_of_two_subjects_are_no_conflict(old: str, new: str) -> None:
    earlier = s("Decision", "2026-11-02", old, f"decision: {old}", ident="OLD")
    later = s("Decision", "2026-11-10", new, f"decision: {new}")
    found = detect(later, [earlier])
    assert found.outcome not in ("conflict", *SUPERSEDING_OUTCOMES), found


SUPERSEDING_OUTCOMES = ("reversal", "relaxation", "refinement")


@pytest.mark.parametrize("old,new", [
    # the quantity said about another thing: the words before the value differ both ways
    ("decided: the upload limit for attachments is 25 MB", "decided: the avatar upload limit is 2 MB"),
    ("we decided the API timeout is 30 seconds", "we decided the session timeout is 15 minutes"),
    ("the max file size for uploads is 10 MB", "the max file size for imports is 50 MB"),
    # a name and a second place changed: each person with their own side or server
    ("ตกลงกันว่า พี่นกเป็นคนตรวจ PR ฝั่ง frontend", "ตกลงกันว่า น้องบีมเป็นคนตรวจ PR ฝั่ง backend"),
    ("ตัดสินใจแล้ว พี่โอ๊ตรับผิดชอบ server production", "ตัดสินใจแล้ว น้องแพรรับผิดชอบ server staging"),
    ("we agreed Somchai is on call for the frontend", "we agreed Anna is on call for the backend"),
])
def test_a_value_or_a_name_for_another_subject_is_no_conflict(old: str, new: str) -> None:
    """The subject before the value must match: "X is N units" beside "Y is M units" for another X
    is two facts, and so is one name swapped together with the thing it goes with."""
    for cut in (0, 1):   # the title as said, and without its first word (as the extractor may cut it)
        earlier = s("Decision", "2026-11-02", old.split(" ", cut)[-1], old, ident="OLD")
        later = s("Decision", "2026-11-10", new.split(" ", cut)[-1], new)
        found = detect(later, [earlier])
        assert found.outcome not in ("conflict", *SUPERSEDING_OUTCOMES), (cut, found)


@pytest.mark.parametrize("old,new,basis", [
    # the same subject, another value: still a possible conflict, said alike or in other words
    ("decided: the upload limit for attachments is 25 MB", "decided: the upload limit for attachments is 50 MB",
     "value"),
    ("the session timeout is 15 minutes", "sessions time out after 30 minutes", "value"),
    ("the max upload size is 25 MB", "the upload limit is 50 MB", "value"),
    # one name swapped, all else the same
    ("we agreed Somchai reviews the frontend PRs", "we agreed Anna reviews the frontend PRs", "name"),
])
def test_the_same_subject_with_another_value_or_name_still_warns(old: str, new: str, basis: str) -> None:
    found = detect(s("Decision", "2026-11-10", new, new), [s("Decision", "2026-11-02", old, old, ident="OLD")])
    assert (found.outcome, found.target, found.basis) == ("conflict", "OLD", basis), found


@pytest.mark.parametrize("kind,old,new", [
    # a one-word cue the earlier entry says too is what both are about, not a change
    ("Procedure", "Camera-trap SD cards: swap every 2 weeks, copy to the lab NAS the same day",
     "swap camera trap cards every ten days and copy to the NAS same day"),
    ("Procedure", "Backup tapes: rotate weekly, keep four off site", "rotate the backup tapes every friday"),
    # an addition cue about another thing: both hold
    ("Remember", "Rent goes out on the 1st by standing order", "Gym membership also comes out on the 1st."),
    ("Remember", "Electricity is paid by direct debit from the joint account",
     "water gets paid from the joint account as well"),
    # a month said as the value is no time marker of a change
    ("Remember", "Boiler cover is with British Gas, annual service on 3 June", "Boiler service is in July."),
])
def test_a_cue_that_is_subject_or_adds_another_thing_supersedes_nothing(kind: str, old: str, new: str) -> None:
    found = detect(s(kind, "2026-11-10", new, new), [s(kind, "2026-11-02", old, old, ident="OLD")])
    assert not found.supersedes, found


@pytest.mark.parametrize("kind,old,new,outcome", [
    ("Procedure", "Register the review protocol on PROSPERO before screening",
     "after PROSPERO also post the protocol on OSF", "refinement"),
    ("Decision", "Card deposits go through Stripe", "Deposits go through Adyen in April", "refinement"),
    ("Procedure", "Backup tapes: rotate weekly, keep four off site",
     "we no longer rotate backup tapes, the off-site copy is in S3 now", "reversal"),
])
def test_the_same_cues_still_change_the_earlier_entry(kind: str, old: str, new: str, outcome: str) -> None:
    found = detect(s(kind, "2026-11-10", new, new), [s(kind, "2026-11-02", old, old, ident="OLD")])
    assert (found.outcome, found.target) == (outcome, "OLD"), found
