"""The one place memjobs touches files: snapshots, O_APPEND appends, checked atomic replaces.

Other programs write the same files (OpenClaw's flush appends to daily files; people edit
MEMORY.md). A replace therefore re-checks the size, mtime and hash it read just before the
rename; if the file changed meanwhile it re-reads, re-applies the change and retries (docs/design.md §2).
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from memory_store.errors import ConcurrentModification, EntryError

REPLACE_ATTEMPTS = 3


@dataclass(frozen=True)
class Snapshot:
    path: Path
    data: bytes | None          # None: the file does not exist
    size: int
    mtime_ns: int
    mode: int | None

    @property
    def exists(self) -> bool:
        return self.data is not None

    @property
    def sha256(self) -> str | None:
        return hashlib.sha256(self.data).hexdigest() if self.data is not None else None

    @property
    def text(self) -> str | None:
        if self.data is None:
            return None
        try:
            return self.data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = self.data[: exc.start].count(b"\n") + 1
            raise EntryError("file is not valid UTF-8", path=self.path, line=line) from exc


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_snapshot(path: Path) -> Snapshot:
    try:
        with open(path, "rb") as fh:
            st = os.fstat(fh.fileno())
            data = fh.read()
    except FileNotFoundError:
        return Snapshot(path, None, 0, 0, None)
    except IsADirectoryError:
        raise EntryError("is a folder where memjobs expects a file; rename or remove it", path=path) from None
    return Snapshot(path, data, st.st_size, st.st_mtime_ns, st.st_mode & 0o7777)


def read_text(path: Path) -> str | None:
    return read_snapshot(path).text


def _unchanged(snap: Snapshot) -> bool:
    try:
        st = os.stat(snap.path)
    except FileNotFoundError:
        return not snap.exists
    if not snap.exists or st.st_size != snap.size or st.st_mtime_ns != snap.mtime_ns:
        return False
    # Same size and mtime can still hide a rewrite within the timestamp's resolution.
    return read_snapshot(snap.path).data == snap.data


def fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes, mode: int | None = None) -> None:
    """Unique temp file in the same folder, fsync, mode set, `os.replace`, fsync the folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode if mode is not None else 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def append_bytes(path: Path, data: bytes) -> int:
    """Append with O_APPEND in one write; returns the file size before the append."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        before = os.fstat(fd).st_size
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)
    return before


@dataclass(frozen=True)
class Replaced:
    before: Snapshot
    after: bytes | None          # None: the transform left the file as it was (nothing written)


def replace_checked(
    path: Path,
    transform: Callable[[str | None], str | None],
    *,
    before_commit: Callable[[int], None] | None = None,
) -> Replaced:
    """Read, transform, re-check, replace. `transform` gets the current text (None when missing)
    and returns the new text, or None for "no change". It may be called again after a
    concurrent change. `before_commit(attempt)` is a test hook run between read and re-check."""
    for attempt in range(REPLACE_ATTEMPTS):
        snap = read_snapshot(path)
        new_text = transform(snap.text)
        if new_text is None or (snap.text is not None and new_text == snap.text):
            return Replaced(snap, None)
        data = new_text.encode("utf-8")
        if before_commit is not None:
            before_commit(attempt)
        if not _unchanged(snap):
            continue
        atomic_write(path, data, snap.mode)
        return Replaced(snap, data)
    raise ConcurrentModification(
        f"the file kept changing while memjobs tried to update it ({REPLACE_ATTEMPTS} attempts); nothing was written",
        path=path,
    )
