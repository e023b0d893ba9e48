"""An HTML comment opened and never closed comments out nothing, in any markdown file, and
memory_store/markdown.py `comment_problems` names the line that opens it — for validate to report in a
daily log, MEMORY.md or procedures.md as it does in core files (review13 #11)."""
from __future__ import annotations

from memory_store.markdown import UNCLOSED_COMMENT, comment_problems, parse_document

DAILY = """# 2026-11-24

<!-- draft, not ready

## Decision: Use Postgres
- id: DECISION-20261124-use-postgres-abcdef
- date: 2026-11-24
"""


def test_a_stray_comment_in_a_daily_log_is_named_and_hides_nothing() -> None:
    assert comment_problems(DAILY) == [(3, UNCLOSED_COMMENT)]
    assert [b.id for b in parse_document(DAILY).blocks] == ["DECISION-20261124-use-postgres-abcdef"]


def test_a_stray_comment_appended_to_memory_md_is_named() -> None:
    memory = "# MEMORY\n\n## Pinned\n- keep answers short\n<!-- note\n"
    assert comment_problems(memory) == [(5, UNCLOSED_COMMENT)]


def test_closed_comments_and_fenced_ones_are_no_finding() -> None:
    assert comment_problems("# x\n<!-- a\nb -->\n<!-- c -->\n") == []
    assert comment_problems("# x\n```\n<!-- in a fence\n```\n") == []
    assert comment_problems("") == []
