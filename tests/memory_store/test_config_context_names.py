"""The context section under the design's names (docs/design.md §8.1): `budget_tokens` (also read
as `budget`) and `cache_s`, the MCP server's context cache."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.config import load_config
from memory_store.context.cache import ContextCache
from memory_store.errors import ConfigError


def _write(ws: Path, text: str) -> None:
    (ws / "memjobs.yaml").write_text("timezone: UTC\n" + text, encoding="utf-8")


def test_budget_tokens_is_the_budget_in_the_section_and_in_a_profile(tmp_path: Path) -> None:
    _write(tmp_path, "context:\n  budget_tokens: 900\n  profiles:\n    vote: {budget_tokens: 300}\n")
    cfg = load_config(tmp_path, env={})
    assert cfg.context.budget_tokens == 900
    assert [(p.name, p.budget_tokens) for p in cfg.context.profiles] == [("vote", 300)]


def test_the_short_name_still_loads_and_an_env_variable_overrides_under_either_name(tmp_path: Path) -> None:
    _write(tmp_path, "context: {budget: 1500}\n")
    assert load_config(tmp_path, env={}).context.budget_tokens == 1500
    assert load_config(tmp_path, env={"MEMJOBS_CONTEXT__BUDGET_TOKENS": "700"}).context.budget_tokens == 700


def test_both_names_in_one_place_is_an_error_naming_the_file(tmp_path: Path) -> None:
    _write(tmp_path, "context:\n  budget: 1500\n  budget_tokens: 900\n")
    with pytest.raises(ConfigError, match="budget_tokens and context.budget are the same setting") as exc:
        load_config(tmp_path, env={})
    assert str(exc.value.path) == str(tmp_path / "memjobs.yaml") and exc.value.line == 3


def test_a_budget_below_the_floor_is_refused_under_the_long_name_too(tmp_path: Path) -> None:
    _write(tmp_path, "context: {budget_tokens: 10}\n")
    with pytest.raises(ConfigError, match="at least"):
        load_config(tmp_path, env={})


def test_cache_s_defaults_to_30_and_a_negative_value_is_refused(tmp_path: Path) -> None:
    assert load_config(tmp_path, env={}).context.cache_s == 30
    _write(tmp_path, "context: {cache_s: -1}\n")
    with pytest.raises(ConfigError, match="context.cache_s must be at least 0"):
        load_config(tmp_path, env={})


def test_cache_s_zero_builds_every_context_anew(tmp_path: Path) -> None:
    built: list[int] = []

    def build() -> str:
        built.append(1)
        return "ctx"

    cache = ContextCache(tmp_path, None, ttl_s=0)
    assert cache.get(("k",), build) == "ctx"
    assert cache.get(("k",), build) == "ctx"
    assert len(built) == 2
    kept = ContextCache(tmp_path, None, ttl_s=30)
    kept.get(("k",), build)
    kept.get(("k",), build)
    assert len(built) == 3
