"""Cue phrases of the rule extractor, in English, Thai and Chinese.

Thai and Chinese are written without spaces between words, so their cues are plain substrings;
English cues use word boundaries. Chinese cues are written in simplified characters only: they are
matched against text folded to simplified (`text.fold`), so traditional writing matches them too. Each pattern is one alternation compiled once. Patterns are
written for how people phrase things in general, never for one fixture's sentences.
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

from jobs.microsync.rules.cues import cue as _rx

# The other categories live in their own modules; `lexicon` stays the one name callers import.
from jobs.microsync.rules.lexicon_hedges import (  # noqa: F401
    BUG_REPORT,
    EVENT_COMPLAINT,
    HYPOTHETICAL,
    OPINION,
    PAST_MENTION,
    POLITE_REQUEST,
    QUESTION_ANYWHERE,
    QUESTION_START,
    REPORTED,
    SARCASM,
    TEMPORARY,
    UNCERTAIN,
)
from jobs.microsync.rules.lexicon_replies import (  # noqa: F401
    ACCEPT,
    ADOPT_AS_PROPOSED,
    ALTERNATIVES,
    ANNOUNCE,
    CHOICE_ASK,
    CONFIRM,
    CONTINUATION,
    FINDING,
    IMPACT,
    LEAD_FILLER,
    NEG_USE,
    OPTION_LINE,
    OPTION_REF,
    PROPOSAL,
    RECOMMEND_LEAD,
    REFERS_BACK,
    REJECT,
    RETRACT,
    SUPERSEDES,
    TASK_OFFER,
    TODO,
    TRANSACTION,
    USE,
    WHY,
)

# --- what the sentence is -------------------------------------------------------------------

REMEMBER = _rx(
    r"\bremember(?:\s+(?:that|this|:)|:|\s+my\b|\s+we\b|\s+the\b)", r"\bkeep in mind\b", r"\bdon'?t forget\b",
    r"\bnote that\b", r"\bfor future reference\b", r"\bmake a note\b", r"\bfyi,? (?:for later|remember)",
    r"\bnote to self\b", r"\b(?:must|pls|please|do) remember\b", r"\bjust so you know\b", r"\b(?:heads[- ]up|fyi|note)\s*[:：]",
    r"\b(?:rmbr|rmb|remeber|rember|remembr)\b",   # chat spellings
    r"จำไว้", r"จำด้วย", r"อย่าลืม", r"โปรดจำ", r"ช่วยจำ", r"จดไว้", r"โน้ตไว้",
    r"记住", r"别忘了", r"不要忘记", r"记得(?!吗)(?=.{0,4}[:：,，]|以后)",
    r"记一下", r"记下", r"备忘", r"记好",
)
# Stated preferences about how the agent should behave ("I prefer concise answers").
PREFERENCE = _rx(
    r"\bI (?:really |always |usually |generally |normally )?(?:prefer|like|love|hate|dislike)\b(?!\W*$)",
    r"\bI (?:really |always |usually |generally |normally )?want\b(?! to\b)(?!\W*$)",
    r"\bI'?d rather\b(?! (?:we|that we|not (?:use|go|adopt|add|move|switch)|(?:use|stick|keep|stay|go with))\b)",
    r"\b(?:answer|reply|respond|write|talk)(?: to me)? in (?:thai|chinese|english|british|american|\w+ spelling)",
    r"\buse (?:british|american) spelling\b", r"\bkeep (?:your )?(?:answers|replies|responses) (?:short|brief|concise)",
    r"(?<!ผม)(?<!มัก)ชอบ(?!ลืม)", r"ไม่ชอบ", r"ตอบเป็นภาษา", r"ขอคำตอบ", r"ตอบสั้น",
    r"我(?:比较|更)?喜欢", r"我不喜欢", r"我偏好",
    r"用(?:中文|英文|泰文|繁体|简体)回答", r"回答(?:简短|短一点)",
)
PROCEDURE = _rx(
    r"\b(?:the )?steps (?:to|for) [\w\s-]{2,40}?(?:are|is)\b", r"\bsteps are\b", r"\bprocedure(?: is| for|:)",
    r"\bhow to [\w\s-]{2,30}, for the record", r"\bhow (?:to|we|you) [\w\s-]{2,40}:", r"\bhere'?s how (?:we|to)\b",
    r"\bthis is how (?:we|to|you)\b", r"\bhere'?s how I want (?:you|it|them)\b",
    # "follow these steps every time", "ทำตามขั้นตอนนี้", "按以下步骤": a how-to announced as one to follow.
    r"\bfollow (?:these|the following|this|the same) (?:steps|procedure|process|checklist|order)\b",
    r"(?:ทำ)?ตาม(?:ขั้นตอน|ลำดับ|วิธี)(?:นี้|ต่อไปนี้|ดังนี้|ข้างล่าง)",
    r"(?:按|照|按照)(?:以下|下面|这个|这些|如下)的?(?:步骤|流程|顺序)",
    r"\brunbook\b",
    # A standing trigger with the steps after it: "whenever you cut a release: first ..., then ...", "ทำตามนี้ทุกครั้ง", "每次发版：".
    r"\b(?:whenever|every time|each time) (?:you|we|I) [^:\n?]{2,60}:", r"ทำตามนี้", r"(?:每次|每当)[^：:\n？?]{1,20}[：:]",
    r"(?:照|按)这个(?:流程|顺序|步骤)?(?:来|做)",
    # A manner pointer with the steps right after it: "handle them like this:", ทำแบบนี้นะ + list, 就这么处理：
    r"\b(?:do|handle|treat|process) (?:it|them|these|those|this|that|each one) (?:like this|this way|as follows)\s*:",
    r"(?:ทำ|จัดการ)(?:แบบนี้|อย่างนี้|ดังนี้)(?=\s*(?:นะ|ครับ|ค่ะ|คะ)?\s*(?:\n|:|$))", r"(?:这么|这样|如下)(?:处理|做|办|操作|来)(?=\s*[:：\n])",
    r"ขั้นตอน(?:การ)?[^\s]{0,20}\s?(?:คือ|มีดังนี้|:)", r"ขั้นตอน[^\n?]{0,30}?(?:จดไว้|จำไว้|โน้ตไว้|มีดังนี้|:)", r"วิธี\s?\S{1,20}(?:\s\S+){0,2}\s?(?:คือ|จดไว้|:)",
    r"步骤[是：:]", r"流程[是：:]", r"(?:流程|步骤)[^\n？?]{0,6}[：:]", r"(?:流程|步骤)记", r"的步骤", r"操作流程",
)
# Sequencing words: a procedure has at least two steps.
STEP = _rx(
    r"\bthen\b", r"\bnext\b", r"\bfinally\b", r"\bafter that\b", r"(?:^|\s)\d[.)]\s", r"→", r"->",
    r"แล้ว", r"จากนั้น", r"สุดท้าย", r"\d\)",
    r"然后", r"再", r"最后", r"接着", r"接著", r"先",
)
CONSTRAINT = _rx(
    r"(?<!\bI )(?<!\bI've )(?<!\bI have )\bnever\b(?! ?mind\b)", r"\bmust ?n[o']t\b", r"\bmust not\b", r"\bshall not\b", r"\bcannot\b", r"\bcan'?t\b(?= (?:go|exceed|be|run|use))",
    r"^(?:\W*(?:and|also|so|but|please|then|ok|okay)\W+)*(?:don'?t|do not)\b",
    r"\bno more than\b", r"\bat most\b", r"\bnot more than\b", r"\b(?:capped|limited) (?:at|to)\b",
    r"\bbudget (?:is|of|for \w+ is|stays?|must|cap)\b", r"\bbudget\b\W{0,3}(?:[$€£฿¥]|\d)", r"\brate[- ]limit(?!er|ing\b)", r"\brate[- ]limiting (?:is|at|of|to)\b", r"\b\d+\s*max\b", r"\bmax(?:imum)? (?:of )?\$?\d", r"\bstay (?:at|below|under)\b", r"\bstay on v?\d",
    r"\bnot allowed\b", r"\bforbidden\b", r"\bno (?:direct|more|other)\b", r"\bmust stay\b", r"\bonly in the\b",
    r"(?<!\bI )(?<!\bwe )(?<!\byou )(?<!\bthey )\bdon'?t (?:ever )?(?:touch|run|push|deploy|use|cache|commit|merge|schedule|call)\b", r"\bdidn'?t touch\b",
    r"(?<!\bI )(?<!\bwe )(?<!\byou )(?<!\bthey )\bdon'?t (?:ever )?(?:keep|store|put|add|log|expose|hardcode|hard-code|rely on|depend on|edit|bypass|skip)\b",
    r"^(?:\W*(?:and|also|so|but|please|then|ok|okay)\W+)*(?:try to )?avoid\b", r"\b(?:stays?|remains?|kept|is|are|be) (?:fixed|pinned) (?:at|to) v?\d",
    r"ห้าม", r"ต้องไม่", r"ไม่เกิน", r"อย่าไป", r"อย่า(?!ลืม|ง)", r"ไม่อนุญาต", r"จำกัด", r"(?<![\u0E01-\u0E4E])งบ(?![\u0E31\u0E34-\u0E3A\u0E47-\u0E4E])", r"ตายตัว", r"หลีกเลี่ยง",
    r"不要再", r"不要(?!忘)", r"不能", r"不得", r"不准", r"不许", r"禁止", r"(?<![级区特分类个告识辨性差鉴组])别(?!忘|人|处|的)", r"上限",
    r"不超过", r"不可以", r"严禁", r"限流", r"预算", r"必须留",
    r"尽量避免", r"避免(?:使用|用)", r"固定(?:在|为|用)",
)
RULE = _rx(
    r"\bfrom now on\b", r"\bfr?m now on\b", r"\bfrom now onwards?\b", r"\bfrom here on\b", r"\bgoing forward\b", r"\bfrom today\b", r"\bhenceforth\b",
    r"(?<!\bI )(?<!\bit )(?<!\bhe )(?<!\bshe )(?<!\bthey )\balways\b", r"\bevery time\b",
    r"\brule(?: from now on| of thumb(?: from now on)?)?:", r"\bas a rule\b", r"\bevery (?:change|commit|pr|pull request|release|deploy|migration)\b",
    r"\bmust (?:use|go|be|have|run)\b", r"\bkeep doing\b",
    r"\b(?:only use|use only)\b",
    r"\bmake (?:it|that|this) a (?:rule|standing rule|habit)\b", r"(?:ให้)?เป็นกฎ", r"(?:定为|当作|作为)(?:规矩|规则)",
    r"ต่อไปนี้", r"ต่อไปให้", r"(?<!\S)ต่อไป(?!ที่|ดีกว่า|เรื่อยๆ|ก่อน|ได้|แล้วกัน|เลย|\s*(?:ครับ|ค่ะ|นะ)?\s*$)", r"(?:^|\s)ต่อไป(?=\S)(?!ที่|ดีกว่า|เรื่อยๆ|ก่อน|ได้|แล้วกัน|เลย|ครับ|ค่ะ|นะ)",
    r"ทุกครั้ง", r"ทุกรอบ", r"จากนี้", r"ตั้งแต่นี้", r"ใช้\s?\S+(?:\s\S+){0,2}\s?อย่างเดียว",
    r"以后(?!的)", r"今后", r"一律", r"每次都", r"都要", r"从现在开始", r"只用\s?[A-Za-z]",
    r"必须",
)
# Rule cues too broad to outrank a decision cue in the same sentence ("ย้ายไป X ทั้งหมด" moves
# everything: a decision; "ใช้ snake_case ทั้งหมด" alone: a convention).
RULE_WEAK = _rx(r"\beverywhere\b", r"ทั้งหมด", r"统一")
DECISION = _rx(
    r"\bwe(?:'ve| have)? decided\b", r"\bI(?:'ve| have)? decided\b", r"\bdecided to\b", r"\bdecision:", r"\bdecided:",
    # "let's" + a verb of choosing; "let's modify/fix/add/try X" is a task for now, not a decision.
    r"\blet'?s (?:just |also |now |then )?(?:go with|go for|use|switch(?!(?: back)? to (?:the )?\S+ (?:branch|tab|window|folder|directory)\b)|move|migrate|keep|stick|stay|drop|adopt|replace|"
    r"standardi[sz]e|choose|pick|settle on|split|merge|consolidate|deprecate|retire|remove support|make \S+ (?:the )?default|"
    r"do (?:it|that|this|option|plan|approach|\d|[a-d]\b))",
    # "let's put X in Redis", "let's pull X into its own package": placing a part of the system.
    r"\blet'?s (?:just )?(?:put|pull|bring|extract|factor|break|carve|turn|keep)\b[^.;!?\n]{0,60}?\b(?:in|into|out into|to|behind)\s+"
    r"(?:(?:its|their|a|an|the|one|our)\s+)?(?:own\s+|separate\s+|dedicated\s+|new\s+|single\s+|shared\s+)*"
    r"(?:package|module|library|lib|crate|service|microservice|repo|redis|postgres(?:ql)?|database|db|queue|worker|cache|"
    r"table|bucket|s3|sqlite|kafka|memcached)\b",
    r"\blet'?s not (?:use|go with|adopt|add|introduce|switch|move|migrate|rely on|depend on|bother with)\b",
    r"\bwe(?:'re| are) not (?:moving|switching|splitting|migrating|going to|using|adopting|doing)\b",
    r"\bwe won'?t (?:use|be using|adopt|move|switch|migrate|go with)\b",
    r"\bI'?d (?:rather|prefer)(?: that)? we\b", r"\bI'?d rather (?:not )?(?:use|stick|keep|stay|go with|adopt)\b",
    r"^\W*(?:(?:ok(?:ay)?|yep|yes|yeah|fine|alright|right|then|so)\W+)*(?!(?:yes|yeah|yep|no|so|that|this|it|what|how|here|there|who)\b)[\w.+#-]+(?: [\w.+#-]+)? it is\W*$",
    r"\blet us (?:go with|use|switch|move|keep|stick|drop|adopt|replace|standardi[sz]e|choose|pick)\b", r"\bgo(?:ing)? with\b", r"\bwe(?:'ll| will) (?:use|go|keep|switch|move|drop|stick)\b",
    r"\bswitch(?:ing)? (?:back )?to\b(?!\s+(?:the\s+)?\S+\s+(?:branch|tab|window|folder|directory|terminal)\b)",
    r"\bswitch back\b(?!\s+to\s+(?:the\s+)?\S+\s+(?:branch|tab|window|folder|directory|terminal)\b)", r"\bstick with\b", r"\bno longer\b", r"\binstead\b",
    r"\bwe(?:'re| are) (?:moving|switching|splitting|dropping|migrating|going)\b", r"\bsettled on\b",
    r"\bdrop(?:ping)? (?:support|the)\b", r"\bthe plan is\b", r"\bfinal answer\b",
    r"ตัดสินใจ", r"ตัดสิน(?:เลย|กัน|ว่า)", r"เราจะ(?:ย้าย|แยก|เปลี่ยน|ใช้|เลิก|รวม)", r"ตกลง(?:ใช้|ว่า|ตามนี้|กัน)", r"สรุปว่า", r"เอา(?:แบบ|ข้อ|ตาม|อัน)", r"ไปก่อน", r"เปลี่ยนเป็น",
    r"เปลี่ยนไปใช้", r"กลับไปใช้", r"เลิก", r"ยังไม่ย้าย", r"ยังไม่ต้อง", r"ไม่ใช้แล้ว", r"ใช้\S*แทน", r"ไปเลย",
    r"ใช้\s\S+(?:\s\S+)?\sแทน\s?\S",
    r"(?:ใช้|เอา|คง|เก็บ)\s?\S+(?:\s\S+)?\s?ต่อไป", r"(?:ใช้|เอา)\s?\S+(?:\s\S+)?\s?ดีกว่า", r"ไม่(?:ต้อง)?ใช้\s?\S+(?:\s\S+)?\s?แล้ว",
    r"[A-Za-z][\w.-]*\s?(?:ก็)?(?:ไม่เอา|ตัดทิ้ง)",
    r"决定", r"定了", r"我们要(?:把|拆|迁|改|换|用)", r"就用", r"改用", r"改存", r"换成", r"换回", r"不再", r"放弃",
    r"先不", r"先继续", r"就这么办", r"那就(?!不用|算了)", r"选定", r"确定用",
    r"确定了?(?:不|要)?(?:用|改|换|搬|迁)", r"(?:全部|都|要|决定)(?:搬|迁)(?:移)?到", r"就?不(?:搞|做|考虑|引入)了",
    r"别用\s?\S+\s?了",
)
# The verb of deciding itself (a subset of DECISION): what follows it is the decision's content.
DECIDED = _rx(r"\b(?:we|I|team|they)(?:'ve| have)? (?:finally |just )?decided\b", r"\bdecision (?:is|was)\b",
              r"(?:最后|最终|终于|已经|我们|我)决定", r"决定了", r"(?:เรา|ผม|ทีม)?ตัดสินใจ(?:แล้ว)?ว่า")
ARCH_EXPLICIT = _rx(r"\barchitecture\b", r"\barchitectural\b", r"สถาปัตยกรรม", r"架构")
ARCH_CHANGE = _rx(
    r"\bmov(?:e|ing)\b", r"\bmigrat", r"\bsplit", r"\bextract", r"\bseparate\b", r"\breplac", r"\bswitch",
    r"\bintroduc", r"\bmerg(?:e|ing)\b", r"\bbreak(?:ing)? out\b", r"\bown\b", r"\bkeep\b", r"\bgo with\b",
    r"ย้าย", r"แยก", r"เปลี่ยน(?!ใจ)", r"รวม", r"ของตัวเอง",
    r"拆", r"迁", r"改存", r"改用", r"换", r"合并", r"独立", r"自己的", r"存在", r"继续用",
)
ARCH_COMPONENT = _rx(
    r"\bservices?\b", r"\bmicroservices?\b", r"\bdatabases?\b", r"\bdb\b", r"\bstores?\b", r"\bstorage\b",
    r"\bqueues?\b", r"\bcache\b", r"\bcluster\b", r"\bgateway\b", r"\bmonolith\b", r"\bbackend\b",
    r"\bframework\b", r"\bschema\b", r"\bbroker\b", r"\bworker service\b", r"\bredis\b", r"\bpostgres(?:ql)?\b",
    r"\bmysql\b", r"\bsqlite\b", r"\bmongo(?:db)?\b", r"\bkafka\b", r"\bkubernetes\b", r"\bk8s\b", r"\bgrpc\b",
    r"\bgraphql\b", r"\bdocker-compose\b", r"\bdynamodb\b", r"\bs3\b", r"\bminio\b", r"\bsystemd\b",
    r"\bcelery\b", r"\belasticsearch\b", r"\bopensearch\b",
    r"ฐานข้อมูล", r"database", r"service", r"เซอร์วิส", r"คิว", r"monolith",
    r"服务", r"数据库", r"资料库", r"数据存储", r"存储", r"储存", r"队列", r"伫列", r"单体",
    r"微服务", r"集群", r"丛集", r"网关", r"闸道",
)
