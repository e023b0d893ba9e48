"""A later session that follows a procedure raises its success_count (docs/design.md §4.7,
jobs/procedures/follow.py): each step seen in order in a separate agent action; end to end over real
Claude Code transcripts, a teaching then a session that follows it gives success_count 2."""
from __future__ import annotations

from datetime import date
from pathlib import Path

from jobs.procedures.follow import Action, followed
from memory_store import procedures as pr
from memory_store.markdown import parse_document
from tests.jobs.daily.test_daily_e2e import snapshot, validate_errors
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.jobs.procedures.test_procedures_microsync import microsync, workspace

STEPS = ("run make migrate", "make smoke", "tag the release")
D1, D2, D3 = date(2026, 11, 18), date(2026, 11, 19), date(2026, 11, 20)


def acts(*texts: str, new: bool = True) -> list[Action]:
    return [Action(t, new, "2026-11-19") for t in texts]


def test_steps_in_order_in_separate_actions_count_once_per_run():
    assert followed(STEPS, acts('{"command": "make migrate"}', "Migrations done.", '{"command": "make smoke"}',
                                '{"command": "git tag -a v1.4.0 -m release"}')) == ["2026-11-19"]
    twice = acts("make migrate", "make smoke", "tag the release", "make migrate", "make smoke", "tag release")
    assert followed(STEPS, twice) == ["2026-11-19", "2026-11-19"]


def test_out_of_order_missing_one_step_or_all_in_one_turn_do_not_count():
    assert followed(STEPS, acts("make smoke", "make migrate", "tag the release")) == []
    assert followed(STEPS, acts("make migrate", "tag the release")) == []
    assert followed(STEPS, acts("make migrate", "make migrate", "tag the release")) == []   # not "make smoke"
    assert followed(STEPS, acts("I'll run make migrate, then make smoke, then tag the release")) == []


def test_a_run_read_before_counts_nothing_again():
    assert followed(STEPS, acts("make migrate", "make smoke", "tag the release", new=False)) == []


def _teach(folder: Path) -> None:
    a = ClaudeSession(folder / "aa000000-0000-4000-8000-000000000001.jsonl", "aa000000-0000-4000-8000-000000000001")
    a.user(at(D1, 9, 2), "Heads up for the future: whenever we deploy the API, run make migrate first, "
                         "then make smoke, and only then tag the release.")
    a.assistant(at(D1, 9, 3), "Got it — migrate, smoke, then tag.")
    a.tool(at(D1, 9, 4), "Bash", {"command": "make migrate"}, "ok")    # the teaching session does not count
    a.tool(at(D1, 9, 5), "Bash", {"command": "make smoke"}, "ok")
    a.tool(at(D1, 9, 6), "Bash", {"command": "git tag -a v1.3.0 -m release"}, "")
    a.write()


def test_teach_then_follow_gives_success_count_two(tmp_path: Path):
    ws = workspace(tmp_path)
    folder = tmp_path / "transcripts" / "-home-user-api"
    _teach(folder)
    rep = microsync(ws, "2026-11-18T10:00:00+07:00")
    assert rep.details["procedures"] == {"added": 1, "merged": 0, "followed": 0}

    b = ClaudeSession(folder / "bb000000-0000-4000-8000-000000000002.jsonl", "bb000000-0000-4000-8000-000000000002")
    b.user(at(D2, 14, 0), "ship the API please")
    b.assistant(at(D2, 14, 1), "Deploying: migrations first.")
    b.tool(at(D2, 14, 2), "Bash", {"command": "make migrate"}, "Applied 2 migrations")
    b.tool(at(D2, 14, 3), "Bash", {"command": "make smoke"}, "12 passed")
    b.tool(at(D2, 14, 4), "Bash", {"command": "git tag -a v1.4.0 -m 'release 1.4.0' && git push --tags"}, "")
    b.assistant(at(D2, 14, 5), "Released v1.4.0.")
    b.write()
    c = ClaudeSession(folder / "cc000000-0000-4000-8000-000000000003.jsonl", "cc000000-0000-4000-8000-000000000003")
    c.tool(at(D2, 15, 0), "Bash", {"command": "make smoke"}, "ok")      # out of order: not following it
    c.tool(at(D2, 15, 1), "Bash", {"command": "make migrate"}, "ok")
    c.tool(at(D2, 15, 2), "Bash", {"command": "git tag v1.4.1"}, "")
    c.write()
    rep = microsync(ws, "2026-11-19T16:00:00+07:00")
    assert rep.details["procedures"] == {"added": 0, "merged": 0, "followed": 1}
    (p,) = parse_document((ws / pr.REL).read_text("utf-8")).entries()
    assert pr.success_count(p) == 2 and ("last_used", "2026-11-19") in p.extra
    assert validate_errors(ws) == []

    before = snapshot(ws)
    rep = microsync(ws, "2026-11-20T09:00:00+07:00")                  # read again: nothing counted twice
    assert snapshot(ws) == before and "procedures" not in rep.details
