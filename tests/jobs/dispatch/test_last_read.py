"""A source's `last_read` (the newest transcript line any run read from it) moves with backfill and
`run … --since` as with the scheduled runs, and never backwards."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from memory_store.cursors import CURSORS
from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace
from tests.microsync_helpers import microsync_at as microsync

D1, D2 = date(2026, 11, 18), date(2026, 11, 19)


def _last_read(ws: Path) -> str | None:
    (mark,) = json.loads((ws / CURSORS).read_text("utf-8"))["sources"].values()
    return mark["last_read"]


def test_backfill_and_since_move_last_read_forward_only(tmp_path: Path) -> None:
    """Pins: backfill and `run microsync --since` read lines but left `last_read` empty (status said
    "no line read by a scheduled run yet" from the explicit ranges instead); a scheduled run's
    first pass also lost the line it had noted."""
    ws = claude_code_workspace(tmp_path)
    folder = tmp_path / "transcripts" / "-home-user-api"
    for n, day in enumerate((D1, D2), start=1):
        sid = f"6600000{n}-0000-4000-8000-000000000001"
        s = ClaudeSession(folder / f"{sid}.jsonl", sid)
        s.user(at(day, 9, 0), "We decided to use Postgres for the bookings store.").assistant(at(day, 9, 5), "ok")
        s.write()
    w = ("--workspace", str(ws))
    assert cli(*w, "backfill", "--since", "2026-11-18", "--until", "2026-11-18").exit_code == 0
    first = _last_read(ws)
    assert first is not None and first.startswith("2026-11-18T")
    assert cli(*w, "run", "microsync", "--since", "2026-11-17", "--until", "2026-11-20").exit_code == 0
    newest = _last_read(ws)
    assert newest is not None and newest > first and newest.startswith("2026-11-19T")
    assert cli(*w, "run", "microsync", "--since", "2026-11-18", "--until", "2026-11-19").exit_code == 0
    assert _last_read(ws) == newest    # an older range read again: not moved back
    status = json.loads(cli(*w, "status", "--json").output)
    assert [s["last_read"] for s in status["sources"]] == [newest]
    assert not any("no line read by a scheduled run yet" in x for x in status["warnings"])


def test_a_sources_first_scheduled_run_keeps_its_last_read(tmp_path: Path) -> None:
    ws = claude_code_workspace(tmp_path)
    sid = "66000009-0000-4000-8000-000000000001"
    s = ClaudeSession(tmp_path / "transcripts" / "p" / f"{sid}.jsonl", sid)
    s.user(at(D1, 9, 0), "hello").assistant(at(D1, 9, 1), "hi")
    s.write()
    microsync(ws, "2026-11-18T10:00:00+07:00")
    assert (_last_read(ws) or "").startswith("2026-11-18T")
