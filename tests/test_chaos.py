"""The reliability suite's short profile (scripts/chaos.py, docs/reliability.md): one round of each
fault — kill -9 at a random moment and in the write phase, a lock storm, another program appending,
a file-size limit, a real full disk on a small tmpfs (where one can be mounted), a read-only
workspace — over one day of the demo schedule, with every invariant
checked after each round. Any violation fails with its path."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from scripts.chaos import FAULTS, run_chaos, tmpfs_unavailable

if TYPE_CHECKING:
    from jobs.demo.build import DemoResult


def test_short_chaos_profile_finds_no_violation(tmp_path: Path) -> None:
    # A real ENOSPC needs a tmpfs; where none can be mounted chaos skips those rounds and says why.
    skipped = tmpfs_unavailable(tmp_path)
    faults = [f for f in FAULTS if f != "enospc" or skipped is None]
    summary = run_chaos(seed=5, rounds=len(faults), days=1, base=tmp_path)
    assert [v.line() for v in summary.violations] == []
    assert {name: c.tries for name, c in summary.faults.items() if c.tries} == dict.fromkeys(faults, 1)
    if skipped is not None:
        assert summary.notes == [f"enospc rounds skipped: {skipped}"]
    assert summary.secrets_found == 0
    assert all(c.converged == c.tries for c in summary.faults.values())
    # The faults really happened: the kills hit a live run, the storm had losers (exit 75).
    assert summary.faults["kill-aim"].landed == 1 and summary.faults["storm"].landed == 1


def test_a_daily_run_stopped_by_a_full_disk_keeps_the_episodes(tmp_path: Path, demo_replayed: DemoResult) -> None:
    """Pins (found by chaos, seed 2026): the wrap-ups were written before the episodes, and a
    rerun redoes only days without a wrap-up, so a size limit that stopped the episodes' file
    (about 9.5 KB, the wrap-ups fit in 8 KB) lost the earlier days' episodes for good.
    The workspace before the daily step is the session's replay of the demo's five days (conftest
    `demo_replayed`: the schedule chaos replays, `scripts.chaos.schedule`) and the step before it."""
    import resource

    from scripts.chaos import entry_ids, memory_bytes, run_clean, schedule, spawn
    from tests.microsync_helpers import KEY, replayed_copy

    steps = schedule(KEY, days=5)
    k = next(i for i, s in enumerate(steps, 1) if s.job == "daily")
    assert steps[k - 2].job == "microsync" and len(demo_replayed.reports) == k - 2   # the replay: steps[:k-2]
    before = tmp_path / "before"
    replayed_copy(demo_replayed.workspace, before)
    assert run_clean(before, steps[k - 2]) in ("ok", "nothing")
    reference = tmp_path / "reference"
    replayed_copy(before, reference)
    assert run_clean(reference, steps[k - 1]) == "ok"          # the uninterrupted daily run
    ws = tmp_path / "ws"
    replayed_copy(before, ws)
    proc = spawn(ws, steps[k - 1].args(), preexec=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192)))
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1 and "Traceback" not in err, err
    assert run_clean(ws, steps[k - 1]) == "ok"
    want = {i for i in entry_ids(reference) if i.startswith("EPISODE-")}
    assert want and want <= set(entry_ids(ws))
    assert memory_bytes(ws) == memory_bytes(reference)
