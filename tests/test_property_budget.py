"""The property tests' profiles (tests/conftest.py, docs/testing.md): CI runs each property test the
count CI_EXAMPLES gives it, never more than its file writes, drawing new examples every run."""
from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import conftest
from tests.conftest import CI_EXAMPLES, REPO, apply_profile, ci_examples


def _given_tests(path: Path) -> set[str]:
    """The names of the functions `path` decorates with hypothesis's @given."""
    def given_call(d: ast.expr) -> bool:
        f = d.func if isinstance(d, ast.Call) else d
        return (isinstance(f, ast.Name) and f.id == "given") or (isinstance(f, ast.Attribute) and f.attr == "given")
    return {node.name for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(map(given_call, node.decorator_list))}


@pytest.mark.parametrize("nodeid", sorted(CI_EXAMPLES))
def test_every_budget_names_a_property_test(nodeid: str) -> None:
    """A renamed or moved property test would run its file's (thorough) count in CI unnoticed."""
    path, name = nodeid.split("::")
    assert (REPO / path).is_file(), f"CI_EXAMPLES names a file that is gone: {path}"
    assert name in _given_tests(REPO / path), f"{nodeid} is not a property test (renamed?)"
    assert CI_EXAMPLES[nodeid] >= 1


def test_a_budget_never_raises_a_files_count() -> None:
    assert ci_examples("tests/x.py::prop", 10, "ci") == 10
    assert ci_examples(next(iter(CI_EXAMPLES)), 1, "ci") == 1


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
