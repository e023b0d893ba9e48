"""The sessions tier (memory_store/search/said.py): what was said in the transcripts, searched as the
coldest tier, cited by transcript and lines, never tool output, thinking or excluded sessions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from filelock import FileLock

from memory_store.config import load_config
from memory_store.entries import BlockEntry, Source, make_id
from memory_store.locks import lock_path
from memory_store.search import query as query_mod
from memory_store.search import said as said_mod
from memory_store.search.indexer import update_index
from memory_store.search.query import SearchOptions, search
from tests.memory_store.search.test_search_fixtures import TODAY, entry, write_daily

DAY = "2026-11-20"


def _line(role: str, content: object, n: int, sid: str = "s-1") -> str:
    return json.dumps({
        "type": role, "sessionId": sid, "uuid": f"{sid}-{n}", "isSidechain": False, "cwd": "/home/u/harbor",
        "timestamp": f"{DAY}T03:{n:02d}:00Z", "message": {"role": role, "content": content},
    })


def _transcripts(root: Path) -> Path:
    folder = root / "cc" / "-home-u-harbor"
    folder.mkdir(parents=True)
    (folder / "s-1.jsonl").write_text("\n".join([
        _line("user", "we agreed the staging database gets wiped every Sunday night", 0),
        _line("assistant", [
            {"type": "thinking", "thinking": "maybe a zebra printer secret plan", "signature": "x"},
            {"type": "text", "text": "Noted: test accounts go in the seed script."},
        ], 1),
        _line("assistant", [{"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "ls gondola"}}], 2),
        _line("user", [{"type": "tool_result", "tool_use_id": "t1", "content": "gondola.txt"}], 3),
        _line("user", "the label printer at the Antwerp depot is a Zebra ZT410", 4),
    ]) + "\n", encoding="utf-8")
    (folder / "s-2.jsonl").write_text(
        _line("user", "heartbeat: are you there? Sunday check", 0, "s-2") + "\n", encoding="utf-8"
    )
    return root / "cc"


@pytest.fixture
def ws(workspace: Path, tmp_path: Path) -> Path:
    cc = _transcripts(tmp_path)
    (workspace / "memjobs.yaml").write_text(
        "transcripts:\n  - {format: claude-code, path: " + json.dumps(str(cc)) + "}\n", encoding="utf-8"
    )
    write_daily(workspace, DAY, [entry("Decision", "Use PostgreSQL for orders", DAY, "Orders live in PostgreSQL.")])
    update_index(load_config(workspace))
    return workspace


def _hits(ws: Path, q: str, **kw: object) -> list[dict]:  # type: ignore[type-arg]
    opts = SearchOptions(**{"limit": 6, **kw})  # type: ignore[arg-type]
    return search(load_config(ws), q, opts, today=TODAY).to_dict()["results"]


def test_a_message_is_found_and_cited_by_its_transcript_lines(ws: Path) -> None:
    hits = _hits(ws, "when is the staging database wiped?")
    said = [h for h in hits if h["tier"] == "sessions"]
    assert said, hits
    h = said[0]
    assert h["uncertain"] is True and h["speaker"] == "user" and h["id"] is None and h["date"] == DAY
    assert h["source"]["message_range"] == "L1-L1" and h["source"]["session_path"].endswith("s-1.jsonl")
    assert h["path"] == h["source"]["session_path"] and "**staging**" in h["snippet"]


def test_tool_calls_results_and_thinking_are_not_indexed(ws: Path) -> None:
    assert _hits(ws, "gondola", tier="sessions") == []
    assert _hits(ws, "secret plan", tier="sessions") == []
    # The message first; its neighbours only by their context column (a question's words).
    assert [h["source"]["message_range"] for h in _hits(ws, "seed script", tier="sessions")] == [
        "L2-L2", "L1-L1", "L5-L5"]


def test_tiers_sessions_only_and_all_stays_entries(ws: Path) -> None:
    assert {h["tier"] for h in _hits(ws, "zebra printer", tier="sessions")} == {"sessions"}
    assert _hits(ws, "zebra printer", tier="all") == []
    assert [h["tier"] for h in _hits(ws, "postgresql")] == ["warm"]  # a full entry match: no fallback needed


def test_excluded_sessions_never_and_later_excluded_leave(ws: Path) -> None:
    """The default `heartbeat*` pattern keeps s-2 out; a pattern added later takes s-1 out on the next
    pass, and a deleted transcript leaves too."""
    sunday = _hits(ws, "sunday", tier="sessions")
    assert sunday and not any(h["path"].endswith("s-2.jsonl") for h in sunday)
    cfg_path = ws / "memjobs.yaml"
    cfg_path.write_text(cfg_path.read_text("utf-8") + 'exclude_sessions: ["*staging*", "heartbeat*"]\n', "utf-8")
    update_index(load_config(ws))
    assert _hits(ws, "zebra", tier="sessions") == []
    cfg_path.write_text(cfg_path.read_text("utf-8").replace('"*staging*", ', ""), "utf-8")
    update_index(load_config(ws))
    transcript = Path(_hits(ws, "zebra", tier="sessions")[0]["path"])
    transcript.unlink()
    update_index(load_config(ws))
    assert _hits(ws, "zebra", tier="sessions") == []


def test_new_lines_are_read_incrementally(ws: Path) -> None:
    path = Path(_hits(ws, "zebra", tier="sessions")[0]["path"])
    with path.open("a", encoding="utf-8") as fh:
        fh.write(_line("user", "the forklift in Ghent runs on propane", 5) + "\n")
    stats = update_index(load_config(ws))
    assert stats.sessions and stats.sessions["rows_added"] == 1
    # The new message, then the one before it, which now has it as context (then their neighbours).
    assert [h["source"]["message_range"] for h in _hits(ws, "forklift propane", tier="sessions")][:2] == [
        "L6-L6", "L5-L5"]


def _said_index(ws: Path, queries: list[str]) -> list[list[tuple[str, float]]]:
    return [[(h["source"]["message_range"], h["score"]) for h in _hits(ws, q, tier="sessions", limit=20)]
            for q in queries]


def test_context_of_an_appended_session_is_what_a_rebuild_makes(ws: Path) -> None:
    """Trigger: a message is indexed with its neighbours (said.py); when a pass appends to a session,
    the message that was last gets its `after` rewritten in the contentless FTS table, where a delete
    with other values than were inserted corrupts the index silently.
    Outcome: forgetting the file leaves no token behind, and the appended session answers as the
    same file read in one pass does."""
    path = Path(_hits(ws, "zebra", tier="sessions")[0]["path"])
    for n, text in ((5, "the forklift in Ghent runs on propane"), (6, "and the zebra printer needs new labels")):
        with path.open("a", encoding="utf-8") as fh:
            fh.write(_line("user" if n == 5 else "assistant", text, n) + "\n")
        update_index(load_config(ws))
    queries = ["forklift propane", "zebra printer labels", "Antwerp depot", "seed script", "ghent"]
    incremental = _said_index(ws, queries)
    assert any(len(hits) >= 2 for hits in incremental)
    content = path.read_bytes()
    path.unlink()
    update_index(load_config(ws))
    assert _said_index(ws, queries) == [[] for _ in queries]
    db = said_mod.sqlite3.connect(ws / ".memjobs" / "index.sqlite")
    try:  # nothing is left behind in the word index either (a wrong delete would leave tokens)
        assert db.execute("SELECT count(*) FROM said").fetchone()[0] == 0
        for word in ("forklift", "propane", "zebra", "labels", "antwerp", "seed"):
            assert db.execute("SELECT count(*) FROM said_fts WHERE said_fts MATCH ?", (word,)).fetchone()[0] == 0
    finally:
        db.close()
    path.write_bytes(content)  # read again in one pass, as a rebuild reads it
    update_index(load_config(ws))
    assert _said_index(ws, queries) == incremental


def test_a_question_finds_the_answer_worded_by_the_message_before(ws: Path) -> None:
    """An answer is often worded by the question before it: "what did you paint?" / "a sunset over
    the lake". The answer is found for a question that uses the earlier message's words."""
    path = Path(_hits(ws, "zebra", tier="sessions")[0]["path"])
    with path.open("a", encoding="utf-8") as fh:
        fh.write(_line("assistant", "Which conveyor vendor did the depot pick in the end?", 5) + "\n")
        fh.write(_line("user", "Interroll, after the trial in March", 6) + "\n")
    update_index(load_config(ws))
    hits = _hits(ws, "which conveyor vendor was picked", tier="sessions")
    assert {h["source"]["message_range"] for h in hits[:2]} == {"L6-L6", "L7-L7"}


def test_the_answer_next_to_the_matching_message_is_found(ws: Path) -> None:
    """Trigger: the question's words are in one message (past what a neighbour's context column
    holds of it) and the answer, in other words, is the next message of the session.
    Outcome: the answer is listed too, cited by its own lines, below the message that matched; a
    neighbour that an entry cites adds to that entry instead of being listed twice."""
    path = Path(_hits(ws, "zebra", tier="sessions")[0]["path"])
    padding = "Some notes on the loading bays, the forklift schedule and the night shift rota. " * 5
    with path.open("a", encoding="utf-8") as fh:
        fh.write(_line("assistant", padding + "Which conveyor vendor did the depot pick in the end?", 5) + "\n")
        fh.write(_line("user", "Interroll, after the trial in March", 6) + "\n")
    update_index(load_config(ws))
    for tier in ("sessions", None):
        hits = [h for h in _hits(ws, "which conveyor vendor did the depot pick", tier=tier) if h["tier"] == "sessions"]
        ranges = [h["source"]["message_range"] for h in hits]
        assert ranges[0] == "L6-L6" and "L7-L7" in ranges, (tier, ranges)
        assert hits[ranges.index("L7-L7")]["uncertain"] is True

    write_daily(ws, DAY, [
        entry("Decision", "Use PostgreSQL for orders", DAY, "Orders live in PostgreSQL."),
        BlockEntry(kind="Decision", title="Interroll for the depot", id=make_id("Decision", DAY, "Interroll", "x"),
                   date=DAY, source=Source("s-1", str(path), "L7-L7"), conclusion="Interroll was chosen.",
                   confidence=0.9),
    ])
    update_index(load_config(ws))
    hits = _hits(ws, "which conveyor vendor did the depot pick")
    cited = [h for h in hits if h["tier"] == "sessions" and h["source"]["message_range"] == "L7-L7"]
    assert cited == [] and any(h["title"] == "Interroll for the depot" for h in hits), hits


@pytest.mark.parametrize(("said", "asks"), [
    ("Which conveyor vendor did the depot pick in the end?", True),   # its answer follows it
    ("Ask me which conveyor vendor the depot picked in the end", False),
    ("那个仓库最后选了哪家 conveyor vendor？", True),                   # a full-width question mark
])
def test_a_message_that_asks_lends_more_to_the_turn_after_it(ws: Path, said: str, asks: bool,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Trigger: the question's words are in a message and the next message, in other words, answers it.
    Outcome: a message that asks (a question mark) lends ANSWER_SHARE (0.4) of its score to the message
    after it instead of NEIGHBOUR_SHARE (0.2); to the message before it 0.2, as any other message does.
    (Both neighbours also match a little by their context column, and the asking message's listed
    score includes its neighbours' shares, so the gain is read against the same search with
    ANSWER_SHARE at 0.2, as at most 0.2 of that score.)"""
    path = Path(_hits(ws, "zebra", tier="sessions")[0]["path"])
    with path.open("a", encoding="utf-8") as fh:
        fh.write(_line("user", "Some notes on the loading bays and the forklift schedule", 5) + "\n")
        fh.write(_line("assistant", said, 6) + "\n")
        fh.write(_line("user", "Interroll, after the trial in March", 7) + "\n")
    update_index(load_config(ws))

    def scores() -> dict[str, float]:
        hits = search(load_config(ws), "conveyor vendor", SearchOptions(limit=10, tier="sessions"),
                      today=TODAY).hits
        return {str((h.source or {}).get("message_range")): h.score for h in hits}

    now = scores()
    monkeypatch.setattr(query_mod, "ANSWER_SHARE", query_mod.NEIGHBOUR_SHARE)
    flat = scores()
    asked = now["L7-L7"]
    assert flat["L7-L7"] == pytest.approx(asked) and flat["L6-L6"] == pytest.approx(now["L6-L6"])
    gained = now["L8-L8"] - flat["L8-L8"]   # 0.2 of what the asking message scored before its own shares
    if asks:
        assert 0.1 * asked < gained <= 0.2 * asked * (1 + 1e-9), (now, flat)
    else:
        assert gained == pytest.approx(0.0, abs=1e-15), (now, flat)


def test_a_new_redactor_reads_the_tier_again(ws: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(said_mod, "redactor_version", lambda: "changed")
    stats = update_index(load_config(ws))
    assert stats.sessions and stats.sessions["rows_removed"] == 3 and stats.sessions["rows_added"] == 3


def test_sessions_off_empties_the_tier(ws: Path) -> None:
    cfg_path = ws / "memjobs.yaml"
    cfg_path.write_text(cfg_path.read_text("utf-8") + "search: {sessions: false}\n", "utf-8")
    update_index(load_config(ws))
    assert _hits(ws, "zebra", tier="sessions") == []
    assert all(h["tier"] != "sessions" for h in _hits(ws, "when is the staging database wiped?"))


def test_first_build_waits_while_weekly_holds_its_lock(workspace: Path, tmp_path: Path) -> None:
    cc = _transcripts(tmp_path)
    (workspace / "memjobs.yaml").write_text(
        "transcripts:\n  - {format: claude-code, path: " + json.dumps(str(cc)) + "}\n", encoding="utf-8"
    )
    lock = lock_path(workspace, "weekly")
    lock.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(lock)):
        stats = update_index(load_config(workspace))
    assert stats.sessions and stats.sessions["rows_added"] == 0 and stats.sessions["notes"]
    stats = update_index(load_config(workspace))
    assert stats.sessions and stats.sessions["rows_added"] == 3


def test_an_index_from_before_the_sessions_tier_still_answers(ws: Path) -> None:
    """Trigger: an index file written before the sessions tables existed, read by this version.
    Outcome: the sessions tier is simply empty; entry search works, nothing is written."""
    import sqlite3

    db = sqlite3.connect(ws / ".memjobs" / "index.sqlite")
    db.execute("DROP TABLE said_fts")
    db.commit()
    db.close()
    assert [h["tier"] for h in _hits(ws, "postgresql")] == ["warm"]
    assert _hits(ws, "zebra", tier="sessions") == []
    assert all(h["tier"] != "sessions" for h in _hits(ws, "when is the staging database wiped?"))


def test_entries_and_messages_are_fused_by_normalised_scores() -> None:
    """Trigger: entry and message scores come from different FTS5 tables (other IDFs, lengths, column
    weights), so sorting them together let whichever table scores higher push the other out.
    Outcome: each list is scaled to its best hit; a message an entry cites adds to that entry and is
    not listed twice; a strong message outranks a weak entry."""
    from memory_store.search.hits import Hit
    from memory_store.search.query import SAID_FUSION, fuse_said

    def entry_hit(rowid: int, score: float, cites: int) -> Hit:
        src = json.dumps({"session_id": "s", "session_path": "/t/s.jsonl", "message_range": f"L{cites}-L{cites}"})
        h = Hit(rowid, "memory/2026-11-16.md", rowid, "entry", "decision", f"D-{rowid}", "t", "b", DAY, "active",
                0.9, None, 0.0, score=score, source_json=src)
        return h

    def said_hit(line: int, score: float) -> Hit:
        return Hit(line, "/t/s.jsonl", line, "said", None, None, "user", "text", DAY, None, None, None, 0.0,
                   score=score)

    entries = [entry_hit(1, 30.0, cites=4), entry_hit(2, 6.0, cites=9)]
    said = [said_hit(7, 2.0), said_hit(4, 1.0), said_hit(8, 0.2)]
    out = fuse_said(entries, said)
    assert [(h.type, h.line) for h in out] == [("entry", 1), ("said", 7), ("entry", 2), ("said", 8)]
    assert out[0].score == pytest.approx(1.0 + SAID_FUSION * 0.5)  # its own 30/30 and the cited 1/2
    assert out[1].score == pytest.approx(SAID_FUSION * 1.0) and out[2].score == pytest.approx(0.2)

@pytest.mark.parametrize("name", ["secret_phrases", "secret_formats", "secret_keys", "secret_spoken", "redact"])
def test_the_redactor_version_covers_the_catalogue_of_formats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              name: str) -> None:
    """A format added to any module of the catalogue changes the version, so the tier is read again with
    it. secret_keys and secret_spoken were left out once (imported by redact.py, never hashed), and an
    upgrade that taught them a new key left the old messages' values in the tier verbatim."""
    import sys

    import memory_store.redact  # noqa: F401  -- imports every module of the catalogue

    module = sys.modules[f"memory_store.{name}"]
    copy = tmp_path / f"{name}.py"
    copy.write_bytes(Path(str(module.__file__)).read_bytes())
    before = said_mod.redactor_version()
    monkeypatch.setattr(module, "__file__", str(copy))
    assert said_mod.redactor_version() == before
    copy.write_bytes(copy.read_bytes() + b"\n# a new format\n")
    assert said_mod.redactor_version() != before
