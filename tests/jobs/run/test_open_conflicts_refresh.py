"""The runner keeps the saved open conflicts (memory_store/open_conflicts.py) up to date after a
job run (docs/design.md §6.5): a plain microsync, daily or weekly run refreshes them when an entry
file changed, a run over an explicit range (`--since`) too, and a backfill refreshes them once, on its
last day; a decision file that does not parse never fails the run."""
from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

from jobs.dispatch import registry
from jobs.run.runner import RunOptions
from memory_store.open_conflicts import OPEN_REL, read_disputes
from memory_store.supersede import open_state
from tests.jobs.weekly.test_weekly_support import entry, load_cfg, write_entries

REDIS = entry("Decision", "2026-11-03", "Use Redis for the session cache", "Sessions are cached in Redis.")
MEMCACHED = entry("Decision", "2026-11-05", "Use Memcached for the session cache")
NOW = datetime(2026, 11, 5, 12, tzinfo=UTC)


def test_a_ranged_run_saves_the_list_as_a_plain_run_does(workspace: Path) -> None:
    """A `--since` run refreshes the list too (it left it stale until the next plain run)."""
    write_entries(workspace, [REDIS, MEMCACHED])
    cfg = load_cfg(workspace)
    ranged = RunOptions(since=datetime(2026, 11, 4, tzinfo=UTC), until=datetime(2026, 11, 5, tzinfo=UTC))
    assert registry.run(cfg, "microsync", now=NOW, options=ranged).status != "failed"
    assert [(d.new.id, d.old.id) for d in read_disputes(workspace)] == [(MEMCACHED.id, REDIS.id)]
    assert open_state.refreshed(workspace) is None
    assert registry.run(cfg, "microsync", now=NOW).status != "failed"
    assert [(d.new.id, d.old.id) for d in read_disputes(workspace)] == [(MEMCACHED.id, REDIS.id)]


def test_a_decision_file_that_does_not_parse_fails_no_run(workspace: Path) -> None:
    write_entries(workspace, [REDIS, MEMCACHED])
    bad = workspace / ".memjobs" / "conflicts" / f"{MEMCACHED.id}.json"
    bad.parent.mkdir(parents=True)
    bad.write_text("{nope", encoding="utf-8")
    report = registry.run(load_cfg(workspace), "microsync", now=NOW)
    assert report.status != "failed", report.errors
    assert any(n.startswith("open conflicts not refreshed") for n in report.notes)


def test_a_backfill_refreshes_the_list_once_on_its_last_day(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from jobs.dispatch.backfill import backfill
    from tests.microsync_helpers import KEY, demo_workspace

    calls: list[Path] = []
    real = open_state.refreshed

    def counting(ws: Path):  # type: ignore[no-untyped-def]
        calls.append(ws)
        return real(ws)

    monkeypatch.setattr(open_state, "refreshed", counting)
    cfg, _ = demo_workspace(tmp_path)
    days = sorted(date.fromisoformat(d) for d in KEY["days"])
    progress = backfill(cfg, days[0], days[-1])
    assert not [r for r in progress.reports if r.status == "failed"]
    assert 1 <= len(calls) <= 2            # the last day's daily (and weekly, on a Sunday) only
    assert (cfg.workspace / OPEN_REL).exists() and real(cfg.workspace) is None
