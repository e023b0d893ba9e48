"""The weekly compound end to end: three simulated weeks with --now, budgets
with 1,000 candidates, nothing lost, the user's text untouched, re-runs and dry runs change no
byte, guards refuse, and a run killed between its writes is completed by the next."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from datetime import date, datetime
from pathlib import Path

import pytest

from memory_store.archive_format import parse_weekly_log
from memory_store.markdown import parse_document
from memory_store.memory_md import BEGIN, END
from tests.conftest import REPO
from tests.jobs.weekly.test_weekly_support import (
    archived_ids,
    entry,
    load_cfg,
    memory_ids,
    pinned_part,
    run_weekly,
    snapshot,
    write_entries,
)

PINNED = (
    "# MEMORY\n\nMy own notes stay mine.\n\n## Pinned\n- Always answer in English, even when asked in Thai.\n"
    "- ห้ามลบไฟล์นี้\n\n"
)
TAIL = "\n## Notes by hand\nA paragraph after the generated part.\n"


def _memory_with_user_text(ws: Path) -> None:
    generated = (
        f"{BEGIN}\n## Rules & constraints\n\n## Decisions\n\n## Architecture\n\n## Remember\n\n## Procedures\n\n{END}\n"
    )
    (ws / "MEMORY.md").write_text(PINNED + generated + TAIL, encoding="utf-8")


_WORDS = tuple(
    [
        "alpha",
        "bravo",
        "charlie",
        "delta",
        "echo",
        "foxtrot",
        "golf",
        "hotel",
        "india",
        "juliet",
        "kilo",
        "lima",
        "mike",
        "november",
        "oscar",
        "papa",
        "quebec",
        "romeo",
        "sierra",
        "tango",
        "uniform",
        "victor",
        "whiskey",
        "xray",
        "yankee",
        "zulu",
        "amber",
        "basalt",
        "cobalt",
        "dune",
        "ember",
        "fjord",
        "granite",
        "harbor",
        "iris",
        "jade",
        "kelp",
        "lagoon",
        "meadow",
        "nectar",
        "onyx",
        "pebble",
        "quartz",
        "reef",
        "sage",
        "tundra",
    ]
)


def _many(n: int, days: list[str], seed: int = 5) -> list:
    """`n` distinct rules and decisions, varied enough not to be near-duplicates of each other."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        words = " ".join(rng.sample(_WORDS, 6))
        kind = ("Rule", "Decision", "Constraint", "Architecture")[i % 4]
        out.append(
            entry(
                kind,
                days[i % len(days)],
                f"Service {i} policy {words}",
                f"Component {i} follows {words}.",
                confidence=0.6 + (i % 4) / 10,
            )
        )
    return out


def _assert_nothing_lost(before: set[str], ws: Path) -> None:
    after = memory_ids(ws) | archived_ids(ws)
    assert before <= after, f"lost: {sorted(before - after)[:5]}"


def _status(ws: Path, day: str, entry_id: str) -> tuple[str | None, str | None]:
    block = parse_document((ws / "memory" / f"{day}.md").read_text(encoding="utf-8")).find(entry_id)
    assert block is not None
    return block.get("status"), block.get("superseded_by")


def test_three_weeks_end_to_end(workspace: Path) -> None:
    ws = workspace
    _memory_with_user_text(ws)
    user_text = pinned_part((ws / "MEMORY.md").read_text(encoding="utf-8"))

    # Week 1 (2026-W45): the first decisions and rules.
    mysql = entry("Decision", "2026-11-02", "Use MySQL for the bookings store", "Bookings live in MySQL 8.")
    redis = entry("Decision", "2026-11-03", "Use Redis for the session cache", "Sessions are cached in Redis.")
    rule = entry("Rule", "2026-11-03", "Never push directly to main", "All changes go through pull requests.")
    rabbit = entry("Decision", "2026-11-04", "使用 RabbitMQ 作为事件总线", "事件总线使用 RabbitMQ。")
    leave = entry("Remember", "2026-11-06", "I am on leave on 2026-11-20", "")
    write_entries(ws, [mysql, redis, rule, rabbit, leave])
    report = run_weekly(ws, "2026-11-09T03:00:00")
    assert report.status == "ok", report.errors
    assert {mysql.id, redis.id, rule.id, rabbit.id, leave.id} <= memory_ids(ws)
    assert report.added == 5

    # Week 2 (2026-W46): a reversal in English and one in Chinese, a similar-but-not-reversed
    # pair, and a near-duplicate of the rule.
    before = memory_ids(ws)
    pg = entry(
        "Decision",
        "2026-11-10",
        "Move the bookings store to PostgreSQL instead of MySQL",
        "Bookings live in PostgreSQL 16.",
    )
    memcached = entry(
        "Decision", "2026-11-11", "Use Memcached for the session cache", "Sessions are cached in Memcached."
    )
    kafka = entry("Decision", "2026-11-12", "不再使用 RabbitMQ 作为事件总线，改用 Kafka", "事件总线改用 Kafka。")
    rule_again = entry(
        "Rule", "2026-11-13", "Never push directly to main!", "All changes go through pull requests.", confidence=0.8
    )
    write_entries(ws, [pg, memcached, kafka, rule_again])
    snap = snapshot(ws)
    dry = run_weekly(ws, "2026-11-16T03:00:00", dry_run=True)
    plan = dry.details["dry_run_output"]
    assert f"supersede (2):\n  {mysql.id}: superseded by {pg.id}" in plan and "--- new MEMORY.md ---" in plan
    assert snapshot(ws) == snap  # a dry run writes nothing
    report = run_weekly(ws, "2026-11-16T03:00:00")
    assert report.status == "ok", report.errors
    _assert_nothing_lost(before, ws)
    ids = memory_ids(ws)
    assert _status(ws, "2026-11-02", mysql.id) == ("superseded", pg.id)
    assert _status(ws, "2026-11-04", rabbit.id) == ("superseded", kafka.id)
    assert pg.id in ids and kafka.id in ids and mysql.id not in ids and rabbit.id not in ids
    assert _status(ws, "2026-11-03", redis.id) == ("active", None)  # only warned about
    assert _status(ws, "2026-11-11", memcached.id) == ("active", None)
    # A possible conflict: the established entry stays in MEMORY.md, the newer one is held out.
    assert redis.id in ids and memcached.id not in ids
    assert rule.id in ids and rule_again.id not in ids  # merged into the older rule
    log_text = (ws / "memory" / "archive" / "weekly-2026-46.md").read_text(encoding="utf-8")
    log = parse_weekly_log(log_text)
    superseded = {ln.id: ln.reason for ln in log.sections["Superseded"]}
    assert pg.id in superseded[mysql.id] and "2026-11-10" in superseded[mysql.id]
    assert kafka.id in superseded[rabbit.id]
    assert [ln.id for ln in log.sections["Possible conflicts"]] == [memcached.id]
    assert redis.id in log.sections["Possible conflicts"][0].reason
    assert {ln.id for ln in log.sections["Merged"]} == {rule_again.id}
    archive = (ws / "memory" / "archive" / "2026-11.md").read_text(encoding="utf-8")
    assert f"([{mysql.id}](../2026-11-02.md)) — demoted 2026-11-15: superseded by {pg.id}" in archive

    # Week 3 (2026-W47): 1,000 candidate entries, far more than MEMORY.md holds: the character budget
    # stops the fit (about 180 lines and 11,970 characters, as with 2,000); it stays within its budgets.
    before = memory_ids(ws)
    days = [date(2026, 11, d).isoformat() for d in range(17, 23)]
    write_entries(ws, _many(1000, days))
    report = run_weekly(ws, "2026-11-23T03:00:00")
    assert report.status == "ok", report.errors
    text = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200 and len(text) <= 12_000
    assert len(memory_ids(ws)) > 40
    _assert_nothing_lost(before, ws)
    assert pinned_part(text) == user_text
    assert (ws / "memory" / "archive" / "weekly-2026-47.md").exists()
    from memory_store.check import validate_paths

    assert [p.format() for p in validate_paths(ws) if p.severity == "error"] == []

    # The same week again at a later now: not one byte changes.
    snap = snapshot(ws)
    assert run_weekly(ws, "2026-11-25T18:00:00").status == "nothing"
    assert snapshot(ws) == snap


def test_dry_run_prints_the_plan_and_writes_nothing(workspace: Path) -> None:
    ws = workspace
    write_entries(ws, [entry("Rule", "2026-11-03", "Run the linter before every commit")])
    snap = snapshot(ws, with_state=True)
    report = run_weekly(ws, "2026-11-09T03:00:00", dry_run=True)
    out = report.details["dry_run_output"]
    assert "promote (1):" in out and "RULE-20261103-run-the-linter-before-every-commit" in out
    assert "## Rules & constraints\n- Run the linter before every commit" in out
    after = snapshot(ws, with_state=True)
    assert {k: v for k, v in after.items() if not k.startswith(".memjobs/runs/")} == snap


def test_missed_weeks_are_compounded_oldest_first(workspace: Path) -> None:
    """Pins: without an explicit week, up to 4 missed weeks run first, each with its own cut-off."""
    ws = workspace
    old = entry("Decision", "2026-10-27", "Use Terraform for infrastructure", "Infra lives in Terraform.")
    write_entries(
        ws,
        [old, entry("Rule", "2026-11-04", "Tag every release"), entry("Rule", "2026-11-18", "Review every migration")],
    )
    report = run_weekly(ws, "2026-11-23T03:00:00")
    assert [w["week"] for w in report.details["weeks"]] == ["2026-W44", "2026-W45", "2026-W47"]
    for key in ("2026-44", "2026-45", "2026-47"):
        assert (ws / "memory" / "archive" / f"weekly-{key}.md").exists()
    assert not (ws / "memory" / "archive" / "weekly-2026-46.md").exists()  # nothing waited in W46
    promoted = parse_weekly_log((ws / "memory" / "archive" / "weekly-2026-44.md").read_text(encoding="utf-8"))
    assert promoted.ids("Promoted") == {old.id}


def test_late_entry_of_a_compounded_week_is_picked_up_next_week(workspace: Path) -> None:
    ws = workspace
    write_entries(ws, [entry("Rule", "2026-11-03", "Tag every release")])
    run_weekly(ws, "2026-11-09T03:00:00")
    late = entry("Rule", "2026-11-05", "Pin every dependency")  # backfilled after W45 ran
    write_entries(ws, [late])
    assert late.id not in memory_ids(ws)
    run_weekly(ws, "2026-11-16T03:00:00")
    assert late.id in memory_ids(ws)


def test_turnover_guard_refuses_then_force_allows(workspace: Path) -> None:
    ws = workspace
    rules = [entry("Rule", "2026-11-03", f"Rule number {i} about {w}") for i, w in enumerate(_WORDS[:24])]
    write_entries(ws, rules)
    run_weekly(ws, "2026-11-09T03:00:00")
    assert len(memory_ids(ws)) == 24
    # Seven of 24 (29 %) are superseded explicitly next week.
    write_entries(ws, [entry("Rule", "2026-11-10", f"Replacement {i}", supersedes=rules[i].id) for i in range(7)])
    snap = snapshot(ws)
    report = run_weekly(ws, "2026-11-16T03:00:00")
    assert report.status == "failed" and report.exit_code == 1
    assert report.errors[0]["code"] == "guard" and "--force" in report.errors[0]["message"]
    assert snapshot(ws) == snap
    report = run_weekly(ws, "2026-11-16T03:00:00", force=True)
    assert report.status == "ok"
    assert len(archived_ids(ws)) == 7


def test_explicit_week_must_be_over(workspace: Path) -> None:
    """A week not over yet is a usage error before the run starts (exit 2; jobs/dispatch/options.py);
    the job's own check stays for a caller of `run_job` itself."""
    from jobs.run.runner import RunOptions, run_job
    from jobs.weekly.job import step
    from memory_store.errors import UsageError

    with pytest.raises(UsageError, match="the week 2026-W46 ends at 2026-11-16T00:00:00[+]07:00, after now"):
        run_weekly(workspace, "2026-11-12T03:00:00", day=date(2026, 11, 10))
    report = run_job(load_cfg(workspace), "weekly", step, now=datetime.fromisoformat("2026-11-12T03:00:00+07:00"),
                     options=RunOptions(day=date(2026, 11, 10)))
    assert report.status == "failed" and report.errors[0]["code"] == "usage"


def _crash_scenario(ws: Path) -> None:
    """Week 45 compounded; week 46 waits with a reversal (archive, status, MEMORY.md, log writes)."""
    write_entries(
        ws,
        [
            entry("Decision", "2026-11-02", "Use MySQL for the bookings store"),
            entry("Rule", "2026-11-03", "Never push directly to main"),
        ],
    )
    assert run_weekly(ws, "2026-11-09T03:00:00").status == "ok"
    write_entries(
        ws,
        [
            entry("Decision", "2026-11-10", "Move the bookings store to PostgreSQL instead of MySQL"),
            entry("Rule", "2026-11-11", "Squash commits before merging"),
        ],
    )


def test_run_killed_between_writes_is_completed_by_the_next(workspace: Path, tmp_path: Path) -> None:
    """Pins: every write of a weekly run is idempotent and the plan is saved first, so a run that
    dies hard after any write is finished by the next run, byte for byte."""
    _crash_scenario(workspace)
    reference = tmp_path / "reference"
    shutil.copytree(workspace, reference)
    assert run_weekly(reference, "2026-11-16T03:00:00").status == "ok"
    expected = snapshot(reference)
    writes = 7  # pending plan, archive, status field, MEMORY.md, weekly log, marks, pending cleared
    procs: dict[int, tuple[Path, subprocess.Popen[str]]] = {}
    for n in range(1, writes):  # the crashing runs are independent: start them all at once
        ws = tmp_path / f"crash{n}"
        shutil.copytree(workspace, ws)
        env = {**os.environ, "MEMJOBS_WORKSPACE": str(ws), "MEMJOBS_TEST_CRASH_AFTER_WRITES": str(n)}
        procs[n] = (
            ws,
            subprocess.Popen(
                [sys.executable, "-m", "jobs", "run", "weekly", "--now", "2026-11-16T03:00:00"],
                env=env,
                cwd=REPO,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            ),
        )
    for n, (ws, proc) in sorted(procs.items()):
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 99, (n, out, err)
        assert snapshot(ws) != expected or n >= 5, n  # unfinished (after the log only state is left)
        report = run_weekly(ws, "2026-11-16T03:00:00")
        assert report.status != "failed", (n, report.errors)
        assert snapshot(ws) == expected, n
        assert '"plan": null' in (ws / ".memjobs" / "compound" / "pending.json").read_text()


@pytest.mark.parametrize("crlf", [False, True])
def test_status_change_touches_only_status_lines(workspace: Path, crlf: bool) -> None:
    ws = workspace
    old = entry("Decision", "2026-11-02", "Use MySQL for the bookings store")
    write_entries(ws, [old])
    path = ws / "memory" / "2026-11-02.md"
    text = path.read_text(encoding="utf-8") + "\nA hand-written note under the entry.\n"
    if crlf:
        text = text.replace("\n", "\r\n")
    path.write_bytes(text.encode("utf-8"))
    run_weekly(ws, "2026-11-09T03:00:00")
    new = entry("Decision", "2026-11-10", "We no longer use MySQL for the bookings store; PostgreSQL it is")
    write_entries(ws, [new])
    run_weekly(ws, "2026-11-16T03:00:00")
    after = path.read_bytes().decode("utf-8")
    eol = "\r\n" if crlf else "\n"
    expected = text.replace(f"- status: active{eol}", f"- status: superseded{eol}- superseded_by: {new.id}{eol}")
    assert after == expected
