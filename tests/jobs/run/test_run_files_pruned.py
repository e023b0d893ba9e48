"""The ledger's own files stay bounded (memory_store/ledger.py): the lines of runs/nothing.jsonl (runs
folded away) are pruned with the run folders, by the same retention (`limits.keep_runs_days`), and
runs/sequence holds the last number instead of growing a byte a run — still one number per run folder,
never the same one twice, across processes."""
from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from jobs.dispatch import registry
from jobs.run.runner import RunOptions
from memory_store.config import load_config
from memory_store.ledger import NOTHING_LOG, RUNS_DIR, SEQUENCE, _next_sequence, list_runs, prune_runs
from tests.conftest import REPO


def _folded(state: Path, run_id: str) -> str:
    return json.dumps({"job": "daily", "run_id": run_id, "status": "nothing"}, sort_keys=True)


def test_folded_runs_are_pruned_like_run_folders(tmp_path: Path) -> None:
    state = tmp_path / ".memjobs"
    runs = state / RUNS_DIR
    runs.mkdir(parents=True)
    now = datetime(2026, 11, 27, 12, tzinfo=UTC)
    old, kept, folder_old, folder_new = (f"{(now - timedelta(days=d)):%Y%m%dT%H%M%SZ}-daily-{x}"
                                         for d, x in ((120, "a1"), (10, "b2"), (95, "c3"), (3, "d4")))
    (runs / NOTHING_LOG).write_text(f"{_folded(state, old)}\n{_folded(state, kept)}\n{{cut short", "utf-8")
    for name in (folder_old, folder_new):
        (runs / name).mkdir()
    removed = prune_runs(state, 90, now)
    assert removed == sorted([old, folder_old])
    assert [json.loads(x)["run_id"] for x in (runs / NOTHING_LOG).read_text("utf-8").splitlines()] == [kept]
    assert sorted(p.name for p in runs.iterdir() if p.is_dir()) == [folder_new]
    assert prune_runs(state, 90, now) == []                          # nothing old left: nothing rewritten
    assert [r["run_id"] for r in list_runs(state)] == [kept]


def test_a_real_folded_run_is_pruned_after_the_retention(workspace: Path) -> None:
    cfg = load_config(workspace, env={})
    registry.run(cfg, "weekly", now=datetime(2026, 11, 27, 3, tzinfo=UTC),
                 options=RunOptions(keep_empty_run=False))                 # moves state: keeps its folder
    rep = registry.run(cfg, "weekly", now=datetime(2026, 11, 27, 4, tzinfo=UTC),
                       options=RunOptions(keep_empty_run=False))
    log = cfg.state_dir / RUNS_DIR / NOTHING_LOG
    assert rep.status == "nothing" and rep.run_id in log.read_text("utf-8")
    later = datetime.strptime(rep.run_id[:16], "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC) + timedelta(days=91)
    assert rep.run_id in prune_runs(cfg.state_dir, cfg.limits.keep_runs_days, later)
    assert rep.run_id not in log.read_text("utf-8")


def test_the_sequence_file_stays_small_and_counts_on(tmp_path: Path) -> None:
    root = tmp_path / "runs"
    root.mkdir()
    (root / SEQUENCE).write_bytes(b"." * 500)          # an older ledger's file: its length is its number
    assert [_next_sequence(root) for _ in range(600)] == list(range(501, 1101))
    assert (root / SEQUENCE).read_bytes() == b"1100"
    (root / SEQUENCE).write_bytes(b"1101" + b"." * 3)   # a write cut short: the number is still read
    assert _next_sequence(root) == 1102


def test_processes_never_take_the_same_number(tmp_path: Path) -> None:
    root = tmp_path / "runs"
    code = ("import sys; from pathlib import Path; from memory_store.ledger import _next_sequence; "
            "print(' '.join(str(_next_sequence(Path(sys.argv[1]))) for _ in range(200)))")
    procs = [subprocess.Popen([sys.executable, "-c", code, str(root)], cwd=REPO, stdout=subprocess.PIPE, text=True)
             for _ in range(4)]
    got = [int(x) for p in procs for x in p.communicate(timeout=60)[0].split()]
    assert sorted(got) == list(range(1, 801))
    assert len((root / SEQUENCE).read_bytes()) == 3
