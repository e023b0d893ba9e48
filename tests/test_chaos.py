"""The reliability suite's short profile (scripts/chaos.py, docs/reliability.md): one round of each
fault — kill -9 at a random moment and in the write phase, a lock storm, another program appending,
a file-size limit, a real full disk on a small tmpfs (where one can be mounted), a read-only
workspace — over one day of the demo schedule, with every invariant
checked after each round. Any violation fails with its path."""
from __future__ import annotations

from pathlib import Path

from scripts.chaos import FAULTS, run_chaos, tmpfs_unavailable


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


def test_a_daily_run_stopped_by_a_full_disk_keeps_the_episodes(tmp_path: Path) -> None:
    """Pins (found by chaos, seed 2026): the wrap-ups were written before the episodes, and a
    rerun redoes only days without a wrap-up, so a size limit that stopped the episodes' file
    (about 9.5 KB, the wrap-ups fit in 8 KB) lost the earlier days' episodes for good."""
    import resource
    import shutil

    from scripts.chaos import Chaos, entry_ids, memory_bytes, run_clean, spawn

    chaos = Chaos(1, 0, 5, tmp_path, lambda _s: None)
    chaos.build_reference()
    k = next(i for i, s in enumerate(chaos.steps, 1) if s.job == "daily")
    ws = tmp_path / "ws"
    shutil.copytree(tmp_path / "snap" / str(k - 1), ws, symlinks=True)
    proc = spawn(ws, chaos.steps[k - 1].args(),
                 preexec=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192)))
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1 and "Traceback" not in err, err
    assert run_clean(ws, chaos.steps[k - 1]) == "ok"
    want = {i for i in entry_ids(tmp_path / "snap" / str(k)) if i.startswith("EPISODE-")}
    assert want and want <= set(entry_ids(ws))
    assert memory_bytes(ws) == memory_bytes(tmp_path / "snap" / str(k))
