"""The property tests' profiles (tests/conftest.py, docs/testing.md): CI runs each property test the
count CI_EXAMPLES gives it, never more than its file writes, drawing new examples every run."""
from __future__ import annotations

import importlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import conftest
from tests.conftest import CI_EXAMPLES, REPO, apply_profile


def _test_of(nodeid: str) -> Any:
    path, name = nodeid.split("::")
    assert (REPO / path).is_file(), f"CI_EXAMPLES names a file that is gone: {path}"
    module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
    return getattr(module, name, None)


@pytest.mark.parametrize("nodeid", sorted(CI_EXAMPLES))
def test_every_budget_names_a_property_test_and_runs_no_more_than_its_file_writes(nodeid: str) -> None:
    test = _test_of(nodeid)
    assert getattr(test, "is_hypothesis_test", False), f"{nodeid} is not a property test (renamed?)"
    written = getattr(test, "written_examples", test._hypothesis_internal_use_settings.max_examples)
    assert 1 <= CI_EXAMPLES[nodeid] <= written


def _counting() -> tuple[Any, list[int]]:
    seen: list[int] = []

    @settings(max_examples=300, derandomize=True, database=None)
    @given(st.integers())
    def prop(n: int) -> None:
        seen.append(n)

    return prop, seen


@pytest.mark.parametrize(("profile", "runs", "derandomized"),
                         [("ci", 40, False), ("dev", 8, False), ("thorough", 300, True)])
def test_a_profile_sets_the_count_a_property_test_runs(monkeypatch: pytest.MonkeyPatch, profile: str, runs: int,
                                                        derandomized: bool) -> None:
    """Through hypothesis's own call: the count CI_EXAMPLES gives (ci), a fifth of it (dev), the
    file's count (thorough); derandomize lifted but under thorough."""
    monkeypatch.setitem(conftest.CI_EXAMPLES, "tests/x.py::prop", 40)
    prop, seen = _counting()
    apply_profile(prop, "tests/x.py::prop[a]", profile)
    prop()
    assert len(seen) == runs
    assert prop._hypothesis_internal_use_settings.derandomize is derandomized


def test_a_property_test_not_in_the_table_runs_its_files_count() -> None:
    prop, seen = _counting()
    apply_profile(prop, "tests/x.py::not_listed", "ci")
    prop()
    assert len(seen) == 300
