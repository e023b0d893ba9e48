"""Procedure learning, speed only: `learn` asks for a standing cue before the tests that rule a turn
out (question, story, hypothetical, paste), and an action's local date is taken only when a
procedure's run ends on it. Differential: the previous `learn` (`_reference` below) and the current
one agree on every conversation of both procedure sets (dev and held-out: only equality is
asserted, nothing is listed) and on every user turn of the repository's corpora, one at a time and
after the agent's turn before it — but the corpora's turns listed in READ_OTHERWISE, whose reading is
asserted literally; the lazy date is the date taken at once, in three zones."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import yaml

from jobs.procedures.follow import Action
from jobs.procedures.learn import (
    MIN_STEPS,
    Learned,
    _rx,
    learn,
    named,
    redoes,
    split_steps,
    trigger_and_body,
)
from tests.jobs.microsync.test_route_gate import _turns

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _reference(turns: Sequence[tuple[str, str]]) -> Learned | None:
    """`learn` as it read before: every ruling-out test before the standing cue."""
    rx = _rx()
    for i, (role, text) in enumerate(turns):
        if role != "user":
            continue
        t = text.strip()
        general = rx.general.search(t)
        if general:
            t = t[general.end():]
        if "\n>" in t or '\n"' in t or "```" in t:
            continue
        if rx.question.search(t) or rx.narrative.search(t) or rx.hypothetical.search(t) or rx.pasted.search(t):
            continue
        if not (rx.lasting.search(t) or named(t)) or (rx.one_off.search(t) and not general):
            continue
        prev_role, prev_text = turns[i - 1] if i > 0 else ("", "")
        if rx.adopt.search(t) and prev_role == "assistant":
            trigger, body = trigger_and_body(prev_text)
            steps = split_steps(body)
            if len(steps) >= MIN_STEPS:
                return Learned(i, trigger, tuple(steps), "explicit")
        trigger, body = trigger_and_body(t)
        steps = split_steps(body)
        if len(steps) >= MIN_STEPS and rx.sequence.search(t):
            correction = prev_role == "assistant" and (
                rx.correction.search(t) is not None or (redoes(prev_text, steps) and rx.negation.search(t) is not None))
            return Learned(i, trigger, tuple(steps), "correction" if correction else "explicit")
    return None


def _conversations() -> list[list[tuple[str, str]]]:
    out = []
    for folder in ("procedures", "procedures2"):
        for f in sorted((FIXTURES / folder).glob("*/*.yaml")):
            for case in yaml.safe_load(f.read_text(encoding="utf-8")) or []:
                if "turns" not in case:
                    continue   # a merge case: two procedures, no conversation
                out.append([(next(iter(t)), str(next(iter(t.values())))) for t in case["turns"]])
    for turn, before in _turns():
        out.append([("user", turn)])
        if before:
            out.append([("assistant", before), ("user", turn)])
    return out


# The conversations the current `learn` reads otherwise than the previous one, and what it reads: a
# clause that drops a step ("别再 X", "不要再 X") is not a step, so these user turns of the corpora, which
# the previous `learn` read as junk procedures ("以后别" a step), teach none; nor does a rule whose only order word
# says when ("no meetings before 10": jobs/procedures/learn.py `ordered`).
READ_OTHERWISE: dict[str, Learned | None] = {
    "ty. going forward no meetings before 10 on weekdays, I do school drop-off": None,
    "我长期在温哥华工作，以后别再给我北京时间了": None,
    "以後格式化只用 ruff format，不要再用 black 了。": None,
    "另外，以后所有对外接口都要加版本号前缀 /v1，别再直接挂在根路径下": None,
}


def test_learn_reads_every_conversation_as_before() -> None:
    """`learn` and the previous `learn` (`_reference`, on the same unprocessed turns) agree on every
    conversation but those of READ_OTHERWISE, which read as listed there."""
    conversations = _conversations()
    same = learned = otherwise = 0
    for turns in conversations:
        got = learn(turns)
        last = turns[-1][1]
        if last in READ_OTHERWISE:
            assert got == READ_OTHERWISE[last], last
            otherwise += 1
            continue
        assert (got and replace(got, drops=(), said_steps=())) == _reference(turns)
        same += 1
        learned += got is not None
    assert same >= 2000 and learned >= 100   # not vacuous: both sets' teachings are learned
    assert otherwise == 6                    # each listed turn read (two of them twice: after an agent turn too)


def test_a_drop_clause_is_kept_apart_and_as_said() -> None:
    """A "skip X" clause: out of `steps` and in `drops` (for a known procedure that has the step), and
    in `said_steps` where it was said (for a new teaching: jobs/procedures/sync.py `settle_drops`); a bare
    "then" is never a step."""
    got = learn([("user", "whenever you release: run the tests, skip the flaky ones, then tag the release "
                          "and push the tag")])
    assert got is not None
    assert got.steps == ("run the tests", "tag the release", "push the tag")
    assert got.drops == ("the flaky ones",)
    assert got.said_steps == ("run the tests", "skip the flaky ones", "tag the release", "push the tag")
    got = learn([("user", "from now on when you deploy the API, first build the image, then push it, "
                          "then skip the smoke test on staging")])
    assert got is not None
    assert (got.steps, got.drops) == (("build the image", "push it"), ("the smoke test on staging",))
    assert got.said_steps == ("build the image", "push it", "skip the smoke test on staging")
    got = learn([("user", "以后部署 API 的时候，别跑 migrations 了，先重启 workers，然后发 #deploys")])
    assert got is not None
    assert got.said_steps == ("别跑 migrations 了", "重启 workers", "发 #deploys")


def test_an_actions_date_is_taken_as_before() -> None:
    start = datetime(2026, 3, 28, 20, 30, tzinfo=UTC)
    for tz in (UTC, ZoneInfo("Asia/Bangkok"), timezone(timedelta(hours=-9))):
        for hours in range(0, 72, 5):
            when = start + timedelta(hours=hours)
            assert Action("x", True, when, tz).day == when.astimezone(tz).date().isoformat()
    assert Action("x", True, "2026-11-19").day == "2026-11-19"
