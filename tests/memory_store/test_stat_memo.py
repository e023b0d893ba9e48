"""memory_store/stat_memo.py: an answer is worked out again exactly when one of its files changed
(written, replaced, created, removed), and kept otherwise."""
from __future__ import annotations

import os
from pathlib import Path

from memory_store.stat_memo import StatMemo


def test_an_answer_is_read_again_only_when_a_file_changed(tmp_path: Path) -> None:
    a, b = tmp_path / "a.md", tmp_path / "b.md"
    a.write_text("one\n")
    reads: list[str] = []

    def read() -> str:
        reads.append("r")
        return a.read_text() + (b.read_text() if b.exists() else "")

    memo: StatMemo[str, str] = StatMemo()
    assert memo.get("k", [a, b], read) == "one\n"
    assert memo.get("k", [a, b], read) == "one\n" and len(reads) == 1      # nothing changed
    b.write_text("two\n")                                                   # a missing file appears
    assert memo.get("k", [a, b], read) == "one\ntwo\n" and len(reads) == 2
    with open(a, "a") as fh:                                                # an append
        fh.write("more\n")
    assert memo.get("k", [a, b], read) == "one\nmore\ntwo\n" and len(reads) == 3
    tmp = tmp_path / "a.tmp"                                                # an atomic replace, same size
    tmp.write_text("ONE\nMORE\n")
    os.replace(tmp, a)
    assert memo.get("k", [a, b], read) == "ONE\nMORE\ntwo\n" and len(reads) == 4
    b.unlink()                                                              # a file removed
    assert memo.get("k", [a, b], read) == "ONE\nMORE\n" and len(reads) == 5
    assert memo.get("other", [a, b], read) == "ONE\nMORE\n" and len(reads) == 6   # per key
