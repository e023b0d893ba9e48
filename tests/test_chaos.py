"""The reliability suite's short profile (scripts/chaos.py, docs/reliability.md): one round of each
fault — kill -9 at a random moment and in the write phase, a lock storm, another program appending,
a file-size limit, a read-only workspace — over one day of the demo schedule, with every invariant
checked after each round. Any violation fails with its path."""
from __future__ import annotations

from pathlib import Path

from scripts.chaos import FAULTS, run_chaos


def test_short_chaos_profile_finds_no_violation(tmp_path: Path) -> None:
    summary = run_chaos(seed=5, rounds=len(FAULTS), days=1, base=tmp_path)
    assert [v.line() for v in summary.violations] == []
    assert {name: c.tries for name, c in summary.faults.items()} == dict.fromkeys(FAULTS, 1)
    assert summary.secrets_found == 0
    assert all(c.converged == c.tries for c in summary.faults.values())
    # The faults really happened: the kills hit a live run, the storm had losers (exit 75).
    assert summary.faults["kill-aim"].landed == 1 and summary.faults["storm"].landed == 1
