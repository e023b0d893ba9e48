"""Where CommonMark (markdown-it-py) reads a memory file differently from our scanner, pinned.

`memory_store/markdown.py` is a line scanner: an entry is a `## Kind: title` line at column 0,
outside a fence or front matter, followed by `- id:`. markdown-it-py builds CommonMark's block
tree. `scripts/bench_parser.py` measures both and finds no difference on the files the jobs write;
these are the constructions, all hand-written, where the two disagree (and the ones they agree on).
If the parser ever moves onto markdown-it-py, each difference here is a decision to make.
"""
from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token

from memory_store.markdown import Block, Prose, fenced_lines, parse_document, split_lines

ENTRY = "- id: D-20261001-01\n- date: 2026-10-01\n- status: active\n"


def _tokens(text: str) -> list[Token]:
    return MarkdownIt("commonmark").disable(["inline", "text_join"]).parse(text)


def _cm_h2(text: str) -> list[tuple[int, str]]:
    """CommonMark's level-2 headings: (1-based line, text)."""
    toks = _tokens(text)
    return [(t.map[0] + 1, toks[i + 1].content) for i, t in enumerate(toks)
            if t.type == "heading_open" and t.tag == "h2" and t.map]


def _our_blocks(text: str) -> list[tuple[int, str]]:
    return [(n.line, n.title) for n in parse_document(text).nodes if isinstance(n, Block)]


def _cm_code_lines(text: str) -> set[int]:
    return {line + 1 for t in _tokens(text) if t.type in ("fence", "code_block") and t.map
            for line in range(*t.map)}


def _our_code_lines(text: str) -> set[int]:
    return {i + 1 for i, inside in enumerate(fenced_lines(split_lines(text))) if inside}


def test_an_entry_inside_an_html_comment_is_an_entry_to_us_and_html_to_commonmark() -> None:
    text = "<!--\n## Decision: Use Postgres\n" + ENTRY + "-->\n"
    assert _our_blocks(text) == [(2, "Use Postgres")]
    assert _cm_h2(text) == []
    assert [t.type for t in _tokens(text)] == ["html_block"]


def test_a_heading_inside_an_html_block_is_ours_alone() -> None:
    text = "<div>\n## Rule: Run the linter\n" + ENTRY.replace("D-", "R-") + "</div>\n"
    assert _our_blocks(text) == [(2, "Run the linter")]
    assert _cm_h2(text) == []


def test_an_indented_entry_heading_is_commonmarks_alone() -> None:
    text = "   ## Decision: Use Postgres\n" + ENTRY
    assert _our_blocks(text) == []
    assert _cm_h2(text) == [(1, "Decision: Use Postgres")]


def test_closing_hashes_stay_in_our_title_and_leave_commonmarks() -> None:
    text = "## Decision: Use Postgres ##\n" + ENTRY
    assert _our_blocks(text) == [(1, "Use Postgres ##")]
    assert _cm_h2(text) == [(1, "Decision: Use Postgres")]


def test_front_matter_is_code_to_us_and_a_setext_heading_to_commonmark() -> None:
    text = "---\ntitle: Decisions\n---\n\n## Decision: Use Postgres\n" + ENTRY
    assert _our_code_lines(text) == {1, 2, 3}
    assert _cm_code_lines(text) == set()
    assert _cm_h2(text) == [(2, "title: Decisions"), (5, "Decision: Use Postgres")]
    assert _our_blocks(text) == [(5, "Use Postgres")]


def test_a_setext_heading_is_prose_to_us() -> None:
    text = "Decision: Use Postgres\n---\n" + ENTRY
    assert _our_blocks(text) == []
    assert isinstance(parse_document(text).nodes[0], Prose)
    assert _cm_h2(text) == [(1, "Decision: Use Postgres")]


def test_indented_code_is_code_to_commonmark_alone() -> None:
    text = "Example:\n\n    ## Decision: Use Postgres\n    - id: D-20261001-01\n"
    assert _cm_code_lines(text) == {3, 4}
    assert _our_code_lines(text) == set()
    assert _our_blocks(text) == [] and _cm_h2(text) == []   # neither reads an entry there


def test_a_fence_indented_inside_a_list_item_is_code_to_commonmark_alone() -> None:
    text = "- step one\n\n    ```\n    run it\n    ```\n"
    assert _cm_code_lines(text) == {3, 4, 5}
    assert _our_code_lines(text) == set()


def test_a_fence_inside_a_list_item_with_a_heading_at_column_0_agrees() -> None:
    """An unindented line ends the list item in CommonMark; our fence did not open (2-space
    indent counts) until its close, so the entry after it is read by both."""
    text = "- step one\n  ```\n  run it\n  ```\n\n## Decision: Use Postgres\n" + ENTRY
    assert _our_code_lines(text) == {2, 3, 4} == _cm_code_lines(text)
    assert _our_blocks(text) == [(6, "Use Postgres")]
    assert _cm_h2(text) == [(6, "Decision: Use Postgres")]


def test_a_heading_after_a_lazy_continuation_line_agrees() -> None:
    """A paragraph inside a quote continues lazily, but an ATX heading interrupts it: both read it."""
    text = "> a note\nthat continues\n## Decision: Use Postgres\n" + ENTRY
    assert _our_blocks(text) == [(3, "Use Postgres")]
    assert _cm_h2(text) == [(3, "Decision: Use Postgres")]


def test_an_unclosed_fence_hides_the_rest_from_both() -> None:
    text = "```\ncode\n## Decision: Use Postgres\n" + ENTRY
    assert _our_blocks(text) == [] and _cm_h2(text) == []
    assert _our_code_lines(text) == _cm_code_lines(text) == set(range(1, 7))
