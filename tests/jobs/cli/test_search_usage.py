"""`memjobs search` refuses a request that cannot mean anything (exit 2, naming the option), on the
fast path (`jobs.entry` → jobs/cli/fast_search.py) and in Typer's command (jobs/cli/search.py) alike."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import cli, cli_run

BAD = [
    (["", ], "query"),
    (["   "], "query"),
    (["postgres", "--since", "2026-11-24", "--until", "2026-11-23"], "--since"),
    (["postgres", "--tier", "sessions", "--kind", "decision"], "--kind"),
    (["postgres", "--tier", "sessions", "--layer", "semantic"], "--layer"),
]


@pytest.mark.parametrize(("args", "named"), BAD)
@pytest.mark.parametrize("door", ["fast", "typer"])
def test_a_request_that_cannot_match_is_a_usage_error(workspace: Path, args: list[str], named: str, door: str):
    """Pins: an empty query, `--since` after `--until`, and `--tier sessions` with `--kind`/`--layer`
    answered "no results" with exit 0."""
    assert cli("--workspace", str(workspace), "index").exit_code == 0
    argv = ["--workspace", str(workspace), "search", *args]
    if door == "fast":
        r = cli_run(*argv)
        code, err = r.returncode, r.stderr
    else:
        res = cli(*argv)
        code, err = res.exit_code, res.stderr
    assert code == 2, err
    assert named in err and "no results" not in err


@pytest.mark.parametrize("door", ["fast", "typer"])
def test_the_sessions_tier_switched_off_is_said(workspace: Path, door: str):
    """Pins: with `search.sessions: false`, `--tier sessions` said only "no results for ..."."""
    with (workspace / "memjobs.yaml").open("a") as f:
        f.write("search: {sessions: false}\n")
    assert cli("--workspace", str(workspace), "index").exit_code == 0
    argv = ["--workspace", str(workspace), "search", "postgres", "--tier", "sessions"]
    if door == "fast":
        r = cli_run(*argv)
        code, err = r.returncode, r.stderr
    else:
        res = cli(*argv)
        code, err = res.exit_code, res.stderr
    assert code == 2, err
    assert "search.sessions" in err and "off" in err


def test_a_good_request_still_answers(workspace: Path):
    assert cli("--workspace", str(workspace), "index").exit_code == 0
    r = cli_run("--workspace", str(workspace), "search", "postgres", "--since", "2026-11-23", "--until", "2026-11-23")
    assert r.returncode == 0, r.stderr
