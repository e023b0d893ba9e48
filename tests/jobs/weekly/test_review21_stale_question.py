"""review21 F4 (jobs/weekly/planner.py `build_plan`, commit 1a3a17b; fixed): while the saved open-conflicts list
is out of date, the questions MEMORY.md already asks are kept while both sides are active, with no check
that the two still conflict. A person edits the newer entry by hand so that both say the same (60 -> 30
seconds): `memjobs conflicts list` says "no open conflicts", and the next weekly still writes the question
"The API timeout is 30 seconds disputes The API timeout is 30 seconds". (It left on the weekly after.) A pair
with a side the weekly judges again is not carried."""
from __future__ import annotations

import subprocess
from pathlib import Path

from memory_store.memory_md import parse_memory_md
from tests.jobs.microsync.test_turn_news_retires_nothing import CLI, _backfill


def test_a_question_a_hand_edit_settled_leaves_at_the_next_weekly(tmp_path: Path) -> None:
    ws = _backfill(tmp_path, [("2026-11-03T03:00:00+00:00", "we decided the API timeout is 30 seconds"),
                              ("2026-11-05T03:00:00+00:00", "we decided the API timeout is 60 seconds"),
                              ("2026-11-12T03:00:00+00:00", "we decided the invoices are stored in S3")])
    md = ws / "MEMORY.md"
    assert parse_memory_md(md.read_text(encoding="utf-8")).questions   # the pair is asked
    day = ws / "memory" / "2026-11-05.md"
    day.write_text(day.read_text(encoding="utf-8").replace("60 seconds", "30 seconds"), encoding="utf-8")
    listed = subprocess.run([*CLI, "--workspace", str(ws), "conflicts", "list"], capture_output=True, text=True,
                            check=True)
    assert "no open conflicts" in listed.stdout
    subprocess.run([*CLI, "--workspace", str(ws), "run", "weekly", "--date", "2026-11-12", "--force"],
                   capture_output=True, check=True)
    assert parse_memory_md(md.read_text(encoding="utf-8")).questions == []
