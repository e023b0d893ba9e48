"""`memjobs demo [PATH]`."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from jobs.cli.base import _safe, app, echo_json, expected_errors, memjobs_invocation
from memory_store.workspace import SUMMARY_DIR


def _word(path: Path | str) -> str:
    """A path as one shell word (`'/tmp/Q4 plan'"'"'s notes'`), for the commands printed to paste."""
    import shlex

    return shlex.quote(str(path))


def count_entries(workspace: Path) -> int:
    """Entries in the daily logs now (a second demo over the same folder adds none, but they are there)."""
    from memory_store.markdown import parse_document
    from memory_store.workspace import entry_files

    return sum(len(parse_document(p.read_text("utf-8", errors="replace")).blocks) for p in entry_files(workspace))


@app.command()
@expected_errors
def demo(
    path: Annotated[Path, typer.Argument(help="Folder for the demo workspace.")] = Path("demo-workspace"),
    as_json: Annotated[bool, typer.Option("--json", help="Print every run report as JSON.")] = False,
) -> None:
    """Build a workspace from bundled sample transcripts and run every job over it (no API key).

    PATH must be new, empty or an earlier demo: a folder holding anything else (a real workspace)
    is refused with exit 1 and left untouched."""
    from jobs.demo.build import build_demo, check_target

    target = path.expanduser().resolve()
    check_target(target)  # before the "Building …" line: a refused folder gets only the error

    def show(rep: Any) -> None:
        if as_json:
            return
        if rep.written or rep.status == "failed":
            eps = rep.details.get("episodes")
            typer.echo(f"{rep.job:<9} now={rep.now[:16]}  {rep.status}: added {rep.added}, updated {rep.updated}"
                       + (f"; episodes: {eps['written']} written, {eps['purged']} purged" if eps else "")
                       + "".join(f"\n            wrote {p}" for p in rep.written)
                       + "".join(f"\n            error: {e['message']}" for e in rep.errors))

    typer.echo(f"Building the demo workspace in {target} …", err=as_json)  # --json: stdout is the JSON only
    result = build_demo(target, show)
    if as_json:
        echo_json([r.to_dict() for r in result.reports])
        return
    failed = [r for r in result.reports if r.status == "failed"]
    typer.echo("")
    added = sum(r.added for r in result.reports if r.job == "microsync")
    typer.echo(f"Done: {len(result.reports)} runs, {count_entries(target)} entries in the daily logs "
               f"({added} added by these runs), {len(failed)} failed.")
    wrapups = sorted((target / SUMMARY_DIR).glob("*-wrapup.md"))
    if wrapups:
        typer.echo(f"\n==== {wrapups[-1].relative_to(target)} (the newest wrap-up) ====")
        typer.echo(wrapups[-1].read_text(encoding="utf-8").rstrip())
    _show_last_episode(target)
    _show_procedures(target)
    _show_layer_search(target)
    _show_core_memory(target)
    memory_md = target / "MEMORY.md"
    if memory_md.exists():
        typer.echo("\n==== MEMORY.md (after the weekly compound) ====")
        typer.echo(memory_md.read_text(encoding="utf-8").rstrip())
    typer.echo("")
    typer.echo("Look at: " + "  ".join(_word(f"{target}/{rel}") for rel in ("memory/", f"{SUMMARY_DIR}/", "MEMORY.md")))
    ws = f"{memjobs_invocation()} --workspace {_word(target)}"
    typer.echo(f"Try:     {ws} search postgres")
    typer.echo(f"         {ws} mem resolve    (and: mem audit --transcripts, proposals list)")
    if failed:
        raise typer.Exit(1)


def _show_last_episode(target: Path) -> None:
    from memory_store.episodes import parse_episodes, serialize_episode

    months = sorted((target / "memory" / "episodes").glob("*.md"))
    if not months:
        return
    rel = months[-1].relative_to(target).as_posix()
    episodes = parse_episodes(months[-1].read_text(encoding="utf-8"), rel)
    if episodes:
        typer.echo(f"\n==== {rel} (the newest of {len(episodes)} episodes, one per session) ====")
        typer.echo(serialize_episode(max(episodes, key=lambda e: e.started)).rstrip())


def _show_procedures(target: Path) -> None:
    """The procedures microSync learned from the transcripts (memory/procedures.md)."""
    from memory_store.markdown import parse_document
    from memory_store.procedures import REL, steps_of, success_count

    path = target / REL
    if not path.is_file():
        return
    found = parse_document(path.read_text(encoding="utf-8")).entries()
    if not found:
        return
    typer.echo(f"\n==== {REL} (procedures taught in the transcripts) ====")
    for e in found:
        typer.echo(_safe(f"when {e.title}: {' → '.join(steps_of(e))}  (success_count {success_count(e)}, "
                         f"confidence {e.confidence:.2f}, {e.id})"))


def _show_layer_search(target: Path) -> None:
    """One search limited to layers (docs/design.md §6): how-to questions find procedures and episodes."""
    from jobs.cli.fast_search import render_human
    from memory_store.config import load_config
    from memory_store.search.options import search_options
    from memory_store.search.query import search

    query, layers = "how do we add an endpoint", "procedural,episodic"
    cfg = load_config(target, env={})
    opts = search_options(limit=3, default_limit=3, tier=None, kinds=None, since=None, until=None, layers=[layers])
    result = search(cfg, query, opts)
    typer.echo(f'\n==== search "{query}" --layer {layers} --limit 3 ====')
    typer.echo(_safe(render_human(result).rstrip()) if result.hits else "no results")


def _show_core_memory(target: Path) -> None:
    """What microSync routed from the transcripts to core memory (docs/design.md §6), as `mem resolve`."""
    from memory_store.config import load_config
    from memory_store.core.proposals import ProposalBook
    from memory_store.core.store import CoreMemory

    mem = CoreMemory.from_config(load_config(target, env={}))
    values = mem.resolve().values
    pending = ProposalBook(mem).proposals()
    if not values and not pending:
        return
    typer.echo("\n==== core memory: `mem resolve` (preferences microSync routed from the transcripts) ====")
    for key, got in sorted(values.items()):
        e = got.winner.loc.entry
        typer.echo(f"{key} = {e.value}  ({got.winner.where}, source {e.source}, said in {e.ref})")
    if pending:
        from jobs.cli.proposals import _line

        typer.echo("\n==== core memory: `proposals list` (inferred from the transcripts, waiting for your yes or no) "
                   "====")
        for p in pending:
            typer.echo(_line(p))
        typer.echo(f"(accept one with: {memjobs_invocation()} --workspace {_word(target)} proposals accept "
                   f"{pending[0].id})")
