"""A reversal the user took back ("scratch that") links nothing (review13 #1).

Week 1 "remember that the staging server is stg-04" is compounded into MEMORY.md. Week 2 "remember that
from now on the staging server is stg-09 instead", then "scratch that": microSync writes the stg-09 entry
with `supersedes:` the stg-04 one and records it withdrawn. Every reader of the link
(memory_store/supersedes_read.py) holds the withdrawn entry out: the context keeps stg-04 as it is,
search serves it `active` with no `superseded_by` (the withdrawn value was printed in that id), and
`memjobs get` says the same."""
from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import cli
from tests.memory_store.context.test_context_reversal import _session, _workspace


def test_a_withdrawn_reversal_replaces_nothing(tmp_path: Path) -> None:
    w = _workspace(tmp_path)
    _session(tmp_path, "a", "2026-11-16T03:00:00Z", "remember that the staging server is stg-04")
    assert cli(*w, "run", "microsync", "--since", "2026-11-16", "--now", "2026-11-16T12:00:00Z").exit_code == 0
    assert cli(*w, "run", "weekly", "--now", "2026-11-23T03:00:00Z").exit_code == 0
    _session(tmp_path, "b", "2026-11-24T03:00:00Z",
             "remember that from now on the staging server is stg-09 instead", "scratch that")
    assert cli(*w, "run", "microsync", "--since", "2026-11-24", "--now", "2026-11-24T12:00:00Z").exit_code == 0
    assert "rejected" in cli(*w, "proposals", "list", "--all").output          # the take-back was heard
    daily = (tmp_path / "ws" / "memory" / "2026-11-24.md").read_text("utf-8")
    assert "- supersedes: REMEMBER-20261116-" in daily                         # the link is in the file

    ctx = json.loads(cli(*w, "context", "--json", "--now", "2026-11-25T02:00:00Z").output)
    texts = [i["text"] for i in ctx["long_memory"]["memory_index"]]
    assert texts == ["The staging server is stg-04"], texts
    served = cli(*w, "search", "staging server", "--json").output
    [old] = [r for r in json.loads(served)["results"] if r["id"] and "stg-04" in r["title"]]
    assert (old["status"], old["superseded_by"]) == ("active", None), old
    assert "stg-09" not in served
    got = json.loads(cli(*w, "get", old["id"], "--json").output)["entry"]
    assert (got["status"], got["superseded_by"]) == ("active", None)


def test_a_withdrawn_reversal_leaves_the_recent_group_as_it_was(tmp_path: Path) -> None:
    """A new user (no week compounded): the "Recent, not yet compounded" group keeps stg-04, and shows
    neither the withdrawn entry nor a REPLACED mark (memory_store/context/recent.py reads the same links)."""
    w = _workspace(tmp_path)
    _session(tmp_path, "a", "2026-11-23T03:00:00Z", "remember that the staging server is stg-04")
    _session(tmp_path, "b", "2026-11-24T03:00:00Z",
             "remember that from now on the staging server is stg-09 instead", "scratch that")
    assert cli(*w, "run", "microsync", "--since", "2026-11-23", "--now", "2026-11-24T12:00:00Z").exit_code == 0
    assert "- supersedes: REMEMBER-20261123-" in (tmp_path / "ws" / "memory" / "2026-11-24.md").read_text("utf-8")
    ctx = json.loads(cli(*w, "context", "--json", "--now", "2026-11-25T02:00:00Z").output)
    texts = [i["text"] for i in ctx["long_memory"]["recent"]]
    assert any("stg-04" in t for t in texts), texts
    assert not any("stg-09" in t or "replaces" in t for t in texts), texts


def test_the_weekly_applies_no_withdrawn_reversal(tmp_path: Path) -> None:
    """The weekly reads links by the same rule: the stg-04 item stays in MEMORY.md, active, and neither the
    daily files nor the archive print the withdrawn entry's id (it held the withdrawn value)."""
    w = _workspace(tmp_path)
    _session(tmp_path, "a", "2026-11-16T03:00:00Z", "remember that the staging server is stg-04")
    assert cli(*w, "run", "microsync", "--since", "2026-11-16", "--now", "2026-11-16T12:00:00Z").exit_code == 0
    assert cli(*w, "run", "weekly", "--now", "2026-11-23T03:00:00Z").exit_code == 0
    _session(tmp_path, "b", "2026-11-24T03:00:00Z",
             "remember that from now on the staging server is stg-09 instead", "scratch that")
    assert cli(*w, "run", "microsync", "--since", "2026-11-24", "--now", "2026-11-24T12:00:00Z").exit_code == 0
    assert cli(*w, "run", "weekly", "--now", "2026-11-30T03:00:00Z").exit_code == 0
    ws = tmp_path / "ws"
    assert "stg-04" in (ws / "MEMORY.md").read_text("utf-8")
    first = (ws / "memory" / "2026-11-16.md").read_text("utf-8")
    assert "- status: active" in first and "superseded_by" not in first, first
    archived = "".join(p.read_text("utf-8") for p in (ws / "memory" / "archive").glob("*.md"))
    assert "stg-09" not in archived
