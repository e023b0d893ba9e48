"""`memjobs demo` shows a preference microSync routed from a sample transcript into core memory
(docs/design.md §6): the Thai "from now on answer in Thai" becomes response.language = th in
PROFILE.md, with the statement's ref and time, and the project conventions of the same transcripts
("from now on every schema change goes through a migration") stay out of it."""
from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

import jobs.cli.main  # noqa: F401  (registers the command groups)
from jobs.cli.base import app


def test_demo_routes_a_preference_and_prints_it(tmp_path: Path):
    ws = tmp_path / "demo"
    res = CliRunner().invoke(app, ["demo", str(ws)])
    assert res.exit_code == 0, res.output
    assert "==== core memory: `mem resolve`" in res.output
    assert "response.language = th  (PROFILE.md:" in res.output
    profile = (ws / "PROFILE.md").read_text("utf-8")
    lines = [ln for ln in profile.splitlines() if ln.startswith("- key:")]
    assert len(lines) == 1 and "source:user_explicit" in lines[0] and "#L7-L7" in lines[0]
    assert "updated_at:2026-11-16T06:08:31Z" in lines[0]
    res = CliRunner().invoke(app, ["--workspace", str(ws), "mem", "audit", "--transcripts"])
    assert res.exit_code == 0 and "response.language = th: found" in res.output
