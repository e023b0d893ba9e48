"""Syslog priorities for the daemon's event lines, so that journald shows warnings and errors as such.

Under systemd the daemon's stderr goes to the journal, which reads a leading `<N>` on a line as
its priority (sd-daemon(3); systemd sets `JOURNAL_STREAM` for a service whose output goes to the
journal). Elsewhere (a terminal, a test) the lines stay plain JSON.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

ERR, WARNING, NOTICE, INFO = 3, 4, 5, 6
_BY_EVENT = {"error": ERR, "job_timeout": ERR, "missed": WARNING, "catch_up": NOTICE, "job_stderr": WARNING,
             "start": NOTICE, "stopping": NOTICE, "stop": NOTICE, "job_stop": WARNING}
_BY_LEVEL = {"critical": 2, "error": ERR, "warning": WARNING, "info": INFO, "debug": 7}


def priority(event: str, fields: Mapping[str, Any]) -> int:
    """The syslog priority of one daemon event line."""
    if event == "job_end":
        status = fields.get("status")
        if status == "failed" and fields.get("exit_code") != 75:
            return ERR
        return WARNING if status in ("failed", "degraded", "timeout") else INFO
    if event == "scheduler_log":
        return _BY_LEVEL.get(str(fields.get("level")), WARNING)
    return _BY_EVENT.get(event, INFO)


def to_journal(env: Mapping[str, str] | None = None) -> bool:
    """True when stderr goes to the journal (systemd sets `JOURNAL_STREAM` then)."""
    env = os.environ if env is None else env
    return bool(env.get("JOURNAL_STREAM"))
