"""A question in one language finds the answer written in another (memory_store/search/expand.py):
its words that name a common concept also search that concept's names in the other two languages,
at a lower weight, and only when its own words fall short. Real files, a real index."""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from memory_store.errors import EntryError
from memory_store.search.expand import build, forms_of, groups, parse_glossary
from memory_store.search.indexer import update_index
from memory_store.search.query import Searcher, SearchOptions, search
from memory_store.search.tokens import run_tokens
from tests.memory_store.search.test_search_fixtures import TODAY, config, entry, write_daily

DAY = (TODAY - timedelta(days=3)).isoformat()


def _titles(ws: Path, q: str, limit: int = 6) -> list[str]:
    return [h.title for h in search(config(ws), q, SearchOptions(limit=limit), today=TODAY).hits]


def _loyalty(ws: Path) -> None:
    write_daily(ws, DAY, [
        entry("Rule", "Points expire after 18 months", DAY, "Loyalty points expire 18 months after they are earned."),
        entry("Decision", "积分只在门店兑换", DAY, "积分兑换只在门店做，线上不做。"),
        entry("Decision", "Host on DigitalOcean", DAY, "Managed database: Postgres 16 in Singapore."),
        entry("Remember", "ส่งสรุปทุกวันศุกร์", DAY, "ส่งสรุปยอดให้พี่มาลีทุกวันศุกร์"),
    ])
    update_index(config(ws))


def test_a_chinese_question_finds_the_english_answer(workspace: Path) -> None:
    _loyalty(workspace)
    assert _titles(workspace, "积分多久过期？")[0] == "Points expire after 18 months"
    assert "Host on DigitalOcean" in _titles(workspace, "数据库放在哪里，什么版本")


def test_a_thai_question_finds_the_chinese_answer(workspace: Path) -> None:
    write_daily(workspace, DAY, [
        entry("Rule", "积分有效期", DAY, "积分从获得当天起 18 个月后过期。"),
        entry("Decision", "แลกแต้มที่ร้านเท่านั้น", DAY, "แลกแต้มได้ที่หน้าร้านเท่านั้น"),
        entry("Remember", "周会", DAY, "每周一开周会。"),
    ])
    update_index(config(workspace))
    assert _titles(workspace, "แต้มหมดอายุเมื่อไหร่")[0] == "积分有效期"


def test_an_english_question_finds_the_thai_answer(workspace: Path) -> None:
    write_daily(workspace, DAY, [
        entry("Rule", "รหัสพนักงาน", DAY, "พนักงานหน้าร้านเข้าสู่ระบบด้วย PIN 6 หลักของแต่ละสาขา"),
        entry("Remember", "Staff party", DAY, "The staff party is on the 20th."),
    ])
    update_index(config(workspace))
    assert "รหัสพนักงาน" in _titles(workspace, "how does the staff page login work")
    # both concepts in Thai, before one of them in the question's own words
    assert _titles(workspace, "how do staff log in") == ["รหัสพนักงาน", "Staff party"]


def _statements(ws: Path, q: str, limit: int) -> tuple[list[str], list[str]]:
    s = Searcher(config(ws))
    said: list[str] = []
    s.db.set_trace_callback(said.append)
    try:
        hits = s.search(q, SearchOptions(limit=limit), today=TODAY).hits
    finally:
        s.close()
    return [h.title for h in hits], said


def test_a_question_whose_own_words_find_enough_is_not_widened(workspace: Path) -> None:
    """The question's own words match every term in as many rows as asked: nothing in another language
    is searched (not one statement names 积分), and the list is what the own words found."""
    write_daily(workspace, DAY, [
        *(entry("Rule", f"Points expire rule {i}", DAY, f"Points expire after {i + 11} months.") for i in range(3)),
        entry("Rule", "积分过期", DAY, "积分 18 个月后过期。"),
    ])
    update_index(config(workspace))
    points = run_tokens("积分")[0]
    titles, said = _statements(workspace, "when do points expire", 3)
    assert sorted(titles) == [f"Points expire rule {i}" for i in range(3)]
    assert not any(points in s for s in said)
    # asked for more than its own words find, the same question is widened: the test can fail
    titles, said = _statements(workspace, "when do points expire", 6)
    assert "积分过期" in titles and any(points in s for s in said)


def test_concepts_of_a_question_and_the_names_searched() -> None:
    vocab = build(parse_glossary("points | 积分 | แต้ม\nexpire | expiry | 过期 | หมดอายุ\nlogin | log in | 登录\n", "g"))
    found = {g.own.text: [a.text for a in g.alts] for g in groups("积分多久过期？ and when do points expire", vocab)}
    # expire, expiry: one prefix (expir*), the same rows for one term
    assert found == {"积分": ["points", "แต้ม"], "过期": ["expir", "หมดอายุ"],
                     "points": ["积分", "แต้ม"], "expire": ["过期", "หมดอายุ"]}
    assert [g.own.text for g in groups("the staff logged in twice", vocab)] == ["logged in"]   # an ending
    assert groups("What did Caroline paint?", vocab) == []
    assert forms_of("deploy(?:s|ed)?") == ["deploys", "deployed", "deploy"]
    assert forms_of("(?<![一二0-9])(?:周|星期)一(?![次回])") == ["周一", "星期一"]
    assert forms_of("rate[- ]?limit.*") is None


def test_the_glossary_reads_and_each_concept_names_two_languages() -> None:
    """Every line of the shipped glossary parses (a name that mixes scripts, or a line of one name,
    is an error naming its line) and names its concept in two scripts or more: else it widens nothing."""
    from memory_store.search.expand import GLOSSARY_FILE, script_of, vocabulary

    concepts = parse_glossary(GLOSSARY_FILE.read_text(encoding="utf-8"), str(GLOSSARY_FILE))
    assert len(concepts) >= 300
    assert all(len({script_of(n) for n in names}) >= 2 for names in concepts)
    assert len(vocabulary().names) >= len(concepts)   # with concepts.txt's
    with pytest.raises(EntryError) as bad:
        parse_glossary("# x\nlogin | 登录pin\n", "g.txt")
    assert bad.value.line == 2


def test_names_searched_are_few_and_each_finds_rows_no_other_does() -> None:
    """A concept's names sharing a stem are one prefix, an English phrase holding a kept word is left
    out (its rows are the word's), and at most PER_CONCEPT names are searched, taken in turn from
    each script: each is one more term of every widening query (review17 F5, 数据库迁移什么时候做
    searched migrate, migrating, migration)."""
    from memory_store.search.expand import PER_CONCEPT

    vocab = build(parse_glossary(
        "migration | migrate | migrating | 迁移 | ไมเกรต | ย้ายระบบ\n"
        "points | loyalty points | 积分 | แต้ม\n"
        "login | 登录 | 登入 | 登陆 | ล็อกอิน | เข้าสู่ระบบ | ล็อคอิน\n", "g"))
    found = {g.own.text: [a.text for a in g.alts] for g in groups("迁移 积分 登录 loyalty points", vocab)}
    assert found["迁移"] == ["migrat", "ไมเกรต", "ย้ายระบบ"]
    assert found["积分"] == ["points", "แต้ม"]
    assert found["loyalty points"] == ["积分", "แต้ม"]
    assert found["登录"] == ["login", "ล็อกอิน", "เข้าสู่ระบบ", "ล็อคอิน"]
    assert [a.text for g in groups("login", vocab) for a in g.alts] == ["登录", "登入", "登陆", "ล็อกอิน", "เข้าสู่ระบบ"]
    assert PER_CONCEPT == 5


def test_a_chinese_question_finds_each_english_form_of_a_stem(workspace: Path) -> None:
    """migrat* finds what migrate, migrating and migration each found."""
    write_daily(workspace, DAY, [
        entry("Decision", "We migrate the orders db in March", DAY, "Plan set."),
        entry("Remember", "Migrating the users table", DAY, "Done by Tom."),
        entry("Rule", "No migration on Fridays", DAY, "Freeze."),
        entry("Remember", "ส่งสรุปทุกวันศุกร์", DAY, "ส่งสรุปยอดให้พี่มาลีทุกวันศุกร์"),
    ])
    update_index(config(workspace))
    assert sorted(_titles(workspace, "迁移什么时候做")) == sorted(
        ["We migrate the orders db in March", "Migrating the users table", "No migration on Fridays"])


def test_a_chinese_question_whose_whole_words_fill_the_page_is_not_widened(workspace: Path) -> None:
    """Rows holding every word of the question fill the page: no other language is searched
    (review17 F5: widening cost a query per concept whenever fewer than `limit` rows held every word)."""
    write_daily(workspace, DAY, [
        *(entry("Rule", f"积分规则 {i}", DAY, f"积分 {i} 倍，12 个月后过期。") for i in range(3)),
        entry("Rule", "Points expire after 18 months", DAY, "Loyalty points expire."),
    ])
    update_index(config(workspace))
    points = "point"
    titles, said = _statements(workspace, "积分 过期", 3)
    assert sorted(titles) == [f"积分规则 {i}" for i in range(3)]
    assert not any(points in s.lower() for s in said)
    titles, said = _statements(workspace, "积分 过期", 6)   # asked for more: widened, the test can fail
    assert "Points expire after 18 months" in titles and any(points in s.lower() for s in said)


def test_rows_holding_one_word_each_do_not_keep_the_answer_in_another_language_out(workspace: Path) -> None:
    """No row holds every word of the question, and rows holding one of them fill the page ("积分" of
    积分多久过期, "Ploy" of "how should the assistant format its replies to Ploy"): the answer written
    in another language is searched too, and the row naming every concept comes first (kopi-loyalty
    Q03: the evidence ranked 2-3 when 50 were asked and was not searched for 6; the same shape in
    reefsound Q07 and subline Q19)."""
    write_daily(workspace, DAY, [
        *(entry("Rule", f"积分规则 {i}", DAY, f"每消费 25 元得 {i + 1} 积分。") for i in range(3)),
        entry("Rule", "แต้มหมดอายุ 18 เดือน", DAY, "แต้มหมดอายุ 18 เดือนนับจากวันที่ได้"),
    ])
    update_index(config(workspace))
    titles, said = _statements(workspace, "积分多久过期", 3)
    assert titles[0] == "แต้มหมดอายุ 18 เดือน"
    thai, own = run_tokens("แต้ม")[0], run_tokens("积分")[0]
    assert any(thai in s for s in said)
    # the page is full of the question's own words: only rows naming every concept are searched for,
    # not those naming any (each entry-tier ranking naming แต้ม names 积分 beside it)
    ranked = [s for s in said if thai in s and "bm25(fts" in s]
    assert ranked and all(own in s for s in ranked)


def test_a_row_in_another_language_ranks_below_one_holding_as_much_of_the_question_as_written(
        workspace: Path) -> None:
    """"answer language": only "answer" names a concept. A row naming it in Chinese (回答用表格) holds no
    more of the question than "Always answer in Japanese" does in its own words, and was listed first:
    it counted as a full match, "language" being no concept's name. A full match in another language
    holds every term of the question, the ones naming no concept as written."""
    write_daily(workspace, DAY, [
        entry("Remember", "Always answer in Japanese", DAY, "From now on always answer in Japanese."),
        entry("Remember", "回答用表格", DAY, "以后回答用表格。"),
        entry("Remember", "ตอบสั้นๆ", DAY, "ต่อไปนี้ตอบสั้นๆ นะ"),
        entry("Decision", "Orders in Postgres", DAY, "We decided to use Postgres for orders."),
    ])
    update_index(config(workspace))
    titles = _titles(workspace, "answer language")
    assert titles[0] == "Always answer in Japanese", titles
    assert "回答用表格" in titles                            # still found, below


def test_the_concepts_are_read_without_compiling_each_pattern() -> None:
    """Search reads concepts.txt's patterns through their parse trees only (compiling them too was half
    of the vocabulary's cost, a widening CLI search's): a pattern that does not parse is left out,
    where the detector's loader, which compiles them, names its line."""
    from memory_store.cue_files import parse_sections
    from memory_store.search.expand import concept_names

    text = "[concept]\nrelease(?:s|d)?\nbad(\n[part:cache]\ncache|缓存\n"
    assert concept_names(text, "c.txt") == [["releases", "released", "release"], ["cache", "缓存"]]
    with pytest.raises(EntryError) as bad:
        parse_sections(text, "c.txt")
    assert bad.value.line == 3
    assert parse_sections(text, "c.txt", check=False)["concept"] == ["release(?:s|d)?", "bad("]


def test_concepts_of_devices_patients_and_billing_are_named_in_three_languages(workspace: Path) -> None:
    """Concepts the glossary lacked, each the cause of a question in one language that found nothing
    written in another (three writers' projects: a clinic's patients and ID cards, a farm's valves
    and gateway, a studio's billing): the question names one, the answer another language's name."""
    write_daily(workspace, DAY, [
        entry("Rule", "Clients are billed per minute", DAY, "Every client is billed per runtime minute."),
        entry("Constraint", "เก็บแค่เลขท้ายบัตรประชาชน", DAY, "ห้ามเก็บเลขบัตรประชาชนเต็มของผู้ป่วย เก็บแค่ 4 ตัวท้าย"),
        entry("Rule", "网关离线时节点缓存数据", DAY, "网关离线的时候，节点把读数存在本地，恢复后补发。"),
        entry("Rule", "วาล์วเปิดอัตโนมัติได้ไม่เกิน 30 นาที", DAY, "วาล์วเปิดอัตโนมัติได้ไม่เกิน 30 นาทีต่อครั้ง"),
        entry("Remember", "Team lunch", DAY, "Lunch with the team on Friday."),
    ])
    update_index(config(workspace))
    assert _titles(workspace, "คิดเงินลูกค้ายังไง")[0] == "Clients are billed per minute"
    assert _titles(workspace, "can we keep the patients' national ID numbers?")[0] == "เก็บแค่เลขท้ายบัตรประชาชน"
    assert _titles(workspace, "what do the nodes do when the gateway is offline")[0] == "网关离线时节点缓存数据"
    assert _titles(workspace, "阀门自动打开最多多久")[0] == "วาล์วเปิดอัตโนมัติได้ไม่เกิน 30 นาที"
