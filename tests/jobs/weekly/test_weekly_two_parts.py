"""The weekly keeps a statement about each part (weekly18): "Use Kafka for the auth service" and
"Use Kafka for the billing service" are two decisions, and the dedupe merged one into the other,
so MEMORY.md lost one service's decision (memory_store/near_duplicates.py `two_parts`)."""
from __future__ import annotations

from pathlib import Path

from memory_store.archive_format import parse_weekly_log
from tests.jobs.weekly.test_weekly_support import entry, memory_ids, run_weekly, write_entries


def test_a_statement_about_each_service_stays_in_memory_md(workspace: Path) -> None:
    pairs = [
        (entry("Decision", "2026-11-03", "Use Kafka for the auth service"),
         entry("Decision", "2026-11-05", "Use Kafka for the billing service")),
        (entry("Rule", "2026-11-03", "The billing service logs in JSON"),
         entry("Rule", "2026-11-04", "The search service logs in JSON")),
        (entry("Decision", "2026-11-03", "auth 服务用 Kafka"),
         entry("Decision", "2026-11-06", "计费服务用 Kafka")),
        (entry("Rule", "2026-11-04", "ทีมหลังบ้านต้องรีวิวโค้ดก่อน merge"),
         entry("Rule", "2026-11-06", "ทีมหน้าบ้านต้องรีวิวโค้ดก่อน merge")),
    ]
    said = [e for p in pairs for e in p]
    write_entries(workspace, said)
    report = run_weekly(workspace, "2026-11-10T03:00:00")
    assert report.status == "ok", report.errors
    assert memory_ids(workspace) >= {e.id for e in said}, [e.title for e in said if e.id not in memory_ids(workspace)]
    log = parse_weekly_log((workspace / "memory" / "archive" / "weekly-2026-45.md").read_text(encoding="utf-8"))
    assert not {ln.id for ln in log.sections.get("Merged", [])} & {e.id for e in said}


def test_a_restatement_whose_conclusion_starts_with_a_function_word_is_merged(workspace: Path) -> None:
    """The weekly compares title and conclusion joined by a space: "… per minute now We raised …" read
    "We" (and "… per minute The public …" "The") as a name inside a sentence, a value of each side, so
    two statements that both say 300 stayed two MEMORY.md items (explore17 #14's last step)."""
    raised = "We raised the public API rate limit, it is 300 requests per minute now"
    again = "The public API rate limit is 300 requests per minute"
    said = [entry("Constraint", "2026-11-03", raised, raised), entry("Constraint", "2026-11-04", again, again)]
    write_entries(workspace, said)
    report = run_weekly(workspace, "2026-11-10T03:00:00")
    assert report.status == "ok", report.errors
    assert len(memory_ids(workspace) & {e.id for e in said}) == 1
