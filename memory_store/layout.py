"""The workspace layout of docs/design.md §2, written once: every file memjobs writes, by name.

Constants only (no imports from the rest of memjobs), so that every module can read them: the
writers table (`memory_store.writers`) is built from these names, and so are the path helpers of
`memory_store.workspace`, the serving rules of `memory_store.confine`, the core memory files, the
episodes and the procedures. A new file memjobs writes starts here, then gets its writer row;
tests/memory_store/test_layout.py checks that every path named here has exactly one writer.

`*_RE` names are patterns a relative POSIX path must match in full (`re.fullmatch`); the others
are the relative paths themselves.
"""
from __future__ import annotations

import re

# The hot index and core memory, at the workspace's root.
MEMORY_MD = "MEMORY.md"
PROFILE = "PROFILE.md"
SESSION = "SESSION.md"
PROPOSALS = "PROPOSALS.md"
CORE_FILES = (PROFILE, SESSION, PROPOSALS)

# The daily logs and their overflow, written by microSync.
MEMORY_DIR = "memory"
DAILY_RE = r"memory/\d{4}-\d{2}-\d{2}\.md"
RECENT_DIR = "memory/recent"
RECENT_RE = r"memory/recent/[^/]+\.md"

# Procedural memory (one file) and the episodes (one file a month).
PROCEDURES = "memory/procedures.md"
EPISODES_DIR = "memory/episodes"
EPISODE_MONTH_RE = r"memory/episodes/\d{4}-\d{2}\.md"

# The archive: weekly's months and weeks, and one file each for archived core lines and episodes.
ARCHIVE_DIR = "memory/archive"
CORE_ARCHIVE = "memory/archive/core.md"
EPISODES_ARCHIVE = "memory/archive/episodes.md"
MEMORY_ARCHIVE_RE = r"memory/archive/(?!(?:core|episodes)\.md$)[^/]+\.md"

# The daily wrap-ups.
SUMMARY_DIR = "second-brain/summaries"
WRAPUP_RE = r"second-brain/summaries/[^/]+\.md"

# memjobs' own state, never a memory file.
STATE_DIR = ".memjobs"


def exactly(rel: str) -> str:
    """The pattern that matches the one relative path `rel`."""
    return re.escape(rel)
