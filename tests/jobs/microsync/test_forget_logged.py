"""A forget of a value only the daily log keeps, and the user taking back their own "remember …", end to
end through microSync over real Claude Code transcript files (docs/design.md §6: a value the user had
memjobs forget is never served; memory_store/core/forget_logged.py):

- "please forget the office wifi name", "ลืมเลขทะเบียนรถของฉันไปได้เลย", "忘掉办公室的无线网名字" after a
  "remember …" that staged no proposal: the value is held out of MEMORY.md (Kept out, with a reason that
  names no value), the context, search (every tier) and MCP, and the run's note says what was held out;
  an entry that merely shares a word with the request is still served;
- "remember that my parking spot is B17" → "scratch that, don't remember it" (and zh, th): the proposal
  and the daily log's entry are withdrawn, as for a yes to an offer.
"""
from __future__ import annotations

import asyncio
import json
from datetime import date, datetime
from pathlib import Path

import pytest

from jobs.run.report import RunReport
from memory_store.config import load_config
from memory_store.core.proposals import ProposalBook
from memory_store.core.router import route
from memory_store.core.store import CoreMemory
from tests.conftest import cli, served_by_tools
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

D1, D2 = date(2026, 11, 10), date(2026, 11, 11)
SID, SID2 = "f8a00000-0000-4000-8000-000000000011", "f8a00000-0000-4000-8000-000000000012"
NOW = "2026-11-11T18:00:00+07:00"
WEEKLY = "2026-11-16T03:00:00+07:00"     # the compound of the week of D1 and D2


def _store(ws: Path) -> CoreMemory:
    return CoreMemory.from_config(load_config(ws, env={}), clock=lambda: datetime.fromisoformat(NOW))


def _proposals(ws: Path) -> list[tuple[str, str]]:
    return [(p.status, p.loc.entry.value) for p in ProposalBook(_store(ws)).proposals(all_states=True)]


def _logs(ws: Path) -> str:
    return "".join(p.read_text(encoding="utf-8") for p in sorted((ws / "memory").glob("*.md")))


def _served(ws: Path, value: str) -> list[str]:
    """The surfaces that serve `value` after a weekly compound and an index: MEMORY.md, the weekly log,
    search on every tier, the context, MCP memory_search and memory_context."""
    for args in (("run", "weekly", "--now", WEEKLY), ("index",)):
        r = cli("--workspace", str(ws), *args)
        assert r.exit_code == 0, r.output
    out = []
    if value in (ws / "MEMORY.md").read_text(encoding="utf-8"):
        out.append("MEMORY.md")
    if any(value in p.read_text(encoding="utf-8") for p in (ws / "memory" / "archive").glob("weekly-*.md")):
        out.append("weekly log")
    for tier in ((), ("--tier", "all"), ("--tier", "sessions")):
        r = cli("--workspace", str(ws), "search", value, *tier, "--json")
        assert r.exit_code == 0, r.output
        if value in json.dumps(json.loads(r.output)["results"], ensure_ascii=False):
            out.append(f"search {tier}")
    r = cli("--workspace", str(ws), "context", "--json")
    assert r.exit_code == 0, r.output
    if value in r.output:
        out.append("context")
    found, context = asyncio.run(served_by_tools(ws, [("memory_search", {"query": value}),
                                                      ("memory_context", {"format": "json"})]))
    if value in json.dumps(json.loads(found.content[0].text)["results"], ensure_ascii=False):
        out.append("mcp search")
    if value in context.content[0].text:
        out.append("mcp context")
    return out


def _two_days(tmp_path: Path, said: list[str], forget: str) -> tuple[Path, RunReport]:
    """`said` on day 1 (one session), `forget` on day 2 (another), each read by its own microSync run."""
    ws = workspace(tmp_path)
    a = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    for n, turn in enumerate(said):
        a.user(at(D1, 10, 2 * n), turn).assistant(at(D1, 10, 2 * n + 1), "Noted.")
    a.write()
    assert microsync(ws, "2026-11-10T11:00:00+07:00").status == "ok"
    b = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID2}.jsonl", SID2)
    b.user(at(D2, 10, 0), forget).assistant(at(D2, 10, 1), "Done.")
    b.write()
    rep = microsync(ws, NOW)
    assert rep.status in ("ok", "nothing"), rep.to_dict()
    return ws, rep


# explore9 #2's inputs (en, th), and zh written before the code ran; each beside an entry sharing a word
LOGGED_THEN_FORGOTTEN = [
    ("remember that the office wifi name is AcmeGuest5", "please forget the office wifi name", "AcmeGuest5",
     "remember that the office printer name is LaserJet9", "LaserJet9"),
    # (explore9's Thai plate, "…รถของฉันคือ กข 4455", stages a user.other proposal now, as the English and
    # Chinese "my licence plate" do: test_a_forget_of_a_staged_thai_value_holds_it_out_everywhere)
    ("จำไว้ว่าที่จอดรถประจำออฟฟิศคือช่อง B17", "ลืมที่จอดรถประจำออฟฟิศไปได้เลย", "ช่อง B17",
     "จำไว้ว่าที่จอดรถของแขกคือลานหน้าตึก", "ลานหน้าตึก"),
    ("记住办公室的无线网名字是 AcmeGuest5", "忘掉办公室的无线网名字", "AcmeGuest5",
     "记住办公室的打印机型号是 LaserJet9", "LaserJet9"),
]


@pytest.mark.parametrize(("said", "forget", "value", "other", "other_value"), LOGGED_THEN_FORGOTTEN)
def test_a_forget_of_a_remembered_value_holds_it_out_everywhere(tmp_path: Path, said: str, forget: str, value: str,
                                                               other: str, other_value: str) -> None:
    ws, rep = _two_days(tmp_path, [said, other], forget)
    assert value in _logs(ws) and other_value in _logs(ws)     # history is not rewritten
    (note,) = [n for n in rep.notes if "forget" in n]
    assert "held out" in note and "1 remembered entry" in note and value not in note, note
    assert rep.details["core_memory"] == {"forgotten": 1}
    assert [s for s, v in _proposals(ws) if value in v] == ["rejected"]
    assert _served(ws, value) == []
    kept_out = [line for p in (ws / "memory" / "archive").glob("weekly-*.md")
                for line in p.read_text(encoding="utf-8").splitlines() if "forget" in line]
    assert len(kept_out) == 1 and "holds a value the user had memjobs forget" in kept_out[0], kept_out
    # the entry that shares a word with the request is still served
    assert other_value in (ws / "MEMORY.md").read_text(encoding="utf-8")
    r = cli("--workspace", str(ws), "search", other_value, "--json")
    assert other_value in json.dumps(json.loads(r.output)["results"], ensure_ascii=False)
    # read again: nothing new is withdrawn or asked
    again = microsync(ws, "2026-11-11T19:00:00+07:00")
    assert not [n for n in again.notes if "forget" in n]
    assert len(_proposals(ws)) == 1


def test_a_forget_of_a_staged_thai_value_holds_it_out_everywhere(tmp_path: Path) -> None:
    """explore9's Thai plate: "remember that my licence plate is …" is staged as a user.other proposal, as in
    English and Chinese, and the forget rejects it and holds the daily log's entry out."""
    ws, _rep = _two_days(tmp_path, ["จำไว้ว่าเลขทะเบียนรถของฉันคือ กข 4455", "จำไว้ว่าสีรถของฉันคือสีเขียวมะกอก"],
                         "ลืมเลขทะเบียนรถของฉันไปได้เลย")
    assert "กข 4455" in _logs(ws)
    assert sorted(_proposals(ws)) == [("pending", "สีรถของฉันคือสีเขียวมะกอก"),
                                      ("rejected", "เลขทะเบียนรถของฉันคือ กข 4455")]
    assert _served(ws, "กข 4455") == []
    assert "สีเขียวมะกอก" in (ws / "MEMORY.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("forget", ["please forget the office door code", "ลืมรหัสประตูออฟฟิศไปได้เลย",
                                    "忘掉办公室的门牌号"])
def test_a_forget_of_what_no_entry_holds_says_what_was_not_found(tmp_path: Path, forget: str) -> None:
    ws, rep = _two_days(tmp_path, ["remember that the office wifi name is AcmeGuest5"], forget)
    assert _proposals(ws) == []
    (note,) = [n for n in rep.notes if "forget" in n]
    assert "held out" not in note and "remembered entry" in note and "holds" in note, note
    assert "AcmeGuest5" in (ws / "MEMORY.md").read_text(encoding="utf-8") or _served(ws, "AcmeGuest5")


def test_a_thing_named_bare_by_one_word_withdraws_nothing(tmp_path: Path) -> None:
    """"please forget the wifi": one word, in many entries; the user is asked, nothing is withdrawn."""
    ws, rep = _two_days(tmp_path, ["remember that the office wifi name is AcmeGuest5"], "please forget the wifi")
    assert _proposals(ws) == []
    (note,) = [n for n in rep.notes if "forget" in n]
    assert "too few words" in note, note


@pytest.mark.parametrize("turn", ["please forget the office wifi name", "忘掉办公室的无线网名字",
                                  "ลืมชื่อ wifi ออฟฟิศไปได้เลย"])
def test_a_forget_of_a_thing_named_bare_is_for_review(turn: str) -> None:
    got = route(turn)
    assert got is not None and (got.label, got.key, got.to) == ("forget", "user.other", "review")


@pytest.mark.parametrize("turn", ["I forget the name of that library", "forget the rest, it's fine",
                                  "Forget the regex, use a parser.", "我忘掉了那个文件名", "忘记提交了",
                                  "ลืมโค้ดเมื่อกี้ไปเลย เขียนใหม่หมดแบบ async"])
def test_the_speakers_own_forgetting_is_no_forget(turn: str) -> None:
    got = route(turn)
    assert got is None or got.label != "forget"


# explore9 #3's inputs
OWN_THEN_TAKEN_BACK = [
    ("remember that my storage unit is number 48", "actually no, don't remember that", "number 48"),
    ("remember that my parking spot is B17", "scratch that, don't remember it", "B17"),
    ("记住我的储物柜号码是 C33", "算了，别记了", "C33"),
    ("จำไว้ว่าที่จอดรถของผมคือ P9", "ไม่ต้องจำแล้ว", "P9"),
]


@pytest.mark.parametrize(("said", "back", "value"), OWN_THEN_TAKEN_BACK)
def test_taking_back_the_users_own_remember_withdraws_it(tmp_path: Path, said: str, back: str, value: str) -> None:
    ws = workspace(tmp_path)
    a = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    a.user(at(D1, 10, 0), said).user(at(D1, 10, 1), back).assistant(at(D1, 10, 2), "OK.")
    a.write()
    rep = microsync(ws, "2026-11-10T11:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    assert rep.details["core_memory"].get("withdrawn", 0) >= 1, rep.details
    assert [s for s, _v in _proposals(ws) if s == "pending"] == []
    assert _served(ws, value) == []
    trail = [e for e in _store(ws).audit() if e["type"] == "proposal.rejected"]
    assert trail and all("took it back" in e["reason"] for e in trail)


# explore9 #4's input, and th/zh written before the code ran: a forget naming the setting by what it is
SETTING_FORGETS = [
    ("always answer in Thai from now on", "forget my answer language preference"),
    ("always answer in Thai from now on", "忘掉我的回答语言设置"),
    ("always answer in Thai from now on", "ลืมเรื่องภาษาที่ให้ตอบไปได้เลย"),
]


@pytest.mark.parametrize(("said", "forget"), SETTING_FORGETS)
def test_a_forget_naming_the_answer_language_setting_revokes_it(tmp_path: Path, said: str, forget: str) -> None:
    ws, rep = _two_days(tmp_path, [said], forget)
    mem = _store(ws)
    assert "response.language" not in mem.resolve().values
    (revoked,) = [e for e in mem.audit() if e["type"] == "fact.revoked"]
    assert revoked["key"] == "response.language" and revoked["actor"]["id"] == f"transcript:{SID2}"
    assert "forget" in revoked["reason"]
    assert rep.details["core_memory"] == {"forgotten": 1}
    assert not [n for n in rep.notes if "forget" in n], rep.notes
    r = cli("--workspace", str(ws), "context", "--json")
    assert r.exit_code == 0 and "response.language" not in r.output, r.output


def test_an_id_holding_a_forgotten_value_is_printed_with_it_written_forgotten(tmp_path: Path) -> None:
    """explore9 #7: `memjobs get ID --json` and MCP memory_get echoed the id the caller gave, the forgotten
    plate in its words (a value with a hyphen: the id writes it as it is)."""
    import re

    ws, _ = _two_days(tmp_path, ["remember my licence plate is KX-7731"], "please forget my licence plate")
    (entry_id,) = set(re.findall(r"REMEMBER-\d{8}-[a-z0-9-]*kx-7731-[0-9a-f]{6}", _logs(ws)))
    r = cli("--workspace", str(ws), "get", entry_id, "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.output)
    assert "kx-7731" not in r.output.casefold() and "-forgotten-" in json.dumps(got), r.output
    (served,) = asyncio.run(served_by_tools(ws, [("memory_get", {"id": entry_id})]))
    text = served.content[0].text
    assert "kx-7731" not in text.casefold() and "-forgotten-" in text, text


def test_taking_back_a_remember_the_model_read_withdraws_its_proposal(tmp_path: Path) -> None:
    """With `extract.engine: llm` the model's reading of the user's own "remember …" is staged in its words,
    not the rules'; the take-back in the next turn still withdraws it (by the turn it was made from)."""
    from typing import Any

    from tests.jobs.microsync.test_llm_preferences import with_llm
    from tests.llm_server import Canned, FakeLLM, item, prompt_of, transcript_lines

    said = "remember that my parking spot is B17"

    def scripted(body: dict[str, Any]) -> Canned:
        if "TRANSCRIPT DATA" not in prompt_of(body):
            return Canned(content=json.dumps({"ok": True}))
        items = [item(n, text, "Remember", excerpt=text, preference="explicit", preference_key="user.other",
                      preference_value="parking spot: B17")
                 for n, role, text in transcript_lines(body) if role == "user" and text == said]
        return Canned(content=json.dumps({"items": items}))

    ws = workspace(tmp_path)
    with FakeLLM(default=scripted) as server:
        with_llm(ws, server.base_url)
        a = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
        a.user(at(D1, 10, 0), said).user(at(D1, 10, 1), "scratch that, don't remember it")
        a.assistant(at(D1, 10, 2), "OK.")
        a.write()
        rep = microsync(ws, "2026-11-10T11:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    assert _proposals(ws) and [s for s, _v in _proposals(ws)] == ["rejected"] * len(_proposals(ws)), _proposals(ws)
    assert ("rejected", "parking spot: B17") in _proposals(ws)
