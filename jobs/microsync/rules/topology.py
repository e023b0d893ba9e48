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
COMPONENT = Cue((
    r"\b(?:sidecar|layer|proxy|reverse proxy|cdn|load ?balancer|lb|middleware|bff|nginx|envoy|haproxy|traefik|varnish|"
    r"memcached|rabbitmq|nats|sqs|sns|pub/?sub|event bus|bus|broker|replica|read replica|collector|agent|lambda|"
    r"microservice|schema|tenant db|message queue|api gateway|edge|waf|firewall|vpc|cluster)s?\b",
    r"เลเยอร์", r"ชั้น", r"พร็อกซี", r"ดาต้าเบส", r"database", r"\bdb\b", r"cache", r"queue", r"proxy", r"sidecar",
    r"gateway", r"bff", r"cdn", r"schema",
    r"代理", r"网关", r"中间件", r"消息队列", r"负载均衡", r"一层", r"那层", r"这层", r"边车", r"库", r"从库", r"副本", r"nginx",
))

PLACED = Cue((
    r"\b(?:add|adds|adding|added|put|puts|putting|introduc(?:e|es|ed|ing)|stick|sticking|place|placing|insert|inserting|"
    r"there'?s now|we now have|now (?:has|have)|(?:is|are) now)\b.{1,50}?\b(?:in front of|between|behind|on top of|ahead of|sits? before)\b",
    r"(?:เพิ่ม|ใส่|วาง|คั่น|มี)\s?\S.{0,40}?(?:ไว้)?(?:ข้างหน้า|ด้านหน้า|คั่นระหว่าง|ระหว่าง|(?<![ก-๛])หน้า(?:\s?\S))",
    r"在.{1,24}?(?:前面|前头|前边|之前|之间|中间|后面)(?:再)?(?:加|放|挂|套|插|引入|部署)",
    r"(?:前面|之间|中间)(?:再)?(?:加|放|挂|套|插)了?(?:一层|一个|个)?",
))
# The object of a removal (named group `obj`), its component checked apart.
_REMOVED = (
    # "remove/drop/kill the X" is mostly a task at hand (kill the worker process); these verbs retire a part.
    r"\b(?:get(?:ting)? rid of|got rid of|rip(?:ping)? out|ripped out|tear(?:ing)? out|decommission(?:s|ing|ed)?|"
    r"sunset(?:s|ting)?|retir(?:e|es|ing|ed)) (?P<obj>[^,.;:!?]{1,40})",
    r"(?:เอา|ถอด|ตัด|ยก|ถอน)\s?(?P<obj>\S.{0,30}?)\s?ออก",
    r"把(?P<obj>.{1,16}?)(?:去掉|拿掉|砍掉|下掉|撤掉|干掉|移除|删掉|拆掉)",
    r"(?:去掉|拿掉|砍掉|下掉|撤掉|干掉|移除)(?:了)?(?P<obj>.{1,16})",
)
# A removal of what is at hand or of a piece of text is an edit, not a change of the system.
EDIT_OBJECT = Cue((
    r"\b(?:this|that|these|those|it|line|lines|comment|comments|log line|print|typo|word|import|imports|variable|"
    r"function|test|tests|file|files|branch|key|entry|entries|flag|field|column|row|button|step|item|todo|process|"
    r"directory|dir|folder|container|pod|table|re-?run|rebuild|restart|retry)s?\b",
    r"บรรทัด", r"คอมเมนต์", r"นี้", r"นั้น", r"ตัวแปร", r"ไฟล์", r"ปุ่ม", r"ก่อน", r"รันใหม่",
    r"这", r"那(?!一?层)", r"行", r"注释", r"变量", r"文件", r"函数", r"按钮", r"字段", r"测试", r"先", r"重跑",
))
BOUNDARY = Cue((
    r"\b(?:talks?|speaks?|connects?|calls?|goes|reads?|writes?) (?:only )?(?:to|through|via) (?:the )?\S+(?: \S+)? only\b",
    r"\bonly (?:talks?|speaks?|connects?|calls?|goes|reads?|writes?) (?:to|through|via)\b",
    r"\b(?:each|every|per) (?:tenant|customer|client|team|region|org|organi[sz]ation|service)s? (?:gets?|has|have|owns?) (?:its|their) own\b",
    r"\b(?:one|a|its own|a separate) (?:\S+ )?(?:database|db|schema|queue|bucket|cluster|namespace) per (?:tenant|customer|client|team|region|service)\b",
    r"(?:ต่อ|แต่ละ|ทุก)\s?(?:tenant|ลูกค้า|ทีม|region|service|เซอร์วิส).{0,30}?(?:ของตัวเอง|แยก)",
    r"แยก\s?\S.{0,24}?(?:ต่อ|ตาม|แต่ละ)\s?(?:tenant|ลูกค้า|ทีม|region|service|เซอร์วิส)",
    r"(?:คุย|เรียก|ต่อ|ติดต่อ)(?:กับ|ผ่าน)\s?\S+\s?(?:อย่างเดียว|เท่านั้น)",
    r"每个(?:租户|客户|团队|服务|区域).{0,8}?(?:单独|独立|自己)",
    r"只(?:能)?(?:跟|和|与|通过|经过|调用?|连)\s?\S+?\s?(?:通信|交互|打交道|调用|访问|连接|说话|走)?",
))
ROUTED = Cue((
    r"\b(?:go|goes|flow|flows|are routed|is routed|get routed|gets routed|run|runs) (?:all )?(?:through|via) (?:the )?\S+",
    r"(?:วิ่ง|ไหล|ส่ง)\s?ผ่าน\s?\S+",
    r"(?:都|全部|统一)?(?:走|经过|经由|通过)\s?\S+?\s?(?:了|转发|发送|投递)?",
))
_STANDING = re.compile(r"\b(?:now|from now on|going forward|all|every|always)\b|แล้ว|ทั้งหมด|ต่อไป|ทุก|现在|以后|全部|所有|都|统一|一律", re.I)
_ROUTE_NOUN = re.compile(r"\b(?:events?|messages?|writes?|reads?|traffic|requests?|calls?|jobs?|data|logs?|payments?|emails?|notifications?|uploads?)\b|event|ข้อมูล|ข้อความ|request|คำขอ|事件|消息|请求|流量|写入|数据|日志|上传", re.I)


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
