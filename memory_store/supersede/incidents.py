"""An incident is no change the user makes (docs/design.md §6.4): "the session cache Redis was shut down
by ops for maintenance at 2am", "the Celery worker got killed by the OOM killer", "process prefect … โดน
kill", "Redis ถูกทีม infra ปิดไปตอนซ่อมบำรุง", "Loki 的进程被运维 kill 掉了". Something happened to the thing
chosen; nobody chose to stop using it. The retire verb of a reversal is read as an incident when, in its
clause:

- it is said in the adversative passive of Thai โดน right before it (a few words between, who did it), or
  of Chinese 被 with someone named other than the speaker doing it ("被运维", not "被我 / 被我们 / 被团队"); or
- it is a passive — English be/get, Thai ถูก, Chinese 被 with no doer — said of an outage (for maintenance,
  for a few hours, by mistake, during an upgrade, ซ่อมบำรุง, 维护, 临时) or of a running thing killed ("got
  killed", "โดน kill", "被 kill 掉了").

Never when the statement names what is used instead ("…, systemd timers from now on", "ย้ายไป Hetzner",
"… แทน", "改用 …", "以后用 …", "replaced by NATS"): a replacement said is a change made, whoever switched the old
thing off. A migration is a change too, not an outage.

The retire of one running copy of a thing ("the Redis replica in us-east", "two Redis pods", "the
Celery worker process") is `retired.instance_retired`'s (its running copies, `RUNNING_COPY`).

The user's own retire, passive or not, is no incident: "the Twilio account was cancelled", "Loki 被我
关掉了", "ปิด Twilio ไปแล้ว". Pure: text in, a yes or no out."""
from __future__ import annotations

import re

from memory_store.supersede.subject import normalise

# Where the clause of a cue starts and ends.
_CLAUSE_BREAK = re.compile(r"[.;:!?，。；：！？\n]|\b(?:and|but|so|then)\b|แต่|但是|但|然后")
# An adversative passive before the verb: Thai โดน / ถูก (who did it between, a few words), Chinese 被 and
# the doer (not the speaker).
# (not ถูก as cheap or right: "ถูกกว่า", "ถูกต้อง")
_TH_PASSIVE = re.compile(r"(?:โดน|ถูก(?!กว่า|ต้อง|ใจ|มาก|ดี|ๆ|ที่สุด))\s*(?:[^\s]{0,12}\s*){0,2}$")
_ZH_PASSIVE = re.compile(r"被\s*([^，。,.;；]{0,8}?)\s*$")
_ZH_SELF = re.compile(r"^(?:我们|我|咱们|咱|大家|团队|我们团队)")
_TH_ADVERSATIVE = re.compile(r"โดน\s*(?:[^\s]{0,12}\s*){0,2}$")
# An English passive right before the verb: be / get, an adverb at most.
_EN_PASSIVE = re.compile(r"\b(?:was|were|is|are|has been|have been|had been|got|gets|get|getting|just got)"
                         r"\s+(?:\w+ly\s+)?$")
# What says an outage in the clause: a while, maintenance, an accident, an upgrade or a crash.
_OUTAGE = re.compile(
    r"\b(?:maintenance|for (?:a few|a couple of|an?|\d+|one|two|three|several) (?:minutes?|hours?|mins?)"
    r"|temporarily|briefly|for a (?:while|bit)|by (?:mistake|accident)|accidentally|during (?:the|an|a) "
    r"(?:upgrade|outage|incident|maintenance)|oom|out of memory|crash(?:ed)?)\b"
    r"|ซ่อมบ(?:ำ|ํา)รุง|ชั่วคราว|ล่ม|แครช|维护|維護|临时|臨時|暂时|暫時|宕机|崩溃|挂了", re.IGNORECASE)
# What names the thing used instead: a replacement said is a change made.
_INSTEAD = re.compile(
    r"\b(?:instead|from now on|going forward|replaced (?:by|with)|switch(?:ed|ing)? to|mov(?:ed|ing) to"
    r"|migrat(?:ed|ing|ion) to|we(?:'re| are) on|(?:goes|go|going) to|now on)\b"
    r"|แทน|ย้ายไป|ต่อไปใช้|ต่อไปนี้|เปลี่ยนไป|เปลี่ยนเป็น|หันไปใช้|ตอนนี้ใช้"
    r"|改用|改成|换成|換成|改走|走|以后|以後|今后|今後|替换|替換|取代|迁到|迁移到|遷到|换到|換到", re.IGNORECASE)
# A running thing killed: English "kill" in a passive is always something that happened to it.
_KILLED = re.compile(r"\b(?:oom[- ])?kill(?:ed)?\b", re.IGNORECASE)


def _clause(text: str, at: int) -> tuple[int, int]:
    begin = max((m.end() for m in _CLAUSE_BREAK.finditer(text, 0, at)), default=0)
    end = _CLAUSE_BREAK.search(text, at)
    return begin, end.start() if end else len(text)


def happened_to(text: str, cue: str) -> bool:
    """Is the reversal `cue` of `text` (its first place) said as something that happened to the thing, an
    incident, not a change made?"""
    folded = normalise(text)
    at = folded.find(cue.casefold())
    if at < 0:
        return False
    if _INSTEAD.search(folded):
        return False
    begin, end = _clause(folded, at)
    before, clause = folded[begin:at], folded[begin:end]
    if _TH_ADVERSATIVE.search(before):
        return True
    zh = _ZH_PASSIVE.search(before)
    if zh is not None and zh.group(1).strip() and not _ZH_SELF.match(zh.group(1)):
        return True
    passive = _EN_PASSIVE.search(before) or _TH_PASSIVE.search(before) or zh
    return passive is not None and (_OUTAGE.search(clause) is not None or _KILLED.search(clause) is not None)
