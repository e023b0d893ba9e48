"""When a session was last active: the time of the last line of its transcript (docs/design.md §6,
TTL `session_end`). Found through the configured transcript sources, once per session per reader."""
from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from memory_store.config import TranscriptSource


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
        from memory_store.transcripts import discover, read

        latest: datetime | None = None
        for source in self.sources:
            for tf in discover(source).files:
                if session_id not in (tf.session_id, Path(tf.path.split("#", 1)[0]).stem):
                    continue
                times = [r.ts for r in read(tf).records]
                if times and (latest is None or max(times) > latest):
                    latest = max(times)
        return latest
