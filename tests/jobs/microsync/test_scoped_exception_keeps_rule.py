"""A scoped exception that supersedes a rule keeps the rule (review13 #3): "Every deploy needs a
sign-off from QA and security" then "A sign-off from QA is enough for config-only changes" is a
relaxation (the conflict set's label, reason "relaxed"), so the weekly takes the rule out of
MEMORY.md; the rule still holds outside the exception, so the relaxed entry says both: the rule, and
the exception after it, as a correction within one session does (jobs/microsync/rules/corrections.py).
The same in Chinese ("合并前需要两个人审批" then "文档仓库一个人审批就够了")."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import cli
from tests.memory_store.context.test_context_reversal import _session, _workspace


def _memory(tmp_path: Path, rule: str, exception: str) -> str:
    w = _workspace(tmp_path)
    _session(tmp_path, "a", "2026-11-16T03:00:00Z", rule)
    assert cli(*w, "run", "microsync", "--since", "2026-11-16", "--now", "2026-11-16T12:00:00Z").exit_code == 0
    assert cli(*w, "run", "weekly", "--now", "2026-11-23T03:00:00Z").exit_code == 0
    first = (tmp_path / "ws" / "MEMORY.md").read_text(encoding="utf-8")
    _session(tmp_path, "b", "2026-11-24T03:00:00Z", exception)
    assert cli(*w, "run", "microsync", "--since", "2026-11-24", "--now", "2026-11-24T12:00:00Z").exit_code == 0
    daily = (tmp_path / "ws" / "memory" / "2026-11-24.md").read_text(encoding="utf-8")
    assert "- supersedes:" in daily, (first, daily)
    assert cli(*w, "run", "weekly", "--now", "2026-11-30T03:00:00Z").exit_code == 0
    return (tmp_path / "ws" / "MEMORY.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("rule", "exception", "kept", "scoped"), [
    ("Rule: every deploy needs a sign-off from QA and security.",
     "Rule: a sign-off from QA is enough for config-only changes.",
     "every deploy needs a sign-off from QA and security", "config-only changes"),
    ("规定：合并前需要两个人审批。", "规定：文档仓库一个人审批就够了。",
     "合并前需要两个人审批", "文档仓库一个人审批就够"),
])
def test_memory_keeps_the_rule_beside_its_exception(tmp_path: Path, rule: str, exception: str, kept: str,
                                                    scoped: str) -> None:
    memory = _memory(tmp_path, rule, exception)
    # (an item wraps onto indented lines)
    items = " ".join(memory.split("<!-- memjobs:begin -->")[1].split("<!-- memjobs:end -->")[0].split()).split(" - ")
    said = [i for i in items if scoped in i]
    assert said and all(kept.casefold() in i.casefold() for i in said), memory
    assert len([i for i in items if kept.casefold() in i.casefold()]) == 1, memory


def test_the_rule_is_said_once() -> None:
    from jobs.microsync.rules.corrections import rule_with_exception
    assert rule_with_exception("No force pushes.", "actually, on feature branches it is fine") == \
        "No force pushes; on feature branches it is fine"
    assert rule_with_exception("No force pushes; on feature branches it is fine", "on feature branches it is fine") \
        == "No force pushes; on feature branches it is fine"


def test_only_a_rule_or_a_constraint_is_said_again() -> None:
    """A relaxation the detector aims at a decision is written as said: glued to "turn off the telegram
    bot", a weekend hotfix permission read as one entry saying two unrelated things (a dev project of
    tests/fixtures/projects)."""
    from jobs.microsync.supersedes import _keeps_rule
    from memory_store.entries import BlockEntry, Source
    src = Source("s", "/t.jsonl", "L1-L1")
    exception = BlockEntry(kind="Rule", title="On weekends, hotfixes to bot reply text are allowed", id="RULE-2",
                           date="2026-06-13", source=src,
                           conclusion="On weekends, hotfixes to bot reply text are allowed")
    for kind, glued in (("Decision", False), ("Remember", False), ("Rule", True), ("Constraint", True)):
        target = BlockEntry(kind=kind, title="No deploys on weekends", id="X-1", date="2026-06-05", source=src,
                            conclusion="No deploys on weekends")
        said = _keeps_rule(exception, target).conclusion
        assert ("No deploys on weekends" in said) is glued, (kind, said)


def test_a_long_rule_is_shortened_not_its_exception() -> None:
    """A rule said again with one exception already (a chain) and a new exception after it: past the
    field's length the rule is what gets cut, the new exception is kept whole (kopi-loyalty, a dev project
    of tests/fixtures/projects: "hotfix-* tags can go out Friday after 15:00 …" was cut off MEMORY.md)."""
    from jobs.microsync.engine import FIELD_MAX
    from jobs.microsync.supersedes import _keeps_rule
    from memory_store.entries import BlockEntry, Source
    src = Source("s", "/t.jsonl", "L1-L1")
    rule = ("No production deploys on Fridays after 15:00 Bangkok time, and none on weekends; before every "
            "production deploy run alembic upgrade on staging first, then check that /healthz says db: true "
            "before tagging, and put it in the workflow so nobody forgets it on a busy afternoon")
    own = "hotfix-* tags can go out Friday after 15:00 as long as Ploy approves them in the release channel"
    target = BlockEntry(kind="Rule", title=rule[:80], id="RULE-1", date="2026-10-20", source=src, conclusion=rule)
    exception = BlockEntry(kind="Rule", title=own, id="RULE-2", date="2026-10-21", source=src, conclusion=own)
    said = _keeps_rule(exception, target).conclusion
    assert len(said) <= FIELD_MAX and said.endswith(own) and said.startswith("No production deploys"), said
