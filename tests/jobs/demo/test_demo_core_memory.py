"""`memjobs demo` shows a preference microSync routed from a sample transcript into core memory
(docs/design.md §6): the Thai "from now on answer in Thai" becomes response.language = th in
PROFILE.md, with the statement's ref and time, and the project conventions of the same transcripts
("from now on every schema change goes through a migration") stay out of it; the user's one-off
"that was a bit long" (ยาวไปนิดนึงนะ) becomes a pending proposal, shown by `proposals list`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import Printed, cli


@pytest.fixture(scope="module")
def demo(demo_printed: tuple[Path, Printed]) -> tuple[Path, Printed]:
    """One `memjobs demo` for the session (conftest): what it printed and its workspace (the tests
    only read; conftest fails a test that writes into it)."""
    return demo_printed


def test_demo_routes_a_preference_and_prints_it(demo: tuple[Path, Printed]):
    ws, res = demo
    assert res.exit_code == 0, res.output
    assert "==== core memory: `mem resolve`" in res.output
    assert "response.language = th  (PROFILE.md:" in res.output
    profile = (ws / "PROFILE.md").read_text("utf-8")
    lines = [ln for ln in profile.splitlines() if ln.startswith("- key:")]
    assert len(lines) == 1 and "source:user_explicit" in lines[0] and "#L7-L7" in lines[0]
    assert "updated_at:2026-11-16T06:08:31Z" in lines[0]
    res = cli("--workspace", str(ws), "mem", "audit", "--transcripts")
    assert res.exit_code == 0 and "response.language = th: found" in res.output


def test_demo_shows_an_inferred_preference_as_a_pending_proposal(demo: tuple[Path, Printed]):
    ws, res = demo
    assert res.exit_code == 0, res.output
    assert "==== core memory: `proposals list`" in res.output
    shown = [ln for ln in res.output.splitlines() if ln.startswith("p-")]
    assert len(shown) == 1 and "pending  response.length = short" in shown[0]
    res = cli("--workspace", str(ws), "proposals", "list", "--json")
    assert res.exit_code == 0, res.output
    (p,) = json.loads(res.output)["proposals"]
    assert (p["status"], p["key"], p["value"]) == ("pending", "response.length", "short")
    assert p["id"] in shown[0]
    assert "response.length" not in (ws / "PROFILE.md").read_text("utf-8")     # a proposal, not a fact
