"""The parts of `memjobs status` that come from the schedule, the daemon and the transcript
sources: next runs, missed runs, daemon alive, sources that read nothing. Reads only."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from memory_store.config import JOBS, Config
from memory_store.cursors import CURSORS, SyncState
from memory_store.errors import MemjobsError
from memory_store.fileio import read_snapshot

QUIET_AFTER = timedelta(hours=48)


def next_and_missed(cfg: Config, jobs: dict[str, dict[str, Any] | None],
                    now: datetime) -> tuple[dict[str, str | None], list[str]]:
    """Each job's next scheduled run, and a warning for each job that missed its last one."""
    from jobs.scheduler import schedule_times

    warnings: list[str] = []
    try:
        times = schedule_times(cfg, now)
    except MemjobsError as exc:
        return {}, [f"schedule: {exc}"]
    next_runs = {job: (nxt.isoformat() if (nxt := t.get("next")) else None) for job, t in times.items()}
    for job, t in times.items():
        prev = t.get("previous")
        if prev is None:
            continue
        last = jobs.get(job)
        started = last.get("started") if last else None
        if started is None:
            # Never ran: missed only if the workspace already existed at that slot (a new one has
            # missed nothing), and only for a week.
            born = workspace_born(cfg)
            missed = born is not None and born < prev and now - prev < timedelta(days=7)
        else:
            missed = datetime.fromisoformat(started.replace("Z", "+00:00")) < prev
        if missed:
            warnings.append(f"{job} missed its last scheduled run ({prev.isoformat()})")
    return next_runs, warnings


def daemon_config(cfg: Config, daemon: dict[str, Any] | None) -> list[str]:
    """A warning when a running daemon does not run the configuration `status` reads: its reload of
    an edited memjobs.yaml failed (it keeps the older one), or it has not reloaded it (yet)."""
    if not daemon or not daemon.get("alive"):
        return []
    loaded = str(daemon.get("config_loaded") or daemon.get("started") or "?").replace("T", " ")
    if daemon.get("config_error"):
        return [f"the daemon (pid {daemon.get('pid')}) keeps the configuration it loaded at {loaded}: the edited "
                f"file does not load ({daemon['config_error']}); fix it and the daemon reloads it"]
    schedule = {job: getattr(cfg.schedule, job) for job in JOBS}
    theirs = daemon.get("schedule") or {}
    if {job: str(theirs.get(job, "")).strip() for job in JOBS} == {j: e.strip() for j, e in schedule.items()} \
            and daemon.get("timezone") == cfg.timezone:
        return []
    if daemon.get("config_loaded"):   # a daemon that watches the file: it reloads within seconds
        return [f"the daemon (pid {daemon.get('pid')}) runs the configuration it loaded at {loaded}, whose "
                "schedule differs from memjobs.yaml; it reloads a changed file within seconds (if this stays, "
                "restart it)"]
    return [f"the daemon (pid {daemon.get('pid')}) runs an older configuration (loaded at {loaded}) whose schedule "
            "differs from memjobs.yaml: restart it to use the new one"]


def workspace_born(cfg: Config) -> datetime | None:
    """When the workspace was made, as well as files tell: the oldest modification time of the
    files `memjobs init` writes (people rarely edit all of them)."""
    import os
    from datetime import UTC

    times = []
    for name in ("memjobs.yaml", "MEMORY.md", "PROFILE.md", "SESSION.md", "PROPOSALS.md"):
        try:
            times.append(os.stat(cfg.workspace / name).st_mtime)
        except OSError:
            continue
    return datetime.fromtimestamp(min(times), UTC) if times else None


def sources(cfg: Config, now: datetime) -> tuple[list[dict[str, Any]] | None, list[str]]:
    """What each transcript source last read, and warnings: a configured source that matches no
    file, nothing read for 48 hours. None when the cursors cannot be read (then a warning says why)."""
    try:
        state = SyncState.from_bytes(read_snapshot(cfg.workspace / CURSORS).data)
    except MemjobsError as exc:
        return None, [str(exc)]
    warnings: list[str] = []
    out: list[dict[str, Any]] = []
    last_any: str | None = None
    for src in cfg.transcripts:
        key = f"{src.format}:{src.path}"
        mark = state.sources.get(key)
        last_read = mark.last_read if mark else None
        last_any = max(filter(None, [last_any, last_read]), default=None)
        out.append(
            {"name": src.name, "path": src.path, "last_read": last_read, "last_run_mark": mark.mark if mark else None}
        )
        if not src.is_default and not _matches_anything(src):
            warnings.append(f"the configured {src.name} source matches no file: {src.path}")
    if state.sources and (last_any is None or now - datetime.fromisoformat(last_any) > QUIET_AFTER):
        ranges = [hi for key in state.ranges for _, hi in state.read_ranges(key)]
        if last_any:
            newest = f"the newest line read is from {last_any[:16].replace('T', ' ')}"
        elif ranges:   # read by backfill or `--since` only: those do not move the scheduled runs' mark
            newest = (f"no line read by a scheduled run yet; backfill or --since read history up to "
                      f"{max(ranges).isoformat()[:16].replace('T', ' ')}")
        else:
            newest = "no line read yet"
        warnings.append(
            f"no new transcript lines for 48 hours ({newest}); if your agent ran since, "
            "check the transcript sources in memjobs.yaml (`memjobs doctor`)"
        )
    return out, warnings


def _matches_anything(src: Any) -> bool:
    import glob
    import os

    path = src.expanded_path()
    if any(c in path for c in "*?["):
        return bool(glob.glob(path, recursive=True))
    return os.path.exists(path)


def units(cfg: Config) -> tuple[list[dict[str, Any]], list[str]]:
    """This workspace's systemd user units (installed, enabled), and a warning for units of the old
    shared naming, which another workspace's install would overwrite."""
    from jobs.scheduler.systemd import user_unit_dir
    from jobs.scheduler.unit_files import units_of

    mine = units_of(cfg.workspace, user_unit_dir())
    warnings = []
    if any(u.legacy for u in mine):
        warnings.append("systemd units of the old naming serve this workspace: run `memjobs systemd install` "
                        "to replace them with per-workspace units")
    return [u.to_dict() for u in mine], warnings
