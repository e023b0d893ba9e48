"""When a session was last active: the time of the last line of its transcript (docs/design.md §6,
TTL `session_end`). Found through the configured transcript sources, once per session per reader."""
from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from memory_store.config import TranscriptSource
from memory_store.transcripts.records import Record


class SessionActivity:
    """`activity(session_id)` -> the time of the session's last transcript line, or None when no
    configured source has that session. Callable as the `LastActivity` of memory_store.core.ttl."""

    def __init__(self, sources: Iterable[TranscriptSource]) -> None:
        self.sources = tuple(sources)
        self._seen: dict[str, datetime | None] = {}

    def __call__(self, session_id: str) -> datetime | None:
        if session_id not in self._seen:
            self._seen[session_id] = self._find(session_id)
        return self._seen[session_id]

    def _find(self, session_id: str) -> datetime | None:
        return max((r.ts for r in session_records(self.sources, session_id)), default=None)


def session_records(sources: Iterable[TranscriptSource], session_id: str) -> list[Record]:
    """Every record of one session, over all configured sources (redacted, as readers yield them)."""
    from memory_store.transcripts import discover, read

    out: list[Record] = []
    for source in sources:
        for tf in discover(source).files:
            if session_id in (tf.session_id, Path(tf.path.split("#", 1)[0]).stem):
                out.extend(read(tf).records)
    return out
