"""`memjobs conflicts [list|resolve]`: possible conflicts waiting for a person (docs/design.md §6.4),
thin over jobs/weekly/queue.py."""
from __future__ import annotations

from typing import Annotated, Any

import typer

from jobs.cli.base import STATE, _safe, app, echo_json, expected_errors

conflicts_app = typer.Typer(
    help="Possible conflicts: two active entries on one subject that say different things, with "
         "nothing saying which holds. The established one stays in MEMORY.md; the newer one is held "
         "out of it until a person decides (`conflicts resolve`) or a later reversal settles it.",
    add_completion=False, invoke_without_command=True)
app.add_typer(conflicts_app, name="conflicts")

_JSON = Annotated[bool, typer.Option("--json", help="Print as JSON.")]


@conflicts_app.callback()
def conflicts_default(ctx: typer.Context, as_json: _JSON = False) -> None:
    """Possible conflicts; with no sub-command, `conflicts list`."""
    if ctx.invoked_subcommand is None:
        list_conflicts(as_json=as_json)


@conflicts_app.command("list")
@expected_errors
def list_conflicts(as_json: _JSON = False) -> None:
    """Each open conflict: the newer entry, then the established one it contradicts; a pair already
    decided shows the decision, which the next weekly run applies (read-only)."""
    from jobs.weekly.queue import conflict_queue

    cfg = STATE.cfg()
    found = conflict_queue(cfg.workspace)
    if as_json:
        rows = [q.to_dict() for q in found]
        for q, row in zip(found, rows, strict=True):
            if row.get("decision"):
                row["decision"]["applied_by"] = applied_when(cfg, q.conflict.new.id)
        echo_json({"conflicts": rows})
        return
    for q in found:
        c = q.conflict
        typer.echo(_safe(f"{c.new.date}  {c.new.id}\n  {c.new.title}  ({c.new_rel})\n"
                         f"  conflicts with {c.old.date}  {c.old.id}\n  {c.old.title}  ({c.old_rel}), "
                         f"similarity {c.similarity:.2f}"))
        if q.decision is not None:
            typer.echo(f"  decided: keep {q.decision.keep} ({q.decision.decided_at}); "
                       f"{applied_when(cfg, q.conflict.new.id)}")
    if not found:
        typer.echo("no open conflicts")


@conflicts_app.command("resolve")
@expected_errors
def resolve(
    entry_id: Annotated[str, typer.Argument(
        metavar="ID", help="The newer entry of the conflict (the first id `memjobs conflicts list` shows).")],
    keep: Annotated[str, typer.Option(
        "--keep", help="new: the newer entry replaces the established one (which becomes superseded); "
                       "old: the established one stays and the newer stays out of MEMORY.md; "
                       "both: both may be in MEMORY.md.")],
    reason: Annotated[str, typer.Option("--reason", help="Why, for the audit trail and the weekly log.")] = "",
    as_json: _JSON = False,
) -> None:
    """Record your decision on a possible conflict. It is written under .memjobs/conflicts/ (audited
    like core memory, undone by `memjobs rollback RUN`); the next weekly run applies it to the
    entries' status and MEMORY.md. Daily files and MEMORY.md are not touched here."""
    from jobs.weekly.queue import resolve_conflict

    cfg = STATE.cfg()
    done = resolve_conflict(cfg, entry_id, keep, reason)
    when = applied_when(cfg, done.decision.new)
    if as_json:
        echo_json({**done.to_dict(), "applied_by": when})
        return
    d = done.decision
    again = f" (replaces keep {done.replaced.keep})" if done.replaced else ""
    typer.echo(f"recorded: keep {d.keep} for {d.new} vs {d.old}{again}; {when} "
               f"(run {done.run_id}; `memjobs rollback {done.run_id}` undoes it)")


def applied_when(cfg: Any, new_id: str) -> str:
    """When the weekly compound applies a decision on the newer entry `new_id` (its id carries its
    day): the first weekly run after that entry's week is over (docs/design.md §6.4)."""
    from datetime import UTC, datetime

    from jobs.weekly.when import decision_applied_when

    try:
        day = datetime.strptime(new_id.split("-")[1], "%Y%m%d").date()
    except (IndexError, ValueError):
        return "the next weekly run applies it"
    return decision_applied_when(cfg, day, datetime.now(UTC))
