"""`memjobs init`, `validate`, `status`, `config`: the workspace and its files."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer

from jobs.cli.base import STATE, app, echo_json, echo_safe, expected_errors
from memory_store.errors import EXIT_INVALID


@app.command()
@expected_errors
def init(
    path: Annotated[Path | None, typer.Argument(help="Folder to create (default: the workspace).")] = None,
    backfill: Annotated[
        bool, typer.Option("--backfill", help="Then read the transcript history found (runs `memjobs backfill`).")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print what was created and found as JSON.")] = False,
) -> None:
    """Create a workspace from the template (never overwrites a file) and show the agents' history found."""
    from memory_store.config import load_config
    from memory_store.transcripts.history import oldest_day, survey
    from memory_store.workspace import init_workspace

    target = (path or STATE.workspace or Path.cwd()).expanduser().resolve()
    if target.exists() and not target.is_dir():
        from memory_store.errors import UsageError

        raise UsageError(f"{target} is a file, not a folder")
    result = init_workspace(target)
    cfg = load_config(target, STATE.config_file)
    indexed = _index_notes(cfg)
    histories = survey(cfg)
    first = oldest_day(histories)
    if first is not None and first >= datetime.now(cfg.tz).date():
        first = None  # only today's sessions: nothing for a backfill (which ends yesterday) to read
    if as_json:
        echo_json({"workspace": str(target), "created": result.created, "existing": result.existing,
                   "indexed": indexed, "sources": [h.to_dict() for h in histories],
                   "backfill_since": first.isoformat() if first else None})
    else:
        for rel in result.created:
            typer.echo(f"created  {rel}")
        for rel in result.existing:
            typer.echo(f"kept     {rel} (exists)")
        if indexed is not None:
            typer.echo(f"indexed  {_count(len(indexed), 'memory file')} in .memjobs/index.sqlite "
                       "(search finds them now)")
        typer.echo(f"Workspace ready: {target}")
        _print_history(target, histories, first, backfill)
        _print_connect_help(target)
    if backfill and first is not None:
        from jobs.cli.runs import backfill_with_progress

        raise typer.Exit(backfill_with_progress(cfg, first, None, as_json=as_json))


def _index_notes(cfg: Any) -> list[str] | None:
    """Index the memory files the folder holds (the template's, and the notes already there, such
    as an OpenClaw workspace's MEMORY.md and memory/*.md), so that `search` and MCP `memory_search`
    find them right after `init` rather than after the first job; the workspace-relative paths
    indexed, or None when another process holds the index (it is updating it)."""
    from memory_store.search.indexer import IndexBusy, update_index

    try:
        return update_index(cfg, memory_only=True, lock_wait_s=10.0).indexed
    except IndexBusy:
        return None


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _quoted(path: Path) -> str:
    """A path as a shell word, for the commands printed to paste (`'/path/my ws'`), as the hook,
    cron and systemd lines are."""
    import shlex

    return shlex.quote(str(path))


def _print_history(target: Path, histories: list[Any], first: Any, backfill: bool) -> None:
    typer.echo("")
    typer.echo("Transcript sources:")
    for h in histories:
        if h.sessions:
            typer.echo(f"  {h.format:<12} {h.path}: {_count(h.sessions, 'session')} on at least "
                       f"{_count(len(h.days), 'day')} since {h.oldest}")
        elif h.is_default:
            typer.echo(f"  {h.format:<12} {h.path}: none here (agent not installed?)")
        else:
            typer.echo(f"  {h.format:<12} {h.path}: ERROR {h.problem or 'no session found'}")
    if first is None:
        typer.echo("No history before today; scheduled runs read new sessions as they come.")
        return
    if backfill:
        typer.echo(f"Reading that history now (backfill from {first}) …")
        return
    typer.echo("Scheduled runs only read what is new (a first run looks back 3 hours). To read the history above:")
    typer.echo(f"  memjobs --workspace {_quoted(target)} backfill --since {first}")
    typer.echo(f"  (or `memjobs init {_quoted(target)} --backfill` to do it now)")


def _print_connect_help(target: Path) -> None:
    typer.echo("")
    typer.echo("Connect your agent:")
    typer.echo(f"  Claude Code / Codex MCP server:  memjobs --workspace {_quoted(target)} mcp")
    typer.echo("  CLAUDE.md / AGENTS.md:          add the line  @MEMORY.md")
    typer.echo('  OpenClaw:                       memory.search.extraPaths += ["second-brain/summaries"]')


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
    """Sizes against the limits, locks held, last and next runs, warnings. Writes nothing. Exit 1
    when memjobs.yaml does not load (after showing the rest with the configuration a running daemon
    kept, if one did)."""
    from jobs.status.collect import collect, with_kept_config
    from memory_store.errors import ConfigError
    from memory_store.workspace import workspace_root

    try:
        cfg, broken = STATE.cfg(), None
    except ConfigError as exc:
        kept = with_kept_config(workspace_root(STATE.workspace), exc)
        if kept is None:
            raise
        cfg, broken = kept
    status = collect(cfg)
    if broken is not None:
        status.config_error = broken
        status.warnings.insert(0, broken)
    info = status.to_dict()
    if as_json:
        echo_json(info)
        raise typer.Exit(1 if broken else 0)
    _print_status(info)
    raise typer.Exit(1 if broken else 0)


def _print_status(info: dict[str, Any]) -> None:
    broken = info.get("config_error")
    if broken:
        typer.echo(f"error: {broken}")
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
            if rep["status"] == "nothing":   # why it changed nothing (weekly: "nothing compounded: …")
                for note in rep.get("notes") or []:
                    typer.echo(f"{'':<10} {note}")
    for name, when in (info.get("next_runs") or {}).items():
        typer.echo(f"next {name:<6} {when}")
    if "daemon" in info:
        dm = info["daemon"]
        alive = bool(dm and dm.get("alive"))
        loaded = f", configuration loaded at {dm['config_loaded']}" if alive and dm.get("config_loaded") else ""
        typer.echo(f"daemon     {'running, pid ' + str(dm.get('pid')) + loaded if alive else 'not running'}")
    if info.get("embed"):
        from jobs.status.embed import embed_line

        typer.echo(f"vectors    {embed_line(info['embed'])}")
    for u in info.get("units") or []:
        typer.echo(f"unit       {u['name']} ({'enabled' if u['enabled'] else 'installed, not enabled'})")
    for lk in info["locks"]:
        typer.echo(f"lock       {lk['lock']} held by {lk['job']} (pid {lk['pid']}, since {lk['since']})")
    for warning in info["warnings"]:
        if warning != broken:
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
    echo_safe(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000).rstrip())
