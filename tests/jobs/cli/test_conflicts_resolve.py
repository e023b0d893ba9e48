"""`memjobs conflicts resolve ID --keep new|old|both`: the decision is recorded under
`.memjobs/conflicts/` by the core writer (one audit event, rollback-able), never in a daily file or
MEMORY.md; the next weekly applies it; `conflicts list` shows decided pairs until then."""
from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_store.archive_format import parse_weekly_log
from memory_store.markdown import parse_document
from tests.conftest import cli, cli_run
from tests.jobs.weekly.test_weekly_support import entry, memory_ids, run_weekly, snapshot, write_entries

REDIS = entry("Decision", "2026-11-03", "Use Redis for the session cache", "Sessions are cached in Redis.")
MEMCACHED = entry("Decision", "2026-11-05", "Use Memcached for the session cache",
                  "Sessions are cached in Memcached.")


def _status(ws: Path, day: str, entry_id: str) -> tuple[str, str | None]:
    doc = parse_document((ws / "memory" / f"{day}.md").read_text(encoding="utf-8"))
    (e,) = [e for e in doc.entries() if e.id == entry_id]
    return e.status, e.superseded_by


def _listed(ws: Path) -> list[dict]:
    out = cli("--workspace", str(ws), "conflicts", "list", "--json")
    assert out.exit_code == 0, out.output
    return json.loads(out.output)["conflicts"]


def _resolve(ws: Path, *args: str) -> dict:
    out = cli("--workspace", str(ws), "conflicts", "resolve", *args, "--json")
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


def _held_pair(ws: Path) -> None:
    """Week 45: Redis is established and in MEMORY.md; week 46's Memcached is held out of it."""
    write_entries(ws, [REDIS])
    assert run_weekly(ws, "2026-11-09T03:00:00").status == "ok"
    write_entries(ws, [MEMCACHED])
    assert run_weekly(ws, "2026-11-16T03:00:00").status == "ok"
    assert REDIS.id in memory_ids(ws) and MEMCACHED.id not in memory_ids(ws)


def test_keep_new_is_recorded_audited_and_applied_by_the_next_weekly(workspace: Path) -> None:
    _held_pair(workspace)
    assert [(c["id"], c["state"], c["decision"]) for c in _listed(workspace)] == [(MEMCACHED.id, "open", None)]
    before = snapshot(workspace)
    done = _resolve(workspace, MEMCACHED.id, "--keep", "new", "--reason", "we moved to Memcached")
    # Nothing but .memjobs/ changed: no daily file, no MEMORY.md.
    assert snapshot(workspace) == before
    decision = done["decision"]
    assert (decision["new"], decision["old"], decision["keep"], decision["actor"]) == (
        MEMCACHED.id, REDIS.id, "new", "user:cli")
    assert json.loads((workspace / ".memjobs" / "conflicts" / f"{MEMCACHED.id}.json").read_text())["keep"] == "new"
    # One audit event, actor the person at the CLI, in the run's file and the trail.
    trail = [json.loads(x) for x in (workspace / ".memjobs/audit/memory_audit.jsonl").read_text().splitlines()]
    assert [(e["type"], e["actor"], e["target"], e["new"]) for e in trail] == [
        ("conflict.resolved", {"kind": "user", "id": "cli"}, {"type": "conflict", "id": MEMCACHED.id}, "keep new")]
    run_audit = workspace / ".memjobs" / "runs" / done["run_id"] / "memory_audit.jsonl"
    assert len(run_audit.read_text().splitlines()) == 1
    # Listed as decided until the weekly applies it.
    (listed,) = _listed(workspace)
    assert listed["state"] == "decided" and listed["decision"]["keep"] == "new"
    text = cli("--workspace", str(workspace), "conflicts")
    assert "decided: keep new" in text.output and "next weekly run applies it" in text.output

    report = run_weekly(workspace, "2026-11-16T05:00:00")   # the same week again, a re-run
    assert report.status == "ok", report.errors
    assert _status(workspace, "2026-11-03", REDIS.id) == ("superseded", MEMCACHED.id)
    assert _status(workspace, "2026-11-05", MEMCACHED.id) == ("active", None)
    ids = memory_ids(workspace)
    assert MEMCACHED.id in ids and REDIS.id not in ids
    log = parse_weekly_log((workspace / "memory/archive/weekly-2026-46.md").read_text(encoding="utf-8"))
    (sup,) = [ln for ln in log.sections["Superseded"] if ln.id == REDIS.id]
    assert MEMCACHED.id in sup.reason and "keep new" in sup.reason and "we moved to Memcached" in sup.reason
    assert [ln.id for ln in log.sections["Resolved conflicts"]] == [MEMCACHED.id]
    assert _listed(workspace) == []
    # Applied once: the next run changes nothing more.
    after = snapshot(workspace)
    assert run_weekly(workspace, "2026-11-16T06:00:00").status in ("ok", "nothing")
    assert snapshot(workspace) == after
    # Resolving it again is a clear error naming what happened.
    again = cli("--workspace", str(workspace), "conflicts", "resolve", MEMCACHED.id, "--keep", "old")
    assert again.exit_code == 2 and "a weekly run has applied it" in again.output


def test_keep_old_keeps_the_newer_out_and_the_pair_leaves_the_list(workspace: Path) -> None:
    _held_pair(workspace)
    _resolve(workspace, MEMCACHED.id, "--keep", "old")
    assert run_weekly(workspace, "2026-11-16T05:00:00").status == "ok"
    assert _status(workspace, "2026-11-03", REDIS.id) == ("active", None)
    # Pins: the overruled entry stayed `active`, and search and MCP served it as an active answer
    # right below the kept one, with nothing saying a person chose the other.
    assert _status(workspace, "2026-11-05", MEMCACHED.id) == ("superseded", REDIS.id)
    ids = memory_ids(workspace)
    assert REDIS.id in ids and MEMCACHED.id not in ids
    found = cli("--workspace", str(workspace), "search", "cache", "--json")
    hits = {h["id"]: h for h in json.loads(found.output)["results"]}
    assert hits[MEMCACHED.id]["status"] == "superseded" and hits[MEMCACHED.id]["superseded_by"] == REDIS.id
    log = parse_weekly_log((workspace / "memory/archive/weekly-2026-46.md").read_text(encoding="utf-8"))
    (line,) = log.sections["Resolved conflicts"]
    assert line.id == MEMCACHED.id and f"{REDIS.id} kept" in line.reason
    assert _listed(workspace) == []
    # A later week does not bring it back.
    assert run_weekly(workspace, "2026-11-23T03:00:00").status in ("ok", "nothing")
    assert MEMCACHED.id not in memory_ids(workspace) and _listed(workspace) == []


def test_keep_both_lets_both_into_memory_md(workspace: Path) -> None:
    _held_pair(workspace)
    _resolve(workspace, MEMCACHED.id, "--keep", "both")
    assert run_weekly(workspace, "2026-11-16T05:00:00").status == "ok"
    ids = memory_ids(workspace)
    assert REDIS.id in ids and MEMCACHED.id in ids
    assert _status(workspace, "2026-11-03", REDIS.id) == ("active", None)
    assert _listed(workspace) == []


def test_a_decision_before_the_first_weekly_is_applied_by_it(workspace: Path) -> None:
    """The conflict was detected by microSync's detector and listed before any weekly ran."""
    write_entries(workspace, [REDIS, MEMCACHED])
    assert [c["id"] for c in _listed(workspace)] == [MEMCACHED.id]
    _resolve(workspace, MEMCACHED.id, "--keep", "new")
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    assert _status(workspace, "2026-11-03", REDIS.id) == ("superseded", MEMCACHED.id)
    assert MEMCACHED.id in memory_ids(workspace) and REDIS.id not in memory_ids(workspace)
    log = parse_weekly_log((workspace / "memory/archive/weekly-2026-45.md").read_text(encoding="utf-8"))
    assert log.sections["Possible conflicts"] == [] and [ln.id for ln in log.sections["Resolved conflicts"]] == [
        MEMCACHED.id]


def test_rollback_of_a_resolve_removes_the_decision_and_audits_it(workspace: Path) -> None:
    _held_pair(workspace)
    first = _resolve(workspace, MEMCACHED.id, "--keep", "old")
    second = _resolve(workspace, MEMCACHED.id, "--keep", "new")     # a change of mind before the weekly
    assert second["replaced"]["keep"] == "old"
    rb = cli("--workspace", str(workspace), "rollback", second["run_id"])
    assert rb.exit_code == 0, rb.output
    (listed,) = _listed(workspace)
    assert listed["decision"]["keep"] == "old"                      # back to the first decision
    rb = cli("--workspace", str(workspace), "rollback", first["run_id"])
    assert rb.exit_code == 0, rb.output
    assert [(c["state"], c["decision"]) for c in _listed(workspace)] == [("open", None)]
    assert not (workspace / ".memjobs" / "conflicts" / f"{MEMCACHED.id}.json").exists()
    trail = [json.loads(x) for x in (workspace / ".memjobs/audit/memory_audit.jsonl").read_text().splitlines()]
    assert [e["type"] for e in trail] == ["conflict.resolved", "conflict.resolved",
                                         "memory.rolled_back", "memory.rolled_back"]
    assert trail[2]["diff"]["after"]["keep"] == "old" and trail[3]["diff"]["after"] is None
    # The weekly then keeps holding the newer out, as for any open conflict.
    assert run_weekly(workspace, "2026-11-16T05:00:00").status in ("ok", "nothing")
    assert MEMCACHED.id not in memory_ids(workspace)


@pytest.mark.parametrize(("args", "message"), [
    ([REDIS.id, "--keep", "new"], f"{REDIS.id} is the established side: resolve it by the newer id {MEMCACHED.id}"),
    (["DECISION-20261105-no-such-entry", "--keep", "new"], "no open conflict for DECISION-20261105-no-such-entry"),
    (["memcached", "--keep", "new"], "'memcached' is not an entry id"),
    ([MEMCACHED.id, "--keep", "newest"], "--keep must be one of new, old, both, not 'newest'"),
])
def test_a_bad_id_or_keep_is_a_usage_error_and_writes_nothing(workspace: Path, args: list[str],
                                                             message: str) -> None:
    write_entries(workspace, [REDIS, MEMCACHED])
    before = snapshot(workspace, with_state=True)
    run = cli_run("--workspace", str(workspace), "conflicts", "resolve", *args)
    assert run.returncode == 2 and message in run.stderr and run.stdout == ""
    assert snapshot(workspace, with_state=True) == before


def test_microsync_to_weekly_over_real_transcripts(tmp_path: Path, workspace: Path) -> None:
    """Real runs: microSync reads two sessions that choose different caches, `conflicts list`
    shows the pair, `resolve --keep new`, and the weekly puts the newer choice in MEMORY.md."""
    folder = tmp_path / "cc" / "proj"
    folder.mkdir(parents=True)
    sessions = [
        ("s1", datetime(2026, 11, 3, 9, tzinfo=UTC),
         [("user", "Decision: use Redis for the session cache. Sessions are cached in Redis."),
          ("assistant", "Done: sessions are cached in Redis now.")]),
        ("s2", datetime(2026, 11, 5, 9, tzinfo=UTC),
         [("user", "Decision: use Memcached for the session cache. Sessions are cached in Memcached."),
          ("assistant", "Done: sessions are cached in Memcached now.")]),
    ]
    for sid, when, turns in sessions:
        lines = []
        for i, (role, text) in enumerate(turns):
            ts = (when + timedelta(seconds=30 * i)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
            content: object = text if role == "user" else [{"type": "text", "text": text}]
            lines.append(json.dumps({"type": role, "sessionId": sid, "uuid": f"{sid}-{i}",
                                     "parentUuid": f"{sid}-{i - 1}" if i else None, "isSidechain": False,
                                     "cwd": "/home/user/nimbus", "timestamp": ts,
                                     "message": {"role": role, "content": content}}))
        path = folder / f"{sid}.jsonl"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        os.utime(path, (when.timestamp(), when.timestamp()))
    (workspace / "memjobs.yaml").write_text(
        f"timezone: UTC\ntranscripts:\n  - {{format: claude-code, path: {tmp_path / 'cc'}}}\n", encoding="utf-8")
    for now in ("2026-11-03T12:00:00+00:00", "2026-11-05T12:00:00+00:00"):
        ms = cli_run("--workspace", str(workspace), "run", "microsync", "--now", now, "--json")
        assert ms.returncode == 0, ms.stderr
    listed = _listed(workspace)
    assert len(listed) == 1, listed
    new_id, old_id = listed[0]["id"], listed[0]["established"]["id"]
    assert "Memcached" in listed[0]["title"] and "Redis" in listed[0]["established"]["title"]
    _resolve(workspace, new_id, "--keep", "new")
    wk = cli_run("--workspace", str(workspace), "run", "weekly", "--now", "2026-11-09T03:00:00+00:00", "--json")
    assert wk.returncode == 0, wk.stderr
    assert json.loads(wk.stdout)["details"]["weeks"][-1]["resolved_conflicts"] == [new_id]
    ids = memory_ids(workspace)
    assert new_id in ids and old_id not in ids
    assert _status(workspace, "2026-11-03", old_id) == ("superseded", new_id)
    assert _listed(workspace) == []


def test_rollback_of_a_resolve_a_weekly_applied_refuses_naming_the_weekly(workspace: Path) -> None:
    """Pins: rolling back a `conflicts resolve` run after a weekly applied the decision said
    "rolled back" (exit 0) and changed nothing the user sees; it refuses, naming the weekly run to
    roll back first, and after that weekly is rolled back the decision rolls back and the pair is
    open again."""
    _held_pair(workspace)
    done = _resolve(workspace, MEMCACHED.id, "--keep", "new")
    weekly = run_weekly(workspace, "2026-11-16T05:00:00")
    assert weekly.status == "ok" and MEMCACHED.id in memory_ids(workspace)
    before = snapshot(workspace)
    refused = cli("--workspace", str(workspace), "rollback", done["run_id"])
    assert refused.exit_code == 1
    assert f"already applied by weekly run {weekly.run_id}" in refused.output
    assert f"`memjobs rollback {weekly.run_id}`, then this one; nothing was rolled back" in refused.output
    assert "rolled back " + done["run_id"] not in refused.output
    assert snapshot(workspace) == before
    assert (workspace / ".memjobs" / "conflicts" / f"{MEMCACHED.id}.json").exists()

    assert cli("--workspace", str(workspace), "rollback", weekly.run_id).exit_code == 0
    rb = cli("--workspace", str(workspace), "rollback", done["run_id"])
    assert rb.exit_code == 0, rb.output
    assert [(c["state"], c["decision"]) for c in _listed(workspace)] == [("open", None)]
    assert _status(workspace, "2026-11-03", REDIS.id) == ("active", None)
    assert MEMCACHED.id not in memory_ids(workspace)


def test_a_week_not_over_is_named_by_weekly_and_by_conflicts_resolve(workspace: Path) -> None:
    """Pins: a weekly run that compounds nothing because its entries' week is not over says why
    and when (it said "nothing (added 0…)"), and `conflicts resolve` on a pair of that week says
    the decision waits for the weekly run after the week ends (it said "the next weekly run
    applies it", and the next run did not)."""
    from memory_store.config import load_config

    tz = load_config(workspace, env={}).tz
    today = datetime.now(tz).date()
    monday = today - timedelta(days=today.weekday())
    redis, memcached = (entry(e.kind, today.isoformat(), e.title, e.conclusion) for e in (REDIS, MEMCACHED))
    write_entries(workspace, [redis, memcached])
    report = run_weekly(workspace, datetime.now(tz).isoformat())
    assert report.status == "nothing"
    (note,) = [n for n in report.notes if n.startswith("nothing compounded")]
    assert f"2 entries from {today} on wait, the week of {monday} ends {monday + timedelta(days=7)} 00:00" in note
    assert "weekly compounds weeks that ended; next run " in note
    shown = cli_run("--workspace", str(workspace), "run", "weekly")
    assert f"note: nothing compounded: 2 entries from {today} on wait, the week of {monday} ends" in shown.stdout

    out = cli("--workspace", str(workspace), "conflicts", "resolve", memcached.id, "--keep", "new")
    assert out.exit_code == 0, out.output
    assert "the next weekly run applies it" not in out.output
    assert (f"the first weekly run after its week ends applies it (the week of {monday} ends "
            f"{monday + timedelta(days=7)} 00:00") in out.output
    (listed,) = _listed(workspace)
    assert listed["decision"]["applied_by"].startswith("the first weekly run after its week ends applies it")
    assert run_weekly(workspace, datetime.now(tz).isoformat()).status == "nothing"
    assert _listed(workspace)[0]["state"] == "decided"        # still waiting, as it said
