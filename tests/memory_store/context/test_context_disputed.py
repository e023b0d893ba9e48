"""An open possible conflict is visible to the agent (docs/design.md §6.4, §6.5): the established
item stays in MEMORY.md while the newer one is held out, so the runtime context marks the item
DISPUTED, shows the newer entry (id, date, title, conclusion) and tells the agent to ask the user
which holds (`MEMORY_CONFLICT_OPEN`). Fresh between weekly runs: the microSync run after the newer
entry is written is enough; a person's decision shows at once, and the weekly that applies it
ends the mark. Read from the saved list (memory_store/open_conflicts.py), never the detector."""
from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import anyio

from jobs.dispatch import registry
from memory_store.open_conflicts import OPEN_REL
from tests.conftest import cli, cli_run, served_by_tools
from tests.jobs.weekly.test_weekly_support import (
    TZ,
    entry,
    load_cfg,
    memory_ids,
    reads_of,
    run_weekly,
    write_entries,
)

REDIS = entry("Decision", "2026-11-03", "Use Redis for the session cache", "Sessions are cached in Redis.")
COOKIES = entry("Decision", "2026-11-04", "Session cookies are marked Secure and HttpOnly")
MEMCACHED = entry("Decision", "2026-11-12", "Use Memcached for the session cache",
                  "Memcached holds the sessions, with a 1 h expiry.")


def _established_then_disputed(ws: Path) -> None:
    write_entries(ws, [REDIS, COOKIES])
    assert run_weekly(ws, "2026-11-09T03:00:00").status == "ok"
    assert REDIS.id in memory_ids(ws)
    write_entries(ws, [MEMCACHED])      # as microSync writes it on the 12th ...
    # ... and the run that wrote it (here: the next one) saves the open conflicts.
    assert registry.run(load_cfg(ws), "microsync", now=datetime(2026, 11, 12, 20, tzinfo=TZ)).status != "failed"


def _context(ws: Path) -> dict:  # type: ignore[type-arg]
    out = cli_run("--workspace", str(ws), "context", "--format", "json")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _item(ctx: dict, entry_id: str) -> dict:  # type: ignore[type-arg]
    (item,) = [i for i in ctx["long_memory"]["memory_index"] if i["id"] == entry_id]
    return item


def test_the_context_marks_the_established_item_disputed_the_same_day(workspace: Path) -> None:
    _established_then_disputed(workspace)
    assert MEMCACHED.id not in memory_ids(workspace)       # held out of MEMORY.md, as before
    ctx = _context(workspace)
    item = _item(ctx, REDIS.id)
    assert item["disputed_by"] == MEMCACHED.id
    for shown in (MEMCACHED.id, "2026-11-12", "Use Memcached for the session cache", "1 h expiry",
                  "ask the user which holds", "DISPUTED"):
        assert shown in item["text"]
    assert [(e["reason_code"], e["entity_id"]) for e in ctx["events"] if e["operation"] == "conflict"] == [
        ("MEMORY_CONFLICT_OPEN", REDIS.id)]
    assert any(REDIS.id in n and "ask the user" in n for n in ctx["notices"])
    out = cli_run("--workspace", str(workspace), "context")
    assert f"DISPUTED by the newer {MEMCACHED.id}" in out.stdout and "> NOTE:" in out.stdout
    assert out.stderr == ""       # said to the agent, in the context; not a warning to the person
    # Other items are not marked.
    assert "disputed_by" not in _item(ctx, COOKIES.id)
    # verify says it is a mark, not a trim or a fallback
    text = cli_run("--workspace", str(workspace), "verify").stdout
    assert "no trims or fallbacks" in text and "marked, not trimmed:\n  MEMORY_CONFLICT_OPEN" in text


def test_a_decision_shows_at_once_and_the_weekly_that_applies_it_ends_the_mark(workspace: Path) -> None:
    _established_then_disputed(workspace)
    done = cli("--workspace", str(workspace), "conflicts", "resolve", MEMCACHED.id, "--keep", "new")
    assert done.exit_code == 0, done.output
    ctx = _context(workspace)                       # no job has run since the decision
    item = _item(ctx, REDIS.id)
    assert "disputed_by" not in item and item["replaced_by"] == MEMCACHED.id and "REPLACED" in item["text"]
    assert not [e for e in ctx["events"] if e["reason_code"] == "MEMORY_CONFLICT_OPEN"]
    assert run_weekly(workspace, "2026-11-16T03:00:00", force=True).status == "ok"
    ctx = _context(workspace)
    ids = [i["id"] for i in ctx["long_memory"]["memory_index"]]
    assert MEMCACHED.id in ids and REDIS.id not in ids
    assert not any("DISPUTED" in i["text"] or "REPLACED" in i["text"] for i in ctx["long_memory"]["memory_index"])
    assert json.loads((workspace / OPEN_REL).read_text(encoding="utf-8"))["pairs"] == []


def test_memory_context_over_mcp_marks_it_too(workspace: Path) -> None:
    _established_then_disputed(workspace)

    async def go() -> list:  # type: ignore[type-arg]
        return await served_by_tools(workspace, [("memory_context", {"format": "json"})])

    (res,) = anyio.run(go)
    ctx = json.loads(res.content[0].text)
    assert _item(ctx, REDIS.id)["disputed_by"] == MEMCACHED.id


def test_the_mcp_cache_is_dropped_when_the_saved_conflicts_or_a_decision_change(workspace: Path) -> None:
    from memory_store.context.cache import generation

    before = generation(workspace, None)
    (workspace / OPEN_REL).parent.mkdir(parents=True, exist_ok=True)
    (workspace / OPEN_REL).write_text('{"version": 1, "signature": "x", "pairs": []}\n', encoding="utf-8")
    after = generation(workspace, None)
    assert after != before
    (workspace / ".memjobs" / "conflicts").mkdir(parents=True)
    assert generation(workspace, None) != after


def test_a_saved_list_that_does_not_parse_marks_nothing_and_fails_nothing(workspace: Path) -> None:
    _established_then_disputed(workspace)
    (workspace / OPEN_REL).write_text("{not json", encoding="utf-8")
    ctx = _context(workspace)
    assert "disputed_by" not in _item(ctx, REDIS.id)


def test_a_pair_naming_an_entry_merged_into_the_one_memory_md_keeps_marks_that_one(workspace: Path) -> None:
    """The same decision written on two days is merged into one MEMORY.md item; a newer entry judged
    against the merged-away one leaves neither side of the pair in MEMORY.md by id. The item that
    says what the established side says is marked in the context and named in MEMORY.md's open
    questions: otherwise the agent reads the established choice with nothing saying it is in doubt."""
    again = entry("Decision", "2026-11-05", "Use Redis for the session cache", "Sessions are cached in Redis.")
    write_entries(workspace, [REDIS, again])
    # The restatement is the copy the agent reads, so it stands for the two (jobs/weekly/planner.py
    # `_survivor`: the first stated stands unless another scores clearly more), and the newer entry
    # below is judged against the first stated, REDIS: the side merged away.
    reads_of(workspace, again.id, 10)
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    assert memory_ids(workspace) == {again.id}          # one survivor of the two
    write_entries(workspace, [MEMCACHED])
    assert registry.run(load_cfg(workspace), "microsync", now=datetime(2026, 11, 12, 20, tzinfo=TZ)).status != "failed"
    listed = json.loads(cli("--workspace", str(workspace), "conflicts", "--json").output)["conflicts"]
    assert [(c["id"], c["established"]["id"]) for c in listed] == [(MEMCACHED.id, REDIS.id)]
    ctx = _context(workspace)
    assert _item(ctx, again.id)["disputed_by"] == MEMCACHED.id
    assert any(again.id in n and "ask the user" in n for n in ctx["notices"])
    assert run_weekly(workspace, "2026-11-16T03:00:00", force=True).status == "ok"
    assert memory_ids(workspace) == {again.id}
    text = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    assert "## Open questions" in text and f"disputes [{again.id}]" in text


def test_a_pair_out_of_memory_md_in_every_wording_marks_nothing(workspace: Path) -> None:
    """Both sides written since the last weekly: the context shows neither, so nothing is marked
    (search and `memjobs conflicts` show the pair)."""
    write_entries(workspace, [COOKIES])
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    write_entries(workspace, [entry("Decision", "2026-11-10", "Use Redis for the session cache",
                                    "Sessions are cached in Redis."), MEMCACHED])
    assert registry.run(load_cfg(workspace), "microsync", now=datetime(2026, 11, 12, 20, tzinfo=TZ)).status != "failed"
    assert json.loads(cli("--workspace", str(workspace), "conflicts", "--json").output)["conflicts"]
    ctx = _context(workspace)
    assert not any({"disputed_by", "disputes"} & i.keys() for i in ctx["long_memory"]["memory_index"])
