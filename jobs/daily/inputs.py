"""A wrap-up's inputs: the day's transcript records per session, and the day's decision log.

The day is the local calendar day in `cfg.timezone`: a record belongs to it by its timestamp, not
by file time, so a session that runs past midnight counts for both days, and one that runs past
22:00 (after the last microSync of the evening) is in. Excluded sessions (`exclude_sessions`
globs against the session key, the session id and the first user message), OpenClaw chats of
other `chat_types`, and sub-agent lines (unless the source asks for them) are left out.
"""
from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from jobs.daily.model import DaySession, LogEntry
from jobs.run.report import RunReport
from memory_store.config import Config, TranscriptSource
from memory_store.errors import EntryError
from memory_store.fileio import read_text
from memory_store.markdown import parse_document
from memory_store.transcripts import discover, read
from memory_store.transcripts.days import known_days
from memory_store.transcripts.exclusion import is_excluded
from memory_store.transcripts.records import Flag, Record, Role
from memory_store.workspace import entry_files_of_day

log = logging.getLogger("memjobs")


def day_bounds(day: date, cfg: Config) -> tuple[datetime, datetime]:
    """[00:00, 24:00) of `day` in the configured time zone, as aware datetimes."""
    start = datetime.combine(day, time.min, cfg.tz)
    end = datetime.combine(day + timedelta(days=1), time.min, cfg.tz)
    return start, end


@dataclass
class _Counts:
    files: int = 0
    lines: int = 0
    bad_lines: int = 0
    sessions_skipped: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)


def sessions_of_days(cfg: Config, days: list[date],
                     report: RunReport | None = None) -> dict[date, list[DaySession]]:
    """Each day's sessions, reading every transcript at most once for all the days together."""
    out: dict[date, list[DaySession]] = {d: [] for d in days}
    if not days:
        return out
    window_start, _ = day_bounds(min(days), cfg)
    wanted = set(days)
    for source in cfg.transcripts:
        counts = _Counts()
        for session_records in _read_source(cfg, source, window_start, counts, report, wanted):
            by_day: dict[date, list[Record]] = {}
            for r in session_records:
                d = r.ts.astimezone(cfg.tz).date()
                if d in wanted:
                    by_day.setdefault(d, []).append(r)
            for d, recs in by_day.items():
                first = recs[0]
                out[d].append(DaySession(source=source.format, session_id=first.session_id, path=first.path,
                                         records=tuple(recs), session_key=first.session_key))
        if report is not None:
            _merge_counts(report, source.name, counts)
    for d in out:
        out[d].sort(key=lambda s: (s.records[0].ts, s.path, s.session_id))
    return out


def sessions_of_day(cfg: Config, day: date, report: RunReport | None = None) -> list[DaySession]:
    return sessions_of_days(cfg, [day], report)[day]


def _read_source(cfg: Config, source: TranscriptSource, window_start: datetime, counts: _Counts,
                 report: RunReport | None, wanted: set[date] | None = None) -> Iterator[list[Record]]:
    """Records of each session of one source (whole files), kept or dropped by the filters. A file
    whose days are known (a backfill read it: memory_store/transcripts/days.py) and hold none of
    `wanted` is not opened: none of its records could be kept."""
    found = discover(source)
    if report is not None:
        for note in getattr(found, "notes", []) or []:
            if note not in report.notes:
                report.notes.append(note)
        for err in getattr(found, "errors", []) or []:
            _add_error(report, _error_dict(err))
    for tf in found.files:
        path = getattr(tf, "path", None)
        if path is not None and _older_than(Path(str(path)), window_start):
            continue  # not modified since before the first day: it cannot hold a record of it
        known = known_days(tf, cfg.tz) if wanted is not None else None
        if known is not None and wanted is not None and not known & wanted:
            continue
        counts.files += 1
        sessions: dict[tuple[str, str], list[Record]] = {}
        for r in _read_all(tf, counts, report):
            sessions.setdefault((r.path, r.session_id), []).append(r)
        for recs in sessions.values():
            if _skip_session(cfg, source, recs):
                counts.sessions_skipped += 1
                continue
            kept = [r for r in recs if _keep_record(source, r)]
            if kept:
                yield kept


def _read_all(tf: Any, counts: _Counts, report: RunReport | None) -> Iterator[Record]:
    offset = 0
    while True:
        chunk = read(tf, offset)
        counts.lines += chunk.lines_read
        bad = chunk.bad_lines
        counts.bad_lines += len(bad)
        if report is not None:
            for b in bad:
                _add_error(report, {"path": b.path, "line": b.line, "code": b.code, "message": b.message})
        yield from chunk.records
        end = chunk.end_offset or offset
        if end <= offset or not (chunk.records or chunk.lines_read):
            return
        offset = end


def _older_than(path: Path, moment: datetime) -> bool:
    try:
        return os.stat(path).st_mtime < moment.timestamp()
    except OSError:
        return False  # let the reader report it


def _skip_session(cfg: Config, source: TranscriptSource, recs: list[Record]) -> bool:
    first = recs[0]
    if source.format == "openclaw" and first.chat_type not in source.chat_types:
        return True
    first_user = next((r.text for r in recs
                       if r.role == Role.USER and Flag.META not in r.flags and r.text.strip()), None)
    return is_excluded(cfg.exclude_sessions, first.session_key, first.session_id, first_user)


def _keep_record(source: TranscriptSource, r: Record) -> bool:
    return source.subagents or Flag.SIDECHAIN not in r.flags


def _error_dict(err: Any) -> dict[str, Any]:
    if isinstance(err, dict):
        return err
    if hasattr(err, "as_error"):
        return dict(err.as_error())
    return {"path": getattr(err, "path", None), "line": getattr(err, "line", None),
            "code": getattr(err, "code", "source"), "message": getattr(err, "message", str(err))}


def _add_error(report: RunReport, err: dict[str, Any]) -> None:
    """The microSync step of the same run may have listed the same problem already."""
    key = (err.get("path"), err.get("line"), err.get("code"))
    if any((e.get("path"), e.get("line"), e.get("code")) == key for e in report.errors):
        return
    report.errors.append(err)


def _merge_counts(report: RunReport, name: str, counts: _Counts) -> None:
    # The run's microSync step reads the same source (only its new lines); report the larger count
    # of the two reads rather than their sum, which would count a line twice.
    s = report.source(name)
    s.files = max(s.files, counts.files)
    s.lines = max(s.lines, counts.lines)
    s.bad_lines = max(s.bad_lines, counts.bad_lines)
    s.sessions_skipped = max(s.sessions_skipped, counts.sessions_skipped)


def log_entries_of_day(workspace: Path, day: date, report: RunReport | None = None) -> list[LogEntry]:
    """The day's decision log: `memory/YYYY-MM-DD.md` and `memory/recent/YYYY-MM-DD-*.md`, in file order."""
    out: list[LogEntry] = []
    seen: set[str] = set()
    for path in entry_files_of_day(workspace, day):
        rel = path.relative_to(workspace).as_posix()
        try:
            text = read_text(path) or ""
        except EntryError as exc:
            if report is not None:
                _add_error(report, exc.as_error())
            continue
        for block in parse_document(text).blocks:
            if not block.id or block.id in seen:
                continue
            seen.add(block.id)
            src = block.field("source")
            session_path = ""
            if src is not None:
                session_path = next((c.value for c in src.children if c.key == "session_path"), "")
            out.append(LogEntry(id=block.id, kind=block.kind, title=block.title, rel=rel,
                                status=block.get("status") or "active",
                                conclusion=block.get("conclusion") or "",
                                why=block.get("why") or "", session_path=session_path))
    return out
