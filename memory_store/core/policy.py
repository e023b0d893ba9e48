"""Policy memory (docs/design.md §6): POLICY.md outside the workspace, admin-managed. memjobs reads it
and never writes it; nothing here returns its raw text. What leaves this module is its version
(a short hash of the bytes), its key names, and problems as line + message without values.
Readers hold a `PolicyReader`, which reloads the file when its hash changes.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from memory_store.core.document import Located, scan, stray_lines
from memory_store.core.lineformat import line_problems, split_fields
from memory_store.fileio import read_snapshot
from memory_store.markdown import split_lines

RESERVED_PREFIX = "policy."


def is_reserved(key: str) -> bool:
    return key.casefold().startswith(RESERVED_PREFIX)


@dataclass(frozen=True)
class Policy:
    """POLICY.md as read: its version, entries and problems by line."""
    path: Path
    version: str | None                      # None: there is no POLICY.md
    entries: tuple[Located, ...] = field(default=(), repr=False)
    problems: tuple[tuple[int, str], ...] = ()

    @property
    def keys(self) -> list[str]:
        return sorted({loc.entry.key for loc in self.entries})

    @property
    def ref(self) -> str:
        return f"policy@{self.version}" if self.version else "policy@none"


def load_policy(path: Path) -> Policy:
    data = read_snapshot(path).data
    if data is None:
        return Policy(path, None)
    version = hashlib.sha256(data).hexdigest()[:12]
    text = data.decode("utf-8", errors="replace")
    found, bad = scan(text, "POLICY.md")
    problems = [(b.line, m) for b in bad
                for m in line_problems(split_fields(split_lines(text)[b.line - 1]), show_values=False)]
    # a guardrail written `- policy.x: 100` is not read: an error with the fix, as in PROFILE.md
    # (docs/design.md §4), its value never shown
    problems.extend((b.line, b.message) for b in stray_lines(text, show_values=False) if b.severity == "error")
    return Policy(path, version, tuple(found), tuple(sorted(problems)))


def policy_problems(policy: Policy, multi_valued: frozenset[str] = frozenset()) -> list[tuple[int, str]]:
    """Every problem of POLICY.md as (line, message) without values, sorted: lines that do not parse,
    list items that look like guardrails but are not entries, single-valued keys set twice. The one
    check behind `memjobs policy check` and `memjobs doctor`."""
    return sorted([*policy.problems, *repeated_keys(policy, multi_valued)])


def repeated_keys(policy: Policy, multi_valued: frozenset[str] = frozenset()) -> list[tuple[int, str]]:
    """Active lines that set a single-valued key again for the same `applies_to`, as (line, message)
    without values: resolution keeps one of them silently (priority, then updated_at), so an edit
    to the other has no effect — the mistake a repeated key in memjobs.yaml is too."""
    first: dict[tuple[str, str], int] = {}
    out: list[tuple[int, str]] = []
    for loc in policy.entries:
        e = loc.entry
        if e.effective_status != "active" or e.key in multi_valued or e.key.endswith("[]"):
            continue
        where = (e.key, e.effective_applies_to)
        if where in first:
            out.append((loc.line, f"the key {e.key} is set again for applies_to {e.effective_applies_to} (first on "
                                  f"line {first[where]}); only one of them is used"))
        else:
            first[where] = loc.line
    return out


class PolicyReader:
    """The current policy; reloaded when the file's bytes change (hash), not on every read of an
    unchanged file (stat first)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stat: tuple[int, int, int] | None = None
        self._policy: Policy | None = None

    def get(self) -> Policy:
        try:
            st = self.path.stat()
            stamp: tuple[int, int, int] | None = (st.st_ino, st.st_size, st.st_mtime_ns)
        except OSError:
            stamp = None
        if self._policy is None or stamp != self._stat:
            fresh = load_policy(self.path)
            if self._policy is None or fresh.version != self._policy.version:
                self._policy = fresh
            self._stat = stamp
        return self._policy
