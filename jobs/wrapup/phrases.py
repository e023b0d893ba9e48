"""Cue phrases of the rules summariser, in English, Thai and Chinese (simplified and traditional).

Thai and Chinese are written without spaces between words, so their cues are substrings anchored at
a clause start or after a pronoun; English cues use word boundaries. The tables describe how
people phrase commitments, questions, completions and plans in general, not any one fixture.
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

import re


def _rx(*alternatives: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{a})" for a in alternatives), re.I)


# Thai/Chinese clause starts: beginning of text, after punctuation or a space (Thai separates
# clauses with spaces), or after a first-person pronoun.
_TH_PRONOUN = r"(?:ผม|ฉัน|เรา|หนู|ดิฉัน|กู|พวกเรา|คุณ)"
_ZH_PRONOUN = r"(?:我们|我們|咱们|咱們|我|你)"

# A commitment or a to-do: someone will do something later.
COMMITMENT = _rx(
    r"\b(?:I|we)(?:'ll| will| shall| am going to|'m going to| are going to|'re going to|'m gonna| gonna)\b",
    r"\b(?:I|we) (?:\w+ )?(?:need|have|ought) to\b", r"\b(?:I|we) should\b(?! (?:not|have)\b)", r"\b(?:I|we) must\b(?! not\b)",
    r"^\s*(?:still )?need to\b", r"\b(?:you|someone|they) (?:still )?(?:need|have) to\b", r"\blet me\b", r"\blet'?s (?:also )?(?:remember to|make sure|not forget|follow up|revisit|come back)\b",
    r"\bTODO\b", r"\bFIXME\b", r"\baction items?\b", r"\bto-?do\b", r"\bremind me\b", r"\bdon'?t (?:let me )?forget to\b",
    r"\bfollow[- ]up\b", r"\bwill (?:need to|have to|fix|add|update|check|look into|write|send|finish|ship|review|test|deploy)\b",
    r"(?:^|" + _TH_PRONOUN + r")(?:จะ|ต้อง|ค่อย)", r"เดี๋ยว" + _TH_PRONOUN + r"?(?:จะ|ไป|ทำ|แก้|ดู|ส่ง|เช็ค|ลอง)",
    r"อย่าลืม", r"ยังไม่ได้ทำ", r"ทำต่อ", r"ต้องทำ",
    _ZH_PRONOUN + r"(?:会|會|要|得|需要|打算|准备|準備|将|將|来|來|再)(?!是)", r"^(?:要|需要|得先|打算|准备|準備)", r"回头", r"回頭", r"稍后", r"稍後", r"之后再", r"之後再",
    r"待办", r"待辦", r"记得要", r"記得要", r"别忘了", r"別忘了", r"跟进", r"跟進", r"还没做", r"還沒做", r"还需要", r"還需要",
)
# Not a task: a hypothetical, a negation of need, or a standing promise about behaviour
# (those are rules and preferences; the decision log holds them).
NOT_TASK = _rx(
    r"^\s*(?:if|when|whether|unless)\b", r"\bfrom now on\b", r"\bgoing forward\b", r"\bfrom here on\b",
    r"ถ้า", r"หาก", r"ไม่ต้อง", r"ต่อจากนี้", r"ต่อไปนี้", r"ตั้งแต่นี้",
    r"如果", r"假如", r"要是", r"不需要", r"不用", r"以后都", r"以後都", r"从现在开始", r"從現在開始", r"今后", r"今後",
)

# A plan for the next day or the next session.
NEXT = _rx(
    r"\btomorrow\b", r"\bnext (?:steps?|up|time|session|morning|thing)\b", r"\bfirst thing (?:in the morning|tomorrow)\b",
    r"\bin the morning\b", r"\bpick (?:this|it) up\b", r"\bcontinue (?:this |it )?(?:later|tomorrow)\b",
    r"พรุ่งนี้", r"ขั้น(?:ตอน)?ต่อไป", r"คราวหน้า", r"ครั้งหน้า", r"วันถัดไป", r"ต่อไป(?:จะ|ต้อง|ค่อย)", r"ไว้ค่อย",
    r"明天", r"明早", r"明日", r"下一步", r"接下来", r"接下來", r"下次", r"后续", r"後續", r"改天",
)

# Something is finished (used to close an action item or confirm an error was fixed).
DONE = _rx(
    r"\b(?:done|fixed|resolved|completed?|finished|merged|deployed|shipped|solved|sorted|closed|landed|pushed|committed)\b",
    r"\b(?:added|created|updated|removed|renamed|installed|wrote|written|implemented|migrated|upgraded|configured)\b",
    r"\bworks?(?: now| again| fine)?\b(?!\s+on\b)", r"\bworking (?:now|again)\b", r"\b(?:tests? )?pass(?:es|ing|ed)?\b",
    r"\ball (?:green|good|set)\b", r"\bthat did it\b", r"\blooks good\b", r"\bno (?:more )?errors?\b", r"\bsucceed(?:s|ed)?\b", r"\bsuccessful(?:ly)?\b",
    r"เสร็จ", r"เรียบร้อย", r"แก้แล้ว", r"แก้ได้", r"ได้แล้ว", r"ผ่านแล้ว", r"ทำแล้ว", r"ใช้ได้", r"จัดการแล้ว", r"หายแล้ว",
    r"完成", r"搞定", r"好了", r"修好", r"修复了", r"修復了", r"已修复", r"已修復", r"解决了", r"解決了", r"通过了", r"通過了",
    r"可以了", r"没问题了", r"沒問題了", r"已经(?:改|加|更新|删|刪|部署|提交|合并|合併)", r"已經(?:改|加|更新|删|刪|部署|提交|合并|合併)", r"成功",
)
# Words that negate a completion in the same sentence ("not done yet", "still failing").
NOT_DONE = _rx(
    r"\bnot (?:yet |quite )?(?:done|fixed|working|resolved|finished)\b", r"\bstill (?:fail|broken|not|error)", r"\bdoesn'?t work\b",
    r"\bdidn'?t (?:work|help|fix)\b", r"\bfail(?:s|ed|ing|ure)?\b", r"\berror\b",
    r"ยังไม่", r"ไม่ได้ผล", r"ไม่ผ่าน", r"还没", r"還沒", r"没有成功", r"沒有成功", r"失败", r"失敗", r"不行",
)

QUESTION_END = re.compile(
    r"(?:[?？]|(?:ไหม|มั้ย|หรือเปล่า|หรือยัง|รึเปล่า|ยังไง|อย่างไร|ทำไม|เมื่อไร|เมื่อไหร่|ที่ไหน|ได้ไหม|ดีไหม|บ้าง|ไหมครับ|ไหมคะ|ใช่ไหม)|[吗嗎呢])\s*[\"'”’)）]?\s*$"
)
QUESTION_WORD = _rx(r"ใช่ไหม", r"หรือเปล่า", r"是否", r"要不要", r"是不是", r"能不能", r"可不可以", r"有没有", r"有沒有")

# A first message that is a greeting or a probe, not a real request.
TRIVIAL = re.compile(
    r"^\s*(?:hi|hello|hey|yo|ping|test(?:ing)?|warm-?up|thanks?(?: you)?|ok(?:ay)?|cool|great|(?:good )?(?:morning|afternoon|evening)|gm|"
    r"สวัสดี(?:ครับ|ค่ะ|คะ)?|ขอบคุณ(?:ครับ|ค่ะ)?|โอเค|你好|您好|早上好|早|嗨|谢谢|謝謝|好的)\s*[!.。！~]*\s*$",
    re.I,
)

# Failures in tool output or pasted by the user.
ERROR_LINE = re.compile(
    r"(?:Traceback \(most recent call last\)|^\s*(?:[\w.]+(?:Error|Exception|Exit|Fault)|error(?:\[\w+\])?|fatal|panic|FAIL(?:ED)?|npm ERR!|E\d{3,4})\b[:\s]|"
    r"\bexit (?:code|status) [1-9]\d*\b|command not found|No such file or directory|Permission denied|Segmentation fault|"
    r"\b\d+ (?:failed|errors?)\b)",
    re.I | re.M,
)
STRONG_ERROR = re.compile(r"Traceback \(most recent call last\)|^\s*[\w.]+(?:Error|Exception):|^\s*(?:error|fatal|panic)(?:\[\w+\])?:", re.M)
# Words of a cause or a fix in an assistant's explanation between a failure and its resolution.
FIX_WORDS = _rx(
    r"\bbecause\b", r"\bcaused by\b", r"\bthe (?:issue|problem|bug|error|cause) (?:is|was)\b", r"\bfix(?:ed|es)?\b", r"\bmissing\b",
    r"\binstead\b", r"\bneeds? to\b", r"\bshould be\b", r"\bthe culprit\b", r"\bturns out\b", r"\bresolve[ds]?\b",
    r"เพราะ", r"สาเหตุ", r"แก้", r"ขาด", r"แทน", r"因为", r"因為", r"原因", r"修复", r"修復", r"改成", r"改为", r"改為", r"缺少", r"应该", r"應該",
)
# A tool result that is the user declining or interrupting a tool call, not a failure to learn from.
DECLINED = _rx(
    r"doesn'?t want to proceed", r"tool use was rejected", r"user (?:denied|rejected|declined|interrupted)",
    r"request interrupted by user", r"permission (?:was )?denied by (?:the )?user",
)
