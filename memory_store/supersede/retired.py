"""The thing a retire verb takes out of use (docs/design.md §6): "turn off the telegram bot", "remove
Telegram", "ปิด telegram bot ไปเลย", "关掉 telegram bot，只用 LINE".

A choice ("Telegram for internal pings") is reversed by a statement that retires the thing it chose,
however little else the two share: the one name they share is what the choice was. The thing is the
Latin words right after a verb of cues/*.txt [retire] (a determiner skipped), and only where the
phrase ends there — a clause break, "and", "now", a Thai or Chinese particle (ไป, เลย, 了): "turn
off Redis persistence" retires a setting of Redis, not Redis. The rest of the phrase after the name
is the earlier entry's words or makes one tool's name with it ("telegram bot", roles/*.txt).

The thing may stand before its verb, as the topic of a clause of its own ("Shelly 不再用了", "Mirth 已经下线",
"RabbitMQ 那套下个月下线", "Twilio 的账号 Tan 昨天已经停掉了", "บัญชี Twilio ปิดไปแล้ว", "the Twilio account was
cancelled", "B2 那个 bucket 我昨晚已经删了"), who and when between them; nothing may follow the verb but its
particles. The service's account, subscription or bucket beside its name is the whole of it
(`_WHOLE`); any other word after the name is a part of it ("Sentry 的邮件告警关掉了", "Redis persistence was
turned off"), which retires nothing of the choice.

A retire said with a subject of its own — the thing before its verb, "we" before it, or said before
a switch of something else ("我们不再用 Nuxt，预约前端改用 Vue 3") — retires the thing wherever it was
used; one said after a switch with no subject of its own ("限流器现在改走令牌桶，不再用 Redis 了") goes on
that switch: it retires the thing for the switched subject only (`Retired.own`).

A retire verb under a no in its clause keeps the thing ("never disable Telegram", "nobody may remove
Telegram", "อย่าปิด telegram bot", "别关掉 telegram", "禁止关掉 telegram"), and one said of every time ("ลบ
Redis cache ก่อน deploy ทุกครั้ง", "before every release, delete the Redis cache") is upkeep of the thing,
not its end: neither retires it.

The name is a name: written with a capital inside a sentence, a Latin word inside Thai or Chinese
text, or a tool of the role files; a role noun ("the cache") or a plain word capitalised only
because a title starts with it chooses nothing.

Pure: text in, a cue or None out.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from memory_store.hanzi import to_simplified
from memory_store.stemming import stem
from memory_store.supersede.lexicon import Lexicon
from memory_store.supersede.subject import normalise, said_in, subject_tokens

# Words that name the whole of a service one holds: its account, its subscription, its bucket ("the
# Twilio account", "Twilio 的账号", "บัญชี Twilio", "B2 那个 bucket").
_WHOLE = (r"(?:accounts?|subscriptions?|buckets?|instances?|servers?|clusters?|workspaces?|licen[cs]es?"
          r"|账号|账户|帐号|帐户|订阅|套餐|实例|服务器|集群|丛集|บัญชี|แพ็[กค]เกจ|เซิร์ฟเวอร์)")
WHOLE = re.compile(_WHOLE)
# Where the phrase of a thing ends: a clause break, "and", "now", a particle, a day said after it.
_END = (r"(?=\s*(?:$|[,.;:!?，。；：！？、()\n—–]|-\s"
        r"|\s(?:and|then|now|too|completely|entirely|altogether|for good|as well|already|today|yesterday"
        r"|last\s+(?:night|week|month|friday|monday)|this\s+(?:morning|week))\b"
        r"|(?:ไป|เลย|แล้ว|ทิ้ง|ด้วย|นะ|ออก|ก่อน|ใช้|了|吧|掉|改用|换成|只用|用)))")
# The phrase after the verb: up to three Latin words (a Thai or Chinese word for the whole before
# them, its account after them), then an end (the shortest that has one).
_THING = re.compile(
    rf"\s*(?:(?:the|our|my|this|that|all|old|existing)\s+)*(?:{_WHOLE}\s*)?"
    r"([a-z][\w.+-]*(?:\s+[a-z][\w.+-]*){0,2}?)"
    rf"(?:\s*(?:'s|的|那个|的那个|ของ)?\s*{_WHOLE})?{_END}")
# The thing before its verb, the topic of a clause of its own (matched on the text as written, not
# folded: who did it is a capitalised name, "Tan 昨天已经停掉了"). Thai and Chinese: the name (a Thai or
# Chinese word for the whole before it, its account after it), who and when, the verb, its particles,
# then the clause ends.
_WHO_WHEN = (r"(?:我们|我|咱们|他们|他|她|大家|昨天|昨晚|前天|今天|今早|今晚|上周|上个月|下个月|下周|下学期|月底|年底"
             r"|已经|早就|都|也|就|刚刚|刚才|刚|这周|本周|之前|周[一二三四五六日天]|\(\d{4}-\d\d-\d\d\)"
             r"|เมื่อวาน|เมื่อคืน|วันนี้|ถูก|โดน|ก็|(?-i:[A-Z][a-z]+))")
_TOPIC = re.compile(
    rf"(?:(?<=[^\w.+-])|^)(?:{_WHOLE}\s*)?([a-z][\w.+-]*(?:[ ][a-z][\w.+-]*)?)"
    rf"(?:\s*(?:的|那个|这个|那套|这套|那台|那支|ของ)?\s*{_WHOLE})?"
    rf"(?:\s*{_WHO_WHEN}){{0,5}}\s*"
    r"(不再用|不用|停掉|停用|停了|关掉|关闭|关了|下线|删掉|删了|删除|撤掉|砍掉|弃用|废弃|注销|退订"
    r"|ปิด|เลิกใช้|ยกเลิก|ลบ|ถอด)"
    r"(?:\s*(?:了|掉|啦|吧|ไป|แล้ว|เลย|ทิ้ง|นะ|ครับ|ค่ะ|เมื่อวาน|เมื่อคืน))*\s*"
    r"(?=$|[,.;:!?，。；：！？、)\n])", re.IGNORECASE | re.MULTILINE)
# English: "(the) Twilio (account) was cancelled", "the B2 bucket got deleted".
_PASSIVE = re.compile(
    rf"\b([a-z][\w.+-]*(?:\s+[a-z][\w.+-]*)?)(?:'s)?(?:\s+{_WHOLE})?"
    r"\s+(?:was|were|is|are|has been|have been|had been|got|gets|get|is being|just got)\s+(?:\w+ly\s+)?"
    r"(closed|cancell?ed|deleted|shut (?:down|off)|turned off|switched off|decommissioned|retired|removed|killed"
    r"|dropped|phased out|terminated|deactivated|disabled|uninstalled)\b")
# Words before the verb that are its subject: the retire is said of the thing everywhere.
_SUBJECT = re.compile(r"\b(?:we|i|our team|the team)\s+(?:have\s+|had\s+|just\s+|now\s+)?$"
                      r"|(?:我们|我|咱们|大家|เรา|ผม|ฉัน|หนู|พี่)\s*(?:已经|就|也|都)?\s*$")
# A capitalised word that does not open a sentence.
_INNER_NAME = re.compile(r"(?<![.!?:]\s)(?<!^)\b[a-z0-9]*[A-Z][\w.+-]*", re.MULTILINE)
_OTHER_SCRIPT = re.compile(r"[\u0e00-\u0e7f\u3400-\u9fff]")
# A no or a prohibition before the verb in its clause: the thing is kept. ("don't forget to", อย่าลืม,
# 别忘了 ask for it.)
_KEPT = re.compile(
    r"\b(?:never|not|don'?t|do not|doesn'?t|does not|didn'?t|did not|won'?t|will not|shouldn'?t|should not"
    r"|must not|mustn'?t|may not|can'?t|cannot|nobody|no one|hasn'?t|haven'?t|isn'?t|aren'?t|wasn'?t|weren'?t"
    r")\b(?!\s*(?:forget|fail)\b)"
    r"|(?:อย่า|ห้าม|ไม่ต้อง|ไม่ให้|ยังไม่|别|不要|禁止|不准|不许|不能|不得|不可以|不用|不必|勿|没)(?!ลืม|忘)")
# Where the clause before a verb starts.
_CLAUSE_START = re.compile(r"[,.;:!?，。；：！？\n]|\b(?:and|but|then|so)\b|แล้ว|แต่|然后|但|所以")
# Where the sentence of a verb ends.
_SENTENCE_END = re.compile(r"[.;!?。；！？\n]")
# A retire said of every time: upkeep, not the thing's end.
_RECURRING = re.compile(
    r"\b(?:every|each)\s+(?:time|day|night|morning|evening|week|month|hour|release|deploy\w*|build|run|sprint"
    r"|launch|restart|commit|merge|push|test|session|cycle)s?\b|\b(?:before|after|on|at|with)\s+(?:every|each)\b"
    r"|\bwhenever\b|ทุกครั้ง|ทุกรอบ|ทุกที|ทุกวัน|ทุกคืน|ทุกเช้า|ทุกสัปดาห์|ทุกอาทิตย์|每次|每回|每当|每逢|每天|每晚|每周")


def _kept(folded: str, start: int) -> bool:
    """Is the retire verb at `start` of `folded` under a no in its clause, or said of every time?"""
    before = folded[:start]
    cut = max((m.end() for m in _CLAUSE_START.finditer(before)), default=0)
    if _KEPT.search(before[cut:]):
        return True
    begin = max((m.end() for m in _SENTENCE_END.finditer(before)), default=0)
    end = _SENTENCE_END.search(folded, start)
    return _RECURRING.search(folded[begin:end.start() if end else len(folded)]) is not None


@dataclass(frozen=True)
class Retired:
    cue: str        # the verb as said
    thing: str      # the thing's words, folded (its account left out)
    at: int         # where the verb stands in the folded text
    own: bool       # said with a subject of its own: the thing before it, "we", or before a switch


def _whole_dropped(thing: str) -> str:
    """The thing's words without a word for the whole at their end ("twilio account" -> "twilio")."""
    words = thing.split()
    while len(words) > 1 and WHOLE.fullmatch(words[-1]):
        words.pop()
    return " ".join(words)


# Verbs of a retire said as done ("cancelled", "停掉"): `retire_kept`.
_DONE = re.compile(r"cancel|deleted|closed|shut|turned off|switched off|disabled|removed|decommission|retired|killed"
                   r"|dropped|停|关|删|下线|撤|砍|弃|废|注销|退订|ปิด|ยกเลิก|ลบ|ถอด|เลิกใช้", re.IGNORECASE)


_NO_BEFORE = re.compile(r"(?:\b(?:not|never|hasn'?t|haven'?t|hadn'?t|isn'?t|aren'?t|wasn'?t|weren'?t|didn'?t|don'?t"
                        r"|doesn'?t|won'?t)(?:\s+(?:been|be|yet|ever|get|got|have))*\s*"
                        r"|(?:还没有?|没有?|未|尚未|别|不要)\s*|(?:ยังไม่(?:ได้)?|ไม่ได้|อย่า)\s*)$")


def retire_kept(folded: str, at: int, cue: str, lexicon: Lexicon) -> bool:
    """Is the reversal cue `cue` at `at` of `folded` a retire verb under a no in its clause ("Twilio 的账号还没
    停掉", "the Twilio account hasn't been cancelled yet", "บัญชี Twilio ยังไม่ได้ปิด")? Then nothing is retired."""
    if lexicon.cues["retire"].fullmatch(cue) is None and _DONE.search(cue) is None:
        return False
    # (the no in the verb's own phrase, a word or two before it: "hasn't been cancelled", "never turned
    # off", "还没停掉", "ยังไม่ได้ปิด"; not one further back in the clause, "since the vendor can't …, we
    # dropped X")
    return _NO_BEFORE.search(folded[:at]) is not None


def retired_things(text: str, lexicon: Lexicon, switch_at: int | None = None) -> list[Retired]:
    """Each retire verb of `text` with its thing right after it, or before it as the topic of its
    clause, not under a no nor said of every time. `switch_at`: where a switch of another thing
    stands in the folded text (memory_store/supersede/switched.py), for `Retired.own`."""
    folded = normalise(text)
    out = []
    for m in lexicon.cues["retire"].finditer(folded):
        if _kept(folded, m.start()):
            continue
        thing = _THING.match(folded, m.end())
        if thing:
            before = folded[:m.start()]
            own = switch_at is None or m.start() < switch_at or _SUBJECT.search(before) is not None
            out.append(Retired(m.group(0).strip(), _whole_dropped(thing.group(1).strip().rstrip(".")), m.start(), own))
    # (the text as written, for a capitalised name of who did it; casefolding keeps the positions of
    # these scripts)
    written = to_simplified(unicodedata.normalize("NFKC", text))
    for pattern in (_TOPIC, _PASSIVE):
        for t in pattern.finditer(written):
            if _kept(folded, t.start(2)):
                continue
            out.append(Retired(t.group(2).strip(), _whole_dropped(normalise(t.group(1)).strip().rstrip(".")),
                               t.start(2), True))
    return out


# A part of a named thing retired: "Sentry 的邮件告警已经关掉了", "关掉 Sentry 的邮件告警", "the Sentry
# email alerts were turned off", "turn off Redis persistence" (`parts_retired`).
_ZH_PART = r"([\u4e00-\u9fff]{2,6}?)"
_PART_FORMS = (
    re.compile(rf"(?<![\w.+-])([a-z][\w.+-]*)\s*(?:的)?\s*{_ZH_PART}\s*(?:{_WHO_WHEN}\s*){{0,4}}"
               r"(不再用|停掉|停用|关掉|关闭|关了|下线|删掉|删了|删除|撤掉|砍掉|弃用|废弃)", re.IGNORECASE),
    re.compile(rf"(关掉|关闭|停掉|停用|删掉|删除|撤掉|砍掉|去掉|下线)\s*([a-z][\w.+-]*)\s*的\s*{_ZH_PART}(?=$|[^\u4e00-\u9fff]|了)",
               re.IGNORECASE),
    re.compile(r"\b([a-z][\w.+-]*)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:was|were|is|are|has been|have been|got|gets)\s+"
               r"(turned off|switched off|shut (?:down|off)|disabled|removed|deleted|dropped|killed|retired)\b",
               re.IGNORECASE),
)


# What a tool does beside being used, switched off on its own: its alerts, notifications, emails,
# persistence, logging, backups, webhooks, reminders (a closed list: "the Heroku dyno", "the Kafka
# brokers", "the rebuild job" are the thing itself).
_FEATURE = re.compile(r"\b(?:alerts?|alerting|notifications?|emails?|persistence|logging|logs|backups?|replication"
                      r"|snapshots?|webhooks?|reminders?|digests?|auto-?scaling|telemetry|tracking|analytics)\b"
                      r"|告警|报警|通知|邮件|提醒|持久化|日志|备份|快照|推送|การแจ้งเตือน|แจ้งเตือน|อีเมล", re.IGNORECASE)
_DEMONSTRATIVE = re.compile(r"^(?:那个|这个|那套|这套|那台|那支)")
_FILLER = re.compile(rf"(?:{_WHO_WHEN})+", re.IGNORECASE)


def parts_retired(text: str, lexicon: Lexicon) -> list[tuple[str, str, str]]:
    """(the retire verb, a name, a part of it) for each retire of a named thing's part in `text`: the
    name followed by a word that is not the whole of it (`_WHOLE`), not under a no."""
    folded = normalise(text)
    out = []
    for found in retired_things(text, lexicon):
        words = found.thing.split()
        if len(words) > 1 and _FEATURE.search(" ".join(words[1:])):
            out.append((found.cue, words[0], " ".join(words[1:])))
    for n, pattern in enumerate(_PART_FORMS):
        for m in pattern.finditer(folded):
            at = m.start(1) if n == 1 else m.start(3)
            verb, name, part = (m.group(1), m.group(2), m.group(3)) if n == 1 else (m.group(3), m.group(1), m.group(2))
            part = _DEMONSTRATIVE.sub("", part)
            if part and name not in lexicon.stop and _FEATURE.search(part) and not _kept(folded, at):
                out.append((verb, name, part))
    return out


def _is_name(word: str, texts: tuple[str, ...], lexicon: Lexicon) -> bool:
    """Is `word` (folded) written as a name in one of `texts` (as written): a capital inside a
    sentence, or a Latin word in Thai or Chinese text?"""
    for text in texts:
        if any(m.group(0).casefold().rstrip(".") == word for m in _INNER_NAME.finditer(text)):
            return True
        if _OTHER_SCRIPT.search(text) and re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", normalise(text)):
            return True
    return False


def retires(text: str, old_title: str, old_full: str, lexicon: Lexicon,
            things: list[Retired] | None = None) -> Retired | None:
    """The retire of `text` (of `things`, its `retired_things`) whose thing is the name the earlier
    entry's title chose, or None."""
    title = subject_tokens(old_title, lexicon)
    old = subject_tokens(old_full, lexicon)
    for found in retired_things(text, lexicon) if things is None else things:
        words = found.thing.split()
        first = stem(words[0])
        # (a name of two letters has a digit: "B2", "S3", "R2"; "it" and "db" are no names)
        if len(first) < (2 if any(c.isdigit() for c in first) else 3) or not first[0].isalpha() \
                or not said_in(first, title) or lexicon.is_noun(words[0]):
            continue
        roles = lexicon.roles_of(found.thing)
        tool = any(t == found.thing and not lexicon.is_noun(t) for terms in roles.values() for t in terms)
        rest = [stem(w) for w in words[1:]]
        if not tool and not all(said_in(w, old) for w in rest):
            continue
        if tool or _is_name(words[0], (text, old_full), lexicon):
            return found
    return None


# One of several of a thing, picked out by a word: its old, test, trial, staging or spare one ("the
# Stripe test account", "the old S3 staging bucket", "เบอร์ทดสอบ", "测试号码"): retired, the thing itself
# is still what is used (`instance_retired`).
_INSTANCE = re.compile(
    r"\b(?:old|older|stale|unused|spare|legacy|previous|test|testing|trial|sandbox|staging|demo|temp|temporary"
    r"|backup|secondary|extra|dummy)\b|เก่า|ทดสอบ|ทดลอง|สำรอง|ชั่วคราว|旧|老的|测试|试用|备用|临时|多余",
    re.IGNORECASE)
# One running copy of a thing among several: its replica, pod, process, shard, node or container ("the Redis
# replica in us-east", "two Redis pods", "Loki 的一个副本"): retired, the thing itself still runs
# (memory_store/supersede/incidents.py: what happens to a running thing is no change either).
RUNNING_COPY = re.compile(r"\b(?:replicas?|pods?|process(?:es)?|shards?|nodes?|containers?)\b"
                          r"|副本|从库|进程|节点|容器|โหนด|โปรเซส|เรพลิกา", re.IGNORECASE)
# Where the clause of a retire verb starts and ends (a comma, a point, "and", "but", "so": not a Thai
# space, which stands between the name and its particles, "ลบ key เก่าใน redis ทิ้งแล้ว").
_CLAUSE_BREAK = re.compile(r"[,.;:!?，。；：！？、\n]|\b(?:and|but|so|because|since|while)\b|แต่|เพราะ|但|所以|因为")
_DETERMINERS = re.compile(r"\b(?:the|a|an|our|my|their|its|this|that|these|those|all|some|any|both|last|remaining"
                          r"|whole|entire|only|single|every|each)\b|[把将都也]")
# The name inside what is retired: "the stale keys in Redis", "replica เก่าของ Postgres", "Redis 里的旧 key".
_INSIDE_BEFORE = r"(?:\b(?:in|inside|within|of|from)\s+(?:the\s+|our\s+|my\s+)?|(?:ใน|ของ|บน|จาก)\s*)$"
_INSIDE_AFTER = re.compile(r"^\s*(?:里|裡|上|中|内|內)的?\s*")
# What stands after a name inside its phrase: Latin words (two at most) up to where the phrase ends.
_AFTER_NAME = re.compile(r"^\s+((?:[a-z][\w-]*\s+){0,1}[a-z][\w-]*)(?=\s+(?:was|were|is|are|has|have|had|got|gets|get"
                         r"|in|on|at|for|from|of|yesterday|today|last|this|now)\b|\s*$)")
_ZH_AFTER = re.compile(r"^\s*(?:里|裡|上|中|内|內)?的\s*((?:[\u4e00-\u9fff]|[a-z][\w-]*|\s)+?)\s*(?=$|[都也已就还]|了)")
_PARTICLES = re.compile(r"(?:ทิ้ง|แล้ว|ไป|เลย|ออก|หมด|ด้วย|นะ|ครับ|ค่ะ|了|掉|啦|吧)+\s*$")


def _own_words(words: str, old: dict[str, float], lexicon: Lexicon) -> bool:
    """Do `words` (folded) hold a word that is not the earlier entry's, nor a word for the whole of a
    service (its account, its instance)?"""
    rest = WHOLE.sub(" ", _DETERMINERS.sub(" ", words))
    return any(not said_in(t, old) for t in subject_tokens(rest, lexicon) if not t.startswith("@"))


# A Latin word that may be a name ("redis", "s3", "fly.io"), in folded text.
_LATIN_NAME = re.compile(r"(?<![\w.+-])[a-z][\w.+-]*[a-z0-9]|(?<![\w.+-])[a-z][0-9]")


def retire_word(cue: str, lexicon: Lexicon) -> bool:
    """Is the reversal cue `cue` a word that takes a thing out of use ("turn off", "cancelled", ยกเลิก,
    停掉), not one that moves to another ("moved to", ย้าย, 改用)?"""
    return bool(lexicon.cues["retire"].search(cue) or _DONE.search(cue.casefold()))


def instance_retired(text: str, cue: str, title: dict[str, float], old: dict[str, float], old_full: str,
                     lexicon: Lexicon) -> bool:
    """Is the reversal `cue` of `text` said of one qualified instance of a name the earlier entry's title
    (`title`, its subject tokens) chose, or of a thing kept inside it (`_instance_in_clause`)?"""
    folded = normalise(text)
    at = folded.find(cue.casefold())
    if at < 0:
        return False
    names = {w for w in _LATIN_NAME.findall(folded)
             if (len(w) >= 3 or any(c.isdigit() for c in w)) and said_in(stem(w), title)
             and not lexicon.is_noun(w) and _is_name(w, (text, old_full), lexicon)}
    return any(_instance_in_clause(folded, at, w, old, lexicon) for w in names)


def _instance_in_clause(text: str, at: int, name: str, old: dict[str, float], lexicon: Lexicon) -> bool:
    """Is the clause of the cue at `at` of the folded `text` a retire said of something kept inside `name`
    ("the stale keys in Redis", "replica เก่าของ Postgres", "Redis 里的旧 key") or of one qualified instance of
    it ("the Stripe test account", "Twilio 的测试号码"), in words the earlier entry (`old`, its subject tokens)
    does not say? The thing chosen is then still in use."""
    begin = max((m.end() for m in _CLAUSE_BREAK.finditer(text, 0, at)), default=0)
    end_m = _CLAUSE_BREAK.search(text, at)
    clause_end = end_m.start() if end_m else len(text)
    # (the retire verb of the clause: the cue may be a particle after it, "ลบ … ทิ้ง")
    verb = lexicon.cues["retire"].search(text, begin, clause_end) or _DONE.search(text, begin, clause_end)
    if verb is None or _kept(text, verb.start()):
        return False
    at = verb.start()
    for m in re.finditer(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", text[:clause_end]):
        if m.start() < begin:
            continue
        before, after = text[begin:m.start()], text[m.end():clause_end]
        # (the phrase before the name: from the verb on when the verb comes first, else the clause's start)
        lead = text[at:m.start()] if at < m.start() else before
        inside = re.search(_INSIDE_BEFORE, before)
        if inside is not None:
            # the head before the name: what the verb takes out, from the verb (or the clause start) on
            head = before[:inside.start()]
            head = head[max(0, at - begin):] if at < m.start() else head
            head = lexicon.cues["retire"].sub(" ", _DONE.sub(" ", head))
            if _own_words(head, old, lexicon):
                return True
        zh = _ZH_AFTER.match(after)
        if zh is not None:
            part = _PARTICLES.sub("", _DONE.sub(" ", zh.group(1)))
            if _own_words(part, old, lexicon) and (_INSIDE_AFTER.match(after) or _INSTANCE.search(part)
                                                   or RUNNING_COPY.search(part)):
                return True
        words = _AFTER_NAME.match(after)
        if words is not None and _own_words(words.group(1), old, lexicon) \
                and (_INSTANCE.search(f"{lead} {words.group(1)}") or RUNNING_COPY.search(words.group(1))):
            return True
    return False
