"""An in-process cache of built contexts for long-lived readers (`memjobs mcp`), docs/design.md §6.
An entry lives `ttl_s` seconds (default 30) and is dropped as soon as any source's generation
changes — one stat per file a context can read (inode, size, mtime), so a fact forgotten a moment
ago is never served from the cache.

What a context reads (memory_store/context/build.py): the core files and the core archive, MEMORY.md,
procedures, the snapshot, the audit trail, the open conflicts and their decisions, the episodes, POLICY.md; of the
entry files only those of the last `warm_days` days (the common topics, the reversal links and the
recent group: memory_store/context/user_model.py `recent_files`, a day more for the time zone) and
the daily files MEMORY.md's Remember and Rule items link to (memory_store/core/held.py
`held_in_index`). Those are stamped, with the mtimes of memory/ and memory/recent/ (a file added or
removed); a history of a thousand daily files costs a stat each no more (review13 #5). The names of a
folder are listed again only when its mtime changes, and nothing is resolved per file: a stat reads
nothing.
"""
from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memory_store.context.snapshot import SNAPSHOT_REL
from memory_store.context.sources import EPISODES_DIR
from memory_store.core.files import ARCHIVE, AUDIT_LOG
from memory_store.open_conflicts import DECISIONS_DIR, OPEN_REL
from memory_store.procedures import REL as PROCEDURES_REL

DEFAULT_TTL_S = 30.0
DEFAULT_WARM_DAYS = 30     # limits.warm_days's default (memory_store/config.py)
RECENT_WEEK = 7            # the recent group reads this ISO week (memory_store/context/recent.py)
# The saved open conflicts and the folder of people's decisions on them: a disputed item's mark
# changes with either (memory_store/context/disputed.py).
# The core archive: the forgotten filter reads the revoked facts there (memory_store/core/forgotten.py).
_WORKSPACE_FILES = ("PROFILE.md", "SESSION.md", "MEMORY.md", PROCEDURES_REL, SNAPSHOT_REL, AUDIT_LOG, OPEN_REL,
                    DECISIONS_DIR, ARCHIVE)
# a MEMORY.md item's link to its daily log (memory_store/memory_md.py)
_LINK = re.compile(r"\]\((memory/[^)#\s]+\.md)")
Stamp = tuple[tuple[str, int, int, int], ...]
FileStat = tuple[str, int, int, int]


def _stat(path: Path) -> FileStat:
    try:
        st = os.stat(path)
        return (str(path), st.st_ino, st.st_size, st.st_mtime_ns)
    except OSError:
        return (str(path), 0, -1, 0)


class _Names:
    """The file names of a folder, listed again only when its stat changes."""

    def __init__(self) -> None:
        self._held: dict[Path, tuple[FileStat, list[str]]] = {}

    def of(self, folder: Path, stat: FileStat, wanted: Callable[[str], bool]) -> list[str]:
        held = self._held.get(folder)
        if held is not None and held[0] == stat:
            return held[1]
        names: list[str] = []
        with contextlib.suppress(OSError):
            names = sorted(n for n in os.listdir(folder) if wanted(n))
        self._held[folder] = (stat, names)
        return names


class _Links:
    """The daily logs MEMORY.md's items link to, read again only when MEMORY.md's stat changes."""

    def __init__(self) -> None:
        self._held: tuple[FileStat, list[str]] | None = None

    def of(self, memory_md: Path, stat: FileStat) -> list[str]:
        if self._held is not None and self._held[0] == stat:
            return self._held[1]
        links: list[str] = []
        with contextlib.suppress(OSError, UnicodeDecodeError):
            links = sorted(set(_LINK.findall(memory_md.read_text("utf-8"))))
        self._held = (stat, links)
        return links


class Generation:
    """The sources' stamps of one workspace: change whenever a file a context reads is written,
    replaced, added or removed."""

    def __init__(self, workspace: Path, policy_file: Path | None, warm_days: int = DEFAULT_WARM_DAYS,
                 today: Callable[[], str] | None = None) -> None:
        self.workspace = workspace
        self.policy_file = policy_file
        self.days = max(warm_days, RECENT_WEEK) + 1     # a day more: the workspace's time zone
        self.today = today or (lambda: datetime.now(UTC).date().isoformat())
        self._names = _Names()
        self._links = _Links()

    def stamp(self) -> Stamp:
        ws = self.workspace
        out = [_stat(ws / rel) for rel in _WORKSPACE_FILES]
        episodes = ws / EPISODES_DIR
        out.append(_stat(episodes))
        out.extend(_stat(episodes / n) for n in self._names.of(episodes, out[-1], lambda n: n.endswith(".md")))
        first = (datetime.fromisoformat(self.today()) - timedelta(days=self.days)).date().isoformat()
        for folder in (ws / "memory", ws / "memory" / "recent"):
            st = _stat(folder)
            out.append(st)
            names = self._names.of(folder, st, lambda n: n.endswith(".md"))
            out.extend(_stat(folder / n) for n in names if n[:10] >= first)
        linked = self._links.of(ws / "MEMORY.md", out[2])
        out.extend(_stat(ws / rel) for rel in linked if rel.removeprefix("memory/")[:10] < first)
        if self.policy_file is not None:
            out.append(_stat(self.policy_file))
        return tuple(out)


def generation(workspace: Path, policy_file: Path | None, warm_days: int = DEFAULT_WARM_DAYS) -> Stamp:
    """The sources' stamps, once (a long-lived reader keeps a `Generation`)."""
    return Generation(workspace, policy_file, warm_days).stamp()


class ContextCache:
    def __init__(self, workspace: Path, policy_file: Path | None, ttl_s: float = DEFAULT_TTL_S,
                 clock: Callable[[], float] = time.monotonic, warm_days: int = DEFAULT_WARM_DAYS) -> None:
        self.workspace = workspace
        self.policy_file = policy_file
        self.generation = Generation(workspace, policy_file, warm_days)
        self.ttl_s = ttl_s
        self.clock = clock
        self._entries: dict[Any, tuple[Stamp, float, Any]] = {}
        self.hits = 0

    def get(self, key: Any, build: Callable[[], Any]) -> Any:
        stamp = self.generation.stamp()
        now = self.clock()
        held = self._entries.get(key)
        if held is not None and held[0] == stamp and now - held[1] < self.ttl_s:
            self.hits += 1
            return held[2]
        value = build()
        self._entries = {k: v for k, v in self._entries.items() if v[0] == stamp and now - v[1] < self.ttl_s}
        self._entries[key] = (stamp, now, value)
        return value
