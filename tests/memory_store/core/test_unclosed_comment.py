"""A stray `<!--` that is never closed hides nothing and is named.

Pins review12 #2: after a note "<!-- TODO: tidy these up later" with no `-->`, every line below it was
read as a comment: facts already there vanished from `mem list` and the context, `mem set` answered
"created" and wrote inside the comment (never read), POLICY.md's guardrails below it were off — and
validate, doctor and policy check said nothing."""
from __future__ import annotations

from pathlib import Path

from memory_store.core import document as doc
from memory_store.markdown import commented_lines, split_lines
from tests.conftest import cli

OPEN = "<!-- TODO: tidy these up later\n"


def test_an_unclosed_comment_comments_out_nothing() -> None:
    lines = split_lines("## Facts\n" + OPEN + "- key:user.city | value:Lyon\n")
    assert commented_lines(lines) == [False, False, False]
    closed = split_lines("## Facts\n<!-- a note\nstill the note -->\n- key:user.city | value:Lyon\n")
    assert commented_lines(closed) == [False, True, True, False]


def test_facts_below_a_stray_comment_are_read_and_written_where_they_are_read(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert cli("--workspace", str(ws), "init").exit_code == 0
    assert cli("--workspace", str(ws), "mem", "set", "user.name", "Tom").exit_code == 0
    with (ws / "PROFILE.md").open("a", encoding="utf-8") as f:
        f.write("\n" + OPEN)
    assert cli("--workspace", str(ws), "mem", "set", "response.tone", "friendly").exit_code == 0
    listed = cli("--workspace", str(ws), "mem", "list").output
    assert "user.name" in listed and "response.tone" in listed, listed
    checked = cli("--workspace", str(ws), "validate")
    assert checked.exit_code != 0 and "never closed" in checked.output, checked.output


def test_stray_lines_names_the_line_that_opens_it() -> None:
    bad = doc.stray_lines("## Facts\n- key:user.city | value:Lyon\n" + OPEN + "- key:user.name | value:Tom\n")
    assert [(b.line, b.severity) for b in bad if "never closed" in b.message] == [(3, "error")]
