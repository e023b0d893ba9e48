"""Cue phrases for proposals and their acceptance, for filling fields, and for how sentences join. Part of
`lexicon` (re-exported there)."""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

import re

from jobs.microsync.rules.cues import cue as _rx

# --- proposals and their acceptance ---------------------------------------------------------

# An assistant recommendation or a set of options: the content a user's "ok, do that" adopts.
PROPOSAL = _rx(
    r"\bI(?:'d| would)? (?:suggest|recommend|propose|lean towards|go with)\b", r"\bI suggest\b", r"\boptions?\b",
    r"\bwe could\b", r"\byou could\b", r"\bthe best (?:option|approach|choice)\b", r"\btwo ways\b",
    r"\balternatively\b", r"\bmy recommendation\b", r"\bshould we\b", r"\bdo you want (?:it|us|the|to)\b",
    r"\bshould (?:it|they|this|that|the \w+) (?:have|own|get|use|live|run|go|be)\b", r"\bI'?d lean\b",
    r"แนะนำ", r"เสนอ", r"ทางเลือก", r"มีสอง", r"มีสาม", r"แนวทาง", r"อาจ", r"ให้มี.{0,40}ไหม",
    r"建议", r"推荐", r"方案", r"倾向", r"可以(?:换|改|在|用)", r"要有\S*吗",
)
# An assistant turn that asks the user to choose: without it, a numbered list is a report or a
# how-it-works summary ("1. Fixed X 2. Fixed Y"), not options to accept.
CHOICE_ASK = _rx(
    r"\bwhich\b[^.!?\n]*\?", r"\bprefer", r"\bchoose\b", r"\bpick\b", r"\bor\b[^.!?\n]*\?", r"\bwould you like\b",
    r"\bdo you want\b", r"\bshould (?:I|we)\b", r"\bshall (?:I|we)\b", r"\balternatives?\b", r"\bapproach(?:es)?\b.{0,40}\?",
    r"เลือก", r"แบบไหน", r"อันไหน", r"ข้อไหน", r"ทางไหน", r"ดีไหม", r"หรือ.{0,40}(?:ดี|ไหม|คะ|ครับ)\s*[?？]?\s*$",
    r"哪个", r"哪种", r"哪一", r"选哪", r"还是", r"倾向",
)
# An offer to do a one-off task ("want me to profile them?"): accepting it is not a decision.
TASK_OFFER = _rx(
    r"\b(?:want|would you like|shall|should) (?:me|I)\b", r"\bdo you want me\b", r"\bI can\b.{0,40}\?",
    r"ให้ผม", r"ให้ฉัน", r"จะให้", r"要我", r"需要我", r"我先", r"要不我",
)
ACCEPT = _rx(
    r"^(?:ok(?:ay)?|yes|yep|yeah|sure|sounds good|agreed|deal|fine|great|perfect|cool|go ahead|do it|do that|ship it)\b",
    r"\bsounds good\b", r"\bdo that\b", r"\bdo it\b", r"\bgo ahead\b", r"\bgo with\b", r"\bagreed\b", r"\blet'?s do (?:it|that)\b",
    r"^(?:the )?(?:first|second|third|fourth|last|1st|2nd|3rd) (?:one|option|approach|choice|way)\b", r"\bit is\W*$",
    r"^(?:alright|all right|yup|works for me|fine by me)\b", r"^\W*[\w.+#-]+(?: [\w.+#-]+)? then\W*$",
    r"^(?:ตกลง|โอเค|ได้|เอา|ใช่|ดีเลย|จัดไป)", r"ตามที่เสนอ", r"ตามนั้น", r"ทำเลย",
    r"^(?:ข้อ|แบบ|อัน|ทาง)(?:ที่)?\s?(?:[1-4]|หนึ่ง|สอง|สาม|สี่|แรก)", r"^第[一二三四1-4]", r"^方案",
    r"^(?:好|行|可以|没问题|同意|就|对|嗯|选|用)", r"就这么办", r"就用", r"照你说的",
)
REJECT = _rx(
    r"^\W*(?:no|nope|nah)\b", r"\bdon'?t do (?:that|it)\b", r"\bnot that\b", r"\bI disagree\b", r"\blet'?s not\b",
    r"^\W*(?:ไม่เอา|ไม่ได้|ไม่ดี|ไม่ต้อง)", r"^\W*(?:不行|不要|不用|算了吧|不好)",
)
# A reference to one of the proposed options: "option 2", "go with B", "ข้อ 2", "方案A", "选2".
OPTION_REF = re.compile(
    r"(?:option|choice|plan|number|#|go with|pick|choose|ข้อ(?:ที่)?|แบบ(?:ที่)?|ทาง(?:ที่)?|方案|选|第|用)\s*([0-9]|[A-D])\b"
    r"|^\W*([0-9]|[A-D])\b(?![.,]\d)",
    re.I,
)
OPTION_LINE = re.compile(
    r"^\s*(?:[-*•]\s*)?(?:\*\*)?(?:option|choice|plan|แบบ(?:ที่)?|ข้อ(?:ที่)?|ทาง(?:ที่)?|方案)?\s*([0-9]|[A-D])(?:\*\*)?"
    r"\s*[.):：、）]\s*(.+)$",
    re.I,
)

# --- fields ---------------------------------------------------------------------------------

WHY = _rx(r"\bbecause\b", r"\bsince\b", r"\bas\b(?= (?:we|it|they|the)\b)", r"\bdue to\b", r"\bso that\b",
          r"เพราะ", r"เนื่องจาก", r"因为", r"由于", r"为了")
IMPACT = _rx(r"\bthis means\b", r"\bwhich means\b", r"\bso we'?ll need\b", r"\bso we need\b", r"\bthat means\b",
             r"ดังนั้น", r"แปลว่า", r"หมายความว่า", r"所以", r"这意味着", r"这意味著", r"因此")
SUPERSEDES = _rx(r"\binstead of\b", r"\binstead\b", r"\bno longer\b", r"\bswitch(?:ing)? back\b", r"\bnot .{1,30} anymore\b",
                 r"\breplac", r"不再", r"改用", r"换成", r"换回", r"เลิก", r"เปลี่ยนเป็น", r"แทน",
                 r"กลับไปใช้")
# Openers stripped from titles and statements ("ok,", "also", "btw", "let's go with").
LEAD_FILLER = re.compile(
    r"^(?:\W*(?:(?<=\+)1|(?:ok(?:ay)?|alright|all right|so|and|also|btw|oh|well|right|great|cool|fine|yes|yeah|sure|actually|then|thanks|"
    r"quick one|please|rule(?: of thumb)?(?: from now on)?|decision|remember(?: that)?|keep in mind(?: that)?|note that|don'?t forget(?: that)?|"
    r"we(?:'ve| have)? decided(?: to| that| on)?|let'?s go with|let'?s(?! not\b)|go with|from now on|from here on|going forward)\b|"
    r"อีกเรื่อง|แล้วก็|ส่วน|เอาจริงๆ|งั้น|โอเค|ตกลง|จำไว้(?:ว่า|นะว่า|ด้วยว่า|นะ)?|อย่าลืม(?:นะว่า|ว่า)?|ต่อไปนี้|ต่อไปให้|ต่อไป|"
    r"ตัดสินใจแล้วว่า|เราตัดสินใจว่า(?:จะ)?|"
    r"另外|还有|好|行|可以|那|算了|记住|别忘了|以后都|以后|定了|我们决定|决定了)\W*)+",
    re.I,
)

# A sentence that only confirms the one before as the decision ("that's the call", "final answer").
CONFIRM = _rx(
    r"^\W*(?:(?:ok(?:ay)?|so|and|alright|right)\W+)?(?:that'?s|this is|it'?s|that is)\s+(?:the|my|our)\s+(?:final\s+)?"
    r"(?:call|decision|plan|choice)\b", r"^\W*(?:decision made|final decision|settled|decided)\W*$",
    r"^\W*(?:เอาตามนี้|ตามนี้เลย|ตัดสินใจตามนี้)", r"^\W*(?:就这么定了|就这样定了|就这样吧)",
)
# "use X ... don't use Y / no longer use Y": the negative half of one statement, not a second item.
NEG_USE = _rx(
    r"\b(?:no longer|never|not|don'?t|do not|won'?t|stop|quit)\s+(?:\w+\s+)?us(?:e|ing)\b", r"\bno more\b",
    r"(?:ห้าม|ไม่|อย่า(?!ง)|เลิก)\S{0,6}ใช้",
    r"(?:不要再|不再|别再|不要|别|不)\S{0,2}用",
)
USE = _rx(r"\bus(?:e|ing)\b", r"ใช้", r"用")

# A sentence that only qualifies the one before ("Only in the 22:00-02:00 window.").
CONTINUATION = re.compile(r"^\W*(?:only|just|except|unless|but only|and only|เฉพาะ|ยกเว้น|ให้\S*เท่านั้น|只能|只在|除非)", re.I)
FINDING = _rx(r"\bwe found\b", r"\bit turns out\b", r"\bturned out\b", r"พบว่า", r"เจอว่า", r"发现")
# The words that introduce an assistant's recommendation, stripped from the adopted content.
RECOMMEND_LEAD = re.compile(
    r"(?:I(?:'d| would)? (?:suggest|recommend|propose)(?: that| we| to)?|I'?d lean(?: towards?)?|we could|you could|"
    r"ผมแนะนำ(?:ให้)?|แนะนำให้|ผมเสนอ(?:ให้)?|อาจจะ|เราอาจ|建议|推荐)\s*", re.I)
# "As proposed" phrases: the acceptance adopts the proposal rather than stating its own content.
ADOPT_AS_PROPOSED = re.compile(r"ตามที่เสนอ|ตามนั้น|就这么办|就用这个|as (?:you )?(?:proposed|suggested)", re.I)

# Taking back what was just said ("... wait, gofmt does that anyway. never mind"): the turn's
# earlier statements are withdrawn.
RETRACT = _rx(r"\bnever ?mind\b", r"\bnvm\b", r"\bscratch that\b", r"\bforget (?:it|that)\W*$", r"\bforget what I said\b",
              r"\bignore (?:that|what I said|my last)\W*$", r"ช่างมัน", r"ลืมที่พูดไป", r"ไม่เอาแล้ว", r"ถือว่าไม่ได้พูด",
              r"当我没说", r"算了(?!吧?[，,]?\s*\S{2,})", r"忽略我?刚才")
# Alternatives offered in a question ("postgres or redis?", "Kafka หรือ NATS ดี", "REST 还是 gRPC"):
# a terse answer naming one of them is a choice.
ALTERNATIVES = _rx(r"\bor\b", r"\bvs\.?\b", r"\bversus\b", r"หรือ", r"还是", r"或者")
# A statement that points back at the clause before it ("ต่อไปให้เขียนแบบนี้", "以后都这样", "do it like
# this from now on"): the content is in that clause.
REFERS_BACK = _rx(r"\blike (?:this|that)\b", r"\bthat way\b", r"\bthis way\b", r"แบบนี้", r"อย่างนี้", r"แบบนั้น",
                  r"这样", r"那样")
# Openers that announce a fact ("heads up:", "FYI:"): what follows may be an incident instead.
ANNOUNCE = re.compile(r"(?:heads[- ]up|fyi|note|just so you know)\b", re.I)

# A list item kept for later ("todo: ...", "backlog: ..."): noted, not decided.
TODO = re.compile(
    r"^\W*(?:todo|to-do|tbd|backlog|someday|maybe later|parking lot|open question)\s*[:：-]"
    r"|^\W*(?:สิ่งที่ต้องทำ|งานค้าง|ไว้ทำทีหลัง)\s*[:：-]|^\W*(?:待办|待办事项|以后再做|回头再说)\s*[:：-]",
    re.I,
)

# Alternatives that are things to buy or book (a price, a clock time): picking one is a one-off task.
TRANSACTION = _rx(r"[$€£฿¥]\s?\d", r"\d\s?(?:usd|eur|gbp|thb|baht|บาท|元|块|円)", r"\b\d{1,2}:\d{2}\b",
                  r"\b\d{1,2}\s?(?:am|pm)\b", r"\b(?:delivery|pickup) (?:slot|window|time)\b",
                  r"\b(?:flight|fare|ticket|seat|hotel|room|table for|booking)\b", r"ตั๋ว|เที่ยวบิน|โรงแรม|ห้องพัก|ร้าน",
                  r"航班|机票|酒店|餐厅|订位")
