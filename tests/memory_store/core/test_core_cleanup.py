"""Expired SESSION entries archived in batches (memory_store.core.cleanup): the daily job and
`memjobs mem compact` run the same code — at most `core.cleanup_limit` / `--limit` per run, oldest
first, one rewrite per file, every fact audited as `fact.archived`, the rest left for the next run
and said so; the user's other lines and a fact changed meanwhile are left alone."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_store.config import load_config
from memory_store.core.audit import Actor
from memory_store.core.cleanup import archive_expired, expired
from memory_store.core.lineformat import format_line
from memory_store.core.store import CoreMemory
from memory_store.entries import LineEntry
from memory_store.errors import DuplicateId
from memory_store.ledger import PATCHES
from tests.conftest import cli

T0 = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)


def session_lines(n: int, *, hours_apart: int = 0) -> str:
    """`n` expired-by-tomorrow `8h` session entries, the i-th updated i minutes after T0."""
    out = []
    for i in range(n):
        ts = (T0 + timedelta(minutes=i, hours=hours_apart)).strftime("%Y-%m-%dT%H:%M:%SZ")
        out.append(format_line(LineEntry(key=f"task.step{i}", value=f"step number {i}", ttl="8h",
                                          source="user_explicit", updated_at=ts, id=f"m-s{i:05d}")))
    return "".join(out)


def seed(ws: Path, n: int) -> str:
    head = "# SESSION\n\n<!-- the user's own note, kept -->\n\n## Current\n"
    keep = format_line(LineEntry(key="task.keep", value="still going", ttl="none", source="user_explicit",
                                 updated_at="2026-11-22T10:00:00Z", id="m-keep"))
    (ws / "SESSION.md").write_text(head + session_lines(n) + keep, encoding="utf-8")
    return head


def audit(ws: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in (ws / ".memjobs/audit/memory_audit.jsonl").read_text().splitlines()]


def test_a_batch_archives_the_oldest_first_and_leaves_the_rest(workspace: Path) -> None:
    head = seed(workspace, 7)
    store = CoreMemory.from_config(load_config(workspace, env={}), clock=lambda: T0 + timedelta(days=1))
    assert len(expired(store)) == 7
    with store.operation("cleanup", Actor("system", "daily")) as run:
        done = archive_expired(store, run, Actor("system", "daily"), limit=3)
    assert [c.entry.key for c in done.changes] == ["task.step0", "task.step1", "task.step2"] and done.left == 4
    text = (workspace / "SESSION.md").read_text()
    assert text.startswith(head) and "key:task.keep" in text.split("## Inactive")[0]
    inactive = text.split("## Inactive")[1]
    assert [f"task.step{i}" in inactive for i in range(7)] == [True] * 3 + [False] * 4
    assert inactive.count("status:archived") == 3
    events = audit(workspace)
    assert [(e["type"], e["key"]) for e in events] == [("fact.archived", f"task.step{i}") for i in range(3)]
    assert all(e["actor"] == {"kind": "system", "id": "daily"} and str(e["reason"]).startswith("expired (")
               for e in events)
    ledger = sorted((workspace / ".memjobs/runs").glob("*-core-*"))
    assert ledger, "the cleanup is a recorded core run (rollback can undo it)"


def test_mem_compact_takes_a_limit_and_says_what_is_left(workspace: Path) -> None:
    seed(workspace, 5)
    (workspace / "memjobs.yaml").write_text("transcripts: []\ncore: {cleanup_limit: 4}\n", encoding="utf-8")
    # the entries expired 8 h after T0 (2026-11-22): compact runs now, long after
    r = cli("--workspace", str(workspace), "mem", "compact", "--limit", "2", "--json")
    assert r.exit_code == 0, r.output
    assert [c["key"] for c in json.loads(r.stdout)["changes"]] == ["task.step0", "task.step1"]
    assert "3 expired entries left for the next run" in r.stderr
    r = cli("--workspace", str(workspace), "mem", "compact", "--json")           # core.cleanup_limit: 4
    assert [c["key"] for c in json.loads(r.stdout)["changes"]] == [f"task.step{i}" for i in range(2, 5)]
    assert "left for the next run" not in r.stderr
    assert cli("--workspace", str(workspace), "mem", "compact", "--limit", "0").exit_code == 2
    r = cli("--workspace", str(workspace), "mem", "compact")
    assert r.exit_code == 0 and "nothing to compact" in r.output
    assert "key:task.keep" in (workspace / "SESSION.md").read_text().split("## Inactive")[0]


def test_the_daily_job_archives_in_batches_of_the_configured_limit(workspace: Path) -> None:
    from jobs.dispatch import registry

    seed(workspace, 5)
    (workspace / "memjobs.yaml").write_text("transcripts: []\ncore: {cleanup_limit: 2}\n", encoding="utf-8")
    cfg = load_config(workspace, env={})
    rep = registry.run(cfg, "daily", now=T0 + timedelta(days=1))
    assert rep.details["core_archived"] == ["m-s00000", "m-s00001"] and rep.details["core_expired_left"] == 3
    assert any("3 expired core-memory entries left" in n for n in rep.notes)
    rep = registry.run(cfg, "daily", now=T0 + timedelta(days=1, hours=1))
    assert rep.details["core_archived"] == ["m-s00002", "m-s00003"] and rep.details["core_expired_left"] == 1
    rep = registry.run(cfg, "daily", now=T0 + timedelta(days=1, hours=2))
    assert rep.details["core_archived"] == ["m-s00004"] and "core_expired_left" not in rep.details
    assert [e["type"] for e in audit(workspace)] == ["fact.archived"] * 5


def test_five_thousand_entries_in_one_rewrite(workspace: Path) -> None:
    """The default batch: 5,000 expired entries of 5,001, archived in one run, one rewrite (one more
    than the batch is enough to see the rest left for the next run)."""
    seed(workspace, 5001)
    store = CoreMemory.from_config(load_config(workspace, env={}), clock=lambda: T0 + timedelta(days=5))
    with store.operation("cleanup", Actor("user", "cli")) as run:
        done = archive_expired(store, run, Actor("user", "cli"))
    assert len(done.changes) == 5000 and done.left == 1
    assert [i.loc.entry.key for i in expired(store)] == ["task.step5000"]
    # One rewrite, counted in the run's ledger (a patch record per write), not timed: a clock
    # check fails on a loaded machine and passes a per-entry rewrite on a fast one.
    patches = workspace / ".memjobs" / "runs" / run.run_id / PATCHES
    records = [json.loads(line) for line in patches.read_text(encoding="utf-8").splitlines()]
    assert [r["path"] for r in records if r["path"] == "SESSION.md"] == ["SESSION.md"]
    assert (workspace / "SESSION.md").read_text().count("status:archived") == 5000


def test_taking_many_lines_out_reads_the_file_once_not_once_per_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """`document.remove_lines` checks every wanted id for a second line against one grouping of the
    file's lines: it scanned them all again for each id, so a batch of 5,000 computed 30 million ids
    (most of the 5,000-entry cleanup's CPU; it hit the suite's 120 s timeout under load). Counted, not
    timed: a line's id is computed a few times per line, not lines x ids times."""
    from memory_store.core import document

    n = 300
    text = "## Current\n" + session_lines(n)
    calls = 0
    real = document.entry_id

    def counting(e: LineEntry) -> str:
        nonlocal calls
        calls += 1
        return real(e)

    monkeypatch.setattr(document, "entry_id", counting)
    assert document.remove_lines(text, [f"m-s{i:05d}" for i in range(1, n, 2)]) == "## Current\n" + "".join(
        line for i, line in enumerate(session_lines(n).splitlines(keepends=True)) if i % 2 == 0)
    assert calls <= 3 * n, calls
    # a second line with one of the ids still refuses the whole removal
    twice = text + session_lines(n).splitlines(keepends=True)[7]
    with pytest.raises(DuplicateId, match="m-s00007"):
        document.remove_lines(twice, ["m-s00003", "m-s00007"])


def test_the_daily_runs_cleanup_is_part_of_the_run_and_rolls_back_with_it(workspace: Path) -> None:
    """No separate `core` run: SESSION.md is in the daily run's report, the audit events in its run
    folder, and `memjobs rollback <daily run>` puts the archived entries back."""
    from jobs.dispatch import registry

    seed(workspace, 3)
    before = (workspace / "SESSION.md").read_bytes()
    cfg = load_config(workspace, env={})
    rep = registry.run(cfg, "daily", now=T0 + timedelta(days=1))
    assert rep.details["core_archived"] == ["m-s00000", "m-s00001", "m-s00002"]
    assert "SESSION.md" in rep.written and (workspace / "SESSION.md").read_bytes() != before
    res = cli("--workspace", str(workspace), "runs", "list", "--json")
    assert res.exit_code == 0, res.output
    assert [r["job"] for r in json.loads(res.output)].count("core") == 0
    run_audit = workspace / ".memjobs" / "runs" / rep.run_id / "memory_audit.jsonl"
    assert [json.loads(x)["type"] for x in run_audit.read_text().splitlines()] == ["fact.archived"] * 3
    res = cli("--workspace", str(workspace), "rollback", rep.run_id, "--json")
    assert res.exit_code == 0, res.output
    assert (workspace / "SESSION.md").read_bytes() == before
