"""A "skip X" clause of a teaching drops a step only from a known procedure that has that step (review13 #4).

With nothing known to drop it from, the clause is the user's own step and is kept as said ("skip the
flaky ones" between "run the tests" and "tag the release"); a clause "…, then skip X" leaves no bare "then"
step. Taught again once the procedure is known with that step, the same clause takes the step out."""
from __future__ import annotations

from pathlib import Path

from tests.conftest import cli
from tests.memory_store.context.test_context_reversal import _session, _workspace


def _steps(ws: Path) -> list[str]:
    text = (ws / "memory" / "procedures.md").read_text("utf-8")
    return [ln.removeprefix("- steps: ") for ln in text.splitlines() if ln.startswith("- steps:")]


def test_a_skip_clause_of_a_new_teaching_is_a_step(tmp_path: Path) -> None:
    w = _workspace(tmp_path)
    _session(tmp_path, "a", "2026-11-24T03:00:00Z",
             "from now on when you deploy the API, first build the image, then push it, "
             "then skip the smoke test on staging",
             "whenever you release: run the tests, skip the flaky ones, then tag the release and push the tag")
    assert cli(*w, "run", "microsync", "--since", "2026-11-24", "--now", "2026-11-24T12:00:00Z").exit_code == 0
    assert _steps(tmp_path / "ws") == [
        "build the image → push it → skip the smoke test on staging",
        "run the tests → skip the flaky ones → tag the release → push the tag",
    ]


def test_a_skip_clause_drops_the_step_of_a_known_procedure(tmp_path: Path) -> None:
    w = _workspace(tmp_path)
    _session(tmp_path, "a", "2026-11-23T03:00:00Z",
             "whenever you deploy the API: first build the image, then run the smoke test on staging, then push it")
    assert cli(*w, "run", "microsync", "--since", "2026-11-23", "--now", "2026-11-23T12:00:00Z").exit_code == 0
    assert _steps(tmp_path / "ws") == ["build the image → run the smoke test on staging → push it"]
    _session(tmp_path, "b", "2026-11-24T03:00:00Z",
             "from now on when you deploy the API, first build the image, then push it, "
             "then skip the smoke test on staging")
    assert cli(*w, "run", "microsync", "--since", "2026-11-24", "--now", "2026-11-24T12:00:00Z").exit_code == 0
    assert _steps(tmp_path / "ws") == ["build the image → push it"]
