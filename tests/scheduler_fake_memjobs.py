"""A stand-in for `memjobs --workspace WS run JOB --json`, used by tests/jobs/scheduler/test_scheduler_daemon.py
until the daemon test can drive the real CLI.

It behaves like a run as far as the scheduler can see: takes `memory/.locks/{job}.lock` (exit 75
when held), writes the holder file, writes `.memjobs/runs/<run_id>/report.json`, prints the report
as one JSON line. It also appends `start`/`end` lines to `WS/fake-runs.jsonl` for the test.
`WS/fake-behaviour.json` (`{"weekly": "hang"}`) makes a job hang and ignore SIGTERM; `"slow"`
makes it take 1.5 s.
"""
from __future__ import annotations

import json
import os
import secrets
import signal
import sys
import time
from datetime import UTC, datetime
from pathlib import Path


def _write(path: Path, data: dict[str, object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def _log(ws: Path, **fields: object) -> None:
    with open(ws / "fake-runs.jsonl", "a", encoding="utf-8") as fh:
        fh.write(json.dumps({"t": time.time(), "pid": os.getpid(), **fields}) + "\n")


def main(argv: list[str]) -> int:
    from filelock import FileLock, Timeout

    ws = Path(argv[argv.index("--workspace") + 1])
    job = argv[argv.index("run") + 1]
    assert "--json" in argv
    behaviour_file = ws / "fake-behaviour.json"
    behaviour = json.loads(behaviour_file.read_text()) if behaviour_file.exists() else {}
    started = datetime.now(UTC)
    run_id = f"{started.strftime('%Y%m%dT%H%M%SZ')}-{job}-{secrets.token_hex(2)}"
    locks = ws / "memory" / ".locks"
    locks.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(locks / f"{job}.lock"), timeout=0, is_singleton=False)
    try:
        lock.acquire()
    except Timeout:
        print(json.dumps({"job": job, "run_id": run_id, "status": "failed",
                          "errors": [{"path": None, "line": None, "code": "locked", "message": "held"}]}))
        return 75
    holder = locks / f"{job}.lock.json"
    _write(holder, {"job": job, "pid": os.getpid(), "started": started.strftime("%Y-%m-%dT%H:%M:%SZ"),
                    "run_id": run_id})
    _log(ws, event="start", job=job, run_id=run_id)
    if behaviour.get(job) == "hang":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # only SIGKILL stops it
        time.sleep(120)
    time.sleep(1.5 if behaviour.get(job) == "slow" else 0.05)
    finished = datetime.now(UTC)
    report = {
        "job": job, "run_id": run_id, "status": "ok", "now": started.isoformat(),
        "started": started.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "finished": finished.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "dry_run": False, "written": [], "added": 1, "updated": 0, "skipped": 0, "sources": [], "errors": [],
    }
    _write(ws / ".memjobs" / "runs" / run_id / "report.json", report)
    _log(ws, event="end", job=job, run_id=run_id)
    holder.unlink()
    lock.release()
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
