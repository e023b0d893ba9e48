"""`memjobs proposals [list|accept|reject|expire]`: inferred memories waiting in PROPOSALS.md
(docs/design.md §6), thin over memory_store.core.proposals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from jobs.cli.base import STATE, _safe, app, echo_json, expected_errors
from jobs.cli.mem import reindexes

if TYPE_CHECKING:
    from memory_store.core.proposals import Proposal, ProposalBook

proposals_app = typer.Typer(help="Inferred memories waiting for your yes or no (PROPOSALS.md); "
                                 "without a sub-command, lists the pending ones.",
                            invoke_without_command=True, add_completion=False)
app.add_typer(proposals_app, name="proposals")

JSON = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
PROPOSAL_ID = Annotated[str, typer.Argument(help="The proposal's id (see `memjobs proposals list`).")]


def _book() -> ProposalBook:
    from memory_store.core.proposals import ProposalBook
    from memory_store.core.store import CoreMemory

    return ProposalBook(CoreMemory.from_config(STATE.cfg()))


def _line(p: Proposal, shown: dict[str, Any] | None = None) -> str:
    d = shown or p.to_dict()
    conf = f", confidence {d['confidence']:.2f}" if d["confidence"] is not None else ""
    return _safe(f"{d['id']:<13} {d['status']:<8} {d['key']} = {d['value']}  ({d['scope']}, applies_to "
                 f"{d['applies_to']}{conf}) {d['reason'] or ''}".rstrip())


def _print_list(items: list[Proposal], as_json: bool) -> None:
    """A proposal withdrawn by a forget (or whose value was forgotten since) is listed with its value
    written `[forgotten]`, as `memjobs get`, memory_get and `mem audit` print it
    (memory_store/core/forgotten.py): its id, key, status and dates stay."""
    from memory_store.core.forgotten import forgotten

    gone = forgotten(STATE.cfg().workspace)
    shown = [gone.event(p.to_dict()) for p in items]
    if as_json:
        echo_json({"proposals": shown})
        return
    for p, d in zip(items, shown, strict=True):
        typer.echo(_line(p, d))
    if not items:
        typer.echo("no proposals")
    lapsed = sum(1 for p in items if p.lapsed)
    if lapsed:
        typer.echo(f"{lapsed} pending proposal(s) past their ttl cannot be accepted: `memjobs proposals expire` "
                   "marks them expired")


@proposals_app.callback()
def proposals(ctx: typer.Context) -> None:
    """Inferred memories waiting in PROPOSALS.md: list, accept, reject, expire."""
    if ctx.invoked_subcommand is None:
        expected_errors(lambda: _print_list(_book().proposals(), False))()


@proposals_app.command("list")
@expected_errors
def list_cmd(
    run: Annotated[str | None, typer.Option(help="Only the proposals this run made.")] = None,
    all_states: Annotated[bool, typer.Option("--all", help="Also accepted, rejected and expired ones.")] = False,
    as_json: JSON = False,
) -> None:
    """Pending proposals (or all, or those of one run)."""
    _print_list(_book().proposals(all_states=all_states, run=run), as_json)


@proposals_app.command()
@expected_errors
@reindexes
def accept(
    proposal_id: PROPOSAL_ID,
    strategy: Annotated[str | None, typer.Option(
        help="On a key already held: overwrite_latest or keep_both (default by the key).")] = None,
    applies_to: Annotated[str | None, typer.Option("--applies-to", help="global, project:<id> or session:<id>.")]
    = None,
    as_json: JSON = False,
) -> None:
    """Make the proposal a fact (once only); a key already held is shown with the strategy used."""
    result = _book().accept(proposal_id, strategy=strategy, applies_to=applies_to)
    if as_json:
        echo_json(result.to_dict())
        return
    for c in result.collision:
        typer.echo(_safe(f"collision: {result.fact.entry.key} is held by {c['id']} = {c['value']} ({c['where']}, "
                         f"version {c['version']}); strategy {result.strategy}"))
    fact = result.fact
    typer.echo(_safe(f"accepted {proposal_id}: {fact.type} {fact.to_dict()['id']} {fact.entry.key} = "
                     f"{fact.entry.value} ({fact.file}, version {fact.entry.effective_version})"))


@proposals_app.command()
@expected_errors
@reindexes
def reject(
    proposal_id: PROPOSAL_ID,
    reason: Annotated[str, typer.Option(help="Why (goes into the audit trail).")] = "",
    as_json: JSON = False,
) -> None:
    """Turn the proposal down (kept under ## Resolved): it is not staged again, and what a free-form one
    (user.other, instruction.other) holds is no longer served (memory_store/core/forgotten.py)."""
    from memory_store.config import FREE_FORM_KEYS

    p = _book().reject(proposal_id, reason=reason)
    if as_json:
        echo_json(p.to_dict())
        return
    typer.echo(_line(p))
    if p.loc.entry.key in FREE_FORM_KEYS:
        typer.echo("held out of the context, search and MEMORY.md from now on (the daily log keeps the words as "
                   "history); it is not proposed again")


@proposals_app.command()
@expected_errors
@reindexes
def expire(as_json: JSON = False) -> None:
    """Mark every pending proposal past its ttl expired."""
    _print_list(_book().expire(), as_json)
