"""Running the jobs unattended: the daemon, systemd user units and crontab lines.

All three start the same thing, `memjobs --workspace <ws> run <job> --json`, one child process per
run; `run_job` takes the locks and enforces the timeout, so the schedulers here only decide when.
Nothing in this package imports APScheduler at import time (docs/design.md §7: start-up cost); the
read-only helpers at the end (`read_daemon_status`, `last_success`, `schedule_times`) are what
`memjobs status` needs.
"""
from __future__ import annotations

import json
import math
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memory_store.config import CONFIG_NAME, JOBS, Config
from memory_store.ledger import folded_runs, read_report, run_dirs
from memory_store.locks import path_is_locked, pid_alive

__all__ = ["JOBS", "KEPT_CONFIG", "STOP_GRACE_S", "TERM_WAIT_S", "global_args", "job_command", "kept_config_path",
           "kept_config_warning", "kill_after_s", "kill_grace_s", "last_success", "lock_is_held", "read_daemon_status",
           "schedule_times"]

# On SIGTERM the daemon lets a running job finish for STOP_GRACE_S, then sends it SIGTERM and
# waits TERM_WAIT_S more before SIGKILL. The daemon's systemd unit sizes TimeoutStopSec from these.
STOP_GRACE_S = 30.0
STATUS_NAME = "daemon.json"     # .memjobs/daemon.json, kept by the daemon
LOCK_NAME = "daemon.lock"       # .memjobs/daemon.lock, held while a daemon serves the workspace
# .memjobs/daemon.config.yaml: while memjobs.yaml does not load, the bytes of the configuration the
# daemon last loaded; the jobs it starts then run with it (`--config`), and `status` reads it.
KEPT_CONFIG = "daemon.config.yaml"
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


# -- read-only state for `memjobs status` and the daemon's catch-up (no APScheduler import) --------

RUN_ID_PATTERN = re.compile(r"^\d{8}T\d{6}Z-(?P<job>[a-z]+)-[0-9A-Za-z]+$")


def read_json_object(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _parse_time(value: object) -> datetime | None:
    try:
        dt = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return None
    return dt if dt.tzinfo is not None else dt.replace(tzinfo=UTC)


def last_success(state_dir: Path, job: str) -> datetime | None:
    """When the newest run of `job` with status ok|nothing|degraded started (`.memjobs/runs/*/report.json`,
    and the runs folded into `runs/nothing.jsonl`)."""
    try:
        names = [p.name for p in run_dirs(state_dir)]
    except OSError:
        return None
    best: datetime | None = None
    reports: list[dict[str, Any] | None] = [r for r in folded_runs(state_dir) if r.get("job") == job]
    for name in names:
        m = RUN_ID_PATTERN.match(name)
        if not (m and m.group("job") != job):   # another job's run: skipped without reading it
            reports.append(read_report(state_dir, name))
    for report in reports:
        if not report or report.get("job") != job or report.get("status") not in ("ok", "nothing", "degraded"):
            continue
        started = _parse_time(report.get("started")) or _parse_time(report.get("finished"))
        if started is not None and (best is None or started > best):
            best = started
    return best


lock_is_held = path_is_locked  # one implementation, in memory_store.locks


def schedule_times(cfg: Config, now: datetime | None = None) -> dict[str, dict[str, datetime | None]]:
    """Per job, the scheduled fire time at or before `now` and the next one after it, in the
    configured zone (for `status`: next runs, and whether the last scheduled run was missed)."""
    from memory_store.cronexpr import schedules

    now = now or datetime.now(UTC)
    return {job: {"previous": expr.previous_at_or_before(now, cfg.tz), "next": expr.next_after(now, cfg.tz)}
            for job, expr in schedules(cfg, allow_seconds=True).items()}


def kept_config_path(state_dir: Path) -> Path:
    return state_dir / KEPT_CONFIG


def kept_config_warning(cfg: Config) -> str | None:
    """For a run started with the configuration the daemon kept through a bad edit (its
    `--config` is KEPT_CONFIG): what its report says — it ran, but not with the file as it is now."""
    if cfg.source_file is None or Path(cfg.source_file).resolve() != kept_config_path(cfg.state_dir).resolve():
        return None
    daemon = read_daemon_status(cfg) or {}
    loaded = str(daemon.get("config_loaded") or "?").replace("T", " ")
    why = daemon.get("config_error") or "it did not load"
    return (f"ran with the configuration the daemon kept (loaded at {loaded}): {CONFIG_NAME} does not load ({why}); "
            "fix it and the next run uses it")


def read_daemon_status(cfg: Config) -> dict[str, Any] | None:
    """The daemon's status file with `alive` added (pid exists and daemon.lock is held); None when
    no daemon ever ran here. Writes nothing."""
    path = cfg.state_dir / STATUS_NAME
    try:
        data = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        return {"alive": lock_is_held(cfg.state_dir / LOCK_NAME), "error": f"{path}: unreadable: {exc}"}
    if not isinstance(data, dict):
        return {"alive": lock_is_held(cfg.state_dir / LOCK_NAME), "error": f"{path}: not a JSON object"}
    pid = data.get("pid")
    data["alive"] = isinstance(pid, int) and pid_alive(pid) and lock_is_held(cfg.state_dir / LOCK_NAME)
    return data
