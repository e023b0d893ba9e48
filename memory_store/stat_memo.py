"""Answers worked out from files, kept in the process while those files have not changed.

A long-lived reader (the MCP server, the context provider) asks the same question of the same files
many times; each ask then costs one `stat` per file instead of a read. A file is the same while its
device, inode, size and modification time are (an atomic replace gives a new inode); a missing file
has a stamp of its own, so its appearing is a change too."""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Generic, TypeVar

Stamp = tuple[tuple[int, int, int, int], ...]
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_MISSING = (0, 0, -1, 0)


def stamp(paths: Sequence[Path]) -> Stamp:
    out = []
    for p in paths:
        try:
            st = p.stat()
        except OSError:
            out.append(_MISSING)
            continue
        out.append((st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns))
    return tuple(out)


class StatMemo(Generic[K, V]):
    """`get(key, paths, read)`: `read()`'s answer for `key`, worked out again only when one of
    `paths` changed since it was last worked out."""

    def __init__(self) -> None:
        self._kept: dict[K, tuple[Stamp, V]] = {}

    def get(self, key: K, paths: Sequence[Path], read: Callable[[], V]) -> V:
        now = stamp(paths)
        kept = self._kept.get(key)
        if kept is not None and kept[0] == now:
            return kept[1]
        got = read()
        self._kept[key] = (now, got)
        return got
