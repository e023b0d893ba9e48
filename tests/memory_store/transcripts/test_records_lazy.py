"""Tool output and tool arguments are redacted when first read (memory_store/transcripts/records.py):
until then the raw text sits inside the record, and nothing of the record may show it: not its
fields, `repr`, equality, pickling, copying or `dataclasses.asdict`. What a reader reads is what
`redact_capped` made of the text when the readers redacted at once. And over a whole workspace
(microSync, daily, weekly, the index) no secret of a tool's output or arguments reaches a file."""
from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from memory_store.redact import redact_capped
from memory_store.transcripts.discover import read
from memory_store.transcripts.files import TranscriptFile
from memory_store.transcripts.records import _RAW_KEEP, TOOL_TEXT_CAP, Record, Role, ToolText
from tests.conftest import cli_run

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "transcripts"
SECRETS = ("dop_v1_" + "a1" * 32, "hunter22", "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123")
SALT = f" token {SECRETS[0]} password={SECRETS[1]} ใช้คีย์ {SECRETS[2]} "
_TEXT_KEYS = ("text", "content", "message", "output", "summary")
_ARG_KEYS = ("input", "arguments", "action", "command")


def _salt_all(value: Any) -> Any:
    if isinstance(value, str):
        return value + SALT
    if isinstance(value, dict):
        return {k: _salt_all(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_salt_all(v) for v in value]
    return value


def _salted(value: Any) -> Any:
    """Every text and every tool argument with the secrets appended (at the start too: a cap of
    2 KB must not be what keeps them out)."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for k, v in value.items():
            if k in _TEXT_KEYS and isinstance(v, str):
                out[k] = SALT + v + SALT
            elif k in _ARG_KEYS:
                out[k] = _salt_all(v)
            else:
                out[k] = _salted(v)
        return out
    if isinstance(value, list):
        return [_salted(v) for v in value]
    return value


def _leaks(blob: str | bytes) -> list[str]:
    data = blob.encode("utf-8", "surrogatepass") if isinstance(blob, str) else blob
    return [s for s in SECRETS if s.encode() in data]


def _salted_copy(fmt: str, tmp_path: Path) -> list[Path]:
    out = []
    for src in (FIXTURES / fmt).rglob("*.jsonl"):
        if ".checkpoint." in src.name or "trajectory" in src.name:
            continue
        dst = tmp_path / src.relative_to(FIXTURES)
        dst.parent.mkdir(parents=True, exist_ok=True)
        lines = [json.dumps(_salted(json.loads(ln)), ensure_ascii=False)
                 for ln in src.read_text(encoding="utf-8").splitlines() if ln]
        dst.write_text("\n".join(lines) + "\n", encoding="utf-8")
        shutil.copystat(src, dst)
        out.append(dst)
    assert out
    return out


def _exposed(rec: Record) -> list[str]:
    """Every way out of a record that does not read `text` or `tool_args` by name."""
    return [
        repr(rec), str(rec),
        repr([getattr(rec, f.name) for f in dataclasses.fields(rec)]),
        repr(dataclasses.asdict(rec)),
        repr(copy.copy(rec)), repr(copy.deepcopy(rec)),
        pickle.dumps(rec).decode("latin-1"),
        repr([getattr(rec, n, None) for n in dir(rec) if not n.startswith("_")]),
    ]


@pytest.mark.parametrize("fmt", ["claude-code", "codex", "openclaw"])
def test_no_way_out_of_a_record_shows_a_tool_secret(fmt: str, tmp_path: Path) -> None:
    tool_records = marked = 0
    for path in _salted_copy(fmt, tmp_path):
        for rec in read(TranscriptFile(format=fmt, path=str(path)), 0, start_line=1).records:
            if rec.role not in (Role.TOOL_CALL, Role.TOOL_RESULT):
                continue
            tool_records += 1
            fresh = isinstance(rec._text, ToolText) and rec._text._raw is not None
            if rec.role == Role.TOOL_CALL or rec._args is not None:
                assert isinstance(rec._args, ToolText)
            # The raw text is still inside (nothing read it), and no way out shows it.
            assert fresh
            for shown in _exposed(rec):
                assert not _leaks(shown), (rec.path, rec.line, shown[:300])
            # A copy is a record of its own, equal to the first, with the same redacted texts.
            again = pickle.loads(pickle.dumps(rec))
            assert again == rec and again.text == rec.text and again.tool_args == rec.tool_args
            other = rec.replace(tool_name="x")
            assert (other.text, other.tool_args, other.tool_name) == (rec.text, rec.tool_args, "x")
            assert not _leaks(rec.text) and not _leaks(rec.tool_args or "")
            marked += "[REDACTED:" in rec.text
            if rec.role == Role.TOOL_CALL:
                assert rec.text == rec.tool_args
    assert tool_records and marked   # the secrets reached the tool records, and were redacted there


@pytest.mark.parametrize("fmt", ["claude-code", "codex", "openclaw"])
def test_blank_and_args_may_hold_agree_with_the_redacted_text(fmt: str, tmp_path: Path) -> None:
    """`blank` and `args_may_hold`, asked of a fresh record (raw text inside), answer what the
    redacted text says; also for the unsalted fixtures (blank outputs among them)."""
    paths = _salted_copy(fmt, tmp_path) + [p for p in (FIXTURES / fmt).rglob("*.jsonl")
                                          if ".checkpoint." not in p.name and "trajectory" not in p.name]
    checked = 0
    for path in paths:
        tf = TranscriptFile(format=fmt, path=str(path))
        for_blank, for_words = read(tf, 0, start_line=1).records, read(tf, 0, start_line=1).records
        for a, b in zip(for_blank, for_words, strict=True):
            blank = a.blank
            holds = {w: b.args_may_hold(w) for w in ("memory", "redacted", "command", "token")}
            assert blank == (not a.text.strip())
            for w, may in holds.items():
                if w in (b.tool_args or "").lower():
                    assert may, (w, b.tool_args)
            checked += a.is_tool
    assert checked


def _secret_near(pos: int, rng: random.Random) -> str:
    filler = "".join(rng.choice(" \n\tabc xyz=") for _ in range(pos))
    return filler + f"password={SECRETS[1]} key {SECRETS[2]}" + "z" * rng.randrange(0, 2000)


def test_a_tool_text_is_what_redact_capped_makes_of_it() -> None:
    """The record keeps `_RAW_KEEP` characters of the raw text: `redact_capped` reads no more, also
    with a secret across the cap or the window's end; `blank` is exact at every boundary."""
    rng = random.Random(7)
    texts = [""] + [" " * n for n in (1, 5000)] + ["\n" * 3000 + "x"]
    for pos in list(range(TOOL_TEXT_CAP - 80, TOOL_TEXT_CAP + 40, 3)) + \
            list(range(_RAW_KEEP - 80, _RAW_KEEP + 10, 3)) + [0, 10, 1023, 1024, 1025]:
        texts.append(_secret_near(pos, rng))
        texts.append(" " * pos + f"password={SECRETS[1]}")
    for text in texts:
        expected = redact_capped(text, TOOL_TEXT_CAP)
        assert ToolText(text).blank == (not expected.strip()), repr(text[:40])
        lazy = ToolText(text)
        assert lazy.said == expected and str(lazy) == expected and not _leaks(repr(lazy))
        assert lazy.blank == (not expected.strip())
        assert pickle.loads(pickle.dumps(ToolText(text))) == expected


def test_a_workspace_keeps_no_tool_secret(tmp_path: Path) -> None:
    """microSync, daily, weekly and the index over a session whose tool outputs and arguments hold
    secrets (one tool call reads MEMORY.md, so the run reads its output too): no file of the
    workspace, .memjobs/ and the index among them, holds one."""
    folder = tmp_path / "cc" / "projects" / "-home-user-app"
    folder.mkdir(parents=True)
    lines: list[dict[str, Any]] = []

    def add(kind: str, ts: str, content: Any, **extra: Any) -> None:
        n = len(lines)
        lines.append({"type": kind, "sessionId": "s1", "uuid": f"u{n}", "timestamp": ts, "cwd": "/home/user/app",
                      "message": {"role": kind, "content": content, **extra}})

    add("user", "2026-11-16T09:00:00Z", "From now on we deploy with make ship; always run the smoke tests first.")
    add("assistant", "2026-11-16T09:00:05Z",
        [{"type": "text", "text": "Reading the memory file."},
         {"type": "tool_use", "id": "t1", "name": "Read",
          "input": {"file_path": "/home/user/app/MEMORY.md", "note": SALT}}], id="m1")
    add("user", "2026-11-16T09:00:06Z",
        [{"type": "tool_result", "tool_use_id": "t1", "content": "# Memory\n" + SALT * 3}])
    add("assistant", "2026-11-16T09:00:10Z",
        [{"type": "tool_use", "id": "t2", "name": "Bash",
          "input": {"command": f"curl -H 'Authorization: Bearer {SECRETS[2]}' https://api.example.com"}}], id="m2")
    add("user", "2026-11-16T09:00:12Z",
        [{"type": "tool_result", "tool_use_id": "t2", "is_error": True,
          "content": "Traceback (most recent call last):\n  failed" + SALT + "x" * 3000 + SALT}])
    add("assistant", "2026-11-16T09:00:20Z",
        [{"type": "text", "text": "Deployed with make ship after the smoke tests."}], id="m3")
    add("user", "2026-11-16T09:01:00Z", "We decided to use Postgres for the queue, not Redis.")
    (folder / "s1.jsonl").write_text("".join(json.dumps(o) + "\n" for o in lines), encoding="utf-8")

    ws = tmp_path / "ws"
    assert cli_run("init", str(ws)).returncode == 0
    (ws / "memjobs.yaml").write_text(
        f"timezone: UTC\ntranscripts: [{{format: claude-code, path: {tmp_path / 'cc' / 'projects'}}}]\n",
        encoding="utf-8")
    w = ["--workspace", str(ws)]
    outputs = []
    for args in (["run", "microsync", "--since", "2026-11-15", "--now", "2026-11-16T10:00:00", "--json"],
                 ["run", "daily", "--date", "2026-11-16", "--now", "2026-11-17T03:00:00", "--json"],
                 ["run", "weekly", "--date", "2026-11-16", "--now", "2026-11-23T03:00:00", "--json"],
                 ["index"],
                 ["search", "ship", "--tier", "all", "--json"]):
        p = cli_run(*w, *args)
        assert p.returncode == 0, (args, p.stdout, p.stderr)
        outputs.append(p.stdout + p.stderr)
    files = [f for f in ws.rglob("*") if f.is_file()]
    assert any(".memjobs" in f.parts for f in files) and any(f.name.startswith("index") for f in files)
    assert "Postgres" in "".join(f.read_text("utf-8", "replace") for f in (ws / "memory").rglob("*.md"))
    for out in outputs:
        assert not _leaks(out), out[:500]
    for f in files:
        assert not _leaks(f.read_bytes()), f
