"""One list of the words that ask the agent to keep a thing ("keep in mind that…", "bear in mind…", จำเอาไว้ว่า…,
ขอให้จำว่า…, 记一下…), per language in the router's lexicons, read by the preference router (what is kept,
without them) and by the supersede detector (they are no subject): two unrelated facts asked for alike are
not one subject, so the later one supersedes nothing; and a Thai request to keep a setting, whichever of the
listed lead-ins asks for it, sets it (docs/design.md §6)."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.core.router import REMEMBER_LEAD, route, without_lead
from memory_store.entries import BlockEntry, Source
from memory_store.supersede.detect import detect, statement_of
from tests.jobs.microsync.test_switch_supersedes_e2e import _memory_items, _run
from tests.jobs.microsync.test_whole_names import _said
from tests.microsync_helpers import all_entries

_SRC = Source("test", "test", "L1-L1")


def _statement(text: str, ident: str, order: int):
    return statement_of(BlockEntry(kind="Remember", title=text, id=ident, date=f"2026-11-0{order + 1}", source=_SRC,
                                   conclusion=text), order)


@pytest.mark.parametrize(("lead", "earlier", "later"), [
    ("keep in mind that ", "the print server sits on 10.1.4.20", "the old intranet wiki is no longer used"),
    ("bear in mind that ", "my desk phone extension is 4471", "I stopped using the shared calendar"),
    ("keep in mind: ", "the nightly export lands in the finance bucket", "we don't use Jira anymore"),
    ("จำเอาไว้ว่า", "เครื่องพิมพ์ชั้นสามใช้ไอพี 10.1.4.20", "เราไม่ใช้วิกิเก่าแล้ว"),
    ("จำไว้เลยนะว่า", "เครื่องพิมพ์ชั้นสามใช้ไอพี 10.1.4.20", "เราไม่ใช้วิกิเก่าแล้ว"),
    ("ขอให้จำว่า", "เครื่องพิมพ์ชั้นสามใช้ไอพี 10.1.4.20", "เราไม่ใช้วิกิเก่าแล้ว"),
    ("记一下", "三楼打印机的地址是10.1.4.20", "我们不再用旧的维基了"),
])
def test_two_facts_asked_for_alike_are_not_one_subject(lead: str, earlier: str, later: str):
    found = detect(_statement(lead + later, "e2", 1), [_statement(lead + earlier, "e1", 0)])
    assert not found.supersedes and found.outcome == "none", found


@pytest.mark.parametrize("lead", ["keep in mind that ", "bear in mind that ", "จำเอาไว้ว่า", "ขอให้จำว่า", "记一下",
                                  "please remember that ", "จำไว้ว่า", "记住："])
def test_the_router_keeps_what_follows_every_listed_lead(lead: str):
    said = "the print server sits on 10.1.4.20" if lead.isascii() else "ไอพีเครื่องพิมพ์คือ 10.1.4.20"
    assert REMEMBER_LEAD.match(lead + said) is not None
    assert without_lead(lead + said) == said


def test_a_later_keep_in_mind_leaves_the_earlier_one_active_end_to_end(tmp_path: Path):
    first = "keep in mind that the print server sits on 10.1.4.20"
    later = "keep in mind that the old intranet wiki is no longer used"
    ws = _run(tmp_path, [("2026-11-03T03:00:00+00:00", first), ("2026-11-10T03:00:00+00:00", later)])
    by_excerpt = {f.entry.excerpt: f.entry for f in all_entries(ws)}
    old, new = by_excerpt[first], by_excerpt[later]
    assert new.supersedes is None and old.status == "active"
    items = _memory_items(ws)
    assert old.id in items and new.id in items, items


@pytest.mark.parametrize(("turn", "key", "value"), [
    ("จำเอาไว้ว่าเขตเวลาของฉันคือ Asia/Bangkok", "user.timezone", "Asia/Bangkok"),
    ("จำไว้เลยนะว่าเขตเวลาของผมคือ Europe/Berlin", "user.timezone", "Europe/Berlin"),
    ("ขอให้จำว่าเขตเวลาของฉันคือ Asia/Tokyo", "user.timezone", "Asia/Tokyo"),
    ("จำไว้ว่า timezone ของฉันคือ Asia/Bangkok", "user.timezone", "Asia/Bangkok"),
    ("จำไว้ว่า time zone ของผมคือ Asia/Singapore", "user.timezone", "Asia/Singapore"),
    ("จำไว้ว่าเขตเวลาของฉันคือกรุงเทพ", "user.timezone", "Asia/Bangkok"),
    ("จำเอาไว้ว่าภาษาที่ให้ตอบของผมคือภาษาอังกฤษ", "response.language", "en"),
    ("จำไว้ว่าชื่อเล่นของผมคือโบ๊ท", "user.name", "โบ๊ท"),
    ("จำไว้ว่าเขตเวลาของดิฉันคือ Asia/Bangkok", "user.timezone", "Asia/Bangkok"),
    # SARA AM typed as two code points (NIKHAHIT + SARA AA), as some keyboards write it
    ("จ\u0e4d\u0e32ไว้ว่าภาษาที่ให้ตอบของผมคือภาษาอังกฤษ", "response.language", "en"),
])
def test_a_thai_request_to_keep_a_setting_sets_it(tmp_path: Path, turn: str, key: str, value: str):
    got = route(turn)
    assert got is not None and (got.key, got.value, got.to) == (key, value, "profile"), got
    ws = _said(tmp_path, turn)
    assert f"- key:{key} | value:{value} |" in (ws / "PROFILE.md").read_text("utf-8")


def test_a_thai_remember_typed_with_split_sara_am_is_taken_back_by_the_next_turn(tmp_path: Path):
    """จํา typed as two code points: the user's own "remember …" is still theirs to take back ("ไม่ต้องจำแล้ว")."""
    from tests.jobs.microsync.test_corrections import _talk
    ws = _talk(tmp_path, [("จ\u0e4d\u0e32ไว้ว่าผมตื่นตีห้าทุกวัน", "รับทราบครับ"), ("ไม่ต้องจำแล้ว", "ได้ครับ")])
    proposals = (ws / "PROPOSALS.md").read_text("utf-8")
    assert "ตื่นตีห้า" in proposals and "status:pending" not in proposals
