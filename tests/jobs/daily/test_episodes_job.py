"""Episodes written by the daily job (docs/design.md §6.6) over the multi-day fixture, end to end:
one per session beside the wrap-up, idempotent re-runs, renewal by a read microSync saw in a later
transcript, purge to one archive line, rollback, the writers table, --dry-run."""
from __future__ import annotations

import json
import os
from datetime import date, timedelta
from pathlib import Path

import pytest

from jobs.daily.episodes import build, merge
from jobs.daily.model import DaySession
from memory_store import episodes as ep
from memory_store.errors import WriterRefused
from memory_store.writers import writer_for
from tests.jobs.daily.test_daily_e2e import NOW, run_inproc, snapshot, validate_errors
from tests.jobs.daily.test_daily_fixture import BKK, ClaudeSession, at, build_fixture

MONTH = "memory/episodes/2026-11.md"


def episodes_of(ws: Path, rel: str = MONTH) -> dict[str, ep.Episode]:
    """A month file's episodes by the first two characters of their session id."""
    return {e.source.session_id[:2]: e for e in ep.parse_episodes((ws / rel).read_text("utf-8"), rel)}


def test_one_episode_per_session_beside_the_wrap_up(tmp_path: Path):
    """Pins: three sessions (the heartbeat one is excluded) → three episodes in the month file of their
    first day, with summary, topics, outcome from the session's signals, duration, session ref and a
    90-day expiry; counts in the report; validate passes; a re-run changes no byte."""
    fx = build_fixture(tmp_path)
    ws = fx.workspace
    code, rep = run_inproc(ws)
    assert code == 0, rep
    assert rep["details"]["episodes"] == {"written": 3, "updated": 0, "renewed": 0, "purged": 0, "unchanged": 0,
                                             "kept": 0}
    assert MONTH in rep["written"]
    eps = episodes_of(ws)
    assert sorted(eps) == ["a1", "b2", "d4"]
    a = eps["a1"]
    assert a.id == ep.episode_id(date(2026, 11, 18), fx.sessions["a"].session_id, str(fx.sessions["a"].path))
    assert a.title == "Set up the bookings API tests. The suite fails on my machine."
    assert (a.outcome, a.signal) == ("success", "tests passing at the end")
    assert a.source.session_path == str(fx.sessions["a"].path) and a.source.message_range == "L1-L14"
    assert (a.started, a.ended, a.duration) == ("2026-11-18T09:00+07:00", "2026-11-18T09:31+07:00", "31m")
    assert a.expires == "2027-02-16" and "bookings" in a.topics
    assert eps["b2"].outcome == "unknown" and eps["d4"].date == "2026-11-20"
    assert validate_errors(ws) == []
    before = snapshot(ws)
    code, rep2 = run_inproc(ws)
    assert code == 0 and snapshot(ws) == before
    # Only yesterday is summarised again (the other days have their wrap-ups).
    assert rep2["details"]["episodes"]["written"] == 0 and rep2["details"]["episodes"]["unchanged"] == 1


def _reads_episode(fx, ws: Path, day: date, episode_id: str) -> ClaudeSession:
    """A later session in which the agent reads memory and gets the episode back."""
    s = ClaudeSession(fx.sessions["a"].path.parent / "e5f0c0de-0000-4000-8000-000000000099.jsonl",
                      "e5f0c0de-0000-4000-8000-000000000099")
    s.user(at(day, 10, 0), "what did we do about the failing bookings tests last time?")
    s.tool(at(day, 10, 1), "memory_search", {"query": "bookings tests"},
           f"- Set up the bookings API tests ({episode_id}) outcome: success")
    s.assistant(at(day, 10, 2), "We added psycopg to the dev dependencies and all 14 tests passed.")
    s.user(at(day, 10, 3), "thanks")
    return s


def test_renewal_by_access_then_purge_to_one_archive_line(tmp_path: Path):
    """Pins: an episode read by the agent (seen by microSync in a later transcript) has its expiry
    moved to max(expiry, read + 30 days); on expiry each episode becomes one line of
    memory/archive/episodes.md before it leaves its month file; re-runs add nothing; never lost."""
    fx = build_fixture(tmp_path)
    ws = fx.workspace
    run_inproc(ws)
    a_id = episodes_of(ws)["a1"].id
    read_day = date(2027, 2, 10)
    path = _reads_episode(fx, ws, read_day, a_id).write()
    stamp = at(read_day, 10, 5).timestamp()
    os.utime(path, (stamp, stamp))          # written "then": the daily job skips files older than its days
    code, rep = run_inproc(ws, now="2027-02-11T00:30:00+07:00")
    assert code == 0, rep
    assert rep["details"]["episodes"]["renewed"] == 1 and rep["details"]["episodes"]["written"] == 1
    # Reads are counted per ISO week: the read day is taken as the week's last day, never after today
    # (02-11, the run's day) → 02-11 + 30 days.
    assert episodes_of(ws)["a1"].expires == "2027-03-13"
    assert json.loads((ws / ".memjobs/access/2027-W06.json").read_text())["counts"] == {a_id: 1}

    code, rep = run_inproc(ws, now="2027-03-01T00:30:00+07:00")
    assert code == 0, rep
    assert rep["details"]["episodes"]["purged"] == 2              # b2 and d4; a1 was renewed
    assert sorted(episodes_of(ws)) == ["a1"]
    archive = (ws / ep.ARCHIVE_REL).read_text("utf-8")
    lines = [ln for ln in archive.splitlines() if ln.startswith("- ")]
    assert len(lines) == 2 and all("— expired 2027-03-01" in ln for ln in lines)
    assert any("[unknown]" in ln and "2026-11-19" in ln for ln in lines)
    assert validate_errors(ws) == []

    before = snapshot(ws)
    run_inproc(ws, now="2027-03-01T00:30:00+07:00")
    assert snapshot(ws) == before

    run_inproc(ws, now="2027-03-20T00:30:00+07:00")
    assert episodes_of(ws) == {}
    archived = ep.archived_ids((ws / ep.ARCHIVE_REL).read_text("utf-8"))
    assert a_id in archived and len(archived) == 3
    # A wrap-up re-run for the old day does not bring an archived episode back.
    run_inproc(ws, now="2027-03-20T00:30:00+07:00", day="2026-11-18")
    assert episodes_of(ws) == {}


def test_an_episode_a_person_edited_is_kept_as_it_is(tmp_path: Path):
    """Pins: docs/design.md §4.6 — the daily job re-running that day does not overwrite a person's
    edit of an episode (its hash differs from what memjobs wrote); other episodes still update."""
    fx = build_fixture(tmp_path)
    ws = fx.workspace
    run_inproc(ws)
    month = ws / MONTH
    text = month.read_text("utf-8")
    a = episodes_of(ws)["a1"]
    edited = text.replace(f"- summary: {a.summary}\n", "- summary: psycopg was missing; added it.\n", 1)
    edited = edited.replace("- outcome: success\n", "- outcome: partial\n", 1)
    assert edited != text
    month.write_text(edited, encoding="utf-8")
    code, rep = run_inproc(ws, day="2026-11-18")
    assert code == 0, rep
    assert rep["details"]["episodes"]["kept"] == 1 and rep["details"]["episodes"]["written"] == 0
    assert month.read_text("utf-8") == edited


def test_rollback_undoes_a_purge(tmp_path: Path):
    """Pins: the ledger's reverse patches put back the month file and the archive as they were."""
    from jobs.run.history import rollback
    from memory_store.config import load_config

    fx = build_fixture(tmp_path)
    ws = fx.workspace
    run_inproc(ws)
    before = snapshot(ws)
    code, rep = run_inproc(ws, now="2027-04-01T00:30:00+07:00")
    assert rep["details"]["episodes"]["purged"] == 3 and (ws / ep.ARCHIVE_REL).exists()
    rollback(load_config(ws, env={}), rep["run_id"])
    after = snapshot(ws)
    assert not (ws / ep.ARCHIVE_REL).exists()
    assert after[MONTH] == before[MONTH]


def test_dry_run_writes_no_episode(tmp_path: Path):
    fx = build_fixture(tmp_path)
    from datetime import datetime

    from jobs.dispatch import registry
    from memory_store.config import load_config

    rep = registry.run(load_config(fx.workspace, env={}), "daily", now=datetime.fromisoformat(NOW), dry_run=True)
    assert rep.details["episodes"]["written"] == 3
    assert not (fx.workspace / MONTH).exists()


def test_the_episodes_writer_row(tmp_path: Path):
    """Pins: episodes have a writers-table row of their own; weekly may not touch the episode archive."""
    w = writer_for("episodes", tmp_path)
    assert w.may_write("memory/episodes/2026-11.md") and w.may_write(ep.ARCHIVE_REL)
    assert not w.may_write("memory/2026-11-18.md") and not w.may_write("memory/archive/2026-11.md")
    assert not writer_for("weekly", tmp_path).may_write(ep.ARCHIVE_REL)
    assert writer_for("weekly", tmp_path).may_write("memory/archive/2026-11.md")
    assert not writer_for("daily", tmp_path).may_write(MONTH)
    with pytest.raises(WriterRefused):
        writer_for("episodes", tmp_path).append("MEMORY.md", "x")


def test_a_session_past_midnight_is_one_episode(tmp_path: Path):
    """Pins: the part of a session seen on the next day merges into the episode of its first day: the
    start keeps the title, the end decides the outcome, the range and expiry widen."""
    s = ClaudeSession(tmp_path / "f.jsonl", "f6f0c0de-0000")
    d1, d2 = date(2026, 11, 20), date(2026, 11, 21)
    s.user(at(d1, 23, 30), "migrate the bookings table to tstzrange")
    s.assistant(at(d1, 23, 40), "Started the migration; the tests fail for now.")
    s.tool(at(d2, 0, 20), "Bash", {"command": "pytest -q"}, "9 passed in 0.5s")
    s.user(at(d2, 0, 25), "great, thanks")
    path = s.write()
    from memory_store.transcripts.claude_code import read_jsonl
    from memory_store.transcripts.files import TranscriptFile

    recs = read_jsonl(TranscriptFile("claude-code", str(path))).records

    def part(d: date) -> DaySession:
        mine = tuple(r for r in recs if r.ts.astimezone(BKK).date() == d)
        return DaySession("claude-code", s.session_id, str(path), mine)

    day1, day2 = part(d1), part(d2)
    first, second = build(day1, BKK), build(day2, BKK)
    merged = merge(first, second)
    assert merged.id == first.id and merged.title == "migrate the bookings table to tstzrange"
    assert (merged.started, merged.ended) == ("2026-11-20T23:30+07:00", "2026-11-21T00:25+07:00")
    assert merged.outcome == "success" and merged.expires == (d2 + timedelta(days=90)).isoformat()
    assert merged.source.message_range == f"L1-L{max(r.line_end for r in recs)}"
    assert merge(merged, second) == merged and merge(merged, first) == merged
