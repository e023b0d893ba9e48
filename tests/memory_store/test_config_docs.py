"""docs/design.md §8.1 says its YAML block holds "all the keys": every key it lists must load, every
key the loader knows must be listed, and each default it shows must be the loader's default. Parsed
from the document itself, so the two cannot drift apart again."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import yaml

from memory_store.config import Config, ContextProfile, TranscriptSource, load_config
from tests.conftest import REPO

# Keys whose value in §8.1 is an example, not the default.
EXAMPLES = {"timezone", "transcripts", "context.profiles"}


def _section_81() -> str:
    text = (REPO / "docs" / "design.md").read_text(encoding="utf-8")
    section = text.split("### 8.1 ", 1)[1].split("\n### ", 1)[0]
    m = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert m, "§8.1 has no yaml block"
    return m.group(1)


def _documented() -> dict[str, Any]:
    doc = yaml.safe_load(_section_81())
    assert isinstance(doc, dict)
    return doc


def _loader_keys() -> dict[str, set[str] | None]:
    """Top-level keys of the configuration file, each with its section's keys (None: a value)."""
    defaults = Config(workspace=Path("/nonexistent"))
    out: dict[str, set[str] | None] = {}
    for f in dataclasses.fields(Config):
        if f.name in ("workspace", "source_file", "policy_file", "policy_named"):
            continue                                # not keys of the file
        value = getattr(defaults, f.name)
        out[f.name] = {g.name for g in dataclasses.fields(value)} if dataclasses.is_dataclass(value) else None
    return out


def test_every_key_of_section_8_1_is_a_key_the_loader_knows_and_the_other_way_round() -> None:
    doc, known = _documented(), _loader_keys()
    assert set(doc) == set(known), (sorted(set(doc) - set(known)), sorted(set(known) - set(doc)))
    for section, keys in known.items():
        if keys is None:
            continue
        listed = set(doc[section])
        assert listed == keys, (section, "documented only:", sorted(listed - keys),
                                "not documented:", sorted(keys - listed))
    source_keys = {f.name for f in dataclasses.fields(TranscriptSource)} - {"is_default"}
    for source in doc["transcripts"]:
        assert set(source) <= source_keys, sorted(set(source) - source_keys)
    assert set().union(*doc["transcripts"]) == source_keys
    profile_keys = {f.name for f in dataclasses.fields(ContextProfile)} - {"name"}
    for profile in doc["context"]["profiles"].values():
        assert set(profile) <= profile_keys


def test_the_defaults_section_8_1_shows_are_the_loaders(tmp_path: Path) -> None:
    """Read as a memjobs.yaml, §8.1 gives the loader's defaults, its examples apart."""
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "memjobs.yaml").write_text(_section_81(), encoding="utf-8")
    shown = load_config(ws, env={}).to_dict()
    defaults = Config(workspace=ws).to_dict()
    for top, value in _documented().items():
        if top in EXAMPLES:
            continue
        keys = list(value) if isinstance(value, dict) else [None]
        for key in keys:
            if key is None:
                assert shown[top] == defaults[top], top
            elif f"{top}.{key}" not in EXAMPLES:
                assert shown[top][key] == defaults[top][key], (f"{top}.{key}", shown[top][key], defaults[top][key])


def test_section_8_1_as_a_memjobs_yaml_loads(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "memjobs.yaml").write_text(_section_81(), encoding="utf-8")
    cfg = load_config(ws, env={})
    assert cfg.timezone == "Asia/Bangkok" and [s.format for s in cfg.transcripts] == [
        "openclaw", "claude-code", "codex"]
