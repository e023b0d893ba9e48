"""`memjobs mem set|forget|resolve|list|revoke|archive|reactivate|compact|audit`: core memory
(PROFILE.md, SESSION.md; docs/design.md §6), thin over memory_store.core.store."""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from jobs.cli.base import STATE, _safe, app, echo_json, expected_errors
from memory_store.errors import UsageError

if TYPE_CHECKING:
    from memory_store.core.forgotten import Forgotten
    from memory_store.core.results import Change
    from memory_store.core.store import CoreMemory

mem_app = typer.Typer(help="Core memory: the user's lasting preferences (PROFILE.md) and the task's context "
                           "(SESSION.md), with precedence, TTL and an audit trail.",
                      no_args_is_help=True, add_completion=False)
app.add_typer(mem_app, name="mem")

JSON = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
APPLIES = Annotated[str | None, typer.Option("--applies-to", help="global, project:<id> or session:<id>.")]


F = TypeVar("F", bound=Callable[..., Any])


def reindexes(fn: F) -> F:
    """A command that writes core memory: once it has written, the index rows of PROFILE.md and
    SESSION.md are brought up to date (jobs/run/reindex.py `core_written`), so that search serves
    the change at once; a note on stderr when the index could not be updated."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        out = fn(*args, **kwargs)
        from jobs.run.reindex import core_written

        note = core_written(STATE.cfg())
        if note:
            typer.echo(f"note: {_safe(note)}", err=True)
        return out

    return wrapper  # type: ignore[return-value]


def _store() -> CoreMemory:
    from memory_store.core.store import CoreMemory

    return CoreMemory.from_config(STATE.cfg())


def _warn(warnings: list[str]) -> None:
    for w in warnings:
        typer.echo(f"warning: {_safe(w)}", err=True)


def _change_line(c: Change) -> str:
    e, d = c.entry, c.to_dict()
    what = {"fact.created": "created", "fact.updated": "updated", "fact.revoked": "revoked",
            "fact.archived": "archived", "fact.reactivated": "reactivated", "memory.compacted": "compacted",
            "unchanged": "unchanged", "stale": "kept (a newer value is held)",
            "proposal.rejected": "rejected proposal"}.get(c.type, c.type)
    old = f"{d['old']} → " if c.before is not None and c.type == "fact.updated" else ""
    return _safe(f"{what} {d['id']}: {e.key} = {old}{d['value']} ({c.file}, applies_to "
                 f"{e.effective_applies_to}, version {e.effective_version})")


def _print_changes(changes: list[Change], as_json: bool, empty: str) -> None:
    if as_json:
        echo_json({"changes": [c.to_dict() for c in changes]})
        return
    for c in changes:
        typer.echo(_change_line(c))
    if not changes:
        typer.echo(_safe(empty))   # it may name the key the user typed (a token pasted as a key)


@mem_app.command("set")
@expected_errors
@reindexes
def set_cmd(
    key: Annotated[str, typer.Argument(help="The key, e.g. response.tone (policy.* is reserved).")],
    value: Annotated[str, typer.Argument(help="The value (one line; JSON allowed).")],
    scope: Annotated[str, typer.Option(help="profile (lasting) or session (this task).")] = "profile",
    applies_to: APPLIES = None,
    kind: Annotated[str | None, typer.Option(help="preference, constraint, fact or instruction.")] = None,
    priority: Annotated[int | None, typer.Option(help="0..100 (default 50).")] = None,
    ttl: Annotated[str | None, typer.Option(help="none, session_end, 30m/8h/7d, or an ISO time.")] = None,
    strategy: Annotated[str | None, typer.Option(
        help="On a key already held: overwrite_latest or keep_both (default by the key).")] = None,
    as_json: JSON = False,
) -> None:
    """Remember KEY = VALUE now (overwrites the key's latest value; keys ending in [] keep both). When
    another value still wins the key (a PROFILE value over a SESSION write, a POLICY key), it says so."""
    if any(ch in value.strip() for ch in "\r\n"):
        # One line, as the help says: a line break (a pasted paragraph, a quoting slip in the shell)
        # would be kept as an escaped "\n" inside the value and shown to the agent that way.
        raise UsageError("the value must be one line; it holds a line break")
    store = _store()
    change = store.in_effect(store.set(key, value, scope=scope, applies_to=applies_to, kind=kind, priority=priority,
                                       ttl=ttl, strategy=strategy))
    if as_json:
        echo_json(change.to_dict())
        return
    typer.echo(_change_line(change))
    if change.served is not None:
        # held, but the precedence ladder serves another value (docs/spec/memory.md §3): never let the
        # user think the write took effect
        s = change.served
        typer.echo(_safe(f"not in effect: {key} is served as {s.value} from {s.where} ({s.why}); "
                         f"`memjobs mem resolve {key}` shows the ladder"))


@mem_app.command()
@expected_errors
@reindexes
def forget(
    key: Annotated[str, typer.Argument(help="The key to forget.")],
    applies_to: APPLIES = None,
    value: Annotated[str | None, typer.Option(
        "--value", help="Forget only this value of KEY (case-blind), keeping its others (user.other).")] = None,
    fact_id: Annotated[str | None, typer.Option(
        "--id", help="Forget only the fact with this id (see `memjobs mem list`), keeping KEY's others.")] = None,
    as_json: JSON = False,
) -> None:
    """Revoke every active value of KEY (kept under ## Inactive), verified gone from resolve; with
    --value or --id, only that one."""
    if value is not None and fact_id is not None:
        raise UsageError("give --value or --id, not both")
    changes = _store().forget(key, applies_to=applies_to, value=value, fact_id=fact_id)
    what = key if value is None and fact_id is None else f"{key} = {value}" if value is not None else f"{key} {fact_id}"
    _print_changes(changes, as_json, f"nothing held for {what}")


@mem_app.command("resolve")
@expected_errors
def resolve_cmd(
    keys: Annotated[list[str] | None, typer.Argument(help="Keys to resolve (default: every key held).")] = None,
    applies_to: Annotated[list[str] | None, typer.Option(
        "--applies-to", help="A session:<id> or project:<id> in effect (repeatable); global always is.")] = None,
    as_json: JSON = False,
) -> None:
    """The effective value of each key, with where it comes from and what it beat, and why."""
    res = _store().resolve(keys or None, applies_to or ())
    if as_json:
        echo_json(res.to_dict())
        return
    _warn(res.warnings)
    for item in res.to_dict()["values"]:
        typer.echo(_safe(f"{item['key']} = {item['value']}  [{item['where']}, scope {item['scope']}, applies_to "
                         f"{item['applies_to']}, priority {item['priority']}, updated_at {item['updated_at']}]"))
        for b in item["kept"]:       # a multi-valued key: every value of the winning rung holds
            typer.echo(_safe(f"  kept {b['id']} ({b['where']}) {b['value']}: {b['why']}"))
        for b in item["beat"]:
            typer.echo(_safe(f"  beat {b['id']} ({b['where']}) {b['value']}: {b['why']}"))
        for b in item["ignored"]:
            typer.echo(_safe(f"  ignored {b['id']} ({b['where']}) {b['value']}: {b['why']}"))
    for key in res.missing:
        typer.echo(_safe(f"{key}: not held"), err=True)


@mem_app.command("list")
@expected_errors
def list_cmd(
    all_states: Annotated[bool, typer.Option("--all", help="Also expired, revoked and archived entries.")] = False,
    applies_to: APPLIES = None,
    as_json: JSON = False,
) -> None:
    """Entries of PROFILE.md and SESSION.md with their id and state."""
    items = _store().listing(all_states=all_states, applies_to=applies_to)
    if as_json:
        echo_json({"entries": [i.to_dict() for i in items]})
        return
    for i in items:
        d = i.to_dict()
        typer.echo(_safe(f"{d['id']:<13} {d['state']:<8} {d['where']:<14} {d['key']} = {d['value']}  "
                         f"(applies_to {d['applies_to']}, priority {d['priority']}, ttl {_ttl(i)})"))
    if not items:
        typer.echo("no entries")


def _ttl(listed: Any) -> str:
    """`8h`, or `8h from the file's last change` / `8h from its created_at` for a relative ttl on a line
    without updated_at (docs/spec/memory.md §4: where its age counts from)."""
    from memory_store.core.ttl import FILE_CHANGE, age_start

    e = listed.loc.entry
    ttl = str(e.ttl)
    if ttl != "session_end" and not (ttl[:1].isdigit() and "-" not in ttl):
        return ttl
    _, since = age_start(e, datetime.now(UTC))
    if since == "updated_at":
        return ttl
    return f"{ttl} from {FILE_CHANGE}" if since == FILE_CHANGE else f"{ttl} from its {since}"


def _transition(action: str, entry_id: str, reason: str, as_json: bool) -> None:
    store = _store()
    fn = {"revoke": store.revoke, "archive": store.archive, "reactivate": store.reactivate}[action]
    change = fn(entry_id, reason=reason)
    if as_json:
        echo_json(change.to_dict())
    else:
        typer.echo(_change_line(change))


REASON = Annotated[str, typer.Option(help="Why (goes into the audit trail).")]
ENTRY_ID = Annotated[str, typer.Argument(help="The entry's id (see `memjobs mem list --all`).")]


@mem_app.command()
@expected_errors
@reindexes
def revoke(entry_id: ENTRY_ID, reason: REASON = "", as_json: JSON = False) -> None:
    """Mark an active fact wrong: it never resolves again (kept under ## Inactive)."""
    _transition("revoke", entry_id, reason, as_json)


@mem_app.command()
@expected_errors
@reindexes
def archive(entry_id: ENTRY_ID, reason: REASON = "", as_json: JSON = False) -> None:
    """Mark an active fact no longer relevant (kept under ## Inactive)."""
    _transition("archive", entry_id, reason, as_json)


@mem_app.command()
@expected_errors
@reindexes
def reactivate(entry_id: ENTRY_ID, reason: REASON = "", as_json: JSON = False) -> None:
    """Bring a revoked or archived fact back to active."""
    _transition("reactivate", entry_id, reason, as_json)


@mem_app.command()
@expected_errors
@reindexes
def reset(
    user_model: Annotated[bool, typer.Option("--user-model", help=(
        "Archive every active PROFILE fact (the user model), each audited; `mem reactivate ID` brings one back."
    ))] = False,
    reason: REASON = "",
    as_json: JSON = False,
) -> None:
    """Start a layer of memory afresh without losing it: archives, never deletes."""
    if not user_model:
        from memory_store.errors import UsageError

        raise UsageError("say what to reset: --user-model")
    _print_changes(_store().reset_user_model(reason=reason), as_json, "no active PROFILE facts: nothing to reset")


@mem_app.command()
@expected_errors
@reindexes
def compact(
    as_json: JSON = False,
    limit: Annotated[int | None, typer.Option("--limit", min=1, help=(
        "Archive at most this many expired entries, oldest first (default: core.cleanup_limit, 5000); "
        "the rest wait for the next run."))] = None,
) -> None:
    """Archive expired entries (in batches: --limit); move inactive lines older than 90 days to
    memory/archive/core.md. The daily job runs the same cleanup."""
    from memory_store.core.cleanup import expired

    store = _store()
    _print_changes(store.compact(limit=limit or STATE.cfg().core.cleanup_limit), as_json, "nothing to compact")
    left = len(expired(store))
    if left:
        typer.echo(f"{left} expired entries left for the next run (--limit)", err=True)


@mem_app.command()
@expected_errors
def audit(
    key: Annotated[str | None, typer.Argument(help="Only events of this key.")] = None,
    since: Annotated[str | None, typer.Option(help="Only events (or statements) from this ISO time or day on.")] = None,
    transcripts: Annotated[bool, typer.Option(
        "--transcripts", help="Instead: every explicit remember / forget the user said in the transcripts "
                              "(from --since on) and whether memory holds it: found, staged (waiting in "
                              "PROPOSALS.md), rejected, expired, superseded, revoked, refused_secret, missing; "
                              "for a forget, forgotten, still_present or not_found (it withdrew "
                              "nothing).")] = False,
    as_json: JSON = False,
) -> None:
    """The core-memory audit trail (.memjobs/audit/memory_audit.jsonl), oldest first; with
    --transcripts, the user's remember / forget instructions checked against memory. A value the user
    had memjobs forget is printed `[forgotten]`: the event (when, who, which key, why) stays."""
    from memory_store.core.forgotten import forgotten
    from memory_store.dates import parse_instant

    cfg = STATE.cfg()
    gone = forgotten(cfg.workspace)
    if transcripts:
        _audit_transcripts(cfg, parse_instant(since, cfg.tz, "--since"), key, as_json, gone)
        return
    trail = _store().audit(key, parse_instant(since, cfg.tz, "--since"))
    events: list[dict[str, Any]] = [gone.event(ev) for ev in trail]
    if as_json:
        echo_json({"events": events})
        return
    for ev in events:
        actor = ev.get("actor") or {}
        typer.echo(_safe(f"{ev.get('ts')} {ev.get('type'):<18} {ev.get('key')}: {ev.get('old')} → {ev.get('new')} "
                         f"({actor.get('kind')}:{actor.get('id')}) {ev.get('reason') or ''}".rstrip()))
    if not events:
        typer.echo("no audit events")


def _audit_transcripts(cfg: Any, since: Any, key: str | None, as_json: bool, gone: Forgotten) -> None:
    from memory_store.core.transcript_audit import audit_transcripts

    rows = [c for c in audit_transcripts(_store(), cfg.transcripts, since) if key in (None, c.statement.routed.key)]
    shown = [gone.event(c.to_dict()) for c in rows]     # a forgotten value, as the user said it too
    if as_json:
        echo_json({"statements": shown,
                   "counts": {s: sum(c.status == s for c in rows) for s in sorted({c.status for c in rows})}})
        return
    for c, d in zip(rows, shown, strict=True):
        value = f" = {d['value']}" if d["value"] else ""
        where = f" ({d['where']})" if d["where"] else ""
        typer.echo(_safe(f"{d['ts']} {d['label']:<8} {d['key']}{value}: {c.status}{where}  {d['ref']}  "
                         f"\u201c{d['excerpt']}\u201d"))
    if not rows:
        typer.echo("no remember / forget instructions in the transcripts of that period")
