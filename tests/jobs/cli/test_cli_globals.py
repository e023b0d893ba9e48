"""Global options anywhere, `--version`, `--log-level` (docs/design.md §8)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from jobs.cli.argv import GLOBAL_OPTIONS, hoist_globals
from tests.conftest import cli_run


def test_version_prints_the_installed_version():
    """Pins: there was no `memjobs --version`."""
    from importlib.metadata import version

    p = cli_run("--version")
    assert p.returncode == 0 and p.stdout == f"memjobs {version('memjobs')}\n"
    from jobs.cli.main import cli_main

    assert cli_main(["--workspace", "/nowhere", "--version"]) == 0


def test_hoist_moves_globals_after_the_command_to_the_front():
    assert hoist_globals(["run", "microsync", "--workspace", "/ws", "--json"]) == [
        "--workspace", "/ws", "run", "microsync", "--json"]
    assert hoist_globals(["search", "postgres", "-w=/ws", "--config", "c.yaml"]) == [
        "-w=/ws", "--config", "c.yaml", "search", "postgres"]
    assert hoist_globals(["search", "--", "--workspace"]) == ["search", "--", "--workspace"]
    assert hoist_globals(["status", "--workspace"]) == ["status", "--workspace"]  # no value: Click says so


def test_no_command_has_an_option_named_like_a_global_one():
    """Hoisting is only safe while no command takes --workspace/-w/--config/--log-level itself."""
    import click
    from typer.main import get_command

    from jobs.cli.main import app

    def walk(cmd: click.Command) -> None:
        for param in cmd.params:
            assert not set(getattr(param, "opts", [])) & set(GLOBAL_OPTIONS), f"{cmd.name}: {param.opts}"
        for sub in getattr(cmd, "commands", {}).values():
            walk(sub)

    root = get_command(app)
    for sub in root.commands.values():  # type: ignore[attr-defined]
        walk(sub)


def test_global_options_after_the_command_work(workspace: Path):
    """Pins: `memjobs status --workspace X` was a usage error (global options only before the command)."""
    p = cli_run("status", "--json", "--workspace", str(workspace))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["workspace"] == str(workspace)
    assert cli_run("index", "--workspace", str(workspace)).returncode == 0
    p = cli_run("search", "postgres", "--workspace", str(workspace), "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["results"] == []


@pytest.mark.parametrize(("level", "shown"), [("info", True), ("warning", False)])
def test_log_level_shows_the_run_lines(workspace: Path, level: str, shown: bool):
    p = cli_run("run", "microsync", "--log-level", level, "--workspace", str(workspace))
    assert p.returncode == 0, p.stderr
    assert ("memjobs: INFO: microsync " in p.stderr) is shown
    assert cli_run("--log-level", "loud", "status").returncode == 2
