"""The CLI's promises: init never overwrites, exit codes, no tracebacks, help everywhere."""
from __future__ import annotations

from pathlib import Path

from tests.conftest import REPO, cli_run


def test_init_creates_template_and_never_overwrites(tmp_path: Path):
    ws = tmp_path / "new"
    p = cli_run("init", str(ws))
    assert p.returncode == 0, p.stderr
    for rel in ("MEMORY.md", "PROFILE.md", "SESSION.md", "PROPOSALS.md", "memjobs.yaml"):
        assert (ws / rel).is_file() and f"created  {rel}" in p.stdout
    for d in ("memory/archive", "memory/recent", "memory/projects", "second-brain/summaries", "second-brain/research",
              "second-brain/devlogs", "second-brain/specs"):
        assert (ws / d).is_dir()
    text = (ws / "MEMORY.md").read_text()
    assert "## Pinned" in text and "<!-- memjobs:begin -->" in text and "## Rules & constraints" in text
    (ws / "MEMORY.md").write_text("# mine\n")
    p = cli_run("init", str(ws))
    assert p.returncode == 0 and "kept     MEMORY.md (exists)" in p.stdout
    assert (ws / "MEMORY.md").read_text() == "# mine\n"
    assert "@MEMORY.md" in p.stdout and "mcp" in p.stdout


def test_exit_codes_and_no_tracebacks(workspace: Path):
    ws = ["--workspace", str(workspace)]
    assert cli_run(*ws, "run", "no-such-job").returncode == 2
    assert cli_run(*ws, "frobnicate").returncode == 2
    p = cli_run(*ws, "run", "microsync", "--now", "yesterday-ish")
    assert p.returncode == 2 and p.stderr.startswith("Error: --now") and "Traceback" not in p.stderr
    p = cli_run(*ws, "run", "daily", "--date", "2026-02-30")
    assert p.returncode == 2 and "Traceback" not in p.stderr


def test_every_command_has_help_and_is_in_the_readme():
    """Pins docs/style.md §12: a command without help text, or missing from README's command table, fails."""
    from typer.main import get_command

    from jobs.cli.main import app

    group = get_command(app)
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for name, cmd in group.commands.items():  # type: ignore[attr-defined]
        assert (cmd.help or "").strip(), f"memjobs {name} has no help text"
        assert f"`memjobs {name}" in readme, f"memjobs {name} is missing from README.md"
        p = cli_run(name, "--help")
        assert p.returncode == 0 and "usage:" in p.stdout.lower()
