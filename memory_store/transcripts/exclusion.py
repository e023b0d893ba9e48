"""Which sessions are excluded (`exclude_sessions`, docs/design.md §8): one rule for microSync and
the sessions tier of the search index."""
from __future__ import annotations

import fnmatch


def is_excluded(patterns: tuple[str, ...], *values: str | None) -> bool:
    """Whether any value (session key, session id, first user message) matches a pattern, case-folded."""
    for value in values:
        if not value:
            continue
        probe = value.strip().casefold()
        if any(fnmatch.fnmatchcase(probe, p.casefold()) for p in patterns):
            return True
    return False
