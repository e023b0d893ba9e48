"""The one place memjobs touches files: snapshots, O_APPEND appends, checked atomic replaces.

Other programs write the same files (OpenClaw's flush appends to daily files; people edit
MEMORY.md). A replace therefore re-checks the size, mtime and hash it read just before the
rename; if the file changed meanwhile it re-reads, re-applies the change and retries (docs/design.md §2).
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from memory_store import layout as L
from memory_store.errors import ConcurrentModification, EntryError, HeldOpen

REPLACE_ATTEMPTS = 3
HELD_OPEN_WAIT_S = 2.0    # how long a replace waits for another program to close the file


@dataclass(frozen=True)
class Snapshot:
    """A file's bytes and the stat fields a later replace re-checks."""
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


def atomic_write(path: Path, data: bytes, mode: int | None = None,
                 before_rename: Callable[[], None] | None = None) -> None:
    """Unique temp file in the same folder, fsync, mode set, `os.replace`, fsync the folder.
    `before_rename` is a test hook run just before the rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode if mode is not None else 0o644)
        if before_rename is not None:
            before_rename()
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise _naming(exc, path) from exc
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def append_bytes(path: Path, data: bytes) -> int:
    """Append with O_APPEND in one write; returns the file size before the append.

    A write that fails part-way (a full disk, a file-size limit) is taken back: the file is cut
    to the size it had, or removed if this append created it, so no truncated entry stays."""
    path.parent.mkdir(parents=True, exist_ok=True)
    created = False
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_EXCL, 0o644)
        created = True
    except FileExistsError:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    before = 0
    try:
        before = os.fstat(fd).st_size
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    except OSError as exc:
        _take_back(fd, path, before, created)
        raise _naming(exc, path) from exc
    finally:
        os.close(fd)
    return before


def _naming(exc: OSError, path: Path) -> OSError:
    """`exc` with the file it is about (an error of os.write carries none)."""
    if exc.filename is not None:
        return exc
    return OSError(exc.errno, exc.strerror, str(path))


def _take_back(fd: int, path: Path, size: int, created: bool) -> None:
    """Undo a failed append. Another program's append after ours would be cut too, but only
    when ours failed mid-way, i.e. the disk is full and theirs failed as well."""
    with contextlib.suppress(OSError):
        if created:
            os.unlink(path)
        else:
            os.ftruncate(fd, size)


@dataclass(frozen=True)
class Replaced:
    """The outcome of `replace_checked`: what was read and what was written."""
    before: Snapshot
    after: bytes | None          # None: the transform left the file as it was (nothing written)


def replace_checked(
    path: Path,
    transform: Callable[[str | None], str | None],
    *,
    before_commit: Callable[[int], None] | None = None,
    before_rename: Callable[[], None] | None = None,
    held_open_guard: bool = False,
) -> Replaced:
    """Read, transform, re-check, replace. `transform` gets the current text (None when missing)
    and returns the new text, or None for "no change". It may be called again after a
    concurrent change. `before_commit(attempt)` is a test hook run between read and re-check,
    `before_rename()` one between the re-check and the rename.

    Why the old file stays open across the rename: the re-check and the rename cannot be one
    atomic step, so another program's append can land in between, in the file being replaced.
    Those bytes are still in the old file (an O_APPEND write goes to its end): after the rename
    whatever follows the size we checked is read from it and appended to the new file, so no
    appended line is lost (docs/design.md §2).

    With `held_open_guard`, the replace first waits (up to HELD_OPEN_WAIT_S) until no other
    process holds the file open for writing, and fails with `HeldOpen`, writing nothing, if one
    still does: a program that keeps its descriptor across the rename would write into the
    replaced file, after the carry, where nobody reads it again (`open_writers`). And after the
    rename it keeps carrying what programs that opened the file just before the rename write to
    it, until they have closed it (`_carry_tail`)."""
    for attempt in range(REPLACE_ATTEMPTS):
        snap = read_snapshot(path)
        new_text = transform(snap.text)
        if new_text is None or (snap.text is not None and new_text == snap.text):
            return Replaced(snap, None)
        data = new_text.encode("utf-8")
        if before_commit is not None:
            before_commit(attempt)
        if held_open_guard and snap.exists:
            _wait_until_closed(path)
        old_fd = _open_same(path, snap)
        try:
            if not _unchanged(snap) or (snap.exists and old_fd is None):
                continue
            atomic_write(path, data, snap.mode, before_rename)
            if old_fd is not None:
                _carry_tail(old_fd, snap.size, path, held_open_guard)
        finally:
            if old_fd is not None:
                os.close(old_fd)
        return Replaced(snap, data)
    raise ConcurrentModification(
        f"the file kept changing while memjobs tried to update it ({REPLACE_ATTEMPTS} attempts); nothing was written",
        path=path,
    )


def _wait_until_closed(path: Path) -> None:
    end = time.monotonic() + HELD_OPEN_WAIT_S
    while True:
        holders = open_writers(path)
        if not holders:
            return
        if time.monotonic() >= end:
            pid, name = holders[0]
            raise HeldOpen(
                f"another program (pid {pid}, {name}) holds this file open for writing; replacing it now would lose "
                "what it writes after the swap, so nothing was written to it (run again once it has closed the file)",
                path=path,
            )
        time.sleep(0.05)


def open_writers(path: Path, ident: tuple[int, int] | None = None) -> list[tuple[int, str]]:
    """Other processes that hold `path` (or, with `ident`, the file of that device and inode,
    `path` being its name or former name) open for writing, as (pid, command name): Linux's
    /proc/<pid>/fd and fdinfo, for the processes this user may inspect; [] where there is no
    /proc. A process that opens the file after this look is not seen."""
    try:
        if ident is None:
            st = os.stat(path)
            ident = (st.st_dev, st.st_ino)
        pids = os.listdir("/proc")
    except OSError:
        return []
    me = os.getpid()
    found: list[tuple[int, str]] = []
    for pid in pids:
        if not pid.isdigit() or int(pid) == me:
            continue
        fd_dir = f"/proc/{pid}/fd"
        try:
            fds = os.listdir(fd_dir)
        except OSError:
            continue
        for fd in fds:
            try:
                # The link text is the path as the holder sees it: a cheap filter before the stat.
                if path.name not in os.readlink(f"{fd_dir}/{fd}"):
                    continue
                fst = os.stat(f"{fd_dir}/{fd}")
                if (fst.st_dev, fst.st_ino) != ident or not _open_for_writing(pid, fd):
                    continue
            except OSError:
                continue
            found.append((int(pid), _command(pid)))
            break
    return found


def _open_for_writing(pid: str, fd: str) -> bool:
    with open(f"/proc/{pid}/fdinfo/{fd}", encoding="ascii", errors="replace") as fh:
        for line in fh:
            if line.startswith("flags:"):
                return int(line.split()[1], 8) & os.O_ACCMODE != os.O_RDONLY
    return False


def _command(pid: str) -> str:
    try:
        with open(f"/proc/{pid}/comm", encoding="utf-8", errors="replace") as fh:
            return fh.read().strip() or "?"
    except OSError:
        return "?"


def _open_same(path: Path, snap: Snapshot) -> int | None:
    """A read descriptor of the file `snap` was taken from (None if it is gone or was replaced)."""
    if not snap.exists:
        return None
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return None
    st = os.fstat(fd)
    if st.st_size < snap.size or st.st_mtime_ns < snap.mtime_ns:
        os.close(fd)
        return None
    return fd


def _carry_tail(old_fd: int, checked_size: int, path: Path, wait_for_writers: bool = False) -> None:
    """Append to `path` what was appended to the replaced file after its size was checked.

    With `wait_for_writers`, then also what is written to the replaced file by programs that
    had it open at the rename (one that opened it just before, and writes just after): they are
    looked for by the replaced file's device and inode, and their bytes carried until they have
    closed it (up to HELD_OPEN_WAIT_S). Nobody can open the replaced file any more, so once no
    holder is left, one last carry has everything."""
    offset = _carry_from(old_fd, checked_size, path)
    if not wait_for_writers:
        return
    st = os.fstat(old_fd)
    end = time.monotonic() + HELD_OPEN_WAIT_S
    while True:
        holders = open_writers(path, (st.st_dev, st.st_ino))
        offset = _carry_from(old_fd, offset, path)     # after the look: a holder that just closed is in
        if not holders or time.monotonic() >= end:
            return
        time.sleep(0.01)


def _carry_from(old_fd: int, offset: int, path: Path) -> int:
    chunks: list[bytes] = []
    while True:
        chunk = os.pread(old_fd, 1 << 16, offset)
        if not chunk:
            break
        chunks.append(chunk)
        offset += len(chunk)
    if chunks:
        append_bytes(path, b"".join(chunks))
    return offset


# `atomic_write`'s temp files are `.<name>.<8 random>.tmp` beside their target. A kill -9 between
# creating one and the rename leaves it behind. Swept: the temp files of every file the jobs
# write (the layout's names, memory_store/layout.py) — microSync's, the daily job's (wrap-ups,
# episodes), weekly's — and of the notes of the locks a sweeping run holds. All of them are written
# only under microsync's lock, which the sweeping run holds, so none is in use. Core memory's
# files are not: the core writer takes only its own lock.
_TEMP_RE = re.compile(r"^\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp$")
_SWEPT_FOLDERS = ("", L.MEMORY_DIR, L.RECENT_DIR, L.ARCHIVE_DIR, L.EPISODES_DIR, L.SUMMARY_DIR, "memory/.locks")
_SWEPT_TARGETS = re.compile("|".join(f"(?:{p})" for p in (
    L.exactly(L.MEMORY_MD), L.DAILY_RE, L.RECENT_RE, L.MEMORY_ARCHIVE_RE, L.exactly(L.EPISODES_ARCHIVE),
    L.EPISODE_MONTH_RE, L.exactly(L.PROCEDURES), L.WRAPUP_RE,
    r"memory/\.locks/(?:microsync|daily|weekly)\.lock\.json")))


def sweep_temp_files(workspace: Path) -> list[str]:
    """Remove the temp files an interrupted job left beside its targets; returns their paths
    relative to the workspace. Call only while holding microsync's lock."""
    removed: list[str] = []
    for folder in _SWEPT_FOLDERS:
        base = workspace / folder if folder else workspace
        try:
            names = os.listdir(base)
        except (FileNotFoundError, NotADirectoryError):
            continue
        for name in sorted(names):
            m = _TEMP_RE.match(name)
            if m is None or not _SWEPT_TARGETS.fullmatch(f"{folder}/{m.group('name')}".lstrip("/")):
                continue
            path = base / name
            if path.is_symlink() or not path.is_file():
                continue
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
                removed.append(f"{folder}/{name}" if folder else name)
    return removed
