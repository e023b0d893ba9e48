"""The command line: thin. Each command parses options, calls one library function, prints.

Our exceptions become one `Error: …` line on stderr with the exit code of DESIGN §8. Heavy
imports (openai, apscheduler, mcp) happen only inside the commands that need them.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from datetime import date, datetime
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from memory_store.errors import EXIT_INVALID, MemjobsError, UsageError

app = typer.Typer(
    name="memjobs",
    help="Long-term memory for AI agents as plain markdown, kept good by scheduled jobs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

F = TypeVar("F", bound=Callable[..., Any])


class Job(StrEnum):
    microsync = "microsync"
    daily = "daily"
    weekly = "weekly"


class _State:
    workspace: Path | None = None
    config_file: Path | None = None
    _cfg: Any = None

    def cfg(self) -> Any:
        """The one configuration object, read once (STYLE §2)."""
        if self._cfg is None:
            from memory_store.config import load_config

            self._cfg = load_config(self.workspace, self.config_file)
        return self._cfg


STATE = _State()


def expected_errors(fn: F) -> F:
    """No traceback for an expected error: one line and the documented exit code."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except MemjobsError as exc:
            typer.echo(f"Error: {_safe(str(exc))}", err=True)
            raise typer.Exit(exc.exit_code) from None

    return wrapper  # type: ignore[return-value]


def _safe(text: str) -> str:
    from memory_store.redact import redact

    return redact(text)


def echo_json(obj: Any) -> None:
    typer.echo(_safe(json.dumps(obj, ensure_ascii=False, indent=2)))


def parse_instant(value: str | None, tz: Any, flag: str) -> datetime | None:
    """ISO instant; a naive time or a bare date is read in the configured time zone."""
    if value is None:
        return None
    try:
        if len(value) == 10:
            return datetime.combine(date.fromisoformat(value), datetime.min.time(), tz)
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise UsageError(f"{flag}: not an ISO date or time: {value!r}") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=tz)


@app.callback()
def main(
    workspace: Annotated[
        Path | None,
        typer.Option(
            "--workspace", "-w", envvar="MEMJOBS_WORKSPACE", help="The agent's workspace (default: the current folder)."
        ),
    ] = None,
    config: Annotated[
        Path | None, typer.Option("--config", help="A memjobs.yaml to use instead of <workspace>/memjobs.yaml.")
    ] = None,
) -> None:
    """memjobs keeps an agent's MEMORY.md, daily decision logs and wrap-ups good by itself."""
    STATE.workspace = workspace
    STATE.config_file = config
    STATE._cfg = None


@app.command()
@expected_errors
def init(
    path: Annotated[Path | None, typer.Argument(help="Folder to create (default: the workspace).")] = None,
) -> None:
    """Create a workspace from the template; never overwrites an existing file."""
    from memory_store.workspace import init_workspace

    target = (path or STATE.workspace or Path.cwd()).expanduser().resolve()
    result = init_workspace(target)
    for rel in result.created:
        typer.echo(f"created  {rel}")
    for rel in result.existing:
        typer.echo(f"kept     {rel} (exists)")
    typer.echo(f"Workspace ready: {target}")
    _print_connect_help(target)


def _print_connect_help(target: Path) -> None:
    typer.echo("")
    typer.echo("Connect your agent:")
    typer.echo(f"  Claude Code / Codex MCP server:  memjobs --workspace {target} mcp")
    typer.echo("  CLAUDE.md / AGENTS.md:          add the line  @MEMORY.md")
    typer.echo('  OpenClaw:                       memory.search.extraPaths += ["second-brain/summaries"]')


@app.command()
@expected_errors
def run(
    job: Annotated[Job, typer.Argument(help="microsync, daily or weekly.")],
    now: Annotated[str | None, typer.Option(help="Behave as if started at this ISO instant.")] = None,
    since: Annotated[
        str | None, typer.Option(help="microsync: read transcript lines from this instant (backfill).")
    ] = None,
    until: Annotated[str | None, typer.Option(help="microsync: read transcript lines up to this instant.")] = None,
    day: Annotated[
        str | None,
        typer.Option(
            "--date",
            help="daily: the day to summarise; weekly: compound the ISO week containing this day, "
            "no catch-up (YYYY-MM-DD).",
        ),
    ] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Print the plan; write nothing.")] = False,
    force: Annotated[bool, typer.Option("--force", help="weekly: allow more than 25% turnover of MEMORY.md.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the run report as one JSON object.")] = False,
) -> None:
    """Run one job now (through the same locks and run ledger as the scheduler)."""
    from jobs import registry
    from jobs.runner import RunOptions

    cfg = STATE.cfg()
    try:
        the_day = date.fromisoformat(day) if day else None
    except ValueError:
        raise UsageError(f"--date: not a date (YYYY-MM-DD): {day!r}") from None
    options = RunOptions(
        since=parse_instant(since, cfg.tz, "--since"),
        until=parse_instant(until, cfg.tz, "--until"),
        day=the_day,
        force=force,
    )
    report = registry.run(cfg, job.value, now=parse_instant(now, cfg.tz, "--now"), dry_run=dry_run, options=options)
    if as_json:
        echo_json(report.to_dict())
    else:
        _print_report(report)
    raise typer.Exit(report.exit_code)


def _print_report(report: Any) -> None:
    typer.echo(
        f"{report.job} {report.run_id}: {report.status}"
        f" (added {report.added}, updated {report.updated}, skipped {report.skipped})"
    )
    for s in report.sources:
        typer.echo(
            f"  source {s.name}: {s.files} files, {s.lines} lines, {s.bad_lines} bad lines, "
            f"{s.sessions_skipped} sessions skipped"
        )
    for path in report.written:
        typer.echo(f"  wrote {path}")
    for note in report.notes:
        typer.echo(f"  note: {_safe(note)}")
    plan = report.details.get("dry_run_output") if report.details else None
    if plan:
        typer.echo(_safe(plan))
    for err in report.errors:
        where = (
            f"{err.get('path')}:{err.get('line')}: "
            if err.get("path") and err.get("line")
            else (f"{err.get('path')}: " if err.get("path") else "")
        )
        typer.echo(
            f"  {'error' if report.status == 'failed' else 'skipped'}: {where}{_safe(str(err.get('message')))}",
            err=report.status == "failed",
        )


@app.command()
@expected_errors
def validate(
    paths: Annotated[list[Path] | None, typer.Argument(help="Files or folders (default: the whole workspace).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print problems as JSON.")] = False,
) -> None:
    """Check memory files: every problem as path:line: message; exit 3 if there are errors."""
    from memory_store.check import validate_paths

    cfg = STATE.cfg()
    problems = validate_paths(cfg.workspace, paths or None)
    errors = [p for p in problems if p.severity == "error"]
    if as_json:
        echo_json(
            {
                "ok": not errors,
                "errors": len(errors),
                "warnings": len(problems) - len(errors),
                "problems": [p.to_dict() for p in problems],
            }
        )
    else:
        for p in problems:
            typer.echo(p.format())
        if not problems:
            typer.echo("ok: no problems", err=True)
    raise typer.Exit(EXIT_INVALID if errors else 0)


@app.command()
@expected_errors
def status(as_json: Annotated[bool, typer.Option("--json", help="Print status as JSON.")] = False) -> None:
    """Sizes against the limits, locks held, last and next runs, warnings. Writes nothing."""
    from jobs.status import collect

    info = collect(STATE.cfg())
    if as_json:
        echo_json(info)
        return
    s = info["sizes"]
    mm = s["memory_md"]
    typer.echo(f"workspace  {info['workspace']}")
    typer.echo(f"MEMORY.md  {mm['lines']}/{mm['max_lines']} lines, {mm['chars']}/{mm['max_chars']} characters")
    d = s["largest_daily"]
    typer.echo(f"daily      largest {d['path'] or '-'}: {d['entries']}/{d['max_entries']} entries")
    w = s["largest_summary"]
    typer.echo(f"summaries  largest {w['path'] or '-'}: {w['lines']}/{w['max_lines']} lines")
    for job, rep in info["jobs"].items():
        if rep is None:
            typer.echo(f"{job:<10} never run")
        else:
            typer.echo(f"{job:<10} last {rep['status']} at {rep['started']} ({rep['run_id']})")
    for name, when in (info.get("next_runs") or {}).items():
        typer.echo(f"next {name:<6} {when}")
    if "daemon" in info:
        dm = info["daemon"]
        typer.echo(f"daemon     {'running, pid ' + str(dm.get('pid')) if dm and dm.get('alive') else 'not running'}")
    for lk in info["locks"]:
        typer.echo(f"lock       {lk['lock']} held by {lk['job']} (pid {lk['pid']}, since {lk['since']})")
    for warning in info["warnings"]:
        typer.echo(f"warning: {warning}")


@app.command("config")
@expected_errors
def config_cmd(as_json: Annotated[bool, typer.Option("--json", help="Print as JSON instead of YAML.")] = False) -> None:
    """Print the effective configuration (file, then MEMJOBS_* environment, then flags)."""
    cfg = STATE.cfg()
    data = cfg.to_dict()
    if as_json:
        echo_json(data)
        return
    import yaml

    typer.echo(f"# effective configuration (file: {cfg.source_file or 'none, defaults'})")
    typer.echo(yaml.safe_dump(data, sort_keys=False, allow_unicode=True).rstrip())


# Commands of other parts of memjobs live in their own modules, each with
# `register(app, state, expected_errors, echo_json)`; a module that has not landed is skipped.
_COMMAND_MODULES = ("jobs.cli_demo", "jobs.cli_search", "jobs.cli_schedule", "jobs.cli_ops", "jobs.cli_llm")


def _register_commands() -> None:
    import importlib

    for name in _COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(app, STATE, expected_errors, echo_json)


_register_commands()


def cli_main(argv: list[str] | None = None) -> int:
    try:
        app(args=argv, prog_name="memjobs", standalone_mode=True)
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(cli_main())
