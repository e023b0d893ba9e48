"""Inside a run (`shared_reads.sharing()`) `discover` gives a source's answer again while no folder it
walked has changed (memory_store/transcripts/discover.py): a backfill discovered every source once
per run, which grew with days times files. A file created, removed or renamed, a new folder, an
OpenClaw sessions.json rewritten, a folder changed in the last seconds: found as a fresh walk finds it."""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from memory_store import shared_reads
from memory_store.config import TranscriptSource
from memory_store.transcripts import discover as discover_fn
from memory_store.transcripts.files import Discovery

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "transcripts"


def _age(root: Path, seconds: int = 60) -> None:
    """Every folder under `root` last changed `seconds` ago (settled)."""
    past = time.time() - seconds
    for folder in [root, *(p for p in root.rglob("*") if p.is_dir())]:
        os.utime(folder, (past, past))


def _facts(found: Discovery) -> tuple[object, ...]:
    return found.files, found.notes, found.errors, found.matched


def test_a_settled_source_is_walked_once_and_changes_are_seen(tmp_path: Path, monkeypatch) -> None:
    import sys

    module = sys.modules["memory_store.transcripts.discover"]
    root = tmp_path / "projects"
    shutil.copytree(FIX / "claude-code" / "projects", root)
    _age(root)
    source = TranscriptSource("claude-code", str(root), subagents=True)
    walks: list[str] = []
    real = module._discover
    monkeypatch.setattr(module, "_discover", lambda s: walks.append(s.path) or real(s))
    with shared_reads.sharing():
        first = discover_fn(source)
        again = discover_fn(source)
        assert len(walks) == 1 and _facts(again) == _facts(first) and again is not first
        again.files.clear()                                   # the caller's own copy
        assert _facts(discover_fn(source)) == _facts(first)
        project = next(p for p in root.iterdir() if p.is_dir())
        new = project / "99999999-2222-4333-8444-555555555555.jsonl"
        shutil.copy(next(project.glob("*.jsonl")), new)       # a new session file
        grown = discover_fn(source)
        assert len(walks) == 2 and str(new) in [f.path for f in grown.files]
        assert _facts(grown) == _facts(real(source))
        new.unlink()                                           # and gone again
        assert _facts(discover_fn(source)) == _facts(first)
        (root / "-home-user-new").mkdir()                      # a new project folder
        shutil.copy(next(project.glob("*.jsonl")), root / "-home-user-new" / "s.jsonl")
        assert _facts(discover_fn(source)) == _facts(real(source)) != _facts(first)
        walks.clear()
        discover_fn(source)                                    # just changed: not kept
        discover_fn(source)
        assert len(walks) == 2
    walks.clear()
    discover_fn(source)
    discover_fn(source)                                        # outside a run: never kept
    assert len(walks) == 2


def test_openclaw_sessions_json_is_part_of_the_answer(tmp_path: Path) -> None:
    root = tmp_path / "sessions"
    shutil.copytree(FIX / "openclaw" / "agents" / "main" / "sessions", root)
    _age(root)
    source = TranscriptSource("openclaw", str(root), chat_types=("direct", "group"))
    with shared_reads.sharing():
        before = discover_fn(source)
        index = root / "sessions.json"
        index.write_text("{}", encoding="utf-8")              # every session loses its key
        past = time.time() - 60
        os.utime(index, (past, past))
        os.utime(root, (past, past))                           # the folder looks unchanged
        after = discover_fn(source)
    assert _facts(after) == _facts(discover_fn(source)) != _facts(before)
