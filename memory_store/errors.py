"""memjobs' own exception types. Each carries the file and line it is about, and an exit code.

Exit codes (docs/design.md §8): 0 done; 1 the run could not complete; 2 usage; 3 validate found
problems; 75 another run holds the lock.
"""
from __future__ import annotations

from pathlib import Path

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INVALID = 3
EXIT_LOCKED = 75


class MemjobsError(Exception):
    """Base of every expected error: printed as one `Error: …` line, never a traceback."""

    exit_code = EXIT_FAILED
    code = "failed"

    def __init__(self, message: str, *, path: Path | str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line

    def __str__(self) -> str:
        if self.path and self.line:
            return f"{self.path}:{self.line}: {self.message}"
        if self.path:
            return f"{self.path}: {self.message}"
        return self.message

    def as_error(self) -> dict[str, object]:
        """The shape of one item of a report's `errors` list."""
        return {"path": self.path, "line": self.line, "code": self.code, "message": self.message}


class ConfigError(MemjobsError):
    code = "config"


class NotAWorkspace(ConfigError):
    """A command that works on a workspace was pointed at a folder that is not one."""

    code = "not_a_workspace"


class LayoutBlocked(MemjobsError):
    """Something other than a folder (a file named `memory`, a dangling link) where the workspace
    layout has a folder: nothing can be created or written under it."""

    code = "layout"


class SourceEmpty(ConfigError):
    """A configured transcript source that matches no file, or none that can be read."""

    code = "source_empty"


class UsageError(MemjobsError):
    exit_code = EXIT_USAGE
    code = "usage"


class UnknownRun(UsageError):
    """A run id the ledger does not hold (`runs show`, `rollback`): one message, exit 2."""

    code = "unknown_run"

    def __init__(self, run_id: str) -> None:
        super().__init__(f"no recorded run {run_id!r} (see `memjobs runs`)")


class EntryError(MemjobsError):
    """A markdown entry that does not parse or convert (hand-edited, or corrupted)."""

    code = "bad_entry"


class DuplicateId(EntryError):
    """Two lines of one core-memory file carry the same `id:` (a line copied by hand): an edit by
    that id could touch either, so memjobs edits neither (docs/design.md §5: never hard-deleted)."""

    code = "duplicate_id"


class WriterRefused(MemjobsError):
    """A job tried to write outside its row of the single-writer table (docs/design.md §3)."""

    code = "writer_refused"


class ConcurrentModification(MemjobsError):
    """A file kept changing under memjobs between read and replace, past the retries."""

    code = "concurrent_modification"


class HeldOpen(ConcurrentModification):
    """Another program holds the file open for writing: replacing it would lose what it writes
    through that descriptor after the swap."""

    code = "held_open"


class LockHeld(MemjobsError):
    exit_code = EXIT_LOCKED
    code = "locked"


class JobTimeout(MemjobsError):
    code = "timeout"


class GuardRefused(MemjobsError):
    """A safety guard refused the plan (turnover, an item that would not be archived, …)."""

    code = "guard"


class RollbackRefused(MemjobsError):
    code = "rollback_refused"


class IndexMissing(MemjobsError):
    code = "index_missing"


class IndexOtherVersion(IndexMissing):
    """The index was built by another version of memjobs (its tokenizer or schema): readers answer
    from a scan of the memory files until the index maintainer rebuilds it (memory_store/search/query.py)."""


class LLMError(MemjobsError):
    code = "llm"


class OutsideWorkspace(MemjobsError):
    """A path that leads out of the workspace (a symlink, `..`, an absolute path) or is not a
    memory file: memjobs neither reads, serves nor writes it (docs/design.md §2, §3)."""

    code = "outside_workspace"


class StorageFull(MemjobsError):
    """The disk is full, or the workspace cannot be written (read-only, a quota, a size limit)."""

    code = "storage"


class MemoryRefused(MemjobsError):
    """Core memory refused a change: a reserved `policy.*` key, a write to POLICY.md, a lifecycle
    transition that does not exist (reactivate an active fact, revoke a revoked one)."""

    code = "refused"


class MemoryNotFound(MemjobsError):
    """No core-memory entry (or proposal) has that id: a usage error, exit 2, as an unknown id is to
    `memjobs get`, `runs show`, `rollback` and `conflicts resolve`."""

    code = "not_found"
    exit_code = EXIT_USAGE


class ConflictNotFound(MemjobsError):
    """`conflicts resolve` was given an id that names no open possible conflict (a usage error,
    like an unknown id to `memjobs get`)."""

    exit_code = EXIT_USAGE
    code = "not_found"
