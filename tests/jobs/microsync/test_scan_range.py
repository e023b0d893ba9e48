"""An explicit range (`--since/--until`, one per day in a backfill) skips the files a full read would
find nothing in: one not modified since the range began, one whose first record is past its end.
What is extracted stays the same; only the lines read (the report's count) go down."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

from jobs.dispatch import registry
from jobs.run.runner import RunOptions
from memory_store.config import load_config
from memory_store.transcripts import TranscriptFile
from memory_store.transcripts.days import known_days, record_days
from memory_store.workspace import init_workspace

DAY1 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DAY3 = datetime(2026, 3, 4, 9, 0, tzinfo=UTC)


def _session(folder: Path, sid: str, start: datetime, store: str) -> Path:
    turns = [("user", f"should the {store} be PostgreSQL or MySQL?"),
             ("assistant", "PostgreSQL fits: you need row locks and JSON columns. Shall I use it?"),
             ("user", f"let's go with PostgreSQL for the {store}, MySQL is out")]
    lines = []
    for i, (role, text) in enumerate(turns):
        content: object = text if role == "user" else [{"type": "text", "text": text}]
        msg: dict[str, object] = {"role": role, "content": content}
        if role == "assistant":
            msg["id"] = f"{sid}-m{i}"
        lines.append(json.dumps({"type": role, "message": msg, "uuid": f"{sid}-u{i}", "sessionId": sid, "cwd": "/p",
                                 "timestamp": (start + timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%S.000Z")}))
    path = folder / f"{sid}.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    last = (start + timedelta(minutes=len(turns))).timestamp()
    os.utime(path, (last, last))
    return path


def _workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    init_workspace(ws)
    proj = tmp_path / "projects" / "-home-user-proj"
    proj.mkdir(parents=True)
    _session(proj, "early", DAY1, "bookings store")
    _session(proj, "late", DAY3, "billing store")
    source = f"{{format: claude-code, path: {tmp_path / 'projects'}}}"
    (ws / "memjobs.yaml").write_text(f"timezone: UTC\ntranscripts:\n  - {source}\n", encoding="utf-8")
    return ws


def _day(ws: Path, day: datetime) -> tuple[int, str]:
    cfg = load_config(ws, env={})
    start = day.replace(hour=0)
    rep = registry.run(cfg, "microsync", now=start + timedelta(days=1),
                       options=RunOptions(since=start, until=start + timedelta(days=1)))
    assert rep.status in ("ok", "nothing"), rep.errors
    written = "".join(p.read_text("utf-8") for p in sorted((ws / "memory").glob("*.md")))
    return rep.source("claude-code").lines, written


def test_a_day_reads_only_the_file_that_can_hold_it(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    lines, written = _day(ws, DAY1)
    assert lines == 3   # "late" starts after the range: peeked at, not read
    assert "bookings store" in written and "billing store" not in written
    lines, written = _day(ws, DAY3)
    assert lines == 3   # "early" was last modified before the range began: not opened
    assert "billing store" in written


def test_a_range_over_both_reads_both(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    cfg = load_config(ws, env={})
    rep = registry.run(cfg, "microsync", now=DAY3 + timedelta(days=1),
                       options=RunOptions(since=DAY1.replace(hour=0), until=DAY3 + timedelta(hours=12)))
    assert rep.source("claude-code").lines == 6 and rep.added == 2


def test_a_file_touched_later_is_still_read(tmp_path: Path) -> None:
    """The mtime rule skips only what cannot hold a record of the range: a file written since is read."""
    ws = _workspace(tmp_path)
    early = tmp_path / "projects" / "-home-user-proj" / "early.jsonl"
    later = (DAY3 + timedelta(days=1)).timestamp()
    os.utime(early, (later, later))
    lines, written = _day(ws, DAY3)
    assert lines == 6 and "billing store" in written and "bookings store" not in written


def test_a_sqlite_store_is_read_whatever_its_mtime(tmp_path: Path) -> None:
    """A store's database file keeps an old mtime while its WAL file takes the writes: never skipped."""
    from tests.memory_store.transcripts.test_transcripts_openclaw import _store

    root = _store(tmp_path)
    long_ago = datetime(2020, 1, 1, tzinfo=UTC).timestamp()
    for p in root.rglob("*"):
        if p.is_file():
            os.utime(p, (long_ago, long_ago))
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text(f"timezone: UTC\ntranscripts:\n  - {{format: openclaw, path: {root}/agents/*}}\n",
                                     encoding="utf-8")
    cfg = load_config(ws, env={})
    since = datetime(2026, 5, 1, tzinfo=UTC)
    rep = registry.run(cfg, "microsync", now=since + timedelta(days=10),
                       options=RunOptions(since=since, until=since + timedelta(days=10)))
    assert rep.status in ("ok", "nothing"), rep.errors
    # The JSONL files were skipped; the decision of session A ("ตัดสินใจแล้ว: ใช้ PostgreSQL") comes from the store.
    assert rep.source("openclaw").files > 2 and rep.added >= 1


def _files(tmp_path: Path) -> list[TranscriptFile]:
    proj = tmp_path / "projects" / "-home-user-proj"
    return [TranscriptFile("claude-code", str(proj / f"{sid}.jsonl"), sid) for sid in ("early", "late")]


def test_known_days_skip_a_file_touched_later_and_a_change_forgets_them(tmp_path: Path) -> None:
    """Once a backfill has read a file's days (memory_store/transcripts/days.py), a day's range passes
    over a file with no record that day even if it was modified since; a file that changed is read."""
    ws = _workspace(tmp_path)
    early, late = _files(tmp_path)
    later = (DAY3 + timedelta(days=1)).timestamp()
    os.utime(early.path, (later, later))
    assert known_days(early, UTC) is None
    assert record_days(early, UTC) == {DAY1.date()} and record_days(late, UTC) == {DAY3.date()}
    assert known_days(early, UTC) == {DAY1.date()}
    lines, written = _day(ws, DAY3)
    assert lines == 3 and "billing store" in written and "bookings store" not in written
    with open(early.path, "a", encoding="utf-8") as f:   # the file changes: what was known is not used
        f.write(json.dumps({"type": "user", "message": {"role": "user", "content": "and one more thing"},
                            "uuid": "early-x", "sessionId": "early", "cwd": "/p",
                            "timestamp": DAY3.strftime("%Y-%m-%dT%H:%M:%S.000Z")}) + "\n")
    assert known_days(early, UTC) is None
    lines, _ = _day(ws, DAY3)
    assert lines == 7


def test_a_wrap_up_day_opens_only_the_files_known_to_hold_it(tmp_path: Path) -> None:
    """The wrap-up's inputs of a day are the same with and without the known days; only the files
    opened go down."""
    from jobs.daily.inputs import sessions_of_days
    from jobs.run.report import RunReport

    ws = _workspace(tmp_path)
    cfg = load_config(ws, env={})

    def day1() -> tuple[list[object], int]:
        rep = RunReport(job="daily", run_id="t", now="", started="")
        got = sessions_of_days(cfg, [DAY1.date()], rep)[DAY1.date()]
        return [s.records for s in got], rep.source("claude-code").files

    before, opened_before = day1()
    for tf in _files(tmp_path):
        record_days(tf, cfg.tz)
    after, opened_after = day1()
    assert after == before and len(before) == 1
    assert (opened_before, opened_after) == (2, 1)   # "late" was modified after DAY1 began, but holds no record of it


def test_a_scheduled_run_before_a_known_file_moves_its_cursor_as_a_read_would(tmp_path: Path) -> None:
    """A backfill's wrap-up of DAY1 runs microSync with cursors; "late" is known to hold only DAY3
    records, so it is not opened, and every cursor comes out byte for byte as after a full read."""
    from memory_store.cursors import CURSORS

    def run(ws: Path) -> tuple[bytes, int]:
        cfg = load_config(ws, env={})
        rep = registry.run(cfg, "microsync", now=DAY1 + timedelta(hours=2))
        assert rep.status in ("ok", "nothing"), rep.errors
        return (ws / CURSORS).read_bytes(), rep.source("claude-code").lines

    ws = _workspace(tmp_path)
    other = tmp_path / "other"
    init_workspace(other)
    (other / "memjobs.yaml").write_text((ws / "memjobs.yaml").read_text("utf-8"), encoding="utf-8")
    read_all, lines_all = run(ws)
    for tf in _files(tmp_path):
        record_days(tf, UTC)
    skipped, lines_skipped = run(other)
    assert skipped == read_all and b"late.jsonl" in skipped
    assert (lines_all, lines_skipped) == (6, 3)


def test_the_first_record_is_peeked_at_only_where_the_known_days_cannot_answer(monkeypatch) -> None:
    """`_outside` (jobs/microsync/scan.py) answers without its 16 KB peek at a file whose known
    days all come before the range's last day: the same answer the peek gives, for every day-range
    and a few longer ones over the span of every fixture and public transcript, in UTC and Bangkok."""
    from zoneinfo import ZoneInfo

    from jobs.microsync import scan
    from tests.memory_store.transcripts.test_transcripts_reading import _all_files

    peeks: list[str] = []
    real_read = scan.read

    def counting_read(tf: TranscriptFile, *args: object, **kw: object):  # type: ignore[no-untyped-def]
        peeks.append(tf.path)
        return real_read(tf, *args, **kw)

    monkeypatch.setattr(scan, "read", counting_read)
    checked = skipped = 0
    for tz in (UTC, ZoneInfo("Asia/Bangkok")):
        for tf in (f for f in _all_files() if not f.is_sqlite):
            days = record_days(tf, tz)
            if not days or known_days(tf, tz) is None:
                continue
            st = os.stat(tf.path)
            for first in (min(days) + timedelta(days=k) for k in range(-1, (max(days) - min(days)).days + 2)):
                for length in (1, 2, 5):
                    since = datetime.combine(first, datetime.min.time(), tz)
                    window = scan.Window(upper=since + timedelta(days=length), since=since,
                                         until=since + timedelta(days=length))
                    scan._FIRST_TS.clear()
                    peeks.clear()
                    got = scan._outside(tf, st, window, tz)
                    skipped += not peeks
                    # the reference: the known days' first test, then always the peek
                    last_day = window.until.astimezone(tz).date()
                    if not any(window.since.astimezone(tz).date() <= d <= last_day for d in days):
                        want = True
                    else:
                        head = real_read(tf, 0, start_line=1, max_bytes=scan.PEEK_BYTES)
                        ts = head.records[0].ts if head.records and not head.not_transcript else None
                        want = ts is not None and (ts > window.upper or ts > window.until)
                    assert got == want, (tf.path, window)
                    checked += 1
    assert checked and skipped


def _claude_lines(sizes: list[tuple[str, int, str]]) -> str:
    """Claude Code lines: (role, characters of text, message id) each, a minute apart."""
    out = []
    for i, (role, size, mid) in enumerate(sizes):
        text = ("word " * (size // 5 + 1))[:size]
        msg: dict[str, object] = ({"role": "user", "content": text} if role == "user" else
                                  {"role": "assistant", "id": mid, "content": [{"type": "text", "text": text}]})
        ts = (DAY1 + timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
        out.append(json.dumps({"type": role, "message": msg, "uuid": f"u{i}", "sessionId": "s", "timestamp": ts}))
    return "\n".join(out) + "\n"


def test_the_first_record_of_a_whole_read_is_the_peeks_where_it_ends_inside_it(tmp_path: Path) -> None:
    """`days.first_record` stands in for the 16 KB peek only when the record ends inside the peek's
    bytes; there it is the record the peek makes, on every fixture and public transcript and on
    Claude Code files whose first message straddles, fills or passes the peek."""
    from jobs.microsync import scan
    from memory_store.transcripts import read
    from memory_store.transcripts.days import first_record
    from tests.memory_store.transcripts.test_transcripts_reading import _all_files

    peek = scan.PEEK_BYTES
    shapes = [[("assistant", peek + 500, "m1"), ("user", 10, "")],
              [("user", 100, ""), ("assistant", peek - 400, "m1"), ("assistant", 600, "m1"), ("user", 5, "")],
              [("assistant", peek // 2, "m1"), ("assistant", peek // 2 - 300, "m1"), ("user", 5, "")],
              [("assistant", peek - 200, "m1")],
              [("assistant", 50, "m1"), ("assistant", peek, "m2"), ("user", 5, "")]]
    files = [tf for tf in _all_files() if not tf.is_sqlite]
    for i, shape in enumerate(shapes):
        path = tmp_path / f"s{i}.jsonl"
        path.write_text(_claude_lines(shape), encoding="utf-8")
        files.append(TranscriptFile("claude-code", str(path)))
    used = 0
    for tf in files:
        record_days(tf, UTC)
        early = first_record(tf, UTC)
        if early is None or early[1] >= peek:
            continue
        head = read(tf, 0, start_line=1, max_bytes=peek)
        assert head.records and not head.not_transcript, tf.path
        assert head.records[0].ts == early[0], tf.path
        used += 1
    assert used >= len(files) // 2
