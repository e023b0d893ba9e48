"""Rollback puts a run's `.memjobs/` state back only while it still holds that run's bytes, the same
"changed since" guard as for memory files (docs/design.md §3.1 row "rollback", §5.1): a later run's
or a person's change of a state file is not erased by restoring what was there before the run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_store.errors import RollbackRefused
from memory_store.ledger import RunLedger
from memory_store.rollback import apply_rollback, plan_rollback
from memory_store.workspace import init_workspace
from memory_store.writers import writer_for
from tests.conftest import cli
from tests.jobs.cli.test_conflicts_resolve import MEMCACHED, _held_pair, _listed, _resolve

CURSORS = ".memjobs/microsync/cursors.json"
WRITTEN = ".memjobs/microsync/entries.json"
SNAPSHOT = ".memjobs/context/last-known-good.json"


def test_rolling_back_an_earlier_resolve_refuses_when_a_later_one_changed_the_decision(workspace: Path) -> None:
    _held_pair(workspace)
    first = _resolve(workspace, MEMCACHED.id, "--keep", "old")
    second = _resolve(workspace, MEMCACHED.id, "--keep", "new", "--reason", "final: memcached")
    decision = workspace / ".memjobs" / "conflicts" / f"{MEMCACHED.id}.json"
    kept = decision.read_bytes()
    refused = cli("--workspace", str(workspace), "rollback", first["run_id"])
    assert refused.exit_code == 1, refused.output
    assert f".memjobs/conflicts/{MEMCACHED.id}.json changed after run {first['run_id']}" in refused.output
    assert decision.read_bytes() == kept                       # the later decision is still there
    (listed,) = _listed(workspace)
    assert listed["decision"]["keep"] == "new"
    # Undone newest first, both go back.
    assert cli("--workspace", str(workspace), "rollback", second["run_id"]).exit_code == 0
    assert cli("--workspace", str(workspace), "rollback", first["run_id"]).exit_code == 0
    assert not decision.exists()


def _write_state(ws: Path, run_id: str, rel: str, *data: bytes) -> None:
    ledger = RunLedger(ws / ".memjobs", run_id)
    ledger.open()
    writer = writer_for("microsync", ws, ledger=ledger)
    for d in data:
        writer.write_state(rel, d)


def test_a_job_state_file_a_later_run_moved_is_not_put_back(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    init_workspace(ws)
    state = ws / ".memjobs"
    _write_state(ws, "r0", WRITTEN, b'{"a": 10}\n')
    _write_state(ws, "r1", WRITTEN, b'{"a": 20}\n', b'{"a": 30}\n')    # two writes in one run
    _write_state(ws, "r2", WRITTEN, b'{"a": 40}\n')
    with pytest.raises(RollbackRefused, match=f"{WRITTEN} changed after run r1: later runs wrote it \\(r2\\); "
                                              "roll them back first, newest first \\(`memjobs rollback r2`\\)"):
        plan_rollback(ws, state, "r1")
    assert (ws / WRITTEN).read_bytes() == b'{"a": 40}\n'
    apply_rollback(ws, state, plan_rollback(ws, state, "r2"))
    apply_rollback(ws, state, plan_rollback(ws, state, "r1"))
    assert (ws / WRITTEN).read_bytes() == b'{"a": 10}\n'
    # A person's edit after the last run is not erased either.
    (ws / WRITTEN).write_bytes(b'{"a": 99}\n')
    with pytest.raises(RollbackRefused, match=f"{WRITTEN} changed after run r0, by no recorded run"):
        plan_rollback(ws, state, "r0")


def test_later_runs_that_moved_only_the_cursors_do_not_block_a_rollback(tmp_path: Path) -> None:
    """Every microSync rewrites the cursor file: later runs that wrote nothing else are undone with
    it (the next microSync reads their lines again, and they wrote nothing from them); a later run
    that wrote more still blocks, named; a person's edit of the cursors too."""
    ws = tmp_path / "ws"
    init_workspace(ws)
    state = ws / ".memjobs"
    _write_state(ws, "r0", CURSORS, b'{"a": 10}\n')
    _write_state(ws, "r1", CURSORS, b'{"a": 20}\n')
    _write_state(ws, "r2", CURSORS, b'{"a": 30}\n')
    _write_state(ws, "r3", CURSORS, b'{"a": 40}\n')
    plan = plan_rollback(ws, state, "r1")
    assert plan.restore == {CURSORS: b'{"a": 10}\n'}
    assert "r2, r3" in plan.notes[0]
    (ws / CURSORS).write_bytes(b'{"a": 99}\n')     # a person's edit after the last run
    with pytest.raises(RollbackRefused, match="by no recorded run"):
        plan_rollback(ws, state, "r1")
    (ws / CURSORS).write_bytes(b'{"a": 40}\n')
    _write_state(ws, "r4", WRITTEN, b'{"b": 1}\n')   # r4 wrote entries too: it blocks
    ledger = RunLedger(state, "r4")
    writer_for("microsync", ws, ledger=ledger).write_state(CURSORS, b'{"a": 50}\n')
    with pytest.raises(RollbackRefused, match="later runs wrote it \\(r4, r3, r2\\).*`memjobs rollback r4`"):
        plan_rollback(ws, state, "r1")


def test_a_run_killed_before_its_state_write_rolls_back(tmp_path: Path) -> None:
    """The ledger records the write's hash just before making it: a run killed in between left the
    file as it was, and rolling it back is allowed (it restores the same bytes)."""
    ws = tmp_path / "ws"
    init_workspace(ws)
    _write_state(ws, "r0", CURSORS, b'{"a": 10}\n')
    ledger = RunLedger(ws / ".memjobs", "r1")
    ledger.open()
    ledger.save_state_before(CURSORS, b'{"a": 10}\n', b'{"a": 20}\n')    # and then killed
    plan = plan_rollback(ws, ws / ".memjobs", "r1")
    assert plan.restore == {CURSORS: b'{"a": 10}\n'}


def test_a_context_cache_a_later_run_rewrote_is_left_as_it_is(tmp_path: Path) -> None:
    """The runtime context's caches are recomputed from the files: a newer one does not block the
    rollback of an earlier run, and is not replaced by the older bytes."""
    ws = tmp_path / "ws"
    init_workspace(ws)
    state = ws / ".memjobs"
    _write_state(ws, "r1", SNAPSHOT, json.dumps({"v": 1}).encode())
    _write_state(ws, "r2", SNAPSHOT, json.dumps({"v": 2}).encode())
    plan = plan_rollback(ws, state, "r1")
    assert SNAPSHOT not in plan.restore
    apply_rollback(ws, state, plan)
    assert json.loads((ws / SNAPSHOT).read_text()) == {"v": 2}


def test_a_ledger_without_state_hashes_restores_as_before(tmp_path: Path) -> None:
    """Runs recorded before the hashes existed keep their old rollback."""
    ws = tmp_path / "ws"
    init_workspace(ws)
    ledger = RunLedger(ws / ".memjobs", "old")
    ledger.open()
    ledger.save_state_before(CURSORS, b'{"a": 1}\n')
    (ws / CURSORS).parent.mkdir(parents=True, exist_ok=True)
    (ws / CURSORS).write_bytes(b'{"a": 5}\n')
    assert plan_rollback(ws, ws / ".memjobs", "old").restore == {CURSORS: b'{"a": 1}\n'}
