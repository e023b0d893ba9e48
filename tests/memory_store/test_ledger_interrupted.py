"""`mark_interrupted` (memory_store/ledger.py) reads each ended report once per version of its file:
the runs of a backfill keep every folder, and each run looked for interrupted runs by reading
every report. What it finds is what reading every report finds, also after a report changed."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store import ledger
from memory_store.ledger import RunLedger, mark_interrupted, read_report


def _run(state: Path, run_id: str, job: str, status: str) -> None:
    led = RunLedger(state, run_id)
    led.dir.mkdir(parents=True, exist_ok=True)
    led.write_report({"job": job, "run_id": run_id, "status": status})


def test_ended_reports_are_read_once_and_changes_are_seen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    state = tmp_path / ".memjobs"
    for i, (job, status) in enumerate([("microsync", "ok"), ("daily", "failed"), ("microsync", "nothing"),
                                       ("weekly", "running"), ("microsync", "failed")]):
        _run(state, f"20260101T00000{i}Z-a", job, status)
    reads: list[str] = []
    real = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: reads.append(self.parent.name) or real(self))
    failed: list[str] = []
    assert mark_interrupted(state, ("microsync",), "now", failed) == []
    assert failed == ["20260101T000001Z-a", "20260101T000004Z-a"]
    first = len(reads)
    failed = []
    assert mark_interrupted(state, ("microsync",), "now", failed) == []
    assert failed == ["20260101T000001Z-a", "20260101T000004Z-a"]
    assert len(reads) - first == 1          # only the running one (another job's) is read again
    # An ended report rewritten (a new file) is read again: here, made running by hand.
    _run(state, "20260101T000000Z-a", "microsync", "running")
    failed = []
    assert mark_interrupted(state, ("microsync",), "now", failed) == ["20260101T000000Z-a"]
    assert failed == ["20260101T000000Z-a", "20260101T000001Z-a", "20260101T000004Z-a"]
    assert (read_report(state, "20260101T000000Z-a") or {})["status"] == "failed"
    # The weekly run is still running: not ours to mark while we hold only microsync's lock.
    assert (read_report(state, "20260101T000003Z-a") or {})["status"] == "running"
    assert all(status != "running" for _, status in ledger._ENDED.values())
