"""An entry said before one already written is linked to it (`superseded_later_by`) only when nothing
said between the two is left to read (jobs/microsync/supersedes.py, review19 F1): one `memjobs run
microsync --since` over a range reads X (10-01) and Y (10-10) in one run after a scheduled run read L
(11-02), which changes Y; X must stay active, and Y be the one L replaces."""
from __future__ import annotations

import json
from pathlib import Path

from memory_store.memory_md import parse_memory_md
from tests.conftest import cli_run
from tests.jobs.microsync.test_review19_repro_backfill_premature_later import SETS
from tests.jobs.microsync.test_said_order_e2e import _session
from tests.microsync_helpers import all_entries, claude_code_workspace


def _mj(ws: Path, *args: str) -> str:
    done = cli_run("--workspace", str(ws), *args)
    assert done.returncode == 0, (args, done.stderr)
    return done.stdout


def later_read_first(tmp_path: Path, case: str = "deploy-day", between: bool = True) -> Path:
    """L (11-02) read by a scheduled run; then the sessions of October waiting for a backfill: X (10-01,
    the choice), Y (10-10, what L changes) and, `between`, Z (10-20, an unrelated day between Y and L)."""
    x, y, later = SETS[case]
    ws = claude_code_workspace(tmp_path)
    _session(tmp_path, "L", "2026-11-02T03:00:00+00:00", later)
    _mj(ws, "run", "microsync", "--now", "2026-11-02T12:00:00+07:00")
    _session(tmp_path, "X", "2026-10-01T03:00:00+00:00", x)
    _session(tmp_path, "Y", "2026-10-10T03:00:00+00:00", y)
    if between:
        _session(tmp_path, "Z", "2026-10-20T03:00:00+00:00", "Decision: the docs site moves to Netlify.")
    return ws


def test_one_range_run_links_the_later_change_to_what_it_changes(tmp_path: Path) -> None:
    ws = later_read_first(tmp_path, "backups", between=False)
    _mj(ws, "run", "microsync", "--since", "2026-10-01", "--until", "2026-10-31", "--now", "2026-11-03T12:00:00+07:00")
    by = {f.entry.source.session_id: f.entry for f in all_entries(ws)}
    assert set(by) == {"X", "Y", "L"}, sorted(by)
    assert by["X"].superseded_later_by is None, by["X"]
    got = json.loads(_mj(ws, "get", by["X"].id, "--json"))["entry"]
    assert (got["status"], got["current"]) == ("active", None), got
    assert json.loads(_mj(ws, "get", by["Y"].id, "--json"))["entry"]["current"] == by["L"].id


def test_a_pair_left_undecided_is_judged_once_the_backfill_has_read_every_day(tmp_path: Path) -> None:
    """A session between Y and L (10-20) leaves Y's pair undecided when the backfill writes Y (10-20 is
    not read yet); the backfill's last microSync run, with every day read, judges it again and writes
    Y with `superseded_later_by` L; the weekly applies it. X stays active and in MEMORY.md."""
    ws = later_read_first(tmp_path)
    _mj(ws, "backfill", "--since", "2026-10-01", "--until", "2026-11-03")
    by = {f.entry.source.session_id: f.entry for f in all_entries(ws)}
    assert {"X", "Y", "L"} <= set(by), sorted(by)
    assert (by["X"].superseded_later_by, by["Y"].superseded_later_by) == (None, by["L"].id), (by["X"], by["Y"])
    assert json.loads(_mj(ws, "get", by["Y"].id, "--json"))["entry"]["current"] == by["L"].id
    _mj(ws, "run", "weekly", "--now", "2026-11-09T03:00:00+07:00")
    by = {f.entry.source.session_id: f.entry for f in all_entries(ws)}
    assert (by["X"].status, by["X"].superseded_by) == ("active", None), by["X"]
    assert (by["Y"].status, by["Y"].superseded_by) == ("superseded", by["L"].id), by["Y"]
    items = {it.id for it in parse_memory_md((ws / "MEMORY.md").read_text("utf-8")).items}
    assert by["X"].id in items and by["L"].id in items and by["Y"].id not in items, items


def test_a_pair_left_undecided_after_the_later_week_was_compounded(tmp_path: Path) -> None:
    """L's week is compounded before the backfill, and the backfill compounds Y's week while 10-20 is
    still unread: the weekly compares Y only with what was said before it. The backfill's settling
    writes Y with the link once every day is read; Y, changed, is compounded again by the next weekly,
    which marks it superseded by L and takes it out of MEMORY.md."""
    x, y, later = SETS["deploy-day"]
    ws = claude_code_workspace(tmp_path)
    _session(tmp_path, "L", "2026-11-02T03:00:00+00:00", later)
    _mj(ws, "run", "microsync", "--now", "2026-11-02T12:00:00+07:00")
    _mj(ws, "run", "weekly", "--now", "2026-11-09T03:00:00+07:00")
    _session(tmp_path, "X", "2026-10-01T03:00:00+00:00", x)
    _session(tmp_path, "Y", "2026-10-10T03:00:00+00:00", y)
    _session(tmp_path, "Z", "2026-10-20T03:00:00+00:00", "Decision: the docs site moves to Netlify.")
    _mj(ws, "backfill", "--since", "2026-10-01", "--until", "2026-11-03")
    _mj(ws, "run", "weekly", "--now", "2026-11-16T03:00:00+07:00")
    by = {f.entry.source.session_id: f.entry for f in all_entries(ws)}
    assert (by["X"].status, by["X"].superseded_by) == ("active", None), by["X"]
    assert json.loads(_mj(ws, "get", by["Y"].id, "--json"))["entry"]["current"] == by["L"].id
    assert (by["Y"].status, by["Y"].superseded_by) == ("superseded", by["L"].id), by["Y"]
    items = {it.id for it in parse_memory_md((ws / "MEMORY.md").read_text("utf-8")).items}
    assert by["X"].id in items and by["L"].id in items and by["Y"].id not in items, items
