"""microSync learns procedures into memory/procedures.md (docs/design.md §4.7) end to end over real
Claude Code transcript files: a teaching writes one procedure, a later session's paraphrase with one
more step merges into it (success_count 2), a re-run changes no byte, validate passes."""
from __future__ import annotations

from datetime import date
from pathlib import Path

from memory_store import procedures as pr
from memory_store.markdown import parse_document
from tests.jobs.daily.test_daily_e2e import snapshot, validate_errors
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

D1, D2 = date(2026, 11, 18), date(2026, 11, 19)


def test_teach_then_reteach_merges_with_count_two(tmp_path: Path):
    ws = workspace(tmp_path)
    folder = tmp_path / "transcripts" / "-home-user-api"
    a = ClaudeSession(folder / "aa000000-0000-4000-8000-000000000001.jsonl", "aa000000-0000-4000-8000-000000000001")
    a.user(at(D1, 9, 0), "the staging deploy went fine, thanks")
    a.assistant(at(D1, 9, 1), "Great. Anything else?")
    a.user(at(D1, 9, 2), "Heads up for the future: whenever we deploy the API, run make migrate first, "
                         "then make smoke, and only then tag the release.")
    a.assistant(at(D1, 9, 3), "Got it — migrate, smoke, then tag.")
    a.write()
    rep = microsync(ws, "2026-11-18T10:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    assert rep.details["procedures"] == {"added": 1, "merged": 0, "followed": 0}
    (first,) = parse_document((ws / pr.REL).read_text("utf-8")).entries()
    assert first.title == "we deploy the API" and pr.success_count(first) == 1
    assert pr.steps_of(first) == ("run make migrate", "make smoke", "tag the release")
    assert first.source.message_range == "L3-L3" and first.confidence == 0.95

    b = ClaudeSession(folder / "bb000000-0000-4000-8000-000000000002.jsonl", "bb000000-0000-4000-8000-000000000002")
    b.assistant(at(D2, 14, 0), "Deploying the API now; I'll tag it and run smoke tests after.")
    b.user(at(D2, 14, 1), "No — always run make migrate first, then make smoke, then tag the release, "
                          "then post in #deploys.")
    b.write()
    rep = microsync(ws, "2026-11-19T16:00:00+07:00")
    assert rep.details["procedures"] == {"added": 0, "merged": 1, "followed": 0}
    (merged,) = parse_document((ws / pr.REL).read_text("utf-8")).entries()
    assert merged.id == first.id and pr.success_count(merged) == 2
    assert pr.steps_of(merged)[-1] == "post in #deploys"
    assert ("last_used", "2026-11-19") in merged.extra
    assert validate_errors(ws) == []

    before = snapshot(ws)
    rep = microsync(ws, "2026-11-19T19:00:00+07:00")
    assert snapshot(ws) == before and "procedures" not in rep.details


def test_nothing_taught_writes_no_procedures_file(tmp_path: Path):
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "p" / "cc000000-0000-4000-8000-000000000003.jsonl",
                      "cc000000-0000-4000-8000-000000000003")
    s.user(at(D1, 9, 0), "Last Friday I ran the migrations, then the smoke tests, then tagged it.")
    s.user(at(D1, 9, 1), "Always use pnpm in this repo.")
    s.write()
    microsync(ws, "2026-11-18T10:00:00+07:00")
    assert not (ws / pr.REL).exists()


def test_a_teaching_read_again_counts_once(tmp_path: Path):
    """Pins: two sessions teaching the same procedure gave success_count 3 after a backfill of their
    two days, and each `run microsync --since` added one more: the merged teaching (the second
    session) was not recognised when its transcript was read again. Now it is kept in
    `merged_from` and counts once."""
    from tests.conftest import cli

    ws = workspace(tmp_path)
    folder = tmp_path / "transcripts" / "-home-user-api"
    said = "whenever we deploy the API, first run the tests, then build the docker image, then push it to the registry"
    for n, (day, extra) in enumerate(((D1, ""), (D2, ", then ping #ops")), start=1):
        sid = f"4400000{n}-0000-4000-8000-000000000001"
        s = ClaudeSession(folder / f"{sid}.jsonl", sid)
        s.user(at(day, 9, 0), said + extra).assistant(at(day, 9, 1), "ok")
        s.write()

    def count() -> int:
        (e,) = parse_document((ws / pr.REL).read_text("utf-8")).entries()
        return pr.success_count(e)

    assert cli("--workspace", str(ws), "backfill", "--since", "2026-11-18", "--until", "2026-11-19").exit_code == 0
    assert count() == 2
    (e,) = parse_document((ws / pr.REL).read_text("utf-8")).entries()
    assert pr.merged_from(e) == ["44000002-0000-4000-8000-000000000001#L1-L1"]
    before = snapshot(ws)
    for _ in range(2):
        assert cli("--workspace", str(ws), "run", "microsync", "--since", "2026-11-18").exit_code == 0
    assert cli("--workspace", str(ws), "backfill", "--since", "2026-11-17", "--until", "2026-11-19").exit_code == 0
    assert count() == 2
    assert snapshot(ws)[pr.REL] == before[pr.REL]
    assert validate_errors(ws) == []


def test_a_procedure_deleted_by_hand_does_not_come_back_on_a_re_read(tmp_path: Path):
    """Pins: a procedure a person deleted from memory/procedures.md came back on the next
    `run microsync --since …` (or backfill) over the transcript that taught it. The teachings memjobs
    learned are kept in `.memjobs/` (its tombstones, as for daily entries); a teaching read again is
    not learned again, while the other procedure stays and a new teaching is still learned."""
    from tests.conftest import cli

    ws = workspace(tmp_path)
    folder = tmp_path / "transcripts" / "-home-user-api"
    deploy = ("whenever we deploy the API, first run the tests, then build the docker image, "
              "then push it to the registry")
    release = ("whenever we cut a release, first bump the version in pyproject, then write the changelog, "
               "then email the team")
    for n, (day, said) in enumerate(((D1, deploy), (D2, deploy + ", then ping #ops"), (D2, release)), start=1):
        sid = f"5500000{n}-0000-4000-8000-000000000001"
        s = ClaudeSession(folder / f"{sid}.jsonl", sid)
        s.user(at(day, 9, n), said).assistant(at(day, 9, n + 1), "ok")
        s.write()
    w = ("--workspace", str(ws))
    assert cli(*w, "backfill", "--since", "2026-11-18", "--until", "2026-11-19").exit_code == 0
    text = (ws / pr.REL).read_text("utf-8")
    first, second = parse_document(text).entries()
    assert pr.success_count(first) == 2 and pr.steps_of(second)[0].startswith("bump the version")

    head, _, rest = text.partition(f"## Procedure: {first.title}")   # the person deletes the deploy one
    kept = head + rest[rest.index("## Procedure: "):]
    (ws / pr.REL).write_text(kept, encoding="utf-8")
    assert [e.id for e in parse_document(kept).entries()] == [second.id]

    rep = cli(*w, "run", "microsync", "--since", "2026-11-18", "--json")
    assert rep.exit_code == 0, rep.output
    assert cli(*w, "backfill", "--since", "2026-11-17", "--until", "2026-11-19").exit_code == 0
    assert (ws / pr.REL).read_text("utf-8") == kept
    assert validate_errors(ws) == []

    (ws / pr.REL).unlink()   # the whole file deleted: nothing comes back either
    assert cli(*w, "run", "microsync", "--since", "2026-11-18").exit_code == 0
    assert not (ws / pr.REL).exists() or parse_document((ws / pr.REL).read_text("utf-8")).entries() == []

    sid = "55000009-0000-4000-8000-000000000001"   # taught anew: learned
    s = ClaudeSession(folder / f"{sid}.jsonl", sid)
    s.user(at(date(2026, 11, 20), 9, 0), deploy).assistant(at(date(2026, 11, 20), 9, 1), "ok")
    s.write()
    assert cli(*w, "run", "microsync", "--since", "2026-11-20", "--until", "2026-11-21").exit_code == 0
    (again,) = parse_document((ws / pr.REL).read_text("utf-8")).entries()
    assert again.source.session_id == sid and pr.success_count(again) == 1
