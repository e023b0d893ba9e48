"""`memjobs demo PATH` builds only in a new, empty or earlier demo folder (jobs/demo/build.py
`check_target`): a real workspace there kept its memjobs.yaml and memory only by luck before."""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from jobs.demo.build import HEADER, MARKER, check_target, is_demo_workspace
from memory_store.errors import GuardRefused
from tests.conftest import cli


def _tree(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_demo_refuses_a_real_workspace_and_changes_nothing(workspace: Path):
    """Pins: `memjobs demo WS` over a real workspace replaced its memjobs.yaml (sources and time
    zone gone, no backup), wrote the demo's fictional entries into its memory and exited 0."""
    (workspace / "memory" / "2026-11-26.md").write_text(
        "## Decision: Use Traefik for ingress\n\nWe use Traefik.\n", encoding="utf-8")
    before = _tree(workspace)
    res = cli("demo", str(workspace))
    assert res.exit_code == 1
    assert res.stdout == ""
    assert res.stderr.startswith(f"Error: {workspace}: holds a memjobs workspace (")
    assert "memjobs demo <folder>" in res.stderr
    assert _tree(workspace) == before


def test_demo_refuses_a_folder_of_other_things(tmp_path: Path):
    """Pins: a non-empty folder that is no workspace at all got the demo's files mixed in."""
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "todo.txt").write_text("buy milk\n", encoding="utf-8")
    with pytest.raises(GuardRefused, match=r"is not empty and not a demo workspace \(todo\.txt\)"):
        check_target(folder)
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(GuardRefused, match="is not a folder"):
        check_target(tmp_path / "file")
    assert sorted(p.name for p in folder.iterdir()) == ["todo.txt"]


def test_new_empty_and_earlier_demo_folders_are_accepted(tmp_path: Path):
    check_target(tmp_path / "new")
    (tmp_path / "empty").mkdir()
    check_target(tmp_path / "empty")
    marked = tmp_path / "marked"
    (marked / MARKER).parent.mkdir(parents=True)
    (marked / MARKER).write_text("demo\n", encoding="utf-8")
    (marked / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    assert is_demo_workspace(marked)
    check_target(marked)
    # A demo built before the marker existed: memjobs.yaml begins with the demo's header line.
    older = tmp_path / "older"
    older.mkdir()
    (older / "memjobs.yaml").write_text(HEADER + "timezone: Asia/Bangkok\n", encoding="utf-8")
    assert is_demo_workspace(older)
    check_target(older)
    (older / "memjobs.yaml").write_text("timezone: Asia/Bangkok\n", encoding="utf-8")
    assert not is_demo_workspace(older)
