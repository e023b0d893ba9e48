"""The user's own forgetting as the reason for a task now ("create the account now so I don't
forget") is no request to remember (lexicon `kinds.remember`): "don't forget" instructs only when
the agent is its subject. Thai and Chinese memory cues (อย่าลืม, 别忘了) are imperatives already, so
"เดี๋ยวผมลืม", "免得我忘了" never matched.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize("text", [
    "and add the new courier account now so I don't forget",
    "rename the staging bucket today, so that we don't forget it later",
    "ตั้งบัญชีขนส่งใหม่เลยตอนนี้ เดี๋ยวผมลืม",
    "现在就把新快递账号建好，免得我忘了",
])
def test_a_task_now_for_fear_of_forgetting_is_no_remember(text: str) -> None:
    assert not [c for c in extract(("user", text)) if c.kind == "Remember"]


@pytest.mark.parametrize("text", [
    "don't forget: the courier account is under my wife's name",
    "and don't forget the VPN password rotates every month",
])
def test_dont_forget_said_to_the_agent_is_still_a_remember(text: str) -> None:
    assert [c.kind for c in extract(("user", text))] == ["Remember"]
