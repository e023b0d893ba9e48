"""A transcript source's values of the wrong kind are configuration errors naming the key, not a
source that silently reads nothing (docs/design.md §8.1–8.2): `chat_types: [dm]` skipped every
session, `subagents: "yes"` was taken as true."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.config import load_config
from memory_store.errors import ConfigError


def _load(tmp_path: Path, source: str):  # type: ignore[no-untyped-def]
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    (ws / "memjobs.yaml").write_text(f"timezone: UTC\ntranscripts:\n  - {source}\n", encoding="utf-8")
    return load_config(ws, env={})


@pytest.mark.parametrize(("source", "words"), [
    ("{format: openclaw, path: /x, chat_types: [dm]}", "transcripts[0].chat_types: 'dm' is not a chat type"),
    ("{format: openclaw, path: /x, chat_types: [direct, grop]}", "'grop' is not a chat type"),
    ("{format: claude-code, path: /x, subagents: 'yes'}", "transcripts[0].subagents must be true or false"),
    ("{format: claude-code, path: /x, subagents: 1}", "transcripts[0].subagents must be true or false"),
])
def test_a_wrong_value_is_refused_naming_the_key_and_the_line(tmp_path: Path, source: str, words: str) -> None:
    with pytest.raises(ConfigError) as info:
        _load(tmp_path, source)
    text = str(info.value)
    assert words in text, text
    assert ":3: " in text or ":2: " in text, text           # the file and the transcripts line
    if "chat_types" in words:
        assert "direct, group, channel, room" in text, text


@pytest.mark.parametrize("source", [
    "{format: openclaw, path: /x, chat_types: [direct, group, channel, room]}",
    "{format: openclaw, path: /x, chat_types: [Direct]}",
    "{format: claude-code, path: /x, subagents: true}",
    "{format: claude-code, path: /x, subagents: false}",
])
def test_the_right_values_load(tmp_path: Path, source: str) -> None:
    cfg = _load(tmp_path, source)
    assert cfg.transcripts[0].chat_types and all(c == c.lower() for c in cfg.transcripts[0].chat_types)
