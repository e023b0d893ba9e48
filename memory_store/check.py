"""`memjobs validate` over files on disk: reads them and runs the pure validator."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from memory_store.errors import EntryError
from memory_store.fileio import read_snapshot
from memory_store.validate import Problem, validate_text
from memory_store.workspace import markdown_files

# Validators for particular file kinds (e.g. the wrap-up format) register here: rel -> problems.
EXTRA_CHECKS: list[Callable[[str, str], list[Problem]]] = []


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
        for check in EXTRA_CHECKS:
            out.extend(check(text, rel))
    return out
