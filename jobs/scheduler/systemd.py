"""systemd user units: one `.service` + `.timer` per job, or a single daemon service, per workspace.

`render_units` returns the files as text (for `memjobs systemd print` and golden tests);
`install_units` writes them to `$XDG_CONFIG_HOME/systemd/user` (default `~/.config/systemd/user`)
and returns the `systemctl --user` commands to print; `uninstall_units` removes them. Unit names
carry the workspace (jobs/scheduler/unit_files.py), so two workspaces keep their own timers;
installing removes this workspace's units of the old, shared naming so that no job runs twice.
It never replaces a different existing file unless forced (a unit edited by hand).
"""
from __future__ import annotations

import os
import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from memory_store.config import JOBS, Config
from memory_store.cronexpr import schedules, to_on_calendar
from memory_store.errors import MemjobsError, UsageError
from memory_store.fileio import atomic_write

from . import STOP_GRACE_S, TERM_WAIT_S, global_args, job_command, kill_after_s
from .unit_files import (
    HEADER,
    UnitFile,
    daemon_unit,
    job_unit,
    orphaned_units,
    timer_units,
    units_of,
    wants_links,
)

MODES = ("timers", "daemon")

_DESCRIPTIONS = {
    "microsync": "memjobs microsync: decisions and rules from agent transcripts into memory/",
    "daily": "memjobs daily: wrap-up of yesterday into second-brain/summaries/",
    "weekly": "memjobs weekly: compound the last week into MEMORY.md",
}
_SAFE = re.compile(r"^[A-Za-z0-9_@%+=:,./-]+$")


class UnitConflict(MemjobsError):
    """A unit file of the same name exists with other content (another workspace's, or edited)."""

    code = "unit_conflict"


@dataclass(frozen=True)
class InstallResult:
    unit_dir: Path
    written: list[Path] = field(default_factory=list)     # created or replaced
    unchanged: list[Path] = field(default_factory=list)   # already had exactly this content
    commands: list[str] = field(default_factory=list)     # to run next, in order
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {
            "unit_dir": str(self.unit_dir),
            "written": [str(p) for p in self.written],
            "unchanged": [str(p) for p in self.unchanged],
            "commands": list(self.commands),
            "notes": list(self.notes),
        }


def unit_names(mode: str, workspace: Path) -> list[str]:
    if mode == "daemon":
        return [daemon_unit(workspace)]
    if mode == "timers":
        return timer_units(workspace)
    raise UsageError(f"unknown systemd mode {mode!r} (use one of: {', '.join(MODES)})")


def user_unit_dir(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    base = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME") or Path.home()) / ".config")
    return Path(base) / "systemd" / "user"


def exec_quote(arg: str) -> str:
    """One argument of an `ExecStart=` line: `%` and `$` escaped (specifiers and variables),
    double-quoted when it holds anything but plain path characters."""
    text = arg.replace("%", "%%").replace("$", "$$")
    if _SAFE.match(text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _resolve_command(memjobs_cmd: list[str]) -> list[str]:
    """systemd wants an absolute executable; a bare name is looked up on PATH now."""
    if not memjobs_cmd:
        raise UsageError("no memjobs command given")
    exe = memjobs_cmd[0]
    if not os.path.isabs(exe):
        found = shutil.which(exe)
        if found is None:
            raise UsageError(f"cannot find {exe!r} on PATH; give the absolute path of memjobs")
        exe = os.path.abspath(found)
    return [exe, *memjobs_cmd[1:]]


def _header(cfg: Config, extra: str = "") -> str:
    lines = [
        f"{HEADER}{cfg.workspace}.",
        "# Regenerate with `memjobs systemd print` (or install) rather than editing by hand.",
    ]
    if extra:
        lines.append(f"# {extra}")
    return "\n".join(lines) + "\n"


def _service(cfg: Config, job: str, argv: list[str]) -> str:
    after = [job_unit(cfg.workspace, j, "service") for j in JOBS[: JOBS.index(job)]]
    # Why After=: when several timers elapse together (boot catch-up with Persistent=true), systemd
    # orders queued start jobs by After=, so the runs go microsync → daily → weekly like the locks.
    unit_lines = [f"Description={_DESCRIPTIONS[job]}"]
    if after:
        unit_lines.append("After=" + " ".join(after))
    return (
        _header(cfg, f"Started by {job_unit(cfg.workspace, job, 'timer')}. "
                "Exit 75: another run held the lock (already running).")
        + "\n[Unit]\n" + "\n".join(unit_lines) + "\n"
        + "\n[Service]\n"
        + "Type=oneshot\n"
        + f"WorkingDirectory={str(cfg.workspace).replace('%', '%%')}\n"
        + "ExecStart=" + " ".join(exec_quote(a) for a in argv) + "\n"
        + "SuccessExitStatus=75\n"
        + f"TimeoutStartSec={kill_after_s(cfg.limits.job_timeout_s)}\n"
        + "Nice=10\n"
    )


def _timer(cfg: Config, job: str, cron_text: str, on_calendar: str, has_seconds: bool) -> str:
    return (
        _header(cfg, f"Cron schedule {job}: {cron_text} (timezone {cfg.timezone}).")
        + "\n[Unit]\n"
        + f"Description=memjobs {job} schedule\n"
        + "\n[Timer]\n"
        + f"OnCalendar={on_calendar}\n"
        + "Persistent=true\n"
        + "RandomizedDelaySec=0\n"
        + f"AccuracySec={'1s' if has_seconds else '1min'}\n"
        + f"Unit={job_unit(cfg.workspace, job, 'service')}\n"
        + "\n[Install]\n"
        + "WantedBy=timers.target\n"
    )


def _daemon_service(cfg: Config, argv: list[str]) -> str:
    stop_s = int(STOP_GRACE_S + TERM_WAIT_S + 20)
    return (
        _header(cfg, "Runs microsync, daily and weekly on the schedule of memjobs.yaml (one at a time).")
        + "\n[Unit]\n"
        + "Description=memjobs scheduler daemon (microsync, daily, weekly)\n"
        + "\n[Service]\n"
        + "Type=simple\n"
        + f"WorkingDirectory={str(cfg.workspace).replace('%', '%%')}\n"
        + "ExecStart=" + " ".join(exec_quote(a) for a in argv) + "\n"
        + "Restart=on-failure\n"
        + "RestartSec=30\n"
        + "# 75: another daemon already serves this workspace; restarting would not help.\n"
        + "RestartPreventExitStatus=75\n"
        + "# SIGTERM goes to the daemon only: it lets a running job finish, then stops it itself.\n"
        + "KillMode=mixed\n"
        + f"TimeoutStopSec={stop_s}\n"
        + "Nice=10\n"
        + "\n[Install]\n"
        + "WantedBy=default.target\n"
    )


def render_units(cfg: Config, mode: str = "timers", memjobs_cmd: list[str] | None = None) -> dict[str, str]:
    """Unit file name → text, in a fixed order. `memjobs_cmd` is how to start memjobs (absolute
    path of the console script, or `[python, -m, jobs.entry]`)."""
    names = unit_names(mode, cfg.workspace)
    cmd = _resolve_command(list(memjobs_cmd or ["memjobs"]))
    if mode == "daemon":
        return {daemon_unit(cfg.workspace): _daemon_service(cfg, [*cmd, *global_args(cfg), "daemon"])}
    exprs = schedules(cfg, allow_seconds=True)  # systemd can express seconds (AccuracySec=1s below)
    out: dict[str, str] = {}
    for job in JOBS:
        expr = exprs[job]
        out[job_unit(cfg.workspace, job, "service")] = _service(cfg, job, job_command(cfg, cmd, job))
        on_cal = to_on_calendar(expr, cfg.timezone)
        out[job_unit(cfg.workspace, job, "timer")] = _timer(cfg, job, expr.text, on_cal, expr.has_seconds)
    assert list(out) == names
    return out


def enable_commands(mode: str, workspace: Path) -> list[str]:
    if mode == "daemon":
        return ["systemctl --user daemon-reload", f"systemctl --user enable --now {daemon_unit(workspace)}"]
    timers = " ".join(job_unit(workspace, job, "timer") for job in JOBS)
    return ["systemctl --user daemon-reload", f"systemctl --user enable --now {timers}"]


def install_units(
    cfg: Config,
    mode: str = "timers",
    memjobs_cmd: list[str] | None = None,
    *,
    force: bool = False,
    unit_dir: Path | None = None,
    env: Mapping[str, str] | None = None,
) -> InstallResult:
    """Write the units; all or nothing: any conflicting file stops the install before a write.
    This workspace's units of the old naming are removed (their timers stopped first)."""
    units = render_units(cfg, mode, memjobs_cmd)
    folder = unit_dir if unit_dir is not None else user_unit_dir(env)
    conflicts = []
    for name, text in units.items():
        path = folder / name
        if path.exists() and not force and path.read_bytes() != text.encode("utf-8"):
            conflicts.append(path)
    if conflicts:
        raise UnitConflict(
            f"{len(conflicts)} unit file(s) of this workspace exist with other content (edited by hand?): "
            f"{', '.join(p.name for p in conflicts)}; compare with `memjobs systemd print`, "
            "or replace them with --force",
            path=conflicts[0],
        )
    commands: list[str] = []
    notes: list[str] = []
    legacy = [u for u in units_of(cfg.workspace, folder) if u.legacy]
    if legacy:
        old = [u.name for u in legacy if _startable(u.name)]
        if old:
            commands.append("systemctl --user stop " + " ".join(old))
        for u in legacy:
            _remove_unit(folder, u.name)
        notes.append("removed this workspace's units of the old naming: " + ", ".join(u.name for u in legacy))
    written: list[Path] = []
    unchanged: list[Path] = []
    for name, text in units.items():
        path = folder / name
        data = text.encode("utf-8")
        if path.exists() and path.read_bytes() == data:
            unchanged.append(path)
            continue
        atomic_write(path, data)
        written.append(path)
    # Both schedulers at once would run every job twice (the locks would make one of them exit 75).
    ws = cfg.workspace
    if mode == "daemon" and any((folder / job_unit(ws, job, "timer")).exists() for job in JOBS):
        timers = " ".join(job_unit(ws, job, "timer") for job in JOBS)
        commands.append(f"systemctl --user disable --now {timers}")
        notes.append("the per-job timers are installed too; disable them so jobs do not run twice")
    if mode == "timers" and (folder / daemon_unit(ws)).exists():
        commands.append(f"systemctl --user disable --now {daemon_unit(ws)}")
        notes.append("the daemon unit is installed too; disable it so jobs do not run twice")
    commands += enable_commands(mode, ws)
    gone = orphaned_units(folder)
    if gone:
        notes.append(orphans_note(gone))
    notes.append('to keep the schedule running while you are logged out: loginctl enable-linger "$USER"')
    return InstallResult(folder, written, unchanged, commands, notes)


def uninstall_units(cfg: Config, *, unit_dir: Path | None = None,
                    env: Mapping[str, str] | None = None, orphaned: bool = False) -> InstallResult:
    """Remove every unit file of this workspace (timers, daemon, old naming) and its `*.wants`
    links; the units of other workspaces stay, except, with `orphaned`, those of workspaces that
    are gone (moved or deleted: `orphaned_units`), which fail at every run. Without it, those are
    only named in a note. `written` lists the removed files."""
    folder = unit_dir if unit_dir is not None else user_unit_dir(env)
    mine = units_of(cfg.workspace, folder)
    gone = orphaned_units(folder)
    if orphaned:
        mine += [u for _, u in gone if u.path not in {m.path for m in mine}]
    removed = [u.path for u in mine]
    commands: list[str] = []
    startable = [u.name for u in mine if _startable(u.name)]
    if startable:
        commands.append("systemctl --user stop " + " ".join(startable))
    for u in mine:
        _remove_unit(folder, u.name)
    if mine:
        commands.append("systemctl --user daemon-reload")
    notes = [] if mine else [f"no unit of this workspace in {folder}"]
    if gone and not orphaned:
        notes.append(orphans_note(gone))
    return InstallResult(folder, removed, [], commands, notes)


ORPHANS_FIX = "memjobs systemd uninstall --orphaned, then memjobs systemd install where the workspace is now"


def orphans_message(gone: list[tuple[Path, UnitFile]]) -> str:
    """What to say of the units of workspaces that are gone (`orphaned_units`); ORPHANS_FIX says
    what removes them."""
    places = sorted({str(owner) for owner, _ in gone})
    return (f"{len(gone)} systemd unit(s) serve {', '.join(places)}, which no longer exists (moved or deleted?), "
            "and fail at every run")


def orphans_note(gone: list[tuple[Path, UnitFile]]) -> str:
    return (f"{orphans_message(gone)}: remove them with `memjobs systemd uninstall --orphaned`, then run "
            "`memjobs systemd install` where the workspace is now")


def _startable(name: str) -> bool:
    """What to stop: the timers and the daemon (a job's oneshot service ends by itself)."""
    return name.endswith(".timer") or name.endswith("-daemon.service")


def _remove_unit(folder: Path, name: str) -> None:
    for link in wants_links(folder, name):
        link.unlink(missing_ok=True)
    (folder / name).unlink(missing_ok=True)
