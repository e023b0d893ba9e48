"""Two entries naming one old id in their `supersedes:` fields: the weekly, search and the runtime context
agree on which one replaced it — the weekly reads the links through memory_store/supersedes_read.py
`supersede_links` (the first stated: date, then file, then line), not a rule of its own (it took the
smaller id of the day). Real daily files, the real index, `context`, then the real weekly."""
from __future__ import annotations

import json
from pathlib import Path

from memory_store.markdown import block_to_entry, parse_document
from tests.conftest import cli
from tests.jobs.weekly.test_weekly_support import entry, memory_ids, write_entries


def _status(ws: Path, day: str, entry_id: str) -> tuple[str, str | None]:
    rel = f"memory/{day}.md"
    for block in parse_document((ws / rel).read_text(encoding="utf-8")).blocks:
        e = block_to_entry(block, rel)
        if e.id == entry_id:
            return e.status, e.superseded_by
    raise AssertionError(f"{entry_id} not in {rel}")


def test_weekly_search_and_context_agree_on_which_of_two_replaced_one_entry(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert cli("init", str(ws)).exit_code == 0
    (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\n",
                                     encoding="utf-8")
    w = ("--workspace", str(ws))
    old = entry("Decision", "2026-11-17", "Use Postgres for the billing service", "Postgres for billing")
    write_entries(ws, [old])
    assert cli(*w, "run", "weekly", "--now", "2026-11-23T03:00:00+07:00").exit_code == 0
    assert old.id in memory_ids(ws)

    # the same day, in this file order: the first stated one's id sorts after the second's
    first = entry("Decision", "2026-11-24", "Use MySQL for the billing service instead of Postgres",
                  "MySQL for billing", supersedes=old.id)
    second = entry("Decision", "2026-11-24", "Move the billing service to CockroachDB instead of Postgres",
                   "CockroachDB for billing", supersedes=old.id)
    assert second.id < first.id
    write_entries(ws, [first, second])

    assert cli(*w, "index").exit_code == 0
    found = json.loads(cli(*w, "search", "billing service Postgres", "--json").output)["results"]
    [hit] = [r for r in found if r["id"] == old.id]
    assert (hit["status"], hit["superseded_by"]) == ("superseded", first.id)

    ctx = cli(*w, "context", "--json", "--now", "2026-11-25T09:00:00+07:00", "--task", "billing service database")
    assert ctx.exit_code == 0, ctx.output
    [item] = [i for i in json.loads(ctx.output)["long_memory"]["memory_index"] if i["id"] == old.id]
    assert item["replaced_by"] == first.id

    got = json.loads(cli(*w, "get", old.id, "--json").output)["entry"]
    assert got["superseded_by"] == first.id

    run = cli(*w, "run", "weekly", "--now", "2026-11-30T03:00:00+07:00")
    assert run.exit_code == 0, run.output
    assert _status(ws, "2026-11-17", old.id) == ("superseded", first.id)
    assert old.id not in memory_ids(ws)
    log = (ws / "memory" / "archive" / "weekly-2026-48.md").read_text(encoding="utf-8")
    assert f"superseded by {first.id}" in log and f"superseded by {second.id}" not in log
    # after the weekly, search reads the file's status and says the same
    assert cli(*w, "index").exit_code == 0
    found = json.loads(cli(*w, "search", "billing service Postgres", "--json").output)["results"]
    [hit] = [r for r in found if r["id"] == old.id]
    assert hit["superseded_by"] == first.id
