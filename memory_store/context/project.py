"""Whose an episode is (docs/design.md §6.5): a session belongs to a project by its own working
directory, as its transcript records it (memory_store/transcripts/records.py `cwd`), compared as a
path — never by a piece of its transcript's file name, which for Claude Code holds
`/.claude/projects/` and other projects' names (`-home-u-shopfront` holds `shop`), and for Codex
holds no project at all.

The project is asked for as a path (an agent hook passes its `cwd`; `--project /home/u/shop`): an
episode whose cwd is that folder or below it is the project's. Or as a bare name (`--project shop`,
the id `applies_to: project:<id>` uses): an episode whose cwd has a folder of that name is. A
session whose cwd is not known belongs to no project.
"""
from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass


def _norm(path: str) -> str:
    p = posixpath.normpath(path.strip().replace("\\", "/"))
    return p if p != "//" else "/"


def is_path(project: str) -> bool:
    """Is `project` a folder's path rather than a bare name?"""
    p = project.strip()
    return "/" in p or "\\" in p or p.startswith("~")


@dataclass(frozen=True)
class Project:
    """A project as the caller named it: `path` when given as one, and its `name` (the last part)."""
    name: str
    path: str | None = None

    @classmethod
    def of(cls, project: str) -> Project | None:
        if not project.strip():
            return None
        if not is_path(project):
            return cls(project.strip())
        path = _norm(os.path.expanduser(project.strip()))
        return cls(posixpath.basename(path) or path, path)

    def holds(self, cwd: str | None) -> bool:
        """Is a session started in `cwd` one of this project's (None: not known, so no)?"""
        if not cwd or not cwd.strip():
            return False
        where = _norm(cwd)
        if self.path is not None:
            return where == self.path or where.startswith(self.path.rstrip("/") + "/")
        return self.name in where.split("/")
