"""Backfill over a long history: idle days run no job, runs that changed nothing leave one ledger
line instead of a folder, and the memory written is byte for byte what the day-by-day run wrote."""
from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

from jobs.dispatch.backfill import active_days, backfill
from memory_store.config import load_config
from memory_store.ledger import NOTHING_LOG, RUNS_DIR, fold_empty_run, run_dirs
from memory_store.workspace import init_workspace
from tests.jobs.cli.test_first_use import DECISION, _claude_session

CHATTER = [("user", "what does this stack trace mean?"), ("assistant", "A null dereference in the parser.")]


def _ws(tmp_path: Path, name: str, home: Path):
    ws = tmp_path / name
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text(
        f"timezone: UTC\ntranscripts:\n  - {{format: claude-code, path: {home}/.claude/projects}}\n")
    return load_config(ws, env={})


def _memory(ws: Path) -> dict[str, bytes]:
    out = {}
    for top in ("memory", "second-brain"):
        out.update({p.relative_to(ws).as_posix(): p.read_bytes() for p in (ws / top).rglob("*") if p.is_file()})
    out["MEMORY.md"] = (ws / "MEMORY.md").read_bytes()
    return out


def test_idle_days_are_skipped_and_the_result_is_the_same(tmp_path: Path, isolated_env: Path):
    """Pins: a 529-day backfill left 1,002 run folders for 2 entries (and took minutes): every job
    ran every day. Now only days with sessions run microSync and the wrap-up; same bytes written."""
    today = datetime.now(UTC).date()
    base = datetime.combine(today, datetime.min.time(), UTC) + timedelta(hours=10)
    # 12 days (at least one Sunday, the compound's day) with two active ones: the day-by-day
    # baseline runs every job on each of them, the cost of this test (24 days cost twice as much).
    _claude_session(isolated_env, "-home-user-app", "s-decide", base - timedelta(days=9), DECISION)
    _claude_session(isolated_env, "-home-user-app", "s-chat", base - timedelta(days=4), CHATTER)
    first = today - timedelta(days=12)
    cfg_old = _ws(tmp_path, "old", isolated_env)
    old = backfill(cfg_old, first, skip_idle=False)
    cfg_new = _ws(tmp_path, "new", isolated_env)
    new = backfill(cfg_new, first)
    assert len(old.done) == len(new.done) == 12
    assert active_days(cfg_new, first, today) == {today - timedelta(days=9), today - timedelta(days=4)}
    assert _memory(cfg_new.workspace) == _memory(cfg_old.workspace)
    assert any(p.startswith("memory/20") for p in _memory(cfg_new.workspace))
    old_runs, new_runs = len(run_dirs(cfg_old.state_dir)), len(run_dirs(cfg_new.state_dir))
    assert old_runs == len(old.reports) >= 12 * 2
    assert len(new.reports) < 12 and new_runs <= len(new.reports)     # fewer runs than days
    # Every run is still recorded: a folder, or a line of runs/nothing.jsonl.
    log = cfg_new.state_dir / RUNS_DIR / NOTHING_LOG
    folded = [json.loads(x) for x in log.read_text().splitlines()] if log.exists() else []
    assert new_runs + len(folded) == len(new.reports)
    assert all(r["status"] == "nothing" for r in folded)
    # And the index covers what the backfill wrote (one update at the end).
    from memory_store.search.query import Searcher

    s = Searcher(cfg_new)
    try:
        assert not s.is_stale()
        assert s.search("postgres").hits
    finally:
        s.close()


def test_a_run_folder_is_folded_only_when_it_holds_nothing_but_its_report(tmp_path: Path):
    state = tmp_path / ".memjobs"
    empty = state / RUNS_DIR / "20261120T000000Z-daily-aaaa"
    empty.mkdir(parents=True)
    (empty / "report.json").write_text("{}")
    (empty / "audit.jsonl").write_text("")
    moved = state / RUNS_DIR / "20261120T000000Z-weekly-bbbb"
    moved.mkdir(parents=True)
    (moved / "report.json").write_text("{}")
    (moved / "patches.jsonl").write_text('{"op": "state"}\n')
    rep = {"run_id": "20261120T000000Z-daily-aaaa", "job": "daily", "status": "nothing", "now": "n",
           "started": "s", "finished": "f", "details": {"big": "x" * 1000}}
    assert fold_empty_run(state, "20261120T000000Z-daily-aaaa", rep)
    assert not fold_empty_run(state, "20261120T000000Z-weekly-bbbb", {**rep, "run_id": "x"})
    assert not empty.exists() and moved.exists()
    (line,) = (state / RUNS_DIR / NOTHING_LOG).read_text().splitlines()
    assert json.loads(line) == {k: rep[k] for k in ("run_id", "job", "status", "now", "started", "finished")}
    assert [p.name for p in run_dirs(state)] == ["20261120T000000Z-weekly-bbbb"]


def test_writing_unchanged_state_records_nothing(tmp_path: Path):
    """A state file written with the bytes it already has is not rewritten nor kept for rollback."""
    from memory_store.ledger import RunLedger, read_patches
    from memory_store.writers import writer_for

    ws = tmp_path / "ws"
    init_workspace(ws)
    ledger = RunLedger(ws / ".memjobs", "r1")
    ledger.open()
    w = writer_for("microsync", ws, ledger=ledger)
    w.write_state(".memjobs/microsync/cursors.json", b"{}\n")
    w2 = writer_for("microsync", ws, ledger=RunLedger(ws / ".memjobs", "r2"))
    (ws / ".memjobs" / "runs" / "r2").mkdir()
    w2.write_state(".memjobs/microsync/cursors.json", b"{}\n")
    assert len(read_patches(ws / ".memjobs", "r1")) == 1
    assert read_patches(ws / ".memjobs", "r2") == []


def _state_bytes(ws: Path) -> dict[str, bytes]:
    """What the backfill leaves for later runs: cursors, the written log, access counts, the
    procedures' and preferences' state (run folders, the ledger and the context cache hold times)."""
    state = ws / ".memjobs"
    return {p.relative_to(ws).as_posix(): p.read_bytes() for p in state.rglob("*.json")
            if p.is_file() and not ({RUNS_DIR, "ledger", "locks", "index", "context"} & set(p.relative_to(state).parts))
            and p.name != "backfill.json"}


def test_a_backfill_day_extracts_each_session_once(tmp_path: Path, monkeypatch):
    """Pins: a backfill ran the rules over each day's lines twice — the day's range, then the
    wrap-up's own microSync step (its cursors, left alone by the range, still before the day)
    over the very same records, finding the same items. Now an equal list of records is
    extracted once (jobs/microsync/extract_memo.py), and what the backfill writes — memory and
    the state later runs read — is byte for byte what extracting twice wrote."""
    from datetime import date

    from jobs.microsync import extract_memo
    from jobs.microsync.rules.rules import RuleExtractor
    from tests.microsync_helpers import KEY, demo_workspace, memory_bytes

    days = sorted(date.fromisoformat(d) for d in KEY["days"])
    real_extract = RuleExtractor.extract
    seen: list[tuple[object, ...]] = []

    def counting(self, records):   # the real rules, with a record of what they were given
        seen.append(tuple((r.session_id, r.line_end, r.text) for r in records))
        return real_extract(self, records)

    monkeypatch.setattr(RuleExtractor, "extract", counting)
    cfg, _ = demo_workspace(tmp_path)   # both runs: the same transcripts and workspace path (state holds both)
    settings = (cfg.workspace / "memjobs.yaml").read_bytes()
    out = []
    for memo in (True, False):
        if not memo:
            monkeypatch.setattr(extract_memo, "_current", lambda: None)
            shutil.rmtree(cfg.workspace)
            init_workspace(cfg.workspace)
            (cfg.workspace / "memjobs.yaml").write_bytes(settings)
            cfg = load_config(cfg.workspace, env={})
        seen.clear()
        progress = backfill(cfg, days[0], days[-1])
        assert len(progress.done) == len(days) and not [r for r in progress.reports if r.status == "failed"]
        out.append(({**memory_bytes(cfg.workspace), **_state_bytes(cfg.workspace)}, list(seen)))
    (once, once_lists), (twice, twice_lists) = out
    assert len(set(twice_lists)) < len(twice_lists)       # the old way: the same records went through twice
    assert len(set(once_lists)) == len(once_lists)         # now: never the same list twice
    assert sum(map(len, once_lists)) < 0.7 * sum(map(len, twice_lists))   # demo: 317 records, was 476
    assert once == twice
    assert any(k.startswith("memory/20") for k in once)
    assert any(k.endswith("cursors.json") for k in once) and any(k.endswith("entries.json") for k in once)


def test_a_backfill_counts_a_memory_read_once(tmp_path: Path) -> None:
    """A read of memory by the agent (a memory_search whose result holds an entry id) is an access
    (the decay's access factor). A backfill day ran microSync over the day's range and then the
    wrap-up's cursor step over the same records: each read counted twice. Counted once now, by the
    run that moves the cursor past it."""
    from datetime import date

    from tests.jobs.daily.test_daily_fixture import ClaudeSession, at, build_fixture

    fx = build_fixture(tmp_path)
    ws = fx.workspace
    day = date(2026, 11, 21)
    read = ClaudeSession(fx.sessions["a"].path.parent / "e5f0c0de-0000-4000-8000-000000000099.jsonl",
                         "e5f0c0de-0000-4000-8000-000000000099")
    read.user(at(day, 10, 0), "what did we decide about the bookings store?")
    read.tool(at(day, 10, 1), "memory_search", {"query": "bookings store"},
              "- Use PostgreSQL (DECISION-20261118-use-postgresql-abc123)")
    read.assistant(at(day, 10, 2), "We use PostgreSQL.")
    read.user(at(day, 10, 3), "thanks")
    read.write()
    backfill(load_config(ws, env={}), date(2026, 11, 17), date(2026, 11, 22))
    counts = {f.name: json.loads(f.read_text())["counts"] for f in (ws / ".memjobs" / "access").glob("*.json")}
    assert counts == {"2026-W47.json": {"DECISION-20261118-use-postgresql-abc123": 1}}


def test_a_backfill_whose_last_day_runs_nothing_still_saves_the_open_conflicts(tmp_path: Path, isolated_env: Path):
    """Pins: the saved open conflicts (what the context, search and MEMORY.md's Open questions read)
    were refreshed by the backfill's last calendar day only; a backfill ending on a day with no
    session and no weekly saved none, so a conflict `memjobs conflicts` listed was in no Open
    questions and no context marked the established side disputed."""
    from memory_store.open_conflicts import OPEN_REL, read_disputes

    today = datetime.now(UTC).date()
    base = datetime.combine(today, datetime.min.time(), UTC) + timedelta(hours=10)
    _claude_session(isolated_env, "-home-user-app", "s-30", base - timedelta(days=12),
                    [("user", "we decided the API timeout is 30 seconds")])
    _claude_session(isolated_env, "-home-user-app", "s-60", base - timedelta(days=10),
                    [("user", "we decided the API timeout is 60 seconds")])
    cfg = _ws(tmp_path, "ws", isolated_env)
    first = today - timedelta(days=14)
    last = today - timedelta(days=1)
    backfill(cfg, first, last)
    assert (cfg.workspace / OPEN_REL).is_file()
    pairs = read_disputes(cfg.workspace)
    assert pairs and any("60 seconds" in d.new.title for d in pairs), pairs
