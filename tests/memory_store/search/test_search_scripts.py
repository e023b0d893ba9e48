"""Scripts beyond English, Thai and Chinese: a Korean word with its particle glued on, Japanese kana,
and Lao and Khmer runs written without spaces all match by the word a person would type."""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from memory_store.search.indexer import update_index
from memory_store.search.query import SearchOptions, search
from memory_store.search.tokens import query_terms
from tests.memory_store.search.test_search_fixtures import TODAY, config, entry, write_daily

DAY = (TODAY - timedelta(days=2)).isoformat()


@pytest.fixture
def indexed(workspace: Path) -> Path:
    write_daily(workspace, DAY, [
        entry("Decision", "결제 서비스 분리", DAY, "결제 데이터베이스를 PostgreSQL로 옮기기로 결정했습니다."),
        entry("Remember", "デプロイの手順", DAY, "デプロイはいつも金曜日の前に終わらせること。"),
        entry("Rule", "ກົດການເຜີຍແຜ່", DAY, "ຫ້າມເຜີຍແຜ່ລະບົບໃນວັນສຸກ"),
        entry("Constraint", "ច្បាប់ការដាក់ពង្រាយ", DAY, "កុំដាក់ពង្រាយប្រព័ន្ធនៅថ្ងៃសុក្រ"),
        entry("Decision", "Keep the database on MySQL", DAY, "Nothing moves this quarter."),
    ])
    update_index(config(workspace))
    return workspace


def _titles(ws: Path, q: str) -> list[str]:
    return [h.title for h in search(config(ws), q, SearchOptions(limit=6), today=TODAY).hits]


def test_korean_word_matches_with_its_particle(indexed: Path) -> None:
    assert _titles(indexed, "데이터베이스") == ["결제 서비스 분리"]    # stored as 데이터베이스를
    assert _titles(indexed, "결제") == ["결제 서비스 분리"]


def test_japanese_kana_inside_a_sentence(indexed: Path) -> None:
    assert _titles(indexed, "金曜日") == ["デプロイの手順"]
    assert _titles(indexed, "デプロイ") == ["デプロイの手順"]


def test_lao_and_khmer_words_inside_longer_runs(indexed: Path) -> None:
    assert _titles(indexed, "ວັນສຸກ") == ["ກົດການເຜີຍແຜ່"]
    assert _titles(indexed, "ថ្ងៃសុក្រ") == ["ច្បាប់ការដាក់ពង្រាយ"]


def test_runs_do_not_cross_scripts() -> None:
    terms = query_terms("결제ກົດ数据")
    assert [t.text for t in terms] == ["결제", "ກົດ", "数据"] and all(t.run for t in terms)


def test_a_question_typed_as_one_run_finds_its_content_words(workspace: Path) -> None:
    """Chinese and Thai questions have no spaces: the whole question is one run that no entry holds
    verbatim. Its bigrams still find the entry, and the rare ones (数据库) outrank the common (我们)."""
    write_daily(workspace, DAY, [
        entry("Decision", "数据库迁到 PostgreSQL", DAY, "订单数据库从 MySQL 迁到 PostgreSQL 16。"),
        entry("Remember", "周会", DAY, "我们每周一开周会，我们什么都会聊一下。"),
        entry("Decision", "ย้ายฐานข้อมูล", DAY, "ย้ายฐานข้อมูลลูกค้าไป PostgreSQL"),
        entry("Remember", "ประชุม", DAY, "เราคุยกันทุกวันจันทร์ว่าทำอะไรไปบ้าง"),
    ])
    update_index(config(workspace))
    assert _titles(workspace, "我们决定用什么数据库")[0] == "数据库迁到 PostgreSQL"
    assert _titles(workspace, "我們決定用什麼數據庫")[0] == "数据库迁到 PostgreSQL"  # traditional, folded
    assert _titles(workspace, "เราตัดสินใจใช้ฐานข้อมูลอะไร")[0] == "ย้ายฐานข้อมูล"
    hit = search(config(workspace), "我们决定用什么数据库", SearchOptions(limit=1), today=TODAY).hits[0]
    assert "**数据库**" in hit.snippet or "**数据**" in hit.snippet, hit.snippet
