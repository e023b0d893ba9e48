"""A value the user had memjobs forget reaches no file the daily job writes after the forget (forget14 #1):
"remember that my son's school is Ruamrudee Academy" and, later the same day, "please forget my son's school";
microSync withdraws it, then `memjobs run daily` wrote the wrap-up (the Remember entry's words and its id,
`REMEMBER-…-my-son-s-school-is-ruamrudee-academy-…`) and the month's episodes (the session's title and summary)
with the value in them. The wrap-up's bullets and summary (jobs/daily/render.py) and each episode the run
writes (jobs/daily/episodes.py) now go through the forgotten filter (memory_store/core/forgotten.py), as the
weekly's archive does."""
from __future__ import annotations

from datetime import date
from pathlib import Path

from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

DAY = date(2026, 11, 24)


def _session(tmp_path: Path, n: int, turns: list[tuple[int, str]]) -> None:
    sid = f"f9a00000-0000-4000-8000-00000000004{n}"
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{sid}.jsonl", sid)
    for hour, turn in turns:
        s.user(at(DAY, hour, 0), turn).assistant(at(DAY, hour, 1), "Noted.")
    s.write()


def _written(ws: Path) -> dict[str, str]:
    return {p.relative_to(ws).as_posix(): p.read_text(encoding="utf-8") for p in ws.rglob("*.md")
            if ".memjobs" not in p.parts}


def test_the_daily_wrapup_and_episodes_hold_no_forgotten_value(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    _session(tmp_path, 0, [(10, "remember that my son's school is Ruamrudee Academy"),
                           (11, "remember that my daughter's teacher is Khun Ploy")])
    assert microsync(ws, f"{DAY.isoformat()}T12:00:00+07:00").status == "ok"
    _session(tmp_path, 1, [(15, "please forget my son's school")])
    assert microsync(ws, f"{DAY.isoformat()}T16:00:00+07:00").status == "ok"
    before = _written(ws)
    r = cli("--workspace", str(ws), "run", "daily", "--now", "2026-11-25T03:00:00+07:00")
    assert r.exit_code == 0, r.output
    after = _written(ws)
    changed = [rel for rel, text in after.items() if before.get(rel) != text]
    assert "second-brain/summaries/2026-11-24-wrapup.md" in changed and "memory/episodes/2026-11.md" in changed, \
        changed
    for rel in changed:
        text = after[rel].casefold()
        assert "ruamrudee" not in text, (rel, after[rel])
    wrapup = after["second-brain/summaries/2026-11-24-wrapup.md"]
    assert "[forgotten]" in wrapup and "-forgotten-" in wrapup, wrapup
    assert "Khun Ploy" in wrapup                # what was not forgotten stays
