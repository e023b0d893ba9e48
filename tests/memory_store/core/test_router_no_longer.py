""""no longer" / "any longer" (anymore) names no answer length (explore17 #1): "The payments on-call number I
gave you is no longer true, forget it." was routed as a forget of response.length, and the user's real
"keep your answers short" was revoked while the number stayed served."""
from __future__ import annotations

import pytest

from memory_store.core.router import route


@pytest.mark.parametrize("text", [
    "The payments on-call number I gave you is no longer true, forget it.",
    "The office address is no longer valid, we moved.",
    "I don't need the staging box any longer, forget it.",
])
def test_anymore_is_no_length(text: str) -> None:
    got = route(text)
    assert got is None or got.key != "response.length", got


@pytest.mark.parametrize("text", [
    "From now on give me longer answers",
    "Make your answers a bit longer please, from now on",
])
def test_longer_still_asks_for_detail(text: str) -> None:
    got = route(text)
    assert got is not None and (got.key, got.value) == ("response.length", "detailed"), got
