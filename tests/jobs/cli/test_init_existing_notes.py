"""`memjobs init` in a folder that already holds notes (an OpenClaw workspace: MEMORY.md and
memory/*.md): the agent finds them at once, through `search` and MCP `memory_search`, and `doctor`
judges the index by what it holds, not by file times."""

from __future__ import annotations

import json
import os
from pathlib import Path

import anyio

from tests.conftest import cli, served_by_tools


def _notes(folder: Path) -> None:
    (folder / "memory").mkdir(parents=True)
    (folder / "MEMORY.md").write_text("# My memory\n- We use Postgres for everything\n", encoding="utf-8")
    (folder / "memory" / "2026-11-01.md").write_text(
        "# Notes 2026-11-01\nMet with Dana about billing. Decided: invoices go out on the 1st.\n", encoding="utf-8")


def _search(ws: Path, query: str) -> list[dict]:  # type: ignore[type-arg]
    res = cli("--workspace", str(ws), "search", query, "--json")
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)["results"]


def _index_finding(ws: Path) -> dict:  # type: ignore[type-arg]
    res = cli("--workspace", str(ws), "doctor", "--json")
    return next(f for f in json.loads(res.stdout)["findings"] if f["check"] == "index")


def test_init_indexes_the_notes_already_there(tmp_path: Path) -> None:
    ws = tmp_path / "notes"
    _notes(ws)
    res = cli("init", str(ws))
    assert res.exit_code == 0, res.output
    assert "kept     MEMORY.md (exists)" in res.stdout
    assert (ws / "MEMORY.md").read_text("utf-8").startswith("# My memory")   # never overwritten
    assert "indexed" in res.stdout
    assert [r["path"] for r in _search(ws, "Postgres")] == ["MEMORY.md"]
    assert [r["path"] for r in _search(ws, "invoices")] == ["memory/2026-11-01.md"]
    [answer] = anyio.run(served_by_tools, ws, [("memory_search", {"query": "invoices"})])
    assert not answer.is_error
    assert [r["path"] for r in json.loads(answer.content[0].text)["results"]] == ["memory/2026-11-01.md"]
    assert _index_finding(ws)["level"] == "ok"


def test_doctor_finds_a_note_the_index_does_not_hold_whatever_its_time(tmp_path: Path) -> None:
    """A note copied in with its old time kept (`cp -p`, a sync tool) is older than the index: the
    index's own record of each file says it is missing."""
    ws = tmp_path / "ws"
    assert cli("init", str(ws)).exit_code == 0
    assert _index_finding(ws)["level"] == "ok"
    note = ws / "memory" / "2026-10-01.md"
    note.write_text("# Notes\nDecided: the backups go to Backblaze.\n", encoding="utf-8")
    os.utime(note, (1_700_000_000, 1_700_000_000))   # 2023: long before the index
    finding = _index_finding(ws)
    assert finding["level"] == "warning" and "memory/2026-10-01.md" in finding["message"], finding
    assert finding["fix"].startswith("memjobs index")
    assert _search(ws, "Backblaze") == []    # search reads only: nothing indexed by looking
    assert cli("--workspace", str(ws), "index").exit_code == 0
    assert [r["path"] for r in _search(ws, "Backblaze")] == ["memory/2026-10-01.md"]
    assert _index_finding(ws)["level"] == "ok"
