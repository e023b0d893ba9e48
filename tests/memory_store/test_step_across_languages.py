"""A step said in another language is one old step only when both name the same cross-language concepts and
nothing more (memory_store/procedures.py `step_match`, review16 F5): "跑集成测试" (run the integration tests) and
"run the unit tests" both name only `test`, and merging them dropped the step the user just taught. "构建镜像"
and "build the image" (build, image) are one step.
"""
from __future__ import annotations

import pytest

from memory_store.procedures import merge_steps


@pytest.mark.parametrize("new", [
    ("跑集成测试", "build 镜像"),
    ("รันเทส integration", "build image"),
])
def test_a_different_test_step_in_another_language_is_not_dropped(new: tuple[str, ...]) -> None:
    merged = merge_steps(("run the unit tests", "build the image"), new)
    assert new[0] in merged, merged


def test_the_same_step_in_another_language_is_one() -> None:
    old = ("run the tests", "build the image")
    assert merge_steps(old, ("跑测试", "构建镜像")) == old
