"""Traditional and simplified Chinese find each other in search (memory_store.hanzi folding)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_store.errors import IndexOtherVersion
from memory_store.hanzi import table, to_simplified
from memory_store.search import indexer, schema, tokens
from memory_store.search.indexer import update_index
from memory_store.search.query import SearchOptions, search
from memory_store.search.tokens import TOKENIZER_VERSION, normalise
from tests.conftest import REPO, cli_run
from tests.memory_store.search.test_search_fixtures import TODAY, config, entry, write_daily
from tests.strategies import examples

DAY = (TODAY - timedelta(days=2)).isoformat()
# One note in each script; the words are the ones a user types in either: 记住/記住, 决定/決定,
# 资料/資料, 迁移/遷移, 后端/後端.
SIMPLIFIED = entry("Remember", "后端部署", DAY, "记住：后端服务的资料迁移到 Kubernetes 集群。")
TRADITIONAL = entry("Decision", "資料庫遷移", DAY, "我們決定把後端資料遷移到 PostgreSQL，記住先備份。")
UNRELATED = entry("Rule", "代码评审", DAY, "每个合并请求都要两个人评审。")


@pytest.fixture
def indexed(workspace: Path) -> Path:
    write_daily(workspace, DAY, [SIMPLIFIED, TRADITIONAL, UNRELATED])
    update_index(config(workspace))
    return workspace


def _hits(ws: Path, query: str) -> list:  # type: ignore[type-arg]
    return search(config(ws), query, SearchOptions(limit=6, tier="all"), today=TODAY).hits


def _titles(ws: Path, query: str) -> set[str]:
    return {h.title for h in _hits(ws, query)}


# ---- search through the real index ----------------------------------------------------------


def test_traditional_query_finds_simplified_entry(indexed: Path) -> None:
    hits = _hits(indexed, "記住")
    assert {h.title for h in hits} == {SIMPLIFIED.title, TRADITIONAL.title}
    simple = next(h for h in hits if h.title == SIMPLIFIED.title)
    assert "**记住**" in simple.snippet  # marked where it matched, in the characters written


def test_simplified_query_finds_traditional_entry(indexed: Path) -> None:
    hits = _hits(indexed, "决定")
    assert [h.title for h in hits] == [TRADITIONAL.title]
    assert "我們**決定**把後端資料遷移到" in hits[0].snippet


@pytest.mark.parametrize("query", ["后端", "後端", "迁移", "遷移", "资料", "資料"])
def test_two_character_words_match_in_both_scripts(indexed: Path, query: str) -> None:
    assert _titles(indexed, query) == {SIMPLIFIED.title, TRADITIONAL.title}


def test_a_single_character_matches_in_both_scripts(indexed: Path) -> None:
    assert _titles(indexed, "後") == _titles(indexed, "后") == {SIMPLIFIED.title, TRADITIONAL.title}


def test_mixed_chinese_and_english(indexed: Path) -> None:
    """The note with both terms ranks first (the other comes from the any-term fallback)."""
    assert [h.title for h in _hits(indexed, "迁移 PostgreSQL")] == [TRADITIONAL.title, SIMPLIFIED.title]
    hits = _hits(indexed, "後端 kubernetes")
    assert [h.title for h in hits] == [SIMPLIFIED.title, TRADITIONAL.title]
    assert hits[0].snippet == "记住：**后端**服务的资料迁移到 **Kubernetes** 集群。"


def test_snippet_marks_the_original_characters_of_a_mixed_line(indexed: Path) -> None:
    """A simplified query over a traditional line: every match marked, nothing folded in the output."""
    hits = _hits(indexed, "后端资料迁移")
    trad = next(h for h in hits if h.title == TRADITIONAL.title)
    assert trad.snippet == "我們決定把**後端資料遷移**到 PostgreSQL，記住先備份。"


def test_folding_does_not_make_unrelated_words_match(indexed: Path) -> None:
    assert _titles(indexed, "評審") == {UNRELATED.title}  # 評審 -> 评审
    # 库 only in the traditional title: the exact match ranks first; other rows holding part of the run
    # (资料) may follow it as weaker matches, because fewer hits than asked widen the search.
    assert _hits(indexed, "資料庫")[0].title == TRADITIONAL.title


def test_cli_finds_the_other_script(indexed: Path) -> None:
    p = cli_run("--workspace", str(indexed), "search", "記住", "--tier", "all")
    assert p.returncode == 0, p.stderr
    assert "**记住**" in p.stdout and "**記住**" in p.stdout


# ---- an index built before the folding ------------------------------------------------------


def _build_version_1(ws: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An index as the previous tokenizer built it: no folding, tokenizer version "1"."""
    monkeypatch.setattr(tokens, "to_simplified", lambda text: text)
    monkeypatch.setattr(schema, "TOKENIZER_VERSION", "1")
    monkeypatch.setattr(indexer, "TOKENIZER_VERSION", "1")
    update_index(config(ws), rebuild=True)
    monkeypatch.undo()


def test_old_version_index_is_reported_stale_and_rebuilt(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pins the TOKENIZER_VERSION bump: an unfolded index is not read; until it is rebuilt, search
    answers from a scan of the memory files (which folds) with a note naming the command that
    rebuilds it (exit 0, never an error: search writes nothing, so it cannot rebuild it itself),
    and a plain `memjobs index` rebuilds it, after which the index answers without the note."""
    assert TOKENIZER_VERSION != "1"
    write_daily(workspace, DAY, [SIMPLIFIED, TRADITIONAL])
    _build_version_1(workspace, monkeypatch)
    db = sqlite3.connect(workspace / ".memjobs" / "index.sqlite")
    assert db.execute("SELECT value FROM meta WHERE key='tokenizer'").fetchone() == ("1",)
    db.close()
    with pytest.raises(IndexOtherVersion, match=r"another version: run `memjobs index --rebuild`"):
        schema.open_readonly(workspace / ".memjobs" / "index.sqlite")
    result = search(config(workspace), "記住", SearchOptions(limit=10, tier="all"))
    assert {h.title for h in result.hits} == {SIMPLIFIED.title, TRADITIONAL.title}
    assert result.note and "memjobs index --rebuild" in result.note
    p = cli_run("--workspace", str(workspace), "search", "記住")
    assert p.returncode == 0 and "memjobs index --rebuild" in p.stderr and "Traceback" not in p.stderr
    assert cli_run("--workspace", str(workspace), "index").returncode == 0
    assert _titles(workspace, "記住") == {SIMPLIFIED.title, TRADITIONAL.title}
    assert search(config(workspace), "記住").note is None


# ---- to_simplified -------------------------------------------------------------------------

KEYS = sorted(chr(c) for c in table())
_TEXT = st.text(st.one_of(st.sampled_from(KEYS), st.sampled_from(sorted(map(chr, table().values()))), st.characters()))


def test_the_whole_table_is_one_to_one_and_folds_once() -> None:
    keys = "".join(KEYS)
    folded = to_simplified(keys)
    assert len(folded) == len(keys) == len(table()) > 3000
    assert all(table()[ord(k)] == ord(s) != ord(k) for k, s in zip(keys, folded, strict=True))
    assert to_simplified(folded) == folded  # no chains: folding twice changes nothing
    assert all(to_simplified(chr(t)) == chr(s) for t, s in table().items())  # each alone (the pre-check)
    assert to_simplified("記住 決定 資料 遷移 後端") == "记住 决定 资料 迁移 后端"


@given(_TEXT)
@settings(max_examples=examples(300))
def test_to_simplified_keeps_length_and_everything_not_in_the_table(text: str) -> None:
    out = to_simplified(text)
    assert len(out) == len(text)
    assert all(o == t for o, t in zip(out, text, strict=True) if ord(t) not in table())
    assert to_simplified(out) == out
    assert normalise(text) == normalise(out)  # index and query fold to the same text


def test_importing_does_not_load_the_table() -> None:
    """The search fast path imports memory_store.hanzi: the table loads on first use, not before."""
    code = (
        "import memory_store.search.query, memory_store.hanzi as h\n"
        "assert h.table.cache_info().currsize == 0\n"
        "assert h.to_simplified('ascii only') == 'ascii only' and h.table.cache_info().currsize == 0\n"
        "assert h.to_simplified('後') == '后' and h.table.cache_info().currsize == 1\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert p.returncode == 0, p.stderr


def test_table_loads_from_a_zip_and_without_a_loader_reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table is read through the module's loader, so it also loads from a zipped package; a
    loader without get_data falls back to importlib.resources with the same result."""
    import zipfile

    from memory_store import hanzi

    pkg = REPO / "memory_store"
    zipped = tmp_path / "pkg.zip"
    with zipfile.ZipFile(zipped, "w") as z:
        for rel in ("__init__.py", "hanzi.py", "data/t2s.txt"):
            z.write(pkg / rel, f"memory_store/{rel}")
    code = (
        f"import sys; sys.path.insert(0, {str(zipped)!r})\n"
        "import memory_store.hanzi as h\n"
        "assert '.zip' in h.__file__, h.__file__\n"
        "print(len(h.table()), h.to_simplified('遷移'))\n"
    )
    p = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == [str(len(table())), "迁移"]
    monkeypatch.setattr(hanzi, "__spec__", None)
    assert hanzi._read_data() == (pkg / "data" / "t2s.txt").read_text(encoding="utf-8")
