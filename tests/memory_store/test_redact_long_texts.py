"""Redaction's side formats look only at the names near a value: a long tool output full of lock and
password names costs the same per value as a short one (review16: every value was checked against every
name of the whole text, 24 s for a 200 KB log instead of 0.2 s). Counted, not timed: the number of
value-to-name checks grows with the text, not with its square."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from memory_store import secret_shaped

LOCK_LOG = "step 12: door code check ok, lock 4821 status 7 retry\n"
PASSWORD_LOG = "password rotation for svc Xk9#mQ2p-7 queued, wifi ok\n"


def _checks(monkeypatch: pytest.MonkeyPatch, name: str, run: Callable[[str], str], text: str) -> int:
    real = getattr(secret_shaped, name)
    calls = [0]

    def counted(*args: Any) -> bool:
        calls[0] += 1
        return bool(real(*args))

    monkeypatch.setattr(secret_shaped, name, counted)
    run(text)
    monkeypatch.setattr(secret_shaped, name, real)
    return calls[0]


@pytest.mark.parametrize(("check", "run", "line"), [
    ("_near", secret_shaped.shaped_values, PASSWORD_LOG),
    ("_code_near", secret_shaped.coded_values, LOCK_LOG),
])
def test_each_value_is_checked_against_the_names_near_it_only(monkeypatch: pytest.MonkeyPatch, check: str,
                                                               run: Callable[[str], str], line: str) -> None:
    lines = 2000
    checks = _checks(monkeypatch, check, run, line * lines)
    assert 0 < checks <= 8 * lines


def test_the_long_log_is_redacted_as_the_short_one() -> None:
    short = secret_shaped.shaped_values(PASSWORD_LOG * 3)
    long = secret_shaped.shaped_values(PASSWORD_LOG * 3000)
    assert "Xk9#mQ2p-7" not in short and "Xk9#mQ2p-7" not in long
    assert long == (short.split("\n", 1)[0] + "\n") * 3000
