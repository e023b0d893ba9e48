"""A merge has a stable winner (jobs/weekly/planner.py `_dedupe`): two near-duplicate procedures (one
copy learned twice, e.g. in simplified and in traditional characters) whose scores cross as they
decay — each used again in turn — were merged A into B one week, B into A the next, and again, the
monthly archive recording a demotion each time. The one already in MEMORY.md (or, the first time,
the first stated) stays unless the other is clearly better."""
from __future__ import annotations

from pathlib import Path

from memory_store import procedures as pr
from memory_store.archive_format import parse_archive, parse_weekly_log
from memory_store.memory_md import parse_memory_md
from tests.jobs.weekly.test_weekly_procedures import SRC, with_extra, write_procedures
from tests.jobs.weekly.test_weekly_support import entry, memory_ids, reads_of, run_weekly, write_entries

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


def _demotions(ws: Path, ids: set[str]) -> list[str]:
    return [a.id for p in (ws / "memory" / "archive").glob("[0-9][0-9][0-9][0-9]-[0-9][0-9].md")
            for a in parse_archive(p.read_text(encoding="utf-8")) if a.id in ids]


def test_a_decision_restated_every_week_keeps_one_winner(workspace: Path) -> None:
    """One decision said again each week in other words: each new copy, fresher, outscores the
    copy in MEMORY.md (0.34 against 0.32 in the second week), and the highest-score rule put
    each new copy in and archived the last one, week after week. The first stays; nothing is
    archived; the later copies are merged into it."""
    said = [entry("Decision", "2026-11-03", "Staging deploys happen on Fridays"),
            entry("Decision", "2026-11-10", "Deploys to staging happen on Fridays"),
            entry("Decision", "2026-11-17", "On Fridays we deploy to staging")]
    ids = {e.id for e in said}
    for e, now in zip(said, ["2026-11-09T03:00:00", "2026-11-16T03:00:00", "2026-11-23T03:00:00"], strict=True):
        write_entries(workspace, [e])
        report = run_weekly(workspace, now)
        assert report.status == "ok", report.errors
        assert memory_ids(workspace) & ids == {said[0].id}, now
    assert _demotions(workspace, ids) == []
    merged = [ln.id for w in ("46", "47") for ln in parse_weekly_log(
        (workspace / "memory" / "archive" / f"weekly-2026-{w}.md").read_text(encoding="utf-8")).sections["Merged"]]
    assert merged == [said[1].id, said[2].id]


def test_a_newer_restatement_with_a_value_wins_at_once_and_stays(workspace: Path) -> None:
    """A restatement that adds a value ("… at 17:00") is the newer truth: it replaces the copy in
    MEMORY.md the week it is stated, however much more the old copy was read, and the old copy's
    reads do not bring it back (it lacks the value). One demotion: the old copy, once."""
    a = entry("Decision", "2026-11-02", "Staging deploys happen on Fridays")
    b = entry("Decision", "2026-11-11", "Staging deploys happen on Fridays at 17:00")
    write_entries(workspace, [a])
    reads_of(workspace, a.id, 10, "2026-W45")
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    assert memory_ids(workspace) & {a.id, b.id} == {a.id}
    write_entries(workspace, [b])
    reads_of(workspace, a.id, 10, "2026-W46")
    report = run_weekly(workspace, "2026-11-16T03:00:00")
    assert report.status == "ok", report.errors
    assert memory_ids(workspace) & {a.id, b.id} == {b.id}
    log = parse_weekly_log((workspace / "memory" / "archive" / "weekly-2026-46.md").read_text(encoding="utf-8"))
    assert [(ln.id, ln.reason.split(" (")[0]) for ln in log.sections["Merged"]] == [(a.id, f"merged into {b.id}")]
    # The third week: the old copy read ten times more, and something new so that the week compounds.
    reads_of(workspace, a.id, 10, "2026-W47")
    write_entries(workspace, [entry("Decision", "2026-11-18", "Invoices are rendered as PDF")])
    assert run_weekly(workspace, "2026-11-23T03:00:00").status == "ok"
    assert memory_ids(workspace) & {a.id, b.id} == {b.id}
    assert _demotions(workspace, {a.id, b.id}) == [a.id]


def test_a_switch_from_a_restated_value_takes_the_copy_in_memory_md_out_too(workspace: Path) -> None:
    """The copy in MEMORY.md stands for its restatements; a later switch linked (microSync's
    `supersedes:`) to a restatement merged into it replaces what they both say. The copy left
    MEMORY.md with it: "Use MySQL for the cart service" stayed beside "We switched the cart service
    from MySQL to Postgres" (a busy history migrating its tools, tests/jobs/dispatch/test_backfill_churn.py)."""
    first = entry("Decision", "2026-11-02", "Use MySQL for the cart service")
    again = entry("Decision", "2026-11-04", "Use MySQL for the cart service")
    write_entries(workspace, [first, again])
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    assert memory_ids(workspace) & {first.id, again.id} == {first.id}
    switch = entry("Decision", "2026-11-10", "We switched the cart service from MySQL to Postgres",
                   supersedes=again.id)
    write_entries(workspace, [switch])
    report = run_weekly(workspace, "2026-11-16T03:00:00")
    assert report.status == "ok", report.errors
    assert memory_ids(workspace) & {first.id, again.id, switch.id} == {switch.id}
    (line,) = [a for a in parse_archive((workspace / "memory" / "archive" / "2026-11.md").read_text(encoding="utf-8"))
               if a.id == first.id]
    assert line.reason == f"superseded by {switch.id} (as {again.id}, which says what it says)"
