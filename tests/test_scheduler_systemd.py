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
    unit_names,
    user_unit_dir,
)
from memory_store.config import Config, LimitsConfig, ScheduleConfig
from memory_store.errors import UsageError

GOLDEN = Path(__file__).resolve().parent / "golden" / "systemd"
MEMJOBS = ["/usr/local/bin/memjobs"]


def _cfg(workspace: str = "/home/user/agent-ws", **kw: object) -> Config:
    return Config(workspace=Path(workspace), timezone="Asia/Bangkok", **kw)  # type: ignore[arg-type]


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
    assert list(units) == unit_names("timers")
    _golden(GOLDEN / "timers", units)


def test_daemon_unit_golden() -> None:
    _golden(GOLDEN / "daemon", render_units(_cfg(), "daemon", MEMJOBS))


def test_timeout_follows_the_job_limit_and_a_seconds_schedule_gets_a_fine_accuracy() -> None:
    cfg = _cfg(limits=LimitsConfig(job_timeout_s=100), schedule=ScheduleConfig(microsync="*/20 * * * * *"))
    units = render_units(cfg, "timers", MEMJOBS)
    assert "TimeoutStartSec=110\n" in units["memjobs-daily.service"]  # 100 s + 10 % grace
    assert "OnCalendar=*-*-* *:*:00,20,40 Asia/Bangkok\n" in units["memjobs-microsync.timer"]
    assert "AccuracySec=1s\n" in units["memjobs-microsync.timer"]
    assert "AccuracySec=1min\n" in units["memjobs-weekly.timer"]


def test_a_config_file_outside_the_workspace_is_passed_on(tmp_path: Path) -> None:
    cfg = _cfg(source_file=tmp_path / "other.yaml")
    text = render_units(cfg, "timers", MEMJOBS)["memjobs-weekly.service"]
    assert f"--workspace /home/user/agent-ws --config {tmp_path / 'other.yaml'} run weekly --json" in text


def test_exec_quote_escapes_specifiers_variables_and_spaces() -> None:
    assert exec_quote("/usr/bin/memjobs") == "/usr/bin/memjobs"
    assert exec_quote("/home/a b/ws") == '"/home/a b/ws"'
    assert exec_quote("/ws/100%") == "/ws/100%%"
    assert exec_quote("/ws/$HOME") == '"/ws/$$HOME"'
    assert exec_quote('/ws/"q"') == '"/ws/\\"q\\""'


def test_a_relative_command_is_resolved_on_path_or_refused() -> None:
    units = render_units(_cfg(), "daemon", ["python3", "-m", "jobs"])
    assert f"ExecStart={shutil.which('python3')} -m jobs --workspace" in units["memjobs-daemon.service"]
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
    assert [p.name for p in result.written] == unit_names("timers")
    assert result.commands == [
        "systemctl --user daemon-reload",
        "systemctl --user enable --now memjobs-microsync.timer memjobs-daily.timer memjobs-weekly.timer",
    ]
    assert (folder / "memjobs-weekly.timer").read_text() == render_units(_cfg(), "timers", MEMJOBS)[
        "memjobs-weekly.timer"]
    again = install_units(_cfg(), "timers", MEMJOBS)
    assert again.written == [] and len(again.unchanged) == 6
    assert isinstance(again.to_dict()["commands"], list)


def test_install_never_replaces_a_different_file_without_force(tmp_path: Path) -> None:
    """Pins: a second workspace (same unit names) or a hand edit is not silently overwritten,
    and nothing at all is written when one file conflicts."""
    folder = tmp_path / "units"
    install_units(_cfg(), "timers", MEMJOBS, unit_dir=folder)
    (folder / "memjobs-daily.service").write_text("edited by hand\n")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    other = _cfg("/home/user/other-ws")
    with pytest.raises(UnitConflict) as info:
        install_units(other, "timers", MEMJOBS, unit_dir=folder)
    assert "memjobs-daily.service" in str(info.value) and "--force" in str(info.value)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    forced: InstallResult = install_units(other, "timers", MEMJOBS, unit_dir=folder, force=True)
    assert len(forced.written) == 6
    assert "/home/user/other-ws" in (folder / "memjobs-daily.service").read_text()


def test_switching_to_the_daemon_says_to_disable_the_timers(tmp_path: Path) -> None:
    folder = tmp_path / "units"
    install_units(_cfg(), "timers", MEMJOBS, unit_dir=folder)
    result = install_units(_cfg(), "daemon", MEMJOBS, unit_dir=folder)
    assert result.commands[0] == (
        "systemctl --user disable --now memjobs-microsync.timer memjobs-daily.timer memjobs-weekly.timer")
    assert result.commands[-1] == "systemctl --user enable --now memjobs-daemon.service"
    back = install_units(_cfg(), "timers", MEMJOBS, unit_dir=folder)
    assert back.commands[0] == "systemctl --user disable --now memjobs-daemon.service"


CONFIG = Path(__file__).resolve().parent.parent / "config"
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
