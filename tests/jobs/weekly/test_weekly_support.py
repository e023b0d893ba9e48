"""Helpers shared by the weekly compound tests (no tests of its own): build entries and daily
files as microSync writes them, run the weekly job in-process, snapshot the workspace."""
from __future__ import annotations

import hashlib
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from memory_store.entries import BlockEntry, Source, make_id
from memory_store.markdown_write import append_entries

TZ = ZoneInfo("Asia/Bangkok")


def entry(kind: str, day: str, title: str, conclusion: str = "", *, confidence: float = 0.9,
          excerpt: str | None = None, supersedes: str | None = None, status: str = "active") -> BlockEntry:
    statement = f"{title} {conclusion}"
    return BlockEntry(
        kind=kind, title=title, id=make_id(kind, day, title, statement), date=day,
        source=Source("sess-" + hashlib.sha1(statement.encode()).hexdigest()[:8],
                      "/tmp/transcripts/s.jsonl", "L1-L2"),
        why="", finding="", conclusion=conclusion, impact="", confidence=confidence, status=status,
        supersedes=supersedes, excerpt=excerpt)


def write_entries(ws: Path, entries: list[BlockEntry]) -> None:
    """Append entries to their daily files, as microSync would."""
    by_day: dict[str, list[BlockEntry]] = {}
    for e in entries:
        by_day.setdefault(e.date, []).append(e)
    for day, es in by_day.items():
        path = ws / "memory" / f"{day}.md"
        old = path.read_text(encoding="utf-8") if path.exists() else f"# {day}\n"
        path.write_text(append_entries(old, es), encoding="utf-8")


def reads_of(ws: Path, entry_id: str, n: int, week: str = "2026-W45") -> None:
    """The agent read `entry_id` `n` times in `week`, as microSync counts its reads (memory_store/access.py)."""
    from memory_store.access import access_rel, merge_counts

    path = ws / access_rel(week)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(merge_counts(path.read_bytes() if path.exists() else None, {entry_id: n}))


def load_cfg(ws: Path):  # type: ignore[no-untyped-def]
    from memory_store.config import load_config

    return load_config(ws)


def run_weekly(ws: Path, now: str, *, dry_run: bool = False, force: bool = False, day: date | None = None):  # type: ignore[no-untyped-def]
    from jobs.dispatch import registry
    from jobs.run.runner import RunOptions

    moment = datetime.fromisoformat(now)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=TZ)
    return registry.run(load_cfg(ws), "weekly", now=moment, dry_run=dry_run,
                        options=RunOptions(force=force, day=day))


def snapshot(ws: Path, *, with_state: bool = False) -> dict[str, bytes]:
    """Every file of the workspace (memory files; `.memjobs/` only when asked)."""
    out: dict[str, bytes] = {}
    for p in sorted(ws.rglob("*")):
        rel = p.relative_to(ws).as_posix()
        if not p.is_file() or rel.startswith("memory/.locks/"):
            continue
        if rel.startswith(".memjobs/") and not with_state:
            continue
        out[rel] = p.read_bytes()
    return out


def memory_ids(ws: Path) -> set[str]:
    from memory_store.memory_md import parse_memory_md

    return {it.id for it in parse_memory_md((ws / "MEMORY.md").read_text(encoding="utf-8")).items}


def archived_ids(ws: Path) -> set[str]:
    from memory_store.archive_format import parse_archive

    out: set[str] = set()
    folder = ws / "memory" / "archive"
    for p in folder.glob("[0-9][0-9][0-9][0-9]-[0-9][0-9].md"):
        out |= {a.id for a in parse_archive(p.read_text(encoding="utf-8"))}
    return out


def pinned_part(text: str) -> str:
    """Everything outside the generated markers."""
    from memory_store.memory_md import BEGIN, END

    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return head + "\x00" + tail
