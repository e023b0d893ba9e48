"""An open possible conflict stays in MEMORY.md's `## Open questions` through every weekly of a
backfill (docs/design.md §4.5): a backfill refreshes the saved list of open pairs only on its last
day, so a weekly of a later week of the same backfill read no saved pair, and the question a weekly
before it had written left MEMORY.md while the pair was still open (`memjobs conflicts` listed it)."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from jobs.dispatch.backfill import backfill
from memory_store.memory_md import parse_memory_md
from memory_store.open_conflicts import read_disputes
from tests.jobs.cli.test_first_use import _claude_session
from tests.jobs.dispatch.test_backfill_fast import _ws


def test_a_later_week_of_the_backfill_keeps_the_open_question(tmp_path: Path, isolated_env: Path) -> None:
    today = datetime.now(UTC).date()
    monday = today - timedelta(days=today.weekday() + 21)        # three weeks back: two compounded after
    at = datetime.combine(monday, datetime.min.time(), UTC) + timedelta(hours=10)
    _claude_session(isolated_env, "-home-user-app", "s-30", at + timedelta(days=1),
                    [("user", "we decided the API timeout is 30 seconds")])
    _claude_session(isolated_env, "-home-user-app", "s-60", at + timedelta(days=3),
                    [("user", "we decided the API timeout is 60 seconds")])
    _claude_session(isolated_env, "-home-user-app", "s-other", at + timedelta(days=9),
                    [("user", "we decided the invoices are stored in S3")])
    cfg = _ws(tmp_path, "ws", isolated_env)
    backfill(cfg, monday, today - timedelta(days=1))
    pairs = [d for d in read_disputes(cfg.workspace) if d.open]
    assert pairs and any("60 seconds" in d.new.title for d in pairs), pairs
    md = parse_memory_md((cfg.workspace / "MEMORY.md").read_text(encoding="utf-8"))
    weeklies = sorted(p.name for p in (cfg.workspace / "memory" / "archive").glob("weekly-*.md"))
    assert len(weeklies) >= 2, weeklies
    assert [(q.new_id, q.old_id) for q in md.questions] == [(d.new.id, d.old.id) for d in pairs], md.questions
