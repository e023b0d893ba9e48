"""A session added to `exclude_sessions` after it was read (explore14 #18): excluding stops reading it and
takes it out of the sessions tier (docs/design.md §6.2), and withdraws nothing already kept — its episode
(which quotes the first user message), its wrap-up line and its entries stayed searchable and in the
context with no word about it. The next daily run's report and `doctor` name each item kept from a session
`exclude_sessions` now excludes, with where it is and how to remove it; once a person removed them, nothing
writes them again and nothing is said any more. Real transcripts, the real daily job, real doctor."""
from __future__ import annotations

import json
import re
from pathlib import Path

from tests.conftest import cli
from tests.memory_store.context.test_context_reversal import _session, _workspace

SECRET_SID = "11111111-1111-4111-8111-111111111111"
OTHER_SID = "22222222-2222-4222-8222-222222222222"


def _notes(out: str) -> list[str]:
    return [n for n in json.loads(out).get("notes", []) if "exclude_sessions" in n]


def test_items_kept_from_a_session_excluded_later_are_named_with_how_to_remove_them(tmp_path: Path) -> None:
    w = _workspace(tmp_path)
    ws = tmp_path / "ws"
    _session(tmp_path, SECRET_SID, "2026-11-23T03:00:00Z",
             "private: we decided to use platypusnova as the codename for the acquisition")
    _session(tmp_path, OTHER_SID, "2026-11-23T05:00:00Z", "we decided to use Postgres for the billing service")
    assert cli(*w, "run", "microsync", "--since", "2026-11-23", "--now", "2026-11-23T12:00:00Z").exit_code == 0
    run = cli(*w, "run", "daily", "--now", "2026-11-24T01:00:00Z", "--json")
    assert run.exit_code == 0, run.output
    assert _notes(run.output) == []
    daily = (ws / "memory" / "2026-11-23.md").read_text(encoding="utf-8")
    assert "platypusnova" in daily and "Postgres" in daily

    with (ws / "memjobs.yaml").open("a", encoding="utf-8") as fh:
        fh.write(f'exclude_sessions: ["{SECRET_SID}"]\n')
    run = cli(*w, "run", "daily", "--now", "2026-11-25T01:00:00Z", "--json")
    assert run.exit_code == 0, run.output
    [note] = _notes(run.output)
    assert "memory/2026-11-23.md" in note and "memory/episodes/2026-11.md" in note
    assert "second-brain/summaries/2026-11-23-wrapup.md" in note
    assert "EPISODE-20261123-11111111-" in note and "platypusnova" not in note
    assert "delete" in note
    doctor = json.loads(cli(*w, "doctor", "--json").output)
    [found] = [f for f in doctor["findings"] if f["check"] == "excluded"]
    assert found["level"] == "warning" and "memory/episodes/2026-11.md" in found["message"] and found["fix"]

    # the person removes them as told: nothing writes them again, the other session's lines stay
    for rel in ("memory/2026-11-23.md", "memory/episodes/2026-11.md", "second-brain/summaries/2026-11-23-wrapup.md"):
        path = ws / rel
        path.write_text(_without(path.read_text(encoding="utf-8"), "platypusnova", lines="wrapup" in rel),
                        encoding="utf-8")
    run = cli(*w, "run", "daily", "--now", "2026-11-26T01:00:00Z", "--json")
    assert run.exit_code == 0, run.output
    assert _notes(run.output) == []
    for rel in ("memory/2026-11-23.md", "memory/episodes/2026-11.md", "second-brain/summaries/2026-11-23-wrapup.md"):
        text = (ws / rel).read_text(encoding="utf-8")
        assert "platypusnova" not in text, rel
    assert "Postgres" in (ws / "memory" / "2026-11-23.md").read_text(encoding="utf-8")
    assert OTHER_SID in (ws / "memory" / "episodes" / "2026-11.md").read_text(encoding="utf-8")
    assert not [f for f in json.loads(cli(*w, "doctor", "--json").output)["findings"] if f["check"] == "excluded"]


def _without(text: str, word: str, *, lines: bool) -> str:
    """`text` without the lines (`lines`) or the `## ` blocks that hold `word`: what a person deletes."""
    if lines:
        return "".join(ln for ln in text.splitlines(keepends=True) if word not in ln)
    parts = re.split(r"(?m)^(?=## )", text)
    return "".join(p for p in parts if not (p.startswith("## ") and word in p))
