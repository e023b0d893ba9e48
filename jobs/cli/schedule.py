"""`memjobs daemon`, `memjobs systemd print|install|uninstall`, `memjobs cron`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from jobs.cli.base import STATE, app, echo_json, expected_errors


def _memjobs_cmd() -> list[str]:
    """How a scheduler should start memjobs: this console script if it is one, else this Python."""
    argv0 = Path(sys.argv[0])
    if argv0.name == "memjobs" and argv0.exists():
        return [str(argv0.resolve())]
    return [sys.executable, "-m", "jobs"]


@app.command()
@expected_errors
def daemon() -> None:
    """Run the schedule in the foreground (APScheduler); SIGTERM/SIGINT stop it cleanly."""
    from jobs.scheduler.daemon import run_daemon

    raise typer.Exit(run_daemon(STATE.cfg(), _memjobs_cmd()))

@app.command()
@expected_errors
def systemd(
    action: Annotated[str, typer.Argument(help="print, install, or uninstall (this workspace's units only)")] = "print",
    single_daemon: Annotated[
        bool, typer.Option("--daemon", help="One daemon service instead of a timer per job.")
    ] = False,
    user: Annotated[bool, typer.Option("--user/--no-user", help="User units (the only kind supported).")] = True,
    force: Annotated[bool, typer.Option("--force", help="Replace unit files that differ.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False,
) -> None:
    """systemd user units of this workspace: a .service and .timer per job (or one daemon service); print,
    install or uninstall them. Unit names carry the workspace, so each workspace keeps its own."""
    from jobs.scheduler.systemd import install_units, render_units, uninstall_units
    from memory_store.errors import UsageError

    cfg = STATE.cfg()
    mode = "daemon" if single_daemon else "timers"
    if not user:
        raise UsageError("only user units are supported (systemctl --user)")
    if action == "print":
        units = render_units(cfg, mode, _memjobs_cmd())
        if as_json:
            echo_json(units)
            return
        for name, text in units.items():
            typer.echo(f"# ---- {name}")
            typer.echo(text.rstrip())
            typer.echo("")
        return
    if action not in ("install", "uninstall"):
        raise UsageError("usage: memjobs systemd [print | install | uninstall]")
    result = uninstall_units(cfg) if action == "uninstall" else install_units(cfg, mode, _memjobs_cmd(), force=force)
    if as_json:
        echo_json(result.to_dict())
        return
    for p in result.written:
        typer.echo(f"{'removed' if action == 'uninstall' else 'wrote':<9} {p}")
    for p in result.unchanged:
        typer.echo(f"unchanged {p}")
    for note in result.notes:
        typer.echo(f"note: {note}")
    if result.commands:
        typer.echo("Now run:")
        for c in result.commands:
            typer.echo(f"  {c}")

@app.command()
@expected_errors
def cron() -> None:
    """Print crontab lines for the jobs, in the system's time zone (CRON_TZ where supported)."""
    from jobs.scheduler.crontab import render_crontab

    typer.echo(render_crontab(STATE.cfg(), _memjobs_cmd()).rstrip())
