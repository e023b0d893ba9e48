"""A field given twice in one line, and an HTML comment inside one (docs/spec/memory.md §2).

Pins fixdoc13 #2: `- key:user.name | value:Tom | key:user.nick | value:Thomas` (two facts typed on one line)
was read silently as its last key and value — user.nick = Thomas, Tom gone — and validate said nothing;
`value:Lyon <!-- not sure -->` was served to the agent as "Lyon <!-- not sure -->". Now a line with a
field twice is not read (no guess), validate and doctor name it; a comment is never part of a value,
and memjobs keeps it on the line when it rewrites it."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import Result

from memory_store.core import document as doc
from memory_store.core.lineformat import escape, format_line, parse_line, unescape
from memory_store.entries import LineEntry
from tests import conftest

TWICE = "- key:user.name | value:Tom | key:user.nick | value:Thomas | ref:manual:hand\n"
VALUE_TWICE = "- key:user.name | value:Tom | value:Thomas | ref:manual:hand\n"
COMMENTED = "- key:user.city | value:Lyon <!-- not sure | maybe Paris --> | ref:manual:hand\n"


def cli(ws: Path, *args: str) -> Result:
    return conftest.cli("--workspace", str(ws), *args)


def _profile(ws: Path, *lines: str) -> dict[str, int]:
    """Appends `lines` to PROFILE.md; the line number of each."""
    text = (ws / "PROFILE.md").read_text(encoding="utf-8")
    start = text.count("\n") + 1
    (ws / "PROFILE.md").write_text(text + "".join(lines), encoding="utf-8")
    return {line: start + n for n, line in enumerate(lines)}


def test_a_field_given_twice_is_not_read_and_validate_names_it(workspace: Path) -> None:
    at = _profile(workspace, TWICE, VALUE_TWICE, "- key:user.city | value:Lyon | ref:manual:hand\n")
    listed = json.loads(cli(workspace, "mem", "list", "--all", "--json").output)["entries"]
    assert [e["key"] for e in listed] == ["user.city"]           # neither half of either line is guessed
    checked = cli(workspace, "validate")
    assert checked.exit_code == 3, checked.output
    for line, field in ((at[TWICE], "key"), (at[TWICE], "value"), (at[VALUE_TWICE], "value")):
        assert f"PROFILE.md:{line}: '{field}' is given twice in one line" in checked.output, checked.output
    assert f"PROFILE.md:{at[TWICE]}: 'key' is given twice" in cli(workspace, "doctor").output


def test_a_stray_item_that_names_its_key_twice_is_named(workspace: Path) -> None:
    stray = "- user.name: Tom, no wait, user.name: Thomas\n"
    line = _profile(workspace, stray)[stray]
    checked = cli(workspace, "validate")
    assert checked.exit_code == 3
    assert f"PROFILE.md:{line}: not an entry" in checked.output
    assert "user.name is given twice" in checked.output, checked.output


def test_a_comment_is_no_part_of_a_value_and_survives_a_rewrite(workspace: Path) -> None:
    at = _profile(workspace, COMMENTED)
    out = json.loads(cli(workspace, "mem", "resolve", "user.city", "--json").output)
    assert out["values"][0]["value"] == "Lyon"
    context = cli(workspace, "context").output
    assert "Lyon" in context and "not sure" not in context and "<!--" not in context
    assert cli(workspace, "validate").exit_code == 0
    assert cli(workspace, "mem", "set", "user.city", "Paris").exit_code == 0
    line = (workspace / "PROFILE.md").read_text(encoding="utf-8").splitlines()[at[COMMENTED] - 1]
    assert "value:Paris" in line and line.endswith("<!-- not sure | maybe Paris -->"), line
    assert json.loads(cli(workspace, "mem", "resolve", "user.city", "--json").output)["values"][0]["value"] == "Paris"


def test_a_value_holding_comment_marks_is_kept_whole() -> None:
    """What memjobs writes it reads back: `<!--` in a value is escaped, so it opens no comment."""
    value = "wrap notes in <!-- and --> in the HTML | always"
    line = format_line(LineEntry(key="instruction.other", value=value, updated_at="2026-11-22T04:00:00Z"))
    assert parse_line(line).value == value and unescape(escape(value)) == value
    [loc], bad = doc.scan("## P\n" + line)
    assert loc.entry.value == value and not bad


def test_revoke_and_the_expiry_cleanup_keep_the_comment(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from memory_store.core.store import CoreMemory

    (tmp_path / "PROFILE.md").write_text(
        "## Preferences\n"
        "- key:task.note | value:deploy <!-- ask Ana first --> | ttl:1h | updated_at:2026-11-27T00:00:00Z\n"
        "- key:user.city | value:Lyon <!-- not sure --> | ref:manual:hand\n", encoding="utf-8")
    mem = CoreMemory(tmp_path, tmp_path / ".memjobs", clock=lambda: datetime(2026, 11, 28, tzinfo=UTC))
    assert [c.entry.key for c in mem.compact()] == ["task.note"]
    city = next(loc.id for loc in mem.located("profile") if loc.entry.key == "user.city")
    mem.revoke(city)
    inactive = (tmp_path / "PROFILE.md").read_text(encoding="utf-8").split("## Inactive\n")[1].splitlines()
    assert [(x.split(" | ")[0], x.endswith(c)) for x, c in zip(inactive, ("<!-- ask Ana first -->",
                                                                        "<!-- not sure -->"), strict=True)] == \
        [("- key:task.note", True), ("- key:user.city", True)]
    assert {loc.entry.value for loc in mem.located("profile")} == {"deploy", "Lyon"}
