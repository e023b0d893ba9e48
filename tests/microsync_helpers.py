"""Shared helpers for microSync tests: a workspace over (a copy of) the bundled demo transcripts,
the schedule replayed with --now, and matching entries against the answer key."""
from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path

import yaml

from jobs.demo.build import DEMO_DATA
from jobs.dispatch import registry
from jobs.run.report import RunReport
from memory_store.config import Config, load_config
from memory_store.entries import BlockEntry
from memory_store.markdown import parse_document
from memory_store.workspace import init_workspace

KEY = yaml.safe_load((DEMO_DATA / "expected.yaml").read_text(encoding="utf-8"))
_RANGE = re.compile(r"^[LE](\d+)-[LE](\d+)$")


def demo_workspace(tmp_path: Path) -> tuple[Config, Path]:
    ws = tmp_path / "ws"
    init_workspace(ws)
    data = tmp_path / "data"
    shutil.copytree(DEMO_DATA / "transcripts", data / "transcripts")
    sources = [{**s, "path": str(data / s["path"])} for s in KEY["sources"]]
    (ws / "memjobs.yaml").write_text(yaml.safe_dump({"timezone": KEY["timezone"], "transcripts": sources}),
                                     encoding="utf-8")
    return load_config(ws, env={}), data


def replayed_copy(ws: Path, dest: Path) -> Config:
    """A private copy of a replayed workspace (conftest's `demo_replayed`) at `dest`, to run jobs
    on: its memjobs.yaml keeps reading the shared build's transcripts, which no job writes."""
    shutil.copytree(ws, dest, symlinks=True)
    return load_config(dest, env={})


def replay_schedule(cfg: Config, days: list[str] | None = None) -> list[RunReport]:
    out = []
    for d in days or KEY["days"]:
        for t in KEY["microsync_local_times"]:
            now = datetime.combine(date.fromisoformat(d), time.fromisoformat(t), cfg.tz)
            out.append(registry.run(cfg, "microsync", now=now))
    return out


@dataclass
class Found:
    file: str
    entry: BlockEntry


def all_entries(ws: Path) -> list[Found]:
    """The decision log's entries (daily files, recent/, projects/): not the archive, and not the
    procedures learned into memory/procedures.md (the answer keys are about the decision log)."""
    out = []
    for f in sorted((ws / "memory").rglob("*.md")):
        if "archive" in f.parts or f.relative_to(ws).as_posix() == "memory/procedures.md":
            continue
        out.extend(Found(f.relative_to(ws).as_posix(), e) for e in parse_document(f.read_text("utf-8")).entries())
    return out


def span(e: BlockEntry) -> tuple[int, int]:
    m = _RANGE.match(e.source.message_range)
    assert m, e.source.message_range
    return int(m.group(1)), int(m.group(2))


def memory_bytes(ws: Path) -> dict[str, bytes]:
    return {p.relative_to(ws).as_posix(): p.read_bytes() for p in ws.rglob("*")
            if p.is_file() and ".memjobs" not in p.parts and ".locks" not in p.parts}


def claude_code_workspace(tmp_path: Path) -> Path:
    """A fresh workspace reading the Claude Code transcripts a test writes under tmp_path/transcripts."""
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text(
        "timezone: Asia/Bangkok\n"
        f"transcripts:\n  - {{format: claude-code, path: {tmp_path / 'transcripts'}}}\n", encoding="utf-8")
    return ws


def claude_code_session(tmp_path: Path, workspace: Path, turns: list[tuple[str, str, str]]) -> None:
    """One Claude Code session `s1` of (timestamp, role, text) turns under tmp_path/cc, and `workspace`
    configured (UTC) to read it."""
    folder = tmp_path / "cc" / "projects" / "-home-user-app"
    folder.mkdir(parents=True)
    with (folder / "s1.jsonl").open("w", encoding="utf-8") as fh:
        for n, (ts, role, text) in enumerate(turns):
            fh.write(json.dumps({"type": role, "sessionId": "s1", "uuid": f"u{n}", "timestamp": ts,
                                 "message": {"role": role, "content": text}}) + "\n")
    (workspace / "memjobs.yaml").write_text(
        f"timezone: UTC\ntranscripts: [{{format: claude-code, path: {tmp_path / 'cc' / 'projects'}}}]\n",
        encoding="utf-8")


def microsync_at(ws: Path, now: str) -> RunReport:
    """One microSync run of `ws` at the ISO instant `now`."""
    return registry.run(load_config(ws, env={}), "microsync", now=datetime.fromisoformat(now))
