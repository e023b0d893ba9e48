"""The user's own lines fill MEMORY.md's budget (jobs/weekly/budget.py `room`): another program
appended 230 notes after the end marker; the user's lines are never changed (docs/design.md §4.5),
so the whole file cannot fit 200 lines. The weekly wanted to demote every generated item "over
budget" and the 25 % guard refused, that week and every later one. The generated part keeps its
floor, and the report warns with the fix."""
from __future__ import annotations

from pathlib import Path

from memory_store.memory_md import END
from tests.jobs.weekly.test_weekly_support import entry, memory_ids, run_weekly, write_entries

RULES = ["Never push directly to main", "Use tabs in Makefiles", "Keep secrets out of the repo",
         "Write commit messages in English", "Pin every Python dependency", "Tag releases with semver",
         "Run ruff before each commit", "Log times in UTC", "Back up the database nightly",
         "Review migrations with a second person", "Use Bangkok time on invoices", "Store images in S3",
         "Answer pager alerts within ten minutes", "Name branches after the ticket", "Keep functions under fifty lines",
         "Prefer dataclasses to dicts", "Rotate API keys every quarter", "Translate the UI into Thai",
         "Freeze deploys on Fridays", "Test the restore every month", "Mock no database in tests",
         "Document every CLI flag"]


def test_user_lines_over_budget_keep_the_generated_part_and_warn(workspace: Path) -> None:
    rules = [entry("Rule", "2026-11-03", r) for r in RULES]
    write_entries(workspace, rules)
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    before = memory_ids(workspace)
    assert len(before) >= 20, len(before)
    path = workspace / "MEMORY.md"
    text = path.read_text(encoding="utf-8")
    assert text.rstrip().endswith(END)
    user = "".join(f"- note {n} another program appended\n" for n in range(230))
    path.write_text(text + user, encoding="utf-8")
    write_entries(workspace, [entry("Decision", "2026-11-11", "Ship invoices as PDF/A")])
    report = run_weekly(workspace, "2026-11-16T03:00:00")
    # Done, and said loudly: a warning makes the run `degraded` (exit 0), not failed.
    assert report.status == "degraded" and not report.errors, report.errors
    assert before <= memory_ids(workspace)
    assert path.read_text(encoding="utf-8").endswith(user)
    warned = " ".join(report.warnings)
    assert "own lines outside the memjobs markers take 23" in warned, warned
    assert "limits.memory_md_lines" in warned, warned
    # The next week too: no weekly that fails forever.
    write_entries(workspace, [entry("Decision", "2026-11-18", "Send receipts by email")])
    assert run_weekly(workspace, "2026-11-23T03:00:00").status == "degraded"
    assert before <= memory_ids(workspace)
