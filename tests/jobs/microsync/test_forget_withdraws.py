"""A forget acts on what it names, end to end through microSync over real Claude Code transcript files
(docs/design.md §6: a forgotten fact stays forgotten):

- a forget of a free-form thing ("请忘记我的车牌号", "please forget my licence plate", "ลืมเบอร์ห้องผมไปได้เลย")
  withdraws every pending proposal whose value it names (rejected, audited with the user as actor) and
  revokes the free-form fact that holds it; what it cannot act on, the run report says;
- a forget beside a team decision in the same turn is read per sentence;
- the user taking back a yes in the next turn or two ("actually no, don't remember that", "算了，别记了",
  "ไม่ต้องจำแล้ว") withdraws the proposal (or the fact) the yes made, and is no entry of the daily log;
- a yes to an offer stages the offered value, not the offer's own asking words.
"""
from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path

import pytest

from jobs.run.report import RunReport
from memory_store.config import load_config
from memory_store.core.proposals import ProposalBook
from memory_store.core.router import route
from memory_store.core.store import CoreMemory
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

D1, D2 = date(2026, 11, 10), date(2026, 11, 11)
SID, SID2 = "f8a00000-0000-4000-8000-000000000001", "f8a00000-0000-4000-8000-000000000002"
NOW = "2026-11-11T18:00:00+07:00"


def _store(ws: Path) -> CoreMemory:
    return CoreMemory.from_config(load_config(ws, env={}), clock=lambda: datetime.fromisoformat(NOW))


def _session(tmp_path: Path, sid: str) -> ClaudeSession:
    return ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{sid}.jsonl", sid)


def _two_days(tmp_path: Path, said: str, forget: str) -> tuple[Path, RunReport]:
    """`said` on day 1 (one session), `forget` on day 2 (another), each read by its own microSync run."""
    ws = workspace(tmp_path)
    a = _session(tmp_path, SID)
    a.user(at(D1, 10, 0), said).assistant(at(D1, 10, 1), "Noted.")
    a.write()
    assert microsync(ws, "2026-11-10T11:00:00+07:00").status in ("ok", "nothing")
    b = _session(tmp_path, SID2)
    b.user(at(D2, 10, 0), forget).assistant(at(D2, 10, 1), "Done.")
    b.write()
    rep = microsync(ws, NOW)
    assert rep.status in ("ok", "nothing"), rep.to_dict()
    return ws, rep


def _proposals(ws: Path) -> list[tuple[str, str, str]]:
    return [(p.loc.entry.key, p.status, p.loc.entry.value) for p in ProposalBook(_store(ws)).proposals(all_states=True)]


def _logs(ws: Path) -> str:
    return "".join(p.read_text(encoding="utf-8") for p in sorted((ws / "memory").glob("*.md")))


# explore7 #5's inputs, then new phrasings written before the code ran (en, zh, th)
PROPOSED_THEN_FORGOTTEN = [
    ("记住：我的车牌号是 京A12345", "请忘记我的车牌号", "京A12345"),
    ("remember that my licence plate is KX-4471", "please forget my licence plate", "KX-4471"),
    ("remember that my desk number is B-1207", "you can forget my desk number now", "B-1207"),
    ("remember that my home address is 12 Baker Street", "forget my home address please", "Baker"),
    ("记住我的工位号是 B-1207", "麻烦忘掉我的工位号", "B-1207"),
    ("记住我家地址是 朝阳路 88 号", "别再记我家地址了", "朝阳路"),
    ("จำไว้นะว่าผมจอดรถชั้น 3", "ช่วยลืมเรื่องที่ผมจอดรถไปเลยนะ", "ชั้น 3"),
    ("จำไว้ว่าผมเป็นมังสวิรัติ", "ลืมไปได้เลยว่าผมเป็นมังสวิรัติ", "มังสวิรัติ"),
]


@pytest.mark.parametrize(("said", "forget", "value"), PROPOSED_THEN_FORGOTTEN)
def test_a_free_form_forget_rejects_the_pending_proposal_it_names(tmp_path: Path, said: str, forget: str,
                                                                   value: str) -> None:
    ws, rep = _two_days(tmp_path, said, forget)
    got = _proposals(ws)
    assert len(got) == 1 and got[0][1] == "rejected" and value in got[0][2], got
    trail = _store(ws).audit()
    (rejected,) = [e for e in trail if e["type"] == "proposal.rejected"]
    assert rejected["actor"] == {"kind": "user", "id": f"transcript:{SID2}"}
    assert "forget" in rejected["reason"]
    assert rep.details["core_memory"] == {"forgotten": 1}
    assert not any("mem list" in n for n in rep.notes), rep.notes
    # read again: nothing changes, nothing is proposed anew
    microsync(ws, "2026-11-11T19:00:00+07:00")
    assert _proposals(ws) == got


WRITTEN_THEN_FORGOTTEN = [
    ("remember that I'm allergic to peanuts", "please forget that I'm allergic to peanuts", "peanuts"),
    ("记住我对花生过敏", "请忘记我对花生过敏这件事", "花生"),
    ("จำไว้ว่าผมแพ้ถั่ว", "ลืมไปได้เลยว่าผมแพ้ถั่ว", "แพ้ถั่ว"),
]


@pytest.mark.parametrize(("said", "forget", "value"), WRITTEN_THEN_FORGOTTEN)
def test_a_free_form_forget_revokes_the_fact_that_holds_it(tmp_path: Path, said: str, forget: str,
                                                            value: str) -> None:
    ws, rep = _two_days(tmp_path, said, forget)
    mem = _store(ws)
    assert "user.other" not in mem.resolve().values
    revoked = [e for e in mem.audit() if e["type"] == "fact.revoked"]
    assert len(revoked) == 1 and value in revoked[0]["old"], revoked
    assert revoked[0]["actor"]["id"] == f"transcript:{SID2}"
    assert rep.details["core_memory"] == {"forgotten": 1}


def test_a_free_form_forget_leaves_what_it_does_not_name(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    a = _session(tmp_path, SID)
    a.user(at(D1, 10, 0), "remember that my licence plate is KX-4471").assistant(at(D1, 10, 1), "Noted.")
    a.user(at(D1, 10, 2), "remember that my desk number is B-1207").assistant(at(D1, 10, 3), "Noted.")
    a.user(at(D1, 10, 4), "remember that I'm allergic to peanuts").assistant(at(D1, 10, 5), "Noted.")
    a.write()
    assert microsync(ws, "2026-11-10T11:00:00+07:00").status == "ok"
    a.user(at(D2, 10, 0), "please forget my licence plate").assistant(at(D2, 10, 1), "Done.")
    a.write()
    assert microsync(ws, NOW).status in ("ok", "nothing")
    got = {v: s for _k, s, v in _proposals(ws)}
    assert [s for v, s in got.items() if "KX-4471" in v] == ["rejected"]
    assert [s for v, s in got.items() if "B-1207" in v] == ["pending"]
    assert "peanuts" in _store(ws).resolve().values["user.other"].winner.loc.entry.value


@pytest.mark.parametrize("forget", ["please forget my passport number", "请忘记我的护照号码", "ลืมเลขพาสปอร์ตผมไปได้เลย"])
def test_a_forget_naming_nothing_kept_says_so_in_the_run_report(tmp_path: Path, forget: str) -> None:
    ws, rep = _two_days(tmp_path, "remember that my licence plate is KX-4471", forget)
    assert [s for _k, s, _v in _proposals(ws)] == ["pending"]
    (note,) = [n for n in rep.notes if "forget" in n]
    assert "no pending proposal, free-form fact or remembered entry" in note and "memjobs proposals list" in note
    assert "mem list" not in note.split("`")[0]
    assert rep.details["core_memory"] == {"forget_to_review": 1}


# a forget beside a team decision, in one turn: read per sentence (core14h's leftover)
FORGETS_BESIDE_A_DECISION = [
    "we're going with Kafka; and forget my home address",
    "we decided to use Kafka for the event bus; and forget my home address",
    "we decided to use Kafka for the event bus. Also, please forget my home address",
    "we agreed on Kafka, and please forget my home address",
]


@pytest.mark.parametrize("turn", FORGETS_BESIDE_A_DECISION)
def test_a_forget_beside_a_team_decision_routes_as_a_forget(turn: str) -> None:
    got = route(turn)
    assert got is not None and (got.label, got.key) == ("forget", "user.other"), got


@pytest.mark.parametrize(("turn", "key"), [("我们决定用 Kafka 做事件总线。另外，别再叫我阿凯了", "user.name"),
                                           ("ทีมตัดสินใจใช้ Kafka แล้ว ลืมชื่อผมไปได้เลย", "user.name"),
                                           ("we decided to use Kafka. And stop calling me Bob", "user.name")])
def test_a_forget_of_a_key_beside_a_team_decision_routes_as_a_forget(turn: str, key: str) -> None:
    got = route(turn)
    assert got is not None and (got.label, got.key) == ("forget", key), got


@pytest.mark.parametrize("turn", ["we decided to use Kafka; I forget my home address all the time",
                                  "we decided to drop the old consumer; remove the retry setting from the config",
                                  "我们决定用 Kafka，别忘了我的生日"])
def test_a_team_decision_beside_no_forget_stays_unrouted(turn: str) -> None:
    got = route(turn)
    assert got is None or got.label != "forget", got


@pytest.mark.parametrize(("said", "turn", "forget_words"), [
    ("remember that my home address is 12 Baker Street",
     "we decided to use Kafka for the event bus. Also, please forget my home address", "forget my"),
    ("remember that my home address is 12 Baker Street", "we're going with Kafka; and forget my home address",
     "forget my"),
    ("remember that my home address is 12 Baker Street",
     "we decided to use Kafka for the event bus; forget my home address too", "forget my"),
    ("记住我家地址是 朝阳路 88 号", "我们决定用 Kafka 做事件总线；另外请忘记我家地址", "忘记"),
    ("จำไว้นะว่าผมจอดรถชั้น 3", "ทีมตัดสินใจใช้ Kafka แล้ว ลืมเรื่องที่ผมจอดรถไปได้เลย", "ลืม"),
])
def test_a_forget_beside_a_decision_rejects_the_proposal_and_keeps_the_decision(tmp_path: Path, said: str, turn: str,
                                                                                 forget_words: str) -> None:
    ws, rep = _two_days(tmp_path, said, turn)
    assert [s for _k, s, _v in _proposals(ws)] == ["rejected"]
    day2 = (ws / "memory" / "2026-11-11.md").read_text(encoding="utf-8")
    assert "Kafka" in day2 and forget_words not in day2, day2


# the user takes back a yes (explore7 #9's inputs first, then new phrasings)
TAKE_BACKS = [
    ("Should I remember that the deploy freeze starts Friday?", "yes", "actually no, don't remember that"),
    ("要我记住部署冻结从周五开始吗？", "好的", "算了，别记了"),
    ("Should I remember that the deploy freeze starts Friday?", "yes", "wait, forget that, the freeze moved"),
    ("Want me to remember that the demo is on Thursday?", "sure", "hmm no, scratch that"),
    ("要不要我记住周会改到周三？", "好", "还是不要记了"),
    ("ให้ผมจำไว้ไหมว่าประชุมทีมย้ายไปวันพุธ", "ได้เลย", "ไม่ต้องจำแล้ว"),
    ("ให้ผมจำไว้ไหมว่าประชุมทีมย้ายไปวันพุธ", "ได้ครับ", "เอ้ย ไม่เอาดีกว่า ไม่ต้องจำนะ"),
]


@pytest.mark.parametrize(("offer", "yes", "back"), TAKE_BACKS)
def test_taking_back_a_yes_withdraws_its_proposal_and_is_no_entry(tmp_path: Path, offer: str, yes: str,
                                                                   back: str) -> None:
    ws = workspace(tmp_path)
    s = _session(tmp_path, SID)
    s.assistant(at(D1, 10, 0), offer).user(at(D1, 10, 1), yes).user(at(D1, 10, 2), back)
    s.assistant(at(D1, 10, 3), "OK.")
    s.write()
    rep = microsync(ws, "2026-11-10T11:00:00+07:00")
    assert rep.status in ("ok", "nothing"), rep.to_dict()
    got = _proposals(ws)
    assert [s for _k, s, _v in got] == ["rejected"], got
    (rejected,) = [e for e in _store(ws).audit() if e["type"] == "proposal.rejected"]
    assert rejected["actor"]["kind"] == "user"
    logs = _logs(ws)
    for words in ("don't remember", "别记", "不要记", "ไม่ต้องจำ", "scratch", "forget that"):
        assert words not in logs, logs


def test_taking_back_a_yes_that_wrote_a_fact_revokes_it(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    s = _session(tmp_path, SID)
    s.assistant(at(D1, 10, 0), "Should I remember that you prefer short answers?").user(at(D1, 10, 1), "yes")
    s.assistant(at(D1, 10, 2), "Saved.").user(at(D1, 10, 3), "actually no, don't save that")
    s.write()
    assert microsync(ws, "2026-11-10T11:00:00+07:00").status in ("ok", "nothing")
    mem = _store(ws)
    assert "response.length" not in mem.resolve().values
    assert [e["type"] for e in mem.audit()] == ["fact.created", "fact.revoked"]


@pytest.mark.parametrize("later", [
    # three user turns after the yes: no longer a take-back of it
    ["ok let's go on", "what about the tests?", "actually no, don't remember that"],
    # a "no" to a new question of the assistant
    ["ok", "A:Shall I run the tests now?", "no, don't"],
])
def test_a_no_long_after_a_yes_withdraws_nothing(tmp_path: Path, later: list[str]) -> None:
    ws = workspace(tmp_path)
    s = _session(tmp_path, SID)
    s.assistant(at(D1, 10, 0), "Should I remember that the deploy freeze starts Friday?").user(at(D1, 10, 1), "yes")
    for n, text in enumerate(later):
        if text.startswith("A:"):
            s.assistant(at(D1, 10, 2 + n), text[2:])
        else:
            s.user(at(D1, 10, 2 + n), text)
    s.write()
    assert microsync(ws, "2026-11-10T11:00:00+07:00").status in ("ok", "nothing")
    assert [s for _k, s, _v in _proposals(ws)] == ["pending"]


# a yes to an offer stages the value only (explore7 #10's inputs, then new phrasings)
OFFERED_VALUES = [
    ("I can remember that your wife's name is Dara, want me to?", "yes please", "your wife's name is Dara"),
    ("ให้ผมจำไว้ไหมว่าห้องประชุมประจำคือห้อง 1203", "ได้เลย", "ห้องประชุมประจำคือห้อง 1203"),
    ("I could remember that your standup is at 9:30, shall I?", "yes", "your standup is at 9:30"),
    ("Should I remember that the staging box is staging-3, ok?", "sure", "the staging box is staging-3"),
    ("我可以记住你的工位在 5 楼，要吗？", "好的", "你的工位在 5 楼"),
    ("要我记住你的工位在 5 楼吗？", "好", "你的工位在 5 楼"),
    ("จำไว้ไหมครับว่าคุณนั่งชั้น 5", "ได้ครับ", "คุณนั่งชั้น 5"),
    ("ผมจำไว้ให้ไหมว่าคุณนั่งชั้น 5", "ได้เลย", "คุณนั่งชั้น 5"),
]


@pytest.mark.parametrize(("offer", "yes", "value"), OFFERED_VALUES)
def test_a_yes_to_an_offer_stages_only_the_offered_value(offer: str, yes: str, value: str) -> None:
    got = route(yes, offer)
    assert got is not None and (got.label, got.key, got.value) == ("confirm", "instruction.other", value), got


def test_a_yes_staged_value_end_to_end(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    s = _session(tmp_path, SID)
    s.assistant(at(D1, 10, 0), "I can remember that your wife's name is Dara, want me to?")
    s.user(at(D1, 10, 1), "yes please").assistant(at(D1, 10, 2), "Done.")
    s.write()
    assert microsync(ws, "2026-11-10T11:00:00+07:00").status in ("ok", "nothing")
    assert _proposals(ws) == [("instruction.other", "pending", "your wife's name is Dara")]
    assert json.dumps(_proposals(ws)).count("want me") == 0


# what the forget rejected is a value the user asked to forget: no read surface serves it, in any words
# it was said in (the daily log keeps it: history is not rewritten)
SERVED_AFTER_FORGET = [
    ("remember that my licence plate is KX-4471", "please forget my licence plate", "KX-4471"),
    ("记住：我的车牌号是 京A12345", "请忘记我的车牌号", "京A12345"),
    ("remember that my desk number is B-1207", "you can forget my desk number now", "B-1207"),
]


@pytest.mark.parametrize(("said", "forget", "value"), SERVED_AFTER_FORGET)
def test_a_value_a_forget_withdrew_is_served_nowhere(tmp_path: Path, said: str, forget: str, value: str) -> None:
    from tests.conftest import cli

    ws, _ = _two_days(tmp_path, said, forget)
    assert value in _logs(ws)
    for args in (("run", "weekly", "--now", NOW), ("index",)):
        r = cli("--workspace", str(ws), *args)
        assert r.exit_code == 0, r.output
    assert value not in (ws / "MEMORY.md").read_text(encoding="utf-8")
    for tier in ((), ("--tier", "all"), ("--tier", "sessions")):
        r = cli("--workspace", str(ws), "search", value, *tier, "--json")
        assert r.exit_code == 0, r.output
        assert value not in json.dumps(json.loads(r.output)["results"], ensure_ascii=False), r.output
    r = cli("--workspace", str(ws), "context", "--json")
    assert r.exit_code == 0 and value not in r.output, r.output
