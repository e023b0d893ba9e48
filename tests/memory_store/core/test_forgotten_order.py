"""The forgotten values read from the audit trail in the order things were said (memory_store/core/forgotten.py
`withdrawals`; fixcore13a #1): a restatement after a withdrawal wins, one said before it (appended later, as a
backfill does) does not, and an event a rollback undid counts for nothing."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from memory_store.core.forgotten import FORGET_REASON, RESTATED, withdrawals

PLATE = "my licence plate is KX-4471"


def _ev(n: int, ts: str, type_: str, **kw: Any) -> dict[str, Any]:
    return {"id": f"{n:032x}", "ts": ts, "type": type_, "key": "user.other", **kw}


def _rejected(n: int, ts: str) -> dict[str, Any]:
    return _ev(n, ts, "proposal.rejected", old=PLATE, reason=f"{FORGET_REASON} in chat:s#L3-L3",
               actor={"kind": "user", "id": "transcript:s"})


def _restated(n: int, ts: str) -> dict[str, Any]:
    return _ev(n, ts, RESTATED, new=PLATE, reason="said again", actor={"kind": "user", "id": "transcript:s"})


def _gone(tmp_path: Path, events: list[dict[str, Any]]) -> set[str]:
    path = tmp_path / "memory_audit.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    return {v for _k, v in withdrawals(path)}


def test_said_again_after_the_forget_wins(tmp_path: Path) -> None:
    assert _gone(tmp_path, [_rejected(1, "2026-11-11T03:00:00Z"), _restated(2, "2026-11-12T03:00:00Z")]) == set()


def test_said_before_the_forget_but_read_later_does_not(tmp_path: Path) -> None:
    assert _gone(tmp_path, [_rejected(1, "2026-11-11T03:00:00Z"), _restated(2, "2026-11-10T03:00:00Z")]) == \
        {PLATE.casefold(), "kx-4471"}


def test_a_proposal_staged_from_explicit_words_is_said_again_an_inference_is_not(tmp_path: Path) -> None:
    staged = _ev(2, "2026-11-12T03:00:00Z", "proposal.created", new=PLATE, actor={"kind": "system", "id": "microsync"},
                 reason="said explicitly, but not certain enough to write at once: remember that my")
    assert _gone(tmp_path, [_rejected(1, "2026-11-11T03:00:00Z"), staged]) == set()
    inferred = {**staged, "reason": "inferred from the user's words: plate"}
    assert _gone(tmp_path, [_rejected(1, "2026-11-11T03:00:00Z"), inferred]) == {PLATE.casefold(), "kx-4471"}


def test_a_rolled_back_forget_or_restatement_counts_for_nothing(tmp_path: Path) -> None:
    undo = {"id": "f" * 32, "ts": "2026-11-13T03:00:00Z", "type": "memory.rolled_back", "key": "user.other",
            "reason": f"rollback r2 undid proposal.rejected {1:032x}"}
    assert _gone(tmp_path, [_rejected(1, "2026-11-11T03:00:00Z"), undo]) == set()
    undo_again = {**undo, "reason": f"rollback r3 undid {RESTATED} {2:032x}"}
    assert _gone(tmp_path, [_rejected(1, "2026-11-11T03:00:00Z"), _restated(2, "2026-11-12T03:00:00Z"),
                            undo_again]) == {PLATE.casefold(), "kx-4471"}


def test_a_revoke_of_one_free_form_value_forgets_that_value_only(tmp_path: Path) -> None:
    """user.other holds unrelated facts: "forget my licence plate" revoking the plate forgot every value the key
    ever held (an expired "my friend's plate is KX-9000" among them), as a single-valued key's history is."""
    friend = "my friend's licence plate is KX-9000"
    events = [_ev(1, "2026-11-10T03:00:00Z", "fact.created", old=None, new=friend),
              _ev(2, "2026-11-10T03:01:00Z", "fact.created", old=None, new=PLATE),
              _ev(3, "2026-11-10T04:00:00Z", "fact.archived", old=friend, new=friend),
              _ev(4, "2026-11-11T03:00:00Z", "fact.revoked", old=PLATE, new=PLATE)]
    assert _gone(tmp_path, events) == {PLATE.casefold(), "kx-4471"}
    # a single-valued key: every value it held up to the revoke ("call me Nok", then Tom, then forget)
    name = [_ev(1, "2026-11-10T03:00:00Z", "fact.created", key="user.name", old=None, new="Nok"),
            _ev(2, "2026-11-10T03:01:00Z", "fact.updated", key="user.name", old="Nok", new="Tom"),
            _ev(3, "2026-11-11T03:00:00Z", "fact.revoked", key="user.name", old="Tom", new="Tom")]
    assert _gone(tmp_path, name) == {"nok", "tom"}
