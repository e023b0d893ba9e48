"""The reply cache under `<state_dir>/llm-cache/`: a re-run over the same chunks costs nothing.

Keyed by sha256 of (prompt version, model, chunk text); a file holds the parsed reply, redacted,
never the prompt. A file that does not parse is ignored (and overwritten by the next reply).
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from jobs.llm import redact_tree
from memory_store.fileio import atomic_write

CACHE_VERSION = 1


def cache_key(prompt_version: str, model: str, chunk_text: str) -> str:
    h = hashlib.sha256()
    for part in (prompt_version, model, chunk_text):
        data = part.encode("utf-8")
        # Length-prefixed so ("ab", "c") and ("a", "bc") never collide.
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


class ReplyCache:
    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.hits = 0
        self.writes = 0

    def _path(self, key: str) -> Path | None:
        if self.folder is None:
            return None
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> Any | None:
        path = self._path(key)
        if path is None or not path.is_file():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            return None
        if not isinstance(data, dict) or data.get("version") != CACHE_VERSION or "reply" not in data:
            return None
        self.hits += 1
        return data["reply"]

    def put(self, key: str, reply: Any, *, model: str, prompt_version: str) -> None:
        path = self._path(key)
        if path is None:
            return
        doc = {"version": CACHE_VERSION, "prompt_version": prompt_version, "model": model,
               "reply": redact_tree(reply)}
        atomic_write(path, json.dumps(doc, ensure_ascii=False, sort_keys=True).encode("utf-8"), mode=0o600)
        self.writes += 1
