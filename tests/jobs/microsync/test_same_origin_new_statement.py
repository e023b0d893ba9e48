"""An entry found where another of its kind was found (same session, same first evidence line) is the
same entry only when it states the same thing (docs/design.md §4: the same statement always gets the
same id, two different statements never share one; §5.2: the same id twice is kept once).

A transcript rewritten in place and an engine switched between two reads of a day both put a new
statement at an old origin: it gets its own entry. The same statement read again, under another
title, keeps the existing id and adds nothing."""
from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import yaml

from jobs.dispatch import registry
from jobs.run.report import RunReport
from jobs.run.runner import RunOptions
from memory_store.config import load_config
from memory_store.markdown import parse_document
from memory_store.workspace import init_workspace
from tests.llm_server import Canned, FakeLLM, item, prompt_of, transcript_lines

TZ = ZoneInfo("Asia/Bangkok")


def _line(session: str, n: int, ts: str, role: str, text: str) -> str:
    if role == "user":
        message: dict[str, object] = {"role": "user", "content": text}
    else:
        message = {"id": f"msg_{session}_{n}", "role": "assistant", "type": "message",
                   "content": [{"type": "text", "text": text}]}
    return json.dumps({"type": role, "message": message, "uuid": f"{session}-{n}-{ts}", "sessionId": session,
                       "timestamp": ts, "cwd": "/home/u/app", "isSidechain": False}) + "\n"


def _setup(tmp_path: Path) -> tuple[Path, Path]:
    ws = tmp_path / "ws"
    init_workspace(ws)
    folder = tmp_path / "claude" / "projects" / "-home-u-app"
    folder.mkdir(parents=True)
    conf = {"timezone": "Asia/Bangkok",
            "transcripts": [{"format": "claude-code", "path": str(folder.parent)}]}
    (ws / "memjobs.yaml").write_text(yaml.safe_dump(conf), encoding="utf-8")
    return ws, folder


def _use_llm(ws: Path, base_url: str) -> None:
    path = ws / "memjobs.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["extract"] = {"engine": "llm"}
    doc["llm"] = {"base_url": base_url, "model": "test-model", "api_key_env": "MEMJOBS_TEST_LLM_KEY",
                  "timeout_s": 5}
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")


def _read_day(ws: Path) -> RunReport:
    """microSync over 2026-11-24 (Bangkok) with --since: no cursor decides what is read again."""
    cfg = load_config(ws, env={})
    since = datetime(2026, 11, 24, tzinfo=TZ)
    now = datetime(2026, 11, 24, 12, 0, tzinfo=TZ)
    return registry.run(cfg, "microsync", now=now, options=RunOptions(since=since))


def _titles(ws: Path) -> list[str]:
    out: list[str] = []
    for f in sorted((ws / "memory").rglob("2026-*.md")):
        out.extend(e.title for e in parse_document(f.read_text(encoding="utf-8")).entries())
    return sorted(out)


def _ids(ws: Path) -> list[str]:
    out: list[str] = []
    for f in sorted((ws / "memory").rglob("2026-*.md")):
        out.extend(e.id for e in parse_document(f.read_text(encoding="utf-8")).entries())
    return sorted(out)


def _memory_bytes(ws: Path) -> dict[str, bytes]:
    return {p.relative_to(ws).as_posix(): p.read_bytes() for p in (ws / "memory").rglob("*.md")}


def test_a_transcript_rewritten_in_place_keeps_the_new_statement(tmp_path: Path) -> None:
    ws, folder = _setup(tmp_path)
    t = folder / "t.jsonl"
    t.write_text(_line("t", 1, "2026-11-24T03:00:00Z", "user", "We decided to use Postgres for billing.")
                 + _line("t", 2, "2026-11-24T03:00:30Z", "assistant", "Noted."), encoding="utf-8")
    assert _read_day(ws).added == 1
    assert _titles(ws) == ["Use Postgres for billing"]
    # Truncated and written again: line 1 now says something else.
    t.write_text(_line("t", 1, "2026-11-24T04:00:00Z", "user", "We decided to use Kafka for events.")
                 + _line("t", 2, "2026-11-24T04:00:30Z", "assistant", "Noted."), encoding="utf-8")
    again = _read_day(ws)
    assert again.added == 1, (again.added, again.skipped if hasattr(again, "skipped") else again.notes)
    assert _titles(ws) == ["Use Kafka for events", "Use Postgres for billing"]
    before = _memory_bytes(ws)
    third = _read_day(ws)                         # the same statement read again: nothing new
    assert third.added == 0 and third.updated == 0
    assert _memory_bytes(ws) == before


class _Model:
    """Answers each user turn with the items `answer` gives for its text; nothing for other prompts."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def __call__(self, body: dict[str, Any]) -> Canned:
        p = prompt_of(body)
        if "TRANSCRIPT DATA" not in p or "Which EARLIER entry" in p:
            return Canned(content=json.dumps({"target": "", "relation": "none"}))
        items: list[dict[str, Any]] = []
        for n, role, text in transcript_lines(body):
            if role == "user":
                items.extend(self.answer(n, text))
        return Canned(content=json.dumps({"items": items}))


@pytest.fixture
def server() -> Iterator[FakeLLM]:
    with FakeLLM() as s:
        yield s


TURN = "we decided to use Postgres for billing, and Redis as the cache"


def _two_items(n: int, text: str) -> list[dict[str, Any]]:
    return [item(n, "Use Postgres for billing", statement="We decided to use Postgres for billing.",
                 excerpt=text[:60]),
            item(n, "Use Redis as the cache", statement="We decided to use Redis as the cache.",
                 excerpt=text[:60])]


def test_switching_the_engine_and_reading_the_day_again_keeps_every_new_statement(
        server: FakeLLM, tmp_path: Path) -> None:
    ws, folder = _setup(tmp_path)
    (folder / "s1.jsonl").write_text(_line("s1", 1, "2026-11-24T03:00:00Z", "user", TURN)
                                     + _line("s1", 2, "2026-11-24T03:00:30Z", "assistant", "Noted."),
                                     encoding="utf-8")
    assert _read_day(ws).added == 1                           # the rules: one entry for the turn
    rules_ids = _ids(ws)
    assert len(rules_ids) == 1
    server.default = _Model(_two_items)
    _use_llm(ws, server.base_url)
    switched = _read_day(ws)
    assert switched.status == "ok", switched.errors
    titles = _titles(ws)
    assert "Use Redis as the cache" in titles and "Use Postgres for billing" in titles, titles
    assert set(rules_ids) <= set(_ids(ws))                    # the rules' entry stays as it was
    before = _memory_bytes(ws)
    shutil.rmtree(load_config(ws, env={}).state_dir / "llm-cache", ignore_errors=True)
    again = _read_day(ws)                                     # the model asked again: the same statements
    assert again.added == 0 and again.updated == 0
    assert _memory_bytes(ws) == before


def test_the_same_statement_under_another_title_keeps_its_id(server: FakeLLM, tmp_path: Path) -> None:
    ws, folder = _setup(tmp_path)
    (folder / "s1.jsonl").write_text(_line("s1", 1, "2026-11-24T03:00:00Z", "user", TURN)
                                     + _line("s1", 2, "2026-11-24T03:00:30Z", "assistant", "Noted."),
                                     encoding="utf-8")
    _use_llm(ws, server.base_url)
    server.default = _Model(_two_items)
    assert _read_day(ws).added == 2
    first = _ids(ws)
    before = _memory_bytes(ws)
    # A model asked again words the titles another way; the statements are the same.
    server.default = _Model(lambda n, text: [
        item(n, "Postgres is the billing database", statement="We decided to use Postgres for billing.",
             excerpt=text[:60]),
        item(n, "Redis caches", statement="We decided to use Redis as the cache.", excerpt=text[:60])])
    shutil.rmtree(load_config(ws, env={}).state_dir / "llm-cache", ignore_errors=True)
    again = _read_day(ws)
    assert again.added == 0 and again.updated == 0, again
    assert _ids(ws) == first
    assert _memory_bytes(ws) == before
