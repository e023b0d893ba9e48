"""A backfill and an agent's short write through MCP share microsync's lock: each waits for the other
(docs/design.md §3.2) instead of failing. Real processes hold the lock."""
from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from jobs.dispatch.backfill import backfill
from tests.jobs.cli.test_first_use import DECISION, _claude_session
from tests.jobs.dispatch.test_backfill_fast import _ws
from tests.memory_store.test_locks import _hold_for


def test_a_backfill_waits_for_an_agent_write_instead_of_failing_the_day(tmp_path: Path, isolated_env: Path):
    """Pins explore14 #4 (r17): an MCP write holding microsync's lock when a backfill day's microSync
    started stopped the backfill ("1 failed runs … microsync lock is held by another process")."""
    today = datetime.now(UTC).date()
    base = datetime.combine(today, datetime.min.time(), UTC) + timedelta(hours=10)
    _claude_session(isolated_env, "-home-user-app", "s-decide", base - timedelta(days=3), DECISION)
    cfg = _ws(tmp_path, "ws", isolated_env)
    holder = _hold_for(cfg.workspace, "microsync", 2.0)   # the agent's write, a little long
    try:
        t0 = time.monotonic()
        progress = backfill(cfg, today - timedelta(days=4))
        assert time.monotonic() - t0 >= 1.5
        assert [r.errors for r in progress.reports if r.status == "failed"] == []
        assert len(progress.done) == 4
    finally:
        holder.kill()
        holder.wait()
