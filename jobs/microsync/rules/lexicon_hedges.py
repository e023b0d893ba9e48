"""Cue phrases for what a sentence is not: a question, a hypothetical, a hedge, an opinion, a task-scoped
instruction, a bug report, irony, someone else's words, the past. Part of `lexicon` (re-exported there)."""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

import re

from jobs.microsync.rules.cues import cue as _rx

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
