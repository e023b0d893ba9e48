"""The `memjobs` logger's set-up, shared by the Typer app (`--log-level`) and the paths that run
without Typer (`jobs.cli.fast_run`), so that both log the same lines."""
from __future__ import annotations

import logging
import sys
from enum import StrEnum
from typing import Any


class LogLevel(StrEnum):
    debug = "debug"
    info = "info"
    warning = "warning"
    error = "error"


class _StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever `sys.stderr` is now (a test runner swaps it), never a stream kept from before."""

    @property  # type: ignore[override]
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, value: Any) -> None:
        pass


def setup_logging(level: str) -> None:
    """The one `memjobs` logger (docs/style.md §10) to stderr, as `memjobs: LEVEL: message`."""
    logger = logging.getLogger("memjobs")
    logger.setLevel(level.upper())
    if not any(isinstance(h, _StderrHandler) for h in logger.handlers):
        handler = _StderrHandler()
        handler.setFormatter(logging.Formatter("memjobs: %(levelname)s: %(message)s"))
        logger.addHandler(handler)
