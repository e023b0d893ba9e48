"""A "remember" taken back by its topic leaves every kept entry of its turn that holds what was taken back, and
nothing else (docs/design.md §6: a value the user had memjobs forget is never served;
memory_store/core/forget_logged.py `by_topic`).

Two shapes of the same defect, in en, th and zh:
- the remembered turn names its thing before the remember cue ("X จำไว้ด้วย แล้ว…", "X，记住了，提前…"): the
  extractor cuts the turn after the cue, so the Remember entry holds only the tail and the take-back, which names X,
  must be matched against the entry's own turn (the transcript's words, redacted as read), not its title alone;
- the remembered turn also became a Procedure (or another kind): that entry of the turn holds the thing too and must
  be held out with the Remember one.
A take-back of one topic never withdraws another remember of the same turn or day, nor a statement of the turn about
something else.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from memory_store.markdown import block_to_entry, parse_document
from tests.conftest import cli
from tests.jobs.microsync.test_forget_logged import WEEKLY, _logs, _proposals, _served, _two_days


def _entries(ws: Path) -> list[tuple[str, str, str]]:
    """(kind, id, title) of every block entry of the daily logs and the procedures."""
    out = []
    for p in sorted((ws / "memory").glob("*.md")):
        for block in parse_document(p.read_text(encoding="utf-8")).blocks:
            e = block_to_entry(block, p.name)
            out.append((e.kind, e.id, e.title))
    return out


def _memory_ids(ws: Path) -> set[str]:
    r = cli("--workspace", str(ws), "run", "weekly", "--now", WEEKLY)
    assert r.exit_code == 0, r.output
    return set(re.findall(r"\[([A-Z]+-\d{8}-[^\]]+)\]", (ws / "MEMORY.md").read_text(encoding="utf-8")))


def _search_ids(ws: Path, query: str) -> set[str]:
    r = cli("--workspace", str(ws), "search", query, "--json")
    assert r.exit_code == 0, r.output
    return {h["id"] for h in json.loads(r.output)["results"] if h.get("id")}


# (the remembered turn; the take-back by topic; a word of the remembered thing; whether the extracted Remember holds
# only the words after the cue). The Thai turn was cut so too until the extractor kept "X จำไว้ด้วย แล้ว…" whole
# (jobs/microsync/rules: a particle right after จำไว้ closes the clause before it); it is kept here as the whole-title
# case, the Chinese one is still cut.
CUT_SHORT = [
    ("แล้วก็คุณต้น ฝ่ายจัดซื้อ ต้องได้รายงานสต็อกทุกวันจันทร์ จำไว้ด้วย แล้วเตือนผมก่อนด้วย",
     "เรื่องคุณต้นที่ให้จำไว้ ลืมไปได้เลย คุณต้นย้ายแผนกแล้ว", "รายงานสต็อก", False),
    ("还有阿梅，会计，每个月3号前要拿到销售CSV，记住了，提前提醒我", "阿梅的事忘了吧，她退休了", "销售CSV", True),
]


@pytest.mark.parametrize(("said", "back", "word", "cut"), CUT_SHORT)
def test_a_remember_cut_after_its_cue_is_taken_back_by_the_topic_its_turn_names(tmp_path: Path, said: str,
                                                                                  back: str, word: str,
                                                                                  cut: bool) -> None:
    ws, rep = _two_days(tmp_path, [said], back)
    (remember,) = [(i, t) for k, i, t in _entries(ws) if k == "Remember"]
    assert (word not in remember[1]) == cut      # cut: the title holds the tail only
    assert rep.details.get("core_memory", {}).get("forgotten", 0) >= 1, (rep.details, rep.notes)
    assert ("rejected", remember[1]) in _proposals(ws), _proposals(ws)
    assert remember[0] not in _memory_ids(ws)
    assert remember[0] not in _search_ids(ws, remember[1])
    assert remember[1] in _logs(ws)        # history is not rewritten


# the remembered turn also became a Procedure: held out with the Remember entry (daily log, search, context, MCP).
# ("…จำไว้ด้วย แล้วเตือนผมก่อนด้วย" is no procedure any more: its แล้ว joins the asking to another ask,
# jobs/procedures/learn.py `ordered`; a Thai remember that teaches steps stands in for it.)
WITH_A_PROCEDURE = [
    ("จำไว้นะ เวลาคุณต้นขอรายงานสต็อก ให้ export CSV ก่อน แล้วบีบไฟล์ แล้วส่งอีเมลให้คุณต้น",
     "เรื่องคุณต้นที่ให้จำไว้ ลืมไปได้เลย คุณต้นย้ายแผนกแล้ว", "บีบไฟล์"),
    ("remember: when Arun asks for the sales report, export the CSV, zip it, then email it to him",
     "forget what I said about Arun, he retired", "zip it"),
    ("记住：阿梅要报表的时候，先导出CSV，再压缩，然后发邮件给她", "阿梅的事忘了吧，她退休了", "压缩"),
]


@pytest.mark.parametrize(("said", "back", "word"), WITH_A_PROCEDURE)
def test_a_procedure_made_of_the_remembered_turn_is_taken_back_with_it(tmp_path: Path, said: str, back: str,
                                                                        word: str) -> None:
    ws, rep = _two_days(tmp_path, [said], back)
    kinds = sorted(k for k, _i, _t in _entries(ws))
    assert kinds == ["Procedure", "Remember"], _entries(ws)
    assert rep.details.get("core_memory", {}).get("forgotten", 0) == 2, (rep.details, rep.notes)
    assert [s for s, _v in _proposals(ws)] == ["rejected", "rejected"], _proposals(ws)
    (note,) = [n for n in rep.notes if "forget" in n]
    assert "1 remembered entry of the daily log and 1 other entry of its turn held out" in note, note
    served = [s for s in _served(ws, word) if s not in ("MEMORY.md", "weekly log")]
    assert served == [], served
    for query in (word, ""):        # `memjobs procedures` and MCP memory_procedures (jobs/procedures/find.py)
        r = cli("--workspace", str(ws), "procedures", query, "--json")
        assert r.exit_code == 0, r.output
        assert json.loads(r.output)["results"] == [], r.output


@pytest.mark.parametrize(("said", "back", "word"), WITH_A_PROCEDURE)
def test_the_procedure_of_a_taken_back_turn_leaves_memory_md(tmp_path: Path, said: str, back: str,
                                                              word: str) -> None:
    ws, _rep = _two_days(tmp_path, [said], back)
    (proc,) = [i for k, i, _t in _entries(ws) if k == "Procedure"]
    assert proc not in _memory_ids(ws)


# a take-back of one topic: the other remember of the same turn, and a statement of the turn about something else, stay
OTHER_THINGS = [
    ("แล้วก็คุณต้น ฝ่ายจัดซื้อ ต้องได้รายงานสต็อกทุกวันจันทร์ จำไว้ด้วย แล้วเตือนผมก่อนด้วย\nอีกเรื่อง ห้าม deploy วันศุกร์เด็ดขาด",
     "เรื่องคุณต้นที่ให้จำไว้ ลืมไปได้เลย คุณต้นย้ายแผนกแล้ว", "วันศุกร์"),
    ("remember that Arun needs the sales CSV by the 3rd. We decided to use Postgres for the orders database.",
     "forget what I said about Arun, he retired", "Postgres"),
    ("还有阿梅，会计，每个月3号前要拿到销售CSV，记住了，提前提醒我。决定了，订单数据库用 Postgres。",
     "阿梅的事忘了吧，她退休了", "Postgres"),
]


@pytest.mark.parametrize(("said", "back", "kept"), OTHER_THINGS)
def test_a_take_back_of_one_topic_keeps_the_other_things_of_its_turn(tmp_path: Path, said: str, back: str,
                                                                     kept: str) -> None:
    ws, rep = _two_days(tmp_path, [said], back)
    assert rep.details.get("core_memory", {}).get("forgotten", 0) >= 1, (rep.details, rep.notes)
    others = [(k, i) for k, i, t in _entries(ws) if kept in t and k != "Procedure"]
    assert others, _entries(ws)
    # (a Procedure the learner made of the whole turn, both sentences as its steps, holds the thing: it goes)
    assert [v for s, v in _proposals(ws) if kept in v and " → " not in v] == [], _proposals(ws)
    assert _served(ws, kept) != []
    assert all(i in _memory_ids(ws) for _k, i in others), others


def test_a_take_back_of_one_topic_keeps_another_remember_of_the_same_day(tmp_path: Path) -> None:
    ws, _rep = _two_days(tmp_path, ["แล้วก็คุณต้น ฝ่ายจัดซื้อ ต้องได้รายงานสต็อกทุกวันจันทร์ จำไว้ด้วย แล้วเตือนผมก่อนด้วย",
                                    "แล้วก็พี่ฝน ฝ่ายบุคคล ต้องได้ใบลงเวลาทุกวันศุกร์ จำไว้ด้วยนะ บอกผมล่วงหน้าหนึ่งวัน"],
                         "เรื่องคุณต้นที่ให้จำไว้ ลืมไปได้เลย คุณต้นย้ายแผนกแล้ว")
    remembers = [(i, t) for k, i, t in _entries(ws) if k == "Remember"]
    assert len(remembers) == 2, remembers
    rejected = [v for s, v in _proposals(ws) if s == "rejected"]
    assert "ใบลงเวลา" not in " ".join(rejected)
    assert _served(ws, "ใบลงเวลา") != []


# the user taking back their own "remember …" in the very next turn: every entry of that turn goes, the Procedure too
NEXT_TURN = [
    ("remember: when Arun asks for the sales report, export the CSV, zip it, then email it to him",
     "scratch that, don't remember it", "zip it"),
    ("记住：阿梅要报表的时候，先导出CSV，再压缩，然后发邮件给她", "算了，别记了", "压缩"),
]


@pytest.mark.parametrize(("said", "back", "word"), NEXT_TURN)
def test_a_take_back_in_the_next_turn_withdraws_the_procedure_of_the_turn_too(tmp_path: Path, said: str, back: str,
                                                                              word: str) -> None:
    from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
    from tests.jobs.microsync.test_forget_logged import D1, SID
    from tests.microsync_helpers import claude_code_workspace, microsync_at

    ws = claude_code_workspace(tmp_path)
    a = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    a.user(at(D1, 10, 0), said).user(at(D1, 10, 1), back).assistant(at(D1, 10, 2), "OK.")
    a.write()
    rep = microsync_at(ws, "2026-11-10T11:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    assert sorted(k for k, _i, _t in _entries(ws)) == ["Procedure", "Remember"], _entries(ws)
    assert rep.details["core_memory"].get("withdrawn", 0) >= 2, rep.details
    served = [s for s in _served(ws, word) if s not in ("MEMORY.md", "weekly log")]
    assert served == [], served
    r = cli("--workspace", str(ws), "procedures", "", "--json")
    assert json.loads(r.output)["results"] == [], r.output


CUT_TURN = "แล้วก็คุณต้น ฝ่ายจัดซื้อ ต้องได้รายงานสต็อกทุกวันจันทร์ จำไว้ด้วย แล้วเตือนผมก่อนด้วย"
CUT_BACK = "เรื่องคุณต้นที่ให้จำไว้ ลืมไปได้เลย คุณต้นย้ายแผนกแล้ว"


def _third_day(tmp_path: Path, ws: Path, said: str):
    from datetime import date

    from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
    from tests.microsync_helpers import microsync_at

    sid = "f8a00000-0000-4000-8000-000000000013"
    c = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{sid}.jsonl", sid)
    c.user(at(date(2026, 11, 12), 10, 0), said).assistant(at(date(2026, 11, 12), 10, 1), "ครับ")
    c.write()
    rep = microsync_at(ws, "2026-11-12T18:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    return rep


def test_another_remember_cut_to_the_same_words_does_not_bring_the_withdrawn_one_back(tmp_path: Path) -> None:
    """A later remember of another thing that the extractor cuts to the same words after the cue is not the
    withdrawn thing said again: the taken-back turn stays held out."""
    ws, _rep = _two_days(tmp_path, [CUT_TURN], CUT_BACK)
    rep = _third_day(tmp_path, ws, "แล้วก็พี่ฝน ฝ่ายบุคคล ต้องได้ใบลงเวลาทุกวันศุกร์ จำไว้ด้วย แล้วเตือนผมก่อนด้วย")
    assert not rep.details.get("core_memory", {}).get("restated"), (rep.details, rep.notes)
    assert _served(ws, "รายงานสต็อก") in ([], ["MEMORY.md"]), "the Procedure's line: the weekly's (xfail above)"


def test_the_same_remember_said_again_after_its_take_back_is_served_again(tmp_path: Path) -> None:
    ws, _rep = _two_days(tmp_path, [CUT_TURN], CUT_BACK)
    rep = _third_day(tmp_path, ws, CUT_TURN)
    assert rep.details.get("core_memory", {}).get("restated") == 1, (rep.details, rep.notes)
