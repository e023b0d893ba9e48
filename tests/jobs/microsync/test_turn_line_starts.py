"""Where a JSONL transcript's lines start, scanned once per file in a run (review17 F6: a take-back by topic read
the file from byte 0 for every Remember entry of history): the same spans as reading line by line, a file that
grew is scanned again, and one that cannot be read or is too short gives None."""
from __future__ import annotations

from pathlib import Path

from jobs.microsync.preferences import _LineStarts


def _by_readline(path: Path, span: tuple[int, int]) -> tuple[int, int] | None:
    with open(path, "rb") as fh:
        start = None
        for n, line in enumerate(iter(fh.readline, b""), start=1):
            if n == span[0]:
                start = fh.tell() - len(line)
            if n == span[1] and start is not None:
                return start, fh.tell() - start
    return None


def test_spans_are_those_read_line_by_line(tmp_path: Path) -> None:
    f = tmp_path / "s.jsonl"
    f.write_bytes(b'{"a": 1}\n{"b": "\xe0\xb8\x9e"}\n\n{"c": 3}\n{"last": "no line break"}')
    starts = _LineStarts()
    for a in range(1, 7):
        for b in range(a, 7):
            assert starts.span(str(f), (a, b)) == _by_readline(f, (a, b)), (a, b)


def test_a_file_that_grew_is_scanned_again_and_a_missing_one_is_none(tmp_path: Path) -> None:
    f = tmp_path / "s.jsonl"
    f.write_bytes(b"one\ntwo\n")
    starts = _LineStarts()
    assert starts.span(str(f), (2, 2)) == (4, 4)
    assert starts.span(str(f), (3, 3)) is None
    with open(f, "ab") as fh:
        fh.write(b"three\n")
    assert starts.span(str(f), (3, 3)) == (8, 6)
    assert starts.span(str(tmp_path / "gone.jsonl"), (1, 1)) is None
