"""A PROFILE.md line the user commented out over several lines (docs/design.md §2: a comment is not
an entry). Pins: the loose-list-item check knew multi-line HTML comments, the entry parser did not,
so `- key:response.language | value:th` inside `<!-- … -->` was listed, resolved, put in the runtime
context and served by MCP memory_resolve. Now both read comments the same way."""
from __future__ import annotations

import json
from pathlib import Path

import anyio

from tests import conftest
from tests.conftest import served_by_tools

HIDDEN = ("<!-- disabled for now:\n"
          "- key:response.language | value:th | ref:manual:hand\n"
          "- key:user.name | value:Nok | ref:manual:hand\n"
          "-->\n")
LIVE = "- key:response.length | value:short | ref:manual:hand\n"


def cli(ws: Path, *args: str) -> tuple[int, str, str]:
    r = conftest.cli("--workspace", str(ws), *args)
    return r.exit_code, r.stdout, r.stderr


def _profile(ws: Path) -> None:
    with open(ws / "PROFILE.md", "a", encoding="utf-8") as fh:
        fh.write(LIVE + HIDDEN + "<!-- - key:response.tone | value:sarcastic -->\n")


def test_a_line_in_a_multi_line_comment_is_not_a_fact(workspace: Path):
    _profile(workspace)
    code, out, _ = cli(workspace, "mem", "list", "--all", "--json")
    assert code == 0 and [e["key"] for e in json.loads(out)["entries"]] == ["response.length"]
    code, out, _ = cli(workspace, "mem", "resolve", "--json")
    assert [v["key"] for v in json.loads(out)["values"]] == ["response.length"]
    code, out, _ = cli(workspace, "context")
    assert code == 0 and "response.length" in out and "response.language" not in out and "Nok" not in out
    assert cli(workspace, "validate")[0] == 0
    [res] = anyio.run(served_by_tools, workspace, [("memory_resolve", {})])
    assert [v["key"] for v in json.loads(res.content[0].text)["values"]] == ["response.length"]


def test_a_write_leaves_the_commented_lines_as_they_are(workspace: Path):
    _profile(workspace)
    assert cli(workspace, "mem", "set", "response.language", "en")[0] == 0
    assert cli(workspace, "mem", "forget", "response.length")[0] == 0
    text = (workspace / "PROFILE.md").read_text(encoding="utf-8")
    assert HIDDEN in text and text.count("value:th") == 1
    code, out, _ = cli(workspace, "mem", "resolve", "response.language")
    assert code == 0 and out.startswith("response.language = en")
