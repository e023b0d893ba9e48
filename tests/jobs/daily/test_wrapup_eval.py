"""The wrap-up evaluation script on the held-out and the development sets: both load, every label
names a turn of its session, and the rules summariser stays above a floor (a regression guard, not
a target: the numbers themselves are in docs/benchmarks.md)."""
from __future__ import annotations

import importlib.util
import sys

import pytest

from tests.conftest import REPO

ROOT = REPO


def _script():
    spec = importlib.util.spec_from_file_location("eval_wrapup", ROOT / "scripts" / "eval_wrapup.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["eval_wrapup"] = mod   # dataclasses look their module up while the class is built
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("name", ["eval", "dev"])
def test_sets_load_and_labels_name_turns(name: str):
    ev = _script()
    cases = ev.load(ev.SETS[name])
    assert len(cases) >= (24 if name == "eval" else 12)
    assert {c.lang for c in cases} == {"en", "th", "zh"}
    for c in cases:
        n = len(c.session.records)
        assert all(1 <= t <= n for turns in c.gold.values() for t in turns), c.id


def test_scores_stay_above_the_floor():
    """Pins: precision and recall per section over all languages on the held-out set."""
    ev = _script()
    scores = ev.evaluate(ev.load(ev.SETS["eval"]))
    for section, sc in scores["all"].items():
        assert sc.precision >= 0.85 and sc.recall >= 0.75, (section, sc.precision, sc.recall)
