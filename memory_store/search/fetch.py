"""`memory_get`: an entry by id, or a range of a file's lines — always read fresh from the file."""

from __future__ import annotations

from typing import Any

from memory_store.core.forgotten import ID_WORDS, forgotten, real_id, shown_pattern
from memory_store.episodes import KIND as EPISODE_KIND
from memory_store.errors import UsageError
from memory_store.markdown import parse_document, split_lines
from memory_store.search.query import Searcher, workspace_file

MAX_LINES = 400


def get_entry(searcher: Searcher, entry_id: str) -> dict[str, Any]:
    """The entry's text as it is in its file now, with its path and heading line, and its status and
    superseded_by as search reports them (`Searcher.standing`: microSync's links and a person's
    conflict decisions applied before the weekly writes them into the file; None for what has no
    status, an episode); a value the user had memjobs forget is written `[forgotten]`, in its id too
    (memory_store/core/forgotten.py)."""
    gone = forgotten(searcher.cfg.workspace)
    if shown_pattern(entry_id) is not None and searcher.locate(entry_id) is None:
        # an id printed without its words (Forgotten.shown_id) still finds the entry it stands for
        kind_date, _, digest = entry_id.partition(f"-{ID_WORDS}-")
        rows = searcher.db.execute("SELECT id FROM rows WHERE id LIKE ?", (f"{kind_date}-%-{digest}",))
        entry_id = real_id(gone, entry_id, (str(r[0]) for r in rows))
    found = _entry(searcher, entry_id)
    status, superseded_by = searcher.standing(found["id"])
    return {**found, "id": gone.shown_id(found["id"]), "text": gone.mask(found["text"]), "status": status,
            "superseded_by": gone.shown_id(superseded_by) if superseded_by else None}


def _entry(searcher: Searcher, entry_id: str) -> dict[str, Any]:
    where = searcher.locate(entry_id)
    if where is None:
        raise UsageError(f"no entry with id {entry_id} in the index")
    rel, _ = where
    path = workspace_file(searcher.cfg, rel, searcher.indexed_paths())
    text = path.read_text("utf-8", errors="replace")
    doc = parse_document(text)
    block = doc.find(entry_id) or next((b for b in doc.records(EPISODE_KIND) if b.id == entry_id), None)
    if block is not None:
        return {"path": rel, "line": block.line, "id": entry_id, "text": block.text.rstrip("\n")}
    # Not a block (a MEMORY.md item, or the file changed since indexing): the line holding the id.
    for i, line in enumerate(split_lines(text), start=1):
        if entry_id in line:
            return {"path": rel, "line": i, "id": entry_id, "text": line.rstrip("\r\n")}
    raise UsageError(f"{entry_id} is no longer in {rel}; run `memjobs index`")


def get_lines(searcher: Searcher, rel: str, start: int = 1, end: int | None = None) -> dict[str, Any]:
    """Lines `start`..`end` (1-based, inclusive) of a memory file, at most 400 of them; a value the user
    had memjobs forget is written `[forgotten]`."""
    if start < 1 or (end is not None and end < start):
        raise UsageError(f"bad line range {start}-{end}")
    path = workspace_file(searcher.cfg, rel, searcher.indexed_paths())
    lines = split_lines(path.read_text("utf-8", errors="replace"))
    last = min(end or len(lines), len(lines), start + MAX_LINES - 1)
    return {
        "path": rel,
        "start": start,
        "end": last,
        "total_lines": len(lines),
        "text": forgotten(searcher.cfg.workspace).mask("".join(lines[start - 1 : last]).rstrip("\n")),
    }
