"""`memjobs conflicts`: lists the open possible conflicts of a workspace, read-only, and drops a
pair once a reversal settles it."""
from __future__ import annotations

import json
from pathlib import Path

from memory_store.markdown_write import set_entry_fields
from tests.conftest import cli
from tests.jobs.weekly.test_weekly_support import entry, snapshot, write_entries


def test_conflicts_lists_open_pairs_and_writes_nothing(workspace: Path) -> None:
    redis = entry("Decision", "2026-11-03", "Use Redis for the session cache", "Sessions are cached in Redis.")
    memcached = entry("Decision", "2026-11-05", "Use Memcached for the session cache",
                      "Sessions are cached in Memcached.")
    other = entry("Rule", "2026-11-04", "Never push directly to main", "All changes go through pull requests.")
    write_entries(workspace, [redis, other, memcached])
    before = snapshot(workspace, with_state=True)
    out = cli("--workspace", str(workspace), "conflicts", "--json")
    assert out.exit_code == 0, out.output
    listed = json.loads(out.output)["conflicts"]
    assert [(c["id"], c["established"]["id"]) for c in listed] == [(memcached.id, redis.id)]
    assert listed[0]["path"] == "memory/2026-11-05.md" and listed[0]["established"]["path"] == "memory/2026-11-03.md"
    text = cli("--workspace", str(workspace), "conflicts", "list")
    assert text.exit_code == 0 and memcached.id in text.output and "conflicts with" in text.output
    assert snapshot(workspace, with_state=True) == before

    # A later reversal settles it: the superseded side is no longer active, the pair is gone.
    day = workspace / "memory" / "2026-11-03.md"
    day.write_text(set_entry_fields(day.read_text(encoding="utf-8"), redis.id,
                                    {"status": "superseded", "superseded_by": memcached.id}), encoding="utf-8")
    settled = cli("--workspace", str(workspace), "conflicts")
    assert settled.exit_code == 0 and settled.output.strip() == "no open conflicts"
