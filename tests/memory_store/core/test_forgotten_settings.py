"""A setting the user had memjobs forget is never served (docs/design.md §6, memory_store/core/forgotten.py).

A setting is stored as a code ("from now on always answer in Japanese" is `response.language = ja`), so
the words it was said in never hold its value: after `mem forget response.language` the episode, the
Remember entry, the wrap-up line and the message itself still told the agent to answer in Japanese.
The sessions tier indexes a message with its neighbours' words, so the neighbours of a message held
out came back for its words. Ids keep the words they were made from. Real transcripts, backfill, index
and the CLI in process; the real mcp client; English, Thai and Chinese.
"""
from __future__ import annotations

import json
from pathlib import Path

import anyio

from memory_store.workspace import init_workspace
from tests.conftest import cli, served_by_tools
from tests.jobs.weekly.test_weekly_kept_out import _logged, _turns

FORGET = ("response.language", "response.length", "response.format.default")
# per language: the turn, a query that finds it, the words that must not come back
SAID = {
    "en": ("from now on always answer in Japanese", "answer language", ("japanese",)),
    "th": ("ต่อไปนี้ตอบสั้นๆ นะ", "ตอบสั้น", ("สั้น",)),
    "zh": ("以后回答用表格", "回答 表格", ("表格",)),
}
KEPT = {"en": "we decided to use Postgres for orders", "th": "เราตัดสินใจใช้ Redis สำหรับ session cache",
        "zh": "我们决定用 Kafka 做事件总线"}
NOW = "2026-11-26T09:00:00+07:00"


def _ws(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text(
        f"timezone: Asia/Bangkok\ntranscripts:\n  - {{format: claude-code, path: {tmp_path / 'src'}}}\n",
        encoding="utf-8")
    return ws


def _run(ws: Path, *args: str) -> str:
    r = cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.output
    return r.output


def _said_settings(tmp_path: Path) -> Path:
    """One session per language: the setting first (the episode is named by it), then a decision."""
    ws = _ws(tmp_path)
    for n, (lang, (turn, _, _)) in enumerate(SAID.items()):
        _turns(tmp_path / "src" / f"{lang}.jsonl", "2026-11-24", [turn, KEPT[lang]])
        text = (tmp_path / "src" / f"{lang}.jsonl").read_text(encoding="utf-8")
        (tmp_path / "src" / f"{lang}.jsonl").write_text(
            text.replace('"s1"', f'"s-{lang}"').replace("T03:", f"T0{3 + n}:"), encoding="utf-8")
    _run(ws, "backfill", "--since", "2026-11-24", "--until", "2026-11-25")
    _run(ws, "index")
    return ws


def _searches(ws: Path) -> dict[str, str]:
    out = {}
    for lang, (turn, query, _) in SAID.items():
        for q in (query, turn):
            for tier in ([], ["--tier", "all"], ["--tier", "sessions"]):
                out[f"{lang} {q} {tier}"] = _run(ws, "search", q, *tier, "--json")
    return out


def _holds(text: str, lang: str) -> bool:
    return any(w in text.casefold() for w in SAID[lang][2])


def test_a_forgotten_setting_leaves_context_search_episodes_and_mcp_in_three_languages(tmp_path: Path) -> None:
    ws = _said_settings(tmp_path)
    # the English Remember (search across languages may rank the Chinese and Thai settings' rows above it)
    remember = next(r["id"] for r in json.loads(_run(ws, "search", "answer language", "--json"))["results"]
                    if "Japanese" in r.get("title", ""))
    assert "japanese" in remember                                 # the id holds the words it was made from
    before = _run(ws, "context", "--session", "new", "--now", NOW)
    found = _searches(ws)
    for lang in SAID:                                             # the test can fail: all of it is served first
        assert _holds(before, lang), lang
        assert all(_holds(json.dumps(json.loads(v)["results"], ensure_ascii=False), lang)
                   for k, v in found.items() if k.startswith(lang)), lang

    for key in FORGET:
        _run(ws, "mem", "forget", key)

    text = _run(ws, "context", "--session", "new", "--now", NOW)
    as_json = _run(ws, "context", "--session", "new", "--now", NOW, "--json")
    for lang in SAID:
        assert not _holds(text, lang) and not _holds(as_json, lang), (lang, text)
    assert "forgotten" in as_json                                 # each drop is an event, its id without the value
    for name, out in _searches(ws).items():
        hits = json.loads(out)["results"]
        assert not any(_holds(json.dumps(h, ensure_ascii=False), lang) for h in hits for lang in SAID), (name, hits)
        if name == f"{name[:2]} {SAID[name[:2]][1]} ['--tier', 'sessions']":
            assert hits == [], (name, hits)                       # nor a neighbour of the message held out
    for lang, kept in KEPT.items():                               # the rest is served as before
        assert _run(ws, "search", kept.split()[-1], "--json").count('"path"'), lang
    for word in ("Postgres", "Redis", "Kafka"):
        assert word in text

    calls = [("memory_context", {}), ("memory_search", {"query": "answer language", "tier": "all"}),
             ("memory_search", {"query": "ตอบสั้น"}), ("memory_search", {"query": "表格", "tier": "sessions"}),
             ("memory_get", {"id": remember})]
    results = anyio.run(served_by_tools, ws, calls)
    for (name, args), res in zip(calls, results, strict=True):
        assert not res.is_error, (name, res.content[0].text)
        served = res.content[0].text
        if name == "memory_search":                               # not the question asked
            served = json.dumps(json.loads(served)["results"], ensure_ascii=False)
        for lang in SAID:
            assert not _holds(served, lang), (name, args, served)
    got = json.loads(results[-1].content[0].text)
    assert got["id"] == remember.replace("always-answer-in-japanese", "forgotten")
    shown = _run(ws, "get", remember)
    assert "japanese" not in shown.casefold() and "[forgotten]" in shown

    # said again after the forget, the setting is the user's again
    _run(ws, "mem", "set", "response.language", "ja")
    assert _holds(_run(ws, "search", "answer language", "--json"), "en")


def test_the_neighbours_of_a_message_held_out_do_not_come_back_for_its_words(tmp_path: Path) -> None:
    """explore6 #6b: the sessions tier returned the lines around a forgotten name (score 0) for a search
    of the name. A neighbour is still found by its own words."""
    ws = _ws(tmp_path)
    _turns(tmp_path / "src" / "en.jsonl", "2026-11-24",
           ["my name is Somchai, call me Chai", "let's discuss the zebra-migration plan"])
    _turns(tmp_path / "src" / "th.jsonl", "2026-11-23",
           ["ผมชื่อน้องนก เรียกน้องนกได้เลย", "คุยเรื่องแผนย้ายฐานข้อมูลม้าลายกัน"])
    text = (tmp_path / "src" / "th.jsonl").read_text(encoding="utf-8")
    (tmp_path / "src" / "th.jsonl").write_text(text.replace('"s1"', '"s-th"'), encoding="utf-8")
    _run(ws, "backfill", "--since", "2026-11-23", "--until", "2026-11-25")
    _run(ws, "index")

    def said(query: str) -> list[dict]:
        return json.loads(_run(ws, "search", query, "--tier", "sessions", "--limit", "10", "--json"))["results"]

    assert len(said("Chai")) > 1 and len(said("น้องนก")) > 1      # the message and its neighbours, before
    _run(ws, "mem", "forget", "user.name")
    assert said("Chai") == [] and said("น้องนก") == [], (said("Chai"), said("น้องนก"))
    for query in ("Chai", "call me Chai", "น้องนก"):
        assert not [h for h in json.loads(_run(ws, "search", query, "--json"))["results"] if h["tier"] == "sessions"]
    assert [h for h in said("zebra migration plan") if "zebra" in h["snippet"]]   # by its own words
    assert [h for h in said("ม้าลาย") if "ม้าลาย" in h["snippet"]]


def test_the_weekly_log_names_no_forgotten_setting_nor_an_id_made_of_its_words(tmp_path: Path) -> None:
    ws = _ws(tmp_path)
    _turns(tmp_path / "src" / "a.jsonl", "2026-11-10", [
        "from now on always answer in Japanese", "ต่อไปนี้ตอบสั้นๆ นะ", "call me Chai",
        "we decided Chai owns the billing dashboard", "we decided to use Postgres for orders"])
    _run(ws, "backfill", "--since", "2026-11-10", "--until", "2026-11-11")
    for key in ("response.language", "response.length", "user.name"):
        _run(ws, "mem", "forget", key)
    _run(ws, "backfill", "--since", "2026-11-12", "--until", "2026-11-16")
    logs = "".join(f.read_text(encoding="utf-8") for f in (ws / "memory" / "archive").glob("weekly-*.md"))
    memory_md = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert "Postgres" in memory_md
    for word in ("japanese", "สั้น", "chai", "response.language", "response.length"):
        assert word not in logs.casefold() and word not in memory_md.casefold(), (word, logs)
    kept_out = {i: r for i, lines in _logged(ws).items() for s, r in lines if s == "Kept out"}
    held = [i for i, r in kept_out.items() if r == "holds a value the user had memjobs forget; stays in its daily log"]
    assert any(i.startswith("REMEMBER-20261110-forgotten-") for i in held), kept_out
    assert any(i.startswith("DECISION-20261110-forgotten-") for i in held), kept_out


def test_a_hit_that_links_to_an_entry_held_out_names_it_without_the_value(tmp_path: Path) -> None:
    """The entry that superseded a kept one holds a forgotten name (here the user is called Valkey):
    the kept hit's superseded_by is that id without its words, and `memjobs get` finds the entry by it,
    its text masked."""
    ws = _ws(tmp_path)
    src = tmp_path / "src"
    _turns(src / "a.jsonl", "2026-11-10", ["call me Valkey", "we decided to use Redis for the session cache"])
    _turns(src / "b.jsonl", "2026-11-12", ["we decided to use Valkey instead of Redis for the session cache"])
    text = (tmp_path / "src" / "b.jsonl").read_text(encoding="utf-8")
    (tmp_path / "src" / "b.jsonl").write_text(text.replace('"s1"', '"s2"'), encoding="utf-8")
    _run(ws, "backfill", "--since", "2026-11-10", "--until", "2026-11-16")
    _run(ws, "index")
    old = [h for h in json.loads(_run(ws, "search", "Redis session cache", "--tier", "all", "--json"))["results"]
           if h.get("superseded_by")]
    assert old and "valkey" in old[0]["superseded_by"], old        # the test can fail
    _run(ws, "mem", "forget", "user.name")
    hits = json.loads(_run(ws, "search", "Redis session cache", "--tier", "all", "--json"))["results"]
    assert "valkey" not in json.dumps(hits).casefold(), hits
    link = next(h["superseded_by"] for h in hits if h.get("superseded_by"))
    assert "-forgotten-" in link
    got = json.loads(_run(ws, "get", link, "--json"))
    assert got["id"] == link and "Redis" in got["text"] and "valkey" not in got["text"].casefold()


def test_a_forgotten_skill_leaves_context_and_search_in_two_languages(tmp_path: Path) -> None:
    """`user.expertise.<topic>` is a setting too: its value (a level) is never in the words."""
    ws = _ws(tmp_path)
    said = {"en": "from now on assume I know Kubernetes well, skip the basics", "zh": "以后记住我前端完全不懂"}
    for n, (lang, turn) in enumerate(said.items()):
        _turns(tmp_path / "src" / f"{lang}.jsonl", "2026-11-24", [turn, KEPT[lang]])
        text = (tmp_path / "src" / f"{lang}.jsonl").read_text(encoding="utf-8")
        (tmp_path / "src" / f"{lang}.jsonl").write_text(
            text.replace('"s1"', f'"s-{lang}"').replace("T03:", f"T0{3 + n}:"), encoding="utf-8")
    _run(ws, "backfill", "--since", "2026-11-24", "--until", "2026-11-25")
    _run(ws, "index")
    queries = {"en": ("skip the basics", "Kubernetes basics"), "zh": ("前端完全不懂", "前端")}
    resolved = _run(ws, "mem", "resolve")
    assert "user.expertise.kubernetes" in resolved and "user.expertise.frontend" in resolved, resolved
    before = _run(ws, "context", "--session", "new", "--now", NOW)
    assert "skip the basics" in before and "完全不懂" in before           # the test can fail
    _run(ws, "mem", "forget", "user.expertise.kubernetes")
    _run(ws, "mem", "forget", "user.expertise.frontend")
    after = _run(ws, "context", "--session", "new", "--now", NOW, "--json")
    assert "skip the basics" not in after and "完全不懂" not in after, after
    for lang, qs in queries.items():
        for q in qs:
            for tier in ([], ["--tier", "all"], ["--tier", "sessions"]):
                hits = json.loads(_run(ws, "search", q, *tier, "--json"))["results"]
                assert not [h for h in hits if "skip the basics" in json.dumps(h) or "完全不懂" in
                            json.dumps(h, ensure_ascii=False)], (lang, q, tier, hits)
    assert "Postgres" in _run(ws, "context", "--session", "new", "--now", NOW)
