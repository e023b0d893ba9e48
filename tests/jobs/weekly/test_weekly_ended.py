"""An item the user said holds "until" a day is not served as current after it (memory_store/ended.py):
the weekly takes it out of MEMORY.md into the archive ("ended 2026-11-01"), search reports `ended`,
and the context, before that weekly, marks it ENDED instead of listing it as in force. Real CLI in
subprocesses over a real workspace (explore17 #13)."""
from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import memjobs
from tests.jobs.microsync.test_dates_anchored import bangkok_workspace, turns_of

READ_ONLY = "the staging database is read-only"


def _session(folder: Path, session: str, text: str, ts: str) -> None:
    turns_of(folder, session, [("user", text, ts), ("assistant", "OK.", ts.replace(":00:00", ":01:00"))])


def test_an_item_valid_until_a_day_leaves_what_is_served_after_it(tmp_path: Path) -> None:
    ws, folder, env = bangkok_workspace(tmp_path)
    _session(folder, "a1", "Remember: until November 1 the staging database is read-only, do not run migrations "
                           "there.", "2026-10-14T04:00:00Z")
    _session(folder, "a2", "Remember: until 2099-01-01 the billing service stays frozen, no deploys there.",
             "2026-10-14T05:00:00Z")

    def mj(*args: str) -> str:
        res = memjobs("--workspace", str(ws), *args, env=env, timeout=300)
        assert res.returncode == 0, res.stderr
        return res.stdout

    mj("backfill", "--since", "2026-10-14", "--until", "2026-10-31")
    memory = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert READ_ONLY in memory and "billing service stays frozen" in memory   # in force up to Nov 1
    on_the_day = json.dumps(json.loads(mj("context", "--now", "2026-11-01T10:00:00+07:00", "--json")))
    assert "read-only" in on_the_day and '"ended"' not in on_the_day   # "until November 1" holds on Nov 1

    # Nov 2, before the weekly of the week to Nov 1: MEMORY.md still lists it; the context says it ended.
    ctx = json.loads(mj("context", "--now", "2026-11-02T10:00:00+07:00", "--json"))
    text = json.dumps(ctx, ensure_ascii=False)
    assert READ_ONLY in text
    served = [it for group in ctx["long_memory"].values() if isinstance(group, list) for it in group
              if isinstance(it, dict) and READ_ONLY in json.dumps(it)]
    assert served and all(it.get("ended") == "2026-11-01" for it in served), served
    frozen = [it for group in ctx["long_memory"].values() if isinstance(group, list) for it in group
              if isinstance(it, dict) and "billing service stays frozen" in json.dumps(it)]
    assert frozen and all(not it.get("ended") for it in frozen)
    md = mj("context", "--now", "2026-11-02T10:00:00+07:00")
    index = md.split("## Memory index", 1)[1].split("\n## ", 1)[0]   # (an episode of 10-14 says it, dated: history)
    line = next(ln for ln in index.splitlines() if READ_ONLY in ln)
    assert "ENDED 2026-11-01" in line, line

    # The weekly of the week to Nov 1 (its MEMORY.md is read from Nov 2) takes it out, archived with the reason.
    mj("backfill", "--since", "2026-11-01", "--until", "2026-11-02")
    memory = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert READ_ONLY not in memory and "billing service stays frozen" in memory
    archived = "".join(p.read_text(encoding="utf-8") for p in (ws / "memory" / "archive").glob("2026-*.md"))
    assert READ_ONLY in archived and "ended 2026-11-01" in archived, archived

    # Search still finds it, and says it ended.
    found = json.loads(mj("search", "staging database read-only", "--json"))["results"][0]
    assert READ_ONLY in found["title"] and found["ended"] == "2026-11-01", found
    assert "ended 2026-11-01" in mj("search", "staging database read-only")
    billing = json.loads(mj("search", "billing service frozen", "--json"))["results"][0]
    assert billing["ended"] is None
