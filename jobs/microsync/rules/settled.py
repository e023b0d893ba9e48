"""Settled choices said in ordinary words: a replacement, or the user's report of what their project now uses.

- *replacement*: "swap Memcached for Redis", "Postgres instead of Mongo from here on", "use chi
  instead", เปลี่ยนจาก Mongo เป็น Postgres, เปลี่ยนจาก X ไปใช้ Y, ใช้ ClickHouse แทน, 用 Redis 替换 Memcached,
  改成 Y 了. The thing replaced is a tool, not a line, a variable or a word (`EDIT_OBJECT`).
- *status report*: the user says what their own project is on now — "we're on Postgres 16 now",
  "we moved to pnpm last week", "we've switched to Vite", "we're dropping Android 8 with the 5.0
  release", "minimum iOS is 16 now", ตอนนี้เราใช้ Postgres 16 แล้ว, เราย้ายไปใช้ pnpm, 我们现在用 Postgres 了,
  MySQL 上周就下线了. The subject is the user's side (we, our team, เรา, 我们) and the object a tool:
  a known technology or a name with a version, so "we moved to Berlin", "I'm on vacation now",
  เราย้ายไปอยู่เชียงใหม่ and 我们搬到上海了 are not.
Questions, hedges, one-off occasions and other people's choices are read by the caller (`classify.not_own`).
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

from dataclasses import replace

from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.cues import Cue
from jobs.microsync.rules.item import Item
from jobs.microsync.rules.structure import CONF_STRUCTURE, structural
from jobs.microsync.rules.topology import EDIT_OBJECT, grouped, topological

CONF_SETTLED = 0.8   # a settled choice read from its form, without a word of deciding

_REPLACED = (
    r"\bswap(?:s|ped|ping)? (?:out )?(?P<a>\S+(?: \S+)?) (?:for|with) \S+",
    r"\b(?P<a>\S+(?: \S+)?) instead of \S+(?: \S+)?,? (?:from (?:here|now) on|going forward|for good|everywhere)\b",
    r"\b(?:use|using|on) (?P<a>\S+(?: \S+)?) instead(?: of \S+)?\W*$",
    r"เปลี่ยนจาก\s?(?P<a>\S+)\s?(?:เป็น|ไป(?:ใช้|เป็น)?)\s?\S+",
    r"ใช้\s?(?P<a>\S+)\s?แทน",
    r"用\s?(?P<a>\S+?)\s?(?:替换|替代|取代|代替)",
    r"(?:从|由)\s?(?P<a>\S+?)\s?(?:换成|改成|切到|迁到|转到)\s?\S+",
)
REPLACED, _REPLACED_RX = grouped(_REPLACED)
# A tool or a technology: a known name, or a name with a version ("Postgres 16", "PyTorch 2.3", "node 20").
TOOL = Cue((
    r"\b[A-Za-z][\w.+#-]*\s?v?\d+(?:\.\d+)*\b",
    r"\b(?:pnpm|yarn|npm|bun|deno|vite|webpack|esbuild|rollup|turbopack|babel|swc|postgres(?:ql)?|mysql|mariadb|sqlite|"
    r"mongo(?:db)?|redis|memcached|kafka|rabbitmq|nats|sqs|clickhouse|elasticsearch|opensearch|dynamodb|firebase|supabase|"
    r"pytorch|jax|tensorflow|react(?: native| navigation)?|vue|svelte|angular|next(?:\.js)?|nuxt|remix|expo|flutter|"
    r"django|flask|fastapi|rails|spring|laravel|express|nestjs|gin|chi|echo|fiber|k8s|kubernetes|nomad|docker(?: compose)?|"
    r"podman|terraform|pulumi|ansible|helm|github actions|gitlab(?: ci)?|jenkins|circleci|buildkite|argo(?:cd)?|"
    r"aws|gcp|azure|vercel|netlify|fly\.io|heroku|cloudflare|grpc|graphql|rest|celery|sidekiq|temporal|airflow|"
    r"typescript|go|golang|rust|kotlin|swift|java|python|ruby|elixir|uv|poetry|pip|conda|ruff|black|eslint|prettier|biome|"
    r"jest|vitest|pytest|playwright|cypress|sentry|datadog|grafana|prometheus|loki|elk|splunk|clerk|auth0|keycloak|"
    r"okta|stripe|paddle|tailwind|zustand|redux|mobx|prisma|drizzle|sqlalchemy|alembic|flyway|liquibase|pgbouncer|"
    r"nginx|caddy|envoy|traefik|istio|linkerd|bazel|nx|turborepo|lerna|monorepo|ios|android)\b",
))
_STATUS = (
    r"\b(?:we|we've|we're|our (?:team|app|stack|project|backend|frontend|service)|the team)(?:'re| are| have| has|'ve)? (?:(?:also|now|already|finally|officially) )*(?:on|moved (?:over )?to|migrated (?:over )?to|switched (?:over )?to|upgraded to|standardi[sz]ed on|settled on|running|using|dropping|dropped|retiring|retired) (?P<a>\S+(?: \S+){0,2})",
    r"\b(?:minimum|min|default|target) (?:supported )?(?P<a>\S+(?: version)?) is (?:now )?\S+ now\b",
    r"\b(?:minimum|min|default|target) (?:supported )?(?P<a>\S+(?: version)?) is now\b",
    r"(?:ตอนนี้)?(?:เรา|ทีม(?:เรา)?|โปรเจกต์(?:เรา)?|ระบบ(?:เรา)?)\s?(?:ก็)?(?:ย้ายไป|เปลี่ยนไป|เปลี่ยนมา|ย้ายมา|อยู่บน|ใช้|อัปเกรดเป็น|อัพเกรดเป็น)\s?(?:ใช้)?\s?(?P<a>\S+(?:\s\d\S*)?)",
    r"(?:我们|我們|团队|項目|项目|我们团队)(?:现在|已经|上周|上个月|昨天|终于)?(?:都)?(?:用|改用|换成|换到|迁到|迁移到|切到|升级到|升到|跑在)(?:了)?\s?(?P<a>\S+?)(?:\s?\d\S*)?(?:了|\s|$|，|。)",
)
STATUS, _STATUS_RX = grouped(_STATUS)
# What makes a report of use settled: a time it happened or "now"; and the object is no place or person.
_SETTLED_AT = Cue((
    r"\bnow\b", r"\balready\b", r"\bofficially\b", r"\bfinally\b", r"\blast (?:week|month|sprint|quarter|year)\b", r"\byesterday\b",
    r"\bas of\b", r"\bsince\b", r"\bwith the \S+ release\b", r"\bfor good\b", r"\bfrom (?:here|now) on\b", r"\bgoing forward\b",
    r"แล้ว", r"เมื่อวาน", r"อาทิตย์ที่แล้ว", r"เดือนที่แล้ว", r"ตั้งแต่", r"ตอนนี้",
    r"了", r"现在", r"已经", r"上周", r"上个月", r"昨天", r"以后", r"从此", r"下线",
))
_NOT_TOOL = Cue((r"\b(?:vacation|holiday|leave|call|train|plane|way|phone|break|lunch|page|step|track|it|this|that|board|top)\b",
                 r"อยู่", r"รถ", r"บ้าน", r"火车", r"路上", r"假", r"家", r"这", r"那"))


def settled(probe: str) -> bool:
    """Does the sentence replace one tool with another, or report a tool the user's side is now on?"""
    low = probe.lower()
    for cue, rxs in ((REPLACED, _REPLACED_RX), (STATUS, _STATUS_RX)):
        if not cue.may_match(low):
            continue
        for m in (m for rx in rxs for m in rx.finditer(probe)):
            if EDIT_OBJECT.search(m.group("a")) or _NOT_TOOL.search(m.group("a")) or not TOOL.search(m.group(0)):
                continue
            if cue is REPLACED or _SETTLED_AT.search(probe):
                return True
    return False


def shape(probe: str) -> tuple[str, float] | None:
    """The kind and confidence of a change said without a cue word (`structure`, `topology`, `settled`)."""
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


GATES = (REPLACED, STATUS)
