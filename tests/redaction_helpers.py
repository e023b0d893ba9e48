"""End-to-end check of redaction for the redaction tests: turns written as a Claude Code transcript,
a real `memjobs run microsync` (and `run daily` if asked) and `memjobs index` over it, then every
file of the workspace (memory/, .memjobs/ with its runs and intents, index.sqlite, PROPOSALS.md) and
what the commands printed searched for the secret values."""
from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import date, timedelta
from pathlib import Path

import yaml

from memory_store.workspace import init_workspace
from tests.conftest import cli_run

# A value shorter than this counts whole only: a short PIN ("4821") turns up inside a sha256 or a
# random id by chance. A longer one counts wherever it is, inside a longer run too.
WHOLE_BELOW = 8


def _pattern(values: Sequence[str]) -> re.Pattern[bytes]:
    parts = [(r"(?<![0-9A-Za-z])" + re.escape(v) + r"(?![0-9A-Za-z])") if len(v) < WHOLE_BELOW else re.escape(v)
             for v in values]
    return re.compile("|".join(parts).encode())


def microsync_leaks(tmp_path: Path, turns: Sequence[str] | Sequence[tuple[str, str]], values: Sequence[str], *,
                    day: str = "2026-11-23", daily: bool = False, queries: Sequence[Sequence[str]] = (),
                    doctor: bool = False) -> list[str]:
    """Where any of `values` is found after microSync and the index read `turns`: the paths of the
    files (relative to the workspace, `tmp_path / "ws"`), "output" for what the commands printed,
    and "doctor" when `doctor` and doctor's secrets check then finds a secret.

    `turns` are user turns (an assistant's "Noted." after each) or (role, text) pairs taken as they
    are ("user" or "assistant"). `daily` runs the day's daily job (its wrap-up and episodes) before
    the index; `queries` are more commands run after it (`["search", "PIN", "--tier", "all"]`), their
    output searched too. Asserts that the run kept the turns (a marker or a value in the daily file) and
    that the index was built, so that an empty workspace cannot pass."""
    sid = "5ec2e75e-0000-4000-8000-0000000051c6"
    ws = tmp_path / "ws"
    init_workspace(ws)
    folder = tmp_path / "projects" / "-home-u-ops"
    folder.mkdir(parents=True)
    pairs: list[tuple[str, str]] = [t if isinstance(t, tuple) else ("user", t) for t in turns]
    if not any(isinstance(t, tuple) for t in turns):
        pairs = [p for pair in pairs for p in (pair, ("assistant", "Noted."))]
    lines = []
    for i, (role, text) in enumerate(pairs):
        assert role in ("user", "assistant"), role
        content: object = text if role == "user" else [{"type": "text", "text": text}]
        lines.append({"type": role, "sessionId": sid, "uuid": f"t{i}", "parentUuid": f"t{i - 1}" if i else None,
                      "cwd": "/home/u/ops", "timestamp": f"{day}T03:{i // 60:02d}:{i % 60:02d}.000Z",
                      "message": {"role": role, "content": content}})
    (folder / f"{sid}.jsonl").write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    (ws / "memjobs.yaml").write_text(yaml.safe_dump({"timezone": "Asia/Bangkok", "transcripts": [
        {"format": "claude-code", "path": str(tmp_path / "projects")}]}), encoding="utf-8")
    commands: list[Sequence[str]] = [["run", "microsync", "--since", day, "--now", f"{day}T22:00:00+07:00", "--json"]]
    if daily:
        after = (date.fromisoformat(day) + timedelta(days=1)).isoformat()
        commands.append(["run", "daily", "--date", day, "--now", f"{after}T00:30:00+07:00", "--json"])
    commands += [["index"], *queries]
    output = []
    for args in commands:
        p = cli_run("--workspace", str(ws), *args)
        assert p.returncode in (0, 3), (args, p.stdout, p.stderr)
        output.append(p.stdout + p.stderr)
    found_in = _pattern(values)
    kept = (ws / "memory" / f"{day}.md").read_text("utf-8")
    assert "[REDACTED:" in kept or found_in.search(kept.encode()), kept   # the turns were kept, redacted or not
    seen = [f for f in ws.rglob("*") if f.is_file()]
    assert any(f.name == "index.sqlite" for f in seen) and any(".memjobs" in f.parts for f in seen)
    if daily:
        assert any(".memjobs" in f.parts and "daily" in f.parent.name for f in seen), "the daily run left no report"
    found = [str(f.relative_to(ws)) for f in seen if found_in.search(f.read_bytes())]
    if any(found_in.search(o.encode()) for o in output):
        found.append("output")
    if doctor:
        p = cli_run("--workspace", str(ws), "doctor", "--json", "--no-llm")
        secrets = [c for c in json.loads(p.stdout)["findings"] if c["check"] == "secrets"]
        if [c["level"] for c in secrets] != ["ok"]:
            found.append("doctor")
    return found
