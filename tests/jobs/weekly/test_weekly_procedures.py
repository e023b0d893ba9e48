"""MEMORY.md's `## Procedures` section (jobs/weekly/procedures.py): the weekly compound lists the
best procedures of memory/procedures.md, which it reads and never writes, beside the Procedure
entries of older daily logs; ranked by decay on the days since last use, successes and confidence;
at most PROCEDURES_MAX; a procedure that leaves the index is archived with its reason."""
from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from jobs.weekly import scoring
from jobs.weekly.procedures import PROCEDURES_MAX, top_procedures
from memory_store import procedures as pr
from memory_store.archive_format import parse_archive, parse_weekly_log
from memory_store.entries import BlockEntry, Source
from memory_store.markdown_write import entries_suffix
from memory_store.memory_md import parse_memory_md
from tests.jobs.weekly.test_weekly_support import entry, run_weekly, snapshot, write_entries

SRC = Source("s1", "/tmp/transcripts/s1.jsonl", "L3-L3")
_TOPICS = ("deploy", "release", "backup", "rotate", "migrate", "invoice", "onboard", "rollback", "audit",
           "triage", "benchmark", "refund", "index", "translate")


def proc(topic: str, day: str, *, origin: str = "explicit", count: int = 1, last_used: str | None = None) -> BlockEntry:
    """A procedure as microSync writes it, with its own three steps (no two merge)."""
    e = pr.make_procedure(f"we {topic} the service", [f"open the {topic} checklist", f"run make {topic}-check",
                                                      f"post the {topic} result in chat"], day, SRC, origin)
    return with_extra(e, success_count=str(count), last_used=last_used or day)


def with_extra(e: BlockEntry, **values: str) -> BlockEntry:
    return replace(e, extra=tuple((k, values.get(k, v)) for k, v in e.extra))


def write_procedures(ws: Path, procs: list[BlockEntry]) -> None:
    text = pr.TITLE
    (ws / pr.REL).write_text(text + entries_suffix(text, procs), encoding="utf-8")


def section(ws: Path) -> list[str]:
    return [it.id for it in parse_memory_md((ws / "MEMORY.md").read_text("utf-8")).sections["Procedures"]]


def test_procedures_md_is_listed_in_memory_md_and_never_written(workspace: Path) -> None:
    """The section was always empty: the extractor's procedures go to memory/procedures.md and the
    compound promoted daily entries only."""
    deploy, backup = proc("deploy", "2026-11-03"), proc("backup", "2026-11-05", origin="correction")
    write_procedures(workspace, [deploy, backup])
    before = (workspace / pr.REL).read_bytes()
    report = run_weekly(workspace, "2026-11-09T03:00:00")
    assert report.status == "ok", report.errors
    assert section(workspace) == [deploy.id, backup.id]          # explicit 0.95 before correction 0.85
    text = (workspace / "MEMORY.md").read_text("utf-8")
    assert ("- we deploy the service — open the deploy checklist → run make deploy-check → post the deploy result\n"
            f"  in chat ([{deploy.id}](memory/procedures.md))") in text
    assert (workspace / pr.REL).read_bytes() == before
    log = next((workspace / "memory" / "archive").glob("weekly-*.md")).read_text("utf-8")
    assert {ln.id for ln in parse_weekly_log(log).sections["Promoted"]} == {deploy.id, backup.id}
    # A re-run of the week is a fixed point.
    again = snapshot(workspace)
    assert run_weekly(workspace, "2026-11-09T03:00:00").status in ("ok", "nothing")
    assert snapshot(workspace) == again


def test_daily_log_procedure_entries_still_count(workspace: Path) -> None:
    old = entry("Procedure", "2026-11-04", "Restart the worker after a config change",
                "Stop the worker, reload the config, start it again.")
    write_entries(workspace, [old])
    write_procedures(workspace, [proc("deploy", "2026-11-03")])
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    assert set(section(workspace)) == {old.id, proc("deploy", "2026-11-03").id}


def test_an_agents_proposal_waits_until_it_is_followed(workspace: Path) -> None:
    """Confidence and successes rank: an agent's record (0.60) followed once is not index-worthy;
    followed three more times it is."""
    write_procedures(workspace, [proc("audit", "2026-11-03", origin="agent")])
    run_weekly(workspace, "2026-11-09T03:00:00")
    assert section(workspace) == []
    write_procedures(workspace, [proc("audit", "2026-11-03", origin="agent", count=4, last_used="2026-11-12")])
    assert run_weekly(workspace, "2026-11-16T03:00:00").status == "ok"
    assert section(workspace) == [proc("audit", "2026-11-03", origin="agent").id]


def test_at_most_the_best_ten_and_the_ones_pushed_out_are_archived(workspace: Path) -> None:
    first = [proc(t, "2026-11-03") for t in _TOPICS[:PROCEDURES_MAX]]
    write_procedures(workspace, first)
    run_weekly(workspace, "2026-11-09T03:00:00")
    assert set(section(workspace)) == {p.id for p in first}
    # Two new procedures, each followed often since: they take the place of the two oldest.
    used = [proc(t, "2026-11-10", count=6) for t in _TOPICS[PROCEDURES_MAX:PROCEDURES_MAX + 2]]
    older = [proc(t, "2026-11-03", last_used="2026-11-04" if i >= 2 else "2026-11-03")
             for i, t in enumerate(_TOPICS[:PROCEDURES_MAX])]
    write_procedures(workspace, older + used)
    assert run_weekly(workspace, "2026-11-16T03:00:00").status == "ok"
    now = section(workspace)
    assert len(now) == PROCEDURES_MAX and sorted(now[:2]) == sorted(p.id for p in used)
    out = {p.id for p in first} - set(now)
    assert out == {older[0].id, older[1].id}
    archived = {a.id: a for a in parse_archive((workspace / "memory" / "archive" / "2026-11.md").read_text("utf-8"))}
    assert all(archived[i].reason == f"not among the {PROCEDURES_MAX} best procedures"
               and archived[i].link == "../procedures.md" for i in out)


def test_a_procedure_nobody_follows_goes_stale(workspace: Path) -> None:
    deploy = proc("deploy", "2026-11-03")
    write_procedures(workspace, [deploy])
    run_weekly(workspace, "2026-11-09T03:00:00")
    assert section(workspace) == [deploy.id]
    # ~150 days unused: 0.55 × 0.95 × 0.8 × e^(−0.005·150) < 0.20.
    report = run_weekly(workspace, "2027-04-12T03:00:00", day=date(2027, 4, 4))
    assert report.status == "ok", report.errors
    assert section(workspace) == []
    lines = parse_archive((workspace / "memory" / "archive" / "2027-04.md").read_text("utf-8"))
    assert [(a.id, a.reason) for a in lines] == [(deploy.id, "stale")]


def test_procedure_score_uses_last_use_and_successes() -> None:
    cut = date(2026, 11, 8)
    p = proc("deploy", "2026-06-01")
    fresh = with_extra(p, last_used="2026-11-08")
    assert scoring.score(fresh, cut, 0) == pytest.approx(0.55 * 0.95 * 0.8)
    assert scoring.score(p, cut, 0) < scoring.score(fresh, cut, 0)
    assert scoring.score(with_extra(fresh, success_count="5"), cut, 0) == pytest.approx(0.75 * 0.95 * 0.8)
    # A daily-log Procedure entry has neither field: scored as before, from its date.
    d = entry("Procedure", "2026-11-08", "Restart the worker", "Stop, reload, start.", confidence=0.9)
    assert scoring.score(d, cut, 0) == pytest.approx(0.5 * 0.9 * 0.8)


def test_top_procedures_orders_by_score_then_successes_then_date() -> None:
    a, b, c = proc("deploy", "2026-11-01", count=3), proc("backup", "2026-11-02"), proc("audit", "2026-11-03")
    entries = {e.id: e for e in (a, b, c)}
    kept, left = top_procedures([(b.id, 0.4, b.date), (c.id, 0.4, c.date), (a.id, 0.4, a.date)], entries)
    assert kept + left == [a.id, c.id, b.id]


def test_the_best_three_procedures_have_their_place_in_a_full_memory_md(workspace: Path) -> None:
    """Rules never decay: without a reserved place, a MEMORY.md full of rules lists no procedure."""
    (workspace / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\n"
                                            "limits: {memory_md_lines: 30}\n", encoding="utf-8")
    rules = [entry("Rule", "2026-11-03", f"Keep {t} {n}") for t in _TOPICS for n in range(3)]
    write_entries(workspace, rules)
    procs = [proc(t, "2026-11-03", count=n) for n, t in enumerate(_TOPICS[:5], 1)]
    write_procedures(workspace, procs)
    assert run_weekly(workspace, "2026-11-09T03:00:00", force=True).status == "ok"
    text = (workspace / "MEMORY.md").read_text("utf-8")
    assert len(text.splitlines()) <= 30
    assert set(section(workspace)) == {p.id for p in procs[2:]}      # the three most followed
    assert 0 < len(parse_memory_md(text).sections["Rules & constraints"]) < len(rules)
