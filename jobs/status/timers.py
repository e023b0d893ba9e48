"""The parts of `memjobs status` that come from the schedule, the daemon and the transcript
sources: next runs, missed runs, daemon alive, sources that read nothing. Reads only."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from memory_store.config import Config
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
        newest = f"the newest line read is from {last_any[:16].replace('T', ' ')}" if last_any else "no line read yet"
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
