"""A hook install + uninstall round trip gives the user's file back byte for byte: its indentation
(tabs too) and its final-newline state (memory_store/hooks/merge.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.memory_store.hooks.test_hooks import hook

SETTINGS = [
    '{\n\t"model": "opus",\n\t"env": {\n\t\t"FOO": "bar"\n\t}\n}',        # tabs, no final newline
    '{\n\t"model": "opus"\n}\n',                                          # tabs, a final newline
    '{\n   "model": "opus"\n}',                                           # 3 spaces, no final newline
]


@pytest.mark.parametrize("original", SETTINGS)
def test_claude_settings_round_trip_is_byte_exact(workspace: Path, tmp_path: Path, original: str) -> None:
    """Pins: a tab-indented settings.json came back 2-space indented, and one without a final newline
    gained one."""
    settings = tmp_path / "settings.json"
    settings.write_text(original, encoding="utf-8")
    assert hook(workspace, "install", "claude-code", "--target", str(settings)).exit_code == 0
    merged = settings.read_text()
    indent = original.split("\n")[1][: len(original.split("\n")[1]) - len(original.split("\n")[1].lstrip())]
    assert merged.startswith("{\n" + indent + '"') and merged.endswith("\n") == original.endswith("\n")
    assert hook(workspace, "uninstall", "claude-code", "--target", str(settings)).exit_code == 0
    assert settings.read_text() == original


@pytest.mark.parametrize("original", ["agents file, no final newline", "# A\n\nends with one\n",
                                      "two blank lines at the end\n\n"])
def test_agents_md_round_trip_is_byte_exact(workspace: Path, tmp_path: Path, original: str) -> None:
    """Pins: an AGENTS.md without a final newline gained one over install + uninstall; a second install
    in between keeps it so."""
    oc = tmp_path / "oc"
    oc.mkdir()
    (oc / "AGENTS.md").write_text(original, encoding="utf-8")
    assert hook(workspace, "install", "openclaw", "--target", str(oc)).exit_code == 0
    assert (oc / "AGENTS.md").read_text().startswith(original)
    assert hook(workspace, "install", "openclaw", "--target", str(oc)).exit_code == 0
    assert hook(workspace, "uninstall", "openclaw", "--target", str(oc)).exit_code == 0
    assert (oc / "AGENTS.md").read_text() == original
