"""One procedure said in two languages or two scripts is one procedure (docs/design.md §4.7), and
the same words teach in every language. Real Claude Code transcripts through microSync and a
backfill in tmp_path.

Pins (explore15 report items 4, 6, 7, 8):
- a Thai teaching then the English one merged into "run the tests → ให้รันเทส → แล้ว build image →
  tag release": one step twice in two languages, and the Thai connective kept in a step;
- the same procedure in simplified and in traditional Chinese stayed two procedures;
- "When we release, run the migrations, then restart the workers, then clear the cache." was never
  learned, while "Whenever we …", the Thai เวลา… and the Chinese …的时候 were;
- a backfill whose transcripts only taught procedures ran no weekly: MEMORY.md listed none.
"""
from __future__ import annotations

from datetime import date
from pathlib import Path

from jobs.procedures.learn import learn
from memory_store import procedures as pr
from memory_store.markdown import parse_document
from tests.jobs.daily.test_daily_e2e import validate_errors
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

D1, D2 = date(2026, 11, 16), date(2026, 11, 17)


def _teach(tmp_path: Path, n: int, day: date, said: str) -> None:
    sid = f"5{n}000000-0000-4000-8000-00000000000{n}"
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{sid}.jsonl", sid)
    s.user(at(day, 9, 0), said).assistant(at(day, 9, 1), "ok")
    s.write()


def _procedures(ws: Path) -> list:
    return [e for e in parse_document((ws / pr.REL).read_text("utf-8")).entries() if e.status == "active"]


def test_a_thai_teaching_then_the_english_one_is_each_step_once(tmp_path: Path):
    ws = workspace(tmp_path)
    _teach(tmp_path, 1, D1, "เวลา deploy API ให้รันเทสก่อน แล้ว build image แล้วค่อย tag release")
    microsync(ws, "2026-11-16T12:00:00+07:00")
    (thai,) = _procedures(ws)
    assert pr.steps_of(thai) == ("รันเทส", "build image", "tag release")
    _teach(tmp_path, 2, D2, "When we deploy the API, always run the tests first, then build the image, "
                            "then tag the release.")
    rep = microsync(ws, "2026-11-17T12:00:00+07:00")
    assert rep.details["procedures"]["merged"] == 1, rep.to_dict()
    (merged,) = _procedures(ws)
    assert len(pr.steps_of(merged)) == 3, pr.steps_of(merged)
    assert pr.success_count(merged) == 2
    assert validate_errors(ws) == []


def test_simplified_and_traditional_chinese_are_one_procedure(tmp_path: Path):
    ws = workspace(tmp_path)
    _teach(tmp_path, 1, D1, "部署 API 的时候，先跑测试，再构建镜像，最后打 release 标签。")
    microsync(ws, "2026-11-16T12:00:00+07:00")
    _teach(tmp_path, 2, D2, "部署 API 的時候，先跑測試，再建構映像，最後打 release 標籤。")
    rep = microsync(ws, "2026-11-17T12:00:00+07:00")
    assert rep.details["procedures"] == {"added": 0, "merged": 1, "followed": 0}, rep.to_dict()
    (one,) = _procedures(ws)
    steps = pr.steps_of(one)
    assert pr.success_count(one) == 2
    # 跑測試 is 跑测试 folded; 建構映像 / 构建镜像 are two words for one thing (regional vocabulary, not
    # script), which character folding does not make equal (memory_store/hanzi.py)
    assert steps[0] == "跑测试" and steps[-1] == "打 release 标签" and len(steps) <= 4, steps


def test_a_step_in_another_language_matches_by_what_it_names():
    assert pr.merge_steps(("รันเทส", "build image", "tag release"),
                          ("run the tests", "build the image", "tag the release")) == (
        "รันเทส", "build image", "tag release")
    assert pr.merge_steps(("跑测试", "构建镜像", "打 release 标签"),
                          ("run the tests", "build the image", "tag the release"))[:2] == ("跑测试", "构建镜像")
    # in one language a step that names the same thing in other words is still a step of its own
    assert len(pr.merge_steps(("run the tests", "deploy"), ("test the rollback", "deploy"))) == 3


def test_when_we_teaches_like_whenever_and_like_thai_and_chinese():
    for said in ("When we release, run the migrations, then restart the workers, then clear the cache.",
                 "When we rotate the keys, revoke the old key, then issue the new one, then update the vault.",
                 "Whenever we release, run the migrations, then restart the workers, then clear the cache.",
                 "เวลาเรา release ให้รัน migration ก่อน แล้วรีสตาร์ท worker แล้วค่อยล้าง cache",
                 "发布的时候，先跑迁移，再重启 worker，最后清缓存。"):
        got = learn([("user", said)])
        assert got is not None and len(got.steps) == 3, (said, got)
    got = learn([("user", "When we release, run the migrations, then restart the workers, then clear the cache.")])
    assert got is not None and got.trigger == "we release"
    assert got.steps == ("run the migrations", "restart the workers", "clear the cache")
    # a story or a one-off is no teaching in any language
    for said in ("When we released yesterday, I ran the migrations, then restarted the workers.",
                 "When you're done here, run the tests, then commit this time."):
        assert learn([("user", said)]) is None, said


def test_a_backfill_that_only_taught_procedures_lists_them_in_memory_md(tmp_path: Path):
    from tests.conftest import cli

    ws = workspace(tmp_path)
    _teach(tmp_path, 1, D1, "Whenever we deploy the API, run the tests first, then build the image, "
                            "then tag the release.")
    assert cli("--workspace", str(ws), "backfill", "--since", "2026-11-16", "--until", "2026-11-22").exit_code == 0
    assert _procedures(ws)
    assert not any((ws / "memory").glob("2026-11-1*.md"))   # no daily log: procedures only
    memory = (ws / "MEMORY.md").read_text("utf-8")
    assert "## Procedures" in memory and "build the image" in memory, memory
