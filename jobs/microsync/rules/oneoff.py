"""Choices that are no lasting decision: one occasion, someone else's, the agent's next step.

A decision worth keeping changes a lasting choice (a technology, a design, a policy, a vendor, a
process). Many turns use the words of choosing about something smaller; these checks read what
the choice is *about*, whatever verb carries it:

- the task at hand: a choice scoped to one run, test, ticket or command ("let's use the staging
  config for this run", "this time go with B", ครั้งนี้ใช้…, 这次就用…) holds for that occasion only;
- a plan for a near time: "we're going to release tomorrow", "tonight we'll go with the backup
  box", พรุ่งนี้เราจะ…, 明天上午我们换成… — scheduling, not choosing; a change of the system's
  structure (an Architecture item), an explicit verb of deciding and a marker of lasting
  ("for good", "from … on", ตั้งแต่, 以后, 起) keep the statement;
- someone else's decision: "my friend's startup decided …", "his team dropped …", เพื่อนผมเลิกใช้…,
  隔壁组决定… — unless the user's own side comes in after it ("…, so we're doing the same");
- the agent's next step: an answer to "should I fix A or B first?", "which file should I edit?",
  ให้ผมรัน…หรือ…, 我先修…还是… picks a step of the task, not a design; a question about what to
  *use* or *choose* (a library, a store) still designs.
"""
from __future__ import annotations

import re

from jobs.microsync.rules.cues import Cue

# A choice scoped to one occasion of the work.
TASK_SCOPE = Cue((
    r"\bfor (?:this|the current|this one|that) (?:one )?(?:run|test|tests|test run|ticket|task|bug|fix|hotfix|pr|"
    r"pull request|commit|command|step|script|job|build|debug(?:ging)? session|session|demo|experiment|spike|"
    r"request|query|file|case|example|attempt|try|invocation|call|one)\b",
    r"\b(?:just|only) for (?:this|that|today|tonight|the (?:demo|test|experiment|spike))\b",
    r"\bthis (?:one )?time\b(?! (?:and|from) )", r"\bjust (?:this )?once\b", r"\bfor (?:today|tonight)\b",
    r"\b(?:this|that) (?:migration|run|ticket|pr|test) only\b",
    r"ครั้งนี้", r"รอบนี้", r"เฉพาะ(?:ครั้ง|รอบ|งาน|ไฟล์|เคส|เทส)นี้", r"สำหรับ(?:งาน|เทส|ไฟล์|ตั๋ว|เคส|การรัน)นี้",
    r"เฉพาะกิจ",
    r"这次", r"这回", r"这一次", r"本次", r"这一轮", r"这一把", r"就这一次", r"(?:跑|试|测)一(?:遍|次|下)",
))
# A near time: the choice is a plan for it.
NEAR_TIME = Cue((
    r"(?<!\bfrom )(?<!\bdecided )\btoday\b", r"\btonight\b", r"\btomorrow\b",
    r"\bthis (?:morning|afternoon|evening)\b", r"\blater today\b",
    r"วันนี้(?!เป็นต้นไป|ไป)", r"คืนนี้", r"พรุ่งนี้", r"เช้านี้", r"บ่ายนี้", r"เย็นนี้",
    r"今天(?!起|开始)", r"今晚", r"明天(?!起|开始)", r"今早", r"下午", r"晚上",
))
# A choice leaned towards or to be tried, not settled ("leaning towards pnpm", ว่าจะ…, 倾向于…, 打算试试…).
TENTATIVE = Cue((
    r"\bleaning (?:towards?|to)\b", r"\binclined to\b", r"\btoying with\b", r"\bconsidering\b", r"\bon the fence\b",
    r"\b(?:try|trial) (?:it|\S+) (?:out )?for a (?:bit|while|week|sprint)\b",
    r"(?<![\u0E01-\u0E4E])ว่าจะ", r"กำลังคิด(?:ว่า|จะ)", r"เอนเอียง", r"ชั่งใจ",
    r"倾向", r"打算试", r"想试试", r"(?<!不)考虑(?!好|了)", r"琢磨",
))
# An occasion named at the end of the clause: "we'll use Zoom for the call".
EVENT_END = Cue((r"\bfor (?:the|this|today'?s|tomorrow'?s) (?:call|meeting|demo|presentation|interview|standup|"
                 r"workshop|trip|dinner|party)(?=\W*$)",))
# Nothing but a go-ahead ("ได้ครับ จัดไปเลย", "ok, go ahead"): approves whatever was on the table, names nothing.
BARE_GO = re.compile(r"^\W*(?:(?:ok(?:ay)?|yes|yeah|yep|sure|fine|alright|ได้|โอเค|ตกลง|好的?|行|可以)\W*"
                     r"(?:ครับ|ค่ะ|คะ|จ้า)?\W*)*(?:จัดไปเลย|จัดไป|ไปเลย|ทำเลย|เอาเลย|go ahead|do it|go for it|ship it)"
                     r"\W*(?:ครับ|ค่ะ|นะ|จ้า)?\W*$", re.I)
# What makes a choice last beyond the occasion, or says it was decided.
LASTING = Cue((
    r"\bfrom now on\b", r"\bgoing forward\b", r"\bfor good\b", r"\bpermanently\b",
    r"\bfrom (?:then|today|tomorrow) on\b",
    r"\bstarting (?:today|tomorrow|now|next)\b", r"\bdefault\b", r"\bstandard\b", r"\bfrom here on\b", r"\bevery\b",
    r"\balways\b", r"\bnever\b", r"\bno longer\b", r"\bany ?more\b", r"\b(?:we|I)(?:'ve| have)? decided\b",
    r"ตั้งแต่", r"ต่อไป", r"จากนี้", r"ถาวร", r"ทุก", r"ตัดสินใจ", r"เป็นต้นไป",
    r"以后", r"今后", r"起", r"开始", r"一律", r"永久", r"默认", r"决定", r"不再", r"每",
))
# Someone else deciding: a third party as the subject.
FOREIGN = Cue((
    r"\b(?:his|her|their) (?:own )?(?:team|company|startup|org|organi[sz]ation|project|side project|shop|employer)\b",
    r"\b(?:my|a|our) (?:old |former )?(?:friend|buddy|cousin|brother|sister|wife|husband|dad|mom|father|mother|"
    r"neighbou?r|ex-colleague|former colleague|roommate)s?(?:'s?)?\b",
    r"\ba friend of (?:mine|ours)\b",
    r"\b(?:the|some|an?) ?other (?:team|company|startup|project|group|department)s?\b",
    r"\banother (?:team|company|startup|client|customer|group)\b", r"\b(?:a |our |the )?competitors?\b",
    r"\b(?:he|she)(?:'s| has)? (?:finally |just )?(?:decided|went with|switched|chose|picked|dropped|moved)\b",
    r"\bfor (?:his|her|their) (?:own )?(?:stuff|thing|side project|project|startup|app|blog|shop)\b",
    r"\bthe (?:folks|people|guys) (?:at|over at)\b",
    r"เพื่อน", r"ทีม(?:อื่น|ข้างๆ|ข้าง ๆ|ของเขา|เขา)", r"อีกทีม", r"บริษัท(?:อื่น|เพื่อน|ของเพื่อน|เขา)",
    r"ลูกค้า(?:อีก|อื่น|เจ้าอื่น)", r"คู่แข่ง", r"(?:^|\s)เขา(?=\S{0,6}(?:ตัดสินใจ|เลือก|เปลี่ยน|เลิก|ย้าย|ใช้))",
    r"朋友", r"隔壁", r"别的(?:团队|公司|组|部门|项目)", r"其他(?:团队|公司|组|部门)", r"另一个(?:团队|组|公司|部门)",
    r"(?<!其)他们(?:团队|公司|组|那边)?",
    r"(?<!其)他(?=.{0,4}(?:决定|选|改|换|放弃|不用))", r"她(?=.{0,4}(?:决定|选|改|换|放弃|不用))",
    r"竞品", r"竞争对手", r"友商", r"人家",
))
# The user's own side coming in after a third party's choice ("..., so we're doing the same").
OUR_SIDE = Cue((r"\b(?:we|we'll|we're|us|let's|our team)\b", r"\bI(?:'ll| will| am going to|'m going to)\b",
                r"(?<!ของ)เรา(?!ว)", r"ผมจะ", r"ฉันจะ", r"我们(?!的)", r"咱们", r"我也", r"我就"))
# The agent asking which step of the task to take.
AGENT_STEP = Cue((
    r"\b(?:should|shall|do you want|would you like|want) (?:me|I)\b", r"\b(?:I'll|I will|I can) (?:start|begin)\b",
    r"ให้(?:ผม|ฉัน|หนู)", r"(?:ผม|ฉัน)(?:จะ)?(?:แก้|รัน|เริ่ม|ทำ)",
    r"要(?:不要)?我", r"我(?:先|来)", r"需要我",
))
# ... which designs after all when it asks what to use, choose or keep.
DESIGN_WORD = Cue((
    r"\b(?:use|using|go with|pick|choose|adopt|store|keep|standardi[sz]e|switch to|migrate to|default)\b",
    r"\b(?:library|framework|database|db|storage|store|queue|provider|vendor|format|convention|naming|policy|"
    r"strategy|architecture|schema|stack|cache)\b",
    r"ใช้", r"เลือก", r"เก็บ", r"ฐานข้อมูล", r"用", r"选", r"存", r"数据库", r"框架", r"库",
))
# ... and asks for an order of work or an action on one thing.
STEP_WORD = Cue((
    r"\bfirst\b", r"\bnext\b", r"\bstart (?:with|on)\b", r"\b(?:edit|open|run|rerun|fix|debug|patch|test|look at|check|"
    r"tackle|push|commit|delete|revert|restart|review|rebase)\b",
    r"ก่อน", r"แก้", r"รัน", r"เปิด", r"เช็ค", r"ตรวจ", r"先", r"修", r"跑", r"改", r"看", r"测",
))


def one_off(probe: str, kind: str) -> bool:
    """A choice for one occasion, leaned towards, or a plan for a near time, with nothing that makes it last."""
    if kind not in ("Decision", "Architecture") or LASTING.search(probe):
        return False
    if TASK_SCOPE.search(probe) or TENTATIVE.search(probe) or EVENT_END.search(probe):
        return True
    return kind == "Decision" and bool(NEAR_TIME.search(probe))


def bare_go(probe: str) -> bool:
    """A go-ahead with no content of its own."""
    return bool(BARE_GO.match(probe))


def foreign(probe: str) -> bool:
    """Someone else's decision, with the user's own side not coming in after it."""
    m = FOREIGN.search(probe)
    return m is not None and not OUR_SIDE.search(probe, m.end())


def agent_step(asked: str) -> bool:
    """Does the assistant's question ask which step of the task it should take next?"""
    return bool(AGENT_STEP.search(asked)) and bool(STEP_WORD.search(asked)) and not DESIGN_WORD.search(asked)
