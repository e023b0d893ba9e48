"""One parse of each transcript per run (memory_store/shared_reads.py): a later read of the same bytes
(the index's lean read, a backfill's next look at a file) takes an earlier full read, and gets what
reading again would give."""
from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from memory_store import shared_reads
from memory_store.transcripts import TranscriptFile, read
from memory_store.transcripts.jsonl import ReadChunk
from tests.conftest import built_once
from tests.memory_store.transcripts.test_transcripts_reading import _all_files
from tests.microsync_helpers import KEY, demo_workspace, replay_schedule

if TYPE_CHECKING:
    from jobs.demo.build import DemoResult


def _facts(c: ReadChunk) -> tuple[object, ...]:
    return (c.records, c.end_offset, c.end_line, c.lines_read, c.bad_lines, c.not_transcript, c.session_id, c.eof)


@pytest.mark.parametrize("tf", [tf for tf in _all_files() if not tf.is_sqlite], ids=lambda tf: Path(tf.path).name[:40])
def test_a_read_after_a_full_read_is_served_and_equals_reading_again(tf: TranscriptFile) -> None:
    fresh_lean, fresh_full = _facts(read(tf, tools=False)), _facts(read(tf))
    with shared_reads.sharing():
        read(tf)
        assert shared_reads.take(tf, 0, 1, tools=False) is not None   # kept
        lean = read(tf, tools=False)
        assert _facts(lean) == fresh_lean
        lean.records.clear()                          # a served chunk is the caller's own
        lean.bad_lines.clear()
        assert _facts(read(tf, start_line=1)) == fresh_full
        assert _facts(read(tf, tools=False)) == fresh_lean


def test_nothing_is_kept_outside_a_run_or_for_another_place_or_a_changed_file(tmp_path: Path) -> None:
    src = next(tf for tf in _all_files() if tf.format == "claude-code" and not tf.is_sqlite)
    path = tmp_path / "s.jsonl"
    path.write_bytes(Path(src.path).read_bytes())
    tf = TranscriptFile("claude-code", str(path))
    other = TranscriptFile("claude-code", str(path), project="-home-user-other")
    fresh_other = read(other).records
    read(tf)
    assert shared_reads.take(tf, 0, 1, tools=True) is None    # no run: nothing kept
    with shared_reads.sharing():
        full = read(tf)
        assert shared_reads.take(tf, 10, 2, tools=True) is None   # another place
        assert shared_reads.take(other, 0, 1, tools=True) is None       # the same path found as another file
        as_other = read(other)
        read(tf, max_bytes=100)                                  # a slice is not kept
        read(tf)
        lines = path.read_bytes().splitlines(keepends=True)
        path.write_bytes(b"".join(lines) + lines[-1])            # the file grew after the read
        lean = read(tf, tools=False)
    assert lean.end_line == full.end_line + 1 and lean.end_offset > full.end_offset
    assert as_other.records == fresh_other != full.records


def test_the_index_holds_the_same_rows_with_one_read_or_two(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            demo_replayed: DemoResult) -> None:
    """The demo schedule's sessions tier (every row, every file cursor) is the same whether the
    index update takes microSync's reads or reads each transcript again (nothing kept). The
    schedule with reads taken is the session's shared replay (conftest `demo_replayed`); the count
    of reads served is taken over its first day, replayed here."""
    def said(ws: Path) -> list[list[tuple[object, ...]]]:
        with contextlib.closing(sqlite3.connect(f"file:{ws / '.memjobs' / 'index.sqlite'}?mode=ro", uri=True)) as db:
            return [db.execute(q).fetchall() for q in (
                "SELECT * FROM said ORDER BY rowid",
                "SELECT path, offset, line, size FROM said_files ORDER BY path",   # not inode or mtime
                "SELECT * FROM said_sessions ORDER BY session_id")]

    served = []
    take = shared_reads.take

    def counted(tf: TranscriptFile, offset: int, start_line: int | None, *, tools: bool) -> ReadChunk | None:
        got = take(tf, offset, start_line, tools=tools)
        served.append(got is not None)
        return got

    monkeypatch.setattr(shared_reads, "take", counted)

    cfg, _ = demo_workspace(tmp_path / "one")
    replay_schedule(cfg, KEY["days"][:1])
    assert sum(served) >= 5          # the first runs' files were parsed once
    served.clear()
    monkeypatch.setattr(shared_reads, "KEEP_CHARS", 0)
    cfg2, _ = demo_workspace(tmp_path / "two")
    replay_schedule(cfg2)
    assert served and not any(served)  # nothing kept: every lean read parsed its file again
    shared = demo_replayed.workspace.parent
    one, two = said(demo_replayed.workspace), said(cfg2.workspace)
    assert one[0] and one[1]
    norm = [[tuple(str(v).replace(str(shared), "<T>") for v in row) for row in t] for t in one]
    assert norm == [[tuple(str(v).replace(str(tmp_path / "two"), "<T>") for v in row) for row in t] for t in two]


def _backfilled(folder: Path, keep: int) -> dict[str, bytes]:
    """The memory a backfill over the demo schedule's days writes with a shelf of `keep` characters
    (0: every read parses its file again), its folder's path written as <T>; asserts every day ran."""
    from datetime import date

    from jobs.dispatch.backfill import backfill
    from tests.microsync_helpers import KEY, memory_bytes

    days = sorted(date.fromisoformat(d) for d in KEY["days"])
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(shared_reads, "KEEP_CHARS", keep)
        cfg, _ = demo_workspace(folder)
        progress = backfill(cfg, days[0], days[-1])
    assert len(progress.done) == len(days)
    return {k: v.replace(str(folder).encode(), b"<T>") for k, v in memory_bytes(cfg.workspace).items()}


@pytest.fixture(scope="session")
def unshared(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The reference both backfill tests compare with (the same inputs, the same run): built once
    for the session, whichever xdist worker runs them (conftest.built_once)."""
    return built_once(tmp_path_factory, "backfill-unshared", lambda folder: _backfilled(folder / "ws", 0))[1]


def test_a_backfill_writes_the_same_with_shared_reads_or_without(tmp_path: Path, unshared: dict[str, bytes]) -> None:
    """A backfill shares its reads across its days (the active-day scan, each day's range, the
    wrap-up's inputs): the memory it writes is byte for byte what reading every time writes."""
    shared = _backfilled(tmp_path / "shared", shared_reads.KEEP_CHARS)
    assert shared == unshared
    assert any(k.startswith("memory/20") for k in shared)


def test_a_full_shelf_drops_the_read_needed_last_when_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With `expect` (a backfill says when each file is read next), an overflow drops the read
    needed last, where recency alone drops the oldest read."""
    src = next(tf for tf in _all_files() if tf.format == "claude-code" and not tf.is_sqlite)
    files = []
    for name in ("a", "b", "c"):
        path = tmp_path / f"{name}.jsonl"
        path.write_bytes(Path(src.path).read_bytes())
        files.append(TranscriptFile("claude-code", str(path)))
    a, b, c = files
    size = sum(r.chars for r in read(a).records)   # the shelf's measure
    monkeypatch.setattr(shared_reads, "KEEP_CHARS", 2 * size + size // 4)   # room for two of the three
    with shared_reads.sharing():
        for tf in files:
            read(tf)
        assert [shared_reads.take(tf, 0, 1, tools=True) is not None for tf in files] == [False, True, True]
    when = {a.path: 1, b.path: 9, c.path: 2}
    with shared_reads.sharing(), shared_reads.expect(lambda tf: when[tf.path]):
        for tf in files:
            read(tf)
        assert [shared_reads.take(tf, 0, 1, tools=True) is not None for tf in files] == [True, False, True]
        full = read(b)   # read again, not served
    assert full.records == read(b).records


def test_a_backfill_with_a_small_shelf_writes_the_same(tmp_path: Path, unshared: dict[str, bytes]) -> None:
    """The backfill's plan of reads (jobs/dispatch/backfill.py `_ReadPlan`) decides only which reads
    are kept: with a shelf too small for the demo history the memory is byte for byte the same."""
    assert _backfilled(tmp_path / "small", 20_000) == unshared
