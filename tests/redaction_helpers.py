"""End-to-end check of redaction for the redaction tests: user turns written as a Claude Code
transcript, a real `memjobs run microsync` and `memjobs index` over it, then every file of the
workspace (memory/, .memjobs/ with its runs and intents, index.sqlite, PROPOSALS.md) and what the
commands printed searched for the secret values."""
from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from memory_store.workspace import init_workspace
from tests.conftest import cli_run


def microsync_leaks(tmp_path: Path, turns: list[str], values: list[str], *, day: str = "2026-11-23") -> list[str]:
    """Where any of `values` is found after microSync and the index read `turns` (user turns, an
    assistant's "Noted." after each): the paths of the files and "output" for the commands' output.
    A value counts whole only (not inside a longer run of letters and digits: a short PIN turns up
    inside a sha256 by chance). Asserts that the run kept the turns (a marker in the daily file) and
    that the index was built, so that an empty workspace cannot pass."""
    sid = "5ec2e75e-0000-4000-8000-0000000051c6"
    ws = tmp_path / "ws"
    init_workspace(ws)
    folder = tmp_path / "projects" / "-home-u-ops"
    folder.mkdir(parents=True)
    lines = []
    for i, text in enumerate(t for turn in turns for t in (turn, "Noted.")):
        role = "user" if i % 2 == 0 else "assistant"
        content: object = text if role == "user" else [{"type": "text", "text": text}]
        lines.append({"type": role, "sessionId": sid, "uuid": f"t{i}", "parentUuid": f"t{i - 1}" if i else None,
                      "cwd": "/home/u/ops", "timestamp": f"{day}T03:{i // 60:02d}:{i % 60:02d}.000Z",
                      "message": {"role": role, "content": content}})
    (folder / f"{sid}.jsonl").write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    (ws / "memjobs.yaml").write_text(yaml.safe_dump({"timezone": "Asia/Bangkok", "transcripts": [
        {"format": "claude-code", "path": str(tmp_path / "projects")}]}), encoding="utf-8")
    output = []
    for args in (["run", "microsync", "--since", day, "--now", f"{day}T22:00:00+07:00", "--json"], ["index"]):
        p = cli_run("--workspace", str(ws), *args)
        assert p.returncode in (0, 3), (args, p.stdout, p.stderr)
        output.append(p.stdout + p.stderr)
    daily = (ws / "memory" / f"{day}.md").read_text("utf-8")
    assert "[REDACTED:" in daily, daily
    seen = [f for f in ws.rglob("*") if f.is_file()]
    assert any(f.name == "index.sqlite" for f in seen) and any(".memjobs" in f.parts for f in seen)
    whole = re.compile("|".join(r"(?<![0-9A-Za-z])" + re.escape(v) + r"(?![0-9A-Za-z])" for v in values).encode())
    found = [str(f.relative_to(ws)) for f in seen if whole.search(f.read_bytes())]
    if any(whole.search(o.encode()) for o in output):
        found.append("output")
    return found
