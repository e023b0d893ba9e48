"""A bad key set by an environment variable is blamed on that variable, never on memjobs.yaml
(docs/design.md §8.1): a mistyped section (`MEMJOBS_LIMTS__WARM_DAYS`) as much as a mistyped key."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.config import load_config
from memory_store.errors import ConfigError
from tests.conftest import cli_run


def _ws(tmp_path: Path, text: str = "timezone: UTC\ntranscripts: []\n") -> Path:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "memjobs.yaml").write_text(text, encoding="utf-8")
    return ws


@pytest.mark.parametrize(("var", "key"), [
    ("MEMJOBS_LIMTS__WARM_DAYS", "limts"),        # a mistyped section
    ("MEMJOBS_LIMITS__WARM_DAZE", "limits.warm_daze"),   # a mistyped key (already right)
    ("MEMJOBS_TIMEZONES", "timezones"),            # a mistyped top-level key
])
def test_an_unknown_key_from_the_environment_names_the_variable(tmp_path: Path, var: str, key: str) -> None:
    ws = _ws(tmp_path)
    with pytest.raises(ConfigError) as info:
        load_config(ws, env={var: "3"})
    text = str(info.value)
    assert f"unknown key {key!r}" in text, text
    assert f"set by the environment variable {var}" in text, text
    assert "memjobs.yaml" not in text, text


def test_the_same_typo_in_the_file_is_blamed_on_the_file_and_its_line(tmp_path: Path) -> None:
    ws = _ws(tmp_path, "timezone: UTC\ntranscripts: []\nlimts: {warm_days: 3}\n")
    with pytest.raises(ConfigError) as info:
        load_config(ws, env={"MEMJOBS_LIMTS__WARM_DAYS": "4"})
    assert str(info.value).startswith(f"{ws / 'memjobs.yaml'}:3: unknown key 'limts'"), str(info.value)


def test_memjobs_config_names_the_variable(tmp_path: Path) -> None:
    ws = _ws(tmp_path)
    r = cli_run("--workspace", str(ws), "config", env={"MEMJOBS_LIMTS__WARM_DAYS": "3"})
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert "MEMJOBS_LIMTS__WARM_DAYS" in r.stderr and "memjobs.yaml" not in r.stderr, r.stderr
