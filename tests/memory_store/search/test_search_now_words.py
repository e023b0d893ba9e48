"""A question that asks for what holds now ("now", "right now", 现在, ตอนนี้) is searched by its other
words: the word for "now" is a question word, and cut by a shorter stop word it did worse than nothing
(现在 lost 在 and glued 现 to the word before it: 归档现 is in no text)."""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from memory_store.search.indexer import update_index
from memory_store.search.query import SearchOptions, search
from memory_store.search.tokens import query_terms
from tests.memory_store.search.test_search_fixtures import TODAY, config, entry, write_daily


def _words(query: str) -> list[str]:
    return [t.text for t in query_terms(query)]


def test_the_chinese_now_is_cut_whole_and_glues_nothing() -> None:
    assert _words("归档现在保留多久？") == ["归档", "保留"]
    assert _words("上傳現在什麼時候可以跑？") == ["上传"]
    assert _words("库存汇总现在几点推送？") == ["库存汇总", "推送"]
    assert _words("网关现在用的是哪家的 SIM 卡？") == ["网关", "sim", "卡"]


def test_the_thai_now_leaves_no_half_word() -> None:
    assert _words("ตอนนี้ detector ใช้ threshold เท่าไหร่") == ["detector", "ใช้", "threshold"]
    assert "ตอน" not in _words("ตอนนี้ web shop ใช้เจ้าไหนรับเงิน")


def test_right_now_and_currently_are_no_words_of_the_question() -> None:
    assert _words("what's the refund rule right now?") == ["refund", "rule"]
    assert _words("which bucket do we currently use for backups") == ["bucket", "use", "backups"]
    assert _words("is the right sidebar done") == ["right", "sidebar"]   # "right" alone is a word


def test_a_now_question_in_chinese_finds_the_entry_among_rows_holding_one_of_its_words(workspace: Path) -> None:
    older = (TODAY - timedelta(days=20)).isoformat()
    newer = (TODAY - timedelta(days=3)).isoformat()
    said = "村委会要听半年内的会议录音，所以谈话节目的归档保留 180 天；音乐节目仍是 90 天，过期从存储桶里删掉。"
    write_daily(workspace, older, [entry("Rule", "谈话节目的录音归档以后保留 180 天", older, said)])
    write_daily(workspace, newer, [
        entry("Remember", f"第 {i} 台保留", newer, f"保留原样，保留 {i} 份。") for i in range(8)
    ])
    update_index(config(workspace))
    hits = search(config(workspace), "归档现在保留多久？", SearchOptions(limit=6), today=TODAY).hits
    assert hits and hits[0].title == "谈话节目的录音归档以后保留 180 天"


def test_who_and_when_are_question_words_in_thai_and_chinese_as_in_english() -> None:
    assert _words("票价谁来改？要走 PR 吗") == ["票价", "来改", "要走", "pr"]     # not 票价谁来改, in no text
    assert _words("โซน B ใครดูแล") == ["โซน", "b", "ดูแล"]
    assert _words("网关掉线的时候节点会把数据存起来吗") == ["网关掉线", "节点会", "数据存起来"]
