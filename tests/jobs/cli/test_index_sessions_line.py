"""`memjobs index` says what it did to the sessions tier (jobs/cli/search.py)."""
from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import cli
from tests.memory_store.search.test_search_sessions import _transcripts


def test_index_reports_the_sessions_tier(workspace: Path, tmp_path: Path) -> None:
    """Pins: `memjobs index` reported only the entries' "+a/-r rows": the sessions tier's rows were
    never said, and with `search.sessions: false` it did not say the tier is off."""
    cc = _transcripts(tmp_path)
    conf = workspace / "memjobs.yaml"
    conf.write_text("transcripts:\n  - {format: claude-code, path: " + json.dumps(str(cc)) + "}\n", encoding="utf-8")
    res = cli("--workspace", str(workspace), "index")
    assert res.exit_code == 0, res.output
    assert "sessions tier +" in res.stdout and "sessions tier +0/" not in res.stdout, res.stdout
    conf.write_text(conf.read_text("utf-8") + "search: {sessions: false}\n", "utf-8")
    res = cli("--workspace", str(workspace), "index")
    assert res.exit_code == 0, res.output
    assert "sessions tier dropped (search.sessions: false)" in res.stdout, res.stdout
    res = cli("--workspace", str(workspace), "index")
    assert "sessions tier off (search.sessions: false)" in res.stdout, res.stdout


def test_index_reports_the_rows_it_drops_when_the_tier_is_turned_off(workspace: Path, tmp_path: Path) -> None:
    """search18: with `search.sessions: false`, `memjobs index` dropped every message of the tier and
    said "0 removed, +0/-0 rows, sessions tier off"; `--json` said `"sessions": null`."""
    cc = _transcripts(tmp_path)
    conf = workspace / "memjobs.yaml"
    conf.write_text("transcripts:\n  - {format: claude-code, path: " + json.dumps(str(cc)) + "}\n", encoding="utf-8")
    res = cli("--workspace", str(workspace), "index", "--json")
    added = json.loads(res.stdout)["sessions"]["rows_added"]
    assert added > 0
    conf.write_text(conf.read_text("utf-8") + "search: {sessions: false}\n", "utf-8")
    res = cli("--workspace", str(workspace), "index", "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["sessions"]["rows_removed"] == added
    # dropped once: the next update has nothing to drop, and says the tier is off
    res = cli("--workspace", str(workspace), "index")
    assert "sessions tier off (search.sessions: false)" in res.stdout, res.stdout


def test_index_line_says_the_tier_was_dropped(workspace: Path, tmp_path: Path) -> None:
    cc = _transcripts(tmp_path)
    conf = workspace / "memjobs.yaml"
    conf.write_text("transcripts:\n  - {format: claude-code, path: " + json.dumps(str(cc)) + "}\n", encoding="utf-8")
    assert cli("--workspace", str(workspace), "index").exit_code == 0
    conf.write_text(conf.read_text("utf-8") + "search: {sessions: false}\n", "utf-8")
    res = cli("--workspace", str(workspace), "index")
    assert "sessions tier dropped (search.sessions: false): -" in res.stdout, res.stdout
    assert "-0 rows in" not in res.stdout, res.stdout
