"""Tokenisation for the index: CJK bigrams, Thai runs, quoting of user text."""

from __future__ import annotations

import sqlite3

from memory_store.search.tokens import TOKENIZER, Term, fts_text, match_all, query_terms, run_tokens


def _db(*texts: str) -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE t USING fts5(body, tokenize='{TOKENIZER}')")
    db.executemany(
        "INSERT INTO t(rowid, body) VALUES (?, ?)", [(i, fts_text(x)) for i, x in enumerate(texts)]
    )
    return db


def _hits(db: sqlite3.Connection, query: str) -> list[int]:
    if not query_terms(query):
        return []  # nothing searchable (only punctuation): the searcher returns no results
    return [
        r[0]
        for r in db.execute(
            "SELECT rowid FROM t WHERE t MATCH ? ORDER BY rowid", (match_all(query_terms(query)),)
        )
    ]


def test_query_terms_split_scripts_and_drop_stopwords() -> None:
    terms = query_terms("Why did we pick 数据库 for การจอง?")
    assert Term("pick", False) in terms and Term("数据库", True) in terms and Term("การจอง", True) in terms
    assert all(t.text not in ("why", "did", "we", "for") for t in terms)
    assert query_terms("the") == [Term("the", False)]  # only stopwords: keep them


def test_runs_become_bigrams_and_a_last_unigram() -> None:
    assert len(run_tokens("数据库")) == 3
    assert "数据" not in fts_text("用数据库")  # the raw run never reaches unicode61


def test_two_character_chinese_word_inside_a_longer_run() -> None:
    db = _db("我们决定使用数据库来存储预订", "没有关系的句子")
    assert _hits(db, "数据") == [0]
    assert _hits(db, "预订") == [0]
    assert _hits(db, "库") == [0]  # one character: a prefix of bigrams or the run's last character


def test_thai_word_inside_a_longer_run_keeps_its_marks() -> None:
    db = _db("ทีมตัดสินใจใช้ฐานข้อมูลโพสต์เกรสสำหรับระบบจอง", "ข้อความอื่นที่ไม่เกี่ยวข้อง")
    assert _hits(db, "ฐานข้อมูล") == [0]
    assert _hits(db, "ระบบจอง") == [0]
    # tone marks matter: a different word of the same consonants does not match
    assert _hits(db, "ข้อม") == [0] and _hits(db, "ขอม") == []


def test_words_prefixes_diacritics_and_stemming() -> None:
    db = _db("We decided to use PostgreSQL for the café bookings", "Nothing here")
    assert _hits(db, "postgr") == [0]
    assert _hits(db, "cafe") == [0]
    assert _hits(db, "decide booking") == [0]


def test_user_quotes_and_operators_are_plain_text() -> None:
    db = _db('say "NOT" AND OR near( ) * ^ -x', "other")
    for q in ['"NOT"', "AND OR", "near(", "* ^", 'a"b', "-x"]:
        _hits(db, q)  # never an FTS syntax error


def test_mixed_language_query() -> None:
    db = _db("部署 pipeline 用 Kubernetes", "部署 only", "pipeline only")
    assert _hits(db, "pipeline 部署") == [0]


def test_fts_text_of_ascii_text_is_its_normal_form_since_no_run_holds_an_ascii_character() -> None:
    """fts_text returns an ASCII text as `normalise` gives it without searching it for runs: sound
    because no character of any run (`_RUN_RE`) is ASCII."""
    from memory_store.search import tokens

    assert tokens._RUN_RE.search("".join(map(chr, range(128)))) is None
    for text in ("Hello World", "fix the CI/CD job, then run `pytest -q`", "", "ＡＢＣ", "Straße"):
        assert tokens.normalise(text).isascii() and tokens.fts_text(text) == tokens.normalise(text)
    assert tokens.fts_text("数据 data") == " zz00259680025454 zz0025454  data"


def test_an_english_contraction_leaves_no_term_of_its_ending() -> None:
    """"what's", "Krit's", "don't": the ending of a contraction or a possessive is no word of the
    question. Left as a term ("s", "t"), a row had to hold some "'s" to match every term, and every
    row holding one ("Sam's", "here's") matched it (reefsound, kopi-loyalty, subline questions)."""
    words = [t.text for t in query_terms("what's the naming convention for Krit’s files? we don't know, they're late")]
    assert words == ["naming", "convention", "krit", "files", "know", "late"]
    assert [t.text for t in query_terms("can't merge, won't build, isn't it Lumen's?")] == ["merge", "build", "lumen"]
    db = _db("Krit's review rule for the README", "The naming convention of the audio files")
    assert _hits(db, "what's the naming convention") == [1]   # no "'s" in the row: it matched nothing
    assert _hits(db, "what's Krit's rule") == [0]
