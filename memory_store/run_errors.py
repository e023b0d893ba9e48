"""How a run report's errors read in one line (the daemon's log, `runs list`, `status`, `run`).

Here, not in jobs/run/, because the scheduler that jobs/run imports needs it too."""
from __future__ import annotations

from typing import Any


def error_text(e: dict[str, Any]) -> str:
    """One error of a run report as `path:line: message`, leaving out the parts it has not got
    (redacted: a message can quote what it could not read)."""
    from memory_store.redact import redact

    path, line = e.get("path"), e.get("line")
    where = f"{path}:{line}: " if path and line else (f"{path}: " if path else "")
    return where + redact(str(e.get("message")))


def failure_reason(report: dict[str, Any]) -> str | None:
    """Why a failed run failed, in one line: its first error, and how many more there are (what
    the daemon's log, `runs list` and `status` say, so that "failed" never stands alone)."""
    errors = [e for e in report.get("errors") or [] if isinstance(e, dict)]
    if not errors:
        return None
    more = len(errors) - 1
    return error_text(errors[0]) + (f" (and {more} more: `memjobs runs show {report.get('run_id')}`)" if more else "")
