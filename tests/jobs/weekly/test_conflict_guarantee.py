"""MEMORY.md never lists two active entries the detector says conflict (docs/design.md §6.4): the
newer one of an open conflict stays out of it — also when it was in MEMORY.md before the conflict
appeared (an entry edited by hand, a workspace compounded before detection knew the pair) — until
a person decides (`memjobs conflicts resolve`) or a later reversal settles it."""
from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import cli
from tests.jobs.weekly.test_weekly_support import entry, memory_ids, run_weekly, write_entries

REDIS = entry("Decision", "2026-11-03", "Use Redis for the session cache", "Sessions are cached in Redis.")
COOKIES = entry("Decision", "2026-11-05", "Session cookies are marked Secure and HttpOnly",
                "Session cookies are marked Secure and HttpOnly.")


def _edit(ws: Path, day: str, old: str, new: str) -> None:
    path = ws / "memory" / f"{day}.md"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_an_item_already_in_memory_md_that_now_conflicts_leaves_it_and_is_listed(workspace: Path) -> None:
    write_entries(workspace, [REDIS, COOKIES])
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    assert {REDIS.id, COOKIES.id} <= memory_ids(workspace)
    assert json.loads(cli("--workspace", str(workspace), "conflicts", "--json").output)["conflicts"] == []

    # The later entry is rewritten in place: it now gives the session cache another tool.
    _edit(workspace, "2026-11-05", "Session cookies are marked Secure and HttpOnly",
          "Use Memcached for the session cache")
    listed = json.loads(cli("--workspace", str(workspace), "conflicts", "--json").output)["conflicts"]
    assert [(c["id"], c["established"]["id"]) for c in listed] == [(COOKIES.id, REDIS.id)]
    assert run_weekly(workspace, "2026-11-16T03:00:00", force=True).status == "ok"
    ids = memory_ids(workspace)
    assert REDIS.id in ids and COOKIES.id not in ids

    # A person keeps both: the next weekly lets the newer one back in.
    done = cli("--workspace", str(workspace), "conflicts", "resolve", COOKIES.id, "--keep", "both", "--json")
    assert done.exit_code == 0, done.output
    assert run_weekly(workspace, "2026-11-23T03:00:00", force=True).status == "ok"
    assert {REDIS.id, COOKIES.id} <= memory_ids(workspace)
