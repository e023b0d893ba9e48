"""`memjobs demo --json` prints only JSON on stdout (the progress line goes to stderr)."""
from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import Printed


def test_demo_json_is_json_only(demo_json: tuple[Path, Printed]) -> None:
    _, res = demo_json          # conftest: one `memjobs demo --json` for the session, in process
    assert res.exit_code == 0, res.output
    reports = json.loads(res.stdout)
    assert reports and {r["job"] for r in reports} == {"microsync", "daily", "weekly"}
    assert "Building the demo workspace" in res.stderr
