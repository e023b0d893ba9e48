"""`memjobs init "/path/my ws"` prints commands a person pastes into a shell: the MCP server command
and the backfill hints quote the workspace path (shlex), as the hook, cron and systemd lines do."""
from __future__ import annotations

import shlex
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.conftest import cli
from tests.jobs.cli.test_first_use import DECISION, _claude_session


def _command_after(out: str, label: str) -> list[str]:
    line = next(x for x in out.splitlines() if label in x)
    return shlex.split(line.split(label, 1)[1])


def test_the_mcp_command_quotes_a_path_with_spaces(tmp_path: Path, isolated_env: Path) -> None:
    ws = tmp_path / "my ws"
    r = cli("init", str(ws))
    assert r.exit_code == 0, r.output
    argv = _command_after(r.stdout, "MCP server:")
    assert argv == ["memjobs", "--workspace", str(ws), "mcp"], argv


def test_the_backfill_hints_quote_a_path_with_spaces(tmp_path: Path, isolated_env: Path) -> None:
    now = datetime.now(UTC)
    _claude_session(isolated_env, "-home-user-nimbus", "s-old", now - timedelta(days=40), DECISION)
    ws = tmp_path / "my ws"
    r = cli("init", str(ws))
    assert r.exit_code == 0, r.output
    lines = [x.strip() for x in r.stdout.splitlines()]
    backfill = shlex.split(next(x for x in lines if x.startswith("memjobs --workspace") and "backfill" in x))
    assert backfill[:4] == ["memjobs", "--workspace", str(ws), "backfill"], backfill
    hint = next(x for x in lines if "--backfill" in x)
    argv = shlex.split(hint.split("`", 2)[1])
    assert argv == ["memjobs", "init", str(ws), "--backfill"], argv
