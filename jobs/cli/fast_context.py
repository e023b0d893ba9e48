"""`memjobs context` without Typer: the start-up fast path (docs/design.md §7) and the one renderer
that the Typer commands `context` and `verify` (jobs.cli.context) use too, so all print exactly
the same thing. An agent's hook runs `memjobs context` before every session or prompt; Typer
alone costs ~0.2 s to import.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from jobs.cli.fast_search import Output, _redact, emit, fail
from memory_store.errors import MemjobsError, UsageError

TASK_TYPE_HELP = ("A profile of context.profiles in memjobs.yaml (budget, caps, which layers); built in: "
                  "reply (everything, the default) and prompt (session entries, procedures, hints; 400 tokens).")
HOOK_INPUT_HELP = ("Read the agent hook's JSON on stdin (claude-code, codex, openclaw): its session_id, cwd "
                   "(the project's folder) and prompt (the task) fill --session, --project and --task when not "
                   "given.")
PROJECT_HELP = ("This project: a folder's path (the episodes of sessions started in it or below it) or a bare "
                "name (those started in a folder of that name; the id of applies_to project:<id>).")
NOW_HELP = ("The time to build for (ISO, e.g. 2026-11-27T09:00; without a zone: the workspace's time zone; "
            "default: now).")
TOLERATE_HELP = ("When memory cannot be loaded and there is no last-known-good snapshot, print an empty "
                 "context and exit 0 instead of failing.")


@dataclass
class Options:
    """The flags of `memjobs context` / `verify`, parsed by argparse or Typer."""
    session: str | None = None
    project: str | None = None
    task: str | None = None
    task_type: str | None = None
    hints: list[str] = field(default_factory=list)
    window: int | None = None
    now: str | None = None
    budget: int | None = None
    format: str = "markdown"
    as_json: bool = False
    tolerate_failure: bool = False
    hook_input: str | None = None


class LazyActivity:
    """memory_store.core.sessions.SessionActivity, imported (with the transcript readers) only when an
    entry with `ttl:session_end` asks for it."""

    def __init__(self, sources: Any) -> None:
        self.sources = sources
        self._inner: Any = None

    def __call__(self, session_id: str) -> datetime | None:
        if self._inner is None:
            from memory_store.core.sessions import SessionActivity

            self._inner = SessionActivity(self.sources)
        return self._inner(session_id)  # type: ignore[no-any-return]


def execute(cfg: Any, opts: Options, *, verify: bool = False) -> Output:
    """Build the context (docs/design.md §6) and render it, or (`verify`) the report on it."""
    from memory_store.context.build import build_context
    from memory_store.context.model import ContextRequest
    from memory_store.context.render import render, to_json, warnings
    from memory_store.dates import parse_instant

    # One reading of --now for every command: without a zone it is the workspace's (as `run` reads it).
    when = parse_instant(opts.now.strip(), cfg.tz, "--now") if opts.now is not None else None
    fmt = "json" if opts.as_json else opts.format
    err = ""
    if opts.hook_input is not None:
        opts, err = with_hook_input(opts)
    req = ContextRequest(session=opts.session, project=opts.project, task=opts.task, hints=tuple(opts.hints),
                         window_s=opts.window, now=when, budget=opts.budget, format=fmt,
                         tolerate_failure=opts.tolerate_failure, task_type=opts.task_type)
    ctx = build_context(cfg, req, last_activity=LazyActivity(cfg.transcripts))
    err += "".join(f"warning: {note}\n" for note in warnings(ctx))
    if verify:
        from memory_store.context.snapshot import read_last_known_good
        from memory_store.context.verify import verification, verification_text

        info = verification(ctx, read_last_known_good(cfg.workspace), when or datetime.now(UTC))
        text = json.dumps(info, ensure_ascii=False, indent=2) if opts.as_json else verification_text(info)
        return Output(_redact(text) + "\n", _redact(err))
    if fmt == "json":
        return Output(_redact(json.dumps(to_json(ctx, fmt), ensure_ascii=False, indent=2)) + "\n", _redact(err))
    return Output(_redact(render(ctx, fmt)), _redact(err))


def with_hook_input(opts: Options) -> tuple[Options, str]:
    """`opts` completed from the agent hook's JSON on stdin (session, project, task); flags win."""
    from dataclasses import replace

    from memory_store.hooks import hook_input
    from memory_store.hooks.snippets import AGENTS

    if opts.hook_input not in AGENTS:
        raise UsageError(f"--hook-input must be one of {', '.join(AGENTS)}, not {opts.hook_input!r}")
    got = hook_input.read(sys.stdin)
    warn = f"warning: {got.problem}\n" if got.problem else ""
    return replace(opts, session=opts.session or got.session, project=opts.project or got.cwd or got.project,
                   task=opts.task or got.task), warn


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="memjobs context", description=(
        "The memory an agent should see now, in a fixed order (thread, long memory, references, hints) "
        "within a token budget; policy keys only as policy@<version>; reason codes for what was left out "
        "(--json); the last-known-good snapshot when a file cannot be read, said loudly. Writes nothing."))
    p.add_argument("--session", help="This session's id: its SESSION.md entries.")
    p.add_argument("--project", help=PROJECT_HELP)
    p.add_argument("--task", help="What the agent will do (for procedures).")
    p.add_argument("--task-type", help=TASK_TYPE_HELP)
    p.add_argument("--hint", dest="hints", action="append", default=[], help="Text passed through last (repeatable).")
    p.add_argument("--window", type=int, help="Leave out session entries older than this many seconds.")
    p.add_argument("--now", help=NOW_HELP)
    p.add_argument("--budget", type=int, help="Token budget of the whole output (default: context.budget_tokens).")
    p.add_argument("--format", default="markdown", choices=("markdown", "json", "xml"), help="markdown, json or xml.")
    p.add_argument("--json", dest="as_json", action="store_true", help="Same as --format json.")
    p.add_argument("--tolerate-failure", action="store_true", help=TOLERATE_HELP)
    p.add_argument("--hook-input", metavar="AGENT", help=HOOK_INPUT_HELP)
    return p


def main(argv: list[str], workspace: str | None, config_file: str | None) -> int:
    """The fast path: `argv` is what follows the word `context`."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:                      # --help (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else 2
    try:
        from memory_store.config import load_config
        from memory_store.workspace import require_workspace, workspace_root

        require_workspace(workspace_root(workspace), config_file)
        cfg = load_config(workspace, config_file)
        out = execute(cfg, Options(**vars(args)))
    except MemjobsError as exc:
        if args.tolerate_failure and exc.exit_code != 2:
            sys.stderr.write(f"warning: {_redact(str(exc))}\n")
            return 0
        return fail(exc)
    return emit(out)
