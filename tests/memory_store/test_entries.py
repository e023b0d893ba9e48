"""Round trips of the entry model (docs/design.md §4) and the id rule."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memory_store.entries import make_id
from memory_store.markdown import block_to_entry, parse_document
from memory_store.markdown_write import serialize_entry, serialize_line_entry
from tests.strategies import block_entries, examples, line_entries, prose


@given(block_entries())
@settings(max_examples=examples(300))
def test_block_entry_round_trip(entry):
    text = serialize_entry(entry)
    doc = parse_document(text)
    assert doc.entries() == [entry]
    assert serialize_entry(doc.entries()[0]) == text


@given(line_entries())
@settings(max_examples=examples(300))
def test_line_entry_round_trip(entry):
    text = serialize_line_entry(entry)
    doc = parse_document("# PROFILE\n\n## Preferences\n" + text)
    assert doc.line_entries() == [entry]
    assert serialize_line_entry(doc.line_entries()[0]) == text


@given(st.lists(st.one_of(block_entries(), prose), max_size=6))
@settings(max_examples=examples(150))
def test_canonical_document_round_trip(parts):
    """serialize(parse(t)) == t for text in canonical form, entries and prose mixed."""
    text = "\n".join(serialize_entry(p) if not isinstance(p, str) else p for p in parts)
    doc = parse_document(text)
    assert doc.text == text
    for block in doc.blocks:
        assert serialize_entry(block_to_entry(block)) == block.text


def test_id_rule_same_statement_same_id_and_languages():
    a = make_id("Decision", "2026-10-06", "Use PostgreSQL for bookings", "We use PostgreSQL for bookings.")
    b = make_id("Decision", "2026-10-06", "Use PostgreSQL for bookings", "we use   postgresql for bookings")
    assert a == b
    assert a.startswith("DECISION-20261006-use-postgresql-for-bookings-")
    th1 = make_id("Rule", "2026-10-06", "ต่อไปให้ตอบเป็นภาษาไทย", "ต่อไปให้ตอบเป็นภาษาไทย")
    th2 = make_id("Rule", "2026-10-06", "ต่อไปให้ตอบเป็นภาษาอังกฤษ", "ต่อไปให้ตอบเป็นภาษาอังกฤษ")
    zh1 = make_id("Decision", "2026-10-06", "改用 Redis", "改用 Redis 做缓存")
    zh2 = make_id("Decision", "2026-10-06", "改用 Redis", "改用 Memcached 做缓存")
    assert len({th1, th2}) == 2 and len({zh1, zh2}) == 2
    assert th1.startswith("RULE-20261006-") and zh1.startswith("DECISION-20261006-redis-")


@given(st.text(min_size=1, max_size=80), st.text(min_size=1, max_size=80))
def test_ids_are_well_formed(title, statement):
    from memory_store.entries import ID_RE

    assert ID_RE.match(make_id("Remember", "2026-11-22", title, statement))
