"""A long pasted turn does not become a huge, wrongly titled entry (docs/design.md §4): an entry's
title and conclusion come from the words that carry the item, bounded as the LLM engine bounds its
fields (FIELD_MAX); a pasted JSON object is not an item's text; and a multi-megabyte line costs
seconds, not minutes. End to end: a real Claude Code transcript, `memjobs backfill` in-process."""
from __future__ import annotations

import json
import time
from pathlib import Path

from jobs.microsync.engine import FIELD_MAX
from memory_store.markdown import parse_document
from tests.conftest import cli


def _backfill(tmp_path: Path, *turns: str, microsync_only: bool = False) -> list:
    ws, src = tmp_path / "ws", tmp_path / "src"
    src.mkdir()
    assert cli("init", str(ws)).exit_code == 0
    with (ws / "memjobs.yaml").open("a", encoding="utf-8") as fh:
        fh.write(f"timezone: Asia/Bangkok\ntranscripts:\n  - {{format: claude-code, path: {src}}}\n")
    with (src / "a.jsonl").open("w", encoding="utf-8") as fh:
        for n, text in enumerate(turns):
            for role, body in (("user", text), ("assistant", [{"type": "text", "text": "ok"}])):
                fh.write(json.dumps({"type": role, "sessionId": "s1", "cwd": "/home/u/proj", "uuid": f"{n}{role}",
                                     "timestamp": f"2026-11-23T03:{n:02d}:{30 if role == 'assistant' else 0:02d}.000Z",
                                     "message": {"role": role, "content": body}}) + "\n")
    job = ("run", "microsync", "--until", "2026-11-24") if microsync_only else ("backfill", "--until", "2026-11-23")
    r = cli("-w", str(ws), *job, "--since", "2026-11-23")
    assert r.exit_code == 0, r.output
    daily = ws / "memory/2026-11-23.md"
    return parse_document(daily.read_text("utf-8")).entries() if daily.exists() else []


def test_a_pasted_json_is_not_the_decision(tmp_path: Path) -> None:
    config = json.dumps({f"k{i}": "v" * 20 for i in range(400)})
    entries = _backfill(tmp_path, f"here is the config {config} we decided to keep this config for prod")
    assert [e.kind for e in entries] == ["Decision"]
    e = entries[0]
    assert '"k0"' not in e.title and '"k0"' not in e.conclusion, e.title
    assert "keep this config for prod" in e.conclusion and len(e.conclusion) <= FIELD_MAX


def test_a_multi_megabyte_paste_gives_the_deciding_sentence_quickly(tmp_path: Path) -> None:
    big = "log line " * 600_000 + " we decided to use Grafana for dashboards"
    t0 = time.monotonic()
    entries = _backfill(tmp_path, big, microsync_only=True)   # (the daily wrap-up's own time is not the extractor's)
    took = time.monotonic() - t0
    assert [(e.kind, e.title) for e in entries] == [("Decision", "Use Grafana for dashboards")]
    assert entries[0].conclusion == "Use Grafana for dashboards"
    assert took < 20, f"{took:.1f} s for one 5.4 MB line"   # over a minute before the bound


def test_a_long_statement_is_bounded_not_dropped(tmp_path: Path) -> None:
    """A statement longer than the field cap keeps its start, cut at a word with an ellipsis."""
    reasons = ", ".join(f"the reason number {i} that matters to the billing team" for i in range(12))
    entries = _backfill(tmp_path, f"we decided to use Postgres 16 for the billing service, given {reasons}")
    assert entries and entries[0].title.startswith("Use Postgres 16 for the billing service")
    for e in entries:
        for value in (e.title, e.conclusion, e.why, e.finding, e.impact):
            assert len(value or "") <= FIELD_MAX, (len(value), value[:80])
