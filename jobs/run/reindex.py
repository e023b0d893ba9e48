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


CORE_INDEX_WAIT_S = 2.0   # a write's wait for the index lock; a full update holding it longer catches up itself


def core_written(cfg: Config) -> str | None:
    """After a core-memory write (`memjobs mem …`, `proposals accept`, the MCP write tools): the index
    rows of PROFILE.md and SESSION.md brought up to date at once, with the index writer's own lock
    (docs/design.md §3), so that `search --layer user_model` never serves an overwritten value as
    active nor misses a new key until the next job (explore14 #9). Only those files, and only in an
    index that exists: a few milliseconds. A note to print when the index could not be updated (the
    next `memjobs index` or job does it), else None; the write itself stands either way."""
    from memory_store import layout
    from memory_store.search.indexer import IndexBusy, update_index
    from memory_store.search.schema import INDEX_NAME

    if not (cfg.state_dir / INDEX_NAME).is_file():
        return None
    try:
        update_index(cfg, only=frozenset((layout.PROFILE, layout.SESSION)), lock_wait_s=CORE_INDEX_WAIT_S)
    except (IndexBusy, sqlite3.Error, OSError) as exc:
        return f"search will show this change after the next `memjobs index` or job (index not updated: {exc})"
    return None
