"""Reading the sources of the runtime context (docs/design.md §6). Each reader returns what its
file holds or raises `SourceUnreadable` (a file that is missing where one is expected, not UTF-8,
not a file, not readable, or whose structure cannot be parsed). Optional files (procedures,
episodes) that do not exist are simply empty. Nothing here writes."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TypeVar

from memory_store import layout
from memory_store.core import document as doc
from memory_store.core.policy import Policy, load_policy
from memory_store.episodes import Episode, parse_episodes
from memory_store.errors import MemjobsError
from memory_store.fileio import read_snapshot, sha256_bytes
from memory_store.markdown import block_to_entry, parse_document
from memory_store.memory_md import IndexItem, parse_memory_md
from memory_store.procedures import REL as PROCEDURES_REL
from memory_store.procedures import steps_of

EPISODES_DIR = layout.EPISODES_DIR
T = TypeVar("T")


class SourceUnreadable(MemjobsError):
    code = "source_unreadable"


@dataclass(frozen=True)
class Read:
    """A file's bytes as text and a short hash of them (its version)."""

    text: str
    version: str


def read_file(path: Path, rel: str, *, required: bool) -> Read | None:
    def read() -> Read | None:
        snap = read_snapshot(path)
        if snap.data is None:
            if required:
                raise SourceUnreadable("is missing", path=rel)
            return None
        return Read(snap.text or "", sha256_bytes(snap.data)[:12])

    return guarded(read, rel)


def guarded(fn: Callable[[], T], rel: str) -> T:
    """`fn()`, any parse error of it as `SourceUnreadable` of `rel`."""
    try:
        return fn()
    except SourceUnreadable:
        raise
    except MemjobsError as exc:
        raise SourceUnreadable(exc.message, path=rel, line=exc.line) from None
    except OSError as exc:
        raise SourceUnreadable(exc.strerror or type(exc).__name__, path=rel) from None


def core_lines(workspace: Path, rel: str) -> tuple[list[doc.Located], list[doc.BadLine], str]:
    """The entries of PROFILE.md or SESSION.md, its lines that do not parse, and its version."""
    got = read_file(workspace / rel, rel, required=True)
    assert got is not None
    found, bad = doc.scan(got.text, rel)
    return found, bad, got.version


def policy(path: Path | None) -> Policy:
    if path is None:
        return Policy(Path("POLICY.md"), None)
    return guarded(lambda: load_policy(path), "POLICY.md")


def memory_index(workspace: Path) -> tuple[list[IndexItem], str, str]:
    """MEMORY.md's generated items, its version and its text (the user's lines are read from it)."""
    got = read_file(workspace / "MEMORY.md", "MEMORY.md", required=True)
    assert got is not None
    md = parse_memory_md(got.text)
    if md.problems:
        line, message = md.problems[0]
        raise SourceUnreadable(f"cannot be parsed: {message}", path="MEMORY.md", line=line)
    return md.items, got.version, got.text


@dataclass(frozen=True)
class Procedure:
    """A procedure as the context shows it: id, trigger, steps."""
    id: str
    trigger: str
    steps: tuple[str, ...]


def procedures(workspace: Path) -> tuple[list[Procedure], list[tuple[str, str]]]:
    """Active procedures, and (where, message) of the blocks that do not convert."""
    got = read_file(workspace / PROCEDURES_REL, PROCEDURES_REL, required=False)
    if got is None:
        return [], []
    out: list[Procedure] = []
    bad: list[tuple[str, str]] = []
    for block in guarded(lambda: parse_document(got.text), PROCEDURES_REL).blocks:
        if block.kind != "Procedure" or (block.get("status") or "active") != "active":
            continue
        try:
            e = block_to_entry(block, PROCEDURES_REL)
        except MemjobsError as exc:
            bad.append((f"{PROCEDURES_REL}:{block.line}", exc.message))
            continue
        steps = steps_of(e)
        if not steps:
            bad.append((f"{PROCEDURES_REL}:{block.line}", "a procedure without steps"))
            continue
        out.append(Procedure(e.id, e.title, steps))
    return out, bad


def episodes(workspace: Path) -> tuple[list[tuple[str, Episode]], list[tuple[str, str]]]:
    """Every episode with its file, newest month file first, and the files that do not parse."""
    folder = workspace / EPISODES_DIR
    try:
        names = sorted((p.name for p in folder.glob("*.md")), reverse=True) if folder.is_dir() else []
    except OSError:
        names = []
    out: list[tuple[str, Episode]] = []
    bad: list[tuple[str, str]] = []
    for name in names:
        rel = f"{EPISODES_DIR}/{name}"
        try:
            got = read_file(workspace / rel, rel, required=False)
            if got is None:
                continue
            out.extend((rel, e) for e in guarded(partial(parse_episodes, got.text, rel), rel))
        except SourceUnreadable as exc:
            bad.append((f"{rel}:{exc.line}" if exc.line else rel, exc.message))
    return out, bad
