"""The wrap-up's own microSync pass in a backfill is told which days are still unread (docs/design.md §6.4,
review19 F1's rule), through the real CLI. A backfill runs, each day, microSync over the day's range and
then the wrap-up, whose microSync pass reads with cursors: a session that crossed midnight gives it the
records of the day before as context, which the range does not. So it can write an entry the range did not
("I'd suggest we deploy on Tuesdays …" at 23:58, "ok, go with that" at 00:02: the decision stands on both),
and its later pass judged that entry against one said later (read first by a scheduled run) with a day
between not read yet: "the mobile app deploys on Tuesdays again" (11-02), which changes what 10-30 says,
was taken to replace the 10-28 choice (`superseded_later_by`), though read in date order it stays active."""
from __future__ import annotations

import json
from pathlib import Path

from memory_store.memory_md import parse_memory_md
from tests.conftest import cli_run
from tests.jobs.microsync.test_review19_repro_backfill_premature_later import SETS
from tests.jobs.microsync.test_said_order_e2e import _session
from tests.microsync_helpers import all_entries, claude_code_workspace


def _mj(ws: Path, *args: str) -> str:
    done = cli_run("--workspace", str(ws), *args)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


def _turns(tmp_path: Path, name: str, rows: list[tuple[str, str, str]]) -> None:
    """One Claude Code session of (UTC time, role, text) turns."""
    folder = tmp_path / "transcripts"
    folder.mkdir(exist_ok=True)
    lines = [json.dumps({"type": role, "sessionId": name, "cwd": "/home/u/proj", "uuid": f"{name}-{i}",
                         "timestamp": t, "message": {"role": role, "content": text if role == "user"
                                                     else [{"type": "text", "text": text}]}}, ensure_ascii=False)
             for i, (t, role, text) in enumerate(rows)]
    (folder / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_the_wrap_up_pass_leaves_a_pair_across_an_unread_day_undecided(tmp_path: Path) -> None:
    _, y, later = SETS["deploy-day"]
    ws = claude_code_workspace(tmp_path)
    _session(tmp_path, "L", "2026-11-02T03:00:00+00:00", later)
    _mj(ws, "run", "microsync", "--now", "2026-11-02T12:00:00+07:00")
    # within the week before the scheduled run's mark: the wrap-up's pass reads it with cursors
    _turns(tmp_path, "X", [("2026-10-27T16:50:00.000Z", "user", "What day should we deploy on?"),
                           ("2026-10-27T16:58:00.000Z", "assistant",
                            "I'd suggest we deploy on Tuesdays. Shall we go with that?"),
                           ("2026-10-27T17:02:00.000Z", "user", "ok, go with that"),   # 00:02 on 10-28
                           ("2026-10-27T17:03:00.000Z", "assistant", "OK.")])
    _session(tmp_path, "Y", "2026-10-30T03:00:00+00:00", y)
    _mj(ws, "backfill", "--since", "2026-10-20", "--until", "2026-11-03")
    found = all_entries(ws)
    tuesdays = [f.entry for f in found if f.entry.source.session_id == "X" and "Tuesdays" in f.entry.title]
    assert len(tuesdays) == 1, [f.entry.title for f in found]
    x = tuesdays[0]
    by = {f.entry.source.session_id: f.entry for f in found if f.entry.source.session_id in ("Y", "L")}
    assert x.superseded_later_by is None, x
    assert by["Y"].superseded_later_by == by["L"].id, by["Y"]
    got = json.loads(_mj(ws, "get", x.id, "--json"))["entry"]
    assert (got["status"], got["current"]) == ("active", None), got
    _mj(ws, "run", "weekly", "--now", "2026-11-09T03:00:00+07:00")
    items = {it.id for it in parse_memory_md((ws / "MEMORY.md").read_text("utf-8")).items}
    assert x.id in items and by["L"].id in items and by["Y"].id not in items, items
