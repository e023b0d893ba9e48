"""The learning router's procedural branch (docs/design.md §6, layers): the extractor's Procedure
items go to memory/procedures.md, not into the daily log; one teaching counts once."""
from __future__ import annotations

from datetime import date
from pathlib import Path

from memory_store import procedures as pr
from memory_store.markdown import parse_document
from tests.jobs.daily.test_daily_e2e import validate_errors
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

D1 = date(2026, 11, 18)


def _daily_kinds(ws: Path) -> list[str]:
    path = ws / "memory" / f"{D1.isoformat()}.md"
    return [e.kind for e in parse_document(path.read_text("utf-8")).entries()] if path.exists() else []


def test_a_procedure_item_goes_to_procedures_md_not_the_daily_log(tmp_path: Path) -> None:
    """Pins: a how-to the extractor found was a Procedure entry of the daily log, beside (or instead
    of) the procedure the learner kept; now it is one procedure, count 1, and no daily entry."""
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / "dd000000-0000-4000-8000-000000000004.jsonl",
                      "dd000000-0000-4000-8000-000000000004")
    s.user(at(D1, 9, 0), "Here's how we release the API, for the record: first run make migrate, then make smoke, "
                         "then tag the release.")
    s.assistant(at(D1, 9, 1), "Noted: migrate, smoke, tag.")
    s.user(at(D1, 9, 2), "We decided to use PostgreSQL 16 for the bookings store.")
    s.write()
    rep = microsync(ws, "2026-11-18T10:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    assert "Procedure" not in _daily_kinds(ws) and "Decision" in _daily_kinds(ws)
    (proc,) = parse_document((ws / pr.REL).read_text("utf-8")).entries()
    assert proc.title == "release the API" and pr.success_count(proc) == 1
    assert pr.steps_of(proc) == ("run make migrate", "make smoke", "tag the release")
    assert proc.source.message_range == "L1-L1"
    assert rep.details.get("procedures_routed") == 1
    assert validate_errors(ws) == []


def test_a_teaching_both_readers_find_counts_once(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / "ee000000-0000-4000-8000-000000000005.jsonl",
                      "ee000000-0000-4000-8000-000000000005")
    s.user(at(D1, 9, 0), "This is how we deploy from now on: always run make migrate first, then make smoke, "
                         "then tag the release.")
    s.assistant(at(D1, 9, 1), "Got it.")
    s.write()
    rep = microsync(ws, "2026-11-18T10:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    assert "Procedure" not in _daily_kinds(ws)
    (proc,) = parse_document((ws / pr.REL).read_text("utf-8")).entries()
    assert pr.success_count(proc) == 1 and rep.details["procedures"]["added"] == 1
