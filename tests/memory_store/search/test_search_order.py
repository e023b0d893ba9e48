"""The order of results and the score they print (docs/design.md §8.6: "a higher score is better";
§6.1: warm first): the list is in the order of its scores, whatever tiers it mixes, and a decision as
it stands (warm, active) is read before an old episode, archive line or wrap-up line about the same
thing — in English, Thai and Chinese. A real index over real files and transcripts."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from memory_store.config import load_config
from memory_store.entries import BlockEntry, Source, make_id
from memory_store.search.indexer import update_index
from memory_store.search.query import Searcher, SearchOptions, search
from tests.memory_store.search.test_search_fixtures import TODAY, write_daily

OLD_DAY = (TODAY - timedelta(days=48)).isoformat()  # cold (limits.warm_days is 30)
MID_DAY = (TODAY - timedelta(days=40)).isoformat()
NEW_DAY = (TODAY - timedelta(days=10)).isoformat()  # warm

# Per language: the question, and what was decided, changed, and decided again (old → mid → new).
CASES: dict[str, dict[str, Any]] = {
    "en": {
        "question": "which database do we use for billing",
        "old": ("Decision", "Use Postgres 16 for the billing service",
                "we decided to use Postgres 16 for the billing service"),
        "mid": ("Architecture", "Move billing from Postgres to MySQL",
                "we decided to move billing from Postgres to MySQL"),
        "new": ("Architecture", "Stay on Postgres for billing, the MySQL migration is cancelled",
                "actually we decided to stay on Postgres for billing, the MySQL migration is cancelled"),
    },
    "th": {
        "question": "ใช้อะไรทำ dashboard",
        "old": ("Decision", "ใช้ Grafana ทำ dashboard", "ตัดสินใจแล้วว่าใช้ Grafana ทำ dashboard"),
        "mid": ("Decision", "ย้าย dashboard ไป Superset", "ตัดสินใจย้าย dashboard ไป Superset"),
        "new": ("Decision", "เปลี่ยน dashboard จาก Superset เป็น Kibana แล้ว",
                "เปลี่ยน dashboard จาก Superset เป็น Kibana แล้วนะ"),
    },
    "zh": {
        "question": "日志库用什么",
        "old": ("Decision", "日志库用 log4j", "我们决定日志库用 log4j"),
        "mid": ("Architecture", "日志库换成 logback", "把日志库换成 logback"),
        "new": ("Architecture", "日志统一交给 tinylog", "最后决定：日志统一交给 tinylog，logback 不要了"),
    },
}

OTHER_WORK = (
    "The staging host is stg-04 behind the VPN", "Release notes go out on Fridays", "Secrets live in Vault",
    "The on-call rota is in Notion", "Feature flags are read from LaunchDarkly", "CI runs on self-hosted runners",
    "The mobile app targets iOS 16 and later", "Backups run at 02:00 UTC", "Invoices are PDFs rendered by Gotenberg",
    "ทีม QA ทดสอบทุกวันพุธ", "ห้าม deploy วันศุกร์", "เอกสาร API อยู่ใน Confluence",
    "前端用 React 18", "每周一开站会", "监控告警发到 Slack 频道",
)


def _turns(path: Path, sid: str, day: str, said: str) -> None:
    """A Claude Code transcript: the user's decision, the assistant's answer and two more turns."""
    turns = [("user", said), ("assistant", "ok, noted"), ("user", "thanks"), ("assistant", "you're welcome")]
    path.write_text("".join(json.dumps({
        "type": role, "sessionId": sid, "uuid": f"{sid}-{i}", "isSidechain": False, "cwd": "/home/u/proj",
        "timestamp": f"{day}T03:0{i}:00Z", "message": {"role": role, "content": text},
    }, ensure_ascii=False) + "\n" for i, (role, text) in enumerate(turns)), encoding="utf-8")


def _entry(what: tuple[str, str, str], day: str, session: Path, superseded_by: str | None = None) -> BlockEntry:
    kind, title, said = what
    return BlockEntry(kind=kind, title=title, id=make_id(kind, day, title, said), date=day,
                      source=Source(session.stem, str(session), "L1-L1"), conclusion=said, confidence=0.9,
                      status="superseded" if superseded_by else "active", superseded_by=superseded_by)


def _episode(said: str, day: str, session: Path) -> str:
    return (f"## Episode: {said}\n- id: EPISODE-{day.replace('-', '')}-{session.stem}-0a1b2c\n- date: {day}\n"
            f"- source:\n  - session_id: {session.stem}\n  - session_path: {session}\n  - message_range: L1-L4\n"
            f"- cwd: /home/u/proj\n- summary: {said}\n- topics:\n- outcome: unknown\n- signal:\n"
            f"- started: {day}T10:00+07:00\n- ended: {day}T10:03+07:00\n- duration: 3m\n- expires: 2027-06-01\n\n")


def _history(ws: Path, tmp: Path, case: dict[str, Any]) -> dict[str, BlockEntry]:
    """What a few weeks of jobs leave: the three entries (old and mid superseded), an episode of each
    session, the old one's wrap-up line and archive line, the transcripts the sessions tier reads."""
    src = tmp / "cc" / "-home-u-proj"
    src.mkdir(parents=True)
    days = {"old": OLD_DAY, "mid": MID_DAY, "new": NEW_DAY}
    sessions = {k: src / f"{k}.jsonl" for k in days}
    for k, day in days.items():
        _turns(sessions[k], k, day, case[k][2])
    new = _entry(case["new"], NEW_DAY, sessions["new"])
    mid = _entry(case["mid"], MID_DAY, sessions["mid"], superseded_by=new.id)
    old = _entry(case["old"], OLD_DAY, sessions["old"], superseded_by=mid.id)
    for e in (old, mid, new):
        write_daily(ws, e.date, [e])
    episodes = ws / "memory" / "episodes"
    episodes.mkdir(parents=True)
    for k in ("old", "mid"):
        month = episodes / f"{days[k][:7]}.md"
        text = month.read_text("utf-8") if month.exists() else f"# Episodes {days[k][:7]}\n\n"
        month.write_text(text + _episode(case[k][2], days[k], sessions[k]), encoding="utf-8")
    # Other work of those weeks, so that the question's words are not in most rows of the index.
    for n, day in enumerate((OLD_DAY, MID_DAY, NEW_DAY)):
        write_daily(ws, f"{day[:8]}{int(day[8:]) + 1:02d}", [_entry(("Remember", f"{topic} {n}", f"{topic} {n}"),
                    day, src / "other.jsonl") for topic in OTHER_WORK])
    archive = ws / "memory" / "archive"
    archive.mkdir(parents=True, exist_ok=True)
    (archive / f"{MID_DAY[:7]}-x.md").write_text(
        f"# Archive {MID_DAY[:7]}\n\n- {old.title} ([{old.id}](../{OLD_DAY}.md)) — demoted {MID_DAY}: superseded by"
        f" {mid.id}\n", encoding="utf-8")
    wrap = ws / "second-brain" / "summaries" / f"{OLD_DAY}-wrapup.md"
    wrap.write_text(f"# Daily wrap-up: {OLD_DAY}\n\n## Decisions made today\n\n"
                    f"- {old.kind}: {old.title} ([{old.id}](../../memory/{OLD_DAY}.md))\n", encoding="utf-8")
    (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts:\n  - {format: claude-code, path: "
                                     + json.dumps(str(tmp / "cc")) + "}\n", encoding="utf-8")
    update_index(load_config(ws))
    return {"old": old, "mid": mid, "new": new}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_decision_as_it_stands_comes_before_old_episodes_and_archive_lines(
        workspace: Path, tmp_path: Path, lang: str) -> None:
    """explore11 #8: an old episode (cold) and an archive line about a decision that was changed twice
    ranked above the only active answer; the list printed scores out of order."""
    case = CASES[lang]
    made = _history(workspace, tmp_path, case)
    results = search(load_config(workspace), str(case["question"]), SearchOptions(limit=6),
                     today=TODAY).to_dict()["results"]
    assert results, lang
    first = results[0]
    assert (first["id"], first["status"], first["tier"]) == (made["new"].id, "active", "warm"), [
        (r["tier"], r["path"], r["status"], r["score"]) for r in results]
    scores = [r["score"] for r in results]
    assert scores == sorted(scores, reverse=True), scores
    # Every cold line about the old decisions is listed, below the answer, not left out.
    told = [r for r in results if r["tier"] == "cold" and r["id"] not in (made["old"].id, made["mid"].id)]
    assert told, results


def test_results_are_in_the_order_of_their_scores_on_mixed_tiers(workspace: Path, tmp_path: Path) -> None:
    """Warm and cold entries, episodes, wrap-up and archive lines and what was said, for questions that
    match all or only some of their words: each list printed is sorted by its score."""
    for lang, case in CASES.items():
        ws = tmp_path / lang / "ws"
        ws.parent.mkdir()
        from memory_store.workspace import init_workspace

        init_workspace(ws)
        _history(ws, tmp_path / lang, case)
        s = Searcher(load_config(ws))
        try:
            words = str(case["question"]).split() + [str(case["old"][1]), str(case["new"][1])]
            for q in [str(case["question"]), *words]:
                for opts in (SearchOptions(limit=10), SearchOptions(limit=3), SearchOptions(limit=10, tier="all"),
                             SearchOptions(limit=10, tier="sessions")):
                    scores = [h.score for h in s.search(q, opts, today=TODAY).hits]
                    assert scores == sorted(scores, reverse=True), (lang, q, opts, scores)
        finally:
            s.close()


def test_a_paragraph_naming_an_entry_in_force_comes_after_it(workspace: Path) -> None:
    """A wrap-up's decision line about an entry still in force ranks below that entry, even where its
    words match the question better; the score it shows is at most the entry's."""
    day = (TODAY - timedelta(days=3)).isoformat()
    e = BlockEntry(kind="Decision", title="Queue: RabbitMQ", id=make_id("Decision", day, "Queue: RabbitMQ", "x"),
                   date=day, source=Source("s", "/tmp/none/s.jsonl", "L1-L1"), conclusion="RabbitMQ it is.",
                   confidence=0.9)
    write_daily(workspace, day, [e])
    other = Path("/tmp/none/s.jsonl")
    write_daily(workspace, OLD_DAY, [_entry(("Remember", t, t), OLD_DAY, other) for t in OTHER_WORK])
    wrap = workspace / "second-brain" / "summaries" / f"{day}-wrapup.md"
    wrap.write_text(f"# Daily wrap-up: {day}\n\n## Decisions made today\n\n- Decision: which queue do we use:"
                    f" RabbitMQ for the job queue, the queue we use ([{e.id}](../../memory/{day}.md))\n",
                    encoding="utf-8")
    update_index(load_config(workspace))
    hits = search(load_config(workspace), "which queue do we use", SearchOptions(limit=6), today=TODAY).hits
    assert [h.type for h in hits][:2] == ["entry", "chunk"], [(h.type, h.score) for h in hits]
    assert hits[1].score <= hits[0].score
    # The same file with the entry's id left out is a paragraph like any other: ranked by its words.
    wrap.write_text(wrap.read_text("utf-8").replace(f"([{e.id}](../../memory/{day}.md))", ""), encoding="utf-8")
    update_index(load_config(workspace))
    hits = search(load_config(workspace), "which queue do we use", SearchOptions(limit=6), today=TODAY).hits
    assert [h.type for h in hits][:2] == ["chunk", "entry"], [(h.type, h.score) for h in hits]

