"""Running the jobs unattended: the daemon, systemd user units and crontab lines (issue 7).

All three start the same thing, `memjobs --workspace <ws> run <job> --json`, one child process per
run; `run_job` takes the locks and enforces the timeout, so the schedulers here only decide when.
Nothing in this package imports APScheduler at import time (DESIGN §7: start-up cost).
"""
from __future__ import annotations

import contextlib
import math
import os
import tempfile
from pathlib import Path

from memory_store.config import CONFIG_NAME, JOBS, Config

__all__ = ["JOBS", "STOP_GRACE_S", "TERM_WAIT_S", "global_args", "job_command", "kill_after_s",
           "kill_grace_s", "write_atomic"]

# On SIGTERM the daemon lets a running job finish for STOP_GRACE_S, then sends it SIGTERM and
# waits TERM_WAIT_S more before SIGKILL. The daemon's systemd unit sizes TimeoutStopSec from these.
STOP_GRACE_S = 30.0
TERM_WAIT_S = 10.0


def kill_grace_s(job_timeout_s: float) -> float:
    """Time a job gets past `limits.job_timeout_s` before its supervisor kills it.

    Why: `run_job` aborts at the limit itself and then records the failure; the grace lets it do
    that before systemd or the daemon steps in. 10 % of the limit, between 1 s and 60 s.
    """
    return min(60.0, max(1.0, job_timeout_s * 0.1))


def kill_after_s(job_timeout_s: float) -> int:
    """Whole seconds after which a supervisor stops a run (systemd's TimeoutStartSec)."""
    return math.ceil(job_timeout_s + kill_grace_s(job_timeout_s))


def global_args(cfg: Config) -> list[str]:
    """`--workspace <ws>` and, when the configuration is not the workspace's own file, `--config`.

    Environment overrides (`MEMJOBS_*`) are not carried: a unit or crontab line sees only files.
    """
    args = ["--workspace", str(cfg.workspace)]
    if cfg.source_file is not None and Path(cfg.source_file) != cfg.workspace / CONFIG_NAME:
        args += ["--config", str(cfg.source_file)]
    return args


def job_command(cfg: Config, memjobs_cmd: list[str], job: str) -> list[str]:
    """The argv that runs one job: `<memjobs> --workspace <ws> run <job> --json`."""
    if job not in JOBS:
        raise ValueError(f"unknown job {job!r}")
    return [*memjobs_cmd, *global_args(cfg), "run", job, "--json"]


def write_atomic(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Unique temp file in the same folder, fsync, mode, `os.replace` (STYLE §6)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
