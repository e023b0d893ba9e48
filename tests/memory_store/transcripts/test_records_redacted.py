"""Every reader redacts the user and assistant records it makes with `redact` and nothing after it,
so `redact` changes none of them again: the sessions index (memory_store/search/said.py) takes
them as they are (`redact.again`) instead of redacting each message a second time."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from memory_store.redact import again, redact
from memory_store.transcripts.discover import read
from memory_store.transcripts.files import TranscriptFile
from memory_store.transcripts.records import Role

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "transcripts"
SECRET = (" token dop_v1_" + "a1" * 32 + "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0." + "abcDEF123_" * 4
          + " password=hunter22 ใช้คีย์ sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123 ")


def _salted(value: Any) -> Any:
    """Every string under a "text" or "content" key with secrets appended."""
    if isinstance(value, dict):
        return {k: (v + SECRET if k in ("text", "content", "message") and isinstance(v, str) else _salted(v))
                for k, v in value.items()}
    if isinstance(value, list):
        return [_salted(v) for v in value]
    return value


@pytest.mark.parametrize("fmt", ["claude-code", "codex", "openclaw"])
def test_user_and_assistant_records_are_what_redact_returns(fmt: str, tmp_path: Path) -> None:
    files = [p for p in (FIXTURES / fmt).rglob("*.jsonl")
             if ".checkpoint." not in p.name and "trajectory" not in p.name]
    assert files
    seen = marked = 0
    for src in files:
        dst = tmp_path / src.relative_to(FIXTURES)
        dst.parent.mkdir(parents=True, exist_ok=True)
        lines = [json.dumps(_salted(json.loads(ln)), ensure_ascii=False) for ln in src.read_text().splitlines() if ln]
        dst.write_text("\n".join(lines) + "\n", encoding="utf-8")
        shutil.copystat(src, dst)
        for tools in (True, False):
            for rec in read(TranscriptFile(format=fmt, path=str(dst)), 0, start_line=1, tools=tools).records:
                if rec.role in (Role.USER, Role.ASSISTANT):
                    seen += 1
                    marked += "[REDACTED:" in rec.text
                    assert "dop_v1_" not in rec.text and "hunter22" not in rec.text, rec.text
                    assert redact(rec.text) == rec.text == again(rec.text)
    assert seen and marked   # the secrets reached the records' texts, and were redacted there
