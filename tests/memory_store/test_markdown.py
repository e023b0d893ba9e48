"""The markdown parser keeps everything it does not understand, byte for byte."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_store.entries import BlockEntry, Source
from memory_store.markdown import Block, Prose, fenced_lines, parse_document, split_lines
from memory_store.markdown_write import append_entries, block_hash, replace_entry, serialize_entry, set_entry_fields
from tests.strategies import block_entries, examples, prose


def _entry(title: str, suffix: str, conf: float = 0.9) -> BlockEntry:
    return BlockEntry(
        kind="Decision",
        title=title,
        id=f"DECISION-20261006-{suffix}",
        date="2026-10-06",
        source=Source("s1", "/t/s1.jsonl", "L1-L2"),
        conclusion=title,
        confidence=conf,
    )


def test_hand_written_paragraph_between_entries_survives_rewrite():
    """Pins: rewriting one entry leaves a hand-written paragraph between two entries byte-identical."""
    a, b = _entry("Use Postgres", "use-postgres-aaaaaa"), _entry("Use Redis", "use-redis-bbbbbb")
    para = "\nA note I wrote by hand,  with  odd spacing \t\r\nand a CRLF line.\n\n"
    text = serialize_entry(a) + para + serialize_entry(b)
    new = replace_entry(text, BlockEntry(**{**a.__dict__, "confidence": 0.5}))
    assert para in new
    assert new.endswith(serialize_entry(b))
    assert new.replace("- confidence: 0.50", "- confidence: 0.90") == text


def test_decision_heading_in_fence_or_without_id_is_prose():
    """Pins: a `## Decision:` heading inside a fenced block, or not followed by `- id:`, is prose."""
    text = (
        "```\n## Decision: fenced\n- id: DECISION-20261006-fenced-aaaaaa\n```\n"
        "~~~~md\n## Rule: tilde fenced\n- id: RULE-20261006-x-bbbbbb\n~~~\n~~~~\n"
        "## Decision: no id next\n\n- id: DECISION-20261006-late-cccccc\n"
        "## Decision: id not right after\nsome text\n- id: DECISION-20261006-x-dddddd\n"
        "## Unknown: kind\n- id: UNKNOWN-20261006-x-eeeeee\n"
    )
    doc = parse_document(text)
    assert doc.blocks == []
    assert doc.text == text
    assert all(isinstance(n, Prose) for n in doc.nodes)


def test_lenient_reading_crlf_trailing_spaces_field_order_extra_fields():
    text = (
        "## Decision: ใช้ PostgreSQL   \r\n- id: DECISION-20261006-postgresql-abcdef  \r\n"
        "- status: active\r\n- confidence: 0.9 \r\n- date: 2026-10-06\r\n- owner: นิด\r\n"
        "- source:\r\n  - message_range: L1-L3\r\n  - session_id: abc\r\n  - session_path: /x.jsonl\r\n"
        "- why:\r\n- finding:\r\n- conclusion: 改用 PostgreSQL\r\n- impact:\r\n- refs:\r\n"
    )
    doc = parse_document(text)
    (e,) = doc.entries()
    assert e.title == "ใช้ PostgreSQL" and e.confidence == 0.9 and e.conclusion == "改用 PostgreSQL"
    assert e.extra == (("owner", "นิด"),)
    assert e.source.message_range == "L1-L3"
    assert doc.text == text
    edited = set_entry_fields(text, e.id, {"status": "superseded", "superseded_by": "DECISION-20261010-x-abcdef"})
    assert "- status: superseded\r\n" in edited and "- superseded_by: DECISION-20261010-x-abcdef\r\n" in edited
    assert edited.count("\r\n") == text.count("\r\n") + 1
    assert (
        edited.replace(
            "- status: superseded\r\n- superseded_by: DECISION-20261010-x-abcdef\r\n", "- status: active\r\n"
        )
        == text
    )


def test_set_fields_changes_only_status_lines_and_keeps_hash():
    e = _entry("Use Postgres", "use-postgres-aaaaaa")
    text = "# log\n\n" + serialize_entry(e) + "\ntrailing prose\n"
    new = set_entry_fields(text, e.id, {"status": "superseded", "superseded_by": "DECISION-20261011-y-bbbbbb"})
    a, b = split_lines(text), split_lines(new)
    assert len(b) == len(a) + 1
    assert [ln for ln in b if ln not in a] == [
        "- status: superseded\n",
        "- superseded_by: DECISION-20261011-y-bbbbbb\n",
    ]
    old_block = parse_document(text).blocks[0]
    new_block = parse_document(new).blocks[0]
    assert block_hash(old_block.text) == block_hash(new_block.text)
    assert block_hash(old_block.text.replace("Use Postgres", "Use MySQL")) != block_hash(old_block.text)
    again = set_entry_fields(new, e.id, {"status": "active", "superseded_by": None})
    assert again == text


def test_set_fields_marks_every_copy_of_a_duplicated_id():
    """A person pasted an entry twice (validate reports it): the id is one entry, so a status change
    reaches both copies, and the copy weekly happens to read (the higher confidence) is never missed."""
    low = _entry("Use Postgres", "use-postgres-aaaaaa")
    high = replace(low, confidence=0.95)
    text = "# log\n\n" + serialize_entry(low) + "\nnotes\n\n" + serialize_entry(high)
    new = set_entry_fields(text, low.id, {"status": "superseded", "superseded_by": "DECISION-20261011-y-bbbbbb"})
    assert [e.status for e in parse_document(new).entries()] == ["superseded", "superseded"]
    assert "\nnotes\n" in new
    with pytest.raises(KeyError):
        set_entry_fields(text, "DECISION-20261011-none-cccccc", {"status": "superseded"})


@given(st.lists(st.one_of(block_entries(), prose), min_size=1, max_size=6), st.data())
@settings(max_examples=examples(100))
def test_changing_one_entry_leaves_every_other_byte(parts, data):
    ids = set()
    uniq = []
    for p in parts:
        if isinstance(p, str) or p.id not in ids:
            uniq.append(p)
            if not isinstance(p, str):
                ids.add(p.id)
    text = "\n".join(serialize_entry(p) if not isinstance(p, str) else p for p in uniq)
    doc = parse_document(text)
    if not doc.blocks:
        return
    target: Block = data.draw(st.sampled_from(doc.blocks))
    start = text.index(target.text) if text.count(target.text) == 1 else None
    if start is None:
        return
    changed = BlockEntry(
        **{
            **__import__("memory_store.markdown", fromlist=["x"]).block_to_entry(target).__dict__,
            "impact": "changed impact ✓",
        }
    )
    new = replace_entry(text, changed)
    assert new[:start] == text[:start]
    end = start + len(target.text)
    assert new[len(new) - (len(text) - end) :] == text[end:]


def test_append_entries_separates_with_blank_line_and_keeps_crlf():
    e = _entry("Use Postgres", "use-postgres-aaaaaa")
    assert append_entries("", [e]) == serialize_entry(e)
    assert append_entries("# 2026-10-06\n", [e]) == "# 2026-10-06\n\n" + serialize_entry(e)
    crlf = append_entries("# x\r\nno newline at end", [e])
    assert crlf.startswith("# x\r\nno newline at end\r\n\r\n## Decision")
    assert "\n" not in crlf.replace("\r\n", "")


_FENCED_DOC = st.lists(
    st.sampled_from(
        [
            "```\n",
            "```py\n",
            "~~~\n",
            "~~~~\n",
            "````\n",
            "   ```\n",
            "    ```\n",
            "text\n",
            "## Decision: x\n",
            "``` a`b\n",
            "\n",
        ]
    ),
    max_size=14,
).map("".join)


@given(_FENCED_DOC)
@settings(max_examples=examples(300))
def test_fence_detection_agrees_with_markdown_it(text):
    """Our fast fence scanner agrees with markdown-it-py's tokens on which lines are fenced code.

    Top-level blocks only: entries live at column 0, so fences nested in list items are out of scope."""
    from markdown_it import MarkdownIt

    lines = split_lines(text)
    ours = fenced_lines(lines)
    theirs = [False] * len(lines)
    for tok in MarkdownIt("commonmark").parse(text):
        if tok.type == "fence" and tok.map:
            for i in range(tok.map[0], min(tok.map[1], len(lines))):
                theirs[i] = True
    # markdown-it leaves an unclosed fence running to the end of the document, as we do.
    assert ours == theirs, (text, ours, theirs)
