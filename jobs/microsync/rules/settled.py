"""Settled choices said in ordinary words: a replacement, or the user's report of what their project now uses.

- *replacement*: "swap Memcached for Redis", "Postgres instead of Mongo from here on", "use chi
  instead", เปลี่ยนจาก Mongo เป็น Postgres, เปลี่ยนจาก X ไปใช้ Y, ใช้ ClickHouse แทน, 用 Redis 替换 Memcached,
  改成 Y 了; and a named thing switched from one choice to another — "switch the session cache from
  Redis to Memcached", เปลี่ยน CI จาก Jenkins เป็น GitHub Actions, 把CI从Jenkins改成GitHub Actions — where A
  or B is a tool ("the port from 8080 to 9090" is an edit). The thing replaced is a tool, not a line,
  a variable or a word (`EDIT_OBJECT`).
- *status report*: the user says what their own project is on now — "we're on Postgres 16 now",
  "we moved to pnpm last week", "we've switched to Vite", "we're dropping Android 8 with the 5.0
  release", "minimum iOS is 16 now", ตอนนี้เราใช้ Postgres 16 แล้ว, เราย้ายไปใช้ pnpm, 我们现在用 Postgres 了,
  MySQL 上周就下线了. The subject is the user's side (we, our team, เรา, 我们) and the object a tool:
  a known technology or a name with a version, so "we moved to Berlin", "I'm on vacation now",
  เราย้ายไปอยู่เชียงใหม่ and 我们搬到上海了 are not.
- *named status*: a part of the project on a product now, named by its own capitalised name, known
  or not — "we're on Xsolla now", "OCR runs server-side with PaddleOCR now", 素材现在都放 Wasabi 了,
  staging ย้ายมา Tencent แล้ว (`named_now`: the frame has no person as its subject).
Questions, hedges, one-off occasions and other people's choices are read by the caller (`classify.not_own`).
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

import re
from dataclasses import replace

from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules import memo
from jobs.microsync.rules.item import Item
from jobs.microsync.rules.structure import CONF_STRUCTURE, structural
from jobs.microsync.rules.topology import EDIT_OBJECT, grouped, topological

CONF_SETTLED = 0.8   # a settled choice read from its form, without a word of deciding

_REPLACED = lx.phrases(lambda lang: lang.settled.replaced)
REPLACED, _REPLACED_RX = grouped(_REPLACED)
# A tool or a technology: a known name, or a name with a version ("Postgres 16", "PyTorch 2.3", "node 20").
TOOL = lx.cue(lambda lang: lang.settled.tool)
_STATUS = lx.phrases(lambda lang: lang.settled.status)
STATUS, _STATUS_RX = grouped(_STATUS)
# A part of the project on a product now, the product named by its own capitalised name ("search runs on
# Meilisearch now", "素材现在都放 Wasabi 了"): no list of known technologies needed.
NAMED_NOW, _NAMED_NOW_RX = grouped(lx.phrases(lambda lang: lang.settled.named_now))
_PRODUCT = re.compile(r"[A-Z][\w.+-]{2,}")
# What makes a report of use settled: a time it happened or "now"; and the object is no place or person.
_SETTLED_AT = lx.cue(lambda lang: lang.settled.settled_at)
_NOT_TOOL = lx.cue(lambda lang: lang.settled.not_tool)
# Thai and CJK characters, set apart from a Latin name written against them.
_OTHER_SCRIPT = re.compile(r"[\u0E00-\u0E7F\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]")


def _named_tool(m: re.Match[str]) -> bool:
    """Does a replacement frame name a tool? A switch "X from A to B" (groups `a`, `b`) must name one
    as A or B, not merely hold a word with a number ("the port from 8080 to 9090"), and the thing
    switched must be no edit (`EDIT_OBJECT`). Thai and Chinese write a name against their own script
    ("从Jenkins改成GitHub Actions"), so it is set apart before the tool names are looked for."""
    groups = m.groupdict()
    if groups.get("x") and EDIT_OBJECT.search(groups["x"]):
        return False
    named = f"{groups['a']} {groups['b']}" if groups.get("b") else m.group(0)
    return bool(TOOL.search(_OTHER_SCRIPT.sub(" ", named)))


def settled(probe: str) -> bool:
    """Does the sentence replace one tool with another, or report a tool the user's side is now on?"""
    low = probe.lower()
    for cue, rxs in ((REPLACED, _REPLACED_RX), (STATUS, _STATUS_RX)):
        if not cue.may_match(low):
            continue
        for m in (m for rx in rxs for m in rx.finditer(probe)):
            if EDIT_OBJECT.search(m.group("a")) or _NOT_TOOL.search(m.group("a")):
                continue
            if not (_named_tool(m) if cue is REPLACED else TOOL.search(m.group(0))):
                continue
            if cue is REPLACED or _SETTLED_AT.search(probe):
                return True
    if NAMED_NOW.may_match(low):
        for m in (m for rx in _NAMED_NOW_RX for m in rx.finditer(probe)):
            name = m.group("a")
            if not (_NOT_TOOL.search(name) or EDIT_OBJECT.search(name)) and (_PRODUCT.match(name) or TOOL.search(name)):
                return True
    return False


def shape(probe: str) -> tuple[str, float] | None:
    """The kind and confidence of a change said without a cue word (`structure`, `topology`, `settled`)."""
    return memo.maybe(_SHAPES, probe, _shape)


_SHAPES: dict[str, tuple[str, float] | None] = memo.table()   # probe -> its shape, for one session's extraction


def _shape(probe: str) -> tuple[str, float] | None:
    if structural(probe) or topological(probe):
        return "Architecture", CONF_STRUCTURE
    if settled(probe):
        return ("Architecture" if lx.ARCH_EXPLICIT.search(probe) else "Decision"), CONF_SETTLED
    return None


def into_rules(items: list[Item]) -> list[Item]:
    """ "we're on uv now. uv add, never pip install": a report of what the project is on, right before a rule
    that follows from it, is that rule's ground -- one Rule item, not a decision beside it."""
    out: list[Item] = []
    for item in items:
        prev = out[-1] if out else None
        if (prev is not None and prev.kind == "Decision" and prev.confidence == CONF_SETTLED
                and item.kind in ("Rule", "Constraint") and item.first == prev.last + 1):
            out[-1] = replace(prev, last=item.last, kind=item.kind, text=f"{prev.text} {item.text}",
                              probe=f"{prev.probe} {item.probe}", confidence=item.confidence)
            continue
        out.append(item)
    return out


GATES = (REPLACED, STATUS, NAMED_NOW)
