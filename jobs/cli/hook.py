"""`memjobs hook print|install|uninstall claude-code|codex|openclaw`: give an agent its memory
before each session (and, for Claude Code, optionally each prompt); thin over memory_store.hooks.
docs/spec/context.md §8 says what goes where."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Annotated

import typer

from jobs.cli.base import STATE, app, echo_json, expected_errors

hook_app = typer.Typer(help="Give an agent its memory: print or install the hook that runs `memjobs context` "
                            "(Claude Code), the MCP server and AGENTS.md lines (Codex), or AGENTS.md lines "
                            "(OpenClaw).", no_args_is_help=True, add_completion=False)
app.add_typer(hook_app, name="hook")

AGENT = Annotated[str, typer.Argument(metavar="AGENT", help="claude-code, codex or openclaw.", show_default=False)]
PER_PROMPT = Annotated[bool, typer.Option("--per-prompt", help=(
    "Claude Code: also a UserPromptSubmit hook (task type `prompt`: this session's entries and the procedures "
    "matching the prompt, 400 tokens) besides the SessionStart one."))]
TARGET = Annotated[Path | None, typer.Option("--target", help=(
    "Claude Code: the settings file (default ~/.claude/settings.json; a project's .claude/settings.json works "
    "too). Codex: its home folder ($CODEX_HOME, ~/.codex). OpenClaw: its workspace folder "
    "($OPENCLAW_WORKSPACE, ~/.openclaw/workspace)."))]
COMMAND = Annotated[str | None, typer.Option("--memjobs", help=(
    "The command the agent runs to start memjobs (default: memjobs on PATH, else this Python with -m jobs)."))]
JSON = Annotated[bool, typer.Option("--json", help="Print as JSON.")]


def _base(command: str | None) -> list[str]:
    from memory_store.hooks.snippets import memjobs_argv

    return shlex.split(command) if command else memjobs_argv()


def _workspace() -> Path:
    return Path(STATE.cfg().workspace)


@hook_app.command("print")
@expected_errors
def print_cmd(agent: AGENT, per_prompt: PER_PROMPT = False, command: COMMAND = None, as_json: JSON = False) -> None:
    """Print exactly what `hook install` would add, for this workspace (nothing is written). --json:
    `{"agent", "snippets": [{"file", "how": merge|append, "content"}]}`, content an object for JSON files."""
    from memory_store.errors import UsageError
    from memory_store.hooks import snippets

    base, ws = _base(command), _workspace().resolve()
    if agent not in snippets.AGENTS:
        raise UsageError(f"unknown agent {agent!r}: one of {', '.join(snippets.AGENTS)}")
    if per_prompt and agent != "claude-code":
        raise UsageError("--per-prompt is for claude-code")
    parts: list[tuple[str, str, str, str | dict[str, object]]] = []   # (comment, file, how, content)
    if agent == "claude-code":
        parts.append(("# Claude Code: merge into ~/.claude/settings.json (or a project's .claude/settings.json)",
                      "~/.claude/settings.json", "merge",
                      {"hooks": snippets.claude_code_hooks(base, ws, per_prompt=per_prompt)}))
    elif agent == "codex":
        parts.append(("# Codex: append to ~/.codex/config.toml", "~/.codex/config.toml", "append",
                      snippets.codex_toml(base, ws)))
        parts.append(("# Codex: append to ~/.codex/AGENTS.md", "~/.codex/AGENTS.md", "append",
                      snippets.agents_block(agent, base, ws)))
    else:
        parts.append(("# OpenClaw: append to AGENTS.md of its workspace (~/.openclaw/workspace)",
                      "~/.openclaw/workspace/AGENTS.md", "append", snippets.agents_block(agent, base, ws)))
    if as_json:
        echo_json({"agent": agent, "snippets": [{"file": f, "how": how, "content": content}
                                                for _, f, how, content in parts]})
        return
    for comment, file, _, content in parts:
        typer.echo(comment, err=True)
        if isinstance(content, dict):
            typer.echo(json.dumps(content, indent=2))
        else:   # the config.toml lines end with a blank line before the AGENTS.md block
            typer.echo(content, nl=not file.endswith("AGENTS.md"))


def _change(agent: str, target: Path | None, per_prompt: bool, command: str | None, dry_run: bool,
            as_json: bool, remove: bool) -> None:
    from memory_store.hooks import install

    where = (target or install.default_target(agent)).expanduser()
    notes = install.other_workspaces(agent, where, _workspace(), remove=remove)
    changes = install.apply(install.plan(agent, where, _workspace(), _base(command), per_prompt=per_prompt,
                                         remove=remove), dry_run=dry_run, remove=remove)
    for c in changes:
        if c.path == where:
            c.notes = list(notes)
    if as_json:
        echo_json({"agent": agent, "dry_run": dry_run, "files": [c.to_dict() for c in changes]})
        return
    for c in changes:
        if dry_run and c.diff:
            typer.echo(c.diff, nl=not c.diff.endswith("\n"))
        verb = {"created": "would create", "updated": "would update", "removed": "would remove memjobs from"}.get(
            c.action, c.action) if dry_run else c.action
        backup = f" (backup: {c.backup})" if c.backup else ""
        typer.echo(f"{c.path}: {verb}{backup}" if c.action not in ("unchanged", "absent") else
                   f"{c.path}: {'nothing to change' if c.action == 'unchanged' else 'not there'}")
        for note in c.notes:
            typer.echo(f"  note: {note}")


@hook_app.command()
@expected_errors
def install(agent: AGENT, target: TARGET = None, per_prompt: PER_PROMPT = False, command: COMMAND = None,
            dry_run: Annotated[bool, typer.Option("--dry-run", help="Show the diff; write nothing.")] = False,
            as_json: JSON = False) -> None:
    """Merge memjobs' hook-up into the agent's own files, keeping everything else in them: a backup
    of each file first (<name>.memjobs-backup-<time>), a file that does not parse is refused, a
    second install changes nothing. A memjobs failure never blocks the agent (the hook exits 0)."""
    _change(agent, target, per_prompt, command, dry_run, as_json, remove=False)


@hook_app.command()
@expected_errors
def uninstall(agent: AGENT, target: TARGET = None, command: COMMAND = None,
              dry_run: Annotated[bool, typer.Option("--dry-run", help="Show the diff; write nothing.")] = False,
              as_json: JSON = False) -> None:
    """Take memjobs' entries out of the agent's files again (a backup first); nothing else changes."""
    _change(agent, target, False, command, dry_run, as_json, remove=True)
