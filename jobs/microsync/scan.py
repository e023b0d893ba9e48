"""Which transcript lines a run reads (docs/design.md §5), and the records it gets from them.

- A file with a cursor (same identity) is read from the cursor.
- A file no cursor covers is read back to a week before the mark when its source ran before: a
  session file that turns up late (synced from another machine, flushed late) loses nothing for
  being older than the last run, and what was already written comes back with the same ids, which
  the writer keeps once; its lines older than that are left to `backfill`, with a note that says
  so (a scheduled run does not extract a dump of old history within its time limit). Only a
  file another cursor already read under an older name (a rotated or reset file: same identity) is
  read from its source's high-water mark (the `now` of the source's last successful run), and only
  a source that never ran looks back 3 hours.
- `--since/--until` select an explicit range and leave cursors alone.
- A line stamped after the cut-off is not consumed: the cursor stops before it. File order, not
  one line's clock, decides (`file_order_times`): a line stamped in the future that a line inside
  the window follows, or stamped ahead of the machine's clock, is read where the file puts it, and
  the run notes it.
Excluded sessions (`exclude_sessions`, chat types not configured) are read past and counted.
"""
from __future__ import annotations

import os
import shlex
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta, tzinfo

from jobs.run.report import RunReport
from memory_store.config import Config, TranscriptSource
from memory_store.cursors import FileCursor, SourceMark, SyncState
from memory_store.errors import SourceEmpty
from memory_store.transcripts.days import first_record, known_days
from memory_store.transcripts.discover import Discovery, TranscriptFile, discover, read, why_empty
from memory_store.transcripts.exclusion import is_excluded
from memory_store.transcripts.jsonl import file_identity, identity_head
from memory_store.transcripts.records import Record, Role
from memory_store.transcripts.sqlite_store import EntryDeduper

LOOK_BACK = timedelta(hours=3)
# How far before the source's mark a file that turns up late is read by a scheduled run.
LATE_WINDOW = timedelta(days=7)
# Look-back context: the last turns before a cursor are read again, as context only, so that an
# acceptance in this window can see the proposal made in the last one.
CONTEXT_TURNS = 6
CONTEXT_BYTES = 256 * 1024
# A line stamped later than this after the run's (or the machine's) time is taken for a wrong clock.
CLOCK_SLACK = timedelta(hours=1)
UNREADABLE = "unreadable"  # the identity of a file that could not be read when it was first found


@dataclass
class SessionRecords:
    source: TranscriptSource
    file: TranscriptFile
    session_id: str
    records: list[Record] = field(default_factory=list)   # in the window, in transcript order
    context_line: int = 0   # records up to this line were read by an earlier run: context only

    @property
    def new_records(self) -> list[Record]:
        """Records with a line not read before (a message merged across a cut counts as new)."""
        return [r for r in self.records if r.line_end > self.context_line]


def source_key(source: TranscriptSource) -> str:
    return f"{source.format}:{source.path}"


@dataclass
class Window:
    upper: datetime                    # cut-off: records stamped after it are not consumed
    since: datetime | None = None      # explicit range (backfill): cursors untouched
    until: datetime | None = None

    @property
    def explicit(self) -> bool:
        return self.since is not None


def scan(cfg: Config, state: SyncState, report: RunReport, window: Window, now: datetime) -> Iterator[SessionRecords]:
    """Yield the new records of every configured source, session by session; move `state`."""
    found_all = [(source, discover(source)) for source in cfg.transcripts]
    # Identities some cursor holds: a file no cursor covers that has one of them was read under
    # another name; any other such file is new to this workspace (a late file).
    known = None if window.explicit else {c.identity for c in state.files.values()}
    _refuse_empty_sources(cfg, found_all)
    read_before = lines_read_before(state) if not window.explicit else {}
    for source, found in found_all:
        key = source_key(source)
        counts = report.source(source.name)
        for bad in found.errors:
            report.error(bad.code, bad.message, bad.path, bad.line or None)
        if not found.files:
            report.notes.extend(found.notes or [f"{source.name}: no transcripts at {source.path}"])
            continue
        mark = state.sources.get(key, SourceMark())
        lower = window.since or (datetime.fromisoformat(mark.mark) if mark.mark else now - LOOK_BACK)
        seen_sessions: set[tuple[str, str]] = set()
        dedupe = EntryDeduper()  # OpenClaw: the same entries in a JSONL file and the SQLite store
        # what a scheduled run leaves unread for being old: a first run's look-back, or a late file's week
        unread = OlderHistory(state.read_ranges(key), read_before) if not window.explicit else None
        for tf in found.files:
            counts.files += 1
            yield from _scan_file(cfg, source, tf, state, report, window, lower, seen_sessions, dedupe, unread,
                                  known if mark.mark else None)
        if unread is not None and unread.oldest is not None:
            (_say_late_history if mark.mark else _say_older_history)(cfg, source, unread, report)
        if not window.explicit:
            # the last line read as the files were read (a source's first run has no mark object before them)
            state.sources[key] = SourceMark(mark=window.upper.isoformat(),
                                            last_read=state.sources.get(key, mark).last_read)
        elif window.since is not None:
            state.add_range(key, window.since, min(window.upper, window.until or window.upper))


def wall_clock() -> datetime:
    """The machine's time now: what a transcript line cannot have been written after (give or take
    CLOCK_SLACK)."""
    return datetime.now(UTC)


def file_order_times(records: list[Record], latest: datetime, default: datetime) -> list[datetime]:
    """When each record was written, as far as the cut-off is concerned: a transcript is appended
    to, so a line was written before every line that follows it, whatever its own clock said. The
    time of a record is the earliest stamp at or after it in file order, so one line stamped in
    the future (a clock that jumped: a dead RTC battery, a VM resumed with the wrong time) neither
    holds back the lines after it nor is held back itself once a later line is in the window. A
    stamp past `latest` + CLOCK_SLACK (the run's time, or the machine's when a replay's `--now` is
    earlier) cannot be true at all: such a record takes the time of the next true stamp, or of the
    last one before it at the end of what is written, or `default` (the run's cut-off) when no
    record has one. Non-decreasing in file order, so the first record past a cut-off ends what a
    run consumes."""
    limit = latest + CLOCK_SLACK
    out: list[datetime | None] = [None] * len(records)
    earliest: datetime | None = None
    for i in range(len(records) - 1, -1, -1):
        ts = records[i].ts
        if ts <= limit and (earliest is None or ts < earliest):
            earliest = ts
        out[i] = earliest
    last = default
    times = []
    for at in out:
        last = at if at is not None else last
        times.append(last)
    return times


def _say_clock(report: RunReport, source: TranscriptSource, rec: Record, stamped: datetime) -> None:
    """Trigger: a line stamped after the window (or after the machine's time) that file order
    puts inside it. Why: its entry is dated by file order, not by its stamp, and the stamp is a
    sign of a wrong clock the user may want to fix. Outcome: one note per file, and every such
    line under `details.clock`."""
    clock = report.details.setdefault("clock", [])
    if not any(c["path"] == rec.path for c in clock):
        report.notes.append(
            f"{source.name}: {rec.path}:{rec.line} is stamped {stamped.isoformat()}, later than the line after it "
            f"or the time it was read (a wrong clock): read where the file puts it, as of {rec.ts.isoformat()}")
    if len(clock) < 100:
        clock.append({"path": rec.path, "line": rec.line, "stamped": stamped.isoformat(),
                      "read_as": rec.ts.isoformat()})


def _note_last_read(mark: SourceMark, records: list[Record]) -> None:
    """The source's newest line read, by any run (a scheduled one, `--since`, a backfill's day): moved
    only forward, compared as instants (two ISO texts with different offsets do not sort as times)."""
    newest = max(r.ts for r in records)
    if mark.last_read is None or newest > datetime.fromisoformat(mark.last_read):
        mark.last_read = newest.isoformat()


def lines_read_before(state: SyncState) -> dict[str, int]:
    """For each file's first line (`identity_head`), the last line some cursor has read of a file
    that starts with it, under whatever path and source that file was read then."""
    out: dict[str, int] = {}
    for cursor in state.files.values():
        key = identity_head(cursor.identity)
        if key is not None:
            out[key] = max(out.get(key, 0), cursor.line)
    return out


@dataclass
class OlderHistory:
    """Records a source's first run left unread for being older than the look-back. Records an
    explicit range read before (`--since`, backfill: `SyncState.ranges`) are not unread, nor are the
    lines an earlier run read of the same file under another path (`read_files`: a workspace whose
    transcript folder moved, its `path` edited in memjobs.yaml, is a new source to the cursors)."""

    read: list[tuple[datetime, datetime]] = field(default_factory=list)
    read_files: dict[str, int] = field(default_factory=dict)   # lines_read_before
    oldest: datetime | None = None
    sessions: set[str] = field(default_factory=set)
    excluded: set[str] = field(default_factory=set)   # sessions exclude_sessions keeps unread: said apart

    def add(self, records: list[Record], identity: str = "", excluded: Callable[[str], bool] | None = None) -> None:
        key = identity_head(identity)
        done = self.read_files.get(key, 0) if key is not None else 0
        records = [r for r in records if r.line_end > done and not any(lo <= r.ts <= hi for lo, hi in self.read)]
        if excluded is not None:
            self.excluded.update(r.session_id for r in records if excluded(r.session_id))
        records = [r for r in records if r.session_id not in self.excluded]
        if not records:
            return
        first = min(r.ts for r in records)
        self.oldest = first if self.oldest is None else min(self.oldest, first)
        self.sessions.update(r.session_id for r in records)


def _say_older_history(cfg: Config, source: TranscriptSource, older: OlderHistory, report: RunReport) -> None:
    """Trigger: the first run over a source with months of sessions. Why: it reads only the last
    3 hours, and nothing else would tell the user that `backfill` exists. Outcome: a note with the
    command, and the numbers under `details.unread_history`."""
    assert older.oldest is not None
    day = older.oldest.astimezone(cfg.tz).date().isoformat()
    report.details.setdefault("unread_history", []).append(
        {"source": source.name, "sessions": len(older.sessions), "oldest": day})
    report.notes.append(
        f"{source.name}: {len(older.sessions)} sessions since {day} are older than this first run's "
        f"{int(LOOK_BACK.total_seconds() // 3600)} h look-back and were not read{_excluded_apart(older)}; "
        "to read them: "
        f"memjobs --workspace {shlex.quote(str(cfg.workspace))} backfill --since {day}")


def _excluded_apart(older: OlderHistory) -> str:
    n = len(older.excluded)
    return f" (besides {n} excluded session{'' if n == 1 else 's'}, which exclude_sessions keeps unread)" if n else ""


def _say_late_history(cfg: Config, source: TranscriptSource, late: OlderHistory, report: RunReport) -> None:
    """Trigger: session files that turned up after the last run with lines more than a week older
    than it (history copied in from another machine). Why: a scheduled run reads a late file back
    a week only, and the rest would otherwise be dropped without a word. Outcome: a note with the
    command, and the numbers under `details.unread_history`."""
    assert late.oldest is not None
    day = late.oldest.astimezone(cfg.tz).date().isoformat()
    report.details.setdefault("unread_history", []).append(
        {"source": source.name, "sessions": len(late.sessions), "oldest": day, "late": True})
    report.notes.append(
        f"{source.name}: {len(late.sessions)} sessions that appeared since the last run hold lines since {day}, "
        f"more than {LATE_WINDOW.days} days before it, which were not read; to read them: "
        f"memjobs --workspace {shlex.quote(str(cfg.workspace))} backfill --since {day}")


def _refuse_empty_sources(cfg: Config, found_all: list[tuple[TranscriptSource, Discovery]]) -> None:
    """A configured source that gives no transcript stops the run before anything is read
    (docs/design.md §7); the defaults for agents that are not installed are only noted."""
    problems = []
    for i, (source, found) in enumerate(found_all):
        reason = None if source.is_default else why_empty(source, found)
        if reason is not None:
            problems.append(f"transcripts[{i}] ({source.format}): {reason}")
    if problems:
        where = f" in {cfg.source_file}" if cfg.source_file else ""
        raise SourceEmpty(f"a configured transcript source gives no transcript: {'; '.join(problems)} "
                          f"(fix its path{where}, or remove it)")


def _scan_file(cfg: Config, source: TranscriptSource, tf: TranscriptFile, state: SyncState, report: RunReport,
               window: Window, lower: datetime, seen_sessions: set[tuple[str, str]],
               dedupe: EntryDeduper, older: OlderHistory | None = None,
               known: set[str] | None = None) -> Iterator[SessionRecords]:
    counts = report.source(source.name)
    cursor = state.files.get(tf.path)
    try:
        st = os.stat(tf.db_path or tf.path)
    except OSError as exc:
        report.error("unreadable", str(exc), tf.path)
        return
    if (not window.explicit and cursor is not None and cursor.size == st.st_size and cursor.mtime_ns == st.st_mtime_ns
            and cursor.identity.startswith(f"{st.st_dev}:{st.st_ino}:")):
        return  # nothing new: one stat, no open()
    if window.explicit and _outside(tf, st, window, cfg.tz):
        return
    identity = file_identity(tf.path)
    resume = cursor if not window.explicit and cursor is not None and cursor.identity == identity else None
    offset, start_line = (resume.offset, resume.line + 1) if resume else (0, 1)
    seen_line = resume.line if resume else 0          # lines up to here were read by an earlier run
    read_from, read_line = offset, start_line
    if resume and 0 <= resume.ctx_offset <= resume.offset and 0 < resume.ctx_line <= start_line:
        read_from, read_line = resume.ctx_offset, resume.ctx_line
    floor = None if resume or (cursor is not None and cursor.identity == UNREADABLE) else lower
    late_file = floor is not None and known is not None and identity not in known
    if late_file:
        floor = lower - LATE_WINDOW     # new to this workspace, found after the source's last run
    if not window.explicit and _all_after(tf, window.upper, cfg.tz):
        # Every record of the file is known to come after the cut-off (a backfill's wrap-up of an
        # earlier day): a read would consume nothing. The cursor moves exactly as it would.
        _advance(state, tf, identity, (offset, start_line - 1), st, window, complete=False,
                 context=(read_from, read_line), verdicts=dict(resume.excluded) if resume else {})
        return
    chunk = read(tf, read_from, start_line=read_line)
    counts.lines += max(0, chunk.lines_read - (start_line - read_line))  # context lines were counted before
    for bad in chunk.bad_lines:
        # Line 0 is a problem of the file or the store, not of a line; an unreadable file is always said.
        if bad.line > seen_line or bad.line == 0 or bad.code == "unreadable":
            counts.bad_lines += 1
            report.error(bad.code, bad.message, bad.path, bad.line or None)
    if not chunk.records and any(b.code == "unreadable" for b in chunk.bad_lines):
        # Not read: keep the cursor as it is, or mark the file so that, once it can be read, it is read
        # from its start rather than from the source's high-water mark (its lines were never seen).
        if cursor is None and not window.explicit:
            state.files[tf.path] = FileCursor(identity=UNREADABLE, offset=0, line=0, size=-1, mtime_ns=0)
        return
    verdicts = dict(resume.excluded) if resume else {}
    if chunk.not_transcript:
        report.notes.append(f"skipped {tf.path}: its lines are not {source.name} transcript records")
        _advance(state, tf, identity, (chunk.end_offset, chunk.end_line), st, window, complete=True)
        return
    complete = True
    consumed: list[Record] = []
    end_offset, end_line = chunk.end_offset, chunk.end_line
    cut = window.upper if window.until is None else min(window.upper, window.until)
    times = file_order_times(chunk.records, max(wall_clock(), window.upper), cut)
    stamped: dict[int, datetime] = {}   # the records read as of another time: their own stamp, by line
    for rec, at in zip(chunk.records, times, strict=True):
        if at > cut:
            if consumed:
                end_offset, end_line = consumed[-1].offset_end, consumed[-1].line_end
            else:
                end_offset, end_line = offset, start_line - 1
            complete = False
            break
        if rec.ts > cut:
            # stamped after the cut-off by a clock that was wrong: read where the file puts it
            stamped[rec.line] = rec.ts
            rec = rec.replace(ts=at)   # Record.replace: text and tool_args are not fields
        consumed.append(rec)
    # Everything the run reads counts, so the exclusion of a session is decided from its first user message
    # ever seen — and kept — not from whatever message happens to open this window.
    for rec in consumed:
        if rec.session_id not in verdicts and rec.role == Role.USER and not rec.is_tool:
            verdicts[rec.session_id] = is_excluded(cfg.exclude_sessions, tf.session_key, rec.session_id, rec.text)
    context = _context_start(consumed, (read_from, read_line))
    _advance(state, tf, identity, (end_offset, end_line), st, window, complete=complete, context=context,
             verdicts=verdicts)
    deduped = dedupe.filter(consumed)
    records = [r for r in deduped if floor is None or r.ts >= floor]
    for r in records:
        if r.line in stamped and r.line_end > seen_line:   # said once: by the run that reads it
            _say_clock(report, source, r, stamped[r.line])
    # unread for being old: a first run's look-back, or a late file's week (a renamed file's lines
    # were read under its older name)
    if older is not None and floor is not None and (known is None or late_file) and len(records) < len(deduped):
        def kept_out(sid: str) -> bool:
            seen = verdicts.get(sid)
            return is_excluded(cfg.exclude_sessions, tf.session_key, sid) if seen is None else seen

        older.add([r for r in deduped if r.ts < floor], identity, kept_out)
    if not any(r.line_end > seen_line for r in records):
        return
    _note_last_read(state.sources.setdefault(source_key(source), SourceMark()), records)
    if tf.chat_type not in source.chat_types:
        counts.sessions_skipped += 1
        return
    by_session: dict[str, SessionRecords] = {}
    for rec in records:
        sess = by_session.get(rec.session_id)
        if sess is None:
            sess = by_session[rec.session_id] = SessionRecords(source, tf, rec.session_id, context_line=seen_line)
        sess.records.append(rec)
    for sid, sess in by_session.items():
        if not sess.new_records:
            continue
        excluded = verdicts.get(sid)
        if excluded is None:  # no user message seen yet: the key and id still decide
            excluded = is_excluded(cfg.exclude_sessions, tf.session_key, sid)
        if excluded:
            if (source.name, sid) not in seen_sessions:
                counts.sessions_skipped += 1
            seen_sessions.add((source.name, sid))
            continue
        yield sess


# The first record's time of each file an explicit range peeked at, by (path, size, mtime): a
# backfill runs one range a day over the same files and peeks at each file once.
_FIRST_TS: dict[tuple[str, int, int], datetime | None] = {}
PEEK_BYTES = 16 * 1024


def _outside(tf: TranscriptFile, st: os.stat_result, window: Window, tz: tzinfo | None = None) -> bool:
    """Whether an explicit range (`--since`, backfill) can skip a file without reading it: a full
    read would yield nothing. True for a file not modified since the range began (it cannot hold a
    record of it; the same rule as jobs/daily/inputs.py), and, when the range has an end, for a file
    whose first record is past that end (reading stops at the first record past it) or whose
    records are known to fall on other days (memory_store/transcripts/days.py). Never a
    session of a SQLite store: its database file's mtime lags behind writes kept in its WAL file."""
    if tf.is_sqlite:
        return False
    if window.since is not None and st.st_mtime < window.since.timestamp():
        return True
    if window.until is None:
        return False
    known = known_days(tf, tz)
    if known is not None and window.since is not None:
        # every record of the file is known to fall on a day outside the range: none is read
        first_day, last_day = window.since.astimezone(tz).date(), min(window.upper, window.until).astimezone(tz).date()
        if not any(first_day <= d <= last_day for d in known) and not _stamped_ahead(known, tz):
            return True
        if known and max(known) < last_day:
            # Every record falls on a day before the range's end falls on, hence before its end:
            # the first record too, so the peek below would say "inside" (it read 16 KB of each
            # file a backfill's days open, parsed and redacted for one timestamp).
            return False
    key = (tf.path, st.st_size, st.st_mtime_ns)
    if key not in _FIRST_TS:
        # A backfill read the file whole for its days: when that read's first record ends within the
        # peek's bytes, the peek would make the same first record (its lines, and the next line
        # that closes a Claude Code message, are inside them): no need to read it again.
        early = first_record(tf, tz) if known is not None else None
        if early is not None and early[1] < PEEK_BYTES:
            _FIRST_TS[key] = early[0]
        else:
            head = read(tf, 0, start_line=1, max_bytes=PEEK_BYTES)  # whole records only
            _FIRST_TS[key] = head.records[0].ts if head.records and not head.not_transcript else None
    first = _FIRST_TS[key]
    # a first record stamped ahead of the machine's clock says nothing of the lines after it
    return first is not None and (first > window.upper or first > window.until) and first <= wall_clock() + CLOCK_SLACK


def _all_after(tf: TranscriptFile, upper: datetime, tz: tzinfo | None) -> bool:
    """Whether every record of `tf` is known (memory_store/transcripts/days.py) to fall on a day
    after the one `upper` falls on: none of them is at or before `upper`."""
    known = known_days(tf, tz)
    return (known is not None and bool(known) and min(known) > upper.astimezone(tz).date()
            and not _stamped_ahead(known, tz))


def _stamped_ahead(days: frozenset[date], tz: tzinfo | None) -> bool:
    """Whether some record falls on a day after the machine's clock: a wrong clock's stamp, which
    file order may put inside any window (`file_order_times`), so the days cannot rule a file out."""
    return bool(days) and max(days) > (wall_clock() + CLOCK_SLACK).astimezone(tz).date()


def _context_start(consumed: list[Record], read_start: tuple[int, int]) -> tuple[int, int]:
    """Where the next run starts reading again: before the last CONTEXT_TURNS user/assistant turns
    (at most CONTEXT_BYTES back), as (offset, first line)."""
    if not consumed:
        return read_start
    end = consumed[-1].offset_end
    turns = 0
    for i in range(len(consumed) - 1, -1, -1):
        rec = consumed[i]
        if rec.role in (Role.USER, Role.ASSISTANT) and not rec.is_tool:
            turns += 1
        if turns >= CONTEXT_TURNS or i == 0:
            start = (consumed[i - 1].offset_end, consumed[i - 1].line_end + 1) if i > 0 else read_start
            break
    if end - start[0] > CONTEXT_BYTES:
        return (end, consumed[-1].line_end + 1)
    return start


def _advance(state: SyncState, tf: TranscriptFile, identity: str, end: tuple[int, int], st: os.stat_result,
             window: Window, *, complete: bool, context: tuple[int, int] | None = None,
             verdicts: dict[str, bool] | None = None) -> None:
    """Move the file's cursor. Size and mtime are kept only when everything present was consumed:
    a read stopped at the cut-off must open the file again next time, even if it did not grow."""
    if window.explicit:
        return
    offset, line = end
    ctx_offset, ctx_line = context if context is not None and context[0] <= offset else (-1, 0)
    state.files[tf.path] = FileCursor(identity=identity, offset=offset, line=line,
                                      size=st.st_size if complete else -1, mtime_ns=st.st_mtime_ns,
                                      ctx_offset=ctx_offset, ctx_line=ctx_line, excluded=dict(verdicts or {}))
