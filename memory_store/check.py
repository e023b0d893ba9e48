"""`memjobs validate` over files on disk: reads them and runs the pure validator."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from memory_store.errors import EntryError
from memory_store.fileio import read_snapshot
from memory_store.validate import Problem, validate_text
from memory_store.workspace import markdown_files

# Validators of particular file kinds: (path pattern, "module:function(text, rel, exists, transcript_exists)").
# A module that has not landed yet is skipped.
KIND_CHECKS: tuple[tuple[str, str], ...] = (
    (r"second-brain/summaries/\d{4}-\d{2}-\d{2}-wrapup(-\d+)?\.md", "memory_store.wrapup_format:validate_wrapup"),
    (r"memory/archive/\d{4}-\d{2}\.md", "memory_store.archive_format:validate_archive"),
    (r"memory/archive/weekly-\d{4}-\d{2}\.md", "memory_store.archive_format:validate_weekly_log"),
)


def _kind_check(rel: str) -> Callable[..., list[Problem]] | None:
    import importlib
    import re

    for pattern, target in KIND_CHECKS:
        if re.fullmatch(pattern, rel):
            module, _, fn = target.partition(":")
            try:
                return getattr(importlib.import_module(module), fn)
            except ModuleNotFoundError as exc:
                if exc.name != module:
                    raise
    return None


def validate_paths(workspace: Path, paths: Iterable[Path] | None = None) -> list[Problem]:
    """Problems of the given files (default: every markdown file of the workspace)."""
    ws = workspace.resolve()
    files = list(paths) if paths else markdown_files(ws)
    out: list[Problem] = []

    def exists(rel: str) -> bool:
        return (ws / rel).exists()

    def transcript_exists(path: str) -> bool:
        return Path(path).expanduser().exists()

    for f in files:
        f = f if f.is_absolute() else (Path.cwd() / f)
        if f.is_dir():
            out.extend(validate_paths(ws, [p for p in sorted(f.rglob("*.md")) if p.is_file()]))
            continue
        try:
            rel = f.resolve().relative_to(ws).as_posix()
        except ValueError:
            rel = str(f)
        if not f.exists():
            out.append(Problem(rel, 1, "file not found"))
            continue
        try:
            text = read_snapshot(f).text or ""
        except EntryError as exc:
            out.append(Problem(rel, exc.line or 1, exc.message))
            continue
        out.extend(validate_text(text, rel, exists=exists, transcript_exists=transcript_exists))
        check = _kind_check(rel)
        if check is not None:
            out.extend(check(text, rel, exists, transcript_exists))
    return out
