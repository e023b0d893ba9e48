"""MCP tools `memory_search` and `memory_get`: read-only, over one index view kept open for the
server's life (a query costs milliseconds); it is reopened when `memjobs index --rebuild` swaps the
file. A missing or stale index is reported to the agent with the command to run."""

from __future__ import annotations

import json
import os
from typing import Any

from memory_store.config import Config
from memory_store.errors import MemjobsError


class Memory:
    """The state behind the tools: the configuration and a lazily (re)opened Searcher."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self._searcher: Any = None
        self._inode: int | None = None

    def searcher(self) -> Any:
        from memory_store.search.query import Searcher
        from memory_store.search.schema import index_path

        try:
            inode = os.stat(index_path(self.cfg.state_dir)).st_ino
        except FileNotFoundError:
            inode = None
        if self._searcher is None or inode != self._inode:
            if self._searcher is not None:
                self._searcher.close()
                self._searcher = None
            self._searcher = Searcher(self.cfg)
            self._inode = inode
        return self._searcher

    def search(
        self,
        query: str,
        limit: int | None,
        tier: str | None,
        kind: str | None,
        since: str | None,
        until: str | None,
    ) -> dict[str, Any]:
        from memory_store.search.options import search_options

        s = self.searcher()
        opts = search_options(limit=limit or None, default_limit=self.cfg.search.max_results, tier=tier,
                              kinds=[kind] if kind else None, since=since, until=until, flag_prefix="")
        result = s.search(query, opts)
        out = result.to_dict()
        if result.stale:
            out["warning"] = "the index is older than the workspace's last change: run `memjobs index`"
        return out

    def get(
        self, entry_id: str | None, path: str | None, start_line: int | None, end_line: int | None
    ) -> dict[str, Any]:
        from memory_store.errors import UsageError
        from memory_store.search.fetch import get_entry, get_lines

        s = self.searcher()
        if entry_id:
            return get_entry(s, entry_id)
        if path:
            return get_lines(s, path, start_line or 1, end_line)
        raise UsageError("give either an entry id, or a path (with optional start_line and end_line)")


def _dump(obj: Any) -> str:
    from memory_store.redact import redact

    return redact(json.dumps(obj, ensure_ascii=False, indent=1))


def register(server: Any, cfg: Config) -> None:
    """Add the search tools to `server`."""
    from mcp.server.mcpserver.exceptions import ToolError

    memory = Memory(cfg)

    @server.tool()
    def memory_search(
        query: str,
        limit: int | None = None,
        tier: str | None = None,
        kind: str | None = None,
        since: str | None = None,
        until: str | None = None,
    ) -> str:
        """Search the agent's long-term memory (English, Thai, Chinese). Returns JSON: results with
        path, line (cite them as path:line), id, kind, title, date, status, confidence, score,
        source (session_id, session_path, message_range) and a snippet with **marks**.
        tier: warm | cold | all (default: warm first, cold when warm has too few hits).
        kind: decision, rule, constraint, architecture, remember or procedure (comma-separated).
        since/until: YYYY-MM-DD. limit: 1-50 (default 6)."""
        try:
            return _dump(memory.search(query, limit, tier, kind, since, until))
        except MemjobsError as exc:
            raise ToolError(str(exc)) from None

    @server.tool()
    def memory_get(
        id: str | None = None,
        path: str | None = None,
        start_line: int | None = None,
        end_line: int | None = None,
    ) -> str:
        """Read memory: an entry by its id (e.g. DECISION-20261006-use-postgresql-3f9a1c), or lines
        start_line..end_line (1-based, at most 400) of a memory file given by its workspace-relative
        path. Returns JSON with the path, the line and the text as it is in the file now."""
        try:
            return _dump(memory.get(id, path, start_line, end_line))
        except MemjobsError as exc:
            raise ToolError(str(exc)) from None
