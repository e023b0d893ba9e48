"""MEMORY.md items whose entry no memory file holds (docs/design.md §4, §5).

An item of MEMORY.md's generated part links to the entry it summarises. When no memory file holds
that entry any more, there are two cases, told apart conservatively because nothing may be lost:

- deleted by a person: memjobs wrote the entry (`.memjobs/microsync/entries.json` records it: the
  same record that keeps microSync from writing the id again), the file it was written to and the
  file MEMORY.md links to both exist and were read, and no memory file holds the id, neither as an
  entry nor as a stray `- id:` line (an entry moved to another file, to `memory/archive/` or
  half-edited is found, so it is not deleted). The weekly compound takes such an item out of
  MEMORY.md, archived with its reason.
- otherwise (a hand-written item, a file that is missing or cannot be read, or one that fails
  validation — cut short by an editor or sync crash or a full disk, which loses the entries after
  the cut without anyone deleting them): not known to be deleted. The item stays; `memjobs
  validate` still reports the link, and the broken file.

Pure over what the caller reads (`read(rel)` returns a file's text, None when it does not exist,
and raises OSError/EntryError when it cannot be read).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from memory_store.cursors import WRITTEN, WrittenLog
from memory_store.errors import EntryError
from memory_store.markdown import parse_document
from memory_store.memory_md import IndexItem

ReadFn = Callable[[str], "str | None"]


@dataclass(frozen=True)
class Unfound:
    item: IndexItem
    deleted: bool          # True: a person deleted the entry (see the module docstring)
    file: str              # where memjobs wrote it (deleted), else the file MEMORY.md links to


def _holds(text: str, ids: set[str]) -> set[str]:
    """The ids of `ids` that `text` holds, as an entry or a `- id:` line."""
    found = {b.id for b in parse_document(text).blocks if b.id in ids}
    for i in ids - found:
        if f"id: {i}" in text:
            found.add(i)
    return found


def unfound_items(items: Iterable[IndexItem], known: set[str], memory_files: list[str], read: ReadFn,
                  written_state: bytes | None) -> list[Unfound] | None:
    """The items whose id is not in `known` (the ids the caller already found) and that no file of
    `memory_files` holds. None when a memory file cannot be read: then nothing is called missing."""
    wanted = {it.id: it for it in items if it.id not in known}
    if not wanted:
        return []
    left = set(wanted)
    try:
        for rel in memory_files:
            text = read(rel)
            if text and left:
                left -= _holds(text, left)
        written = WrittenLog.from_bytes(written_state, WRITTEN)
    except (OSError, EntryError):
        return None
    out: list[Unfound] = []
    for i in sorted(left):
        it = wanted[i]
        mine = written.entries.get(i)
        deleted = False
        if mine is not None:
            try:
                deleted = _whole(mine.path, read(mine.path)) and _whole(it.link, read(it.link))
            except (OSError, EntryError):
                return None
        out.append(Unfound(it, deleted, mine.path if (mine is not None and deleted) else it.link))
    return out


def _whole(rel: str, text: str | None) -> bool:
    """`text` (the file `rel`) exists and passes validation: a file cut short is no evidence that a
    person deleted what it no longer holds."""
    from memory_store.validate import validate_text

    return text is not None and not any(p.severity == "error" for p in validate_text(text, rel))


def memory_file_rels(workspace: Path) -> list[str]:
    """Every markdown file under memory/ and second-brain/ (and the core files), workspace-relative."""
    from memory_store.workspace import markdown_files

    root = workspace.resolve()
    out: list[str] = []
    for p in markdown_files(root):
        try:
            out.append(p.resolve().relative_to(root).as_posix())
        except ValueError:
            continue
    return [r for r in out if r != "MEMORY.md"]
