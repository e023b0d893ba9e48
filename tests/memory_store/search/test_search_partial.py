"""How much of a question a hit holds (search21): the entry tiers and the sessions tier are each ranked
on their own scale and fused (query.py `fuse_said`), so a list of weak matches topped out where a
list of strong ones did. Seen in writers 4 and 5 (tukrush, meterwalk: a Thai question naming its thing
by an English word, answered in English) and writers 1-3 (kopi Q02, yim Q12, subline Q15: Thai
questions whose top six were messages sharing a syllable or a common word with them). Real
transcripts, a real index."""
from __future__ import annotations

from pathlib import Path

from memory_store.config import load_config
from memory_store.search.indexer import update_index
from memory_store.search.query import SearchOptions, search
from memory_store.search.tokens import loose_terms, query_terms, thai_clusters
from tests.memory_store.search.test_search_fixtures import TODAY, entry, write_daily
from tests.memory_store.search.test_search_sessions_runs import _sessions

_FOLLOW = set("\u0e30\u0e31\u0e32\u0e33\u0e34\u0e35\u0e36\u0e37\u0e38\u0e39\u0e3a\u0e47\u0e48\u0e49\u0e4a\u0e4b\u0e4c")


def test_thai_loose_pieces_are_whole_clusters_not_character_pairs() -> None:
    """A Thai character pair is less than a syllable ("าย", "รา" of รายงาน): such pieces are in a
    great many words. Pieces are pairs of clusters, three characters at least; Chinese keeps bigrams."""
    assert thai_clusters("รายงาน") == ["รา", "ย", "งา", "น"]
    assert thai_clusters("เครื่อง") == ["เค", "รื่", "อ", "ง"]
    pieces = [t.text for t in loose_terms(query_terms("ต้องส่งรายงานให้ลูกค้าทุกวันจันทร์ไหม"))]
    assert "งาน" in pieces and "ราย" in pieces and "ทุก" in pieces
    assert all(len(p) >= 3 and p[0] not in _FOLLOW for p in pieces), pieces
    assert [t.text for t in loose_terms(query_terms("我们用什么数据库"))] == ["数据", "据库"]


# "Which SMTP relay do we send the alert e-mails through now?" — Thai, naming the thing in English.
QUESTION = "ตอนนี้อีเมลแจ้งเตือนส่งผ่าน SMTP ตัวไหน ใช้ของใคร"
ANSWER = "Alert e-mails now go out through the Postmark SMTP relay; the old Gmail SMTP account is closed."
# Thai chatter holding the question's common words (ตอน, ส่ง, ใช้, ผ่าน), none of its English one.
CHATTER = ["ตอนเช้าส่งไฟล์ให้ลูกค้าแล้วนะ ใช้เวลานานหน่อย", "ใช้ได้แล้ว ผ่านแล้วทุกเคส ตอนบ่ายจะส่งต่อ",
           "ตอนนี้ใช้มือถือเครื่องเก่าอยู่ ส่งรูปไม่ค่อยผ่าน", "ส่งผ่านไลน์ก็ได้ ใช้ง่ายกว่า ตอนเย็นค่อยดู",
           "ใช้ของเดิมไปก่อน ตอนนี้ยังไม่ต้องเปลี่ยน", "ผ่านไปหนึ่งอาทิตย์แล้ว ตอนนี้ยังใช้ได้อยู่"]


def test_an_english_answer_to_a_thai_question_naming_its_english_word_is_not_outranked_by_chatter(
        workspace: Path, tmp_path: Path) -> None:
    """A message that holds only the question's commonest Thai words, divided by the best of a list of
    such messages, stood level with the kept English entry holding its one rare word (meterwalk Q02,
    "… OCR ทำที่ไหน ใช้ตัวไหน"; tukrush Q08, "CI รันบนเครื่องไหน"): the entry comes first."""
    _sessions(workspace, tmp_path, CHATTER)
    write_daily(workspace, "2026-11-12", [entry("Decision", "Alert e-mails through Postmark", "2026-11-12", ANSWER)])
    cfg = load_config(workspace)
    update_index(cfg)
    hits = search(cfg, QUESTION, SearchOptions(limit=6), today=TODAY).hits
    assert hits and not hits[0].said and "Postmark" in hits[0].body, [(round(h.score, 3), h.body[:50]) for h in hits]


def test_an_entry_holding_a_forgotten_value_takes_no_place_of_the_answer(workspace: Path) -> None:
    """A forgotten value is taken out of the answer at read time (docs/design.md §6.2); ranked first, the
    entries holding it took places of the `limit` and the answer came back short (reefsound Q11, whose
    top six held four entries of a forgotten rule and the forget itself ranked below them; Q15 with a
    one-word forgotten value): the entries left are listed up to the limit."""
    from tests.conftest import cli

    gone = [entry("Remember", f"Locker {n} code", "2026-11-1" + str(n), f"Locker code for the gym is KX-44{n}1 now")
            for n in range(6)]
    kept = [entry("Remember", f"Gym day {n}", "2026-11-0" + str(n + 1), f"The gym opens at {6 + n} on weekday {n}")
            for n in range(6)]
    write_daily(workspace, "2026-11-15", gone)
    write_daily(workspace, "2026-11-05", kept)
    for n in range(6):
        assert cli("--workspace", str(workspace), "mem", "set", f"user.locker{n}", f"KX-44{n}1").exit_code == 0
        assert cli("--workspace", str(workspace), "mem", "forget", f"user.locker{n}").exit_code == 0
    cfg = load_config(workspace)
    update_index(cfg)
    hits = search(cfg, "gym code weekday", SearchOptions(limit=6), today=TODAY).hits
    assert len(hits) == 6 and all("KX-44" not in h.body for h in hits), [h.body for h in hits]
