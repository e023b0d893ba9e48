"""microSync (DESIGN §5): read new transcript lines, extract, append to daily files. (Landing.)"""
from __future__ import annotations

from datetime import datetime

from jobs.runner import RunContext


def sync_until(ctx: RunContext, until: datetime | None = None) -> None:
    """A microsync pass inside another job's run (daily/weekly step 1), with microsync's writer."""
    ctx.report.notes.append("microsync is not implemented in this build yet")


def step(ctx: RunContext) -> None:
    sync_until(ctx, ctx.options.until)
