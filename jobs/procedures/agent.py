"""Procedures an agent records through MCP `memory_procedure_learn` (docs/design.md §4.7, §6), and
microSync's check of them against the transcripts.

Agents are not editors: a recorded procedure carries the user's words that taught it (`excerpt`),
the session they were said in (its source: session id, path `mcp`) and the time of the write
(`recorded_at`). It is written at once (`learned_from: agent`, confidence 0.60), with microsync's
writer under microsync's lock and a run ledger of its own, so `memjobs rollback RUN` undoes it.
A procedure whose steps match a known one is not written: the agent is told the known one's id.
Each microSync then judges the unjudged ones as it judges core memory's MCP writes
(memory_store/core/verify.py): a user turn of that session within 24 hours holds the words →
verified, once, and its source becomes those transcript lines; not found 24 hours after the write
→ undone (status archived), audited in the run ledger and reported as `procedure_writes`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from memory_store import procedures as pr
from memory_store.entries import BlockEntry, Source
from memory_store.errors import UsageError
from memory_store.fileio import read_snapshot
from memory_store.locks import retry_while_held
from memory_store.markdown import parse_document
from memory_store.markdown_write import entries_suffix, replace_entry, set_entry_fields
from memory_store.redact import redact

if TYPE_CHECKING:
    from jobs.run.runner import RunContext
    from memory_store.config import Config

AGENT_PATH = "mcp"
UNPLACED = "L0-L0"     # its transcript lines are not known until microSync finds them
VERIFIED = ".memjobs/procedures_verified.json"
WRITE_ATTEMPTS = 3
RETRY_PAUSE_S = 0.5   # microsync's lock is not waited for (docs/design.md §3.2): try again shortly


def agent_procedure(trigger: str, steps: list[str], session_id: str, excerpt: str, now: datetime) -> BlockEntry:
    trigger = " ".join(redact(trigger).split())
    steps = [" ".join(redact(s).split()) for s in steps if s.strip()]
    excerpt = " ".join(redact(excerpt).split())
    if not trigger or len(steps) < 2:
        raise UsageError("a procedure needs a trigger and at least two steps, in order")
    if not excerpt or not session_id.strip():
        raise UsageError("give the user's own words that taught it (excerpt) and this session's id")
    day = now.astimezone(UTC).date().isoformat()
    e = pr.make_procedure(trigger, steps, day, Source(session_id.strip(), AGENT_PATH, UNPLACED), "agent", excerpt)
    return replace(e, extra=e.extra + (("recorded_at", now.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")),))


def record(cfg: Config, trigger: str, steps: list[str], session_id: str, excerpt: str,
           now: datetime | None = None) -> dict[str, Any]:
    """Write the agent's procedure; {"status": "recorded" | "known" | "unchanged", "id", "run_id"?}."""
    new = agent_procedure(trigger, steps, session_id, excerpt, now or datetime.now(UTC))
    return retry_while_held(lambda: _write(cfg, new), "recording the procedure", WRITE_ATTEMPTS, RETRY_PAUSE_S)


def _write(cfg: Config, new: BlockEntry) -> dict[str, Any]:
    from memory_store.ledger import RunLedger, new_run_id, utc_stamp
    from memory_store.locks import JobLocks
    from memory_store.writers import writer_for

    run_id = new_run_id("microsync")
    out: dict[str, Any] = {"status": "recorded", "id": new.id}

    def transform(old: str | None) -> str | None:
        text = old or pr.TITLE
        blocks = parse_document(text).blocks
        if any(b.id == new.id for b in blocks):
            out["status"] = "unchanged"
            return None
        current = [b for b in blocks if b.kind == "Procedure" and (b.get("status") or "active") == "active"]
        known = pr.best_match(current, new)
        if known is not None:
            out.update(status="known", id=known.id, trigger=known.title, steps=list(pr.steps_of(known)))
            return None
        return text + entries_suffix(text, [new])

    locks = JobLocks(cfg.workspace, "microsync", run_id, 0.0)
    locks.acquire()
    try:
        started = utc_stamp()
        ledger = RunLedger(cfg.state_dir, run_id)
        writer = writer_for("microsync", cfg.workspace, ledger=ledger)
        if writer.replace(pr.REL, transform):
            ledger.audit("procedure.recorded", pr.REL, id=new.id, actor="mcp", session=new.source.session_id)
            ledger.write_report({"job": "microsync", "op": "procedure_learn", "run_id": run_id, "status": "ok",
                                 "now": datetime.now(UTC).isoformat(), "started": started, "finished": utc_stamp(),
                                 "dry_run": False, "written": [pr.REL], "added": 1, "updated": 0, "skipped": 0,
                                 "sources": [], "errors": []})
            out["run_id"] = run_id
    finally:
        locks.release()
    return out


@dataclass
class Verification:
    """What a check of agents' writes against the transcripts found: ids verified, undone (no user
    turn supports them after the grace period), still waiting. Also the daily job's episodes check."""
    verified: list[str] = field(default_factory=list)
    undone: list[str] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, list[str]]:
        return {"verified": self.verified, "undone": self.undone, "waiting": self.waiting}


def check_agent_procedures(ctx: RunContext) -> None:
    """microSync's step: judge the agents' procedures not judged yet (see the module docstring)."""
    from jobs.procedures.find import active_procedures
    from memory_store.core.sessions import session_records
    from memory_store.core.verify import WINDOW, _norm
    from memory_store.transcripts.records import Role

    ws = ctx.cfg.workspace
    raw = read_snapshot(ws / VERIFIED).data
    done = set(json.loads(raw)["verified"]) if raw else set()
    todo = [e for e, _ in active_procedures(ws)
            if e.source.session_path == AGENT_PATH and dict(e.extra).get("learned_from") == "agent"
            and e.id not in done]
    if not todo:
        return
    result = Verification()
    placed: dict[str, BlockEntry] = {}
    for e in todo:
        stamp = dict(e.extra).get("recorded_at") or f"{e.date}T00:00:00Z"
        try:
            written = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
        except ValueError:
            written = ctx.now
        words = _norm(e.excerpt or "")
        said = [r for r in session_records(ctx.cfg.transcripts, e.source.session_id)
                if r.role == Role.USER and abs(r.ts - written) <= WINDOW]
        hit = next((r for r in said if words and words in _norm(r.text)), None)
        if hit is not None:
            result.verified.append(e.id)
            placed[e.id] = replace(e, source=Source(e.source.session_id, hit.path, hit.message_range))
        elif ctx.now >= written + WINDOW:
            result.undone.append(e.id)
        else:
            result.waiting.append(e.id)
    if result.undone or placed:
        def transform(old: str | None) -> str | None:
            text = old or ""
            for i in result.undone:
                text = set_entry_fields(text, i, {"status": "archived"})
            for e in placed.values():
                text = replace_entry(text, e)
            return text

        ctx.writer("microsync").replace(pr.REL, transform)
        if ctx.ledger is not None and not ctx.dry_run:
            for i in result.undone:
                ctx.ledger.audit("procedure.unverified", pr.REL, id=i, reason=(
                    "unverified: no user turn of its session holds its words within 24 h of the write"))
    ctx.report.details["procedure_writes"] = result.to_dict()
    if result.verified:
        data = {"version": 1, "verified": sorted(done | set(result.verified))}
        ctx.writer("microsync").write_state(VERIFIED, (json.dumps(data) + "\n").encode())
