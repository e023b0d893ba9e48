"""Subjects named in two languages, and weekdays as values (memory_store/supersede/concepts.txt):
"部署改回周二" after "Go back to deploying on Thursdays" shares no word with it, yet both are about
deploys and give them two days. Both used to stay active in MEMORY.md (explore11 #2). A concept both
statements name by words they do not share counts as a shared subject word; the days of the week, in
any language, are a value, so a bare other day is a possible conflict and one with a change cue a
reversal. A concept alone, with nothing said against the earlier value, links nothing."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.errors import EntryError
from memory_store.supersede.concepts import load_concepts, parse_concepts
from memory_store.supersede.detect import Detector, Statement
from memory_store.supersede.subject import normalise
from memory_store.supersede.values import quantities, values_differ

OTHERS = ("Use Postgres 16 for the billing service", "The staging db is on port 5433",
          "我们决定 API 超时设为 30 秒", "Use Sentry for error tracking", "ตั้ง VPN gateway ที่ vpn2.corp")


def judge(old: str, new: str, old_kind: str = "Decision", new_kind: str = "Decision") -> tuple[str, str | None]:
    earlier = [Statement(f"F{n}", "Decision", "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", old_kind, "2026-11-03", old))
    found = Detector(earlier).detect(Statement("NEW", new_kind, "2026-11-10", new))
    return found.outcome, found.target


@pytest.mark.parametrize("old,new", [
    ("Go back to deploying on Thursdays", "部署改回周二"),
    ("部署改回周二", "Go back to deploying on Thursdays"),
    ("We deploy on Tuesdays", "ย้ายไป deploy วันศุกร์แทนแล้ว เพราะวันอังคารชนกับประชุม"),
    ("ดีพลอยทุกวันพฤหัส", "Deploys move to Mondays from next week"),
    ("每周三上午开例会", "The team meeting moves to Friday mornings from now on"),
])
def test_a_change_said_in_another_language_supersedes(old: str, new: str) -> None:
    outcome, target = judge(old, new)
    assert outcome in ("reversal", "refinement") and target == "OLD", (outcome, target)


@pytest.mark.parametrize("old,new", [
    ("We deploy on Thursdays", "每周二部署"),
    ("ดีพลอยทุกวันพฤหัส", "Deploys happen on Tuesdays"),
    ("Back up the database every night", "数据库每周备份一次"),
])
def test_another_value_said_in_another_language_is_at_least_a_warning(old: str, new: str) -> None:
    outcome, target = judge(old, new)
    assert outcome in ("conflict", "reversal", "refinement") and target == "OLD", (outcome, target)


@pytest.mark.parametrize("old,new", [
    # the same concept, nothing said against the earlier value
    ("We deploy on Thursdays", "部署文档放在 Notion"),
    ("We deploy on Thursdays", "部署前先在群里说一声"),
    # a weekday for another subject
    ("We deploy on Thursdays", "周二开周会"),
    ("Deploys happen on Thursdays", "ร้านปิดวันอังคาร"),
    # a reversal cue on another subject (explore11 #2's control: the API timeout is not the deploy day)
    ("The cache TTL is 30 seconds", "部署改回周二"),
])
def test_a_concept_or_a_weekday_alone_links_nothing(old: str, new: str) -> None:
    outcome, _ = judge(old, new)
    assert outcome == "none", outcome


def test_the_reversal_replaces_the_deploy_day_not_the_other_chinese_decision() -> None:
    """explore11 #2: "我们决定部署改回周二" superseded the only other Chinese decision (the API timeout)."""
    earlier = [Statement("DEPLOY", "Decision", "2026-11-23", "Deploys happen on Thursdays"),
               Statement("TIMEOUT", "Decision", "2026-11-23", "API 超时设为 30 秒", "我们决定 API 超时设为 30 秒", 1)]
    found = Detector(earlier).detect(Statement("NEW", "Decision", "2026-11-24", "部署改回周二", "我们决定部署改回周二"))
    assert (found.outcome, found.target) == ("reversal", "DEPLOY"), found


@pytest.mark.parametrize("old,new", [
    ("Releases go out on Wednesdays", "Releases go out on Fridays"),
    ("ร้านปิดทุกวันพุธ", "ร้านปิดวันพฤหัส"),
    ("周会定在周一上午", "周会在周三上午开"),
])
def test_a_bare_other_weekday_on_one_subject_is_a_possible_conflict(old: str, new: str) -> None:
    assert judge(old, new) == ("conflict", "OLD")


@pytest.mark.parametrize("text,days", [
    ("Deploys happen on Thursdays", {4}),
    ("部署改回周二", {2}),
    ("禮拜天休息", {7}),
    ("ประชุมวันจันทร์ เสาร์อาทิตย์หยุด", {1, 6, 7}),
    ("ทุก 3 อาทิตย์", set()),        # อาทิตย์ after a number is a week
    ("一周三次", set()),              # 一周 is a week, 三次 three times
])
def test_weekdays_are_read_in_each_language(text: str, days: set[int]) -> None:
    assert load_concepts().weekdays(normalise(text)) == days


def test_weekdays_are_a_value_the_same_day_is_no_other_value() -> None:
    a, b = quantities(normalise("Deploys on Tuesdays")), quantities(normalise("部署在周二"))
    assert not values_differ(a, b)
    assert values_differ(quantities(normalise("部署在周四")), a)


def test_a_bad_weekday_section_names_its_file(tmp_path: Path) -> None:
    path = tmp_path / "concepts.txt"
    with pytest.raises(EntryError, match=r"day:8"):
        parse_concepts("[deploy]\ndeploy\n[day:8]\nfunday\n", str(path))


def test_a_one_time_code_is_no_pricing_and_its_expiry_is_named_across_languages() -> None:
    """"One-time code … อายุ 5 นาที" named the pricing role (a one-time purchase) and shared no subject
    with "兑换码有效期 10 分钟，6 位不变" (kopi-loyalty, a dev project of tests/fixtures/projects)."""
    from memory_store.entries import BlockEntry, Source
    from memory_store.supersede.detect import detect, statement_of
    src = Source("eval", "eval", "L1-L1")
    old = "One-time code เป็นตัวเลข ลูกค้าโชว์ แล้วบาริสต้าพิมพ์ลงหน้าเว็บ staff — ไม่ต้องมีอุปกรณ์เพิ่ม — เอา 6 หลัก อายุ 5 นาที"
    new = "兑换码有效期 10 分钟，6 位不变"
    found = detect(statement_of(BlockEntry(kind="Decision", title=new, id="L1", date="2026-10-22", source=src,
                                           conclusion=new), 1),
                   [statement_of(BlockEntry(kind="Decision", title=old, id="E1", date="2026-10-09", source=src,
                                            conclusion=old), 0)])
    assert found.supersedes and found.target == "E1", found
