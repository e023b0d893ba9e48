"""A pair one of whose sides a reversal already replaced is settled, not open (explore17 #14): 100 was
reversed by "we raised the … rate limit, it is 300 … now" (its `supersedes:` link written by microSync,
no weekly since), then "… is 300 …" was said again; `memjobs conflicts` listed 300-vs-100 as open,
and the context marked the 100 item both DISPUTED ("ask the user which holds") and REPLACED
(memory_store/supersede/open_state.py applies the links of the daily logs)."""
from __future__ import annotations

import json
from pathlib import Path

from memory_store.supersede.open_state import refreshed
from tests.conftest import cli
from tests.jobs.weekly.test_weekly_support import entry, write_entries


def _rate_limits(workspace: Path) -> tuple[str, str, str]:
    old = entry("Constraint", "2026-10-05", "The public API rate limit is 100 requests per minute")
    reversal = entry("Constraint", "2026-10-21",
                     "We raised the public API rate limit, it is 300 requests per minute now", supersedes=old.id)
    again = entry("Constraint", "2026-10-22", "The public API rate limit is 300 requests per minute")
    write_entries(workspace, [old, reversal, again])
    return old.id, reversal.id, again.id


def test_a_side_already_reversed_is_no_open_conflict(workspace: Path) -> None:
    old, _, again = _rate_limits(workspace)
    out = cli("--workspace", str(workspace), "conflicts", "--json")
    assert out.exit_code == 0, out.output
    listed = [(c["id"], c["established"]["id"]) for c in json.loads(out.output)["conflicts"]]
    assert (again, old) not in listed and not [p for p in listed if old in p], listed
    saved = refreshed(workspace)
    assert saved is not None
    pairs = json.loads(saved[0].decode("utf-8"))["pairs"]
    assert not [p for p in pairs if old in (p["new"]["id"], p["old"]["id"])], pairs


def test_the_context_does_not_mark_a_reversed_item_disputed(workspace: Path) -> None:
    old, reversal, _ = _rate_limits(workspace)
    saved = refreshed(workspace)
    assert saved is not None
    target = workspace / ".memjobs" / "context" / "open-conflicts.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(saved[0])
    memory = workspace / "MEMORY.md"
    text = memory.read_text(encoding="utf-8")
    assert "## Rules & constraints" in text, text
    item = f"- The public API rate limit is 100 requests per minute ([{old}](memory/2026-10-05.md))\n"
    memory.write_text(text.replace("## Rules & constraints\n", f"## Rules & constraints\n\n{item}", 1),
                      encoding="utf-8")
    out = cli("--workspace", str(workspace), "context", "--now", "2026-10-22T13:00:00+07:00")
    assert out.exit_code == 0, out.output
    line = next(ln for ln in out.output.splitlines() if "100 requests per minute" in ln)
    assert "DISPUTED" not in line and reversal in line, line
