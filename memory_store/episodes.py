"""Episodic memory (docs/design.md §4.6, §6.6): one episode per session, in `memory/episodes/YYYY-MM.md`.

Pure: text in, episodes out, and back. An episode is a block of the entry shape with its own
fields, so the one parser (`memory_store.markdown`) reads it and every byte it does not
understand stays in place. The daily job writes episodes, renews their expiry on access and
compacts expired ones to one line of `memory/archive/episodes.md` before removing them.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta

from memory_store import layout
from memory_store.entries import RANGE_RE, SOURCE_FIELDS, Source, is_date, slug_words
from memory_store.errors import EntryError
from memory_store.markdown import Block, Prose, parse_document, split_lines

KIND = "Episode"
OUTCOMES = ("success", "partial", "failed", "unknown")
TTL_DAYS = 90          # docs/design.md §4.6: an episode lives 90 days from its last day ...
RENEW_DAYS = 30        # ... and an access keeps it at least 30 days past that access
FIELDS = ("id", "date", "source", "summary", "topics", "outcome", "signal", "started", "ended", "duration",
          "expires")
REQUIRED = FIELDS
# Optional: the session's working directory as its transcript records it (Claude Code, Codex and
# OpenClaw each do); what ties the episode to a project (memory_store/context/build.py).
CWD = "cwd"
ID_RE = re.compile(r"^EPISODE-(\d{8})-([a-z0-9]+(?:-[a-z0-9]+)*)$")
ID_IN_TEXT_RE = re.compile(r"\bEPISODE-\d{8}-[a-z0-9]+(?:-[a-z0-9]+)*")
ARCHIVE_REL = layout.EPISODES_ARCHIVE
ARCHIVE_TITLE = "# Archived episodes\n"
ARCHIVE_INTRO = ("\nEpisodes past their expiry, one line each (docs/design.md §4.6). Newest last.\n\n")
_ARCHIVE_ID_RE = re.compile(r"\((EPISODE-\d{8}-[a-z0-9-]+)\)")
Day = date   # inside `Episode`, `date` is a field


@dataclass(frozen=True)
class Episode:
    """One session as it happened. `started` / `ended` are local ISO times to the minute."""

    title: str
    id: str
    date: str
    source: Source
    summary: str
    topics: tuple[str, ...]
    outcome: str
    signal: str
    started: str
    ended: str
    expires: str
    extra: tuple[tuple[str, str], ...] = ()
    cwd: str | None = None

    @property
    def duration(self) -> str:
        return format_duration(datetime.fromisoformat(self.ended) - datetime.fromisoformat(self.started))

    def renewed(self, accessed: Day) -> Episode:
        """Expiry becomes max(expiry, access + 30 days) (docs/design.md §6.6)."""
        target = accessed + timedelta(days=RENEW_DAYS)
        if target <= Day.fromisoformat(self.expires):
            return self
        return replace(self, expires=target.isoformat())

    def expired(self, today: Day) -> bool:
        return Day.fromisoformat(self.expires) < today


def episode_rel(day: date | str) -> str:
    """The month file an episode lives in: that of the session's first day."""
    d = date.fromisoformat(day) if isinstance(day, str) else day
    return f"memory/episodes/{d.year:04d}-{d.month:02d}.md"


def episode_id(day: date, session_id: str, session_path: str) -> str:
    """`EPISODE-<YYYYMMDD>-<first ASCII word of the session id>-<6 hex>`: one session, one id.

    The hash takes the transcript's file name, not its folder: the same session keeps its id when
    the agent's history is moved or the workspace is read from another checkout."""
    name = session_path.replace("\\", "/").rsplit("/", 1)[-1]
    digest = hashlib.sha1(f"{name}\0{session_id}".encode()).hexdigest()[:6]
    words = slug_words(session_id, 8)
    slug = f"{words}-{digest}" if words else digest
    return f"EPISODE-{day.strftime('%Y%m%d')}-{slug}"


def ids_in_text(text: str) -> list[str]:
    """Episode ids cited in a text (a memory read seen in a transcript), each once."""
    return list(dict.fromkeys(m.group(0).rstrip("-") for m in ID_IN_TEXT_RE.finditer(text)))


def expiry_for(last_day: date) -> str:
    return (last_day + timedelta(days=TTL_DAYS)).isoformat()


def format_duration(delta: timedelta) -> str:
    minutes = max(0, int(delta.total_seconds() // 60))
    hours, mins = divmod(minutes, 60)
    return f"{hours}h{mins:02d}m" if hours else f"{mins}m"


# ---- reading ---------------------------------------------------------------------------------


def problems(block: Block) -> list[tuple[int, str]]:
    """What is wrong with an episode block, as (line, message); empty when it converts."""
    out: list[tuple[int, str]] = []
    fields = {f.key: f for f in block.fields if f.key}
    for key in REQUIRED:
        if key not in fields:
            out.append((block.line, f"Episode is missing the field '{key}'"))
        elif key not in ("topics", "signal") and not fields[key].value and key != "source":
            out.append((fields[key].line, f"'{key}' must have a value"))
    checks = (
        ("id", lambda v: bool(ID_RE.match(v)), "not an episode id (EPISODE-<YYYYMMDD>-<slug of a-z0-9->)"),
        ("date", is_date, "not a date (YYYY-MM-DD)"),
        ("expires", is_date, "not a date (YYYY-MM-DD)"),
        ("outcome", lambda v: v in OUTCOMES, f"not an outcome ({', '.join(OUTCOMES)})"),
        ("started", _is_time, "not an ISO time"),
        ("ended", _is_time, "not an ISO time"),
    )
    for key, ok, what in checks:
        f = fields.get(key)
        if f is not None and f.value and not ok(f.value):
            out.append((f.line, f"{key} {f.value!r} is {what}"))
    src = fields.get("source")
    if src is not None:
        parts = {c.key: c for c in src.children if c.key}
        for key in SOURCE_FIELDS:
            if key not in parts or not parts[key].value:
                out.append((src.line, f"source is missing '{key}'"))
        mr = parts.get("message_range")
        if mr is not None and mr.value and not RANGE_RE.match(mr.value):
            out.append((mr.line, f"bad message_range {mr.value!r}"))
    s, e = fields.get("started"), fields.get("ended")
    if s and e and _is_time(s.value) and _is_time(e.value) and e.value < s.value:
        out.append((e.line, "ended is before started"))
    return out


def _is_time(value: str) -> bool:
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def block_to_episode(block: Block, path: str | None = None) -> Episode:
    bad = problems(block)
    if bad:
        line, message = bad[0]
        raise EntryError(message, path=path, line=line)
    src = block.field("source")
    assert src is not None
    parts = {c.key: c.value for c in src.children if c.key}
    topics = tuple(t.strip() for t in (block.get("topics") or "").split(",") if t.strip())
    extra = tuple((f.key, f.value) for f in block.fields
                  if f.key is not None and f.key not in FIELDS and f.key != CWD)
    return Episode(
        title=block.title, id=block.get("id") or "", date=block.get("date") or "",
        source=Source(parts["session_id"], parts["session_path"], parts["message_range"]),
        summary=block.get("summary") or "", topics=topics, outcome=block.get("outcome") or "",
        signal=block.get("signal") or "", started=block.get("started") or "", ended=block.get("ended") or "",
        expires=block.get("expires") or "", extra=extra, cwd=block.get(CWD) or None)


def parse_episodes(text: str, path: str | None = None) -> list[Episode]:
    """Every episode of a month file (raises `EntryError` with the line of the first bad one)."""
    return [block_to_episode(b, path) for b in parse_document(text).records(KIND)]


# ---- writing ---------------------------------------------------------------------------------


def _one(value: str) -> str:
    return " ".join(value.split())


def _kv(key: str, value: str, indent: str = "") -> str:
    return f"{indent}- {key}: {value}\n" if value else f"{indent}- {key}:\n"


def serialize_episode(e: Episode) -> str:
    """The canonical form (docs/design.md §4.6); ends with a newline."""
    out = [f"## {KIND}: {_one(e.title)}\n", _kv("id", e.id), _kv("date", e.date), "- source:\n",
           _kv("session_id", _one(e.source.session_id), "  "),
           _kv("session_path", _one(e.source.session_path), "  "),
           _kv("message_range", _one(e.source.message_range), "  "),
           *([_kv(CWD, _one(e.cwd))] if e.cwd else []),
           _kv("summary", _one(e.summary)), _kv("topics", ", ".join(_one(t) for t in e.topics)),
           _kv("outcome", e.outcome), _kv("signal", _one(e.signal)), _kv("started", e.started),
           _kv("ended", e.ended), _kv("duration", e.duration), _kv("expires", e.expires)]
    out.extend(_kv(k, _one(v)) for k, v in e.extra)
    return "".join(out)


def month_title(rel: str) -> str:
    return f"# Episodes {rel.rsplit('/', 1)[-1].removesuffix('.md')}\n"


def upsert(text: str | None, episodes: Iterable[Episode], title: str) -> str:
    """The month file with each episode replaced in place (same id) or appended; every other byte kept."""
    doc = parse_document(text or title)
    out = doc.text
    for e in episodes:
        # A block's id is a piece of its text: an id the text does not hold is appended without
        # parsing the file again (a backfill appends each day's episodes to a growing month file).
        block: Block | None = None
        if not e.id or e.id in out:
            doc = parse_document(out)
            block = next((b for b in doc.records(KIND) if b.id == e.id), None)
        if block is not None:
            doc.nodes[doc.nodes.index(block)] = Prose(block.line, serialize_episode(e))
            out = doc.text
            continue
        if not out.endswith("\n"):
            out += "\n"
        if not out.endswith("\n\n"):
            out += "\n"
        out += serialize_episode(e)
    return out


def remove(text: str, ids: set[str]) -> str:
    """The month file without the episodes `ids` (and the blank line that separated each)."""
    doc = parse_document(text)
    kept: list[str] = []
    drop_blank = False
    for node in doc.nodes:
        if isinstance(node, Block) and node.kind == KIND and node.id in ids:
            drop_blank = True
            continue
        chunk = node.text
        if drop_blank and isinstance(node, Prose):
            lines = split_lines(chunk)
            while lines and not lines[0].strip():
                lines.pop(0)
            chunk = "".join(lines)
        drop_blank = False
        kept.append(chunk)
    out = "".join(kept)
    return out.rstrip("\n") + "\n" if out.strip() else out


def archive_line(e: Episode, on: date) -> str:
    """`- <date> [<outcome>] <summary> — topics: …; session <path>#<range> (<ID>) — expired <date>`."""
    topics = ", ".join(e.topics) or "-"
    summary = _one(e.summary or e.title).replace("](", "] (")
    return (f"- {e.date} [{e.outcome}] {summary} — topics: {topics}; session "
            f"{e.source.session_path}#{e.source.message_range} ({e.id}) — expired {on.isoformat()}\n")


def archived_ids(text: str | None) -> set[str]:
    return {m.group(1) for line in (text or "").splitlines() if line.startswith("- ")
            for m in [_ARCHIVE_ID_RE.search(line)] if m}


def merge_archive(text: str | None, lines: Iterable[tuple[str, str]]) -> str:
    """The archive with each (id, line) appended unless that id is archived already (a re-run adds nothing)."""
    out = text if text else ARCHIVE_TITLE + ARCHIVE_INTRO
    have = archived_ids(out)
    for eid, line in lines:
        if eid in have:
            continue
        if not out.endswith("\n"):
            out += "\n"
        out += line
        have.add(eid)
    return out
