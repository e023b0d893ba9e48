"""Episodes an agent records through MCP `memory_episode_record` at the end of a session
(docs/design.md §6, layers), and the daily job's check of them against the transcript.

Agents are not editors: a recorded episode carries the user's own words from that session
(`excerpt`), the session id (its source path `mcp` until checked) and the time of the write
(`recorded_at`), at confidence 0.60 (`recorded_by: agent`). It is written at once into the month
file with the episodes writer, under the daily job's locks, with a run ledger of its own (so
`memjobs rollback RUN` undoes it). A session that has an episode already is not written again.
The daily job then judges each unchecked one as microSync judges core memory's MCP writes
(memory_store/core/verify.py): a user turn of that session within 24 hours of the write holds the
words → verified, and its source becomes those transcript lines (the daily job's own episode of
the session then merges into it, keeping the agent's summary and outcome); not found 24 hours
after the write → removed from the month file, audited in the run ledger.
"""
from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any

from jobs.procedures.agent import Verification  # one result shape for an agent's writes checked
from memory_store import episodes as ep
from memory_store import layout
from memory_store.confidence import confidence_of
from memory_store.entries import Source
from memory_store.errors import UsageError
from memory_store.fileio import read_snapshot
from memory_store.locks import retry_while_held
from memory_store.markdown import parse_document
from memory_store.markdown_write import block_hash
from memory_store.redact import redact

if TYPE_CHECKING:
    from memory_store.config import Config

AGENT_PATH = "mcp"
UNPLACED = "L0-L0"     # its transcript lines are not known until the daily job finds them
WRITTEN = ".memjobs/episodes/written.json"   # shared with jobs/daily/episodes.py
WRITE_ATTEMPTS = 3
RETRY_PAUSE_S = 0.5
MAX_TOPICS = 5


def is_agent(e: ep.Episode) -> bool:
    return dict(e.extra).get("recorded_by") == "agent"


def unchecked(e: ep.Episode) -> bool:
    return is_agent(e) and e.source.session_path == AGENT_PATH


def agent_episode(session_id: str, summary: str, topics: list[str], outcome: str, excerpt: str,
                  now: datetime, tz: Any) -> ep.Episode:
    summary = " ".join(redact(summary).split())
    excerpt = " ".join(redact(excerpt).split())
    session_id = session_id.strip()
    if outcome not in ep.OUTCOMES:
        raise UsageError(f"outcome must be one of {', '.join(ep.OUTCOMES)}, not {outcome!r}")
    if not summary or not session_id:
        raise UsageError("an episode needs this session's id and a summary of what happened")
    if not excerpt:
        raise UsageError("give the user's own words from this session (excerpt): the episode is checked against them")
    local = now.astimezone(tz)
    day = local.date()
    at = local.strftime("%Y-%m-%dT%H:%M%z")
    at = f"{at[:-2]}:{at[-2:]}"
    words = tuple(dict.fromkeys(" ".join(redact(t).split()) for t in topics if t.strip()))[:MAX_TOPICS]
    return ep.Episode(
        title=summary if len(summary) <= 90 else summary[:89] + "…",
        id=ep.episode_id(day, session_id, AGENT_PATH), date=day.isoformat(),
        source=Source(session_id, AGENT_PATH, UNPLACED), summary=summary, topics=words, outcome=outcome,
        signal="recorded by the agent", started=at, ended=at, expires=ep.expiry_for(day),
        extra=(("recorded_by", "agent"), ("confidence", f"{confidence_of('auto'):.2f}"),
               ("excerpt", excerpt[:200]), ("recorded_at", now.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))))


def record(cfg: Config, session_id: str, summary: str, topics: list[str], outcome: str, excerpt: str,
           now: datetime | None = None) -> dict[str, Any]:
    """Write the agent's episode; {"status": "recorded" | "known", "id", "run_id"?}."""
    new = agent_episode(session_id, summary, topics, outcome, excerpt, now or datetime.now(UTC), cfg.tz)
    return retry_while_held(lambda: _write(cfg, new), "recording the episode", WRITE_ATTEMPTS, RETRY_PAUSE_S)


def _session_episode(cfg: Config, session_id: str) -> str | None:
    """The id of an episode the month files hold for this session already, if any."""
    folder = cfg.workspace / layout.EPISODES_DIR
    for path in sorted(folder.glob("*.md")) if folder.is_dir() else []:
        for b in parse_document(read_snapshot(path).text or "").records(ep.KIND):
            src = b.field("source")
            if src is not None and any(c.key == "session_id" and c.value == session_id for c in src.children):
                return b.id
    return None


def _write(cfg: Config, new: ep.Episode) -> dict[str, Any]:
    from memory_store.ledger import RunLedger, new_run_id, utc_stamp
    from memory_store.locks import JobLocks
    from memory_store.writers import writer_for

    run_id = new_run_id("daily")
    locks = JobLocks(cfg.workspace, "daily", run_id, 0.0)
    locks.acquire()
    try:
        known = _session_episode(cfg, new.source.session_id)
        if known is not None:
            return {"status": "known", "id": known}
        started = utc_stamp()
        ledger = RunLedger(cfg.state_dir, run_id)
        writer = writer_for("episodes", cfg.workspace, ledger=ledger)
        rel = ep.episode_rel(new.date)
        writer.replace(rel, lambda old: ep.upsert(old, [new], ep.month_title(rel)))
        # memjobs wrote it: the daily job may update it (an episode it did not write is a person's).
        data = read_snapshot(cfg.workspace / WRITTEN).data
        written = json.loads(data)["episodes"] if data else {}
        written[new.id] = block_hash(ep.serialize_episode(new))
        writer.write_state(WRITTEN, (json.dumps({"version": 1, "episodes": dict(sorted(written.items()))},
                                                indent=1) + "\n").encode())
        ledger.audit("episode.recorded", rel, id=new.id, actor="mcp", session=new.source.session_id)
        ledger.write_report({"job": "daily", "op": "episode_record", "run_id": run_id, "status": "ok",
                             "now": datetime.now(UTC).isoformat(), "started": started, "finished": utc_stamp(),
                             "dry_run": False, "written": [rel], "added": 1, "updated": 0, "skipped": 0,
                             "sources": [], "errors": []})
        return {"status": "recorded", "id": new.id, "run_id": run_id}
    finally:
        locks.release()


def check(cfg: Config, episodes: list[ep.Episode], now: datetime) -> tuple[Verification, dict[str, ep.Episode]]:
    """Judge the unchecked agent episodes (see the module docstring): the verdicts, and each verified
    episode as it becomes (its source: the transcript lines that hold the user's words)."""
    from memory_store.core.sessions import session_records
    from memory_store.core.verify import WINDOW, _norm
    from memory_store.transcripts.records import Role

    out = Verification()
    placed: dict[str, ep.Episode] = {}
    for e in episodes:
        if not unchecked(e):
            continue
        extra = dict(e.extra)
        try:
            written = datetime.fromisoformat((extra.get("recorded_at") or "").replace("Z", "+00:00"))
        except ValueError:
            written = datetime.combine(date.fromisoformat(e.date), datetime.min.time(), UTC)
        words = _norm(extra.get("excerpt") or "")
        said = [r for r in session_records(cfg.transcripts, e.source.session_id)
                if r.role == Role.USER and abs(r.ts - written) <= WINDOW]
        hit = next((r for r in said if words and words in _norm(r.text)), None)
        if hit is not None:
            out.verified.append(e.id)
            placed[e.id] = replace(e, source=Source(e.source.session_id, hit.path, hit.message_range))
        elif now >= written + WINDOW:
            out.undone.append(e.id)
        else:
            out.waiting.append(e.id)
    return out, placed
