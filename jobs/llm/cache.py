"""The reply cache under `<state_dir>/llm-cache/`: a re-run over the same chunks costs nothing.

Keyed by sha256 of (prompt version, model, schema version, redacted chunk text); a file holds
the parsed reply, redacted, never the prompt, and when it was stored. An empty reply ("nothing
here") is trusted for `EMPTY_TTL_S` only: a model that wrongly answered nothing, or a server that
was dying, is asked again later. A file that does not parse is ignored (and overwritten).
"""
from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path
from typing import Any

from jobs.llm import redact_tree
from memory_store.fileio import atomic_write

CACHE_VERSION = 2
EMPTY_TTL_S = 7 * 86400.0


def schema_version(schema: Any) -> str:
    """A short hash of a JSON schema: a changed schema is a new cache key."""
    return hashlib.sha256(json.dumps(schema, sort_keys=True).encode("utf-8")).hexdigest()[:12]


def is_empty_reply(reply: Any) -> bool:
    """True when a reply holds no item: every list in it (at any depth) is empty."""
    if isinstance(reply, list):
        return not reply
    if isinstance(reply, dict):
        return all(is_empty_reply(v) for v in reply.values() if isinstance(v, (list, dict)))
    return False


def _fresh(stored_at: Any, empty: bool, now: float | None) -> bool:
    if not empty:
        return True
    if not isinstance(stored_at, (int, float)):
        return False
    return (now if now is not None else time.time()) - float(stored_at) <= EMPTY_TTL_S


def cache_key(*parts: str) -> str:
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8")
        # Length-prefixed so ("ab", "c") and ("a", "bc") never collide.
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


class ReplyCache:
    def __init__(self, folder: Path | None, *, write: bool = True) -> None:
        self.folder = folder
        self.write = write      # False for --dry-run: read what is there, leave no trace
        self.hits = 0
        self.writes = 0

    def _path(self, key: str) -> Path | None:
        if self.folder is None:
            return None
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str, *, now: float | None = None) -> Any | None:
        path = self._path(key)
        if path is None or not path.is_file():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            return None
        if not isinstance(data, dict) or data.get("version") != CACHE_VERSION or "reply" not in data:
            return None
        if not _fresh(data.get("stored_at"), is_empty_reply(data["reply"]), now):
            return None         # an old "nothing here": ask again
        self.hits += 1
        return data["reply"]

    def put(self, key: str, reply: Any, *, model: str, prompt_version: str, empty: bool | None = None,
            now: float | None = None) -> None:
        path = self._path(key)
        if path is None or not self.write:
            return
        doc = {"version": CACHE_VERSION, "prompt_version": prompt_version, "model": model,
               "stored_at": now if now is not None else time.time(),
               "empty": is_empty_reply(reply) if empty is None else empty, "reply": redact_tree(reply)}
        atomic_write(path, json.dumps(doc, ensure_ascii=False, sort_keys=True).encode("utf-8"), mode=0o600)
        self.writes += 1


class TurnCache:
    """What the model found per user turn, so a re-chunked read of the same session (a `--since`
    backfill over transcripts that incremental runs already extracted) asks nothing again.

    Chunk boundaries depend on where a run starts reading, so the chunk cache alone misses on a
    backfill; a turn is the same whatever chunk it was sent in. One file per (prompt version,
    model, session path): `<folder>/turns/<sha256>.json` = {"version", "turns": {"<line>:<text
    hash>": {"items": [candidate as JSON, …], "at": stored}}} — an empty list records "nothing
    here", trusted for `EMPTY_TTL_S` like an empty reply.
    """

    def __init__(self, folder: Path | None, *, model: str, prompt_version: str, write: bool = True) -> None:
        self.folder = folder / "turns" if folder is not None else None
        self.model = model
        self.prompt_version = prompt_version
        self.write = write
        self._loaded: dict[str, dict[str, dict[str, Any]]] = {}
        self._dirty: set[str] = set()

    @staticmethod
    def turn_key(line: int, text: str) -> str:
        return f"{line}:{hashlib.sha256(text.encode('utf-8')).hexdigest()[:16]}"

    def _path(self, session_path: str) -> Path | None:
        if self.folder is None:
            return None
        return self.folder / f"{cache_key(self.prompt_version, self.model, session_path)}.json"

    def _turns(self, session_path: str) -> dict[str, dict[str, Any]]:
        if session_path in self._loaded:
            return self._loaded[session_path]
        turns: dict[str, dict[str, Any]] = {}
        path = self._path(session_path)
        if path is not None and path.is_file():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError):
                data = None
            ok = isinstance(data, dict) and data.get("version") == CACHE_VERSION
            if ok and isinstance(data.get("turns"), dict):
                turns = {str(k): v for k, v in data["turns"].items()
                         if isinstance(v, dict) and isinstance(v.get("items"), list)}
        self._loaded[session_path] = turns
        return turns

    def lookup(self, session_path: str, keys: list[str], *, now: float | None = None) -> list[list[Any]] | None:
        """The stored items of every turn, in order; None when any turn is not known, or when
        every turn's "nothing here" is older than `EMPTY_TTL_S`."""
        turns = self._turns(session_path)
        if not keys or any(k not in turns for k in keys):
            return None
        found = [turns[k]["items"] for k in keys]
        if not any(found) and not all(_fresh(turns[k].get("at"), True, now) for k in keys):
            return None
        return found

    def store(self, session_path: str, found: dict[str, list[Any]], *, now: float | None = None) -> None:
        """Remember the turns' items; written by `flush` (once per session, not once per chunk)."""
        turns = self._turns(session_path)
        at = now if now is not None else time.time()
        turns.update({k: {"items": redact_tree(v), "at": at} for k, v in found.items()})
        self._dirty.add(session_path)

    def flush(self) -> None:
        for session_path in sorted(self._dirty):
            path = self._path(session_path)
            if path is None or not self.write:
                continue
            doc = {"version": CACHE_VERSION, "prompt_version": self.prompt_version, "model": self.model,
                   "turns": self._loaded[session_path]}
            data = json.dumps(doc, ensure_ascii=False, sort_keys=True).encode("utf-8")
            atomic_write(path, data, mode=0o600)
        self._dirty.clear()
