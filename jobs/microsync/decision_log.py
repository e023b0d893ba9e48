"""Turning extracted candidates into entries of the daily decision log (docs/design.md §4–5).

Same id twice: the higher confidence wins, a tie keeps the existing entry, a replacement keeps the
existing status fields. An entry a person edited (its hash without the status lines differs from
what memjobs wrote) is never replaced, and an id a person deleted is not written again. Past
`limits.daily_entries` entries a day, new ones go to `memory/recent/YYYY-MM-DD-<kind>.md`.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from zoneinfo import ZoneInfo

from jobs.microsync.engine import Candidate
from memory_store.confidence import ORIGIN_FIELD, capped
from memory_store.confine import only_inside
from memory_store.cursors import WrittenEntry, WrittenLog
from memory_store.date_words import anchor
from memory_store.entries import EXCERPT_MAX, BlockEntry, Source, make_id
from memory_store.errors import EntryError
from memory_store.fileio import read_snapshot
from memory_store.markdown import Block, block_to_entry, parse_document
from memory_store.markdown_write import block_hash, serialize_entry
from memory_store.redact import redact
from memory_store.workspace import daily_path, recent_path


def to_entry(c: Candidate, tz: ZoneInfo) -> BlockEntry:
    """The daily-log entry of a candidate; with its origin decided, the origin is written and caps the
    confidence (memory_store/confidence.py)."""
    said = c.ts.astimezone(tz).date()
    day = said.isoformat()
    statement = redact(c.statement)
    excerpt = redact(c.excerpt)[:EXCERPT_MAX].strip() if c.excerpt else None

    def dated(text: str) -> str:
        # A relative date gets its absolute date beside it, from the day the user said it in the
        # user's time zone ("from next Monday (2026-10-19) …"): read weeks later, "next Monday" alone
        # names another Monday (memory_store/date_words.py). The excerpt stays the user's own words;
        # the id is taken from the words as said, so an entry written before keeps its id.
        return anchor(redact(text), said)

    return BlockEntry(
        kind=c.kind,
        title=dated(c.title),
        id=make_id(c.kind, day, redact(c.title), statement),
        date=day,
        source=Source(c.session_id, c.session_path, c.message_range),
        why=dated(c.why),
        finding=dated(c.finding),
        conclusion=dated(c.conclusion),
        impact=dated(c.impact),
        confidence=capped(c.confidence, c.origin) if c.origin else max(0.0, min(1.0, c.confidence)),
        status="active",
        excerpt=excerpt or None,
        extra=((ORIGIN_FIELD, c.origin),) if c.origin else (),
    )


@dataclass
class Plan:
    appends: dict[str, list[BlockEntry]] = field(default_factory=lambda: defaultdict(list))
    replaces: dict[str, list[BlockEntry]] = field(default_factory=lambda: defaultdict(list))
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (id, reason)
    adopted: dict[str, list[BlockEntry]] = field(default_factory=lambda: defaultdict(list))

    @property
    def added(self) -> int:
        return sum(len(v) for v in self.appends.values())

    @property
    def updated(self) -> int:
        return sum(len(v) for v in self.replaces.values())


def _existing(workspace: Path, day: date, path_hint: str) -> dict[str, tuple[str, Block]]:
    out: dict[str, tuple[str, Block]] = {}
    files = [workspace / daily_path(day)]
    recent = workspace / "memory" / "recent"
    if recent.is_dir():
        files.extend(sorted(recent.glob(f"{day.isoformat()}-*.md")))
    for f in only_inside(workspace, files):   # a daily file linked elsewhere: the append is refused
        text = read_snapshot(f).text
        if not text:
            continue
        rel = f.relative_to(workspace).as_posix()
        for b in parse_document(text).blocks:
            if b.id and b.id not in out:
                out[b.id] = (rel, b)
    return out


def plan(workspace: Path, entries: list[BlockEntry], written: WrittenLog, daily_limit: int) -> Plan:
    """Where each new entry goes, which existing ones are replaced, and what is skipped why."""
    best: dict[str, BlockEntry] = {}
    for e in entries:  # within one run: higher confidence wins, a tie keeps the first
        if e.id not in best or e.confidence > best[e.id].confidence:
            best[e.id] = e
    by_day: dict[str, list[BlockEntry]] = defaultdict(list)
    for e in best.values():
        by_day[e.date].append(e)
    out = Plan()
    for day_iso in sorted(by_day):
        day = date.fromisoformat(day_iso)
        existing = _existing(workspace, day, daily_path(day))
        by_origin = {(_origin_of_block(b), _statement_hash(bid)): bid for bid, (_, b) in existing.items()}
        in_daily = sum(1 for rel, _ in existing.values() if rel == daily_path(day))
        for e in by_day[day_iso]:
            # The same item found again under another title (another engine, another chunking, a model
            # asked again) keeps its existing id: same kind, session and first evidence line, and the
            # same statement (the id's hash, docs/design.md §4). Origin alone is not enough: a transcript
            # rewritten in place, or an engine that splits a turn the rules read as one, puts a new
            # statement where an old one was found, and that statement gets its own entry.
            origin = _origin(e.kind, e.source.session_id, e.source.message_range)
            known = by_origin.get((origin, _statement_hash(e.id)))
            if known is not None and known != e.id:
                e = dataclasses.replace(e, id=known)
            if e.id in existing:
                rel, block = existing[e.id]
                mine = written.entries.get(e.id)
                if mine is None and block_hash(block.text) == block_hash(serialize_entry(e)):
                    # Trigger: our own bytes for this very item, but no record that we wrote them.
                    # Why: a run stopped (kill, full disk) between the markdown and its state.
                    # Outcome: adopted as memjobs' entry, not called a person's; the run converges.
                    out.adopted[rel].append(e)
                    out.skipped.append((e.id, "already recorded"))
                    continue
                if mine is None or block_hash(block.text) != mine.hash:
                    out.skipped.append((e.id, "edited by a person"))
                    continue
                try:
                    old = block_to_entry(block, rel)
                except EntryError:
                    out.skipped.append((e.id, "existing entry does not parse"))
                    continue
                if e.confidence > old.confidence:
                    out.replaces[rel].append(
                        dataclasses.replace(
                            e,
                            status=old.status,
                            superseded_by=old.superseded_by,
                            supersedes=old.supersedes or e.supersedes,
                        )
                    )
                elif e.superseded_later_by and not old.superseded_later_by:
                    # an entry said later supersedes it, judged once a backfill had read every day between
                    # (jobs/microsync/supersedes.py `settle`): the link is its only change
                    out.replaces[rel].append(dataclasses.replace(old, superseded_later_by=e.superseded_later_by))
                else:
                    out.skipped.append((e.id, "already recorded"))
                continue
            if e.id in written.entries:
                out.skipped.append((e.id, "deleted by a person"))
                continue
            if in_daily < daily_limit:
                out.appends[daily_path(day)].append(e)
                in_daily += 1
            else:
                out.appends[recent_path(day, e.kind)].append(e)
    return out


def _origin(kind: str, session_id: str | None, message_range: str | None) -> tuple[str, str, str]:
    first = (message_range or "").split("-", 1)[0]
    return kind, session_id or "", first


def _statement_hash(entry_id: str) -> str | None:
    """The six hex characters of an id that memjobs made (the sha1 of the normalised statement,
    docs/design.md §4); None for an id a person wrote without them."""
    tail = entry_id.rsplit("-", 1)[-1]
    return tail if len(tail) == 6 and all(c in "0123456789abcdef" for c in tail) else None


def _origin_of_block(block: Block) -> tuple[str, str, str]:
    src = block.field("source")
    parts = {c.key: c.value for c in src.children if c.key} if src is not None else {}
    return _origin(block.kind, parts.get("session_id"), parts.get("message_range"))


def record_written(written: WrittenLog, rel: str, entries: list[BlockEntry]) -> None:
    for e in entries:
        written.entries[e.id] = WrittenEntry(hash=block_hash(serialize_entry(e)), path=rel)
