"""The core-memory line (docs/design.md §4, §6): lossless parse/write, escaping, edits that keep every
other byte, and bad lines reported as path:line."""
from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from memory_store.core import document as doc
from memory_store.core.lineformat import escape, format_line, parse_line, unescape
from memory_store.entries import LineEntry
from memory_store.validate import validate_text
from tests.conftest import cli_run
from tests.strategies import prose

# Any text at all: pipes, backslashes, newlines, JSON, Thai, Chinese; only the ends are not kept.
values = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=60).map(str.strip).filter(bool)
times = st.sampled_from(["2026-11-22T04:00:00Z", "2026-02-07T11:00:00Z"])


@st.composite
def core_entries(draw: st.DrawFn) -> LineEntry:
    maybe = lambda s: draw(st.one_of(st.none(), s))  # noqa: E731
    return LineEntry(
        key=draw(st.from_regex(r"[a-z]+(\.[a-z_]+){0,3}(\[\])?", fullmatch=True)),
        value=draw(values),
        priority=draw(st.integers(0, 100)),
        ttl=draw(st.sampled_from(["none", "30m", "8h", "7d", "session_end", "2026-12-01T00:00:00Z"])),
        source=draw(st.sampled_from(["user_explicit", "user_inferred", "system", "admin"])),
        updated_at=draw(times),
        kind=maybe(st.sampled_from(["preference", "constraint", "fact", "instruction"])),
        applies_to=maybe(st.sampled_from(["global", "project:nimbus", "session:6f1c2b9e"])),
        status=maybe(st.sampled_from(["active", "revoked", "archived"])),
        version=maybe(st.integers(1, 9)),
        confidence=maybe(st.floats(0, 1).map(lambda f: round(f, 2))),
        created_at=maybe(times),
        tags=maybe(values),
        ref=maybe(st.sampled_from(["manual:cli", "chat:6f1c2b9e#L41-L47", "run:20261122T030000Z-microsync-4f2a"])),
        id=maybe(st.from_regex(r"m-[0-9a-f]{10}", fullmatch=True)),
        extra=tuple((k, draw(values)) for k in draw(st.lists(st.sampled_from(["note", "from"]), unique=True))),
    )


@given(core_entries())
@settings(max_examples=400)
def test_lossless_round_trip(entry: LineEntry):
    """parse(format(e)) == e for any value, and the canonical line writes back to the same bytes."""
    line = format_line(entry)
    assert line.count("\n") == 1 and line.endswith("\n")
    assert parse_line(line) == entry
    assert format_line(parse_line(line)) == line


@given(values)
def test_escaping_is_reversible_and_never_makes_a_separator(value: str):
    text = escape(value)
    assert unescape(text) == value
    assert " | " not in text and "\n" not in text


def test_a_value_with_a_separator_and_json_survives():
    e = LineEntry(key="tools[]", value='{"a": "x | y", "path": "C:\\\\dir"}', updated_at="2026-11-22T04:00:00Z")
    line = format_line(e)
    assert "\\|" in line and parse_line(line).value == e.value


def test_hand_written_seed_line_reads_as_written():
    line = ("- key:response.tone | value:professional-friendly | priority:70 | ttl:none | source:user_explicit | "
            "updated_at:2026-02-07T11:00:00Z\n")
    e = parse_line(line)
    assert (e.key, e.value, e.priority, e.applies_to, e.status, e.id) == \
        ("response.tone", "professional-friendly", 70, None, None, None)
    assert format_line(e) == line
    # a hand-written `a | b` without a name is part of the value; a Windows path keeps its backslashes
    assert parse_line("- key:k | value:a | b | priority:1").value == "a | b"
    assert parse_line("- key:k | value:C:\\dir\\x").value == "C:\\dir\\x"


PROFILE = ("# PROFILE\r\n\r\nA paragraph I wrote myself.\r\n\r\n## Preferences\r\n"
           "- key:response.tone | value:warm | priority:70 | ttl:none | source:user_explicit | "
           "updated_at:2026-02-07T11:00:00Z\r\n"
           "<!-- my comment -->\r\n"
           "```md\r\n- key:inside.fence | value:not an entry\r\n```\r\n"
           "\r\n## Notes\r\nfree text\r\n")


def test_edits_keep_every_other_byte():
    found, bad = doc.scan(PROFILE)
    assert [x.entry.key for x in found] == ["response.tone"] and not bad
    new = format_line(LineEntry(key="user.name", value="Somchai", updated_at="2026-11-22T04:00:00Z", id="m-1"))
    added = doc.add_line(PROFILE, new, "Preferences")
    crlf = new.replace("\n", "\r\n")
    assert added.replace(crlf, "", 1) == PROFILE
    assert added.index(crlf) < added.index("## Notes")   # at the end of its section, in the file's line endings
    moved = doc.move_line(added, "m-1", new.replace("Somchai", "S"), doc.INACTIVE)
    assert moved.startswith(PROFILE) and moved.endswith("## Inactive\r\n" + new.replace("Somchai", "S").replace(
        "\n", "\r\n"))
    back = doc.remove_lines(moved, ["m-1"])
    assert back.startswith(PROFILE)
    hand = found[0].id
    assert hand.startswith("h-") and doc.find(PROFILE, hand) is not None


def test_bad_lines_are_reported_as_path_line_and_kept(workspace: Path):
    text = ("# PROFILE\n\n## Preferences\n- key:response.tone | value:warm | priority:high | ref:manual:cli\n"
            "- key:ok.key | value:fine | ref:manual:cli | applies_to:team:x\n"
            "- key:good | value:fine | ref:manual:cli\n")
    msgs = [p.format() for p in validate_text(text, "PROFILE.md")]
    assert msgs == ["PROFILE.md:4: priority 'high' is not an integer",
                    "PROFILE.md:5: bad applies_to 'team:x' (global, project:<id> or session:<id>)"]
    (workspace / "PROFILE.md").write_text(text, encoding="utf-8")
    p = cli_run("--workspace", str(workspace), "validate")
    assert p.returncode == 3 and "PROFILE.md:4: priority 'high' is not an integer" in p.stdout
    # a write by memjobs keeps the bad line where it was
    from memory_store.core.store import CoreMemory

    CoreMemory(workspace, workspace / ".memjobs").set("user.name", "Somchai")
    after = (workspace / "PROFILE.md").read_text(encoding="utf-8")
    assert after.startswith(text) and "key:user.name" in after


@given(st.lists(st.one_of(core_entries().map(format_line), prose), max_size=6), values)
@settings(max_examples=60, deadline=None)
def test_a_write_keeps_every_hand_written_byte(tmp_path_factory, parts: list[str], value: str):
    """Whatever a person wrote around the entries (prose, fences, headings, other entries), a write by
    memjobs adds its one line and changes no other byte."""
    from memory_store.core.store import CoreMemory

    ws = tmp_path_factory.mktemp("ws")
    before = "# PROFILE\n\n## Preferences\n" + "".join(p if p.endswith("\n") else p + "\n" for p in parts)
    (ws / "PROFILE.md").write_text(before, encoding="utf-8")
    change = CoreMemory(ws, ws / ".memjobs").set("zz.new_key", value)
    after = (ws / "PROFILE.md").read_text(encoding="utf-8")
    assert change.type == "fact.created"
    assert after.replace(format_line(change.entry), "", 1) == before
