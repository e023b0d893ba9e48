"""Is a sentence with a rule word a standing rule at all? Vetoes read from the sentence's grammar.

A rule cue ("always", "never", "don't", ทุกครั้ง, ห้าม, 每次都, 以后) says what kind an item would
be; these checks say whether the words around it make a standing instruction to the agent or the
team, or something else:

- description: the frequency word describes a person or a thing, not what to do. Its subject is
  a third party ("she's always late", "it never works", "the build always fails", "my landlord
  never answers", เขามาสายทุกครั้ง, 他每次都迟到, 这个脚本每次都报错), or it sits in a relative clause
  ("the cron that always fires", "the script which never times out"), or it opens a clause whose
  main clause describes ("every time I open it, it takes ages"). A modal or an instruction word
  ("it must always", "ต้อง", "要") keeps the rule. "we always squash", "secrets never go in the
  repo" (a plural subject and a plain verb, the form of a norm) stay rules.
- pointer: the rule's content is only a pointer to a manner ("do it like this", ทำแบบนี้,
  就这么处理): with nothing after it there is nothing to keep (steps after it make a Procedure,
  read by `rules._procedure`).
- the thing at hand: an instruction about what was just done or shown ("the file we just
  generated", "what you just did", เมื่อกี้, 刚才) with no marker of lasting is a task.
- talk, not work: "don't worry", "don't apologize", ไม่ต้องห่วง, 别担心 manage the conversation.
- a fact handed over: a rule that carries a name or an identifier for the agent to use ("put all
  my bookings under my wife's name, Tan Hui Min", 发票一律开电子发票，统编 24536806, ชื่อต้น) is
  Remember: the value is what must be kept.
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

import re
from collections.abc import Sequence

from jobs.microsync.rules.cues import Cue
from jobs.microsync.rules.item import Item
from jobs.microsync.rules.stance import STANDING

# Where a clause starts inside a sentence (commas, semicolons, colons, dashes; CJK forms).
_CLAUSE_SEP = re.compile(r"[,;:，；：、。!！?？]\s*|\s[-–—]\s")

# --- description ---------------------------------------------------------------------------

_FREQ_EN = re.compile(r"\b(?:always|never|every (?:single )?time|each time|all the time|constantly)\b", re.I)
# Words right before the frequency word that make it an instruction's scope.
_INSTRUCTS_BEFORE = re.compile(
    r"(?:^|\b(?:must|should|shall|will|'ll|to|please|pls|plz|and|also|so|then|but|or|just|we|you|let'?s|do|can|"
    r"need to|have to|got to|gotta|make sure(?: to| you| we)?|remember to|from now on|going forward|here|rule)|[:(])\s*$",
    re.I,
)
# A third party, a thing or a relative pronoun as the subject right before the frequency word.
_THIRD_BEFORE = re.compile(
    r"\b(?:he|she|it|they|this|that|there|who|which|whom|one|everyone|everybody|nobody|someone|somebody|people)"
    r"(?:'s|'re| is| are| was| were| has| had| does| did)?(?: (?:still|just|also|literally|basically|pretty much|kind of|kinda|the one(?: who)?))*\s*$",
    re.I,
)
# A thing as the subject of a copula: a state ("the build is always red"), unless a participle
# follows ("responses are never cached", a norm said in the passive).
_COPULA_BEFORE = re.compile(r"(?:'s|'re|\bis|\bare|\bwas|\bwere|\bhas been|\bhave been)\s*$", re.I)
_PARTICIPLE = re.compile(r"\s*(?:[a-z]{2,}(?:ed|en)|done|kept|set|put|run|made|built|sent|shown|paid|held|read|cut|split|shut)\b", re.I)
# A verb form after the frequency word that reports rather than instructs: third person (-s), past, a state.
_REPORTS_AFTER = re.compile(
    r"\s*(?:the same|a|an|something|like (?:this|that)|[a-z]+(?<!s)(?<!ss)s|[a-z]+(?:ss)es|[a-z]{3,}ed|been|late|on time|slow|down|busy|broken|there|around|right|wrong|"
    r"does|did|was|were|has|had|took|broke|came|went|got|forgot|said|told|seems?|happens?)\b",
    re.I,
)
# "every time I open it, it takes ages": the main clause after a frequency clause describes.
_EVENT_CLAUSE = re.compile(r"\s*(?:i|he|she|it|they|we|you|the \w+|my \w+)\b", re.I)
_DESCRIBES_MAIN = re.compile(
    r"\b(?:it|he|she|they|this|that)(?:'s|'re| is| are| was| were)?\s+(?:\w+\s+)?(?:[a-z]+(?<!s)(?<!ss)s|[a-z]{3,}ed|slow|late|broken|down|stuck)\b",
    re.I,
)
# "you never listen", "you always overcomplicate things": the agent's habit described, a complaint;
# a modal ("you must always") or a marker of lasting ("from now on you always ...") makes it an instruction.
_YOU_BEFORE = re.compile(r"(?:^|\b(?:and|but|so|because|like|honestly|seriously|ugh))\W*\byou\s*$|\bI(?:'d| would)\s*$", re.I)
_VERBLESS = re.compile(r"\s*(?:the same|like (?:this|that))\b", re.I)
_EVER = re.compile(r"\bever\b", re.I)
_FROM_NOW = re.compile(r"\b(?:from now on|going forward|in future|from here on)\b", re.I)
_MODAL = re.compile(r"\b(?:must|should|shall|need(?:s)? to|have to|has to|make sure|please|don'?t|do not|never|always)\b", re.I)

# Thai and Chinese: a third-person subject and no instruction word in the clause.
_THIRD_TH = re.compile(r"(?:^|\s)(?:เขา|เธอ|มัน|แก|พวกเขา|หล่อน|หมอนั่น)")
_INSTRUCT_TH = re.compile(r"ต้อง|ให้|ห้าม|อย่า(?!ง)|ช่วย|ควร|ขอ|จำไว้|อย่าลืม")
_FREQ_TH = re.compile(r"ทุกครั้ง|ทุกรอบ|ทุกที|เสมอ|ตลอด|ต่อไป|จากนี้")
_THIRD_ZH = re.compile(r"(?:^|[，,。\s])(?:他们|她们|它们|他|她|它|人家)|(?:这个|那个|这|那)(?:脚本|服务|接口|机器|程序|东西|库|包|任务|页面|人|家伙)")
_INSTRUCT_ZH = re.compile(r"要|得|必须|务必|别|不要|不准|不许|请|记得|记住|一定|应该|需要|给我|帮我|禁止|一律|统一")
_FREQ_ZH = re.compile(r"每次|每回|总是|老是|一直|永远|从来|以后|今后")
# The agent addressed with a habit word and no instruction word: 你每次都忘记跑测试, คุณลืมทุกครั้ง.
_YOU_HABIT = re.compile(r"你(?:们)?(?:怎么)?(?:每次|每回|总是|老是|从来|一直)|(?:คุณ|เธอ|แก|นาย)\S*(?:ทุกครั้ง|ทุกที|ตลอด|เสมอ)")


def _clause_before(probe: str, pos: int) -> str:
    start = max((m.end() for m in _CLAUSE_SEP.finditer(probe, 0, pos)), default=0)
    return probe[start:pos]


def _clause_after(probe: str, pos: int) -> str:
    m = _CLAUSE_SEP.search(probe, pos)
    return probe[pos:m.start() if m else len(probe)]


def describes(probe: str) -> bool:
    """Does every frequency word of the sentence describe a person or thing rather than instruct?"""
    found = False
    for m in _FREQ_EN.finditer(probe):
        found = True
        if not _describes_en(probe, m):
            return False
    you = _YOU_HABIT.search(probe)
    if you is not None:
        clause = _clause_before(probe, you.start()) + _clause_after(probe, you.start())
        return not (_INSTRUCT_TH.search(clause) or _INSTRUCT_ZH.search(clause))
    for freq, third, instruct in ((_FREQ_TH, _THIRD_TH, _INSTRUCT_TH), (_FREQ_ZH, _THIRD_ZH, _INSTRUCT_ZH)):
        for m in freq.finditer(probe):
            found = True
            clause = _clause_before(probe, m.start()) + _clause_after(probe, m.start())
            if not (third.search(clause) and not instruct.search(clause)):
                return False
    return found


def _describes_en(probe: str, m: re.Match[str]) -> bool:
    before = _clause_before(probe, m.start())
    word = m.group(0).lower()
    if word.startswith(("every", "each")) and _EVENT_CLAUSE.match(probe, m.end()):
        # "every time I deploy, it breaks": the frequency opens a clause; read the main clause.
        rest = probe[m.end():]
        return bool(_DESCRIBES_MAIN.search(rest)) and not _MODAL.search(rest)
    if _THIRD_BEFORE.search(before):
        return True
    if _YOU_BEFORE.search(before):
        return not _FROM_NOW.search(probe)
    if _COPULA_BEFORE.search(before):
        return not _PARTICIPLE.match(probe, m.end())
    if not before.strip():
        return bool(_VERBLESS.match(probe, m.end()))   # "always the same problem with this lib"
    if _INSTRUCTS_BEFORE.search(before):
        return False
    # A subject before the word ("the build", "my landlord") and a reporting verb form after it.
    return bool(_REPORTS_AFTER.match(probe, m.end()))


# --- pointer, thing at hand, talk -----------------------------------------------------------

_POINTER = Cue((
    r"^\W*(?:(?:ok(?:ay)?|so|and|also|then|yeah|yes|from now on|going forward|always|please|just)\W+)*(?:do|handle|write|make|treat) (?:it|them|that|this|things)?\s*(?:like (?:this|that)|this way|that way|the same(?: way)?)\W*$",
    r"^\W*(?:(?:ok(?:ay)?|so|and|also|then|from now on|going forward)\W+)*(?:like (?:this|that)|this way|that way|same (?:thing|way))\W*(?:from now on|going forward|every time)?\W*$",
    r"^\W*(?:\S{0,12}?)(?:ทำ|จัดการ|เขียน)?(?:แบบนี้|แบบนั้น|อย่างนี้|อย่างนั้น|ตามนี้|เหมือนเดิม)(?:\s?(?:นะ|ครับ|ค่ะ|คะ|จ้ะ|เลย|ทุกครั้ง|ด้วย))*\W*$",
    r"^\W*(?:以后|今后|下次|每次)?(?:都|就|也)?(?:这么|这样|照这样|按这样|照这个|按这个)(?:子)?(?:处理|做|办|来|弄|搞|写)?(?:吧|了|啊|哈|就行|就好)?\W*$",
))
_AT_HAND = Cue((
    r"\b(?:we|you|I) just\b", r"\bthe one you\b", r"\bwhat you (?:just )?did\b", r"\b(?:above|below)\b(?!\s+(?:\d|zero|the limit))",
    r"\bin (?:that|this) (?:last )?(?:message|reply|answer|output|snippet|diff|function|test)\b",
    r"เมื่อกี้", r"ตะกี้", r"เมื่อสักครู่", r"ข้างบน", r"อันที่เพิ่ง",
    r"刚才", r"刚刚", r"上面(?:那|这)", r"你刚",
    # A don't whose object is the thing at hand: "don't merge it until CI is green", อย่าลบไฟล์นั้น, 别动那个表.
    r"^\W*(?:(?:please|and|also|but|so|ok(?:ay)?|oh|then|just|wait|hey)\W+)*(?:don'?t|do not)\s+(?:\w+\s+){0,2}?(?:it|this|that|them|these|those)\b"
    r"(?!\s+(?:repo|project|codebase|rule|way|kind|pattern|folder|directory|module|package|service|team|library|lib|tool)s?\b)",
    r"(?:อย่า(?!ง)|ห้าม)[^\s]*\s?\S*?(?:ไฟล์|อัน|ตัว|ฟังก์ชัน|หน้า|บรรทัด|โค้ด|ส่วน|ตาราง|branch|commit)\s?(?:นั้น|นี้)",
    r"(?:别|不要|不准)\S{0,6}?(?:这个|那个|这段|那段|这行|那行|这块|这些|那些|它)(?!项目|仓库|库|团队)",
    r"\bthere\b(?=\W*(?:[,;]|$))",
))
_TALK = Cue((
    r"^\W*(?:(?:and|oh|ok(?:ay)?|but|also|please|no)\W+)*(?:don'?t|do not|never) (?:worry|apologi[sz]e|be sorry|bother|mind me|panic|sweat it|stress|get me wrong|judge|laugh|rush)\b",
    r"ไม่ต้อง(?:ห่วง|ขอโทษ|เกรงใจ|รีบ|กังวล)", r"อย่า(?:ตกใจ|กังวล|เครียด|ห่วง)", r"ไม่เป็นไร",
    r"(?:别|不要|不用)(?:担心|道歉|客气|着急|急|慌|紧张|在意)", r"不要紧", r"没关系",
))

# --- a fact handed over ---------------------------------------------------------------------

_HANDED = Cue((
    r"\b(?:name|named|called)\b,?\s*[A-Z][a-z]+(?:\s[A-Z][a-z]+)+", r"\b(?:wife|husband|partner|mom|mum|dad|mother|father|son|daughter|brother|sister)(?:'s)?(?: name)?,\s*[A-Z][a-z]+(?:\s[A-Z][a-z]+)*",
    r"\b(?:tax id|vat(?: number| no\.?)?|account (?:no\.?|number)|iban|customer (?:id|number))\b\W{0,3}\w*\d{5,}",
    r"[\w.+-]+@[\w-]+\.[\w.]+", r"\+?\d[\d -]{8,}\d",
    r"(?<!ตั้ง)ชื่อ(?!\s?(?:ไฟล์|ตัวแปร|ฟังก์ชัน|คลาส|เมธอด|branch|ตาราง|คอลัมน์|โปรเจ|repo|field|key))\s?[\u0E01-\u0E4E]{2,}", r"เลข(?:ที่|ประจำตัว|ผู้เสียภาษี|บัญชี)\s?\d",
    r"(?:统编|统一编号|税号|纳税人识别号|账号|卡号|编号)\s?[:：]?\s?\d{5,}", r"名字叫",
), flags=0)


def reread(kind: str | None, probe: str, i: int = 0, items: Sequence[Item] = ()) -> str | None:
    """The kind of a Rule or Constraint sentence after its grammar is read: None when it is no
    standing rule (a description, a bare pointer, the thing at hand, talk), Remember when it hands
    over a fact, else the kind. A pointer is dropped only when it has nothing to point at or what it
    points at is an item already (sentence `i` is the turn's first, or `items` ends just before it);
    after other words it makes them a rule ("老王说报销都要纸质发票，他是会计，以后就这么办")."""
    if kind is None or kind not in ("Rule", "Constraint"):
        return kind
    void = i == 0 or bool(items) and items[-1].last == i - 1
    if describes(probe) or (void and _POINTER.search(probe)) or _TALK.search(probe):
        return None
    if _AT_HAND.search(probe) and not (STANDING.search(probe) or _EVER.search(probe)):
        return None
    if kind == "Rule" and _HANDED.search(probe):
        return "Remember"
    return kind

