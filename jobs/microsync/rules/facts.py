"""Standing facts said without "remember": a small classifier over explicit features.

"I'm allergic to peanuts", "my manager is Dana", "invoices go out on the 25th", ฉันแพ้กุ้ง, 我吃素:
the user states something stable about themselves, their people, their setup or their schedule,
and the agent should keep it. It is a Remember entry with less confidence than an explicit
"remember" (0.75, 0.8 with a marker of stability), because nobody asked to keep it.

Features, each a small pattern (en/th/zh), read on one sentence:
- subject: the user (I, I'm, ผม, ฉัน, 我), their own (my/our X, ของผม, 我的/我们), or a part of
  their setup (prod, staging, the DB password, 正式环境, รหัสผ่าน DB);
- predicate: a trait (allergic, vegetarian, แพ้, 吃素), a relation or an account given a value
  ("my partner's birthday is 3 May", "rent goes to Harbor Mgmt", 我太太生日是 5 月 3 日), or a setup
  predicate with a recurrence or a place ("rotates on the 1st of every month", 每 60 天自动续期,
  เปลี่ยนทุกต้นเดือน, "runs in eu-west-1");
- stability: every/each, on the Nth, "for good", "now" after a change ("rent now goes to"), ทุก, 每;
- transience (vetoes): today, tonight, right now, yesterday, a momentary state (tired, at the
  airport, in a meeting, raining), a past event (took, was), วันนี้ / ตอนนี้กำลัง, 今天 / 刚 / 正在;
- form (vetoes): a question, a hypothetical, a wish.
A fact needs a subject and a predicate of the same family and no veto.
"""
# ruff: noqa: E501  -- cue tables read best one alternation group per line
from __future__ import annotations

import re

from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.classify import is_question
from jobs.microsync.rules.cues import Cue
from jobs.microsync.rules.item import Item

CONF_FACT = 0.75
CONF_FACT_STABLE = 0.8

_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
# The user, as the one the trait is about ("I'm vegetarian", "so is Sam" joins in).
_ME = Cue((r"\bI(?:'m| am|'ve| have)?\b", r"\bmy(?:self)?\b", r"\bwe(?:'re| are)?\b", r"\bour\b",
           r"ผม", r"ฉัน", r"หนู", r"เรา", r"ดิฉัน", r"我"))
TRAIT = Cue((
    r"\ballergic\b", r"\ballergy\b", r"\bvegetarian\b", r"\bvegan\b", r"\bpescatarian\b", r"\bgluten[- ]free\b",
    r"\blactose[- ]intolerant\b", r"\bhalal\b", r"\bkosher\b", r"\bdiabetic\b", r"\bdon'?t (?:eat|drink)\b",
    r"\bI (?:live|work) (?:in|at|for)\b", r"\bI'?m based in\b", r"\bmy time ?zone is\b",
    r"แพ้(?!ทาง)", r"มังสวิรัติ", r"กินเจ", r"ไม่กิน(?:เนื้อ|หมู|วัว|ไก่|ปลา|กุ้ง|เผ็ด|นม|ถั่ว)", r"ไม่ดื่ม",
    r"(?:ผม|ฉัน)(?:อยู่|ทำงาน)ที่",
    r"过敏", r"吃素", r"素食", r"不吃(?:肉|猪肉|牛肉|海鲜|辣|鱼|虾|花生|香菜)", r"不喝酒", r"我住在", r"我在\S{1,12}(?:工作|上班)",
))
# Relations and accounts: their value is a fact worth keeping.
_RELATION = (r"birthday|anniversary|manager|boss|partner|wife|husband|son|daughter|kids?|mom|mum|dad|mother|father|"
             r"landlord|accountant|doctor|dentist|lawyer|team lead|address|phone(?: number)?|e-?mail|account|iban|"
             r"fiscal year|financial year|rent|salary|payday|lease|insurance|passport|advisor|adviser|supervisor|ea|assistant")
RELATION = Cue((
    rf"\b(?:my|our)\s+(?:\w+\s+)?(?:\w+'s\s+)?(?:{_RELATION})\b", rf"\b(?:{_RELATION}) (?:changed|moved)\b",
    r"\b(?:rent|salary|payday|invoices?|payments?) (?:now )?(?:goes?|go|is|are|gets?|comes?) ",
    r"วันเกิด", r"ครบรอบ", r"ปีงบ(?:ประมาณ)?", r"ค่าเช่า", r"เงินเดือน", r"เจ้าของห้อง", r"(?:แฟน|ภรรยา|สามี|ลูก|เจ้านาย|หัวหน้า)(?:ผม|ฉัน|หนู)",
    r"生日", r"纪念日", r"财年", r"财务年度", r"房租", r"工资", r"发薪", r"房东",
    r"我(?:的)?(?:太太|老婆|老公|丈夫|妻子|女朋友|男朋友|孩子|儿子|女儿|老板|经理|主管|领导|导师|助理)", r"อาจารย์ที่ปรึกษา",
))
# What a turn must contain to hold a fact at all (the extractor's one-scan gate).
RELATION_WORD = Cue((rf"\b(?:{_RELATION})\b", r"\b(?:invoices?|payments?)\b", r"วันเกิด", r"ครบรอบ", r"ปีงบ", r"ค่าเช่า",
                     r"เงินเดือน", r"เจ้าของห้อง", r"แฟน", r"ภรรยา", r"สามี", r"ลูก", r"เจ้านาย", r"หัวหน้า", r"生日", r"纪念日",
                     r"财年", r"财务年度", r"房租", r"工资", r"发薪", r"房东", r"太太", r"老婆", r"老公", r"丈夫", r"妻子",
                     r"朋友", r"孩子", r"儿子", r"女儿", r"老板", r"经理", r"主管", r"领导", r"导师", r"助理",
                     r"อาจารย์ที่ปรึกษา", r"\b[a-z]{2}-[a-z]+-\d\b"))
# A value: a date, a number, a name, a month, a place after "goes to".
VALUE = Cue((r"\d", rf"\b{_MONTHS}\b", r"\b(?:is|are|'s|goes to|go to|changed to)\s+[A-Z][a-z]+",
             r"เดือน", r"มกรา|กุมภา|มีนา|เมษา|พฤษภา|มิถุนา|กรกฎา|สิงหา|กันยา|ตุลา|พฤศจิกา|ธันวา", r"คือ", r"ชื่อ",
             r"[一二三四五六七八九十]月", r"是", r"叫"), flags=0)
# A part of the user's setup, and what it does on a schedule or where it runs.
SETUP = Cue((
    r"\b(?:prod|production|staging|dev|the (?:\w+ )?(?:cluster|db|database|password|certificate|cert|token|key|"
    r"backups?|invoices?|bill|domain|license|subscription)s?|invoices|backups|our (?:\w+ )?(?:servers?|db|database))\b",
    r"รหัสผ่าน", r"password", r"ใบรับรอง", r"cert", r"token", r"ใบแจ้งหนี้", r"backup", r"production", r"staging",
    r"证书", r"凭证", r"密码", r"密钥", r"发票", r"账单", r"备份", r"正式环境", r"生产环境", r"测试环境",
))
SETUP_DOES = Cue((
    r"\b(?:rotates?|renew(?:s|ed)?|expires?|resets?|goes out|go out|are sent|is sent|is due|are due|is billed|"
    r"runs (?:in|on)|is hosted (?:in|on|at)|lives (?:in|on)|is (?:in|on) (?:aws|gcp|azure|[a-z]{2}-[a-z]+-\d))\b",
    r"เปลี่ยน", r"หมดอายุ", r"ต่ออายุ", r"ออก(?:ทุก|วันที่)", r"รันอยู่(?:บน|ที่)",
    r"续期", r"过期", r"轮换", r"更新", r"跑在", r"部署在", r"托管在",
))
RECURRENCE = Cue((r"\bevery\b", r"\beach\b", r"\bon the \d{1,2}(?:st|nd|rd|th)\b", r"\b(?:daily|weekly|monthly|nightly|yearly)\b",
                  r"\bon (?:mon|tues|wednes|thurs|fri|satur|sun)days\b", r"\bfor good\b", r"\bnow (?:goes|is|go)\b",
                  r"ทุก", r"ประจำ", r"每", r"自动"))
TRANSIENT = Cue((
    r"\btoday\b", r"\btonight\b", r"\byesterday\b", r"\bright now\b", r"\bat the moment\b", r"\bthis (?:morning|week)\b",
    r"\bjust\b", r"\btook\b", r"\bwas\b", r"\bwere\b", r"\bgot\b",
    r"\bI'?m (?:so |really |a bit )?(?:tired|busy|sick|hungry|late|running late|at|on my way|in a meeting|off|out|back|done|stuck)\b",
    r"\brain(?:s|ing)?\b", r"\bsnow(?:s|ing)\b",
    r"วันนี้", r"คืนนี้", r"เมื่อวาน", r"เมื่อกี้", r"เพิ่ง", r"กำลัง", r"เหนื่อย", r"ง่วง", r"หิว", r"ฝนตก", r"ติดประชุม", r"อยู่สนามบิน",
    r"今天", r"今晚", r"昨天", r"刚", r"正在", r"累", r"饿", r"下雨", r"在开会", r"在路上", r"在机场",
))
_WISH = Cue((r"\bI (?:want|wish|hope|need)\b", r"\bI(?:'d| would) (?:like|love|prefer)\b", r"อยาก", r"我想", r"希望"))


def standing_fact(probe: str) -> float | None:
    """The confidence that the sentence states a standing fact about the user, or None."""
    if is_question(probe) or lx.HYPOTHETICAL.search(probe) or _WISH.search(probe) or TRANSIENT.search(probe):
        return None
    personal = bool(TRAIT.search(probe) and _ME.search(probe))
    related = _relation_is_subject(probe) and bool(VALUE.search(probe))
    setup = bool(SETUP.search(probe) and (_REGION.search(probe) or SETUP_DOES.search(probe)
                                          and (RECURRENCE.search(probe) or _place(probe))))
    if not (personal or related or setup):
        return None
    return CONF_FACT_STABLE if RECURRENCE.search(probe) or personal else CONF_FACT


# How the agent should talk to the user: a standing preference, kept as Remember ("從現在開始回答都用繁體中文").
_REPLY_STYLE = Cue((r"\b(?:answer|reply|respond|write|talk|speak)(?:ing)?(?: to me)? (?:in|with|using)\b",
                    r"\byour (?:answers|replies|responses|messages)\b", r"ตอบ(?:ผม|ฉัน)?(?:เป็น|ด้วย|แบบ)", r"คุยกับ(?:ผม|ฉัน)เป็น",
                    r"(?:回答|回复|答复)(?:我)?(?:都|一律|全部)?(?:要)?(?:用|使用)", r"跟我(?:说话|讲话|沟通)?(?:都)?用"))


_CLAUSE_START = re.compile(r"[,;:.!，；：。！—]\s*|\s(?=[\u0E00-\u0E7F])")


def _relation_is_subject(probe: str) -> bool:
    """A relation or account that opens its clause ("my partner's birthday is", "rent now goes to",
    我导师是): what the clause is about, not the object of an instruction ("กันเงิน 15% ของเงินเดือน")."""
    for m in RELATION.finditer(probe):
        start = max((c.end() for c in _CLAUSE_START.finditer(probe, 0, m.start())), default=0)
        if m.start() - start <= 12 and not probe.endswith(("ของ", "的"), 0, m.start()):
            return True
    return False


def about_replies(probe: str) -> bool:
    """Does the instruction say how the agent should answer (language, length, tone)?"""
    return bool(_REPLY_STYLE.search(probe))


def personal_trait(probe: str) -> bool:
    """Does the sentence say something about the user's own person ("ผมไม่กินเนื้อวัว", "I'm vegan")?"""
    return bool(TRAIT.search(probe) and _ME.search(probe)) and not TRANSIENT.search(probe)


_REGION = re.compile(r"\b(?:us|eu|ap|sa|ca|me|af)-[a-z]+-\d\b")   # a cloud region: where the setup runs
_PLACE = re.compile(r"\b(?:in|on) (?:aws|gcp|azure|hetzner|[a-z]{2}-[a-z]+-\d)\b|部署在|跑在|托管在|รันอยู่", re.I)


def _place(probe: str) -> bool:
    return bool(_PLACE.search(probe))


def join_consequences(items: list[Item], facts: set[int]) -> list[Item]:
    """A fact and the instruction drawn from it right after ("我吃素，推荐餐厅只推素食的", "I'm allergic
    to shellfish, never order me anything with shrimp"): one Remember item, not a fact and a rule."""
    out: list[Item] = []
    for item in items:
        prev = out[-1] if out else None
        is_fact = prev is not None and (prev.first in facts or personal_trait(prev.probe))   # 我爸不吃辣 (with 记住)
        if (prev is not None and is_fact and prev.kind == "Remember" and item.first - prev.last <= 2
                and item.kind in ("Rule", "Constraint", "Remember")):
            out[-1] = Item(prev.first, item.last, "Remember", f"{prev.text.rstrip(' .。')}, {item.text}",
                           f"{prev.probe} {item.probe}", max(prev.confidence, item.confidence))
        else:
            out.append(item)
    return out
