"""An entry that holds a value the user had memjobs forget is left out of every surface the agent
reads: search and the context already left it out; the weekly compound promoted it into MEMORY.md
(explore7 #11). It stays in its daily log and the weekly log names it under Kept out, without the
value in the reason."""
from __future__ import annotations

import json
from pathlib import Path

from memory_store.workspace import init_workspace
from tests.conftest import cli
from tests.jobs.weekly.test_weekly_kept_out import _logged, _turns
from tests.jobs.weekly.test_weekly_support import memory_ids


def test_a_decision_naming_a_forgotten_name_stays_out_of_memory_md_and_the_context(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text(
        f"timezone: Asia/Bangkok\ntranscripts:\n  - {{format: claude-code, path: {tmp_path / 'src'}}}\n",
        encoding="utf-8")
    _turns(tmp_path / "src" / "a.jsonl", "2026-11-10", [
        "call me Chai", "we decided Chai owns the billing dashboard", "we decided to use Postgres for orders"])
    w = ("--workspace", str(ws))
    assert cli(*w, "backfill", "--since", "2026-11-10", "--until", "2026-11-11").exit_code == 0
    assert cli(*w, "mem", "forget", "user.name").exit_code == 0
    ctx = json.loads(cli(*w, "context", "--session", "new", "--now", "2026-11-12T09:00:00+07:00", "--json").output)
    assert "Chai" not in json.dumps(ctx, ensure_ascii=False)
    assert cli(*w, "backfill", "--since", "2026-11-12", "--until", "2026-11-16").exit_code == 0
    memory_md = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert "Postgres" in memory_md and "Chai" not in memory_md
    # the id was made from the words ("DECISION-20261110-we-decided-chai-owns-…"): the log shows it without them
    assert not [i for i in _logged(ws) if "chai" in i.casefold()]
    chai = next(i for i in _logged(ws) if i.startswith("DECISION-20261110-forgotten-"))
    assert chai not in memory_ids(ws)
    assert [r for s, r in _logged(ws)[chai] if s == "Kept out"] == [
        "holds a value the user had memjobs forget; stays in its daily log"]
