"""A value the user had memjobs forget reaches no file memjobs writes after the forget, and no id (fixcore13a
#3): the weekly compound demoted the forgotten items out of MEMORY.md into the monthly archive
(memory/archive/2026-11.md) with their summary and their id ("My son's school is Ruamrudee Academy",
`REMEMBER-…-my-son-s-school-is-ruamrudee-academy-…`): jobs/weekly/apply.py writes the archive and the weekly
log with each forgotten value written `[forgotten]` and each id shown as memory_store/core/forgotten.py
`Forgotten.shown_id` prints it — which now also knows an id whose words hold the value as the id writes it
(a possessive "son's" is `son-s`)."""
from __future__ import annotations

from datetime import date
from pathlib import Path

from memory_store.core.forgotten import forgotten
from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

SAID = ["remember that my son's school is Ruamrudee Academy", "remember that my licence plate is KX-4471",
        "remember that the office wifi name is AcmeGuest5", "remember that my daughter's teacher is Khun Ploy"]
FORGETS = ["please forget my son's school", "please forget my licence plate", "please forget the office wifi name"]
GONE = ["ruamrudee", "kx-4471", "acmeguest5"]        # as the files and the ids spell them (casefolded)


def _day(tmp_path: Path, ws: Path, n: int, day: date, turns: list[str]) -> None:
    sid = f"f8a00000-0000-4000-8000-00000000003{n}"
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{sid}.jsonl", sid)
    for i, turn in enumerate(turns):
        s.user(at(day, 10, 2 * i), turn).assistant(at(day, 10, 2 * i + 1), "Noted.")
    s.write()
    assert microsync(ws, f"{day.isoformat()}T11:00:00+07:00").status == "ok"


def _weekly(ws: Path, now: str) -> None:
    r = cli("--workspace", str(ws), "run", "weekly", "--now", now)
    assert r.exit_code == 0, r.output


def _written(ws: Path) -> dict[str, float]:
    return {p.relative_to(ws).as_posix(): p.stat().st_mtime_ns for p in ws.rglob("*.md") if ".memjobs" not in p.parts}


def test_the_weekly_archive_holds_no_forgotten_value_or_id(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    _day(tmp_path, ws, 0, date(2026, 11, 10), SAID)
    _weekly(ws, "2026-11-16T03:00:00+07:00")
    memory = (ws / "MEMORY.md").read_text(encoding="utf-8").casefold()
    assert all(v in memory for v in GONE), memory       # promoted, so the forget makes them leave MEMORY.md
    before = _written(ws)
    _day(tmp_path, ws, 1, date(2026, 11, 17), FORGETS)
    _weekly(ws, "2026-11-23T03:00:00+07:00")
    after = _written(ws)
    # the daily logs are history, and PROPOSALS.md is core memory's own record of what was withdrawn (as
    # `## Inactive` keeps a revoked line: docs/spec/memory.md §5, §6): what the read surfaces know it by
    changed = [rel for rel, t in after.items() if before.get(rel) != t and not rel.startswith("memory/2026-")
               and rel != "PROPOSALS.md"]
    assert "memory/archive/2026-11.md" in changed, changed
    for rel in changed:
        text = (ws / rel).read_text(encoding="utf-8").casefold()
        assert not [v for v in GONE if v in text], (rel, text)
    archive = (ws / "memory" / "archive" / "2026-11.md").read_text(encoding="utf-8")
    assert archive.count("[forgotten]") == 3 and archive.count("-forgotten-") == 3, archive
    assert "Khun Ploy" in (ws / "MEMORY.md").read_text(encoding="utf-8")      # what was not forgotten stays


def test_an_id_with_a_possessive_is_shown_without_the_value(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    _day(tmp_path, ws, 0, date(2026, 11, 10), ["remember that my son's school is Ruamrudee Academy"])
    _day(tmp_path, ws, 1, date(2026, 11, 11), ["please forget my son's school"])
    gone = forgotten(ws)
    assert gone.shown_id("REMEMBER-20261110-my-son-s-school-is-ruamrudee-academy-7ab471") == \
        "REMEMBER-20261110-forgotten-7ab471"
    assert gone.shown_id("REMEMBER-20261110-my-son-s-school-is-near-the-park-7ab471") == \
        "REMEMBER-20261110-my-son-s-school-is-near-the-park-7ab471"
