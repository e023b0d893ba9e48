"""A write the precedence ladder shadows is never acknowledged as taking effect (docs/spec/memory.md §3).

Pins fixdoc13 #1: with response.tone = formal in PROFILE.md, `mem set response.tone casual --scope session`
answered "created" and MCP memory_remember "Remembered: response.tone = casual." (or "Noted.") while
`mem resolve`, the context and memory_resolve kept serving formal (scope profile > session). Now both say
what is served, from which file and line, and why; a write that does take effect reads as before."""
from __future__ import annotations

import json
from pathlib import Path

import anyio

from tests import conftest
from tests.conftest import call_tools


def cli(ws: Path, *args: str) -> str:
    r = conftest.cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.output
    return r.stdout


def test_mem_set_says_what_is_served_instead(workspace: Path) -> None:
    cli(workspace, "mem", "set", "response.tone", "formal")
    out = cli(workspace, "mem", "set", "response.tone", "casual", "--scope", "session")
    assert out.startswith("created") and "not in effect: response.tone is served as formal from PROFILE.md:" in out
    assert "scope profile > session" in out, out
    again = json.loads(cli(workspace, "mem", "set", "response.tone", "casual", "--scope", "session", "--json"))
    assert again["type"] == "unchanged" and again["in_effect"] is False
    assert again["served"]["value"] == "formal" and again["served"]["where"].startswith("PROFILE.md:")
    # a lower priority loses to a higher one of the same file and applies_to rung
    cli(workspace, "mem", "set", "user.city", "Lyon", "--priority", "90", "--applies-to", "project:a",
        "--strategy", "keep_both")
    low = cli(workspace, "mem", "set", "user.city", "Paris", "--priority", "10", "--applies-to", "project:a",
              "--strategy", "keep_both")
    assert "not in effect: user.city is served as Lyon" in low and "priority 90 > 10" in low, low
    # a write that takes effect says nothing more
    took = cli(workspace, "mem", "set", "response.tone", "warm")
    assert "not in effect" not in took and "in_effect" not in cli(workspace, "mem", "set", "user.name", "Tom", "--json")
    assert json.loads(cli(workspace, "mem", "resolve", "response.tone", "--json"))["values"][0]["value"] == "warm"


def test_memory_remember_tells_the_agent_the_write_is_not_in_effect(workspace: Path) -> None:
    cli(workspace, "mem", "set", "response.verbosity", "concise")
    cli(workspace, "mem", "set", "response.language", "en")
    said = "for this task answer in Thai"
    [shadowed, took] = anyio.run(call_tools, workspace, [
        ("memory_remember", {"key": "response.language", "value": "th", "session_id": "s1", "excerpt": said,
                             "scope": "session"}),
        ("memory_remember", {"key": "user.name", "value": "Nok", "session_id": "s1", "excerpt": "call me Nok"}),
    ])
    answer = json.loads(shadowed.content[0].text)
    assert not shadowed.is_error and answer["in_effect"] is False
    assert answer["ack"].startswith("Written but not in effect: response.language stays en, from PROFILE.md:")
    assert "scope profile > session" in answer["ack"]
    assert json.loads(took.content[0].text)["ack"] == "Noted."          # concise, and in effect
