"""A measured thing — a deadline, a booking window, a code's lifetime, a threshold — given a new value
later, in another language (supersede20; projects heldout2 subline P15 -> P27, yim-dental P20 -> P27,
dev kopi-loyalty P11 -> P25). The thing measured is named by a concept in both languages
(memory_store/supersede/concepts.txt: deadline / 交付 / กำหนดส่ง, booking / 预约 / จอง), and both give it
a number with a unit: the two are about one subject. With no change cue that is a possible conflict
(docs/design.md §6.4), with one a change; of the earlier entries the one that gives the measure a
value is the target, not one that only names the concept. Thai ขยับ … เป็น ("moved to") is a change
cue, as ปรับเป็น is (suan-monitor P24, conflict set heldout9 th-h9-1 L16). Two measured things that
share a unit and nothing else are not one subject."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("Use Postgres 16 for the billing service", "The staging db is on port 5433",
          "Errors go to Sentry", "ใบแจ้งหนี้ใส่ชื่อบริษัทเต็ม", "错误监控用 Sentry")


def judge(old: str, new: str, *more: str, old_kind: str = "Constraint", new_kind: str = "Constraint") -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-10-01", t) for n, t in enumerate((*OTHERS, *more))]
    earlier.append(Statement("OLD", old_kind, "2026-11-03", old))
    return Detector(earlier).detect(Statement("NEW", new_kind, "2026-11-10", new))


@pytest.mark.parametrize("old,new", [
    # en -> zh, zh -> en, en -> th, th -> zh: a deadline
    ("They drop raw episodes on their SFTP and we have 48 hours from the drop to deliver the final srt",
     "交付时间：从他们放片开始算，72 小时内交终稿"),
    ("交付时间：从放片开始算，72 小时内交终稿",
     "The deadline for the final subtitles is 48 hours after they upload the episode"),
    ("We have 48 hours from the drop to deliver the final srt", "กำหนดส่งงานคือ 72 ชั่วโมงหลังได้ไฟล์"),
    ("กำหนดส่งงานคือ 72 ชั่วโมงหลังได้ไฟล์", "交付时间是放片后 48 小时内"),
    # zh -> th, th -> en, en -> zh: how far ahead patients can book
    ("最多两个月。线上只开放 60 天内的预约，太远的病人常常忘记", "ทุกบริการ เปิดจองล่วงหน้า 90 วัน"),
    ("เปิดจองล่วงหน้าได้ 60 วัน", "Patients can book up to 90 days ahead online"),
    ("Online bookings open 60 days ahead at most", "线上预约最多开放 90 天"),
])
def test_a_measure_given_another_value_in_another_language_is_one_subject(old: str, new: str) -> None:
    found = judge(old, new)
    assert (found.outcome, found.target) == ("conflict", "OLD"), found


@pytest.mark.parametrize("old,new", [
    ("We have 48 hours from the drop to deliver the final srt", "交付时间改成放片后 72 小时内"),
    ("เปิดจองล่วงหน้าได้ 60 วัน", "Online booking window goes to 90 days from now on"),
])
def test_with_a_change_cue_it_replaces_the_entry(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.supersedes and found.target == "OLD", found


@pytest.mark.parametrize("old,new,other", [
    # zh <- th (kopi-loyalty): the one-time code's lifetime, beside a ledger entry that only names expiry
    ("One-time code เป็นตัวเลข ลูกค้าโชว์ แล้วบาริสต้าพิมพ์ลงหน้าเว็บ staff — เอา 6 หลัก อายุ 5 นาที",
     "兑换码有效期 10 分钟，6 位不变",
     "Points ledger is append-only, never update a row; a nightly job writes expires_at for each batch"),
    # en <- zh: a booking window, beside an entry that names bookings and no window
    ("线上只开放 60 天内的预约", "Bookings open 90 days ahead now, the rest stays as it was",
     "Online bookings need a phone number, and reception confirms every booking by LINE"),
    # th <- en: a delivery deadline, beside an entry that names the deliverable and no time
    ("We have 48 hours from the drop to deliver the final srt", "กำหนดส่งงานขยายเป็น 72 ชั่วโมงหลังได้ไฟล์",
     "Deliver the final srt as UTF-8 without a BOM, with CRLF line endings"),
])
def test_the_entry_that_gives_the_measure_a_value_is_the_target(old: str, new: str, other: str) -> None:
    found = judge(old, new, other, old_kind="Decision", new_kind="Decision")
    assert found.supersedes and found.target == "OLD", found


@pytest.mark.parametrize("old,new", [
    ("ความชื้นดินต่ำกว่า 25% ค่อยเตือนครับ วัดที่ระดับ 30 ซม.", "เกณฑ์เตือนความชื้นดินขยับเป็น 30% ครับ ทุกโซน"),
    ("ส่งรายงานยอดขายทุกวัน 5 โมงเย็น", "ขยับเวลาส่งรายงานยอดขายเป็น 6 โมงเย็น"),
])
def test_thai_moved_to_is_a_change(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.supersedes and found.target == "OLD", found


@pytest.mark.parametrize("old,new", [
    # two measured things that share a unit: a booking window and the no-show block
    ("线上只开放 60 天内的预约", "no-show 3 ครั้งภายใน 90 วันถึงจะบล็อก บล็อก 30 วันแล้วปลดเอง"),
    ("We have 48 hours from the drop to deliver the final srt", "原始素材在服务器上保留 72 小时后删除"),
    ("เปิดจองล่วงหน้าได้ 60 วัน", "Keep appointment records for 90 days, then archive them"),
])
def test_two_measured_things_sharing_a_unit_are_not_one_subject(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.outcome == "none" or found.target != "OLD", found
