"""systemd units: golden text, `systemd-analyze verify`, install (never overwriting another file)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from jobs.scheduler.systemd import (
    InstallResult,
    UnitConflict,
    exec_quote,
    install_units,
    render_units,
    uninstall_units,
    unit_names,
    user_unit_dir,
)
from memory_store.config import Config, LimitsConfig, ScheduleConfig
from memory_store.errors import UsageError
from tests.conftest import REPO

GOLDEN = REPO / "tests" / "golden" / "systemd"
MEMJOBS = ["/usr/local/bin/memjobs"]


def _cfg(workspace: str = "/home/user/agent-ws", **kw: object) -> Config:
    return Config(workspace=Path(workspace), timezone="Asia/Bangkok", **kw)  # type: ignore[arg-type]


def _hash(ws: str) -> str:
    import hashlib

    return hashlib.sha1(ws.encode()).hexdigest()[:6]


def _n(name: str, ws: str = "/home/user/agent-ws") -> str:
    """`memjobs-daily.service` → this workspace's name for it."""
    return name.replace("memjobs-", f"memjobs-{Path(ws).name}-{_hash(ws)}-", 1)


def _golden(folder: Path, units: dict[str, str]) -> None:
    """Compare with tests/golden/systemd/<mode>/ (UPDATE_GOLDEN=1 rewrites them)."""
    if os.environ.get("UPDATE_GOLDEN"):
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in units.items():
            (folder / name).write_text(text, encoding="utf-8")
    assert sorted(p.name for p in folder.iterdir()) == sorted(units)
    for name, text in units.items():
        assert text == (folder / name).read_text(encoding="utf-8"), name


def test_timer_units_golden() -> None:
    units = render_units(_cfg(), "timers", MEMJOBS)
    assert list(units) == unit_names("timers", Path("/home/user/agent-ws"))
    assert list(units)[0] == "memjobs-agent-ws-" + _hash("/home/user/agent-ws") + "-microsync.service"
    _golden(GOLDEN / "timers", units)


def test_daemon_unit_golden() -> None:
    _golden(GOLDEN / "daemon", render_units(_cfg(), "daemon", MEMJOBS))


def test_timeout_follows_the_job_limit_and_a_seconds_schedule_gets_a_fine_accuracy() -> None:
    cfg = _cfg(limits=LimitsConfig(job_timeout_s=100), schedule=ScheduleConfig(microsync="*/20 * * * * *"))
    units = render_units(cfg, "timers", MEMJOBS)
    assert "TimeoutStartSec=110\n" in units[_n("memjobs-daily.service")]  # 100 s + 10 % grace
    assert "OnCalendar=*-*-* *:*:00,20,40 Asia/Bangkok\n" in units[_n("memjobs-microsync.timer")]
    assert "AccuracySec=1s\n" in units[_n("memjobs-microsync.timer")]
    assert "AccuracySec=1min\n" in units[_n("memjobs-weekly.timer")]


def test_a_config_file_outside_the_workspace_is_passed_on(tmp_path: Path) -> None:
    cfg = _cfg(source_file=tmp_path / "other.yaml")
    text = render_units(cfg, "timers", MEMJOBS)[_n("memjobs-weekly.service")]
    assert f"--workspace /home/user/agent-ws --config {tmp_path / 'other.yaml'} run weekly --json" in text


def test_exec_quote_escapes_specifiers_variables_and_spaces() -> None:
    assert exec_quote("/usr/bin/memjobs") == "/usr/bin/memjobs"
    assert exec_quote("/home/a b/ws") == '"/home/a b/ws"'
    assert exec_quote("/ws/100%") == "/ws/100%%"
    assert exec_quote("/ws/$HOME") == '"/ws/$$HOME"'
    assert exec_quote('/ws/"q"') == '"/ws/\\"q\\""'


def test_a_relative_command_is_resolved_on_path_or_refused() -> None:
    units = render_units(_cfg(), "daemon", ["python3", "-m", "jobs"])
    assert f"ExecStart={shutil.which('python3')} -m jobs --workspace" in units[_n("memjobs-daemon.service")]
    with pytest.raises(UsageError, match="cannot find 'no-such-memjobs-binary'"):
        render_units(_cfg(), "timers", ["no-such-memjobs-binary"])
    with pytest.raises(UsageError, match="unknown systemd mode"):
        render_units(_cfg(), "cron", MEMJOBS)


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
@pytest.mark.parametrize("mode", ["timers", "daemon"])
def test_systemd_analyze_verify_accepts_the_units(tmp_path: Path, mode: str) -> None:
    """The units parse without a warning, with a workspace path that needs quoting and escaping."""
    ws = tmp_path / "agent ws %h"
    ws.mkdir()
    units = render_units(_cfg(str(ws)), mode, [sys.executable, "-m", "jobs"])
    folder = tmp_path / "units"
    folder.mkdir()
    for name, text in units.items():
        (folder / name).write_text(text)
    proc = subprocess.run(["systemd-analyze", "verify", *(str(folder / n) for n in units)],
                          capture_output=True, text=True, timeout=60, cwd=folder)
    if "Failed to initialize manager" in proc.stderr or "Failed to connect to bus" in proc.stderr:
        pytest.skip(f"systemd-analyze cannot run here: {proc.stderr.strip()}")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip() == ""


def test_install_writes_units_and_returns_the_commands(tmp_path: Path) -> None:
    result = install_units(_cfg(), "timers", MEMJOBS)
    folder = Path(os.environ["XDG_CONFIG_HOME"]) / "systemd" / "user"
    assert user_unit_dir() == folder and result.unit_dir == folder
    assert [p.name for p in result.written] == unit_names("timers", Path("/home/user/agent-ws"))
    timers = " ".join(_n(f"memjobs-{j}.timer") for j in ("microsync", "daily", "weekly"))
    assert result.commands == ["systemctl --user daemon-reload", f"systemctl --user enable --now {timers}"]
    assert (folder / _n("memjobs-weekly.timer")).read_text() == render_units(_cfg(), "timers", MEMJOBS)[
        _n("memjobs-weekly.timer")]
    assert f"Unit={_n('memjobs-weekly.service')}\n" in (folder / _n("memjobs-weekly.timer")).read_text()
    again = install_units(_cfg(), "timers", MEMJOBS)
    assert again.written == [] and len(again.unchanged) == 6
    assert isinstance(again.to_dict()["commands"], list)


def test_two_workspaces_keep_their_own_timers(tmp_path: Path) -> None:
    """Pins: `systemd install` for a second workspace was refused (same unit names for every
    workspace) and `--force` overwrote the first workspace's timers. Now each has its own units."""
    folder = tmp_path / "units"
    first = install_units(_cfg(), "timers", MEMJOBS, unit_dir=folder)
    second = install_units(_cfg("/home/user/other-ws"), "timers", MEMJOBS, unit_dir=folder)
    assert len(first.written) == 6 and len(second.written) == 6
    assert len(list(folder.iterdir())) == 12
    assert "--workspace /home/user/agent-ws run daily" in (folder / _n("memjobs-daily.service")).read_text()
    other = folder / _n("memjobs-daily.service", "/home/user/other-ws")
    assert "--workspace /home/user/other-ws run daily" in other.read_text()
    # Same folder name, different paths: still two sets.
    third = install_units(_cfg("/srv/agent-ws"), "timers", MEMJOBS, unit_dir=folder)
    assert len(third.written) == 6 and len(list(folder.iterdir())) == 18


def test_install_never_replaces_a_hand_edited_unit_without_force(tmp_path: Path) -> None:
    """Pins: a hand edit is not silently overwritten, and nothing at all is written when one file conflicts."""
    folder = tmp_path / "units"
    install_units(_cfg(), "timers", MEMJOBS, unit_dir=folder)
    (folder / _n("memjobs-daily.service")).write_text("edited by hand\n")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    with pytest.raises(UnitConflict) as info:
        install_units(_cfg(limits=LimitsConfig(job_timeout_s=100)), "timers", MEMJOBS, unit_dir=folder)
    assert _n("memjobs-daily.service") in str(info.value) and "--force" in str(info.value)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    forced: InstallResult = install_units(_cfg(), "timers", MEMJOBS, unit_dir=folder, force=True)
    assert [p.name for p in forced.written] == [_n("memjobs-daily.service")]


def _legacy(folder: Path, ws: str) -> None:
    """Units of the old naming (memjobs-<job>.*, one set per user) for `ws`, enabled."""
    folder.mkdir(parents=True, exist_ok=True)
    wants = folder / "timers.target.wants"
    wants.mkdir(exist_ok=True)
    for job in ("microsync", "daily", "weekly"):
        for kind in ("service", "timer"):
            (folder / f"memjobs-{job}.{kind}").write_text(
                f"# Generated by memjobs for the workspace {ws}.\n[Unit]\nDescription=old\n")
        (wants / f"memjobs-{job}.timer").symlink_to(folder / f"memjobs-{job}.timer")


def test_install_replaces_this_workspaces_units_of_the_old_naming(tmp_path: Path) -> None:
    """Pins: after the rename, the old shared units of the same workspace would keep running beside
    the new ones (every job twice). Install removes them (and their enable links) and says to stop them."""
    folder = tmp_path / "units"
    _legacy(folder, "/home/user/agent-ws")
    result = install_units(_cfg(), "timers", MEMJOBS, unit_dir=folder)
    assert result.commands[0] == (
        "systemctl --user stop memjobs-daily.timer memjobs-microsync.timer memjobs-weekly.timer")
    assert not any(p.name.startswith(("memjobs-daily.", "memjobs-microsync.")) for p in folder.iterdir())
    assert list((folder / "timers.target.wants").iterdir()) == []
    assert any("old naming" in n for n in result.notes)


def test_old_units_of_another_workspace_are_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "units"
    _legacy(folder, "/home/user/other-ws")
    result = install_units(_cfg(), "timers", MEMJOBS, unit_dir=folder)
    assert (folder / "memjobs-daily.timer").exists()
    assert (folder / "timers.target.wants" / "memjobs-daily.timer").exists()
    assert not result.commands[0].startswith("systemctl --user stop")


def test_uninstall_removes_only_this_workspaces_units(tmp_path: Path) -> None:
    folder = tmp_path / "units"
    install_units(_cfg(), "timers", MEMJOBS, unit_dir=folder)
    install_units(_cfg(), "daemon", MEMJOBS, unit_dir=folder)
    install_units(_cfg("/home/user/other-ws"), "timers", MEMJOBS, unit_dir=folder)
    wants = folder / "timers.target.wants"
    wants.mkdir()
    (wants / _n("memjobs-daily.timer")).symlink_to(folder / _n("memjobs-daily.timer"))
    result = uninstall_units(_cfg(), unit_dir=folder)
    assert len(result.written) == 7
    assert result.commands[0].startswith("systemctl --user stop ")
    assert _n("memjobs-daemon.service") in result.commands[0]
    assert result.commands[-1] == "systemctl --user daemon-reload"
    assert sorted(p.name for p in folder.iterdir() if p.is_file()) == sorted(
        unit_names("timers", Path("/home/user/other-ws")))
    assert list(wants.iterdir()) == []
    again = uninstall_units(_cfg(), unit_dir=folder)
    assert again.written == [] and again.commands == [] and "no unit of this workspace" in again.notes[0]


def test_switching_to_the_daemon_says_to_disable_the_timers(tmp_path: Path) -> None:
    folder = tmp_path / "units"
    install_units(_cfg(), "timers", MEMJOBS, unit_dir=folder)
    result = install_units(_cfg(), "daemon", MEMJOBS, unit_dir=folder)
    timers = " ".join(_n(f"memjobs-{j}.timer") for j in ("microsync", "daily", "weekly"))
    assert result.commands[0] == f"systemctl --user disable --now {timers}"
    assert result.commands[-1] == f"systemctl --user enable --now {_n('memjobs-daemon.service')}"
    back = install_units(_cfg(), "timers", MEMJOBS, unit_dir=folder)
    assert back.commands[0] == f"systemctl --user disable --now {_n('memjobs-daemon.service')}"


CONFIG = REPO / "config"
EXAMPLE_CFG = Config(workspace=Path("/home/you/agent-workspace"), timezone="Asia/Bangkok")
EXAMPLE_CMD = ["/home/you/.local/bin/memjobs"]


def test_config_templates_are_what_the_generator_writes() -> None:
    """config/systemd/ holds the units for a sample workspace; `memjobs systemd print` makes the
    real ones. This keeps the shipped examples true (UPDATE_GOLDEN=1 regenerates them)."""
    units = {**render_units(EXAMPLE_CFG, "timers", EXAMPLE_CMD),
             **render_units(EXAMPLE_CFG, "daemon", EXAMPLE_CMD)}
    folder = CONFIG / "systemd"
    if os.environ.get("UPDATE_GOLDEN"):
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in units.items():
            (folder / name).write_text(text, encoding="utf-8")
    for name, text in units.items():
        assert (folder / name).read_text(encoding="utf-8") == text, name
