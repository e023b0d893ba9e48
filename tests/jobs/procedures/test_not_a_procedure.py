"""Turns that teach no procedure though they look like a list (explore17 #8, #9): a request to forget the
procedure ("ขั้นตอน release ที่ให้จำไว้ ลืมไปได้เลย เลิกใช้แล้ว" was learned as "ลืมไปได้ → เลิกใช้แล้ว" and served
beside the procedure it asks to drop), and a fact to remember whose host name holds a number and a dot
("记住：staging 服务器是 stg-03.internal，SSH 端口是 2222" read "3." as a numbered list)."""
from __future__ import annotations

import pytest

from jobs.procedures.learn import learn


@pytest.mark.parametrize("text", [
    "ขั้นตอน release ที่ให้จำไว้ ลืมไปได้เลย เลิกใช้แล้ว",
    "Forget the release procedure, we do not do it that way anymore: first tag, then build.",
    "发布流程不用记了，我们不这么做了，先打 tag 再构建那套作废。",
    "記住：staging 伺服器是 stg-03.internal，SSH 連接埠是 2222。",
    "记住：staging 服务器是 stg-03.internal，SSH 端口是 2222。",
    "记住：线上版本是 v2.4.1，回滚用 v2.3.9",
])
def test_no_procedure(text: str) -> None:
    assert learn([("user", text)]) is None


# a fact to remember whose only order word is the asking's own or says when (heldout3 meterwalk P14, suan-orders
# P04, suan-monitor's Lisbon turn, yim-dental's 先記住): "1) remember that … 2) …" numbers things to keep, 先记住 is
# "for now, remember", "จำไว้ด้วย แล้วเตือนผมก่อน" joins the asking to another ask, "before 15:00" is a time
REMEMBERED_FACTS = [
    "two things: 1) remember that the spare office key is the red one in my desk drawer, so when someone asks for "
    "the spare key that's it. 2) something about me: please send the weekly report at 9 instead of 7, I'm never up "
    "that early, and keep Sundays quiet.",
    "can you remember that I'm working from Lisbon this quarter, so Bangkok is 7 hours ahead of me; don't put "
    "meetings with Anong before 15:00 Bangkok time.",
    "แล้วก็น้องบีม ฝ่ายจัดซื้อ ต้องได้ไฟล์ CSV ยอดสั่งของทุกวันที่ 5 ของเดือน จำไว้ด้วย แล้วเตือนผมก่อนด้วย",
    "先记住：我每周五下午不开会，那天我去医院陪我妈复诊。日历上别给我排周五下午的会。",
]


@pytest.mark.parametrize("text", REMEMBERED_FACTS)
def test_a_remembered_fact_is_no_procedure(text: str) -> None:
    assert learn([("user", text)]) is None


@pytest.mark.parametrize("text", [
    "Whenever you cut a release: don't forget to bump the version, then tag it, then publish.",
    # remembered, and ordered between steps
    "ทุกครั้งที่ปิดร้าน เช็คเงินในลิ้นชักก่อน แล้วปิดไฟหน้าร้าน จำไว้ด้วย",
    "先备份数据库，再跑迁移，以后都这样，记住",
    "remember that whenever we release, first run the tests, then tag the build before 5pm",
    "when you open a PR: 1) rebase on main 2) run the tests 3) request review. remember that.",
    "two things: 1) remember that the staging box is stg-2 2) whenever we deploy, first run the tests, then tag.",
    "ทุกครั้งที่ deploy อย่าลืม backup database ก่อน แล้วค่อยรัน migration",
    "以后发布的时候别忘了先跑测试，再打 tag",
    "以后部署流程：\n1. 备份数据库\n2. 跑 migration\n3. 重启服务",
])
def test_still_a_procedure(text: str) -> None:
    got = learn([("user", text)])
    assert got is not None and len(got.steps) >= 2, got
