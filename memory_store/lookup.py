"""One entry by id, read fresh from the files (no index needed): the entry, where it is, where it
came from, and its status history as the weekly logs and the archive recorded it.

The id's date names the daily file (docs/design.md §4: an entry lives in the file of its date,
or that day's `recent/` overflow); other entry files are searched only if it is not there.
History lines come from `memory/archive/*.md` (weekly logs: promoted, demoted, merged,
superseded, possible conflicts; monthly archives: demotions) and MEMORY.md (promoted now).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memory_store import layout
from memory_store.confidence import confidence_of
from memory_store.confine import only_inside
from memory_store.entries import ID_RE, BlockEntry
from memory_store.episodes import ARCHIVE_REL as EPISODE_ARCHIVE_REL
from memory_store.episodes import ID_RE as EPISODE_ID_RE
from memory_store.episodes import KIND as EPISODE_KIND
from memory_store.episodes import block_to_episode
from memory_store.errors import EntryError, UsageError
from memory_store.markdown import block_to_entry, parse_document, split_lines
from memory_store.procedures import REL as PROCEDURES_REL
from memory_store.search.decided import rejected, standing
from memory_store.supersedes_read import CHAIN_HOPS, Linker, entry_linkers, held_out_in, supersede_links
from memory_store.workspace import MEMORY_MD, entry_files

# the fields of an entry or an episode that hold what was said (not ids, dates or the source)
_WORDS = frozenset({"title", "why", "finding", "conclusion", "impact", "excerpt", "summary", "topics", "signal"})
_ID_DATE = re.compile(r"^[A-Z]+-(\d{4})(\d{2})(\d{2})-")


@dataclass
class HistoryLine:
    path: str
    line: int
    section: str | None     # the `## ` heading above it (a weekly log's Promoted, Demoted, …)
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "line": self.line, "section": self.section, "text": self.text}


@dataclass
class FoundEntry:
    id: str
    path: str                # relative to the workspace
    line: int                # the heading's line, 1-based
    text: str                # the entry as it is in its file
    entry: dict[str, Any]    # its fields, parsed
    history: list[HistoryLine] = field(default_factory=list)
    session_exists: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "path": self.path, "line": self.line, "entry": self.entry,
                "session_exists": self.session_exists, "history": [h.to_dict() for h in self.history],
                "text": self.text}


def find_entry(workspace: Path, entry_id: str) -> FoundEntry:
    """The entry `entry_id` of the workspace, or a UsageError saying it is not there. A value the user
    had memjobs forget is written `[forgotten]` in its text, fields and history, and its id is shown without
    the words (memory_store/core/forgotten.py `shown_id`); such a shown id finds its entry too."""
    from memory_store.core.forgotten import forgotten, real_id, shown_pattern

    gone = forgotten(workspace)
    if gone and shown_pattern(entry_id.strip()) is not None:
        # an id printed without its words (Forgotten.shown_id) still finds the entry it stands for
        entry_id = real_id(gone, entry_id.strip(), (p.read_text("utf-8", errors="replace")
                                                    for p in _candidate_files(workspace, entry_id.strip())))
    found = _find_entry(workspace, entry_id)
    if not gone:
        return found
    found.entry = {k: gone.mask_all(v) if k in _WORDS else gone.shown_id(v) if k in _IDS and isinstance(v, str) else v
                   for k, v in found.entry.items()}
    found.text = gone.mask(found.text)
    found.id = gone.shown_id(found.id)
    for h in found.history:
        h.text = gone.mask(h.text)
    return found


# the fields that hold an id: the entry's own and its links, each shown without a forgotten value's words
# (as search and MCP memory_get show them)
_IDS = frozenset(("id", "supersedes", "superseded_by", "current", "disputed_by", "disputes"))
_CORE_ID = re.compile(r"^[mph]-[0-9a-f]{6,}$")  # a fact (m-, h- for a hand-written line) or a proposal (p-)


def _find_entry(workspace: Path, entry_id: str) -> FoundEntry:
    entry_id = entry_id.strip()
    if EPISODE_ID_RE.match(entry_id):
        return find_episode(workspace, entry_id)
    if _CORE_ID.match(entry_id):
        # A core-memory fact or proposal (the ids `context` and `mem list` print): not a log entry.
        what = "proposal" if entry_id.startswith("p-") else "fact"
        where = "memjobs proposals list --all --json" if what == "proposal" else "memjobs mem list --all --json"
        raise UsageError(f"{entry_id!r} is a core-memory {what} id, not a log entry's: `{where}` shows it "
                         "(and `memjobs mem resolve KEY` a key's effective value)")
    if not ID_RE.match(entry_id):
        raise UsageError(f"{entry_id!r} is not an entry id (like DECISION-20261006-use-postgresql-3f9a1c)")
    for path in _candidate_files(workspace, entry_id):
        text = path.read_text("utf-8", errors="replace")
        block = parse_document(text).find(entry_id)
        if block is None:
            continue
        rel = path.relative_to(workspace).as_posix()
        try:
            parsed = block_to_entry(block, rel)
        except EntryError as exc:
            raise EntryError(f"{entry_id} does not parse: {exc.message}", path=rel, line=block.line) from exc
        fields = _entry_dict(parsed)
        if parsed.status == "active" and not parsed.superseded_by:
            newer = linked_by(workspace, parsed)
            if newer is not None:   # a reversal microSync linked that no weekly has applied yet
                fields.update(status="superseded", superseded_by=newer.id)
        # a person's conflict decision no weekly has applied yet: the rule search reports it by
        fields["status"], fields["superseded_by"] = standing(entry_id, fields["status"], fields["superseded_by"],
                                                             rejected(workspace))
        fields["current"] = current_of(workspace, entry_id, fields["superseded_by"])
        found = FoundEntry(entry_id, rel, block.line, block.text.rstrip("\n"), fields)
        session = parsed.source.session_path.split("#", 1)[0] if parsed.source.session_path else ""
        found.session_exists = os.path.exists(session) if session else None
        found.history = history_of(workspace, entry_id)
        return found
    raise UsageError(f"no entry with id {entry_id} in {workspace}")


def current_of(workspace: Path, entry_id: str, superseded_by: str | None) -> str | None:
    """What holds now in place of a superseded entry: the end of its replacement chain (200 superseded
    by 100, 100 by 300: 300), each link read as `get` reads it — the file's `superseded_by`, else a
    `supersedes:` link no weekly applied yet, else a person's decision; the rule and the hop limit of
    memory_store/supersedes_read.py `chain_end`. None for an entry nothing replaced."""
    if not superseded_by:
        return None
    decided = rejected(workspace)
    cur, seen = superseded_by, {entry_id}
    while cur not in seen and len(seen) < CHAIN_HOPS:
        seen.add(cur)
        nxt = _replaced_by(workspace, cur, decided)
        if nxt is None:
            break
        cur = nxt
    return cur


def _replaced_by(workspace: Path, entry_id: str, decided: dict[str, str]) -> str | None:
    """What replaced `entry_id` (by the rules `_find_entry` reports), or None: active, or not found."""
    for path in _candidate_files(workspace, entry_id):
        text = path.read_text("utf-8", errors="replace")
        if entry_id not in text:
            continue
        block = parse_document(text).find(entry_id)
        if block is None:
            continue
        try:
            e = block_to_entry(block, path.relative_to(workspace).as_posix())
        except EntryError:
            return None
        by = e.superseded_by
        if e.status == "active" and not by:
            newer = linked_by(workspace, e)
            by = newer.id if newer is not None else None
        return standing(entry_id, "superseded" if by else e.status, by, decided)[1]
    return None


def linked_by(workspace: Path, entry: BlockEntry) -> Linker | None:
    """The entry that supersedes `entry` by a link no weekly has applied yet, by the rule search and the
    context use (memory_store/supersedes_read.py), or None: a `supersedes:` naming its id (the entry files
    of its day and later that name it), or its own `superseded_later_by:` (the entry said later that it
    names, written before it)."""
    located: list[tuple[BlockEntry, str, int]] = []
    later = entry.superseded_later_by
    for path in entry_files(workspace):
        if path.name[:10] < entry.date:
            continue
        text = path.read_text("utf-8", errors="replace")
        if not ("supersedes:" in text and entry.id in text) and not (later and later in text):
            continue
        rel = path.relative_to(workspace).as_posix()
        for block in parse_document(text).blocks:
            if (block.get("supersedes") or "").strip() != entry.id and block.id != later:
                continue
            try:
                e = block_to_entry(block, rel)
            except EntryError:
                continue
            located.append((e, rel, block.line))
    if later:
        located.append((entry, "", 0))
    linkers = [lk for lk in entry_linkers(located) if lk.old == entry.id]
    if not linkers:
        return None
    return supersede_links(linkers, held_out_in(workspace)).get(entry.id)


def find_episode(workspace: Path, episode_id: str) -> FoundEntry:
    """An episode (memory/episodes/YYYY-MM.md, the month of its id first), or, once purged, its
    one line in memory/archive/episodes.md; a UsageError when it is in neither."""
    folder = workspace / layout.EPISODES_DIR
    files = sorted(folder.glob("*.md")) if folder.is_dir() else []
    month = f"{episode_id[8:12]}-{episode_id[12:14]}.md"
    files = [p for p in files if p.name == month] + [p for p in files if p.name != month]
    history = history_of(workspace, episode_id)
    for path in only_inside(workspace, files):
        text = path.read_text("utf-8", errors="replace")
        block = next((b for b in parse_document(text).records(EPISODE_KIND) if b.id == episode_id), None)
        if block is None:
            continue
        rel = path.relative_to(workspace).as_posix()
        try:
            ep = block_to_episode(block, rel)
        except EntryError as exc:
            raise EntryError(f"{episode_id} does not parse: {exc.message}", path=rel, line=block.line) from exc
        found = FoundEntry(episode_id, rel, block.line, block.text.rstrip("\n"), _episode_dict(ep), history)
        session = ep.source.session_path.split("#", 1)[0]
        found.session_exists = os.path.exists(session) if session else None
        return found
    archived = [h for h in history if h.path == EPISODE_ARCHIVE_REL]
    if archived:
        h = archived[-1]
        entry = {"kind": "episode", "title": h.text, "date": f"{episode_id[8:12]}-{episode_id[12:14]}-"
                 f"{episode_id[14:16]}", "status": "archived", "superseded_by": None, "source": None}
        return FoundEntry(episode_id, h.path, h.line, h.text, entry, history)
    raise UsageError(f"no episode with id {episode_id} in {workspace}")


def _episode_dict(e: Any) -> dict[str, Any]:
    return {"kind": "episode", "title": e.title, "date": e.date, "status": None, "superseded_by": None,
            "source": {"session_id": e.source.session_id, "session_path": e.source.session_path,
                       "message_range": e.source.message_range},
            "summary": e.summary, "topics": list(e.topics), "outcome": e.outcome, "signal": e.signal,
            "started": e.started, "ended": e.ended, "duration": e.duration, "expires": e.expires,
            "confidence": confidence_of("auto")}


def _candidate_files(workspace: Path, entry_id: str) -> list[Path]:
    files = entry_files(workspace)
    procedures = workspace / PROCEDURES_REL
    if procedures.is_file():  # learned procedures live there as well as in the daily logs
        files += only_inside(workspace, [procedures])
    m = _ID_DATE.match(entry_id)
    if not m:
        return files
    day = f"{m.group(1)}-{m.group(2)}-{m.group(3)}"
    first = [p for p in files if p.name == f"{day}.md" or p.name.startswith(f"{day}-")]
    return first + [p for p in files if p not in first]


def history_of(workspace: Path, entry_id: str) -> list[HistoryLine]:
    """Every line of MEMORY.md and memory/archive/ that names the id, oldest file first."""
    out: list[HistoryLine] = []
    archive = workspace / "memory" / "archive"
    files = [workspace / MEMORY_MD]
    if archive.is_dir():
        files += sorted(p for p in archive.iterdir() if p.is_file() and p.suffix == ".md")
    for path in files:
        if not path.is_file():
            continue
        text = path.read_text("utf-8", errors="replace")
        if entry_id not in text:
            continue
        section = None
        for i, line in enumerate(split_lines(text), start=1):
            if line.startswith("## "):
                section = line[3:].strip()
            elif entry_id in line:
                out.append(HistoryLine(path.relative_to(workspace).as_posix(), i, section, line.rstrip("\r\n")))
    return out


def _entry_dict(e: Any) -> dict[str, Any]:
    return {"kind": e.kind.lower(), "title": e.title, "date": e.date, "status": e.status,
            "confidence": e.confidence, "supersedes": e.supersedes, "superseded_by": e.superseded_by,
            "source": {"session_id": e.source.session_id, "session_path": e.source.session_path,
                       "message_range": e.source.message_range},
            "why": e.why, "finding": e.finding, "conclusion": e.conclusion, "impact": e.impact,
            "excerpt": e.excerpt, "refs": list(e.refs), "current": None}
