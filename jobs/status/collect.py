"""`memjobs status`: sizes against the governance limits, locks, last runs, warnings. Reads only."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jobs.scheduler import read_daemon_status
from jobs.status import timers
from memory_store.config import JOBS, Config
from memory_store.errors import MemjobsError
from memory_store.ledger import last_runs
from memory_store.locks import is_held, read_holder
from memory_store.run_errors import failure_reason
from memory_store.workspace import DAILY_RE, SUMMARY_DIR
from memory_store.wrapup_format import WRAPUP_NAME_RE

_ENTRY_HEAD_RE = re.compile(rb"^## [A-Za-z]+:.*\r?\n- id:", re.MULTILINE)


def _count_lines(data: bytes) -> int:
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


def sizes(ws: Path, cfg: Config) -> dict[str, Any]:
    mem = ws / "MEMORY.md"
    data = mem.read_bytes() if mem.is_file() else b""
    largest_daily: dict[str, Any] = {"path": None, "entries": 0}
    mdir = ws / "memory"
    for folder in (mdir, mdir / "recent"):
        if not folder.is_dir():
            continue
        for p in folder.iterdir():
            if p.is_file() and (DAILY_RE.match(p.name) or folder.name == "recent") and p.suffix == ".md":
                n = len(_ENTRY_HEAD_RE.findall(p.read_bytes()))
                if n > largest_daily["entries"]:
                    largest_daily = {"path": p.relative_to(ws).as_posix(), "entries": n}
    largest_summary: dict[str, Any] = {"path": None, "lines": 0}
    sdir = ws / SUMMARY_DIR
    if sdir.is_dir():
        for p in sdir.iterdir():
            if p.is_file() and WRAPUP_NAME_RE.match(p.name):
                n = _count_lines(p.read_bytes())
                if n > largest_summary["lines"]:
                    largest_summary = {"path": p.relative_to(ws).as_posix(), "lines": n}
    lim = cfg.limits
    return {
        "memory_md": {"lines": _count_lines(data), "max_lines": lim.memory_md_lines,
                      "chars": len(data.decode("utf-8", "replace")), "max_chars": lim.memory_md_chars},
        "largest_daily": {**largest_daily, "max_entries": lim.daily_entries},
        "largest_summary": {**largest_summary, "max_lines": lim.summary_lines},
    }


@dataclass
class Status:
    """What `memjobs status` reports. Built by `collect`; `to_dict` is the `--json` output."""

    workspace: str
    now: str
    jobs: dict[str, dict[str, Any] | None]
    locks: list[dict[str, Any]]
    sizes: dict[str, Any]
    warnings: list[str] = field(default_factory=list)
    next_runs: dict[str, str | None] = field(default_factory=dict)
    daemon: dict[str, Any] | None = None
    sources: list[dict[str, Any]] | None = None
    units: list[dict[str, Any]] = field(default_factory=list)   # this workspace's systemd user units
    embed: dict[str, Any] | None = None  # hybrid ranking (memory_store/search/vectors.py describe)
    config_error: str | None = None      # memjobs.yaml does not load (shown with the daemon's kept one)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"workspace": self.workspace, "now": self.now, "jobs": self.jobs, "locks": self.locks,
                               "sizes": self.sizes, "warnings": self.warnings, "next_runs": self.next_runs,
                               "daemon": self.daemon, "units": self.units}
        if self.sources is not None:
            out["sources"] = self.sources
        if self.embed is not None:
            out["embed"] = self.embed
        if self.config_error is not None:
            out["config_error"] = self.config_error
        return out


def with_kept_config(workspace: Path, error: MemjobsError) -> tuple[Config, str] | None:
    """When memjobs.yaml does not load: the configuration the daemon kept through the bad edit
    (.memjobs/daemon.config.yaml, which the jobs it starts run with), so that `status` still shows
    the schedule, the runs and the rest; None when no running daemon kept one."""
    from jobs.scheduler import kept_config_path
    from memory_store.config import load_config

    kept = kept_config_path(workspace / ".memjobs")
    if not kept.is_file():
        return None
    try:
        cfg = load_config(workspace, kept)
    except MemjobsError:
        return None
    daemon = read_daemon_status(cfg) or {}
    if not daemon.get("alive"):
        return None     # left by a daemon that has stopped: nothing runs with it now
    loaded = str(daemon.get("config_loaded") or "?").replace("T", " ")
    return cfg, (f"the configuration does not load: {error}; shown with the configuration the daemon kept "
                 f"(loaded at {loaded}), which the jobs it starts run with until the file is fixed")


def collect(cfg: Config, now: datetime | None = None) -> Status:
    ws = cfg.workspace
    now = now or datetime.now(UTC)
    size = sizes(ws, cfg)
    locks = []
    for job in JOBS:
        if is_held(ws, job):
            h = read_holder(ws, job)
            locks.append({"lock": job, "job": h.job if h else None, "pid": h.pid if h else None,
                          "since": h.started if h else None, "run_id": h.run_id if h else None})
    runs = last_runs(cfg.state_dir)
    jobs: dict[str, dict[str, Any] | None] = {}
    for job in JOBS:
        rep = runs.get(job)
        jobs[job] = None if rep is None else {
            "run_id": rep.get("run_id"), "status": rep.get("status"), "started": rep.get("started"),
            "finished": rep.get("finished"), "added": rep.get("added"), "updated": rep.get("updated"),
            "written": len(rep.get("written") or []), "errors": len(rep.get("errors") or []),
            "warnings": list(rep.get("warnings") or []), "notes": list(rep.get("notes") or []),
            "error": failure_reason(rep) if rep.get("status") == "failed" else None,
        }
    status = Status(workspace=str(ws), now=now.astimezone(cfg.tz).isoformat(), jobs=jobs, locks=locks, sizes=size)
    mm = size["memory_md"]
    if mm["lines"] > mm["max_lines"] or mm["chars"] > mm["max_chars"]:
        status.warnings.append(f"MEMORY.md is over budget ({mm['lines']} lines, {mm['chars']} characters)")
    if size["largest_daily"]["entries"] > cfg.limits.daily_entries:
        status.warnings.append(f"{size['largest_daily']['path']} has more than {cfg.limits.daily_entries} entries")
    if size["largest_summary"]["lines"] > cfg.limits.summary_lines:
        status.warnings.append(f"{size['largest_summary']['path']} has more than {cfg.limits.summary_lines} lines")
    for job, last in jobs.items():
        if last and last["status"] == "failed":
            why = f": {last['error']}" if last.get("error") else ""
            status.warnings.append(f"the last {job} run failed ({last['run_id']}){why}")
        if last and last["status"] == "degraded":
            why = "; ".join(last["warnings"]) or "see `memjobs runs show`"
            status.warnings.append(f"the last {job} run was degraded ({last['run_id']}): {why}")
    status.next_runs, missed = timers.next_and_missed(cfg, jobs, now)
    status.warnings.extend(missed)
    status.daemon = read_daemon_status(cfg)
    status.warnings.extend(timers.daemon_config(cfg, status.daemon))
    status.units, legacy = timers.units(cfg)
    status.warnings.extend(legacy)
    status.sources, quiet = timers.sources(cfg, now)
    status.warnings.extend(quiet)
    from memory_store.search.schema import hot_journal, index_path

    if hot_journal(index_path(cfg.state_dir)):
        status.warnings.append("the search index was left half-written by a job that was stopped mid-write "
                               "(.memjobs/index.sqlite-journal remains): search fails until `memjobs index` "
                               "repairs it")
    from memory_store.search.vectors import describe

    status.embed = describe(cfg)
    return status
