"""Core memory writes (docs/design.md §3, §6): each lifecycle transition and each refused one, overwrite
vs keep_both, exactly the audit events (one per state change, in the run's file and the append-only
trail), reserved policy.* keys refused and audited, rollback undoing a core run, the core lock."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from jobs.run.history import rollback
from memory_store.config import load_config
from memory_store.core.store import CoreMemory
from memory_store.errors import MemoryNotFound, MemoryRefused
from memory_store.fileio import sha256_bytes
from memory_store.ledger import read_patches

T0 = datetime(2026, 11, 22, 4, 0, tzinfo=UTC)
EVENT_KEYS = ["id", "ts", "op", "type", "scope", "applies_to", "key", "old", "new", "actor", "target",
              "request_id", "reason", "diff"]


@pytest.fixture
def mem(workspace: Path) -> CoreMemory:
    clock = [T0]
    m = CoreMemory.from_config(load_config(workspace, env={}), clock=lambda: clock[0])
    m._tick = clock  # type: ignore[attr-defined]
    return m


def trail(ws: Path) -> list[dict]:
    path = ws / ".memjobs" / "audit" / "memory_audit.jsonl"
    return [json.loads(x) for x in path.read_text("utf-8").splitlines()] if path.exists() else []


def run_events(ws: Path, run_id: str) -> list[dict]:
    path = ws / ".memjobs" / "runs" / run_id / "memory_audit.jsonl"
    return [json.loads(x) for x in path.read_text("utf-8").splitlines()]


def test_set_creates_then_overwrites_with_a_version_bump_and_audits_each_once(mem: CoreMemory, workspace: Path):
    a = mem.set("response.tone", "formal", priority=70)
    b = mem.set("response.tone", "professional-friendly")
    assert (a.type, b.type) == ("fact.created", "fact.updated")
    assert b.entry.id == a.entry.id and b.entry.version == 2 and b.entry.priority == 70
    assert b.before is not None and b.before.value == "formal"
    events = trail(workspace)
    assert [list(e) for e in events] == [EVENT_KEYS, EVENT_KEYS]
    up = events[1]
    assert {k: up[k] for k in ("op", "type", "scope", "applies_to", "key", "old", "new")} == {
        "op": "upsert", "type": "fact.updated", "scope": "profile", "applies_to": "global",
        "key": "response.tone", "old": "formal", "new": "professional-friendly"}
    assert up["actor"] == {"kind": "user", "id": "cli"} and up["target"] == {"type": "fact", "id": a.entry.id}
    assert up["diff"]["before"]["value"] == "formal" and up["diff"]["after"]["version"] == 2
    assert run_events(workspace, b.run_id) == [up]                      # the run's file holds the same line
    # the same value again, or an older statement, changes nothing and audits nothing
    before = (workspace / "PROFILE.md").read_bytes()
    assert mem.set("response.tone", "professional-friendly").type == "unchanged"
    assert mem.set("response.tone", "old news", updated_at=T0 - timedelta(days=1)).type == "stale"
    assert (workspace / "PROFILE.md").read_bytes() == before and len(trail(workspace)) == 2


def test_multi_valued_keys_keep_both_and_strategy_overrides(mem: CoreMemory, workspace: Path):
    mem.set("favorite_tools[]", "ruff")
    c = mem.set("favorite_tools[]", "uv")
    assert c.type == "fact.created"
    assert [x.loc.entry.value for x in mem.listing()] == ["ruff", "uv"]
    assert mem.set("favorite_tools[]", "uv").type == "unchanged"
    o = mem.set("favorite_tools[]", "pip", strategy="overwrite_latest")
    assert o.type == "fact.updated" and o.before is not None and o.before.value == "uv"
    k = mem.set("user.name", "Somchai")
    assert mem.set("user.name", "Som", strategy="keep_both").type == "fact.created"
    assert sorted(x.loc.entry.value for x in mem.listing() if x.loc.entry.key == "user.name") == ["Som", "Somchai"]
    assert k.type == "fact.created"


def test_each_transition_and_each_refused_one(mem: CoreMemory, workspace: Path):
    fid = mem.set("user.timezone", "Asia/Bangkok").entry.id
    assert fid is not None
    r = mem.revoke(fid, reason="wrong")
    assert r.type == "fact.revoked" and "## Inactive" in (workspace / "PROFILE.md").read_text()
    assert mem.resolve(["user.timezone"]).missing == ["user.timezone"]
    with pytest.raises(MemoryRefused, match="only an active fact can be revoked"):
        mem.revoke(fid)
    with pytest.raises(MemoryRefused):
        mem.archive(fid)
    assert mem.reactivate(fid).type == "fact.reactivated"
    assert mem.resolve(["user.timezone"]).values["user.timezone"].winner.loc.entry.value == "Asia/Bangkok"
    with pytest.raises(MemoryRefused, match="only a revoked or archived fact can be reactivated"):
        mem.reactivate(fid)
    assert mem.archive(fid).type == "fact.archived"
    assert mem.reactivate(fid).type == "fact.reactivated"
    with pytest.raises(MemoryNotFound):
        mem.revoke("m-0000000000")
    types = [(e["op"], e["type"]) for e in trail(workspace)]
    assert types == [("upsert", "fact.created"), ("delete", "fact.revoked"), ("upsert", "fact.reactivated"),
                     ("delete", "fact.archived"), ("upsert", "fact.reactivated")]
    assert len({e["request_id"] for e in trail(workspace)}) == 5


def test_forget_revokes_every_value_and_verifies_before_returning(mem: CoreMemory, workspace: Path):
    mem.set("response.language", "th")
    mem.set("response.language", "en", applies_to="session:s1")
    mem.set("response.language", "zh", scope="session")
    changes = mem.forget("response.language")
    assert sorted(c.entry.value for c in changes) == ["en", "th", "zh"]
    assert all(c.entry.status == "revoked" for c in changes)
    assert mem.resolve(["response.language"], ["session:s1"]).missing == ["response.language"]
    forgets = [e for e in trail(workspace) if e["type"] == "fact.revoked"]
    assert len(forgets) == 3 and len({e["request_id"] for e in forgets}) == 1
    assert mem.forget("response.language") == []
    # forgetting one applies_to leaves the others standing, and that is not a failed forget
    mem.set("response.tone", "warm")
    mem.set("response.tone", "terse", applies_to="session:s2")
    only = mem.forget("response.tone", applies_to="session:s2")
    assert [c.entry.value for c in only] == ["terse"]
    assert mem.resolve(["response.tone"], ["session:s2"]).values["response.tone"].winner.loc.entry.value == "warm"


def test_reserved_policy_keys_are_refused_and_audited(mem: CoreMemory, workspace: Path):
    before = sorted(p.name for p in workspace.iterdir())
    for attempt in (lambda: mem.set("policy.allow.tools", "everything"),
                    lambda: mem.set("Policy.Prohibit.x", "false"),
                    lambda: mem.set("response.tone", "x", scope="policy"),
                    lambda: mem.forget("policy.allow.tools")):
        with pytest.raises(MemoryRefused) as err:
            attempt()
        assert err.value.exit_code == 1
    refused = trail(workspace)
    assert [(e["op"], e["type"]) for e in refused] == [("refuse", "memory.refused")] * 4
    assert refused[0]["key"] == "policy.allow.tools" and refused[0]["new"] is None
    assert "everything" not in json.dumps(refused)
    assert sorted(p.name for p in workspace.iterdir() if p.name != ".memjobs") == before
    assert "policy.allow" not in (workspace / "PROFILE.md").read_text()


def test_compact_archives_expired_then_moves_old_inactive_lines_out(mem: CoreMemory, workspace: Path):
    gone = mem.set("old.pref", "x").entry.id
    mem.set("task.goal", "ship it", scope="session")                      # ttl 8h
    assert gone is not None
    mem.revoke(gone)
    mem._tick[0] = T0 + timedelta(days=91)                                  # type: ignore[attr-defined]
    changes = mem.compact()
    assert [c.type for c in changes] == ["fact.archived", "memory.compacted"]
    archive = (workspace / "memory" / "archive" / "core.md").read_text()
    assert "key:old.pref" in archive and "from:PROFILE.md" in archive
    assert "old.pref" not in (workspace / "PROFILE.md").read_text()
    assert "status:archived" in (workspace / "SESSION.md").read_text()
    assert mem.compact() == []


def test_rollback_undoes_a_core_run_and_appends_compensating_events(mem: CoreMemory, workspace: Path):
    mem.set("user.name", "Somchai")
    before = (workspace / "PROFILE.md").read_bytes()
    run = mem.set("user.name", "Mallory").run_id
    assert run is not None and read_patches(workspace / ".memjobs", run)[0]["path"] == "PROFILE.md"
    report = rollback(load_config(workspace, env={}), run)
    # the runtime context's snapshot, refreshed by the run, goes back with it
    assert sorted(report["written"]) == [".memjobs/context/last-known-good.json", "PROFILE.md"]
    assert (workspace / "PROFILE.md").read_bytes() == before
    events = trail(workspace)
    assert [e["type"] for e in events] == ["fact.created", "fact.updated", "memory.rolled_back"]
    undo = events[-1]
    assert (undo["old"], undo["new"], undo["op"]) == ("Mallory", "Somchai", "rollback")
    assert undo["diff"]["after"]["value"] == "Somchai"
    assert run_events(workspace, report["run_id"]) == [undo]
    assert sha256_bytes(before) == sha256_bytes((workspace / "PROFILE.md").read_bytes())


def test_a_held_core_lock_is_waited_for_then_reported(workspace: Path):
    from memory_store.errors import LockHeld
    from memory_store.locks import JobLocks

    m = CoreMemory(workspace, workspace / ".memjobs", lock_wait_s=0.2)
    with JobLocks(workspace, "core", "other-run", 0), pytest.raises(LockHeld, match="core lock is held"):
        m.set("user.name", "Somchai")
    assert m.set("user.name", "Somchai").type == "fact.created"
