"""A retire verb whose thing is the tool the earlier choice chose reverses that choice, however little
else the two share (memory_store/supersede/retired.py; the end-to-end dev project suan-orders: "Telegram
for internal pings" stayed active in MEMORY.md beside "remove it, one channel only. ปิด telegram bot
ไปเลย"). A setting of the tool, a role noun, one occasion or a procedure's step retires nothing."""
from __future__ import annotations

import pytest

from memory_store.entries import BlockEntry, Source
from memory_store.supersede.detect import Statement, detect, statement_of

_SRC = Source("eval", "eval", "L1-L1")


def _stmt(kind: str, day: str, ident: str, text: str, n: int) -> Statement:
    return statement_of(BlockEntry(kind=kind, title=text, id=ident, date=day, source=_SRC, conclusion=text), n)


@pytest.mark.parametrize("later", [
    "remove it, one channel only. ปิด telegram bot ไปเลย",
    "ปิด telegram bot ไป",
    "Turn off the telegram bot, LINE only from now on",
    "Remove Telegram, LINE only",
    "关掉 telegram bot，只用 LINE",
])
def test_retiring_the_old_tool_reverses_the_choice(later: str) -> None:
    old = [_stmt("Decision", "2026-06-05", "E1", "Telegram for internal pings", 0)]
    found = detect(_stmt("Decision", "2026-06-10", "L1", later, 1), old)
    assert found.supersedes and found.target == "E1", found


@pytest.mark.parametrize(("earlier", "later"), [
    ("Sentry for error tracking", "停用 Sentry，改用 GlitchTip"),
    ("Deploy the API on Fly.io", "ลบ Fly.io ทิ้ง ย้ายไป Render"),
])
def test_in_every_language(earlier: str, later: str) -> None:
    old = [_stmt("Architecture", "2026-06-05", "E1", earlier, 0)]
    found = detect(_stmt("Decision", "2026-06-10", "L1", later, 1), old)
    assert found.outcome == "reversal" and found.target == "E1", found


def test_the_newest_choice_of_the_thing_is_reversed() -> None:
    old = [_stmt("Decision", "2026-06-01", "E1", "Telegram for build alerts", 0),
           _stmt("Decision", "2026-06-05", "E2", "Telegram for internal pings", 1)]
    found = detect(_stmt("Decision", "2026-06-10", "L1", "ปิด telegram bot ไปเลย", 2), old)
    assert found.target == "E2", found


@pytest.mark.parametrize(("kind", "earlier", "later"), [
    # a setting of the tool, not the tool
    ("Decision", "Sentry for error tracking", "关掉 Sentry 的邮件告警"),
    # a role noun chooses nothing
    ("Decision", "Cache sessions in Redis", "remove the cache, it hides bugs"),
    # one occasion
    ("Decision", "Telegram for internal pings", "turn off the Telegram bot tonight, maintenance"),
    # a fact that names the tool is no choice of it
    ("Remember", "Telegram group is called suan-orders", "ปิด telegram bot ไปเลย"),
])
def test_not_a_retired_choice(kind: str, earlier: str, later: str) -> None:
    old = [_stmt(kind, "2026-06-05", "E1", earlier, 0)]
    found = detect(_stmt("Decision", "2026-06-10", "L1", later, 1), old)
    assert not found.supersedes, found


def test_a_procedure_step_retires_nothing() -> None:
    old = [_stmt("Decision", "2026-06-05", "E1", "Telegram for internal pings", 0)]
    found = detect(_stmt("Procedure", "2026-06-10", "L1", "Before a release: turn off the Telegram bot → deploy", 1),
                   old)
    assert not found.supersedes, found


def test_a_rule_opened_from_now_on_about_the_slot_alone_chooses_nothing() -> None:
    # "以后 schema 变更一律用 Alembic，不准直接手改 DB" names the database by its noun only: a rule about
    # how the schema changes, no tool for the slot SQLite fills (suan-orders: it superseded the database choice)
    old = [_stmt("Decision", "2026-06-01", "E1", "Sqlite + litestream", 0)]
    found = detect(_stmt("Constraint", "2026-06-08", "L1", "以後 schema 變更一律用 Alembic，不准直接手改 DB", 1), old)
    assert not found.supersedes, found


def test_from_now_on_another_tool_for_the_slot_still_reverses() -> None:
    old = [_stmt("Decision", "2026-06-01", "E1", "Sqlite + litestream", 0)]
    found = detect(_stmt("Decision", "2026-06-08", "L1", "以后数据库改用 Postgres", 1), old)
    assert found.outcome == "reversal" and found.target == "E1", found
