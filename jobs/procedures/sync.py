"""microSync's procedure step (docs/design.md §4.7, §6.6): the procedures users teach in the new
transcript lines, merged into or appended to `memory/procedures.md` with microsync's writer.

Kept apart from the extractor (jobs/microsync/rules/): microSync calls `candidates` once per
session it reads and `write` once at the end. A teaching whose user turn was read by an earlier run
(context only) is that run's, so a re-run learns nothing twice; the same procedure again has the
same id and changes nothing.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from jobs.procedures.follow import Action, SessionActions, apply_follows
from jobs.procedures.learn import MIN_STEPS, learn, split_steps, take_drops, trigger_and_body
from memory_store import procedures as pr
from memory_store.entries import BlockEntry, Source
from memory_store.markdown import parse_document
from memory_store.redact import redact
from memory_store.transcripts.records import Flag, Record, Role

_ROLES = {Role.USER: "user", Role.ASSISTANT: "assistant", Role.TOOL_RESULT: "tool"}
EXCERPT_MAX = 200
# The words that announce a how-to ("here's how we", "the steps to … are", ", for the record"), taken
# off a routed item's trigger so that it names the task.
_CUE = re.compile(r"^(?:here'?s how (?:we|to|you)|this is how (?:we|to|you)|how (?:to|we|you)|(?:the )?steps"
                  r" (?:to|for)|(?:the )?procedure (?:for|to))\s+|,? for the record$|\s+(?:are|is)$", re.IGNORECASE)


def _turns(records: Iterable[Record]) -> list[tuple[Record, str, str]]:
    out: list[tuple[Record, str, str]] = []
    for r in records:
        role = _ROLES.get(r.role)
        if role is None or Flag.META in r.flags or Flag.COMPACTION in r.flags or r.blank:
            continue
        if role != "tool" and r.is_tool:
            continue
        # `learn` reads only the user's and the agent's turns: a tool result's output is left unread
        # (and unredacted, memory_store/transcripts/records.py), its place and role kept.
        out.append((r, role, "" if role == "tool" else r.text))
    return out


def _actions(records: list[Record], context_line: int, tz: Any) -> SessionActions | None:
    """The session's agent turns and tool calls, for following (jobs/procedures/follow.py)."""
    acts = tuple(Action(r, r.line_end > context_line, r.ts, tz)
                 for r in records if r.role in (Role.ASSISTANT, Role.TOOL_CALL) and not r.blank
                 and Flag.META not in r.flags and Flag.COMPACTION not in r.flags)
    if not records or not any(a.new for a in acts):
        return None
    return SessionActions(records[0].session_id, acts)


def candidates(records: list[Record], context_line: int, tz: Any) -> list[BlockEntry | SessionActions]:
    """The procedures taught in a session's records whose user turn is new (after `context_line`), and
    the session's actions (to count the procedures it follows)."""
    turns = _turns(records)
    pairs = [(role, text) for _, role, text in turns]
    out: list[BlockEntry | SessionActions] = []
    start = 0
    while start < len(pairs):
        got = learn(pairs[start:], amend=True)
        if got is None:
            break
        index = start + got.turn
        start = index + 1
        rec = turns[index][0]
        if rec.line_end <= context_line:
            continue
        trigger = " ".join(redact(got.trigger).split()) or " ".join(redact((*got.steps, "")[0]).split())
        said = " ".join(redact(rec.text).split())
        excerpt = said if len(said) <= EXCERPT_MAX else said[: EXCERPT_MAX - 1] + "…"
        # a teaching with drops keeps its steps as said: `settle_drops` cuts a drop clause only where
        # a known procedure has that step
        steps = got.said_steps if got.drops and not got.amends and got.said_steps else got.steps
        out.append(pr.make_procedure(trigger, [redact(s) for s in steps],
                                     rec.ts.astimezone(tz).date().isoformat(),
                                     Source(rec.session_id, rec.path, rec.message_range), got.source, excerpt,
                                     drops=[redact(d) for d in got.drops], amends=got.amends))
    acts = _actions(records, context_line, tz)
    if acts is not None:
        out.append(acts)
    return out


def route(found: list[Any], learned: list[BlockEntry | SessionActions], tz: Any) -> tuple[list[Any], int]:
    """The learning router's procedural branch (docs/design.md §6, layers): the extractor's Procedure
    items go to memory/procedures.md, not to the daily log. An item whose user turn the learner took
    already is dropped (one teaching, one count); one the learner can read as a trigger and steps
    becomes a procedure; one it cannot stays a Procedure entry of the daily log, so nothing said is
    lost. Returns the candidates left for the daily log and how many were routed."""
    taught = [e for e in learned if isinstance(e, BlockEntry)]
    taken = [(e.source.session_id, e.source.lines) for e in taught if not pr.amends(e)]
    # A correction that only amends a known procedure may find none: the item stays in the daily log.
    amending = [(e.source.session_id, e.source.lines) for e in taught if pr.amends(e)]
    kept: list[Any] = []
    routed = 0

    def said_in(spans: list[tuple[str, tuple[int, int] | None]], c: Any) -> bool:
        return any(sid == c.session_id and span and span[0] <= c.last_line and c.first_line <= span[1]
                   for sid, span in spans)

    for c in found:
        if c.kind != "Procedure" or said_in(amending, c):
            kept.append(c)
            continue
        if said_in(taken, c):
            routed += 1
            continue
        # The extractor judged it a how-to to keep; the learner's reading of trigger and steps applies.
        head, body = trigger_and_body(c.conclusion or c.statement)
        steps = split_steps(body)
        if len(steps) < MIN_STEPS:
            kept.append(c)
            continue
        trigger = " ".join(redact(_CUE.sub("", head)).split()) or " ".join(redact(steps[0]).split())
        excerpt = redact(c.excerpt)[:EXCERPT_MAX].strip() or None
        day = c.ts.astimezone(tz).date().isoformat()
        learned.append(pr.make_procedure(trigger, [redact(s) for s in steps], day,
                                         Source(c.session_id, c.session_path, c.message_range), "explicit", excerpt))
        routed += 1
    return kept, routed


# The teachings memjobs has learned into memory/procedures.md (`<session>#<lines>`, sorted): the
# procedures' tombstones. A teaching read again (`run microsync --since`, a backfill) whose
# procedure a person deleted is not learned again (docs/design.md §4.7), as a deleted daily entry
# is not written again (microsync's entries.json) and a forgotten core fact not set again.
LEARNED = ".memjobs/microsync/procedures.json"
_LEARNED_VERSION = 1


def _read_learned(ws: Any) -> frozenset[str] | None:
    """The teachings learned before; None before the first record (then the file's own teachings
    stand in for them: what it holds now was learned)."""
    import json

    from memory_store.errors import EntryError
    from memory_store.fileio import read_snapshot

    data = read_snapshot(ws / LEARNED).data
    if not data:
        return None
    try:
        raw = json.loads(data)
        if raw.get("version") != _LEARNED_VERSION or not isinstance(raw.get("teachings"), list):
            raise ValueError(f"expected version {_LEARNED_VERSION} with a list of teachings")
        return frozenset(str(t) for t in raw["teachings"])
    except (ValueError, AttributeError) as exc:
        raise EntryError(f"state file does not read: {exc}", path=LEARNED) from exc


def _learned_bytes(teachings: Iterable[str]) -> bytes:
    import json

    return (json.dumps({"version": _LEARNED_VERSION, "teachings": sorted(set(teachings))}, indent=1,
                       ensure_ascii=False) + "\n").encode("utf-8")


def write(ctx: Any, learned: list[BlockEntry | SessionActions]) -> None:
    """Merge or append the taught procedures into memory/procedures.md, then raise the counts of those
    the sessions followed; counts in `details.procedures` when anything changed. A teaching learned
    before (LEARNED) is not learned again: its procedure is in the file already, or a person deleted it."""
    from memory_store.fileio import read_snapshot

    taught = [x for x in learned if isinstance(x, BlockEntry)]
    sessions = [x for x in learned if isinstance(x, SessionActions)]
    if not taught and not sessions:
        return
    ws = ctx.cfg.workspace
    before = _read_learned(ws)
    known = before if before is not None else frozenset(pr.teachings(read_snapshot(ws / pr.REL).text))
    counts = {"added": 0, "merged": 0, "followed": 0}
    result: list[str] = []

    def transform(old: str | None) -> str | None:
        if old is None and not taught:
            return None
        text: str | None = old
        added = merged = 0
        for e in taught:   # one at a time: a teaching may drop a step of one learned just before it
            text, a, m = pr.apply(text, [settle_drops(text, e)], known)
            added, merged = added + a, merged + m
        text, follows = apply_follows(text or "", sessions, taught)
        counts.update(added=added, merged=merged, followed=follows)
        result.append(text)
        return text if (added or merged or follows) else None

    writer = ctx.writer("microsync")
    writer.replace(pr.REL, transform)
    if any(counts.values()):
        ctx.report.details["procedures"] = counts
    gone = sorted({pr.taught_in(t) for t in taught} & known - pr.teachings(result[-1] if result else None))
    if gone:
        ctx.report.details["procedures_deleted_kept_out"] = len(gone)
        ctx.report.notes.append(f"{len(gone)} procedure teaching(s) read again were not learned again: "
                                "their procedure was deleted from memory/procedures.md")
    now_known = known | pr.teachings(result[-1] if result else None)
    if before is None or now_known != before:
        writer.write_state(LEARNED, _learned_bytes(now_known))


def retire_forgotten(ctx: Any) -> None:
    """Mark `status: archived` in memory/procedures.md each active procedure the user withdrew whole by a forget or
    a take-back — its steps are all one value they had memjobs forget (memory_store/core/forget_logged.py), the
    procedures `memjobs procedures`, MCP and the context hold out already (jobs/procedures/find.py): the file says
    what is served, for an agent that reads memory/*.md itself. Counted in `details.procedures_retired`."""
    from memory_store.core.forgotten import forgotten
    from memory_store.fileio import read_snapshot
    from memory_store.markdown_write import set_entry_fields

    ws = ctx.cfg.workspace
    text = read_snapshot(ws / pr.REL).text
    if not text:
        return
    gone = forgotten(ws)
    if not gone:
        return
    ids = [e.id for e in pr.active(text) if gone.holds("", pr.SEP.join(pr.steps_of(e)))]
    if not ids:
        return

    def transform(old: str | None) -> str | None:
        out = old or ""
        for i in ids:
            out = set_entry_fields(out, i, {"status": "archived"})
        return out if out != old else None

    ctx.writer("microsync").replace(pr.REL, transform)
    ctx.report.details["procedures_retired"] = len(ids)


def settle_drops(text: str | None, e: BlockEntry) -> BlockEntry:
    """A teaching whose steps hold drop clauses ("skip the flaky ones", `learn.take_drops`) as said: a
    clause drops a step only when the teaching merges into a known procedure of `text` (memory/procedures.md)
    that has that step — then it leaves the steps; otherwise it is the user's own step and stays one."""
    drops = pr.drops_of(e)
    if not drops or pr.amends(e):
        return e
    steps = pr.steps_of(e)
    said = {i: take_drops(s)[1] for i, s in enumerate(steps)}
    clauses = {i for i, d in said.items() if d and not take_drops(steps[i])[0].strip(" ,.;，。")}
    plain = [s for i, s in enumerate(steps) if i not in clauses]
    origin = dict(e.extra).get("learned_from") or "explicit"

    def made(kept: Iterable[str], real: Iterable[str]) -> BlockEntry:
        return pr.make_procedure(e.title, kept, e.date, e.source, origin, e.excerpt, drops=real)

    current = [b for b in parse_document(text or "").blocks
               if b.kind == "Procedure" and (b.get("status") or "active") == "active"]
    best = pr.best_match(current, made(plain, drops)) if current else None
    real = [d for d in drops if best is not None and pr.dropped(pr.steps_of(best), [d])]
    kept = [s for i, s in enumerate(steps) if not (i in clauses and set(said[i]) <= set(real))]
    return made(kept, real)


def check_agent_writes(ctx: Any) -> None:
    """Judge the procedures agents recorded through MCP against their sessions (jobs/procedures/agent.py)."""
    from jobs.procedures.agent import check_agent_procedures

    check_agent_procedures(ctx)
