"""A FILE where the workspace layout has a folder (`memory`, `second-brain`, `memory/archive`, …):
`init` refuses with one line naming it and creates nothing, every job fails with that line (no
NotADirectoryError traceback), and `doctor` names it with the fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_store.errors import EXIT_FAILED
from tests.conftest import cli, cli_run, memjobs


@pytest.mark.parametrize("rel", ["memory", "second-brain", "memory/archive", "second-brain/summaries"])
def test_init_refuses_a_file_where_a_folder_goes_and_creates_nothing(tmp_path: Path, rel: str) -> None:
    target = tmp_path / "notes"
    (target / rel).parent.mkdir(parents=True, exist_ok=True)
    (target / rel).write_text("my memory notes\n", encoding="utf-8")
    before = sorted(p.relative_to(target).as_posix() for p in target.rglob("*"))
    res = cli_run("init", str(target))
    assert res.returncode == EXIT_FAILED, res
    assert "Traceback" not in res.stderr
    [line] = res.stderr.strip().splitlines()
    assert line.startswith(f"Error: {target / rel}: {rel} is a file, not a folder"), line
    assert sorted(p.relative_to(target).as_posix() for p in target.rglob("*")) == before   # nothing half-created
    assert (target / rel).read_text("utf-8") == "my memory notes\n"


def test_jobs_and_doctor_name_a_memory_folder_that_became_a_file(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert cli("init", str(ws)).exit_code == 0
    for p in sorted((ws / "memory").rglob("*"), reverse=True):
        p.rmdir() if p.is_dir() else p.unlink()
    (ws / "memory").rmdir()
    (ws / "memory").write_text("notes\n", encoding="utf-8")
    for job in ("microsync", "daily", "weekly"):
        res = cli_run("--workspace", str(ws), "run", job, "--json")
        assert res.returncode == EXIT_FAILED, (job, res)
        report = json.loads(res.stdout)
        assert report["status"] == "failed"
        assert report["errors"][0]["code"] == "layout"
        assert report["errors"][0]["path"] == str(ws / "memory")
    res = memjobs("--workspace", str(ws), "run", "microsync")   # the scheduled form, a real process
    assert res.returncode == EXIT_FAILED and "Traceback" not in res.stderr
    assert "memory is a file, not a folder" in res.stderr, res.stderr
    assert (ws / "memory").read_text("utf-8") == "notes\n"
    doctor = cli("--workspace", str(ws), "doctor", "--json")
    found = [f for f in json.loads(doctor.stdout)["findings"] if f["check"] == "layout"]
    assert found and found[0]["level"] == "error" and found[0]["path"] == "memory", found
    assert "is a file, not a folder" in found[0]["message"] and "memory" in found[0]["fix"]
    assert doctor.exit_code == 1
