"""Helpers shared by the search tests: real entries written into a real workspace (no tests here)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from memory_store.config import Config, load_config
from memory_store.entries import BlockEntry, Source, make_id
from memory_store.markdown_write import serialize_entry


def entry(
    kind: str,
    title: str,
    day: str,
    conclusion: str,
    *,
    why: str = "",
    status: str = "active",
    superseded_by: str | None = None,
    supersedes: str | None = None,
    excerpt: str | None = None,
) -> BlockEntry:
    return BlockEntry(
        kind=kind,
        title=title,
        id=make_id(kind, day, title, conclusion),
        date=day,
        source=Source("sess-1", "/home/u/.claude/projects/p/sess-1.jsonl", "L3-L9"),
        why=why,
        conclusion=conclusion,
        confidence=0.9,
        status=status,
        superseded_by=superseded_by,
        supersedes=supersedes,
        excerpt=excerpt,
    )


def write_daily(ws: Path, day: str, entries: list[BlockEntry], prose: str = "") -> Path:
    path = ws / "memory" / f"{day}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = f"# {day}\n\n" + (prose + "\n\n" if prose else "") + "\n".join(serialize_entry(e) for e in entries)
    path.write_text(text, encoding="utf-8")
    return path


def config(ws: Path) -> Config:
    return load_config(ws)


def snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under root with its bytes and mtime (for the read-only tests)."""
    return {
        p.relative_to(root).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


TODAY = date(2026, 11, 22)
