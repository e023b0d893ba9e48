"""The episode format (docs/design.md §4.6): canonical round trip, lenient reading that keeps what it
does not know, the validator's messages with lines, in-place edits, the one-line archive, TTL rules."""
from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from memory_store import episodes as ep
from memory_store.entries import Source
from memory_store.errors import EntryError
from memory_store.markdown import parse_document
from memory_store.markdown_write import serialize_entry
from memory_store.validate import validate_text
from tests.jobs.daily.test_daily_fixture import DAYS, ClaudeSession, entry

EPISODE = ep.Episode(
    title="Fix the flaky booking tests", id="EPISODE-20261118-a1f0c0de-3c9a1e", date="2026-11-18",
    source=Source("a1f0c0de-0000", "/home/u/.claude/projects/x/a1f0c0de-0000.jsonl", "L2-L40"),
    summary="Fix the flaky booking tests → All 14 tests pass now.", topics=("bookings", "psycopg"),
    outcome="success", signal="tests passing at the end", started="2026-11-18T09:00+07:00",
    ended="2026-11-18T09:47+07:00", expires="2027-02-16")

CANONICAL = """## Episode: Fix the flaky booking tests
- id: EPISODE-20261118-a1f0c0de-3c9a1e
- date: 2026-11-18
- source:
  - session_id: a1f0c0de-0000
  - session_path: /home/u/.claude/projects/x/a1f0c0de-0000.jsonl
  - message_range: L2-L40
- summary: Fix the flaky booking tests → All 14 tests pass now.
- topics: bookings, psycopg
- outcome: success
- signal: tests passing at the end
- started: 2026-11-18T09:00+07:00
- ended: 2026-11-18T09:47+07:00
- duration: 47m
- expires: 2027-02-16
"""


def test_canonical_form_round_trips_byte_for_byte():
    """Pins: the canonical form of docs/design.md §4.6, and parse(serialize(e)) == e."""
    assert ep.serialize_episode(EPISODE) == CANONICAL
    assert ep.parse_episodes(CANONICAL) == [EPISODE]
    assert ep.serialize_episode(ep.parse_episodes(CANONICAL)[0]) == CANONICAL


def test_unknown_fields_are_kept_and_written_back():
    text = CANONICAL + "- mood: relieved\n"
    (e,) = ep.parse_episodes(text)
    assert e.extra == (("mood", "relieved"),)
    assert ep.serialize_episode(e) == text


def test_episodes_are_blocks_of_the_one_parser_but_not_entries():
    """Pins: a file mixing an entry and an episode parses losslessly; `blocks`/`entries()` are the
    decision-log entries only, `records('Episode')` the episodes."""
    sess = ClaudeSession(DAYS[0].isoformat(), "s1")  # only its id and path are used
    e = entry("Decision", DAYS[0], "Use PostgreSQL", "Bookings live in PostgreSQL.", sess, "L1-L2")
    text = "# mixed\n\nSome prose.\n\n" + serialize_entry(e) + "\n" + CANONICAL + "\ntrailing words\n"
    doc = parse_document(text)
    assert doc.text == text
    assert [b.id for b in doc.blocks] == [e.id]
    assert [x.id for x in doc.entries()] == [e.id]
    assert [b.id for b in doc.records(ep.KIND)] == [EPISODE.id]


def test_validator_reports_episode_problems_with_lines():
    bad = (CANONICAL.replace("outcome: success", "outcome: great")
           .replace("- expires: 2027-02-16\n", ""))
    problems = validate_text("# Episodes 2026-11\n\n" + bad, "memory/episodes/2026-11.md")
    messages = [(p.line, p.message) for p in problems]
    assert (3, "Episode is missing the field 'expires'") in messages
    assert (12, "outcome 'great' is not an outcome (success, partial, failed, unknown)") in messages
    assert validate_text("# Episodes 2026-11\n\n" + CANONICAL, "memory/episodes/2026-11.md") == []


def test_validator_flags_a_duplicate_episode_id_and_a_bad_id():
    text = CANONICAL + "\n" + CANONICAL.replace("EPISODE-20261118-a1f0c0de-3c9a1e", "EPISODE-2026-x")
    msgs = [p.message for p in validate_text(text + "\n" + CANONICAL, "memory/episodes/2026-11.md")]
    assert any(m.startswith("id 'EPISODE-2026-x' is not an episode id") for m in msgs)
    assert any(m.startswith("duplicate id EPISODE-20261118-a1f0c0de-3c9a1e") for m in msgs)


def test_strict_conversion_raises_with_the_line():
    with pytest.raises(EntryError) as info:
        ep.parse_episodes("# x\n\n" + CANONICAL.replace("started: 2026-11-18T09:00+07:00", "started: nine"), "f.md")
    assert info.value.line == 14 and "started" in str(info.value)


def test_upsert_replaces_in_place_and_appends_keeping_every_other_byte():
    title = ep.month_title("memory/episodes/2026-11.md")
    assert title == "# Episodes 2026-11\n"
    text = ep.upsert(None, [EPISODE], title)
    assert text == title + "\n" + CANONICAL
    hand = text.replace("# Episodes 2026-11\n", "# Episodes 2026-11\n\nMy own note.\n")
    other = replace(EPISODE, id="EPISODE-20261119-b2-aaaaaa", title="Second", date="2026-11-19")
    changed = replace(EPISODE, outcome="partial", signal="x")
    out = ep.upsert(hand, [changed, other], title)
    assert out.startswith("# Episodes 2026-11\n\nMy own note.\n\n## Episode: Fix the flaky")
    assert ep.parse_episodes(out) == [changed, other]
    assert ep.upsert(out, [changed, other], title) == out            # idempotent


def test_remove_drops_only_the_block():
    other = replace(EPISODE, id="EPISODE-20261119-b2-aaaaaa", title="Second", date="2026-11-19")
    text = ep.upsert("# Episodes 2026-11\n\nnote\n", [EPISODE, other], "")
    out = ep.remove(text, {EPISODE.id})
    assert out == "# Episodes 2026-11\n\nnote\n\n" + ep.serialize_episode(other)
    assert ep.remove(out, {other.id}) == "# Episodes 2026-11\n\nnote\n"


def test_archive_line_and_merge_are_idempotent():
    line = ep.archive_line(EPISODE, date(2027, 2, 17))
    assert line == ("- 2026-11-18 [success] Fix the flaky booking tests → All 14 tests pass now. — topics: "
                    "bookings, psycopg; session /home/u/.claude/projects/x/a1f0c0de-0000.jsonl#L2-L40 "
                    "(EPISODE-20261118-a1f0c0de-3c9a1e) — expired 2027-02-17\n")
    once = ep.merge_archive(None, [(EPISODE.id, line)])
    assert once.startswith(ep.ARCHIVE_TITLE) and once.endswith(line)
    assert ep.merge_archive(once, [(EPISODE.id, line)]) == once
    assert ep.archived_ids(once) == {EPISODE.id}


def test_ttl_and_renewal_by_access():
    """Pins: TTL 90 days from the session's last day; an access sets expiry to max(expiry, access + 30)."""
    assert ep.expiry_for(date(2026, 11, 18)) == "2027-02-16"
    assert EPISODE.renewed(date(2026, 12, 1)) is EPISODE                  # 12-31 < 02-16: unchanged
    assert EPISODE.renewed(date(2027, 2, 10)).expires == "2027-03-12"
    assert not EPISODE.expired(date(2027, 2, 16)) and EPISODE.expired(date(2027, 2, 17))


def test_ids_are_stable_per_session_and_found_in_text():
    a = ep.episode_id(date(2026, 11, 18), "a1f0c0de-0000-4000", "/t/a.jsonl")
    assert a == ep.episode_id(date(2026, 11, 18), "a1f0c0de-0000-4000", "/t/a.jsonl")
    assert a != ep.episode_id(date(2026, 11, 18), "a1f0c0de-0000-4000", "/t/b.jsonl")
    assert ep.ID_RE.match(a) and a.startswith("EPISODE-20261118-a1f0c0de-")
    assert ep.ids_in_text(f"found: {a}, and {a}.") == [a]
    assert ep.episode_rel("2026-11-18") == "memory/episodes/2026-11.md"


def test_duration_formats():
    assert EPISODE.duration == "47m"
    assert replace(EPISODE, ended="2026-11-19T11:05+07:00").duration == "26h05m"
