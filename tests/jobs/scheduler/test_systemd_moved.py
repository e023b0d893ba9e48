"""A workspace moved after `systemd install`: its units still fire at the old path, and fail there
every time. `doctor` at the new path names them and how to remove them; `systemd uninstall
--orphaned` removes them (and only them: a live workspace's units stay)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import cli


def _install(ws: Path) -> list[str]:
    assert cli("init", str(ws)).exit_code == 0
    res = cli("--workspace", str(ws), "systemd", "install", "--json")
    assert res.exit_code == 0, res.output
    return [Path(p).name for p in json.loads(res.stdout)["written"]]


def _schedule_findings(ws: Path) -> list[dict]:  # type: ignore[type-arg]
    res = cli("--workspace", str(ws), "doctor", "--json")
    return [f for f in json.loads(res.stdout)["findings"] if f["check"] == "schedule"]


def test_units_of_a_moved_workspace_are_named_and_removed(tmp_path: Path, isolated_env: Path) -> None:
    units = isolated_env / ".config" / "systemd" / "user"
    old, new, other = tmp_path / "r8" / "ws", tmp_path / "r8moved" / "ws", tmp_path / "other" / "ws"
    old_units = _install(old)
    other_units = _install(other)
    shutil.move(str(tmp_path / "r8"), str(tmp_path / "r8moved"))
    found = [f for f in _schedule_findings(new) if str(old) in f["message"]]
    assert found and found[0]["level"] == "warning", _schedule_findings(new)
    assert "no longer exists" in found[0]["message"] and f"{len(old_units)} systemd unit" in found[0]["message"]
    assert "memjobs systemd uninstall --orphaned" in found[0]["fix"]
    assert not any(str(other) in f["message"] for f in _schedule_findings(new))   # a live workspace's units
    # plain uninstall at the new path removes nothing of the old units, and says what would
    plain = cli("--workspace", str(new), "systemd", "uninstall")
    assert plain.exit_code == 0 and "--orphaned" in plain.stdout
    assert all((units / n).exists() for n in old_units)
    res = cli("--workspace", str(new), "systemd", "uninstall", "--orphaned", "--json")
    assert res.exit_code == 0, res.output
    assert sorted(Path(p).name for p in json.loads(res.stdout)["written"]) == sorted(old_units)
    assert not any((units / n).exists() for n in old_units)
    assert all((units / n).exists() for n in other_units)
    assert not [f for f in _schedule_findings(new) if "no longer exists" in f["message"]]
