"""doctor's suggested fixes are commands that work as printed, from any folder."""
from __future__ import annotations

import json
import shlex
from pathlib import Path

from tests.conftest import cli, cli_run


def test_the_validate_fix_works_from_another_folder(workspace: Path, tmp_path: Path):
    """Pins: doctor's fix "edit PROFILE.md:N, then memjobs validate PROFILE.md" resolved PROFILE.md
    against the current folder, not the workspace: run elsewhere it checked nothing or failed."""
    with (workspace / "PROFILE.md").open("a") as f:
        f.write("- just a note\n")
    res = cli("--workspace", str(workspace), "doctor", "--json", "--no-llm")
    findings = [f for f in json.loads(res.stdout)["findings"]
                if f["check"] == "files" and (f.get("path") or "").endswith("PROFILE.md")]
    assert findings, res.stdout
    fix = findings[0]["fix"]
    edit, _, command = fix.partition(", then ")
    assert edit.startswith(f"edit {shlex.quote(str(workspace.resolve() / 'PROFILE.md'))}:")
    argv = shlex.split(command)
    assert argv[0] == "memjobs"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = cli_run(*argv[1:], cwd=elsewhere, env={"MEMJOBS_WORKSPACE": None})
    assert run.returncode in (0, 3), run.stderr
    assert "PROFILE.md" in run.stdout, (run.stdout, run.stderr)
