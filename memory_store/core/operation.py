"""One core-memory operation as a recorded run (docs/design.md §3, §5): the core lock
(`memory/.locks/core.lock`, taken last, held briefly), the core writer with a run ledger (reverse
patches, so `memjobs rollback RUN` undoes it), and the audit events, each written to the run's
`memory_audit.jsonl` and appended to `.memjobs/audit/memory_audit.jsonl`.

A run folder is made only when the operation changes something or audits a refusal; a no-op
leaves no trace.

Inside a job (microSync, also as the first step of daily and weekly) the operations join the job's
run instead (`HostRun`): the core writer records on the job's ledger, the audit events go to the
job's `memory_audit.jsonl`, and no report of their own is written — so `memjobs runs` shows the
core files among the job's, and `memjobs rollback <job run>` undoes its core writes with the rest.
"""
from __future__ import annotations

import errno
import os
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memory_store.core.audit import Actor, line_of, new_request_id
from memory_store.core.files import AUDIT_LOG, run_audit
from memory_store.errors import StorageFull
from memory_store.ledger import RunLedger, new_run_id, utc_stamp
from memory_store.locks import JobLocks
from memory_store.writers import Writer, writer_for

# A full disk, a quota, a file-size limit, a read-only or unwritable file or folder: the operation
# fails with one line naming the file (exit 1, docs/design.md §8), as the jobs do, not a traceback.
_STORAGE_ERRORS = {errno.ENOSPC: "no space left on the device", errno.EDQUOT: "disk quota exceeded",
                   errno.EFBIG: "file too large for the file-size limit", errno.EROFS: "the file system is read-only",
                   errno.EACCES: "permission denied", errno.EPERM: "permission denied"}


_TEMP_NAME = re.compile(r"^\.(.+)\.[^.]+\.tmp$")      # memory_store/fileio.py's atomic_write


def storage_error(exc: BaseException | None) -> StorageFull | None:
    """The clear error for an OSError of writing a core file, or None for any other error."""
    if not isinstance(exc, OSError) or exc.errno not in _STORAGE_ERRORS:
        return None
    path = str(exc.filename2 or exc.filename or "")
    temp = _TEMP_NAME.match(os.path.basename(path))
    if temp is not None:        # the atomic write's temp file: name the file it was to replace
        path = os.path.join(os.path.dirname(path), temp.group(1))
    return StorageFull(f"cannot write: {_STORAGE_ERRORS[exc.errno]}; nothing half-written was kept",
                       path=path or None)


@dataclass(frozen=True)
class HostRun:
    """A job run that core operations join: its id and its core writer (on the job's ledger)."""
    run_id: str
    writer: Writer


@dataclass
class CoreRun:
    workspace: Path
    state_dir: Path
    op: str
    actor: Actor
    lock_wait_s: float = 300.0
    policy_file: Path | None = None       # for the last-known-good snapshot's policy reference
    run_id: str = ""
    request_id: str = field(default_factory=new_request_id)
    events: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    started: str = ""
    host: HostRun | None = None
    _locks: JobLocks | None = None
    _writer: Writer | None = None

    def __post_init__(self) -> None:
        if self.host is not None:
            self.run_id, self._writer = self.host.run_id, self.host.writer
        self.run_id = self.run_id or new_run_id("core")
        self.started = utc_stamp()

    @property
    def ledger(self) -> RunLedger:
        return RunLedger(self.state_dir, self.run_id)

    @property
    def writer(self) -> Writer:
        if self._writer is None:
            self._writer = writer_for("core", self.workspace, ledger=self.ledger)
        return self._writer

    def emit(self, event: dict[str, Any]) -> None:
        line = line_of(event)
        self.writer.append_log(run_audit(self.run_id), line)
        self.writer.append_log(AUDIT_LOG, line)
        self.events.append(event)

    def emit_many(self, events: list[dict[str, Any]]) -> None:
        """Several events in one append per log (a batch of thousands costs two fsyncs, not thousands)."""
        if not events:
            return
        lines = "".join(line_of(e) for e in events)
        self.writer.append_log(run_audit(self.run_id), lines)
        self.writer.append_log(AUDIT_LOG, lines)
        self.events.extend(events)

    def __enter__(self) -> CoreRun:
        self._locks = JobLocks(self.workspace, "core", self.run_id, self.lock_wait_s)
        self._locks.acquire()
        return self

    def __exit__(self, exc_type: object, exc: BaseException | None, tb: object) -> None:
        from memory_store.errors import MemjobsError

        storage = storage_error(exc) if isinstance(exc, OSError) else None
        try:
            if exc is None and self._writer is not None and any(p == "PROFILE.md" for p in self._writer.written):
                self._refresh_snapshot()
            if self.host is None and (self.events or (self._writer is not None and self._writer.written)):
                failed = storage or exc
                if isinstance(failed, MemjobsError):
                    self.errors.append(failed.as_error())
                self.ledger.write_report(self.report(failed=exc is not None))
        except OSError as late:
            # the snapshot or the run report could not be written: the same clear error, unless an
            # earlier one is already on its way
            if exc is None or storage is not None:
                storage = storage or storage_error(late)
                if storage is None:
                    raise
        finally:
            if self._locks is not None:
                self._locks.release()
        if storage is not None:
            raise storage from (exc or None)

    def _refresh_snapshot(self) -> None:
        """After a successful write of PROFILE.md, the runtime context's last-known-good snapshot
        (docs/design.md §6), through this run's writer so a rollback restores it too."""
        from memory_store.context.snapshot import SNAPSHOT_REL, snapshot_bytes

        self.writer.write_state(SNAPSHOT_REL, snapshot_bytes(self.workspace, self.policy_file, datetime.now(UTC)))

    def report(self, failed: bool = False) -> dict[str, Any]:
        written = list(self._writer.written) if self._writer is not None else []
        return {"job": "core", "op": self.op, "run_id": self.run_id, "status": "failed" if failed else "ok",
                "now": datetime.now(UTC).isoformat(), "started": self.started, "finished": utc_stamp(),
                "dry_run": False, "written": written, "added": sum(e["type"] == "fact.created" for e in self.events),
                "updated": sum(e["type"] != "fact.created" for e in self.events), "skipped": 0,
                "sources": [], "errors": self.errors, "events": len(self.events)}
