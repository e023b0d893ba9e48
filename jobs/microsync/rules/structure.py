"""Structural changes said without a cue word: a part of the system moves, splits, merges or is replaced.

"auth moves to Clerk", "split search out into its own service", "the API goes behind the gateway",
ย้าย session ไปเก็บใน Redis, แยก payment ออกมาเป็น service, 把搜索拆出来, 日志迁到云厂商: the user says
where a component goes. It is an Architecture change (a Decision is its second reading, which the
kind family of the evaluation and of memory accepts).

Features, read on one sentence (its probe):
- movement: a verb of moving, splitting, merging or replacing with its destination (moves to,
  comes out of ... into, split/pull/spin X out, goes behind, merged into, replaced by, into its own
  service; ย้าย…ไป, แยก…ออก, รวม…เข้า, ของตัวเอง; 把…拆出/迁到/挪到/合并到/换成, 单独的服务);
- a system part: a component of software (auth, search, payments, notifications, the API, a
  worker, a database, 服务, 模块, ระบบ, service) named in the sentence;
- vetoes: the destination is a time (to Friday, to next week, ไปพรุ่งนี้, 挪到明天), the sentence is a
  question or a hypothetical (read by the caller).
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

from jobs.microsync.rules import lexicon as lx

CONF_STRUCTURE = 0.85   # an architecture change read from its form, without a cue word

MOVEMENT = lx.cue(lambda lang: lang.structure.movement)
SYSTEM_PART = lx.cue(lambda lang: lang.structure.system_part)
_TIME_DEST = lx.cue(lambda lang: lang.structure.time_dest)


def structural(probe: str) -> bool:
    """Does the sentence say a part of the system moves, splits, merges or is replaced?"""
    if not MOVEMENT.search(probe) or _TIME_DEST.search(probe):
        return False
    return bool(SYSTEM_PART.search(probe) or lx.ARCH_COMPONENT.search(probe))


def structure_at(probe: str) -> int:
    """Where the movement starts in the sentence (-1 when there is none)."""
    m = MOVEMENT.search(probe)
    return m.start() if m is not None and structural(probe) else -1


# What a turn must contain to hold a structural change (the extractor's one-scan gate).
GATE = MOVEMENT
