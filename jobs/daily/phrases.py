"""Cue phrases of the rules summariser, in English, Thai and Chinese (simplified and traditional).

Thai and Chinese are written without spaces between words, so their cues are substrings anchored at
a clause start or after a pronoun; English cues use word boundaries. The tables describe how
people phrase commitments, questions, completions and plans in general, not any one fixture.
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

import re
from typing import NamedTuple


class _Source(NamedTuple):
    """A cue pattern's source; compiled by `__getattr__` the first time a module reads it."""
    pattern: str
    flags: int = 0


def _rx(*alternatives: str) -> _Source:
    return _Source("|".join(f"(?:{a})" for a in alternatives), re.I)


# A commitment or a to-do needs someone who commits: a first-person subject with a future or an
# obligation ("I'll", "we need to", "ผมจะ", "เดี๋ยวผม…", "我来", "我们还需要"), an acceptance of a
# request ("will do"), or a to-do marker (TODO, remind me, อย่าลืม, 记得要). A bare modal with no
# subject ("ต้องผ่าน PR…", "要…", "need to be…") states a rule or a requirement, not a commitment.
_SOURCES: dict[str, _Source] = {}  # NAME → source; read as `phrases.NAME` (compiled on first read)
_EN_SUBJ = r"\b(?:I|we)"
_SOURCES["COMMITMENT"] = _rx(
    _EN_SUBJ + r"(?:'ll| will| shall|'d better| am going to|'m going to| are going to|'re going to|'m gonna| gonna)\b",
    _EN_SUBJ + r" (?:still |also |really |definitely |probably |then )?(?:need|have|ought|plan|intend) to\b",
    _EN_SUBJ + r" (?:still |also |really |probably )?(?:should|must)\b(?! (?:not|have)\b)",
    _EN_SUBJ + r" (?:still )?owe\b",
    r"^(?:(?:and|also|but|then|so|ok(?:ay)?|right|sure|noted)[,.!]?\s+)*(?:still |also )?(?:need|have) to\b",
    r"^(?:(?:sure|ok(?:ay)?|yes|yep|noted|got it)[,.!]?\s+)?will do\b",
    r"\blet me\b(?! know\b| think\b| see\b)",
    r"\blet'?s (?:also )?(?:remember to|make sure|not forget|follow up|revisit|come back|circle back)\b",
    r"\bTODO\b", r"\bFIXME\b", r"\baction items?\b", r"\bremind me\b", r"\bdon'?t (?:let me )?forget to\b",
    r"(?:ผม|ฉัน|เรา|หนู|ดิฉัน|พวกเรา|กู)(?:เอง)?(?:ก็|ยัง|คง)?(?:จะ(?!ได้)|ต้อง|ค่อย|เดี๋ยว|ไป)",
    r"(?:^|\s)เดี๋ยว(?!นี้|ก็|ๆ|(?:นะ|ครับ|ค่ะ|คะ|ก่อน|จ้า)*\s*$)", r"^(?:(?:ได้|โอเค|รับทราบ|ครับ|ค่ะ|ok)\s*(?:ครับ|ค่ะ)?\s*)?จะ(?!ได้)",
    r"อย่าลืม", r"ยังไม่ได้ทำ",
    r"(?:我们|我們|咱们|咱們|我)(?:这边|這邊)?(?:就|也|还|還)?(?:会|會|要|得|需要|打算|准备|準備|将|將|来|來|去|再|先|晚点|晚點|待会|待會|回头|回頭|之后|之後|明天|今天|下午|上午|马上|馬上|稍后|稍後)",
    r"待办", r"待辦", r"记得要", r"記得要", r"别忘了", r"別忘了", r"还没做", r"還沒做",
)
# A request to the agent with no subject ("ต้องอัปเดตเอกสารด้วย", "要把…", "need to update the docs
# too", "please … later"): a commitment only when the agent's reply accepts it (`ACCEPT`).
_SOURCES["REQUEST"] = _rx(
    r"^(?:(?:and|also|oh|ok(?:ay)?)[,.!]?\s+)*(?:please |pls )?(?:still |also )?(?:need|have) to\b", r"^please\b[^.]*\b(?:later|afterwards|tomorrow|once|after)\b",
    r"^(?:แล้ว|อ้อ|อีกอย่าง)?\s*(?:ก็)?ต้อง(?!ถือว่า)", r"^(?:还有|還有|另外|对了|對了)?[，,]?\s*(?:还|還)?(?:要|得|需要)(?!是)",
)
_SOURCES["ACCEPT"] = _Source(
    r"^\s*(?:sure|ok(?:ay)?|will do|noted|got it|understood|on it|yes|yep|ได้(?:เลย)?(?:ครับ|ค่ะ)|รับทราบ|โอเค|好的?|行|可以|明白|收到|没问题|沒問題)(?![a-z])",
    re.I,
)
# First-person words: a plan for tomorrow with one of them ("next session we start with…",
# "明天我再…") is someone's commitment; without one it is a plan only.
_SOURCES["FIRST_PERSON"] = _rx(r"\b(?:I|we|me|us)\b", r"(?:ผม|ฉัน|เรา|หนู|ดิฉัน|พวกเรา)", r"(?:我们|我們|咱们|咱們|我)")
# The agent narrating the step it is taking right now ("Let me check the logs", "让我看看", "ขอดู log
# ก่อน"): done in the same turn, or cut off by the user's next message — never an action item, unless
# part of it is put off (`DEFER`).
_SOURCES["IMMEDIATE"] = _rx(
    r"\blet me\b", r"\blet'?s (?:see|check|look|try|verify|run|start|confirm)\b",
    r"(?:让我|讓我|我来|我來|我先)(?:看|查|检查|檢查|试|試|确认|確認|跑|运行|運行|读|讀)",
    r"ขอ(?:ดู|เช็ค|เช็ก|ตรวจ|ลอง|อ่าน)",
)
# Work put off until later in the same message ("…once the refactor is in", "แล้วค่อย…ทีหลัง",
# "等…再加"): an agent's message with such a part is a commitment even when tool work follows.
_SOURCES["DEFER"] = _rx(
    r"\b(?:later|afterwards|once|after (?:that|this|you|the|we|it)|when (?:the|you|it|we)|as soon as|tomorrow|next time|at some point)\b",
    r"ทีหลัง", r"หลังจาก", r"แล้วค่อย", r"ไว้ค่อย", r"พรุ่งนี้", r"รอ(?:ให้)?",
    r"晚点", r"晚點", r"之后", r"之後", r"以后", r"以後", r"回头", r"回頭", r"稍后", r"稍後", r"等[^，。,]{1,20}再", r"明天", r"下次",
)
# The condition part of a deferred commitment ("after you review X"): what closes the commitment
# is its task, not its condition.
_SOURCES["CONDITION"] = _rx(
    r"\b(?:after|once|when|until|as soon as|before)\b", r"หลังจาก", r"ก่อน(?:วัน|ที่)", r"พอ", r"ตอนที่", r"รอ",
    r"等", r"之后", r"之後", r"以后", r"以後",
)
# A purpose clause: what follows is why, not a promise ("so that it's enforced", "จะได้…", "这样就能…").
_SOURCES["PURPOSE"] = _rx(
    r"\bso that\b", r"\bin order to\b", r"\bso (?:it|they|the|this|that|we|nobody|no one)\b[^.]*\b(?:will|won't|can|can't)\b",
    r"\b(?:otherwise|or else)\b", r"จะได้", r"เพื่อ", r"ไม่งั้น", r"ไม่อย่างนั้น",
    r"这样", r"這樣", r"以便", r"为了", r"為了", r"好让", r"好讓", r"以免", r"免得", r"才能", r"就能", r"否则", r"否則",
)
# Not a task: a hypothetical, a negation of need, a standing promise about behaviour, a restated rule
# or requirement (those are rules and preferences; the decision log holds them).
_SOURCES["NOT_TASK"] = _rx(
    r"^\s*(?:if|when|whether|unless)\b", r"\bfrom now on\b", r"\bgoing forward\b", r"\bfrom here on\b",
    r"\b(?:whenever|every time|always)\b",
    r"\b(?:per|according to|as per|under) (?:the |our |team'?s? )?(?:\w+ ){0,2}(?:rules?|polic(?:y|ies)|guidelines?|conventions?|SLA|process)\b",
    r"\b(?:every|all|each|any)\b.*\b(?:must|needs? to|has to|have to)\b",
    r"\b(?:need|needs|have|has|must|should)(?: to)? (?:keep|stay|remain|be|always|never)\b",
    r"ถ้า", r"หาก", r"ไม่ต้อง", r"ต่อจากนี้", r"ต่อไปนี้", r"ตั้งแต่นี้", r"ตามกฎ", r"กฎ(?:ของ|คือ)", r"นโยบาย", r"ทุก\S*.*ต้อง",
    r"ต้องถือว่า", r"ทุกครั้ง",
    r"如果", r"假如", r"要是", r"的话", r"的話", r"不需要", r"不用", r"以后都", r"以後都", r"从现在开始", r"從現在開始", r"今后", r"今後",
    r"按照", r"根据", r"根據", r"规定", r"規定", r"规范", r"規範", r"一律", r"(?:所有|每个|每個|每次|任何).*(?:都要|都得|必须|必須|都需要)",
)

# A plan for the next day or the next session.
_SOURCES["NEXT"] = _rx(
    r"\btomorrow\b", r"\bnext (?:steps?|up|time|session|morning|thing|week|sprint|release)\b", r"\bfirst thing (?:in the morning|tomorrow)\b",
    r"\bin the morning\b", r"\bpick (?:this|it) up\b", r"\bcontinue (?:this |it )?(?:later|tomorrow)\b",
    r"พรุ่งนี้", r"ขั้น(?:ตอน)?ต่อไป", r"คราวหน้า", r"ครั้งหน้า", r"วันถัดไป", r"ต่อไป(?:จะ|ต้อง|ค่อย)", r"ไว้ค่อย",
    r"明天", r"明早", r"明日", r"下一步", r"接下来", r"接下來", r"下次", r"后续", r"後續", r"改天",
)

# Something is finished (used to close an action item or confirm an error was fixed).
_SOURCES["DONE"] = _rx(
    r"\b(?:done|fixed|resolved|completed?|finished|merged|deployed|shipped|solved|sorted|closed|landed|pushed|committed)\b",
    r"\b(?:added|created|updated|removed|renamed|installed|wrote|written|implemented|migrated|upgraded|configured)\b",
    r"\b(?:bumped|changed|moved|rotated|sent|drafted|published|released|rolled out|cleaned up|set up|wired up|switched|replaced)\b",
    r"\bworks?(?: now| again| fine)?\b(?!\s+on\b)", r"\bworking (?:now|again)\b", r"\b(?:tests? )?pass(?:es|ing|ed)?\b",
    r"\ball (?:green|good|set)\b", r"\bthat did it\b", r"\blooks good\b", r"\bno (?:more )?errors?\b", r"\bsucceed(?:s|ed)?\b", r"\bsuccessful(?:ly)?\b",
    r"เสร็จ", r"เรียบร้อย", r"ครบแล้ว", r"แล้ว(?:ครับ|ค่ะ|คะ|นะ|จ้า)?\s*$", r"แก้แล้ว", r"แก้ได้", r"ได้แล้ว", r"ผ่านแล้ว", r"ทำแล้ว", r"ใช้ได้", r"จัดการแล้ว", r"หายแล้ว",
    r"完成", r"搞定", r"好了", r"修好", r"修复了", r"修復了", r"已修复", r"已修復", r"解决了", r"解決了", r"通过了", r"通過了",
    r"(?:好|完|上|掉|过|過)了", r"已经", r"已經", r"可以了", r"没问题了", r"沒問題了", r"已经(?:改|加|更新|删|刪|部署|提交|合并|合併)", r"已經(?:改|加|更新|删|刪|部署|提交|合并|合併)", r"成功",
)
# Words that negate a completion in the same sentence ("not done yet", "still failing").
_SOURCES["NOT_DONE"] = _rx(
    r"\bnot (?:yet |quite )?(?:done|fixed|working|resolved|finished)\b", r"\bstill (?:fail|broken|not|error)", r"\bdoesn'?t work\b",
    r"\bdidn'?t (?:work|help|fix)\b", r"\bfail(?:s|ed|ing|ure)?\b", r"\berror\b",
    r"ยังไม่", r"ไม่ได้ผล", r"ไม่ผ่าน", r"还没", r"還沒", r"没有成功", r"沒有成功", r"失败", r"失敗", r"不行",
)

_SOURCES["QUESTION_END"] = _Source(
    r"(?:[?？]|(?:ไหม|มั้ย|หรือเปล่า|หรือยัง|รึเปล่า|ยังไง|อย่างไร|ทำไม|เมื่อไร|เมื่อไหร่|ที่ไหน|ได้ไหม|ดีไหม|บ้าง|ไหมครับ|ไหมคะ|ใช่ไหม|แค่ไหน|เท่าไร|เท่าไหร่|หรือไม่|อะไร|ใคร)|[吗嗎呢])\s*[\"'”’)）]?\s*$"
)
_SOURCES["QUESTION_WORD"] = _rx(r"ใช่ไหม", r"หรือเปล่า", r"是否", r"要不要", r"是不是", r"能不能", r"可不可以", r"有没有", r"有沒有")

# A first message that is a greeting or a probe, not a real request.
_SOURCES["TRIVIAL"] = _Source(
    r"^\s*(?:hi|hello|hey|yo|ping|test(?:ing)?|warm-?up|thanks?(?: you)?|ok(?:ay)?|cool|great|(?:good )?(?:morning|afternoon|evening)|gm|"
    r"สวัสดี(?:ครับ|ค่ะ|คะ)?|ขอบคุณ(?:ครับ|ค่ะ)?|โอเค|你好|您好|早上好|早|嗨|谢谢|謝謝|好的)\s*[!.。！~]*\s*$",
    re.I,
)

# Failures in tool output or pasted by the user.
_SOURCES["ERROR_LINE"] = _Source(
    r"(?:Traceback \(most recent call last\)|^\s*(?:[\w.]+(?:Error|Exception|Exit|Fault)|error(?:\[\w+\])?|fatal|panic|FAIL(?:ED)?|npm ERR!|E\d{3,4})\b[:\s]|"
    r"\bexit (?:code|status) [1-9]\d*\b|command not found|No such file or directory|Permission denied|Segmentation fault|"
    r"\b\d+ (?:failed|errors?)\b)",
    re.I | re.M,
)
_SOURCES["STRONG_ERROR"] = _Source(r"Traceback \(most recent call last\)|^\s*[\w.]+(?:Error|Exception):|^\s*(?:error|fatal|panic)(?:\[\w+\])?:", re.M)
# Words of a cause or a fix in an assistant's explanation between a failure and its resolution.
_SOURCES["FIX_WORDS"] = _rx(
    r"\bbecause\b", r"\bcaused by\b", r"\bthe (?:issue|problem|bug|error|cause) (?:is|was)\b", r"\bfix(?:ed|es)?\b", r"\bmissing\b",
    r"\binstead\b", r"\bneeds? to\b", r"\bshould be\b", r"\bthe culprit\b", r"\bturns out\b", r"\bresolve[ds]?\b",
    r"เพราะ", r"สาเหตุ", r"แก้", r"ขาด", r"แทน", r"因为", r"因為", r"原因", r"修复", r"修復", r"改成", r"改为", r"改為", r"缺少", r"应该", r"應該",
)
# A tool result that is the user declining or interrupting a tool call, not a failure to learn from.
_SOURCES["DECLINED"] = _rx(
    r"doesn'?t want to proceed", r"tool use was rejected", r"user (?:denied|rejected|declined|interrupted)",
    r"request interrupted by user", r"permission (?:was )?denied by (?:the )?user",
)


# The tables above are compiled on first use, not at import: a job run that summarises nothing
# (most scheduled runs) does not pay for them (docs/design.md §7).


def __getattr__(name: str) -> re.Pattern[str]:
    source = _SOURCES.get(name)
    if source is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    compiled = re.compile(source.pattern, source.flags)
    globals()[name] = compiled  # later reads find it without this function
    return compiled
