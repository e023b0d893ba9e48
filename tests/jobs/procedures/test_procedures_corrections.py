"""A user's correction of a learned procedure, end to end through microSync over real Claude Code
transcripts (docs/design.md §4.7): a step the user says to drop ("skip X", "no need to X", "ไม่ต้อง X
แล้ว", "不用再 X", "别 X 了") leaves the procedure, and a correction that opens with "no," /
"actually" / "ไม่ใช่" / "不对，" and states the procedure again in another shape (no "whenever")
corrects the procedure of the same trigger. Neither counts as a success; a re-teaching that only
adds a step still merges and counts; the corrected steps are what every reader serves."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import anyio
import pytest

from jobs.procedures.learn import learn
from memory_store import procedures as pr
from memory_store.markdown import parse_document
from tests.conftest import cli, served_by_tools
from tests.jobs.daily.test_daily_e2e import validate_errors
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

D1, D2 = date(2026, 11, 18), date(2026, 11, 19)
EN = "whenever you deploy the API, first run the migrations, then restart the workers"
TH = "เวลา deploy API ให้รัน migrations ก่อน แล้วค่อยรีสตาร์ท workers"
ZH = "每次部署 API 的时候，先跑 migrations，再重启 workers"
ZH_HANT = "每次部署 API 的時候，先跑 migrations，再重啟 workers"
TOPICS = ("migrations", "workers", "#deploys")


def topics(steps: tuple[str, ...]) -> list[str]:
    """What each step is about (the words every phrasing here keeps in Latin letters)."""
    return [next((t for t in TOPICS if t in s), s) for s in steps]


def taught_then(tmp_path: Path, first: str, second: str, aside: str = "") -> tuple[Path, list]:  # type: ignore[type-arg]
    """Session 1 (day 1) says `first` (and `aside`, a turn before it), session 2 (day 2) says
    `second`; one microSync after each."""
    ws = workspace(tmp_path)
    folder = tmp_path / "transcripts" / "-home-user-api"
    for n, (day, said) in enumerate(((D1, first), (D2, second)), start=1):
        sid = f"6600000{n}-0000-4000-8000-000000000001"
        s = ClaudeSession(folder / f"{sid}.jsonl", sid)
        if aside and n == 1:
            s.user(at(day, 15, 58), aside).assistant(at(day, 15, 59), "noted")
        s.user(at(day, 16, 0), said).assistant(at(day, 16, 1), "ok")
        s.write()
        microsync(ws, f"{day.isoformat()}T18:00:00+07:00")
    text = (ws / pr.REL).read_text("utf-8") if (ws / pr.REL).exists() else ""
    return ws, parse_document(text).entries()


DROPS = [
    (EN, "whenever you deploy the API, just restart the workers, then post in #deploys; skip the migrations"),
    (EN, "whenever you deploy the API, restart the workers, then post in #deploys. No need to run the "
         "migrations anymore."),
    (EN, "from now on when you deploy the API, restart the workers, then post in #deploys, and don't run "
         "the migrations anymore"),
    (EN, "whenever you deploy the API, stop running the migrations; restart the workers, then post in #deploys"),
    (TH, "เวลา deploy API ให้รีสตาร์ท workers ก่อน แล้วโพสต์ใน #deploys ไม่ต้องรัน migrations แล้ว"),
    (TH, "เวลา deploy API ไม่ต้องรัน migrations อีกแล้ว ให้รีสตาร์ท workers ก่อน แล้วค่อยโพสต์ใน #deploys"),
    (TH, "ทุกครั้งที่ deploy API ให้รีสตาร์ท workers ก่อน แล้วโพสต์ใน #deploys ข้าม migrations ไปเลย"),
    (ZH, "每次部署 API 的时候，先重启 workers，再发 #deploys，不用再跑 migrations 了"),
    (ZH, "以后部署 API 的时候，别跑 migrations 了，先重启 workers，然后发 #deploys"),
    (ZH_HANT, "以後部署 API 的時候，不用再跑 migrations，先重啟 workers，再發 #deploys"),
]


@pytest.mark.parametrize(("first", "second"), DROPS)
def test_a_step_the_user_drops_leaves_the_procedure(tmp_path: Path, first: str, second: str):
    """Pins: "… just restart the workers, then post in #deploys; skip the migrations" gave "run the
    migrations → restart the workers → post in #deploys" (or learned "skip the migrations" as a
    step): the step the user dropped stayed first. It is a correction: its steps replace the old
    ones and it counts no success."""
    ws, entries = taught_then(tmp_path, first, second)
    (e,) = entries
    assert topics(pr.steps_of(e)) == ["workers", "#deploys"], pr.steps_of(e)
    assert pr.success_count(e) == 1
    assert len(pr.merged_from(e)) == 1 and pr.merged_from(e)[0].startswith("66000002")
    assert validate_errors(ws) == []


CORRECTIONS = [
    (EN, "no, when you deploy the API, restart the workers first and only then run the migrations"),
    (EN, "actually, when you deploy the API, restart the workers first, then run the migrations"),
    (EN, "No — to deploy the API, restart the workers first, then run the migrations."),
    (EN, "no, when you deploy the API, restart the workers before you run the migrations"),
    (EN, "actually, when you deploy the API, run the migrations only after restarting the workers"),
    (TH, "ไม่ใช่ ตอน deploy API ต้องรีสตาร์ท workers ก่อน แล้วค่อยรัน migrations"),
    (TH, "ไม่ใช่นะ deploy API ต้องรีสตาร์ท workers ก่อน แล้วค่อยรัน migrations"),
    (ZH, "不对，部署 API 要先重启 workers，再跑 migrations"),
    (ZH_HANT, "不對，部署 API 要先重啟 workers，然後再跑 migrations"),
]


@pytest.mark.parametrize(("first", "second"), CORRECTIONS)
def test_a_correction_in_another_shape_corrects_the_procedure(tmp_path: Path, first: str, second: str):
    """Pins: "no, when you deploy the API, restart the workers first and only then run the
    migrations" learned nothing (no "whenever"): the old order stayed. A turn that opens with a
    correction corrects the procedure of the same trigger: its order wins, no success counted."""
    ws, entries = taught_then(tmp_path, first, second)
    (e,) = entries
    assert topics(pr.steps_of(e)) == ["workers", "migrations"], pr.steps_of(e)
    assert pr.success_count(e) == 1
    assert len(pr.merged_from(e)) == 1 and pr.merged_from(e)[0].startswith("66000002")
    assert validate_errors(ws) == []


@pytest.mark.parametrize("said", [
    "no, when you run the tests, first build the image, then run pytest",
    "ไม่ใช่ ตอนรันเทสต้อง build image ก่อน แล้วค่อยรัน pytest",
    "不对，跑测试要先 build image，再跑 pytest",
])
def test_a_correction_of_no_known_procedure_learns_nothing(tmp_path: Path, said: str):
    """A correction without a standing cue only corrects a procedure of the same trigger: alone, or
    beside an unrelated procedure, it is not a procedure of its own (it may be about this run)."""
    ws, entries = taught_then(tmp_path, EN, said)
    (e,) = entries
    assert topics(pr.steps_of(e)) == ["migrations", "workers"] and pr.merged_from(e) == []


def test_a_correction_alone_writes_no_procedures_file(tmp_path: Path):
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "p" / "77000001-0000-4000-8000-000000000001.jsonl",
                      "77000001-0000-4000-8000-000000000001")
    s.user(at(D1, 16, 0), CORRECTIONS[0][1]).assistant(at(D1, 16, 1), "ok")
    s.write()
    assert microsync(ws, "2026-11-18T18:00:00+07:00").status in ("ok", "nothing")
    assert not (ws / pr.REL).exists()


@pytest.mark.parametrize(("first", "second"), [
    (EN + ", then post in #deploys", "whenever you deploy the API, skip the migrations"),
    (TH + " แล้วโพสต์ใน #deploys", "เวลา deploy API ไม่ต้องรัน migrations แล้วนะ"),
    (ZH + "，最后发 #deploys", "以后部署 API 的时候不用再跑 migrations 了"),
])
def test_a_drop_alone_amends_the_procedure_of_its_trigger(tmp_path: Path, first: str, second: str):
    ws, entries = taught_then(tmp_path, first, second)
    (e,) = entries
    assert topics(pr.steps_of(e)) == ["workers", "#deploys"], pr.steps_of(e)
    assert pr.success_count(e) == 1


@pytest.mark.parametrize(("first", "second"), [
    (EN, "whenever you deploy the API, first run the migrations, then restart the workers, then post in #deploys"),
    (TH, "เวลา deploy API ให้รัน migrations ก่อน แล้วรีสตาร์ท workers แล้วค่อยโพสต์ใน #deploys"),
    (ZH, "每次部署 API 的时候，先跑 migrations，再重启 workers，最后发 #deploys"),
])
def test_a_re_teaching_that_only_adds_a_step_still_merges_and_counts(tmp_path: Path, first: str, second: str):
    ws, entries = taught_then(tmp_path, first, second)
    (e,) = entries
    assert topics(pr.steps_of(e)) == ["migrations", "workers", "#deploys"]
    assert pr.success_count(e) == 2


@pytest.mark.parametrize("second", [DROPS[0][1], CORRECTIONS[0][1], "whenever you deploy the API, skip the migrations"])
def test_a_correction_read_again_changes_nothing(tmp_path: Path, second: str):
    """`run microsync --since` and a backfill read the correcting session again: the file stays as
    it is (the teaching is in `merged_from`), and a backfill from scratch gives the same steps."""
    from tests.jobs.daily.test_daily_e2e import snapshot

    ws, (e,) = taught_then(tmp_path, EN + ", then post in #deploys", second)
    before = snapshot(ws)[pr.REL]
    w = ("--workspace", str(ws))
    assert cli(*w, "run", "microsync", "--since", "2026-11-18").exit_code == 0
    assert cli(*w, "backfill", "--since", "2026-11-17", "--until", "2026-11-19").exit_code == 0
    assert snapshot(ws)[pr.REL] == before
    (ws / pr.REL).unlink()
    (ws / ".memjobs" / "microsync" / "procedures.json").unlink()
    assert cli(*w, "backfill", "--since", "2026-11-18", "--until", "2026-11-19").exit_code == 0
    (again,) = parse_document((ws / pr.REL).read_text("utf-8")).entries()
    assert pr.steps_of(again) == pr.steps_of(e) and pr.success_count(again) == pr.success_count(e)


def test_a_conditional_skip_is_a_step_not_a_drop():
    """"skip X if Y" says when to leave a step out, not to drop it."""
    got = learn([("user", "whenever you deploy the docs, first build them, then skip the link check if only "
                          "typos changed, then publish")])
    assert got is not None and len(got.steps) == 3 and not got.drops


def test_the_corrected_steps_are_served_everywhere(tmp_path: Path):
    """After a correction: `memjobs procedures --json`, MCP memory_procedures, `memjobs context --task`
    and MEMORY.md's Procedures after the weekly compound all serve the new steps, in the new order."""
    from tests.jobs.weekly.test_weekly_support import run_weekly

    ws, _ = taught_then(tmp_path, EN, "whenever you deploy the API, just restart the workers, then post in "
                                      "#deploys; skip the migrations",
                        aside="we decided to use Postgres for the reporting database")
    want = ["workers", "#deploys"]
    r = cli("--workspace", str(ws), "procedures", "deploy the API", "--json")
    assert r.exit_code == 0, r.output
    (hit,) = json.loads(r.stdout)["results"]
    assert topics(tuple(hit["steps"])) == want

    async def ask() -> dict:  # type: ignore[type-arg]
        (res,) = await served_by_tools(ws, [("memory_procedures", {"task": "deploy the API"})])
        return res.structured_content  # type: ignore[no-any-return]

    (mcp_hit,) = anyio.run(ask)["results"]
    assert mcp_hit["steps"] == hit["steps"]

    r = cli("--workspace", str(ws), "context", "--now", "2026-11-19T19:00", "--task", "deploy the API", "--json")
    assert r.exit_code == 0, r.output
    (ctx,) = json.loads(r.stdout)["long_memory"]["procedures"]
    assert " → ".join(hit["steps"]) in json.dumps(ctx, ensure_ascii=False)

    rep = run_weekly(ws, "2026-11-23T03:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    memory = (ws / "MEMORY.md").read_text("utf-8")
    line = next(ln for ln in memory.splitlines() if "deploy the API" in ln and ln.startswith("- "))
    assert " → ".join(hit["steps"]) in line and "migrations" not in line
