"""A change told by naming the earlier choice as gone or wanting, with no stock cue: "transactional
email goes through Postmark, Mailgun kept timing out on big sends" after "Use Mailgun for
transactional email". One clause names the new thing; another names the earlier entry's thing with
why it is out (it failed, closed, retired, moved away, costs too much: cues/*.txt [setback] and
[dropped]). It replaces the earlier entry. A failure told with nothing new beside it is an
incident, not a change; a complaint about a rule is no change of the rule; and the earlier thing
failing beside another thing that has nothing to do with it changes nothing."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("Use Postgres 16 for the billing service", "The staging db is on port 5433",
          "The vpn gateway is vpn2.corp", "Code review needs one approval", "Use Sentry for error tracking")


def judge(old: str, new: str, old_kind: str = "Decision", new_kind: str = "Decision") -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", old_kind, "2026-10-20", old))
    return Detector(earlier).detect(Statement("NEW", new_kind, "2026-11-10", new))


@pytest.mark.parametrize("old,new,kind", [
    ("Use Mailgun for transactional email",
     "Transactional email goes through Postmark, Mailgun kept timing out on big sends", "Decision"),
    ("Host the docs site on Netlify",
     "The docs site is served from Cloudflare Pages; Netlify's bandwidth bill was way over budget", "Decision"),
    ("Our bookkeeper is Helen Marsh, invoices go to her by the 5th",
     "Invoices go to Tom Reyes by the 5th, Helen retired in March", "Remember"),
    ("Gym sessions at the Fitlane club on Mondays",
     "Mondays I train at Pulse Gym. Fitlane closed for good", "Decision"),
    ("日志统一存到 Elasticsearch", "日志都放在 Loki 里，Elasticsearch 集群太吃内存", "Decision"),
    ("看牙找王医生，诊所在徐汇", "看牙去找李医生，王医生退休了", "Remember"),
    ("每週三晚上去信義區的 Curves 運動", "週三晚上運動去 World Gym，Curves 那間倒閉了", "Decision"),
    ("用 LINE Notify ส่งแจ้งเตือนเข้ากลุ่มหน้าร้าน",
     "แจ้งเตือนเข้ากลุ่มหน้าร้านส่งผ่าน Telegram ส่วน LINE Notify ปิดบริการไปแล้ว", "Decision"),
    ("จองโรงแรมผ่าน Agoda ทุกทริป", "ทริปนี้จองโรงแรมทาง Booking.com ค่ะ Agoda คิดค่าธรรมเนียมแพงไป", "Decision"),
    ("ช่างแอร์ประจำบ้านคือช่างหนุ่ม", "ล้างแอร์บ้านรอบนี้เรียกช่างเอก ช่างหนุ่มติดงานยาวถึงสิ้นเดือน", "Remember"),
])
def test_the_earlier_choice_named_as_gone_beside_a_new_one_supersedes_it(old: str, new: str, kind: str) -> None:
    found = judge(old, new, kind, kind)
    assert found.supersedes and found.target == "OLD", found


@pytest.mark.parametrize("old,new,old_kind,new_kind", [
    # a failure with nothing new beside it: an incident
    ("Use Mailgun for transactional email", "Mailgun timed out twice yesterday, the retry queue caught it all",
     "Decision", "Decision"),
    ("日志统一存到 Elasticsearch", "Elasticsearch 昨晚又超时了，重启后恢复", "Decision", "Decision"),
    # a complaint about a rule, another tool wished for: no change of the rule
    ("Shared logins live in 1Password", "1Password is too clunky for the interns, Bitwarden would be easier",
     "Rule", "Rule"),
    # the earlier choice kept, another thing beside it failing
    ("Use Redis for the session cache", "Sessions stay in Redis; the Memcached box for the feed kept crashing",
     "Decision", "Decision"),
    # the earlier thing failing beside another thing about something else
    ("จองโรงแรมผ่าน Agoda ทุกทริป", "เช่ารถที่เชียงใหม่กับ Chic Car ส่วนเว็บ Agoda ช้ามากวันนี้", "Decision", "Decision"),
])
def test_a_failure_alone_a_rule_complained_about_or_another_subject_is_no_reversal(
        old: str, new: str, old_kind: str, new_kind: str) -> None:
    found = judge(old, new, old_kind, new_kind)
    assert not (found.supersedes and found.target == "OLD"), found


@pytest.mark.parametrize("old,new", [
    ("deploy production คืนวันอังคาร หลังร้านปิดสี่ทุ่ม", "deploy staging ทำได้ทุกบ่าย ไม่ต้องรอร้านปิด"),
    ("สำรองข้อมูล production ทุกคืนหลังปิดระบบ", "สำรองข้อมูล staging ตอนไหนก็ทำ ไม่ต้องรอปิดระบบ"),
])
def test_a_no_that_lifts_a_requirement_drops_nothing(old: str, new: str) -> None:
    """"No need to wait for the shop to close" (ไม่ต้อง; in English and Chinese "no need to", 不用 are
    relaxation cues already) loosens what the earlier entry asks; it does not say the earlier thing is
    gone or wanting."""
    found = judge(old, new)
    assert not found.supersedes, found
