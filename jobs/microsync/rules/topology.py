"""Architecture said in ordinary words: a component added in a place, removed, walled off, or data routed.

Beside `structure` (a part moves, splits or merges), people state the shape of their system by:
- *placing* a component relative to another: "we're adding a Redis cache in front of the API",
  "put a queue between ingest and the workers", เพิ่ม cache หน้า API, ใส่ queue คั่นระหว่าง A กับ B,
  在 API 前面加一层缓存, 在 A 和 B 之间加了一个队列;
- *removing* a component (a layer, a proxy, a service, not a line or a comment): "get rid of the
  sidecar", เอา sidecar ออก, 把 nginx 那一层拿掉;
- a *boundary*: "the mobile app talks to the BFF only", "each tenant gets its own schema",
  แยก DB ต่อ tenant, แต่ละ tenant มี database ของตัวเอง, 每个租户单独一个库, 移动端只跟 BFF 通信;
- a *route* for data, standing: "events go through Kafka now", "all writes go through the orders
  service", event ทั้งหมดวิ่งผ่าน Kafka, 所有事件现在都走 Kafka.

Each shape needs a component named in the sentence (its object for a removal), and a route needs a
marker that it stands (now, from now on, all). Questions, hypotheticals, one-off plans and other
people's decisions are read by the caller (`classify.not_own`).
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

import re

from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.cues import Cue
from jobs.microsync.rules.structure import SYSTEM_PART

# Parts of a system beyond `structure.SYSTEM_PART` and `lexicon.ARCH_COMPONENT`: layers, proxies, edges.
COMPONENT = lx.cue(lambda lang: lang.topology.component)

PLACED = lx.cue(lambda lang: lang.topology.placed)
# The object of a removal (named group `obj`), its component checked apart.
_REMOVED = lx.phrases(lambda lang: lang.topology.removed)
# A removal of what is at hand or of a piece of text is an edit, not a change of the system.
EDIT_OBJECT = lx.cue(lambda lang: lang.topology.edit_object)
BOUNDARY = lx.cue(lambda lang: lang.topology.boundary)
ROUTED = lx.cue(lambda lang: lang.topology.routed)
_STANDING = re.compile(lx.alternation(lambda lang: lang.topology.standing), re.I)
_ROUTE_NOUN = re.compile(lx.alternation(lambda lang: lang.topology.route_noun), re.I)


def grouped(alternatives: tuple[str, ...]) -> tuple[Cue, tuple[re.Pattern[str], ...]]:
    """A gate over alternatives that each name a group (which one alternation cannot), and each compiled."""
    bare = tuple(re.sub(r"\(\?P<\w+>", "(?:", a) for a in alternatives)
    return Cue(bare), tuple(re.compile(a, re.I) for a in alternatives)


REMOVED, _REMOVED_RX = grouped(_REMOVED)


def _component(text: str) -> bool:
    return bool(COMPONENT.search(text) or SYSTEM_PART.search(text) or lx.ARCH_COMPONENT.search(text))


def _removal(probe: str) -> bool:
    for rx in _REMOVED_RX:
        for m in rx.finditer(probe):
            obj = m.group("obj")
            if _component(obj) and not EDIT_OBJECT.search(obj):
                return True
    return False


def topological(probe: str) -> bool:
    """Does the sentence place, remove or wall off a component, or route data through one?"""
    if (PLACED.search(probe) or BOUNDARY.search(probe)) and _component(probe):
        return True
    if ROUTED.search(probe) and _ROUTE_NOUN.search(probe) and _STANDING.search(probe) and _component(probe):
        return True
    return REMOVED.may_match(probe.lower()) and _removal(probe)


GATES = (PLACED, REMOVED, BOUNDARY, ROUTED)
