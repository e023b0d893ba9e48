"""docs/style.md §10: ruff (with the UP, B, SIM and ERA rules of pyproject.toml) passes over the repository."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.conftest import REPO


def test_ruff_is_clean():
    ruff = shutil.which("ruff", path=str(REPO / ".venv" / "bin")) or shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed (it comes with the test extra)")
    p = subprocess.run([ruff, "check", "--quiet", "."], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stdout[-4000:] + p.stderr[-2000:]
