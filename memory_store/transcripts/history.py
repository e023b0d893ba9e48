"""What transcript history each configured source holds: sessions, active days, oldest date.

`memjobs init` shows it on day one, with the backfill command that reads it; the scheduled runs
only look back 3 hours on their first run (docs/design.md §5). The survey is cheap: per file, the
first records (up to 16 KiB) give its first day and the file's mtime its last; no file is read whole.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import date, datetime
from zoneinfo import ZoneInfo

from memory_store.config import Config, TranscriptSource
from memory_store.transcripts.discover import discover, read, why_empty

HEAD_BYTES = 16 * 1024


@dataclass
class SourceHistory:
    """One configured source as found on this machine."""

    format: str
    path: str
    is_default: bool
    files: int = 0
    sessions: int = 0
    days: set[date] = field(default_factory=set)
    problem: str | None = None   # why it gave no transcript (None when it gave some)

    @property
    def oldest(self) -> date | None:
        return min(self.days) if self.days else None

    @property
    def newest(self) -> date | None:
        return max(self.days) if self.days else None

    def to_dict(self) -> dict[str, object]:
        return {"format": self.format, "path": self.path, "default": self.is_default, "files": self.files,
                "sessions": self.sessions, "days": len(self.days),
                "oldest": self.oldest.isoformat() if self.oldest else None,
                "newest": self.newest.isoformat() if self.newest else None, "problem": self.problem}


def survey(cfg: Config) -> list[SourceHistory]:
    """Every configured source, found or not, in configuration order."""
    return [survey_source(s, cfg.tz) for s in cfg.transcripts]


def survey_source(source: TranscriptSource, tz: ZoneInfo) -> SourceHistory:
    out = SourceHistory(source.format, source.expanded_path(), source.is_default)
    found = discover(source)
    out.problem = why_empty(source, found)
    sessions: set[str] = set()
    for tf in found.files:
        out.files += 1
        try:
            st = os.stat(tf.db_path or tf.path)
        except OSError:
            continue
        mtime = st.st_mtime
        chunk = read(tf, 0, start_line=1, max_bytes=HEAD_BYTES)
        if chunk.not_transcript:
            continue
        if chunk.records:
            sessions.update(f"{tf.path}#{r.session_id}" for r in chunk.records)
            if not tf.is_sqlite and chunk.end_offset >= st.st_size:
                # The head was the whole file: its records' own days, not the day it was last written
                # (a session of yesterday copied today was "on at least 2 days").
                out.days.update(r.ts.astimezone(tz).date() for r in chunk.records)
                continue
            out.days.add(min(r.ts for r in chunk.records).astimezone(tz).date())
        elif chunk.lines_read:
            sessions.add(tf.path)  # its first message lies past the head (a long pasted text): the mtime dates it
        else:
            continue
        out.days.add(datetime.fromtimestamp(mtime, tz).date())
    out.sessions = len(sessions)
    return out


def oldest_day(histories: list[SourceHistory]) -> date | None:
    days = [h.oldest for h in histories if h.oldest is not None]
    return min(days) if days else None
