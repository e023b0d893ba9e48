"""A full disk (simulated with a file-size limit, which needs no mount) ends a run with one line
naming the file, exit 1, the run recorded failed, no truncated entry left behind; the next run,
with room again, writes what an uninterrupted run writes."""
from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from memory_store.fileio import append_bytes
from tests.conftest import REPO, cli_run
from tests.microsync_helpers import memory_bytes
from tests.test_secret_doors import DAY, _workspace

LIMIT = 4096   # the run's state fits; the day's entries (about 6 KB in one append) do not


def _run(ws: Path, *extra: str, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    """The day's microSync run; with a file-size `limit`, in a process of its own that has it."""
    def cap() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    cmd = ["--workspace", str(ws), "run", "microsync", "--since", f"{DAY}T00:00:00+07:00",
           "--now", f"{DAY}T22:00:00+07:00", *extra]
    if limit is None:
        return cli_run(*cmd)
    return subprocess.run([sys.executable, "-m", "jobs", *cmd], capture_output=True, text=True, cwd=REPO,
                          preexec_fn=cap, timeout=120)


def _normalised(ws: Path, root: Path) -> dict[str, bytes]:
    """Memory files with the transcripts' folder (which differs between the two runs) blanked."""
    return {k: v.replace(str(root).encode(), b"ROOT") for k, v in memory_bytes(ws).items() if k != "memjobs.yaml"}


def test_full_disk_run_fails_cleanly_and_the_rerun_converges(tmp_path: Path) -> None:
    """Pins: no truncated entry stays after a write that ran out of space (the rerun exited 0
    but kept the broken block, and validate failed from then on), and no traceback."""
    clean = _workspace(tmp_path / "clean")
    assert _run(clean).returncode == 0
    ws = _workspace(tmp_path / "full")
    p = _run(ws, limit=LIMIT)
    assert p.returncode == 1, p.stdout + p.stderr
    assert "Traceback" not in p.stderr
    # The run's ledger announces the append first (a copy of the entries), so the limit stops
    # it there, before the daily file; either way nothing half-written is left.
    assert "file too large" in p.stderr and ("intents.jsonl" in p.stderr or f"memory/{DAY}.md" in p.stderr)
    assert not (ws / "memory" / f"{DAY}.md").exists()
    runs = json.loads(cli_run("--workspace", str(ws), "runs", "--json").stdout)
    assert runs[0]["status"] == "failed"
    p = _run(ws)
    assert p.returncode == 0, p.stdout + p.stderr
    assert _normalised(ws, tmp_path / "full") == _normalised(clean, tmp_path / "clean")
    v = cli_run("--workspace", str(ws), "validate")
    assert v.returncode == 0, v.stdout + v.stderr


def test_a_failed_append_to_an_existing_file_is_cut_back(tmp_path: Path) -> None:
    """Pins: a partial append to an existing daily file is taken back to the byte."""
    f = tmp_path / "2026-11-17.md"
    f.write_bytes(b"# 2026-11-17\n\n" + b"x" * 100 + b"\n")
    before = f.read_bytes()
    script = ("import resource, sys; from pathlib import Path; from memory_store.fileio import append_bytes;"
              "resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024));"
              "append_bytes(Path(sys.argv[1]), b'## Decision: y\\n' * 400)")
    p = subprocess.run([sys.executable, "-c", script, str(f)], capture_output=True, text=True, cwd=REPO)
    assert p.returncode != 0 and "File too large" in p.stderr and str(f) in p.stderr
    assert f.read_bytes() == before
    assert append_bytes(f, b"ok\n") == len(before)


def test_an_emptied_daily_file_gets_its_title_back(tmp_path: Path) -> None:
    """Pins: entries appended to an empty daily file start with its `# <date>` title, as in a
    new file (an emptied file was refilled without it)."""
    clean = _workspace(tmp_path / "clean")
    assert _run(clean).returncode == 0
    ws = _workspace(tmp_path / "emptied")
    (ws / "memory" / f"{DAY}.md").write_bytes(b"")
    assert _run(ws).returncode == 0
    text = (ws / "memory" / f"{DAY}.md").read_text("utf-8")
    assert text.startswith(f"# {DAY}\n\n## ")
    assert _normalised(ws, tmp_path / "emptied") == _normalised(clean, tmp_path / "clean")


def test_temp_files_an_interrupted_run_left_are_removed(tmp_path: Path) -> None:
    """Pins: the next run removes the `.<name>.<random>.tmp` files a kill -9 left beside the
    jobs' targets, and leaves alone temp files of other writers and look-alikes."""
    ws = _workspace(tmp_path)
    left = [f"memory/.{DAY}.md.k2j4_x9a.tmp", ".MEMORY.md.a1b2c3d4.tmp", "memory/archive/.2026-11.md.zz99yy88.tmp",
            "second-brain/summaries/.2026-11-16-wrapup.md.q1w2e3r4.tmp", "memory/.locks/.weekly.lock.json.2tsm49vm.tmp",
            # the daily job's episodes and microSync's procedures (found by chaos: a daily run killed
            # while renewing an episode left `.2026-11.md.<random>.tmp` in memory/episodes/)
            "memory/episodes/.2026-11.md.fvxvh9gj.tmp", "memory/archive/.episodes.md.a1b2c3d4.tmp",
            "memory/.procedures.md.p0q9r8s7.tmp"]
    kept = [".PROFILE.md.a1b2c3d4.tmp", "memory/.notes.txt.a1b2c3d4.tmp", "memory/projects/.x.md.a1b2c3d4.tmp",
            "memory/.locks/.core.lock.json.a1b2c3d4.tmp", "memory/archive/.core.md.a1b2c3d4.tmp",
            "memory/episodes/.notes.md.a1b2c3d4.tmp"]
    for rel in left + kept:
        (ws / rel).parent.mkdir(parents=True, exist_ok=True)
        (ws / rel).write_bytes(b"half")
    p = _run(ws, "--json")
    assert p.returncode == 0, p.stdout + p.stderr
    assert not [r for r in left if (ws / r).exists()]
    assert all((ws / r).exists() for r in kept)
    assert f"removed {len(left)} temp file(s)" in " ".join(json.loads(p.stdout).get("notes", []))


def test_a_killed_run_is_not_shown_running_forever(tmp_path: Path) -> None:
    """Pins: a run killed with SIGKILL after recording "running" is marked failed (interrupted)
    by the next run of its job, which also does the work in full."""
    import os
    import signal
    import time

    ws = _workspace(tmp_path)
    args = [sys.executable, "-m", "jobs", "--workspace", str(ws), "run", "microsync", "--since",
            f"{DAY}T00:00:00+07:00", "--now", f"{DAY}T22:00:00+07:00"]
    proc = subprocess.Popen(args, cwd=REPO, env={**os.environ, "MEMJOBS_TEST_DELAY_S": "30"},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    runs_dir = ws / ".memjobs" / "runs"
    deadline = time.monotonic() + 60
    while not list(runs_dir.glob("*/report.json")) and time.monotonic() < deadline:
        time.sleep(0.1)
    killed = next(runs_dir.glob("*/report.json"))
    assert json.loads(killed.read_text("utf-8"))["status"] == "running"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    p = _run(ws, "--json")
    assert p.returncode == 0, p.stdout + p.stderr
    assert any("marked failed (interrupted)" in n for n in json.loads(p.stdout)["notes"])
    rep = json.loads(killed.read_text("utf-8"))
    assert rep["status"] == "failed" and rep["errors"][-1]["code"] == "interrupted"
    assert (ws / "memory" / f"{DAY}.md").read_text("utf-8").count("\n## ") >= 8


def test_a_run_stopped_between_markdown_and_state_is_adopted_not_called_a_persons(tmp_path: Path) -> None:
    """Pins: when a run's entries reached the daily file but its state did not (a kill or a full
    disk between the two), the next run recognises its own bytes and records them as memjobs'
    (they were all called "edited by a person" before), converging to the uninterrupted state."""
    clean = _workspace(tmp_path / "clean")
    assert _run(clean).returncode == 0
    ws = _workspace(tmp_path / "cut")
    assert _run(ws).returncode == 0
    state = ws / ".memjobs" / "microsync"
    recorded = (state / "entries.json").read_bytes()
    for name in ("entries.json", "cursors.json"):       # as if the run died before writing them
        (state / name).unlink()
    p = _run(ws, "--json")
    assert p.returncode == 0, p.stdout + p.stderr
    reasons = {d["reason"] for d in json.loads(p.stdout)["details"]["skipped"]}
    assert reasons == {"already recorded"}, reasons
    assert (state / "entries.json").read_bytes() == recorded
    assert _normalised(ws, tmp_path / "cut") == _normalised(clean, tmp_path / "clean")


def test_rollback_of_a_run_killed_after_its_last_append_removes_it(tmp_path: Path) -> None:
    """Pins: a run killed after an append but before recording it (its patch line missing)
    is rolled back whole: the append is announced in the ledger first, so rollback finds it."""
    ws = _workspace(tmp_path)
    daily = ws / "memory" / f"{DAY}.md"
    daily.write_text(f"# {DAY}\n\nA person's note.\n", encoding="utf-8")
    before = daily.read_bytes()
    p = _run(ws, "--json")
    assert p.returncode == 0, p.stdout + p.stderr
    run_id = json.loads(p.stdout)["run_id"]
    patches = ws / ".memjobs" / "runs" / run_id / "patches.jsonl"
    lines = patches.read_text("utf-8").splitlines(keepends=True)
    kept = [x for x in lines if json.loads(x).get("op") != "append"]
    assert len(kept) < len(lines)
    patches.write_text("".join(kept), encoding="utf-8")     # as if killed right after the append
    with daily.open("a", encoding="utf-8") as fh:          # and another program appended since
        fh.write("- appended by OpenClaw\n")
    r = cli_run("--workspace", str(ws), "rollback", run_id)
    assert r.returncode == 0, r.stdout + r.stderr
    assert daily.read_bytes() == before + b"- appended by OpenClaw\n"


def test_a_read_only_workspace_fails_at_the_lock_with_one_line(tmp_path: Path) -> None:
    """Pins: a workspace on a read-only file system (a real EROFS: a read-only bind mount in a
    private mount namespace as root, the write bits taken away otherwise) ends the run with one
    line naming the locks folder and exit 1; taking the lock raised a traceback before."""
    import os
    import shutil

    ws = _workspace(tmp_path)
    args = [sys.executable, "-m", "jobs", "--workspace", str(ws), "run", "weekly", "--now", f"{DAY}T22:00:00+07:00"]
    if os.geteuid() == 0:
        probe = subprocess.run(["unshare", "-m", "true"], capture_output=True) if shutil.which("unshare") else None
        if probe is None or probe.returncode != 0:
            pytest.skip("root without a private mount namespace: a read-only workspace cannot be made")
        args = ["unshare", "-m", "sh", "-c",
                'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" "$0" && exec "$@"', str(ws), *args]
        p = subprocess.run(args, capture_output=True, text=True, cwd=REPO, timeout=120)
    else:
        modes = {q: q.stat().st_mode for q in [ws, *ws.rglob("*")]}
        for q, mode in modes.items():
            q.chmod(mode & ~0o222)
        try:
            p = subprocess.run(args, capture_output=True, text=True, cwd=REPO, timeout=120)
        finally:
            for q, mode in modes.items():
                q.chmod(mode)
    assert p.returncode == 1, p.stdout + p.stderr
    assert "Traceback" not in p.stderr
    assert "memory/.locks" in p.stderr and "cannot write: " in p.stderr and len(p.stderr.strip().splitlines()) == 1
    assert ("read-only" in p.stderr) or ("permission denied" in p.stderr)


def test_a_real_full_disk_on_a_small_tmpfs(tmp_path: Path) -> None:
    """Pins, on a real ENOSPC (the workspace on a tmpfs with 0-32 KB left, in a private mount
    namespace; skipped with the reason where it cannot be mounted): each run that runs out of
    space ends with exit 1 and one line naming the file (a failed report write and the index
    update added two more), never a traceback; no half-written markdown (validate passes); no
    half-built index copy left holding the space; with room again the rerun writes exactly what
    an uninterrupted run writes, and the failed run is recorded failed."""
    from scripts.chaos import on_small_tmpfs, tmpfs_unavailable

    reason = tmpfs_unavailable(tmp_path)
    if reason:
        pytest.skip(reason)
    clean = _workspace(tmp_path / "clean")
    assert _run(clean).returncode == 0
    daily = ["run", "daily", "--date", DAY, "--now", "2026-11-18T00:30:00+07:00"]
    assert cli_run("--workspace", str(clean), *daily).returncode == 0
    failed = 0
    for free in (0, 8192, 16384, 32768):
        root = tmp_path / f"free{free}"
        ws = _workspace(root)
        for args in (["run", "microsync", "--since", f"{DAY}T00:00:00+07:00", "--now", f"{DAY}T22:00:00+07:00"],
                     daily):
            p = on_small_tmpfs(ws, free, [sys.executable, "-m", "jobs", "--workspace", str(ws), *args])
            assert p.returncode in (0, 1), (free, args[1], p.returncode, p.stderr)
            assert "Traceback" not in p.stderr
            if p.returncode == 1:
                failed += 1
                lines = [x for x in p.stderr.splitlines() if x.strip()]
                assert len(lines) == 1 and "no space left on the device" in lines[0], (free, args[1], p.stderr)
            assert not list(ws.rglob("index.rebuild.sqlite*")), free
            # The checks and the rerun in this process: only the run that meets the full disk
            # needs a process (and a mount namespace) of its own.
            v = cli_run("--workspace", str(ws), "validate")
            assert v.returncode == 0, (free, args[1], v.stdout + v.stderr)
            # With room again: the rerun completes the run.
            r = cli_run("--workspace", str(ws), *args)
            assert r.returncode == 0, (free, args[1], r.stdout + r.stderr)
        assert _normalised(ws, root) == _normalised(clean, tmp_path / "clean"), free
        runs = json.loads(cli_run("--workspace", str(ws), "runs", "--json").stdout)
        assert not [r for r in runs if r["status"] == "running"]
    assert failed >= 6     # the space really ran out
