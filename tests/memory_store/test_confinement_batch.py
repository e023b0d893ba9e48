"""memory_store.confine.Confinement (a walk's many files checked with each folder resolved once) says
what `is_inside` says for every kind of path a walk meets: plain files, links to files inside and
outside, folders linked inside and outside, a dangling link, a link loop, a path with `..`."""
from __future__ import annotations

import os
from pathlib import Path

from memory_store.confine import Confinement, is_inside, only_inside


def _tree(tmp_path: Path) -> tuple[Path, list[Path]]:
    ws, out = tmp_path / "ws", tmp_path / "outside"
    (ws / "memory" / "projects").mkdir(parents=True)
    (ws / "notes").mkdir()
    out.mkdir()
    (out / "secret.md").write_text("x", encoding="utf-8")
    (out / "sub").mkdir()
    (out / "sub" / "b.md").write_text("x", encoding="utf-8")
    (ws / "notes" / "api.md").write_text("x", encoding="utf-8")
    (ws / "memory" / "2026-11-20.md").write_text("x", encoding="utf-8")
    os.symlink("../../notes/api.md", ws / "memory" / "projects" / "api.md")     # a link that stays inside
    os.symlink(out / "secret.md", ws / "memory" / "projects" / "leak.md")     # a link out
    os.symlink(out / "sub", ws / "memory" / "elsewhere")                      # a folder linked out
    os.symlink(ws / "notes", ws / "memory" / "notes-link")                    # a folder linked inside
    os.symlink(ws / "gone.md", ws / "memory" / "dangling.md")                 # a link to nothing
    os.symlink("loop-b.md", ws / "memory" / "loop-a.md")                      # a loop
    os.symlink("loop-a.md", ws / "memory" / "loop-b.md")
    paths = [ws / "memory" / "2026-11-20.md", ws / "memory" / "projects" / "api.md",
             ws / "memory" / "projects" / "leak.md", ws / "memory" / "elsewhere" / "b.md",
             ws / "memory" / "notes-link" / "api.md", ws / "memory" / "dangling.md", ws / "memory" / "loop-a.md",
             ws / "memory" / "projects" / ".." / "2026-11-20.md", ws / "memory" / "elsewhere" / ".." / "secret.md",
             ws / "memory" / "..", ws / "MEMORY.md"]
    return ws, paths


def test_the_batch_check_says_what_is_inside_says_for_every_kind_of_path(tmp_path: Path) -> None:
    ws, paths = _tree(tmp_path)
    confined = Confinement()
    got = {str(p.relative_to(ws)): confined.is_inside(ws, p) for p in paths}
    assert got == {str(p.relative_to(ws)): is_inside(ws, p) for p in paths}
    # and the check is not vacuous: both answers occur, the links out are refused
    assert got["memory/projects/leak.md"] is False and got["memory/elsewhere/b.md"] is False
    assert got["memory/elsewhere/../secret.md"] is False
    assert got["memory/projects/api.md"] is True and got["memory/notes-link/api.md"] is True


def test_only_inside_leaves_out_the_links_out(tmp_path: Path) -> None:
    ws, paths = _tree(tmp_path)
    kept = {str(p.relative_to(ws)) for p in only_inside(ws, paths)}
    assert "memory/projects/leak.md" not in kept and "memory/elsewhere/b.md" not in kept
    assert {"memory/2026-11-20.md", "memory/projects/api.md", "memory/notes-link/api.md"} <= kept
