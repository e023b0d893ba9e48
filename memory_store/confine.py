"""Keeping memjobs inside the workspace: no read, index, serve or write follows a path out of it.

The workspace may itself sit behind a symlink (`~/agent -> /data/agent`), and links inside it
that stay inside are fine (`memory/projects/api.md -> ../../notes/api.md`). What is refused is a
path whose resolved target leaves the workspace — `memory/projects/x.md -> /etc/passwd`, a daily
file linked to a file elsewhere, a `memory/` folder linked elsewhere — and for serving (MCP
`memory_get`), anything that is not a memory file of docs/design.md §2: MEMORY.md, the core
memory files, `memory/**` and `second-brain/**`. Locks and hidden folders are never served.

Checks resolve the path at the moment of use; a link swapped between the check and the open is
out of scope (the workspace's owner can write anywhere the agent can anyway).
"""
from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath

from memory_store.errors import OutsideWorkspace, UsageError
from memory_store.layout import CORE_FILES, MEMORY_MD

__all__ = ["CORE_FILES", "MEMORY_MD"]  # re-exported: older callers import them from here
_MEMORY_TREE = re.compile(r"^(?:memory|second-brain)/(?:[^/]+/)*[^/]+\.md$")


def resolved(path: Path) -> Path | None:
    """`path` with every symlink resolved, or None when it cannot be (a loop, a bad name)."""
    try:
        return Path(os.path.realpath(path))
    except (OSError, ValueError):
        return None


def is_inside(root: Path, path: Path) -> bool:
    """True if `path`, links resolved, is `root` or below it (`root` resolved too)."""
    target = resolved(path)
    base = resolved(root)
    if target is None or base is None:
        return False
    return target == base or base in target.parents


class Confinement:
    """`is_inside` for the many files of one walk: each folder is resolved once, and a file that is no
    symlink itself resolves to its resolved folder and its name (what `os.path.realpath` would give,
    one `lstat` instead of one per path component: a walk of 7,000 daily files cost ~0.8 s of
    `realpath`). A file that is a link is resolved whole, as `is_inside` does."""

    def __init__(self) -> None:
        self._folders: dict[Path, Path | None] = {}

    def _folder(self, folder: Path) -> Path | None:
        if folder not in self._folders:
            self._folders[folder] = resolved(folder)
        return self._folders[folder]

    def resolved(self, path: Path) -> Path | None:
        if path.name in ("", ".", "..") or os.path.islink(path):
            return resolved(path)
        folder = self._folder(path.parent)
        return None if folder is None else folder / path.name

    def is_inside(self, root: Path, path: Path) -> bool:
        target, base = self.resolved(path), self._folder(root)
        if target is None or base is None:
            return False
        return target == base or base in target.parents


def only_inside(root: Path, paths: list[Path]) -> list[Path]:
    """The paths that stay inside `root`; the others are left out (a walk never follows a link
    out of the workspace)."""
    confined = Confinement()
    return [p for p in paths if confined.is_inside(root, p)]


def check_inside(root: Path, path: Path, rel: str) -> Path:
    """`path` if it stays inside `root`; else `OutsideWorkspace` naming `rel` and where it leads."""
    if not is_inside(root, path):
        target = resolved(path)
        where = f" (it leads to {target})" if target is not None else ""
        raise OutsideWorkspace(f"{rel} is a symlink out of the workspace{where}; memjobs does not follow it",
                               path=rel)
    return path


def is_memory_file(rel: str) -> bool:
    """A memory file of docs/design.md §2, by its workspace-relative path."""
    if rel == MEMORY_MD or rel in CORE_FILES:
        return True
    if not _MEMORY_TREE.match(rel):
        return False
    parts = PurePosixPath(rel).parts
    return not any(p.startswith(".") for p in parts)   # memory/.locks, hidden folders, temp files


def extra_roots(workspace: Path, extra_paths: tuple[str, ...]) -> list[Path]:
    """The configured `search.extra_paths` (relative ones under the workspace), as folders or files."""
    out = []
    for extra in extra_paths:
        root = Path(os.path.expanduser(extra))
        out.append(root if root.is_absolute() else workspace / root)
    return out


def root_of(workspace: Path, roots: list[Path], path: Path) -> Path:
    """The root a found file must stay inside: the workspace, or the configured extra root
    (outside the workspace) it was found under."""
    for root in roots:
        if not is_inside(workspace, root) and (path == root or root in path.parents):
            return root
    return workspace


def served_file(workspace: Path, extra_paths: tuple[str, ...], rel: str, indexed: set[str]) -> Path:
    """What `memory_get` reads for `rel`: a memory file of the workspace (`memory_file`), or a
    file of an extra search path outside it that the index holds under its absolute path."""
    if "\0" in rel:
        raise UsageError("a path may not contain a NUL byte")
    if os.path.isabs(rel) and rel in indexed and rel.endswith(".md"):
        path = Path(rel)
        roots = extra_roots(workspace, extra_paths)
        root = root_of(workspace, roots, path)
        if root == workspace or not is_inside(root, path) or not path.is_file():
            raise OutsideWorkspace(f"not a memory file of this workspace: {rel}", path=rel)
        return path
    return memory_file(workspace, rel)


def memory_file(workspace: Path, rel: str) -> Path:
    """The file that `memory_get` may read for `rel`: a memory file, inside the workspace, that
    exists. Anything else is a clear error, never a traceback (a NUL byte, `..`, a folder)."""
    if "\0" in rel:
        raise UsageError("a path may not contain a NUL byte")
    norm = PurePosixPath(rel.replace("\\", "/"))
    if norm.is_absolute() or ".." in norm.parts:
        raise OutsideWorkspace(f"not a memory file of this workspace: {rel}", path=rel)
    clean = norm.as_posix()
    if not is_memory_file(clean):
        raise OutsideWorkspace(f"not a memory file of this workspace: {rel} (memory_get serves MEMORY.md, "
                               "the core memory files, memory/** and second-brain/**)", path=rel)
    path = workspace / clean
    check_inside(workspace, path, clean)
    if not path.is_file():
        raise UsageError(f"no such file: {rel}", path=rel)
    return path
