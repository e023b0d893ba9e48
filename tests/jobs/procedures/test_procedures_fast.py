"""Procedure learning, speed only: `learn` asks for a standing cue before the tests that rule a turn
out (question, story, hypothetical, paste), and an action's local date is taken only when a
procedure's run ends on it. Differential: the previous `learn` (`_reference` below) and the current
one agree on every conversation of both procedure sets (dev and held-out: only equality is
asserted, nothing is listed) and on every user turn of the repository's corpora, one at a time and
after the agent's turn before it; the lazy date is the date taken at once, in three zones."""
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
    take_drops,
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


def test_learn_reads_every_conversation_as_before() -> None:
    """The one change since: a clause that drops a step ("skip the migrations", "不用再 X") is not a
    step (`Learned.drops`), so a conversation with one reads as the previous `learn` read it
    without that clause."""
    conversations = _conversations()
    same = learned = 0
    for turns in conversations:
        got = learn(turns)
        plain = [(role, take_drops(text)[0] if role == "user" else text) for role, text in turns]
        want = _reference(plain)
        assert (got and replace(got, drops=())) == want
        same += 1
        learned += got is not None
    assert same >= 2000 and learned >= 100   # not vacuous: both sets' teachings are learned


def test_an_actions_date_is_taken_as_before() -> None:
    start = datetime(2026, 3, 28, 20, 30, tzinfo=UTC)
    for tz in (UTC, ZoneInfo("Asia/Bangkok"), timezone(timedelta(hours=-9))):
        for hours in range(0, 72, 5):
            when = start + timedelta(hours=hours)
            assert Action("x", True, when, tz).day == when.astimezone(tz).date().isoformat()
    assert Action("x", True, "2026-11-19").day == "2026-11-19"
