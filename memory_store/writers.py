"""The single-writer table of docs/design.md §3, enforced in code.

A job gets a `Writer` for its row; any path outside it is refused with `WriterRefused` naming the
job and the path. Every write goes through here, which is also where the run ledger learns what
changed (audit line + reverse patch), where the job's deadline is checked before each write, and
where the bytes memjobs adds are redacted one last time.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from memory_store import layout as L
from memory_store.confine import check_inside
from memory_store.errors import WriterRefused
from memory_store.fileio import Snapshot, append_bytes, atomic_write, read_snapshot, replace_checked, sha256_bytes
from memory_store.ledger import RunLedger

# Files other programs write too (docs/design.md §2): a replace of one first waits until no other
# program holds it open for writing (memory_store/fileio.py `replace_checked`).
_SHARED = (L.exactly(L.MEMORY_MD), L.DAILY_RE, L.RECENT_RE)
# writer -> (paths it may write whole, paths where only entry status fields may change); the paths
# are the layout's names (memory_store/layout.py), so a file has its writer where it is named.
WRITER_TABLE: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "microsync": ((L.DAILY_RE, L.RECENT_RE, L.exactly(L.PROCEDURES)), ()),
    "daily": ((L.WRAPUP_RE,), ()),
    "weekly": ((L.exactly(L.MEMORY_MD), L.MEMORY_ARCHIVE_RE), (L.DAILY_RE, L.RECENT_RE)),
    # The daily job's episodes: write, renew, purge (docs/design.md §3.1); the archive line comes first.
    "episodes": ((L.EPISODE_MONTH_RE, L.exactly(L.EPISODES_ARCHIVE)), ()),
    "core": ((*map(L.exactly, L.CORE_FILES), L.exactly(L.CORE_ARCHIVE)), ()),
    "index": ((), ()),
    "daemon": ((), ()),
    "readonly": ((), ()),
}
# writer -> state files under .memjobs/ it may write (every job: its own state; index/daemon: theirs)
_STATE_RULES: dict[str, str] = {
    "index": r"\.memjobs/index[^/]*",
    "daemon": r"\.memjobs/daemon\.[^/]+",
    "readonly": r"(?!)",
}
_JOB_STATE = r"\.memjobs/(?!index|daemon\.)[^\0]+"
# writer -> append-only logs under .memjobs/ (never in a run's reverse patches: rollback appends to
# them instead of cutting them short)
_LOG_RULES: dict[str, str] = {
    "core": r"\.memjobs/(audit|runs/[^/]+)/memory_audit\.jsonl",
}


def _match(patterns: tuple[str, ...], rel: str) -> bool:
    return any(re.fullmatch(p, rel) for p in patterns)


def _redact(text: str) -> str:
    from memory_store.redact import redact

    return redact(text)


@dataclass
class PlannedWrite:
    op: str            # append | replace | fields | state
    path: str
    text: str


@dataclass
class Writer:
    """Writes of one job, restricted to its row. With `dry_run` nothing is written: `planned`
    collects what would have been."""

    job: str
    workspace: Path
    ledger: RunLedger | None = None
    dry_run: bool = False
    before_write: Callable[[], None] | None = None     # the runner's deadline check
    critical: Any = None                                # the runner's critical-section guard
    written: list[str] = field(default_factory=list)
    planned: list[PlannedWrite] = field(default_factory=list)

    # ---- policy -------------------------------------------------------------------------

    def rel(self, path: Path | str) -> str:
        p = Path(path)
        if p.is_absolute():
            try:
                p = p.resolve().relative_to(self.workspace.resolve())
            except ValueError:
                raise WriterRefused(f"{self.job} may not write outside the workspace", path=path) from None
        rel = PurePosixPath(p.as_posix())
        if ".." in rel.parts:
            raise WriterRefused(f"{self.job} may not write outside the workspace", path=path)
        return str(rel)

    def may_write(self, rel: str) -> bool:
        whole, _ = WRITER_TABLE.get(self.job, ((), ()))
        return _match(whole, rel)

    def may_set_fields(self, rel: str) -> bool:
        _, fields_only = WRITER_TABLE.get(self.job, ((), ()))
        return _match(fields_only, rel)

    def may_write_state(self, rel: str) -> bool:
        rule = _STATE_RULES.get(self.job, _JOB_STATE)
        return re.fullmatch(rule, rel) is not None

    def _check(self, rel: str, allowed: bool) -> Path:
        if not allowed:
            raise WriterRefused(f"the {self.job} job may not write {rel}", path=rel)
        target = self.workspace / rel
        # Nothing is written through a symlink that leads out of the workspace (an append would
        # land in the file it points at), nor into a folder that has a file's name.
        check_inside(self.workspace, target, rel)
        if target.is_dir():
            raise WriterRefused(f"{rel} is a folder, not a file; the {self.job} job cannot write it", path=rel)
        return target

    def _guard(self) -> None:
        if self.before_write is not None:
            self.before_write()

    def _note(self, rel: str) -> None:
        if rel not in self.written:
            self.written.append(rel)

    def _in_critical(self) -> Any:
        import contextlib

        return self.critical() if self.critical is not None else contextlib.nullcontext()

    # ---- memory files -----------------------------------------------------------------------

    def append(self, path: Path | str, text: str) -> None:
        """Append `text` (redacted) with O_APPEND."""
        rel = self.rel(path)
        target = self._check(rel, self.may_write(rel))
        text = _redact(text)
        if not text:
            return
        if self.dry_run:
            self.planned.append(PlannedWrite("append", rel, text))
            return
        self._guard()
        data = text.encode("utf-8")
        with self._in_critical():
            n = self.ledger.intent(rel, data) if self.ledger is not None else 0
            offset = append_bytes(target, data)
            if self.ledger is not None:
                after = read_snapshot(target)
                self.ledger.patch({"op": "append", "path": rel, "offset": offset, "length": len(data),
                                   "sha_appended": sha256_bytes(data), "sha_after": after.sha256,
                                   "created": offset == 0, "n": n})
                self.ledger.audit("append", rel, bytes=len(data))
        self._note(rel)
        _test_stop_after(rel)

    def replace(self, path: Path | str, transform: Callable[[str | None], str | None],
                *, fields_only: bool = False) -> bool:
        """Replace the file with `transform(current text)`; None or equal text writes nothing.
        Returns whether the file changed. Lines memjobs adds are redacted."""
        rel = self.rel(path)
        allowed = self.may_set_fields(rel) if fields_only else self.may_write(rel)
        target = self._check(rel, allowed)

        def apply(old: str | None) -> str | None:
            new = transform(old)
            if new is None or new == old:
                return None
            new = _redact_added(old or "", new)
            if fields_only:
                _assert_fields_only(self.job, rel, old or "", new)
            return new

        if self.dry_run:
            new = apply(read_snapshot(target).text)
            if new is not None:
                self.planned.append(PlannedWrite("fields" if fields_only else "replace", rel, new))
            return new is not None
        self._guard()
        with self._in_critical():
            result = replace_checked(target, apply, held_open_guard=_match(_SHARED, rel))
            if result.after is None:
                return False
            if self.ledger is not None:
                self._record_replace(rel, result.before, result.after)
        self._note(rel)
        _test_stop_after(rel)
        return True

    def _record_replace(self, rel: str, before: Snapshot, after: bytes) -> None:
        assert self.ledger is not None
        old_lines = (before.data or b"").decode("utf-8").splitlines(keepends=True)
        new_lines = after.decode("utf-8").splitlines(keepends=True)
        hunks = [
            {"b": [j1, j2], "old": "".join(old_lines[i1:i2])}
            for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False).get_opcodes()
            if tag != "equal"
        ]
        self.ledger.patch({"op": "replace", "path": rel, "created": not before.exists,
                           "sha_before": before.sha256, "sha_after": sha256_bytes(after), "hunks": hunks})
        self.ledger.audit("replace", rel, hunks=len(hunks))

    # ---- .memjobs state ---------------------------------------------------------------------

    def append_log(self, path: Path | str, text: str) -> None:
        """Append redacted `text` to an append-only log of this writer's row (the core audit trail).
        Not recorded for rollback: a log is never shortened (docs/design.md §6)."""
        rel = self.rel(path)
        rule = _LOG_RULES.get(self.job)
        target = self._check(rel, rule is not None and re.fullmatch(rule, rel) is not None)
        if self.dry_run:
            self.planned.append(PlannedWrite("append", rel, _redact(text)))
            return
        if self.ledger is not None:   # the run's folder gets its place among the runs first (ledger.py)
            self.ledger.ensure_open()
        with self._in_critical():
            append_bytes(target, _redact(text).encode("utf-8"))

    def write_state(self, path: Path | str, data: bytes) -> None:
        rel = self.rel(path)
        target = self._check(rel, self.may_write_state(rel))
        if self.dry_run:
            return
        with self._in_critical():
            before = read_snapshot(target).data
            if before == data:
                return  # unchanged: no write, and nothing for the ledger to keep or roll back
            if self.ledger is not None:
                self.ledger.save_state_before(rel, before, data)
            atomic_write(target, data, 0o600)


STOP_ENV = "MEMJOBS_TEST_STOP_AFTER"


def _test_stop_after(rel: str) -> None:
    """Test hook: with MEMJOBS_TEST_STOP_AFTER=<path>, the process stops itself (SIGSTOP) right
    after its write to that workspace path is made and recorded, so a test can kill -9 it at
    exactly that point (between the markdown and the state written after it)."""
    import os

    if os.environ.get(STOP_ENV) == rel:
        import signal

        os.kill(os.getpid(), signal.SIGSTOP)


def _redact_added(old: str, new: str) -> str:
    kept = set(old.splitlines(keepends=True))
    lines = new.splitlines(keepends=True)
    return "".join(line if line in kept else _redact(line) for line in lines)


_ALLOWED_FIELD_LINE = re.compile(r"^-[ \t]+(status|superseded_by)[ \t]*:.*$")


def _assert_fields_only(job: str, rel: str, old: str, new: str) -> None:
    """Weekly may change only `status` / `superseded_by` lines of entries in daily files."""
    a = old.splitlines()
    b = new.splitlines()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        for line in a[i1:i2] + b[j1:j2]:
            if not _ALLOWED_FIELD_LINE.match(line.rstrip("\r")):
                raise WriterRefused(f"the {job} job may change only status fields in {rel}, not {line[:60]!r}",
                                    path=rel)


def writer_for(job: str, workspace: Path, **kw: Any) -> Writer:
    if job not in WRITER_TABLE:
        raise WriterRefused(f"unknown writer {job!r}")
    return Writer(job=job, workspace=workspace, **kw)
