"""What the user deliberately kept reaches the runtime context (explore14 #15, #16): this week's
entries MEMORY.md does not hold yet, every week and not only before the first weekly compound, and
the user's own lines of MEMORY.md (`## Pinned`, an OpenClaw MEMORY.md's lines kept by `init`)."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path

from memory_store.workspace import init_workspace
from tests.conftest import cli, served_by_tools
from tests.microsync_helpers import claude_code_session

THURSDAY = "2026-11-26T10:00:00+00:00"


def _two_weeks(tmp_path: Path) -> tuple[Path, tuple[str, ...]]:
    """A workspace whose week of 2026-11-09 is compounded, with a Remember said on Wednesday 2026-11-25."""
    ws = tmp_path / "ws"
    init_workspace(ws)
    claude_code_session(tmp_path, ws, [
        ("2026-11-10T03:00:00Z", "user", "Decision: we use uv for Python packaging."),
        ("2026-11-10T03:01:00Z", "assistant", "OK"),
        ("2026-11-25T03:00:00Z", "user", "Can you look at the flaky checkout test?"),
        ("2026-11-25T03:01:00Z", "assistant", "Looking."),
        ("2026-11-25T03:02:00Z", "user", "Remember: the client demo is on Friday at 2 pm."),
        ("2026-11-25T03:03:00Z", "assistant", "Noted.")])
    w = ("--workspace", str(ws))
    assert cli(*w, "backfill", "--since", "2026-11-10", "--until", "2026-11-26").exit_code == 0
    assert "uv for Python packaging" in (ws / "MEMORY.md").read_text(encoding="utf-8")
    return ws, w


def test_this_weeks_remember_is_in_the_context_after_a_week_was_compounded(tmp_path: Path) -> None:
    """Pins explore14 #15: once any week had been compounded, "Remember: the client demo is on
    Friday at 2 pm" said on Wednesday was in no layer of Thursday's context (only search found it)."""
    ws, w = _two_weeks(tmp_path)
    ctx = json.loads(cli(*w, "context", "--json", "--now", THURSDAY).output)
    recent = ctx["long_memory"]["recent"]
    assert [i for i in recent if "client demo is on Friday" in i["text"]]
    index_list = ctx["long_memory"]["memory_index"]
    index_ids = {i["id"] for i in index_list}
    assert index_ids and not index_ids & {i["id"] for i in recent}       # what MEMORY.md holds is not repeated
    text = cli(*w, "context", "--now", THURSDAY).output
    assert text.index("## Memory index") < text.index("## Recent, not yet compounded")
    # trimmed first: a budget that cannot hold everything drops the recent group before the index
    hint = " ".join(f"word{n}" for n in range(20))
    small = json.loads(cli(*w, "context", "--json", "--now", THURSDAY, "--budget", "128", "--hint", hint).output)
    budget_events = [e["entity_id"] for e in small["events"] if e["operation"] == "budget"]
    assert budget_events and budget_events[0] in {i["id"] for i in recent}
    assert small["long_memory"]["recent"] == [] or small["long_memory"]["memory_index"] == index_list


def test_the_users_pinned_lines_are_served_before_the_index(tmp_path: Path) -> None:
    """Pins explore14 #16: `## Pinned` lines never reached `context` or MCP `memory_context`."""
    ws, w = _two_weeks(tmp_path)
    md = ws / "MEMORY.md"
    md.write_text(md.read_text(encoding="utf-8").replace(
        "## Pinned\n", "## Pinned\n- Always run the canary for 10 minutes\n  before a full rollout\n"
        "- my locker code is 4711-alpha\n", 1), encoding="utf-8")
    ctx = json.loads(cli(*w, "context", "--json", "--now", THURSDAY).output)
    pinned = [i["text"] for i in ctx["long_memory"]["pinned"]]
    # the template's own explanation is not memory; a wrapped item is one item
    assert pinned == ["Always run the canary for 10 minutes before a full rollout", "my locker code is 4711-alpha"]
    text = cli(*w, "context", "--now", THURSDAY).output
    assert text.index("## Pinned\n- Always run the canary") < text.index("## Memory index")
    assert "<pinned>" in cli(*w, "context", "--format", "xml", "--now", THURSDAY).output
    [served] = asyncio.run(served_by_tools(ws, [("memory_context", {"format": "json"})]))
    assert "Always run the canary" in served.content[0].text
    # never trimmed before a generated item
    small = json.loads(cli(*w, "context", "--json", "--now", THURSDAY, "--budget", "160").output)
    if small["long_memory"]["memory_index"]:
        assert len(small["long_memory"]["pinned"]) == 2


def test_an_openclaw_memory_md_kept_by_init_is_served(tmp_path: Path) -> None:
    """An existing MEMORY.md (OpenClaw's) is kept by `init`; its lines stay the user's, above the
    generated part the weekly appends, and are served."""
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("# Long-term memory\n\nThe staging DB is read-only on Fridays.\n\n"
                                  "## People\n- Nok owns the billing service\n", encoding="utf-8")
    init_workspace(ws)
    claude_code_session(tmp_path, ws, [("2026-11-10T03:00:00Z", "user", "Decision: we use uv for Python packaging."),
                                       ("2026-11-10T03:01:00Z", "assistant", "OK")])
    w = ("--workspace", str(ws))
    assert cli(*w, "backfill", "--since", "2026-11-10", "--until", "2026-11-17").exit_code == 0
    ctx = json.loads(cli(*w, "context", "--json").output)
    assert [i["text"] for i in ctx["long_memory"]["pinned"]] == [
        "The staging DB is read-only on Fridays.", "Nok owns the billing service"]


def test_a_forgotten_value_in_a_pinned_line_is_held_out(tmp_path: Path) -> None:
    """The forgotten filter applies to the user's lines as to every history group."""
    ws, w = _two_weeks(tmp_path)
    assert cli(*w, "mem", "set", "user.locker", "4711-alpha").exit_code == 0
    md = ws / "MEMORY.md"
    md.write_text(md.read_text(encoding="utf-8").replace(
        "## Pinned\n", "## Pinned\n- my locker code is 4711-alpha\n- Deploys need two approvals\n", 1),
        encoding="utf-8")
    assert cli(*w, "mem", "forget", "user.locker").exit_code == 0
    ctx = json.loads(cli(*w, "context", "--json", "--now", THURSDAY).output)
    assert [i["text"] for i in ctx["long_memory"]["pinned"]] == ["Deploys need two approvals"]
    assert "4711" not in cli(*w, "context", "--now", THURSDAY).output
