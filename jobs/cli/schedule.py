"""`memjobs daemon`, `memjobs systemd print|install|uninstall`, `memjobs cron`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

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

systemd_app = typer.Typer(
    help="systemd user units of this workspace: a .service and .timer per job (or one daemon service). "
         "Unit names carry the workspace, so each workspace keeps its own.",
    no_args_is_help=True, add_completion=False)
app.add_typer(systemd_app, name="systemd")

_DAEMON = Annotated[bool, typer.Option("--daemon", help="One daemon service instead of a timer per job.")]
_USER = Annotated[bool, typer.Option("--user/--no-user", help="User units (the only kind supported).")]
_JSON = Annotated[bool, typer.Option("--json", help="Print as JSON.")]


def _user_units_only(user: bool) -> None:
    from memory_store.errors import UsageError

    if not user:
        raise UsageError("only user units are supported (systemctl --user)")


@systemd_app.command("print")
@expected_errors
def systemd_print(single_daemon: _DAEMON = False, user: _USER = True, as_json: _JSON = False) -> None:
    """Print the units this workspace would install (nothing is written)."""
    from jobs.scheduler.systemd import render_units

    _user_units_only(user)
    units = render_units(STATE.cfg(), "daemon" if single_daemon else "timers", _memjobs_cmd())
    if as_json:
        echo_json(units)
        return
    for name, text in units.items():
        typer.echo(f"# ---- {name}")
        typer.echo(text.rstrip())
        typer.echo("")


@systemd_app.command("install")
@expected_errors
def systemd_install(
    single_daemon: _DAEMON = False,
    user: _USER = True,
    force: Annotated[bool, typer.Option("--force", help="Replace unit files that differ.")] = False,
    as_json: _JSON = False,
) -> None:
    """Write this workspace's units under ~/.config/systemd/user and say what to run next."""
    from jobs.scheduler.systemd import install_units

    _user_units_only(user)
    cfg = STATE.cfg()
    _echo_units(install_units(cfg, "daemon" if single_daemon else "timers", _memjobs_cmd(), force=force),
                "wrote", as_json)


@systemd_app.command("uninstall")
@expected_errors
def systemd_uninstall(
    user: _USER = True,
    orphaned: Annotated[bool, typer.Option(
        "--orphaned", help="Also remove the units of workspaces that no longer exist (a moved or deleted folder: "
        "their runs fail).")] = False,
    as_json: _JSON = False,
) -> None:
    """Remove this workspace's units (other workspaces' units stay; with --orphaned, those of
    workspaces that no longer exist go too)."""
    from jobs.scheduler.systemd import uninstall_units

    _user_units_only(user)
    _echo_units(uninstall_units(STATE.cfg(), orphaned=orphaned), "removed", as_json)


def _echo_units(result: Any, verb: str, as_json: bool) -> None:
    if as_json:
        echo_json(result.to_dict())
        return
    for p in result.written:
        typer.echo(f"{verb:<9} {p}")
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
