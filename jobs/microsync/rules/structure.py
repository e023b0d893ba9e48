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
from jobs.microsync.rules.cues import Cue

CONF_STRUCTURE = 0.85   # an architecture change read from its form, without a cue word

MOVEMENT = Cue((
    # "we're moving to X" switches what the team uses (a Decision); a part of the system moving is structure.
    r"(?<!\bwe )(?<!\bwe're )(?<!\bwe are )(?<!\bI'm )(?<!\blet's )\b(?:moves?|moving|goes|going|migrates?|migrating|is migrated|are migrated) (?:over )?(?:to|into|onto|behind|off|out of)\b",
    r"\b(?:comes?|coming) out of\b", r"\b(?:sits?|lives?|goes|moves?) behind\b",
    r"\b(?:split|splitting|pull|pulling|spin|spinning|carve|carving|break|breaking|factor|factoring)(?: \S+){1,4}? (?:out|off)\b",
    r"\b(?:split|spin|carve|break|factor)(?:s|ting|ning|ing)? (?:out|off)\b",
    r"\b(?:merg|fold)(?:e|es|ed|ing) (?:\S+ ){1,4}?into\b", r"\b(?:merged|folded) into\b",
    r"\breplac(?:e|es|ing) (?:\S+ ){1,4}?with\b", r"\b(?:is|are|gets?|get) replaced (?:by|with)\b",
    r"\b(?:in|into|to) (?:its|their) own (?:service|worker|process|repo|package|module|database|db|queue|app|lambda|container)s?\b",
    r"ย้าย\s?(?!ไป)\S.{0,40}?ไป", r"แยก.{0,40}?ออก(?:มา|ไป)?", r"รวม.{0,40}?เข้า(?:กับ|ไป)", r"เป็น\s?\S{0,12}\s?ของตัวเอง",
    r"把.{1,24}?(?:拆出|拆成|拆分|拆到|迁到|迁移到|迁去|挪到|搬到|合并到|并入|换成|放到|移到|丢进|放进|扔进)", r"拆出来", r"(?:迁移?|挪|搬|移)到",
    r"(?:单独|独立)(?:的|出来)?(?:服务|进程|worker|仓库|模块)",
))
SYSTEM_PART = Cue((
    r"\b(?:auth|authentication|login|sessions?|search|payments?|billing|checkout|notifications?|emails?|uploads?|"
    r"thumbnails?|reports?|reporting|logging|logs|metrics|api|apis|frontend|backend|front end|back end|code|module|"
    r"worker|workers|jobs|queue|cache|gateway|monolith|service|services|database|db|storage|store|endpoint|endpoints|"
    r"cron|scheduler|pipeline|app|server)\b",
    r"ระบบ", r"service", r"เซอร์วิส", r"payment", r"ฐานข้อมูล", r"คิว", r"แคช", r"session",
    r"服务", r"模块", r"搜索", r"支付", r"鉴权", r"认证", r"登录", r"通知", r"日志", r"队列", r"缓存", r"前端", r"后端",
    r"单体", r"数据库", r"存储", r"接口", r"网关", r"缩图", r"worker",
))
_TIME_DEST = Cue((
    r"\b(?:to|into|until|till) (?:mon|tues|wednes|thurs|fri|satur|sun)day\b", r"\bto (?:tomorrow|tonight|next|later|the afternoon|the morning)\b",
    r"\bto (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b", r"\bmeeting\b", r"\bcall\b", r"\bappointment\b",
    r"ไป(?:พรุ่งนี้|วัน|สัปดาห์|อาทิตย์|เดือน)", r"ประชุม", r"นัด",
    r"(?:到|去)(?:明天|下周|周[一二三四五六日]|星期|下个月|下午|上午)", r"会议", r"开会",
))


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
