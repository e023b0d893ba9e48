"""Cue phrases of the rule extractor, in English, Thai and Chinese.

Thai and Chinese are written without spaces between words, so their cues are plain substrings;
English cues use word boundaries. Chinese cues are written in simplified characters only: they are
matched against text folded to simplified (`text.fold`), so traditional writing matches them too. Each pattern is one alternation compiled once. Patterns are
written for how people phrase things in general, never for one fixture's sentences.
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

import re

from jobs.extract.cues import Cue


def _rx(*alternatives: str) -> Cue:
    """One case-insensitive alternation with a literal prefilter (see jobs/extract/cues.py)."""
    return Cue(alternatives)


# --- what the sentence is -------------------------------------------------------------------

REMEMBER = _rx(
    r"\bremember(?:\s+(?:that|this|:)|:|\s+my\b|\s+we\b|\s+the\b)", r"\bkeep in mind\b", r"\bdon'?t forget\b",
    r"\bnote that\b", r"\bfor future reference\b", r"\bmake a note\b", r"\bfyi,? (?:for later|remember)",
    r"\bnote to self\b", r"\bjust so you know\b", r"\b(?:heads[- ]up|fyi|note)\s*[:：]",
    r"\b(?:rmbr|rmb|remeber|rember|remembr)\b",   # chat spellings
    r"จำไว้", r"จำด้วย", r"อย่าลืม", r"โปรดจำ", r"ช่วยจำ", r"จดไว้", r"โน้ตไว้",
    r"记住", r"别忘了", r"不要忘记", r"记得(?!吗)(?=.{0,4}[:：,，]|以后)",
    r"记一下", r"记下", r"备忘", r"记好",
)
# Stated preferences about how the agent should behave ("I prefer concise answers").
PREFERENCE = _rx(
    r"\bI (?:really )?(?:prefer|like|love|hate|dislike)\b(?!\W*$)", r"\bI (?:really )?want\b(?! to\b)(?!\W*$)",
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
    r"\bthis is how (?:we|to|you)\b",
    # "follow these steps every time", "ทำตามขั้นตอนนี้", "按以下步骤": a how-to announced as one to follow.
    r"\bfollow (?:these|the following|this|the same) (?:steps|procedure|process|checklist|order)\b",
    r"(?:ทำ)?ตาม(?:ขั้นตอน|ลำดับ|วิธี)(?:นี้|ต่อไปนี้|ดังนี้|ข้างล่าง)",
    r"(?:按|照|按照)(?:以下|下面|这个|这些|如下)的?(?:步骤|流程|顺序)",
    r"\brunbook\b",
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
    r"\bbudget (?:is|of|for \w+ is|stays?|must|cap)\b", r"\bbudget\b\W{0,3}(?:[$€£฿¥]|\d)", r"\brate[- ]limit", r"\b\d+\s*max\b", r"\bmax(?:imum)? (?:of )?\$?\d", r"\bstay (?:at|below|under|on)\b",
    r"\bnot allowed\b", r"\bforbidden\b", r"\bno (?:direct|more|other)\b", r"\bmust stay\b", r"\bonly in the\b",
    r"(?<!\bI )(?<!\bwe )(?<!\byou )(?<!\bthey )\bdon'?t (?:ever )?(?:touch|run|push|deploy|use|cache|commit|merge|schedule|call)\b", r"\bdidn'?t touch\b",
    r"(?<!\bI )(?<!\bwe )(?<!\byou )(?<!\bthey )\bdon'?t (?:ever )?(?:keep|store|put|add|log|expose|hardcode|hard-code|rely on|depend on|edit|bypass|skip)\b",
    r"^(?:\W*(?:and|also|so|but|please|then|ok|okay)\W+)*(?:try to )?avoid\b", r"\b(?:stays?|remains?|kept|is|are|be) (?:fixed|pinned) (?:at|to) v?\d",
    r"ห้าม", r"ต้องไม่", r"ไม่เกิน", r"อย่าไป", r"อย่า(?!ลืม|ง)", r"ไม่อนุญาต", r"จำกัด", r"(?<![\u0E01-\u0E4E])งบ(?![\u0E31\u0E34-\u0E3A\u0E47-\u0E4E])", r"ตายตัว", r"หลีกเลี่ยง",
    r"不要再", r"不要(?!忘)", r"不能", r"不得", r"不准", r"不许", r"禁止", r"别(?!忘)", r"上限",
    r"不超过", r"不可以", r"严禁", r"限流", r"预算", r"必须留",
    r"尽量避免", r"避免(?:使用|用)", r"固定(?:在|为|用)",
)
RULE = _rx(
    r"\bfrom now on\b", r"\bfr?m now on\b", r"\bfrom now onwards?\b", r"\bfrom here on\b", r"\bgoing forward\b", r"\bfrom today\b", r"\bhenceforth\b",
    r"(?<!\bI )(?<!\bit )(?<!\bhe )(?<!\bshe )(?<!\bthey )\balways\b", r"\bevery time\b",
    r"\brule(?: from now on| of thumb(?: from now on)?)?:", r"\bas a rule\b", r"\bevery (?:change|commit|pr|pull request|release|deploy|migration)\b",
    r"\bmust (?:use|go|be|have|run)\b", r"\bkeep doing\b",
    r"\b(?:only use|use only)\b",
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
    r"ย้าย", r"แยก", r"เปลี่ยน", r"รวม", r"ของตัวเอง",
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

# --- what the sentence is not ---------------------------------------------------------------

QUESTION_START = re.compile(
    r"^(?:\W*(?:ok(?:ay)?|so|and|also|hmm+|btw|but|then|quick one)\W+)*"
    r"(?:should|shall|do|does|did|can|could|would|will|is|are|was|were|what|how|why|when|where|which|who|whom"
    r"|any idea|anything)\b",
    re.I,
)
POLITE_REQUEST = re.compile(r"^(?:\W*\w+\W+){0,2}?(?:can|could|would|will) you (?:please )?(?:always|never|from now on)\b",
                            re.I)
QUESTION_ANYWHERE = _rx(
    r"要不要", r"是不是", r"会不会", r"能不能", r"有没有", r"该不该", r"好不好",
    r"行不行", r"对不对", r"怎么样(?=\W*$)", r"如何(?=\W*$)", r"吗(?=\W*$)", r"呢(?=\W*$)", r"么(?=\W*$)",
    r"ไหม", r"มั้ย", r"หรือเปล่า", r"หรือยัง", r"ยังไง", r"อย่างไร", r"เท่าไหร่", r"เท่าไร", r"ดีไหม", r"หรือไม่",
    r"(?:^|\s)ควร\S*\s?\S*\s?(?:ไหม|มั้ย|หรือ)", r"ใช่ไหม", r"กี่(?:นาที|วัน|ครั้ง|ตัว)", r"อะไร(?:บ้าง)?(?=\W*$)",
    r"ตรงไหน", r"ที่ไหน", r"(?<!ไม่มี)ใคร(?!ก็)", r"ทำไม",
    r"\bjust (?:asking|curious|wondering)\b", r"แค่ถาม", r"ถามเฉยๆ", r"就问问", r"只是问问", r"好奇问",
)
# Conditionals before the cue make the sentence hypothetical ("if we decided to ...").
HYPOTHETICAL = _rx(
    r"\bwhat if\b", r"\bif\b", r"\bsuppose\b", r"\bimagine\b", r"\bin theory\b", r"\bhypothetically\b",
    r"\bI wonder\b", r"\bwondering\b", r"\bwould it be\b",
    r"ถ้า", r"หาก", r"สมมติ", r"สมมุติ", r"สงสัยว่า",
    r"如果", r"要是", r"假如", r"假设", r"万一", r"倘若",
)
UNCERTAIN = _rx(
    r"\bnot sure\b", r"\bunsure\b", r"\bnot decided\b", r"\bundecided\b", r"\bhaven'?t decided\b", r"\bmaybe\b",
    r"\bperhaps\b", r"\bI guess\b", r"\blet me think\b", r"\bthink about it\b", r"\blet'?s talk\b", r"\bpark it\b",
    r"\bnot now\b", r"\bthinking (?:about|of)\b", r"\bat some point\b", r"\bnot (?:final|convinced)\b",
    r"\bnot a decision\b", r"\bnot yet decided\b", r"\bI was going to\b", r"\bmight\b", r"\bprobably\b",
    r"\bcheck with\b", r"\blet me (?:check|ask)\b", r"\bwe'?ll see\b", r"\bnext week\b", r"\blater\b",
    r"ยังไม่แน่ใจ", r"ไม่แน่ใจ", r"ยังไม่ได้ตัดสินใจ", r"ยังไม่ตัดสินใจ", r"ขอคิด", r"ไว้ค่อย", r"เดี๋ยวค่อย", r"ค่อยว่ากัน",
    r"ตอนแรกจะ", r"อาจจะ", r"ขอถาม", r"ไว้คุย", r"ยังไม่ใช่ข้อสรุป", r"ลองดู",
    r"不确定", r"还没想好", r"没想好", r"再说", r"再讨论",
    r"本来想", r"还没决定", r"也许", r"可能", r"先问问", r"考虑一下",
    r"不是定论", r"看看吧",
)
# An opinion or impression, not a confirmed choice ("I think our themes need tokens").
OPINION = _rx(
    r"\bI (?:still |really |kinda |kind of )?(?:think|believe|suppose|feel like|reckon|assume)\b", r"\bI'?m thinking\b",
    r"\bin my (?:opinion|view)\b", r"\bimo\b", r"\bimho\b", r"\bseems like\b", r"\bit seems\b",
    r"(?:ผม|ฉัน|เรา|หนู|พี่)?คิดว่า", r"รู้สึกว่า", r"น่าจะ", r"เหมือนจะ",
    r"我觉得", r"我认为", r"我感觉", r"好像", r"似乎",
)
# A constraint scoped to the task at hand ("don't touch the code for now", "先别动代码"): an
# instruction for this session, not a standing rule. Decisions keep "for now" ("keep X for now").
TEMPORARY = _rx(
    r"\bfor now\b", r"\b(?:just )?yet\b", r"\bjust this once\b", r"\bfor this (?:one )?(?:request|run|call|test|ticket|one)\b", r"\bfor the moment\b", r"\bright now\b", r"\bthis time\b",
    r"\bin this (?:task|change|pr|commit|file|session)\b", r"\bwhile (?:you|we)(?:'re| are) (?:at it|working)\b",
    r"ไว้ก่อน", r"(?<!ตั้งแต่)(?<!จาก)ตอนนี้(?!ไป)", r"รอบนี้", r"(?:อย่า(?!ง)|ห้าม|ยังไม่ต้อง)\S*ก่อน", r"อย่าเพิ่ง",
    r"先别", r"先不要", r"暂时", r"这次", r"目前先",
    # "wait, don't run that by hand": a don't whose object is the thing at hand ("that", "it"),
    # with no sign of lasting ("again", "ever"), reacts to what the agent is doing now.
    r"^(?!.*\b(?:again|ever|anymore|any more|in future|anywhere)\b)\W*(?:\w+\W+){0,2}?(?:don'?t|do not)\s+(?:\w+\s+){1,2}?"
    r"(?:that|this|it|them|those|these)\b(?!\s+\w+\s+(?:is|are)\b)(?:\W+\w+){0,3}\W*$",
    r"^(?!.*อีก).{0,20}?อย่า(?!ง)\S{0,12}(?:อันนั้น|อันนี้|นั่น|นี่)\S{0,12}\s*$",
    r"^(?!.*(?:再|以后)).{0,8}?(?:别|不要)\S{0,8}(?:那个|这个)\S{0,8}\s*$",
)
# A bug report: an incident narrated or a component said to misbehave. Checked inside the clause of
# the cue only, so "it crashed again, so never deploy on Fridays" keeps its rule.
BUG_REPORT = _rx(
    r"\b(?:got|get|getting|gets|seeing|saw|hit|hitting) (?:a |an |the |this |that )?(?:\w+ )?(?:crash|error|exception|segfault|panic|stack ?trace|bug)",
    r"\b(?:crashe[sd]|exploded|explodes|blew up|blows up|broke|froze|hangs|hung)\b",
    r"\b(?:is|are|was|were|looks|seems) (?:still |totally |completely )?(?:broken|buggy|wrong|off|messed up|fucked up|borked)\b",
    r"\b(?:doesn'?t|does not|don'?t|do not|didn'?t|did not|isn'?t|is not|aren'?t|are not|won'?t|wasn'?t) "
    r"(?:seem to |really |actually |properly |correctly )?(?:work|adhere|respect|handle|update|render|load|apply|compile|match|fit|honou?r)\w*",
    r"\bnot working\b", r"\bthere'?s a bug\b", r"\bbug (?:in|with)\b", r"\bregression\b",
    r"พัง", r"ค้าง", r"แครช", r"ใช้ไม่ได้", r"ไม่ทำงาน", r"มีบั๊ก", r"เจอบั๊ก", r"เจอ error", r"ขึ้น error",
    r"崩溃", r"报错", r"出错了", r"挂了", r"不工作", r"有 ?bug", r"闪退",
)
# "that should never happen": a complaint about an incident, with no content to keep.
EVENT_COMPLAINT = re.compile(
    r"^\W*(?:\w+\W+){0,2}?(?:that|this|it|which)(?:'s| is)? (?:should|must|shall|can|may|is supposed to)(?:n'?t| not| never)"
    r"(?: ever)? (?:happen|occur|be (?:possible|happening|the case))\b"
    r"|^\W*(?:แบบนี้|อย่างนี้|อันนี้|มัน)?\s?(?:ห้าม|ไม่ควร|ต้องไม่)(?:ให้)?(?:มัน)?เกิด(?:ขึ้น)?(?:แบบนี้|อย่างนี้)?(?:อีก)?\W*$"
    r"|^\W*(?:这|那)(?:种|个|样)?(?:事|情况|问题)?(?:绝对)?(?:不应该|不该|不能|不可以)再?(?:发生|出现)"
    r"|^\W*(?:绝对)?(?:不应该|不该|不能)再?(?:发生|出现)(?:这种|这样)",
    re.I,
)
# Laughter ("lol", "555") is not irony: people laugh at their own mishap and still mean the rule.
SARCASM = _rx(
    r"(?:^|\s)/s\b", r"\byeah,? right\b", r"\btotally\b", r"\bjust kidding\b", r"\bjk\b", r"\bnot!", r"🙃", r"🙄",
    r"ล้อเล่น", r"ประชด",
    r"开玩笑", r"呵呵", r"是哦", r"真棒", r"才怪",
)
# Someone else's words reported by the user.
REPORTED = _rx(
    r"\b(?:said|says|wrote|writes|told|posted|mentioned|claims?|according to|insists?|insisted)\b", r"\bthe (?:docs?|readme|wiki) says\b",
    r"\b(?:keeps?|kept|is|was|were|are|'s been|has been|have been) (?:saying|telling|insisting|arguing|pushing for)\b",
    r"บอกว่า", r"เขียนว่า", r"โพสต์ว่า", r"พูดว่า", r"เขียนมาว่า", r"ในกลุ่มว่า",
    r"说", r"写着", r"写著", r"写道", r"发了", r"提到",
)
# A decision from the past merely mentioned, not made now.
PAST_MENTION = _rx(
    r"\b(?:back )?when we decided\b", r"\bwe decided\b.{0,40}\b(?:back in|last (?:year|month|week)|ago|in 20\d\d)\b",
    r"\bthat'?s what we decided\b", r"\bwe had decided\b", r"\bused to\b",
    # A rule that was, not one that is: "the old rule was never to ...", "กฎเดิมคือ", "以前的规定是".
    r"\b(?:old|previous|former|original|last team'?s) (?:rule|policy|convention|process|guideline|setup|approach)s?\b",
    r"\b(?:rule|policy|convention) (?:was|used to be|had been)\b",
    r"(?:กฎ|ข้อตกลง|นโยบาย|แนวทาง)เดิม", r"เมื่อก่อน(?:เรา|ทีม)?(?:ห้าม|ต้อง|จะ)",
    r"(?:以前|之前|原来|原本|旧|老)的?(?:规定|规矩|规则|做法|政策)", r"老规矩",
    r"ตอนที่เราตัดสินใจ", r"ตอนที่ตัดสินใจ", r"เคยตัดสินใจ", r"ตอนนั้น",
    r"当初", r"那时", r"之前决定", r"曾经",
)

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
    r"\s*[.):：、]\s*(.+)$",
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
