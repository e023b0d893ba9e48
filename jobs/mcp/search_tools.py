"""MCP tools `memory_search` and `memory_get`: read-only, over one index view kept open for the
server's life (a query costs milliseconds); it is reopened when `memjobs index --rebuild` swaps the
file. Results are structured (an output schema per tool); every parameter is described, and the
closed sets (tier, kind) are enums. A missing index gives an empty result with a note, a stale one a
note with the command to run — never an error."""

from __future__ import annotations

import os
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict  # pydantic needs this TypedDict before Python 3.12

from memory_store.config import Config
from memory_store.errors import IndexMissing, MemjobsError

Tier = Literal["warm", "cold", "all", "sessions"]
Kind = Literal["decision", "rule", "constraint", "architecture", "remember", "procedure"]
Layer = Literal["user_model", "procedural", "semantic", "episodic"]
MISSING_NOTE = "there is no search index yet: run `memjobs index` (results will be empty until then)"
STALE_NOTE = "the index is older than the workspace's last change: run `memjobs index`"
# A question's vector is waited for until this long after the question arrived (the budget of a
# question in process is 20 ms at p95, docs/design.md §7); later, the words' ranking answers.
EMBED_DEADLINE_MS = 15.0
PRELOAD_DELAY_S = 3.0  # the server has answered `initialize` and `tools/list` by then (1.5 s quiet, 3-4.6 s at load 15)
WORDS_ONLY_NOTES = {
    "loading": "the sentence model is still loading (it started with the server): this question was ranked"
               " by its words only",
    "late": "the sentence model did not answer within the time a search may take (a busy machine): this"
            " question was ranked by its words only; asked again, it is ranked by meaning too",
    "busy": "the machine is too busy for the sentence model to answer in time (the last questions' vectors"
            " were late): this question was ranked by its words only",
}


class SourceRef(TypedDict):
    session_id: str
    session_path: str
    message_range: str


class SearchHit(TypedDict):
    path: Annotated[str, Field(description="Workspace-relative memory file, or the transcript of a sessions hit")]
    line: Annotated[int, Field(description="1-based line (an entry's heading); cite as path:line")]
    id: str | None
    kind: str | None
    title: str
    date: str | None
    status: str | None
    confidence: float | None
    origin: Annotated[str | None, Field(description="user, admin, correction, cited or auto: where the memory "
                                        "came from, which bounds its confidence; null for older entries")]
    score: float
    source: SourceRef | None
    snippet: Annotated[str, Field(description="The best line, matches marked with **")]
    tier: Annotated[str, Field(description="warm, cold or sessions")]
    layer: Annotated[str, Field(description="user_model, procedural, semantic or episodic")]
    uncertain: Annotated[bool, Field(description="True for a sessions hit: what was said, not a kept memory")]
    disputed_by: Annotated[list[str] | None, Field(description=(
        "Newer entries that contradict this one with nothing saying which holds (an open conflict): "
        "ask the user"))]
    disputes: Annotated[list[str] | None, Field(description=(
        "Established entries this one contradicts (an open conflict; it is held out of MEMORY.md): "
        "ask the user"))]
    ended: NotRequired[Annotated[str | None, Field(description=(
        "The day this entry said it held until, when that day is over: it is not in force now"))]]
    speaker: NotRequired[str]


class SearchOutput(TypedDict):
    query: str
    took_ms: float
    results: list[SearchHit]
    note: NotRequired[str]


class GetOutput(TypedDict):
    path: str
    text: str
    line: NotRequired[int]
    id: NotRequired[str]
    start: NotRequired[int]
    end: NotRequired[int]
    total_lines: NotRequired[int]
    status: NotRequired[str | None]          # an entry's, as memory_search reports it
    superseded_by: NotRequired[str | None]
    current: NotRequired[str | None]         # what holds now: the end of its replacement chain


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
            # sentence vectors, when installed
            self._searcher = Searcher(self.cfg, embed_queries=True, embed_deadline_ms=EMBED_DEADLINE_MS)
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
        layer: list[str] | None = None,
    ) -> dict[str, Any]:
        from memory_store.search.options import search_options

        opts = search_options(limit=limit or None, default_limit=self.cfg.search.max_results, tier=tier,
                              kinds=[kind] if kind else None, since=since, until=until, flag_prefix="",
                              layers=layer or None)
        opts.check()
        try:
            s = self.searcher()
        except IndexMissing:
            from memory_store.search.schema import index_path

            if index_path(self.cfg.state_dir).is_file():
                raise   # damaged or half-written: an error that says what to run
            # right after `memjobs init`, or before the first job: nothing to find yet
            return {"query": query, "took_ms": 0.0, "results": [], "note": MISSING_NOTE}
        result = s.search(query, opts)
        out = result.to_dict()
        if result.note:
            out["note"] = result.note   # built by another version: answered from a scan of the files
        elif result.stale:
            out["note"] = STALE_NOTE
        elif result.words_only:
            out["note"] = WORDS_ONLY_NOTES[result.words_only]
        return out

    def get(
        self, entry_id: str | None, path: str | None, start_line: int | None, end_line: int | None
    ) -> dict[str, Any]:
        from memory_store.errors import UsageError
        from memory_store.search.fetch import get_entry, get_lines

        s = self.searcher()
        if entry_id:
            found = get_entry(s, entry_id)
            return {**found, "current": self._current(found["id"], found.get("superseded_by"))}
        if path:
            return get_lines(s, path, start_line or 1, end_line)
        raise UsageError("give either an entry id, or a path (with optional start_line and end_line)")


    def _current(self, entry_id: str, superseded_by: str | None) -> str | None:
        """What holds now in place of a superseded entry, as `memjobs get` names it (the end of its
        replacement chain, memory_store/lookup.py `current_of`); None for one nothing replaced."""
        if not superseded_by:
            return None
        from memory_store.core.forgotten import forgotten
        from memory_store.lookup import current_of

        now = current_of(self.cfg.workspace, entry_id, superseded_by)
        return forgotten(self.cfg.workspace).shown_id(now) if now else None


def _redacted(obj: Any) -> Any:
    """Every string of a result, redacted (memory files are read fresh by memory_get)."""
    from memory_store.redact import redact

    if isinstance(obj, str):
        return redact(obj)
    if isinstance(obj, dict):
        return {k: _redacted(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_redacted(v) for v in obj]
    return obj


def register(server: Any, cfg: Config) -> None:
    """Add the search tools to `server`."""
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp_types import ToolAnnotations

    memory = Memory(cfg)
    # The sentence model (the optional embed extra) loads on a thread of its own, PRELOAD_DELAY_S
    # after start (so that its ~0.4 s of imports stays out of the handshake: docs/design.md §7), and
    # the first question does not wait ~0.5-1 s for it; until then questions say so in `note`.
    from memory_store.search import vectors

    vectors.preload(cfg, delay=PRELOAD_DELAY_S)
    read_only = ToolAnnotations(
        read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
    )

    @server.tool(annotations=read_only, structured_output=True)
    def memory_search(
        query: Annotated[str, Field(description="What to look for, as words or a question (English, Thai, Chinese)")],
        limit: Annotated[int | None, Field(description="How many results, 1-50 (default 6)", ge=1, le=50)] = None,
        tier: Annotated[Tier | None, Field(description=(
            "warm, cold or all (the kept memory), or sessions (what was said in transcripts). Default: warm"
            " first, then cold, then sessions when too few entries match every word"
        ))] = None,
        kind: Annotated[Kind | None, Field(description="Only entries of this kind")] = None,
        since: Annotated[str | None, Field(description="Only results dated on or after this day, YYYY-MM-DD")] = None,
        until: Annotated[str | None, Field(description="Only results dated on or before this day, YYYY-MM-DD")] = None,
        layer: Annotated[list[Layer] | None, Field(description=(
            "Memory layers to search. Default: procedural, semantic and episodic; user_model (core memory)"
            " only when asked for, weighed x0.5"
        ))] = None,
    ) -> SearchOutput:
        """Search the agent's long-term memory: what was decided, when, why and where it is written.
        Cite results as path:line; a result with uncertain=true comes from a transcript (what was
        said, not a kept memory) and cites its session_path and message_range."""
        try:
            return _redacted(memory.search(query, limit, tier, kind, since, until, list(layer or [])))  # type: ignore[no-any-return]
        except MemjobsError as exc:
            raise ToolError(str(exc)) from None

    @server.tool(annotations=read_only, structured_output=True)
    def memory_get(
        id: Annotated[str | None, Field(description="An entry id, e.g. DECISION-20261006-use-postgres-3f9a1c")] = None,
        path: Annotated[str | None, Field(description="A memory file, relative to the workspace")] = None,
        start_line: Annotated[int | None, Field(description="First line to read, 1-based (with path)", ge=1)] = None,
        end_line: Annotated[int | None, Field(description="Last line to read, inclusive (≤ 400 lines)", ge=1)] = None,
    ) -> GetOutput:
        """Read memory as it is in its file now: an entry by its id (with its status, what superseded it
        and `current`, what holds now in its place), or lines of a memory file."""
        try:
            return _redacted(memory.get(id, path, start_line, end_line))  # type: ignore[no-any-return]
        except MemjobsError as exc:
            raise ToolError(str(exc)) from None
