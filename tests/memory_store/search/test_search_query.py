"""Queries: English, Thai and Chinese; ranking; tiers; filters; the read-only guarantee; the CLI."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from memory_store.errors import IndexMissing, UsageError
from memory_store.search.indexer import bump_generation, update_index
from memory_store.search.query import Hit, Searcher, SearchOptions, _below_replacements, search
from tests.conftest import cli_run
from tests.memory_store.search.test_search_fixtures import TODAY, config, entry, snapshot, write_daily

RECENT = (TODAY - timedelta(days=3)).isoformat()
OLD = (TODAY - timedelta(days=400)).isoformat()


@pytest.fixture
def indexed(workspace: Path) -> Path:
    """A workspace with entries in three languages, warm and cold, indexed."""
    new = entry(
        "Decision",
        "Move the bookings store to PostgreSQL",
        RECENT,
        "Bookings live in PostgreSQL 16 instead of MySQL.",
        why="We need transactions across payments.",
    )
    old = entry(
        "Decision",
        "Keep bookings in MySQL",
        (TODAY - timedelta(days=20)).isoformat(),
        "Bookings stay in MySQL; bookings database unchanged.",
        status="superseded",
        superseded_by=new.id,
    )
    write_daily(
        workspace,
        RECENT,
        [
            new,
            entry("Rule", "ห้าม deploy วันศุกร์", RECENT, "ทีมตกลงว่าห้ามปล่อยระบบขึ้นโปรดักชันในวันศุกร์เด็ดขาด"),
            entry("Architecture", "数据层重构", RECENT, "我们决定把数据层拆成独立服务，统一用消息队列同步"),
            entry("Remember", "部署 pipeline", RECENT, "部署 pipeline 用 Kubernetes 和 Argo CD"),
        ],
        prose="Free notes: the on-call rota moves to Tuesdays.",
    )
    write_daily(workspace, (TODAY - timedelta(days=20)).isoformat(), [old])
    write_daily(
        workspace,
        OLD,
        [
            entry(
                "Constraint", "Data residency", OLD, "Customer data must stay in the EU region (Frankfurt)."
            ),
            entry(
                "Procedure", "Rotate the signing keys", OLD, "Rotate keys with the vault CLI every quarter."
            ),
        ],
    )
    wrap = workspace / "second-brain" / "summaries" / f"{OLD}-wrapup.md"
    wrap.parent.mkdir(parents=True, exist_ok=True)
    wrap.write_text(
        f"# Wrap-up {OLD}\n\n## Technical notes / debugging lessons\n"
        "- The flaky payments test was a timezone bug in Frankfurt fixtures.\n",
        encoding="utf-8",
    )
    update_index(config(workspace))
    return workspace


def _search(ws: Path, q: str, **kw: object) -> list:  # type: ignore[type-arg]
    opts = SearchOptions(**{"limit": 6, **kw})  # type: ignore[arg-type]
    return search(config(ws), q, opts, today=TODAY).hits


def test_english_words_prefix_and_substring(indexed: Path) -> None:
    assert _search(indexed, "postgresql")[0].title == "Move the bookings store to PostgreSQL"
    assert _search(indexed, "Postgr")[0].title == "Move the bookings store to PostgreSQL"  # partial word
    hit = _search(indexed, "gresql")[0]  # inside a word
    assert hit.title == "Move the bookings store to PostgreSQL" and "**" in hit.snippet


def test_chinese_two_character_word(indexed: Path) -> None:
    hits = _search(indexed, "数据")
    assert [h.title for h in hits] == ["数据层重构"]
    assert "**数据**" in hits[0].snippet
    assert [h.title for h in _search(indexed, "消息队列")] == ["数据层重构"]


def test_thai_word_inside_a_longer_run(indexed: Path) -> None:
    hits = _search(indexed, "วันศุกร์")
    assert hits and hits[0].title == "ห้าม deploy วันศุกร์"
    assert [h.title for h in _search(indexed, "โปรดักชัน")] == ["ห้าม deploy วันศุกร์"]


def test_mixed_language_text_and_query(indexed: Path) -> None:
    # the row that holds both words first; then a deploy named in another language (expand.py)
    assert [h.title for h in _search(indexed, "pipeline 部署")] == ["部署 pipeline", "ห้าม deploy วันศุกร์"]
    assert _search(indexed, "deploy วันศุกร์")[0].kind == "rule"


def test_superseded_decision_ranks_below_its_replacement(indexed: Path) -> None:
    hits = _search(indexed, "bookings mysql")
    titles = [h.title for h in hits]
    assert titles.index("Move the bookings store to PostgreSQL") < titles.index("Keep bookings in MySQL")
    assert hits[titles.index("Keep bookings in MySQL")].status == "superseded"
    replaced = hits[titles.index("Keep bookings in MySQL")].to_dict()
    assert replaced["superseded_by"] == hits[titles.index("Move the bookings store to PostgreSQL")].id


def test_a_superseded_entry_never_ranks_above_its_replacement(workspace: Path) -> None:
    """Even when its text matches the query far better, a superseded entry comes right after
    the entry that replaced it."""
    new = entry("Decision", "Bookings move to Postgres", RECENT, "Postgres from now on.")
    old = entry("Decision", "Keep bookings in MySQL", RECENT, "MySQL for bookings; MySQL 8; MySQL replicas.",
                status="superseded", superseded_by=new.id)
    other = entry("Decision", "MySQL dumps go to S3", RECENT, "Nightly MySQL dumps.")
    write_daily(workspace, RECENT, [old, other, new])
    update_index(config(workspace))
    hits = _search(workspace, "mysql postgres bookings")
    order = [h.id for h in hits]
    assert order.index(new.id) < order.index(old.id)
    assert hits[order.index(old.id)].to_dict()["superseded_by"] == new.id

    def hit(i: int, ident: str, score: float, superseded_by: str | None = None) -> Hit:
        return Hit(i, "memory/x.md", i, "entry", "decision", ident, ident, "", RECENT, "active", 0.9, None,
                   -score, score=score, superseded_by=superseded_by)

    # The status weight usually does it; where a far better text match would not, the order does.
    ranked = _below_replacements([hit(1, "OLD", 9.0, "NEW"), hit(2, "X", 5.0), hit(3, "NEW", 1.0), hit(4, "Y", 0.5)],
                                 lambda _id: None)
    assert [h.id for h in ranked] == ["X", "NEW", "OLD", "Y"] and ranked[2].score <= ranked[1].score
    # Pins: "Use Postgres 16" superseded by a MySQL move that a later decision reversed again ranked
    # above the active answer: its direct replacement was not among the hits, so nothing moved it.
    # The chain is followed through the index (MID, not listed, was superseded by NEW).
    chain = {"MID": "NEW"}
    ranked = _below_replacements([hit(1, "OLD", 9.0, "MID"), hit(2, "X", 5.0), hit(3, "NEW", 1.0), hit(4, "Y", 0.5)],
                                 chain.get)
    assert [h.id for h in ranked] == ["X", "NEW", "OLD", "Y"] and ranked[2].score <= ranked[1].score
    # Listed links of the chain are read from the hits; a cycle in hand-edited files ends the walk.
    ranked = _below_replacements([hit(1, "A", 9.0, "B"), hit(2, "C", 5.0), hit(3, "B", 4.0, "C")],
                                 {"C": "A"}.get)
    assert [h.id for h in ranked] == ["C", "B", "A"]


def test_revoked_rows_are_excluded(workspace: Path) -> None:
    write_daily(
        workspace, RECENT, [entry("Decision", "Use Redis for sessions", RECENT, "Redis.", status="revoked")]
    )
    update_index(config(workspace))
    assert _search(workspace, "redis") == []


def test_tiers_warm_first_then_cold(indexed: Path) -> None:
    assert _search(indexed, "frankfurt", tier="warm") == []
    cold = _search(indexed, "frankfurt")  # warm has too few: cold fills in
    assert {h.path for h in cold} == {f"memory/{OLD}.md", f"second-brain/summaries/{OLD}-wrapup.md"}
    assert {h.path for h in _search(indexed, "frankfurt", tier="cold")} == {h.path for h in cold}
    assert _search(indexed, "postgresql", tier="cold") == []
    assert len(_search(indexed, "bookings", tier="all")) == 2


def test_cold_is_searched_only_when_warm_has_too_few_full_matches(indexed: Path) -> None:
    cold_paths = (f"memory/{OLD}.md", f"second-brain/summaries/{OLD}-wrapup.md")
    assert [h.path in cold_paths for h in _search(indexed, "data", limit=1)] == [False]  # warm suffices
    hits = _search(indexed, "data")  # too few warm hits: cold joins, ranked together
    assert {h.path for h in hits} & set(cold_paths) and {h.path for h in hits} - set(cold_paths)
    # a question whose words are not all in any warm row reaches the cold row that has them all
    assert _search(indexed, "where must customer data stay?")[0].path == f"memory/{OLD}.md"


def test_kind_and_date_filters(indexed: Path) -> None:
    assert [h.kind for h in _search(indexed, "bookings", kinds=("decision",))] == ["decision", "decision"]
    assert _search(indexed, "bookings", kinds=("rule",)) == []
    assert len(_search(indexed, "bookings", since=date.fromisoformat(RECENT))) == 1
    assert _search(indexed, "frankfurt", until=date.fromisoformat(OLD), tier="all")


def test_bad_options_are_usage_errors(indexed: Path) -> None:
    for kw in ({"limit": 0}, {"limit": 51}, {"tier": "hot"}, {"kinds": ("decisions",)}):
        with pytest.raises(UsageError):
            _search(indexed, "x", **kw)


def test_json_shape_of_design_8(indexed: Path) -> None:
    out = search(config(indexed), "postgresql", SearchOptions(limit=6), today=TODAY).to_dict()
    assert set(out) == {"query", "took_ms", "results"}
    r = out["results"][0]
    assert list(r) == [
        "path",
        "line",
        "id",
        "kind",
        "title",
        "date",
        "status",
        "confidence",
        "origin",
        "score",
        "source",
        "snippet",
        "tier",
        "layer",
        "uncertain",
        "superseded_by",
        "disputed_by",
        "disputes",
        "ended",
    ]
    assert r["disputed_by"] is None and r["disputes"] is None   # no open conflict here
    assert r["ended"] is None   # no "until" in its words
    assert r["tier"] == "warm" and r["uncertain"] is False and r["layer"] == "semantic"
    assert r["path"] == f"memory/{RECENT}.md" and r["kind"] == "decision" and r["status"] == "active"
    assert r["superseded_by"] is None and r["origin"] is None      # an entry written without an origin
    text = (indexed / r["path"]).read_text("utf-8").splitlines()
    assert text[r["line"] - 1] == f"## Decision: {r['title']}"
    assert r["source"] == {
        "session_id": "sess-1",
        "session_path": "/home/u/.claude/projects/p/sess-1.jsonl",
        "message_range": "L3-L9",
    }
    assert r["snippet"] == "Bookings live in **PostgreSQL** 16 instead of MySQL."
    chunk = search(config(indexed), "rota", SearchOptions(limit=6, tier="warm"), today=TODAY).to_dict()[
        "results"
    ][0]
    assert chunk["id"] is None and chunk["status"] is None and chunk["source"] is None
    assert chunk["confidence"] is None and chunk["kind"] is None and chunk["line"] == 3


def test_missing_and_stale_index(workspace: Path) -> None:
    cfg = config(workspace)
    with pytest.raises(IndexMissing, match="memjobs index"):
        search(cfg, "x")
    assert not (cfg.state_dir / "index.sqlite").exists()  # never built by a query
    update_index(cfg)
    bump_generation(cfg.state_dir)
    assert search(cfg, "x").stale


def test_a_hundred_queries_write_nothing(indexed: Path) -> None:
    """Pins docs/design.md §3: the read path never becomes a write path (no -wal/-shm, same mtimes)."""
    before = snapshot(indexed)
    s = Searcher(config(indexed))
    queries = ["postgresql", "数据", "วันศุกร์", "pipeline 部署", "frankfurt", "gresql", '"quoted" AND', "x"]
    for i in range(100):
        s.search(
            queries[i % len(queries)], SearchOptions(limit=6, tier=(None, "all", "cold")[i % 3]), today=TODAY
        )
    s.close()
    for q in ("bookings", "数据"):
        search(config(indexed), q)
    assert snapshot(indexed) == before
    assert not any(p.name.endswith(("-wal", "-shm", "-journal")) for p in (indexed / ".memjobs").iterdir())


def _today_bkk() -> str:
    return datetime.now(ZoneInfo("Asia/Bangkok")).date().isoformat()


def test_cli_search_json_human_and_read_only(workspace: Path) -> None:
    day = _today_bkk()
    write_daily(
        workspace,
        day,
        [entry("Decision", "Use PostgreSQL for bookings", day, "Bookings live in PostgreSQL.")],
    )
    assert cli_run("search", "postgresql").returncode == 1  # no index yet
    p = cli_run("search", "postgresql")
    assert "memjobs index" in p.stderr and "Traceback" not in p.stderr
    assert cli_run("index").returncode == 0
    before = snapshot(workspace)
    p = cli_run("search", "postgresql", "--json")
    assert p.returncode == 0, p.stderr
    obj = json.loads(p.stdout)
    assert obj["results"][0]["title"] == "Use PostgreSQL for bookings"
    p = cli_run("search", "postgresql")
    first = p.stdout.splitlines()
    assert first[0].startswith(f"memory/{day}.md:") and first[0].endswith(
        f"Use PostgreSQL for bookings  ({day}, active, 0.90)"
    )
    assert first[1].strip() == "Bookings live in **PostgreSQL**."
    assert cli_run("search", "x", "--limit", "99").returncode == 2
    assert snapshot(workspace) == before


def test_an_index_from_before_superseded_by_still_answers(indexed: Path) -> None:
    """An index built by the previous version (no superseded_by column) is searched as it is,
    with superseded_by null, until the next job's update migrates it."""
    import sqlite3

    db = sqlite3.connect(indexed / ".memjobs" / "index.sqlite")
    with db:
        db.execute("ALTER TABLE rows DROP COLUMN superseded_by")
        db.execute("DELETE FROM migrations WHERE name = '005_superseded_by'")
    db.close()
    hits = _search(indexed, "bookings mysql")
    assert hits and all(h.superseded_by is None for h in hits)
    update_index(config(indexed))
    assert any(h.superseded_by for h in _search(indexed, "bookings mysql"))

