"""A person's `conflicts resolve` decision shows in the context at once, by the one rule search uses
(memory_store/search/decided.py `standing`): keep old — the rejected newer entry is not served as a
recent, undecided memory; keep new — the established item is marked REPLACED and the newer one is
served; keep both — both are served, neither marked. Before the fix a keep-old decision changed
nothing until the weekly: the newer side the person had just rejected was shown as "Recent"."""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from jobs.dispatch import registry
from tests.conftest import cli, cli_run
from tests.jobs.weekly.test_weekly_support import TZ, entry, load_cfg, memory_ids, run_weekly, write_entries

NOW = datetime.now(TZ).replace(hour=12, minute=0, second=0, microsecond=0)
MONDAY = NOW - timedelta(days=NOW.weekday())
LAST_WEEK = (MONDAY - timedelta(days=5)).date().isoformat()
REDIS = entry("Decision", LAST_WEEK, "Use Redis for the session cache", "Sessions are cached in Redis.")
MEMCACHED = entry("Decision", NOW.date().isoformat(), "Use Memcached for the session cache",
                  "Memcached holds the sessions, with a 1 h expiry.")


def _pair(ws: Path) -> None:
    write_entries(ws, [REDIS])
    assert run_weekly(ws, MONDAY.replace(hour=3).strftime("%Y-%m-%dT%H:%M:%S")).status == "ok"
    assert REDIS.id in memory_ids(ws)
    write_entries(ws, [MEMCACHED])
    assert registry.run(load_cfg(ws), "microsync", now=NOW).status != "failed"


def _context(ws: Path) -> dict:  # type: ignore[type-arg]
    out = cli_run("--workspace", str(ws), "context", "--format", "json")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _shown(ctx: dict) -> dict[str, dict]:  # type: ignore[type-arg]
    lm = ctx["long_memory"]
    return {i["id"]: i for i in [*lm["memory_index"], *lm.get("recent", [])]}


@pytest.mark.parametrize("keep", ["old", "new", "both"])
def test_a_decision_shows_in_the_context_before_the_weekly(workspace: Path, keep: str) -> None:
    _pair(workspace)
    done = cli("--workspace", str(workspace), "conflicts", "resolve", MEMCACHED.id, "--keep", keep)
    assert done.exit_code == 0, done.output
    shown = _shown(_context(workspace))
    assert REDIS.id in shown
    old_text = shown[REDIS.id]["text"]
    assert "DISPUTED" not in old_text
    if keep == "old":
        assert MEMCACHED.id not in shown, shown[MEMCACHED.id]
        assert "REPLACED" not in old_text
    elif keep == "new":
        assert "REPLACED" in old_text and shown[REDIS.id]["replaced_by"] == MEMCACHED.id
        assert MEMCACHED.id in shown and "REPLACED" not in shown[MEMCACHED.id]["text"]
    else:
        assert "REPLACED" not in old_text
        assert MEMCACHED.id in shown and "REPLACED" not in shown[MEMCACHED.id]["text"]
