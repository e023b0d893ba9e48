"""A merge has a stable winner (jobs/weekly/planner.py `_dedupe`): two near-duplicate procedures (one
copy learned twice, e.g. in simplified and in traditional characters) whose scores cross as they
decay — each used again in turn — were merged A into B one week, B into A the next, and again, the
monthly archive recording a demotion each time. The one already in MEMORY.md (or, the first time,
the first stated) stays unless the other is clearly better."""
from __future__ import annotations

from pathlib import Path

from memory_store import procedures as pr
from memory_store.archive_format import parse_archive
from memory_store.memory_md import parse_memory_md
from tests.jobs.weekly.test_weekly_procedures import SRC, with_extra, write_procedures
from tests.jobs.weekly.test_weekly_support import run_weekly

STEPS = ["open the deploy checklist", "run make deploy-check", "post the deploy result in chat"]


def test_near_duplicates_whose_scores_cross_keep_one_winner(workspace: Path) -> None:
    first = pr.make_procedure("we deploy the service", STEPS, "2026-10-20", SRC, "explicit")
    again = pr.make_procedure("we deploy the service", STEPS, "2026-10-22", SRC, "explicit")
    winners: list[str] = []
    # Each week the other copy was used last, so the higher score alternates.
    for a_used, b_used, now in [("2026-10-20", "2026-10-30", "2026-11-02T03:00:00"),
                                ("2026-11-05", "2026-10-30", "2026-11-09T03:00:00"),
                                ("2026-11-05", "2026-11-12", "2026-11-16T03:00:00")]:
        write_procedures(workspace, [with_extra(first, success_count="1", last_used=a_used),
                                     with_extra(again, success_count="1", last_used=b_used)])
        report = run_weekly(workspace, now)
        assert report.status == "ok", report.errors
        md = parse_memory_md((workspace / "MEMORY.md").read_text(encoding="utf-8"))
        ids = {it.id for it in md.items} & {first.id, again.id}
        assert len(ids) == 1, (now, ids)
        winners.append(ids.pop())
    assert len(set(winners)) == 1, winners
    demoted = [a.id for p in (workspace / "memory" / "archive").glob("[0-9][0-9][0-9][0-9]-[0-9][0-9].md")
               for a in parse_archive(p.read_text(encoding="utf-8")) if a.id in {first.id, again.id}]
    assert demoted == [], demoted
