"""MEMORY.md's `## Open questions` (docs/design.md §4.5): rendered by the weekly compound, read back
exactly by the parser, accepted by `validate`, never taken for items."""
from __future__ import annotations

from memory_store.memory_md import (
    IndexItem,
    MemoryMd,
    OpenQuestion,
    item_lines,
    parse_memory_md,
    question_title,
)
from memory_store.validate import validate_text

NEW = "DECISION-20261112-use-memcached-for-the-session-cache-ab12cd"
OLD = "DECISION-20261103-use-redis-for-the-session-cache-ef34ab"
Q = OpenQuestion(NEW, "memory/2026-11-12.md", "2026-11-12", question_title('Use "Memcached"\nfor the sessions'),
                 OLD, "memory/2026-11-03.md", "Use Redis for the session cache")


def _md(questions: list[OpenQuestion], more: int = 0) -> MemoryMd:
    md = MemoryMd(head="# MEMORY\n\n## Pinned\n\n", questions=questions, questions_more=more)
    md.sections["Decisions"].append(IndexItem("Use Redis for the session cache", OLD, "memory/2026-11-03.md"))
    return md


def test_the_section_round_trips_and_holds_no_item() -> None:
    text = _md([Q], more=3).render()
    assert "## Open questions\n" in text and "- 3 more: `memjobs conflicts list`\n" in text
    assert f"ask the user which holds; `memjobs conflicts resolve {NEW}`" in text
    back = parse_memory_md(text)
    assert back.problems == []
    assert (back.questions, back.questions_more) == ([Q], 3)
    assert back.render() == text
    assert [it.id for it in back.items] == [OLD]            # the newer entry is not an item
    assert NEW not in item_lines(text) and OLD in item_lines(text)
    assert Q.new_title == "Use 'Memcached' for the sessions"


def test_without_open_pairs_there_is_no_section() -> None:
    text = _md([]).render()
    assert "Open questions" not in text
    assert parse_memory_md(text).render() == text


def test_validate_accepts_it_and_names_hand_written_text_in_it() -> None:
    text = _md([Q]).render()
    assert [p for p in validate_text(text, "MEMORY.md") if p.severity == "error"] == []
    bad = text.replace("## Open questions\n", "## Open questions\n- ask Anna about the cache\n")
    problems = [p for p in validate_text(bad, "MEMORY.md") if p.severity == "error"]
    assert [p.line for p in problems] == [bad.splitlines().index("- ask Anna about the cache") + 1]
