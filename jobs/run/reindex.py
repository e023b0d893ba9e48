"""After every job: the incremental index over all tiers (docs/design.md §5), so that files written by
the job, by people and by other programs are all searchable. Registered by jobs.registry."""

from __future__ import annotations

import sqlite3

from jobs.run.report import RunReport
from memory_store.config import Config
from memory_store.errors import MemjobsError


class IndexUpdateFailed(MemjobsError):
    code = "index"


def post_run(cfg: Config, report: RunReport) -> None:
    """Bring the index up to date. A failure never fails the job (the runner notes it); the
    generation file, bumped first, makes every later search say the index is out of date."""
    reindex(cfg, bool(report.written))


def reindex(cfg: Config, wrote: bool) -> None:
    """The index update after anything that changed files memjobs indexes: a job run (`post_run`),
    a `rollback` (jobs/run/history.py), which otherwise served the entries it took back until the
    next run."""
    from memory_store.search.indexer import bump_generation, update_index

    try:
        if wrote:
            bump_generation(cfg.state_dir)
        update_index(cfg)
    except (sqlite3.Error, OSError) as exc:
        raise IndexUpdateFailed(
            f"the search index could not be updated ({exc}); run `memjobs index --rebuild`",
            path=cfg.state_dir / "index.sqlite",
        ) from exc
