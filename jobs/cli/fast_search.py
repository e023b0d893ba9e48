"""`memjobs search` without Typer: the start-up fast path (docs/design.md §7) and the shared renderer.

An agent calls `memjobs search` many times a session; Typer alone costs ~0.2 s to import, so
`jobs.entry` sends `[global options] search …` here. The Typer command in `jobs.cli.search` uses
the same `execute()`, so both print exactly the same thing.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from datetime import date
from typing import Any

from memory_store.errors import MemjobsError, UsageError

TIER_HELP = (
    "warm, cold, all (the entry tiers) or sessions (what was said in transcripts). Default: warm first, then"
    " cold, then the sessions tier when too few entries match every word"
)
JSON_HELP = "Print JSON: query, took_ms, and per result path, line, id, title, date, status, score, source."
LAYER_HELP = (
    "Memory layers to search, comma-separated or repeated: user_model, procedural, semantic, episodic."
    " Default: all but user_model (core memory, weighed x0.5 when asked for)"
)
KIND_HELP = "Only entries of these kinds (decision, rule, constraint, architecture, remember, procedure)."
STALE_WARNING = "warning: the search index is older than the workspace's last change: run `memjobs index`"


@dataclass
class Output:
    """What a fast-path command prints, and its exit code."""
    stdout: str
    stderr: str = ""
    code: int = 0


def execute(
    cfg: Any,
    query: str,
    *,
    limit: int | None,
    tier: str | None,
    kinds: list[str] | None,
    since: str | None,
    until: str | None,
    as_json: bool,
    today: date | None = None,
    layers: list[str] | None = None,
) -> Output:
    """Run one search and render it (JSON of docs/design.md §8, or the compact cited list)."""
    from memory_store.search.options import search_options
    from memory_store.search.query import search

    opts = search_options(limit=limit, default_limit=cfg.search.max_results, tier=tier, kinds=kinds,
                          since=since, until=until, layers=layers)
    refuse_empty(cfg, query, opts, kinds=bool(kinds), layers=bool(layers))
    result = search(cfg, query, opts, today=today)
    err = STALE_WARNING + "\n" if result.stale else ""
    if result.note:   # the index was built by another version: answered from a scan of the files
        err += f"note: {result.note}\n"
    if as_json:
        return Output(_redact(json.dumps(result.to_dict(), ensure_ascii=False, indent=2)) + "\n", err)
    if not result.hits:
        return Output("", err + _redact(f"no results for {query!r}") + "\n")
    return Output(_redact(render_human(result)), err)


def refuse_empty(cfg: Any, query: str, opts: Any, *, kinds: bool, layers: bool) -> None:
    """A request no memory can match is a usage error naming what makes it so, not "no results":
    an empty query, `--since` after `--until`, entry filters on the sessions tier (its messages have
    no kind and no layer), or the sessions tier when the configuration turns it off."""
    if not query.strip():
        raise UsageError("the query is empty: give the words to look for")
    if opts.since is not None and opts.until is not None and opts.since > opts.until:
        raise UsageError(f"--since {opts.since} is after --until {opts.until}: no day is in between")
    if opts.tier == "sessions":
        if not cfg.search.sessions:
            raise UsageError("--tier sessions: the sessions tier is off in the configuration"
                             " (search.sessions: false in memjobs.yaml)")
        for given, flag in ((kinds, "--kind"), (layers, "--layer")):
            if given:
                raise UsageError(f"{flag} filters kept entries; --tier sessions searches what was said"
                                 " in transcripts, which has no kind or layer: drop one of the two")


def render_human(result: Any) -> str:
    """`path:line  title  (date, status, confidence origin)` and the snippet under it, one block per
    result."""
    out: list[str] = []
    for h in result.hits:
        if h.said:  # what was said, not a kept memory: cited by transcript lines
            src = h.source or {}
            out.append(f"{h.path}#{src.get('message_range', '')}  {h.title} said  ({h.date}, session, uncertain)\n")
            out.append(f"    {h.snippet}\n")
            continue
        layer = h.layer if h.layer != "semantic" else None  # the daily logs' entries are the usual case
        meta = [x for x in (h.date, _status(h), _disputed(h), _trust(h), layer) if x]
        suffix = f"  ({', '.join(meta)})" if meta else ""
        out.append(f"{h.path}:{h.line}  {h.title}{suffix}\n")
        if h.snippet and h.snippet != h.title:
            out.append(f"    {h.snippet}\n")
    return "".join(out)


def _status(h: Any) -> str | None:
    """`superseded by ID`: an entry's status, naming what replaced it as --json's superseded_by does."""
    if h.type != "entry":
        return None
    if h.status == "superseded" and h.superseded_by:
        return f"superseded by {h.superseded_by}"
    if getattr(h, "ended", None):   # the user said it held until a day that is over (memory_store/ended.py)
        return f"{h.status}, ended {h.ended}: not in force"
    return str(h.status) if h.status else None


def _disputed(h: Any) -> str | None:
    """`disputed by ID` / `disputes ID`: an open possible conflict and the entry on its other side."""
    parts = [f"disputed by {' '.join(h.disputed_by)}" if h.disputed_by else "",
             f"disputes {' '.join(h.disputes)}" if h.disputes else ""]
    return ", ".join(p for p in parts if p) or None


def _trust(h: Any) -> str | None:
    """`0.92 user`: how far a kept memory is believed and why (memory_store/confidence.py); the
    confidence alone for an entry written before origins."""
    if h.type not in ("entry", "line") or h.confidence is None:
        return None
    origin = h.provenance[1]
    return f"{h.confidence:.2f} {origin}" if origin else f"{h.confidence:.2f}"


def _redact(text: str) -> str:
    from memory_store.redact import redact

    return redact(text)


def emit(out: Output) -> int:
    """Write what a fast-path command prints; its exit code."""
    sys.stdout.write(out.stdout)
    sys.stderr.write(out.stderr)
    return out.code


def fail(exc: MemjobsError) -> int:
    """One redacted `Error: …` line, and the error's exit code (as the Typer commands do)."""
    sys.stderr.write(f"Error: {_redact(str(exc))}\n")
    return exc.exit_code


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="memjobs search", description="Search memory (warm tier first), citing path:line."
    )
    p.add_argument("query", help="What to look for (any language).")
    p.add_argument(
        "--limit", "-n", type=int, default=None, help="Results, 1-50 (default: search.max_results, 6)."
    )
    p.add_argument("--tier", choices=("warm", "cold", "all", "sessions"), default=None, help=TIER_HELP)
    p.add_argument("--kind", action="append", default=None, help=KIND_HELP)
    p.add_argument("--layer", action="append", default=None, help=LAYER_HELP)
    p.add_argument("--since", default=None, help="Only results dated on or after this day (YYYY-MM-DD).")
    p.add_argument("--until", default=None, help="Only results dated on or before this day (YYYY-MM-DD).")
    p.add_argument("--json", dest="as_json", action="store_true", help=JSON_HELP)
    return p


def main(argv: list[str], workspace: str | None, config_file: str | None) -> int:
    """The fast path: `argv` is what follows the word `search`."""
    args = build_parser().parse_args(argv)
    try:
        from memory_store.config import load_config
        from memory_store.workspace import require_workspace, workspace_root

        require_workspace(workspace_root(workspace), config_file)
        cfg = load_config(workspace, config_file)
        out = execute(
            cfg,
            args.query,
            limit=args.limit,
            tier=args.tier,
            kinds=args.kind,
            since=args.since,
            until=args.until,
            as_json=args.as_json,
            layers=args.layer,
        )
    except MemjobsError as exc:
        return fail(exc)
    return emit(out)


GLOBAL_VALUE_OPTIONS = ("--workspace", "-w", "--config", "--log-level")


def split_globals(argv: list[str], command: str = "search") -> tuple[dict[str, str], list[str]] | None:
    """`[--workspace X] [--config F] COMMAND …` → ({option: value}, args after COMMAND); else None."""
    opts: dict[str, str] = {}
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == command:
            return opts, argv[i + 1 :]
        name, eq, value = arg.partition("=")
        if name in GLOBAL_VALUE_OPTIONS:
            if not eq:
                if i + 1 >= len(argv):
                    return None
                value = argv[i + 1]
                i += 1
            # (nothing on the search path logs below a warning; `run` sets the level)
            opts[name if name in ("--config", "--log-level") else "--workspace"] = value
            i += 1
            continue
        return None
    return None
