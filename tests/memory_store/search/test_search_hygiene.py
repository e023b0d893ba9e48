"""What is indexed: memory, not the template's explanations, the daily job's count lines or link
targets; and snippets whose `**` marks stay balanced whatever markdown the text holds."""

from __future__ import annotations

from pathlib import Path

from memory_store.search.chunks import clean, rows_of
from memory_store.search.indexer import update_index
from memory_store.search.layers import LAYERS
from memory_store.search.query import SearchOptions, search
from memory_store.search.snippets import make_snippet
from memory_store.search.tokens import query_terms
from memory_store.workspace import init_workspace
from tests.memory_store.search.test_search_fixtures import TODAY, config, entry, write_daily

DAY = "2026-11-16"
WRAPUP = f"""# Daily wrap-up: {DAY}

3 sessions, 36 messages, 5 decision-log entries.

## Decisions made today

- Decision: Ship structured JSON logs to Loki ([DECISION-20261116-ship-logs-1a2b3c](../../memory/{DAY}.md))

## Important conversations

- **why is the console so noisy** — 16 messages, 7 from you, 4 tool calls, 2 decision-log entries, \
09:13–11:28 ([f8528878 L2-L31](/home/u/.claude/projects/p/f8528878.jsonl#L2-L31))
"""


def _ws(tmp: Path) -> Path:
    ws = tmp / "ws"
    init_workspace(ws)
    write_daily(ws, DAY, [entry("Decision", "Ship structured JSON logs to Loki", DAY,
                                "Services log JSON; nobody greps console output on pods any more.")])
    (ws / "second-brain" / "summaries" / f"{DAY}-wrapup.md").write_text(WRAPUP, encoding="utf-8")
    update_index(config(ws))
    return ws


def _hits(ws: Path, q: str) -> list:  # type: ignore[type-arg]
    # Every layer: PROFILE.md and SESSION.md are the user model, searched only when asked for.
    return search(config(ws), q, SearchOptions(limit=10, tier="all", layers=LAYERS), today=TODAY).hits


def test_count_lines_of_wrapups_are_not_memory(tmp_path: Path) -> None:
    """Trigger: "console logs" matched the "N decision-log entries" line of every wrap-up first.
    Why: that line and a conversation's counts are generated, the same words every day.
    Outcome: they are not indexed; the entry comes first."""
    ws = _ws(tmp_path)
    hits = _hits(ws, "console logs")
    assert hits[0].title == "Ship structured JSON logs to Loki"
    assert not any("decision-log" in h.body or "messages" in h.body for h in hits)
    assert not any(h.line == 3 for h in _hits(ws, "36 messages sessions"))


def test_template_explanations_are_not_indexed(tmp_path: Path) -> None:
    """Trigger: "TTL" found the explanation paragraphs that `memjobs init` copies into PROFILE.md and
    SESSION.md. Outcome: only what the user added to those files is searched."""
    ws = _ws(tmp_path)
    assert _hits(ws, "ttl") == []
    assert _hits(ws, "lasting preferences") == []
    profile = ws / "PROFILE.md"
    profile.write_text(profile.read_text("utf-8") + "\nMy note: the ttl of login sessions is 8 hours.\n", "utf-8")
    update_index(config(ws))
    assert [h.path for h in _hits(ws, "ttl")] == ["PROFILE.md"]


def test_link_targets_are_not_searched_or_shown(tmp_path: Path) -> None:
    """Words of a link's target (memory/…, a transcript path) are not memory; the link text is."""
    ws = _ws(tmp_path)
    assert _hits(ws, "projects") == [] and _hits(ws, "jsonl") == []
    hit = next(h for h in _hits(ws, "DECISION-20261116-ship-logs-1a2b3c") if h.path.endswith("wrapup.md"))
    assert "](" not in hit.snippet and "DECISION-20261116-ship-logs-1a2b3c" in hit.body


def test_clean_keeps_the_rest_of_a_line() -> None:
    assert clean("see [the spec](docs/spec.md#L3) and ![img](a.png)") == "see the spec and img"
    assert clean("- **hi** — 3 messages, 1 from you, 10:00–10:05 (x)") == "- **hi** (x)"
    assert clean("2 sessions, 9 messages, 1 decision-log entry.\nkept") == "kept"


def test_rows_of_without_template_keep_everything() -> None:
    text = "# PROFILE\n\nLasting preferences (core memory).\n"
    assert [r.body for r in rows_of("PROFILE.md", text)] == ["Lasting preferences (core memory)."]
    assert rows_of("PROFILE.md", text, template=text) == []


def test_snippet_marks_stay_balanced_when_the_title_holds_bold() -> None:
    """Trigger: a title that already held `**` got marks inside and around its bold, unbalanced."""
    terms = query_terms("redis sessions")
    assert make_snippet("Use **Redis** for sessions", "", terms) == "Use **Redis** for **sessions**"
    snip = make_snippet("t", "Keep **the** cache in **Redis** now", query_terms("redis"))
    assert snip == "Keep the cache in **Redis** now"
    assert snip.count("**") % 2 == 0


def test_snippet_marks_never_split_a_letter_or_meet() -> None:
    """Pins: a Thai bigram of the query ("้า" of ถ้า) matched inside เข้า and the mark went between ข
    and its tone mark ("ตรงเข**้า** main"): the text rendered broken. Marks widen to whole letters
    (a mark drawn on the letter before, a Thai leading vowel with its consonant), and marks that
    touch merge (no `****`)."""
    import unicodedata

    body = "ไม่ต้อง push ตรงเข้า main ก็ได้ ถ้าเป็น hotfix"
    snippet = make_snippet("t", body, query_terms("hotfix ถ้าเป็น"))
    assert snippet.replace("**", "") == body and "****" not in snippet and snippet.count("**") % 2 == 0
    for i in [i for i in range(len(snippet)) if snippet.startswith("**", i)]:
        after = snippet[i + 2 : i + 3]
        assert not after or unicodedata.category(after) not in ("Mn", "Mc", "Me"), snippet
        assert not ("\u0e40" <= snippet[i - 1 : i] <= "\u0e44"), snippet
    assert "**hotfix**" in snippet
    accented = make_snippet("t", "the cafe\u0301 opens at nine", query_terms("cafe"))
    assert "**cafe\u0301**" in accented, accented


def test_ids_in_text_are_references_not_words(tmp_path: Path) -> None:
    """Trigger: the weekly log's "Superseded" line (`- [old id](link): superseded by new id ...`)
    outranked the entries themselves, because both ids' slugs repeat the entries' titles.
    Why: an id inside text is a reference to an entry, not content of its own.
    Outcome: the word index never sees ids (the log is still found by its own words, and the row
    still shows the id); the entries come first."""
    from memory_store.archive_format import LogLine, merge_weekly_log, weekly_rel, weekly_title

    ws = tmp_path / "ws"
    init_workspace(ws)
    old = entry("Decision", "Use a Redis cache for sessions", "2026-11-02", "Sessions live in Redis.",
                status="superseded")
    new = entry("Decision", "Drop the Redis cache for sessions", "2026-11-09",
                "Sessions move back to PostgreSQL.", supersedes=old.id)
    old = entry("Decision", "Use a Redis cache for sessions", "2026-11-02", "Sessions live in Redis.",
                status="superseded", superseded_by=new.id)
    write_daily(ws, "2026-11-02", [old])
    write_daily(ws, "2026-11-09", [new])
    rel = weekly_rel(2026, 46)
    log = merge_weekly_log(None, weekly_title(2026, 46), "", [
        ("Superseded", LogLine(old.id, "../2026-11-02.md", f"superseded by {new.id} (reversal), stated 2026-11-09")),
    ])
    (ws / rel).parent.mkdir(parents=True, exist_ok=True)
    (ws / rel).write_text(log, encoding="utf-8")
    update_index(config(ws))
    for q in ("redis cache", "redis cache sessions", "drop redis cache"):
        hits = search(config(ws), q, SearchOptions(limit=10, tier="all"), today=TODAY).hits
        assert [h.id for h in hits[:2]] == [new.id, old.id], q
        assert not any(h.path == rel for h in hits), q
    logged = search(config(ws), "superseded reversal", SearchOptions(limit=10, tier="all"), today=TODAY).hits
    shown = [h for h in logged if h.path == rel]
    assert shown and old.id in shown[0].body  # still indexed, and shown with its ids


def test_without_ids_leaves_other_text() -> None:
    from memory_store.search.chunks import without_ids

    text = "see DECISION-20261001-use-redis-cache-ab12 and re-run the cache warm-up"
    assert without_ids(text).split() == ["see", "and", "re-run", "the", "cache", "warm-up"]
