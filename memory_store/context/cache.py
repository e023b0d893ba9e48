"""An in-process cache of built contexts for long-lived readers (`memjobs mcp`), docs/design.md §6.
An entry lives `ttl_s` seconds (default 30) and is dropped as soon as any source's generation
changes — one stat per source file (inode, size, mtime), so a fact forgotten a moment ago is
never served from the cache."""
from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memory_store.context.snapshot import SNAPSHOT_REL
from memory_store.context.sources import EPISODES_DIR
from memory_store.core.files import AUDIT_LOG
from memory_store.open_conflicts import DECISIONS_DIR, OPEN_REL
from memory_store.procedures import REL as PROCEDURES_REL
from memory_store.workspace import entry_files

DEFAULT_TTL_S = 30.0
# The saved open conflicts and the folder of people's decisions on them: a disputed item's mark
# changes with either (memory_store/context/disputed.py).
_WORKSPACE_FILES = ("PROFILE.md", "SESSION.md", "MEMORY.md", PROCEDURES_REL, SNAPSHOT_REL, AUDIT_LOG, OPEN_REL,
                    DECISIONS_DIR)
Stamp = tuple[tuple[str, int, int, int], ...]


def _stat(path: Path) -> tuple[str, int, int, int]:
    try:
        st = os.stat(path)
        return (str(path), st.st_ino, st.st_size, st.st_mtime_ns)
    except OSError:
        return (str(path), 0, -1, 0)


def generation(workspace: Path, policy_file: Path | None) -> Stamp:
    """The sources' stamps: changes whenever any of them is written, replaced, added or removed."""
    paths = [workspace / rel for rel in _WORKSPACE_FILES]
    folder = workspace / EPISODES_DIR
    paths.append(folder)
    with contextlib.suppress(OSError):
        paths.extend(sorted(folder.glob("*.md")))
    # the entry files: a reversal microSync links there marks a MEMORY.md item REPLACED and changes
    # the recent group (memory_store/context/replaced.py, recent.py)
    paths.extend((workspace / "memory", workspace / "memory" / "recent"))
    with contextlib.suppress(OSError):
        paths.extend(entry_files(workspace))
    if policy_file is not None:
        paths.append(policy_file)
    return tuple(_stat(p) for p in paths)


class ContextCache:
    def __init__(self, workspace: Path, policy_file: Path | None, ttl_s: float = DEFAULT_TTL_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.workspace = workspace
        self.policy_file = policy_file
        self.ttl_s = ttl_s
        self.clock = clock
        self._entries: dict[Any, tuple[Stamp, float, Any]] = {}
        self.hits = 0

    def get(self, key: Any, build: Callable[[], Any]) -> Any:
        stamp = generation(self.workspace, self.policy_file)
        now = self.clock()
        held = self._entries.get(key)
        if held is not None and held[0] == stamp and now - held[1] < self.ttl_s:
            self.hits += 1
            return held[2]
        value = build()
        self._entries = {k: v for k, v in self._entries.items() if v[0] == stamp and now - v[1] < self.ttl_s}
        self._entries[key] = (stamp, now, value)
        return value
