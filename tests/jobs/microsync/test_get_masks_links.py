"""`memjobs get` shows an entry's links (`superseded_by`, `supersedes`) without a forgotten value's words, as
search and MCP memory_get do (review16 F3): memory_store/lookup.py masked the word fields and the id only. The
link is written here as the weekly writes it.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from tests.conftest import cli
from tests.jobs.microsync.test_forget_logged import _two_days


def test_get_does_not_print_a_forgotten_value_in_superseded_by(tmp_path: Path) -> None:
    ws, _rep = _two_days(tmp_path, ["remember that the office wifi name is AcmeGuest5",
                                    "Decision: we use the guest network for the demo laptops."],
                         "please forget the office wifi name")
    daily = next(p for p in sorted((ws / "memory").glob("2026-*.md")) if "AcmeGuest5" in p.read_text("utf-8"))
    text = daily.read_text("utf-8")
    remembered = next(m for m in re.findall(r"REMEMBER-[0-9]{8}-[a-z0-9-]+", text) if "acmeguest5" in m)
    decision = re.search(r"DECISION-[0-9]{8}-[a-z0-9-]+", text)
    assert decision is not None, text
    # the link as the weekly writes it (jobs/weekly/apply.py): status and superseded_by under the heading
    at = text.index(f"- id: {decision.group(0)}")
    text = text[:at] + text[at:].replace("- status: active", f"- status: superseded\n- superseded_by: {remembered}", 1)
    daily.write_text(text, "utf-8")
    r = cli("--workspace", str(ws), "get", decision.group(0), "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    assert "acmeguest5" not in json.dumps(got).lower(), got
