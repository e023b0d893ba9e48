"""The archive's two log formats (memory_store/archive_format.py): parse, format, merge, validate."""
from __future__ import annotations

from memory_store.archive_format import (
    ArchiveLine,
    LogLine,
    archive_rel,
    link_from_archive,
    merge_archive,
    merge_weekly_log,
    parse_archive,
    parse_archive_line,
    parse_weekly_log,
    validate_archive,
    validate_weekly_log,
    weekly_rel,
    weekly_title,
)

ID = "DECISION-20261102-use-mysql-for-the-bookings-store-300110"
ID2 = "DECISION-20261105-switch-the-bookings-store-to-postgresql-5d8848"


def test_archive_line_round_trip() -> None:
    line = ArchiveLine("Use MySQL — Bookings live in MySQL 8.", ID, "../2026-11-02.md", "2026-11-15",
                       f"superseded by {ID2}")
    text = line.format()
    assert text == (f"- Use MySQL — Bookings live in MySQL 8. ([{ID}](../2026-11-02.md)) — demoted 2026-11-15: "
                    f"superseded by {ID2}\n")
    assert parse_archive_line(text) == line


def test_archive_line_with_thai_and_chinese_summary() -> None:
    for summary in ("เปลี่ยนเป็นใช้ Kafka สำหรับ event bus", "改用 Kafka 作为事件总线"):
        line = ArchiveLine(summary, ID, "../recent/2026-11-02-decision.md", "2026-11-08", "stale")
        assert parse_archive_line(line.format()) == line


def test_merge_archive_is_idempotent_and_keeps_other_text() -> None:
    """Pins: a weekly run that is repeated after a crash never duplicates an archive line."""
    a = ArchiveLine("one", ID, "../2026-11-02.md", "2026-11-08", "stale")
    b = ArchiveLine("two", ID2, "../2026-11-05.md", "2026-11-08", "over budget")
    first = merge_archive(None, [a], 2026, 11)
    assert first.startswith("# Archive 2026-11\n")
    hand = first + "A note someone wrote by hand.\n"
    second = merge_archive(hand, [a, b], 2026, 11)
    assert second == hand + b.format()
    assert merge_archive(second, [a, b], 2026, 11) == second
    # The same id may be archived again on another day or for another reason: a log, not a set.
    c = ArchiveLine("one", ID, "../2026-11-02.md", "2026-11-29", "stale")
    assert parse_archive(merge_archive(second, [c], 2026, 11))[-1] == c


def test_weekly_log_format_parse_merge() -> None:
    title = weekly_title(2026, 46)
    intro = "\nWhat changed.\n\n"
    lines = [("Promoted", LogLine(ID2, "../2026-11-05.md", "promoted to Decisions (score 0.35)")),
             ("Superseded", LogLine(ID, "../2026-11-02.md", f"superseded by {ID2} (reversal (instead of))")),
             ("Possible conflicts", LogLine(ID2, "../2026-11-05.md", "possible conflict with X"))]
    text = merge_weekly_log(None, title, intro, lines)
    assert text.startswith("# Weekly compound 2026-W46\n\nWhat changed.\n\n## Promoted\n\n- [")
    for section in ("## Promoted", "## Demoted", "## Merged", "## Superseded", "## Possible conflicts"):
        assert section + "\n" in text
    log = parse_weekly_log(text)
    assert log.ids("Superseded") == {ID}
    assert log.format() == text
    assert merge_weekly_log(text, title, intro, lines) == text
    more = merge_weekly_log(text, title, intro, [("Demoted", LogLine(ID, "../2026-11-02.md", "stale"))])
    assert parse_weekly_log(more).ids("Demoted") == {ID}
    assert validate_weekly_log(more, weekly_rel(2026, 46)) == []


def test_paths_and_links() -> None:
    assert archive_rel(2026, 3) == "memory/archive/2026-03.md"
    assert weekly_rel(2027, 1) == "memory/archive/weekly-2027-01.md"
    assert link_from_archive("memory/2026-11-02.md") == "../2026-11-02.md"
    assert link_from_archive("memory/recent/2026-11-02-rule.md") == "../recent/2026-11-02-rule.md"


def test_validators_report_bad_lines_with_line_numbers() -> None:
    text = "# Archive 2026-11\n\n- not an archive line\n"
    problems = validate_archive(text, "memory/archive/2026-11.md")
    assert [(p.line, p.path) for p in problems] == [(3, "memory/archive/2026-11.md")]
    log = "# Weekly compound 2026-W46\n\n## Promoted\n\n- broken\n## Elsewhere\n"
    assert [p.line for p in validate_weekly_log(log, "memory/archive/weekly-2026-46.md")] == [5, 6]
