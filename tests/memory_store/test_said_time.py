"""When an entry already written was said (memory_store/said_time.py): the time of the first transcript
line its `source` cites; nothing for a transcript that is gone, a range of OpenClaw SQLite events, a
path that is not a regular file, or a line without a time."""
from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

from memory_store.entries import BlockEntry, Source
from memory_store.said_time import said_order, said_times


def _entry(eid: str, path: Path | str, rng: str) -> BlockEntry:
    return BlockEntry(kind="Decision", title=eid, id=eid, date="2026-10-14", source=Source("s", str(path), rng))


def test_the_first_cited_line_s_time(tmp_path: Path) -> None:
    f = tmp_path / "s.jsonl"
    f.write_text("\n".join([
        json.dumps({"type": "summary"}),
        json.dumps({"type": "user", "timestamp": "2026-10-14T02:00:00.000Z", "message": {"content": "a"}}),
        json.dumps({"type": "assistant", "timestamp": "2026-10-14T02:01:00.000Z", "message": {"content": "b"}}),
        json.dumps({"type": "user", "message": {"timestamp": 1792029600, "content": "c"}}),
        "not json",
    ]) + "\n", encoding="utf-8")
    got = said_times([_entry("a", f, "L2-L3"), _entry("b", f, "L3"), _entry("c", f, "L4-L4"),
                      _entry("none", f, "L1-L2"), _entry("bad", f, "L5-L5"), _entry("far", f, "L9-L9")])
    assert got == {"a": datetime(2026, 10, 14, 2, 0, tzinfo=UTC), "b": datetime(2026, 10, 14, 2, 1, tzinfo=UTC),
                   "c": datetime.fromtimestamp(1792029600, UTC)}


def test_nothing_is_read_where_no_line_can_be(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)   # a path a person wrote into `source`: never opened (it would block)
    assert said_times([_entry("gone", tmp_path / "gone.jsonl", "L1-L2"), _entry("sqlite", tmp_path / "db#s", "E3-E9"),
                       _entry("fifo", fifo, "L1-L1"), _entry("dir", tmp_path, "L1-L1")]) == {}


def _transcript(path: Path, *stamps: str | None) -> Path:
    path.write_text("\n".join(json.dumps({"type": "user", "message": {"content": "x"},
                                          **({"timestamp": t} if t else {})}) for t in stamps) + "\n",
                    encoding="utf-8")
    return path


def test_a_day_of_two_transcripts_in_the_order_said(tmp_path: Path) -> None:
    """A day's entries by the time each was said; one whose time cannot be read stays after the entry
    before it in the files; other days, and a day of one transcript, keep the files' order."""
    late = _transcript(tmp_path / "late.jsonl", "2026-10-14T08:00:00Z", None)
    early = _transcript(tmp_path / "early.jsonl", "2026-10-14T02:00:00Z", "2026-10-14T09:00:00Z")
    day = [_entry("late1", late, "L1"), _entry("late2", late, "L2"), _entry("early1", early, "L1"),
           _entry("early2", early, "L2")]
    other = [BlockEntry(kind="Decision", title=i, id=i, date="2026-10-13", source=Source("s", str(late), "L1"))
             for i in ("b", "a")]
    got = [e.id for e in said_order([*day, *other])]
    assert got == ["b", "a", "early1", "late1", "late2", "early2"]
    assert [e.id for e in said_order(day, days={"2026-10-15"})] == [e.id for e in day]   # not a day asked
    one = [_entry("x", late, "L1"), _entry("y", tmp_path / "gone.jsonl", "L1"), _entry("z", early, "L1")]
    assert [e.id for e in said_order(one)] == ["z", "x", "y"]   # the gone one's time: the entry before it
