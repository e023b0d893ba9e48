"""Episodic memory, the daily job's part (docs/design.md §6.6): one episode per session beside the
wrap-up, expiry renewed by the agent's reads, expired episodes compacted to one archive line.

Writes go through the `episodes` writer (docs/design.md §3.1) in a fixed order: the archive lines
first, then the month files — so an episode is never removed before its line is archived.
Same input → same bytes: an episode is keyed by its session, merged with what an earlier day
wrote for the same session (a session that runs past midnight is one episode), and an id that
is archived already is not written again.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from pathlib import Path
from typing import Any

from jobs.daily import agent_episodes as agent
from jobs.daily.commitments import is_message
from jobs.daily.model import DaySession
from jobs.daily.outcome import decide
from jobs.daily.rules import first_request
from jobs.daily.text import STOP, one_line, sentences
from jobs.run.runner import RunContext
from memory_store import episodes as ep
from memory_store.access import ACCESS_DIR, WEEK_KEY_RE, parse_counts, week_key
from memory_store.core.forgotten import Forgotten, forgotten
from memory_store.entries import Source
from memory_store.errors import EntryError
from memory_store.fileio import read_snapshot
from memory_store.markdown import parse_document
from memory_store.markdown_write import block_hash
from memory_store.transcripts.records import Role

MAX_TOPICS = 5
_TOPIC_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.+#-]{2,}")
_GENERIC = frozenset((
    "ok", "okay", "yes", "yeah", "thanks", "thank", "file", "files", "code", "let's", "lets", "run", "check",
    "look", "please", "need", "want", "think", "know", "sure", "fine", "good", "great", "also", "one", "two",
    "way", "thing", "things", "work", "working", "done", "make", "made", "time", "today", "tomorrow",
    "session",
)) | STOP
WRITTEN = ".memjobs/episodes/written.json"   # id -> hash of the episode as memjobs last wrote it
_RANGE = re.compile(r"^([LE])(\d+)-[LE](\d+)$")


@dataclass
class Counts:
    written: int = 0      # new episodes
    updated: int = 0      # an episode that changed (a later part of its session)
    renewed: int = 0      # expiry moved by an access
    purged: int = 0       # expired, archived to one line, removed
    unchanged: int = 0
    kept: int = 0         # edited by a person since memjobs wrote it: left as it is
    errors: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"written": self.written, "updated": self.updated, "renewed": self.renewed,
                "purged": self.purged, "unchanged": self.unchanged, "kept": self.kept}


def _local(ts: datetime, tz: Any) -> str:
    return ts.astimezone(tz).replace(second=0, microsecond=0).isoformat(timespec="minutes")


def topics_of(session: DaySession) -> tuple[str, ...]:
    """The words the conversation keeps coming back to (ASCII words said at least twice)."""
    counts: Counter[str] = Counter()
    first: dict[str, int] = {}
    for r in session.records:
        if not is_message(r):
            continue
        for w in _TOPIC_WORD.findall(r.text):
            key = w.lower().strip(".-")
            if len(key) < 3 or key in _GENERIC:
                continue
            counts[key] += 1
            first.setdefault(key, len(first))
    ranked = sorted((k for k, n in counts.items() if n >= 2), key=lambda k: (-counts[k], first[k]))
    return tuple(ranked[:MAX_TOPICS])


def _ending(session: DaySession) -> str:
    """Where the agent left it: the first substantial sentence of its last two messages, latest first."""
    said = [r for r in session.records if r.role == Role.ASSISTANT and is_message(r)][-2:]
    for r in reversed(said):
        for s in sentences(r.text):
            if len(s) >= 24 or sum(1 for ch in s if ord(ch) > 0x2e7f) >= 8:
                return s
    return ""


def build(session: DaySession, tz: Any) -> ep.Episode:
    """The episode of one session's records of one day (merged with other days by `merge`)."""
    recs = session.records
    start, end = min(r.ts for r in recs), max(r.ts for r in recs)
    day = start.astimezone(tz).date()
    title = first_request(session)
    ending = _ending(session)
    summary = one_line(f"{title} → {ending}" if ending else title, 240)
    result = decide(recs)
    first_line, last_line = min(r.line for r in recs), max(r.line_end for r in recs)
    prefix = "E" if "#" in session.path else "L"
    cwd = next((r.cwd for r in recs if r.cwd), None)
    return ep.Episode(
        title=one_line(title, 90), id=ep.episode_id(day, session.session_id, session.path), date=day.isoformat(),
        source=Source(session.session_id, session.path, f"{prefix}{first_line}-{prefix}{last_line}"),
        summary=summary, topics=topics_of(session), outcome=result.outcome, signal=result.signal,
        started=_local(start, tz), ended=_local(end, tz), expires=ep.expiry_for(end.astimezone(tz).date()),
        cwd=cwd)


def masked(e: ep.Episode, gone: Forgotten) -> ep.Episode:
    """`e` as the run writes it: each forgotten value in its title, summary and extra fields written
    `[forgotten]`, a topic holding one left out (docs/design.md §6.2: nothing written after a forget holds
    the value; memory_store/core/forgotten.py)."""
    if not gone:
        return e
    return replace(e, title=gone.mask(e.title), summary=gone.mask(e.summary),
                   topics=tuple(t for t in e.topics if gone.found_in(t) is None),
                   extra=tuple((k, gone.mask(v)) for k, v in e.extra))


def _span(mr: str) -> tuple[str, int, int] | None:
    m = _RANGE.match(mr)
    return (m.group(1), int(m.group(2)), int(m.group(3))) if m else None


def merge(old: ep.Episode, part: ep.Episode) -> ep.Episode:
    """One session seen on two days (or again): the earlier start keeps the title and summary,
    the later end decides the outcome, topics are united, the range and expiry widen."""
    first, last = (old, part) if old.started <= part.started else (part, old)
    ender = part if part.ended >= old.ended else old
    a, b = _span(old.source.message_range), _span(part.source.message_range)
    rng = old.source.message_range
    if a and b and a[0] == b[0]:
        rng = f"{a[0]}{min(a[1], b[1])}-{a[0]}{max(a[2], b[2])}"
    topics = tuple(dict.fromkeys(first.topics + last.topics))[:MAX_TOPICS]
    return replace(old, title=first.title, summary=first.summary, started=first.started,
                   ended=ender.ended, outcome=ender.outcome, signal=ender.signal, topics=topics,
                   source=replace(old.source, message_range=rng), expires=max(old.expires, part.expires),
                   cwd=first.cwd or last.cwd)


def access_days(state_dir: Path, today: date) -> dict[str, date]:
    """For each episode id the agent read: the last day it can have been read (the end of the
    ISO week of the read — counts are kept per week — and never after `today`)."""
    folder = state_dir / ACCESS_DIR
    out: dict[str, date] = {}
    if not folder.is_dir():
        return out
    this_week = week_key(today)
    for path in sorted(folder.glob("*.json")):
        m = WEEK_KEY_RE.match(path.stem)
        if not m or path.stem > this_week:
            continue
        sunday = date.fromisocalendar(int(m.group(1)), int(m.group(2)), 7)
        seen = min(sunday, today)
        for eid, n in parse_counts(path.read_bytes(), path).items():
            if n > 0 and ep.ID_RE.match(eid):
                out[eid] = max(out.get(eid, seen), seen)
    return out


@dataclass
class _OnDisk:
    episodes: dict[str, list[ep.Episode]] = field(default_factory=dict)   # month file -> episodes
    hashes: dict[str, str] = field(default_factory=dict)                  # id -> hash of its block now
    bad: set[str] = field(default_factory=set)                            # month files that do not parse


def _load(ws: Path, counts: Counts) -> _OnDisk:
    """Every month file's episodes; a file that does not parse is reported and left alone."""
    folder = ws / "memory" / "episodes"
    out = _OnDisk()
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.md")):
        rel = f"memory/episodes/{path.name}"
        text = read_snapshot(path).text or ""
        try:
            episodes, hashes = _parsed(rel, text)
        except EntryError as exc:
            counts.errors.append(dict(exc.as_error()))
            out.bad.add(rel)
            continue
        out.episodes[rel] = list(episodes)
        out.hashes.update(hashes)
    return out


# Month file -> (its text, its episodes, each block's hash): a month file whose text is the same
# as at the last run in this process is not parsed again. A backfill runs the wrap-up once a day,
# and each run read every month file so far (twice): the parsing grew with days times episodes.
_PARSED: dict[str, tuple[str, tuple[ep.Episode, ...], tuple[tuple[str, str], ...]]] = {}
_PARSED_FILES = 64   # month files kept at most (about five years)


def _parsed(rel: str, text: str) -> tuple[tuple[ep.Episode, ...], tuple[tuple[str, str], ...]]:
    """The episodes of a month file's text and the hash of each block, by id (parsed once)."""
    kept = _PARSED.get(rel)
    if kept is not None and kept[0] == text:
        return kept[1], kept[2]
    blocks = parse_document(text).records(ep.KIND)
    episodes = tuple(ep.block_to_episode(b, rel) for b in blocks)   # raises EntryError on a bad block
    hashes = tuple((b.id, block_hash(b.text)) for b in blocks)
    if len(_PARSED) >= _PARSED_FILES:
        _PARSED.clear()
    _PARSED[rel] = (text, episodes, hashes)
    return episodes, hashes


def _load_written(ws: Path) -> dict[str, str]:
    """Hash of each episode as memjobs last wrote it (docs/design.md §4.6: a person's edit is kept)."""
    data = read_snapshot(ws / WRITTEN).data
    if data is None:
        return {}
    try:
        obj = json.loads(data.decode("utf-8"))
        if set(obj) != {"version", "episodes"} or obj["version"] != 1:
            raise ValueError("unexpected fields or version")
        return {str(k): str(v) for k, v in obj["episodes"].items()}
    except (UnicodeDecodeError, ValueError, AttributeError, TypeError) as exc:
        raise EntryError(f"episode state does not parse ({exc}); delete it to start afresh",
                         path=WRITTEN, line=1) from exc


def _check_agent_episodes(ctx: RunContext, disk: _OnDisk, changed: dict[str, dict[str, ep.Episode]]
                          ) -> dict[str, set[str]]:
    """Judge the episodes agents recorded through MCP (jobs/daily/agent_episodes.py): a verified one
    is placed on its transcript lines (in `disk` and `changed`); the ids to remove, per month file."""
    todo = [e for rel, eps in disk.episodes.items() if rel not in disk.bad for e in eps if agent.unchecked(e)]
    if not todo:
        return {}
    verdict, placed = agent.check(ctx.cfg, todo, ctx.now)
    undone: dict[str, set[str]] = {}
    for rel, eps in disk.episodes.items():
        for i, e in enumerate(eps):
            if e.id in placed:
                eps[i] = placed[e.id]
                changed.setdefault(rel, {})[e.id] = placed[e.id]
            elif e.id in verdict.undone:
                undone.setdefault(rel, set()).add(e.id)
                if ctx.ledger is not None and not ctx.dry_run:
                    ctx.ledger.audit("episode.unverified", rel, id=e.id, reason=(
                        "unverified: no user turn of its session holds its words within 24 h of the write"))
    ctx.report.details["episode_writes"] = verdict.to_dict()
    return undone


def update(ctx: RunContext, sessions: dict[date, list[DaySession]]) -> Counts:
    """Write the episodes of `sessions`, renew by access, purge the expired; returns the counts."""
    ws = ctx.cfg.workspace
    tz = ctx.cfg.tz
    today = ctx.now.astimezone(tz).date()
    counts = Counts()
    disk = _load(ws, counts)
    written = _load_written(ws)
    # An episode memjobs did not write as it stands now was written or edited by a person: kept as is.
    edited = {eid for eid, h in disk.hashes.items() if written.get(eid) != h}
    archived = ep.archived_ids(read_snapshot(ws / ep.ARCHIVE_REL).text)
    changed: dict[str, dict[str, ep.Episode]] = {}
    undone = _check_agent_episodes(ctx, disk, changed)
    by_session = {(e.source.session_path, e.source.session_id): (rel, e)
                  for rel, eps in disk.episodes.items() for e in eps}
    withheld = forgotten(ws)
    for day in sorted(sessions):
        for s in sessions[day]:
            part = build(s, tz)
            key = (s.path, s.session_id)
            if key in by_session:
                rel, old = by_session[key]
                new = merge(old, part)
                if agent.is_agent(old):  # the agent's account of its session stands; the transcript places it
                    new = replace(new, title=old.title, summary=old.summary, outcome=old.outcome, signal=old.signal)
            else:
                rel, old, new = ep.episode_rel(part.date), None, part
            new = masked(new, withheld)
            if new.id in archived or rel in disk.bad:
                continue
            if new.id in edited:
                counts.kept += 1
                continue
            by_session[key] = (rel, new)
            changed.setdefault(rel, {})[new.id] = new
            if old is None:
                counts.written += 1
            elif new != old:
                counts.updated += 1
            else:
                counts.unchanged += 1
    # Every episode as it will be: on disk, with this run's changes laid over it.
    current: dict[str, dict[str, ep.Episode]] = {rel: {e.id: e for e in eps if e.id not in undone.get(rel, set())}
                                                 for rel, eps in disk.episodes.items()}
    for rel, eps_new in changed.items():
        current.setdefault(rel, {}).update(eps_new)
    accessed = access_days(ctx.cfg.state_dir, today)
    for rel, eps_map in current.items():
        for eid, e in list(eps_map.items()):
            if eid in accessed and eid not in edited:
                r = e.renewed(accessed[eid])
                if r != e:
                    eps_map[eid] = r
                    changed.setdefault(rel, {})[eid] = r
                    counts.renewed += 1
    expired = {rel: [e for e in eps_map.values() if e.expired(today)] for rel, eps_map in current.items()}
    lines = [(e.id, ep.archive_line(e, today)) for rel in sorted(expired) for e in expired[rel]]
    writer = ctx.writer("episodes")
    if lines:
        writer.replace(ep.ARCHIVE_REL, lambda old: ep.merge_archive(old, lines))
    for rel in sorted(set(changed) | {r for r, x in expired.items() if x} | set(undone)):
        gone = {e.id for e in expired.get(rel, [])}
        counts.purged += len(gone)
        gone |= undone.get(rel, set())
        keep = [e for eid, e in sorted(changed.get(rel, {}).items(), key=lambda kv: kv[1].started)
                if eid not in gone]

        def transform(old: str | None, keep: list[ep.Episode] = keep, gone: set[str] = gone,
                      rel: str = rel) -> str | None:
            if old is None and not keep:
                return None
            text = ep.upsert(old, keep, ep.month_title(rel))
            return ep.remove(text, gone) if gone else text

        writer.replace(rel, transform)
        for e in keep:
            written[e.id] = block_hash(ep.serialize_episode(e))
        for eid in gone:
            written.pop(eid, None)
    data = (json.dumps({"version": 1, "episodes": dict(sorted(written.items()))}, indent=1) + "\n").encode()
    if not ctx.dry_run and read_snapshot(ws / WRITTEN).data != data:
        writer.write_state(WRITTEN, data)
    return counts
