"""The transcript router of core memory (docs/design.md §6): one user turn → an explicit preference
(written to PROFILE at once, or staged in PROPOSALS.md for review), an inferred one (PROPOSALS.md
only), a forget (revoke), the user's "yes, remember that" to the assistant's offer (confirm), or nothing.

Pure: text in, a `Routed` out; writing is the caller's (jobs/microsync/preferences.py). Lexicons are
one file per language (router_en.py, router_th.py, router_zh.py) and all three are applied to every
turn, so code-switched turns ("from now on ตอบเป็น English") route. Precision first (a wrong profile
write is worse than a missed one): a style request is explicit only with a standing marker or a
memory verb about the user; a turn about someone else, one message only, a question about the
stored value, a hypothetical or quoted text is never routed. Keys are canonical, so the same
preference said in two languages is one key.

Where an explicit statement goes (`Routed.to`) is decided by structure, and PROFILE is written only
when the evidence is strong; everything lasting but less certain is staged in PROPOSALS.md, where the
user's review is the safety net (the item is not lost). Written to PROFILE at once, only:
(a) a standing marker that says the statement lasts — a standing time marker or a memory verb (from now
    on, by default, remember that I…, ต่อไป, ตั้งแต่นี้, จำไว้ว่าเรา…, 以后, 默认, 记住我…) — in a turn
    that speaks to the agent about its answers or how it works, or about the user: a canonical style
    key (language, tone, length, format) with a value the words give, not turned around by a negation
    just before them in the same clause; an imperative about how the agent works with a person word
    (instruction.other: going forward, don't push yourself; ต่อไป…ถามเราก่อน; 规矩：给我的命令一律不要带
    sudo; not someone else's rule passed on, not said with what the user is); a fact the user says of
    themselves in the first person (user.other: remember that I'm allergic…; 記住我有色弱); a skill
    whose topic the table names in the skill's sentence (以后…我前端完全不懂);
(b) a setting stated as one ("Tone preference: …", "preference ของเรา: …", "預設格式：…", "rule for any
    repo of mine: …", the words after the colon as the value when the key's words give none), and the
    user's name or where they live said as one ("call me Dan", "name's Kofi", 叫我阿凱就好, "I live in
    Lisbon", a city of the hand table);
(c) the user's yes to the assistant's offer to remember a thing that names its key and value.
Never in a sentence that is a question (a request put as one, "Can you … by default?", is a request),
never in quoted or pasted text, never about a team, an artifact or someone else.

Explicit but staged: a habitual marker alone (always, every time, whenever, ทุกครั้ง, ตลอด, 一律, 每次 — how
often, not for how long: "every time you regenerate it I get noise in the diff", "我們部門的週報一律用
Markdown"); a like or dislike about the answers (I prefer…, เราไม่ชอบ…, 我习惯…); a self-fact or a skill
said without a standing marker (I'm colorblind; 12 years of Postgres, skip the basics); a value that
names no setting; and the classes not yet confirmed on a blind set — a standing statement buried in a
turn about something else (judged by its own sentence), a yes to a question whether to do a thing from
now on, a yes to an offer that names no key of ours (instruction.other: the offer in its own words), a
long-term scope said as such (permanently, ถาวร, 长期, a move to work somewhere: ย้ายมาทำงาน),
a zone only the time zone database names (no city of the hand table), a skill topic taken from the
technology named in its sentence.

Capture (what reaches PROFILE or PROPOSALS at all) is widened by class, never to PROFILE: a standing
or habitual marker in a turn that speaks to the agent, about the user or about the agent's answers
(not a team's "we"), even with no person word or with a question elsewhere in the turn; a trailing
memory verb ("…, 记一下", "จำไว้ด้วย"); a one-off request about the answers that names a style key
(could you…, ภาษาไทยค่ะ, 中文啊) as an inference; and in a turn that is partly about something else
(an app, a client, a translation), the user's own standing piece alone, staged. `target` is the
class rule between PROFILE and PROPOSALS, shared with the model's reading (jobs/microsync/preferences.py).

Classes by structure rather than by a writer's words (each measured on four development splits):
- addressed to the agent (you, "I'd rather…", "mind answering…?", give me…, อยากให้…, ทำ…ให้เลย, 麻烦…,
  给我…) with the agent's answers as its object (a style key with a usable value) and no lasting marker:
  an inference for review, not lost;
- sentence, not turn: in a turn partly about something else (a bug report), a clean sentence that
  speaks to the agent in the second person is judged alone, and staged;
- a second-person rule with a habitual marker and no key ("When you're not sure…, say so. This applies
  always"), or a first-person state with what the agent should do about it ("I'm blind and use NVDA…
  so describe structure in words"): staged instruction.other / user.other;
- a skill whose topic the table lacks takes the technology named in its sentence (Elixir, JavaScript;
  staged);
- a forget is a drop word next to a pointer back to a kept thing (the 'X' rule, เรื่องที่ให้…, 之前说
  要…那个); quoted words name what is dropped; a forget word in a question is none; a report of a thing the
  speaker removed ("B2 那个 bucket 我昨晚已经删了", "ผมลบไปแล้ว", "I already deleted…": `removed_self`) is none;
  a forget drops what its own words name, not the key of a clause after it that states what holds now
  ("…ลืมไปได้เลย … ผมอยู่เชียงใหม่ตามปกติ", "forget the trip, I live in Berlin anyway": `_states_now`);
- a yes to the assistant's question whether to do a thing from now on is a yes to an offer (staged);
- bounded in time (until Friday, this week, for the next 3 hours, ถึงวันศุกร์, สัปดาห์นี้, 到周五, 这周: the
  lexicons' `bounded`): a style setting with the expiry its words say (`to == "bounded"`), never lasting; a
  vague bound (ช่วงนี้, 这几天, temporarily) for this session; a place said with a bound is a trip, not a zone;
- a request to stop a thing (no more tables, 别再用表格, ไม่ต้องทำเป็นตารางแล้ว) is its opposite ("no tables");
- a no followed by the user's own words ("no, call me Priya") is a correction, routed on those words;
- hard negatives: the style words are a thing's (a document's requirement, a device's or site's
  setting, a clock time with its zone, a piece to draft): nothing is routed.
"""
from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import datetime, time, timedelta, tzinfo
from functools import cache, lru_cache

from memory_store.config import FREE_FORM_KEYS
from memory_store.core import router_en, router_th, router_zh
from memory_store.core.router_lexicon import Lexicon, lead_alternation
from memory_store.regex_literals import fold, required_of, trie_regex

LEXICONS: tuple[Lexicon, ...] = (router_en.LEXICON, router_th.LEXICON, router_zh.LEXICON)
# when a turn names several keys, the earlier one here wins
KEY_ORDER = ("user.name", "user.timezone", "response.language", "response.format.default", "response.tone",
             "response.length")
LABELS = ("explicit", "inferred", "forget", "confirm")
TARGETS = ("profile", "proposals")
_LANGUAGES = {"british english": "en-GB", "american english": "en-US",
              "english": "en", "อังกฤษ": "en", "thai": "th", "ไทย": "th", "chinese": "zh-Hans", "mandarin": "zh-Hans",
              "จีน": "zh-Hans", "japanese": "ja", "ญี่ปุ่น": "ja", "spanish": "es", "french": "fr", "german": "de",
              "korean": "ko", "vietnamese": "vi", "eng": "en", "español": "es", "espanol": "es",
              "français": "fr", "francais": "fr", "português": "pt", "portugues": "pt", "brazilian portuguese": "pt-BR",
              "portuguese": "pt", "italian": "it",
              "dutch": "nl", "indonesian": "id", "russian": "ru", "hindi": "hi", "arabic": "ar",
              "简体中文": "zh-Hans", "簡體中文": "zh-Hans", "简体": "zh-Hans", "簡體": "zh-Hans", "繁体中文": "zh-Hant",
              "繁體中文": "zh-Hant",
              "中文": "zh-Hans", "英文": "en"}
_ZONES = {"pacific": "America/Los_Angeles", "eastern": "America/New_York", "central": "America/Chicago",
          "mountain": "America/Denver", "central european": "Europe/Berlin", "uk": "Europe/London",
          "bangkok": "Asia/Bangkok", "berlin": "Europe/Berlin", "london": "Europe/London", "tokyo": "Asia/Tokyo",
          "singapore": "Asia/Singapore", "taipei": "Asia/Taipei", "台北": "Asia/Taipei", "新加坡": "Asia/Singapore",
          "曼谷": "Asia/Bangkok", "柏林": "Europe/Berlin", "伦敦": "Europe/London", "倫敦": "Europe/London",
          "北京": "Asia/Shanghai", "上海": "Asia/Shanghai", "香港": "Asia/Hong_Kong", "东京": "Asia/Tokyo",
          "東京": "Asia/Tokyo", "ญี่ปุ่น": "Asia/Tokyo", "โตเกียว": "Asia/Tokyo", "เยอรมัน": "Europe/Berlin",
          "ลอนดอน": "Europe/London", "สิงคโปร์": "Asia/Singapore", "ไต้หวัน": "Asia/Taipei",
          # cities people say they live in (IANA zone of each)
          "lisbon": "Europe/Lisbon", "madrid": "Europe/Madrid", "paris": "Europe/Paris",
          "amsterdam": "Europe/Amsterdam", "rome": "Europe/Rome", "stockholm": "Europe/Stockholm",
          "oslo": "Europe/Oslo", "warsaw": "Europe/Warsaw", "prague": "Europe/Prague",
          "vienna": "Europe/Vienna", "zurich": "Europe/Zurich", "dublin": "Europe/Dublin",
          "helsinki": "Europe/Helsinki", "istanbul": "Europe/Istanbul", "dubai": "Asia/Dubai",
          "mumbai": "Asia/Kolkata", "bangalore": "Asia/Kolkata", "delhi": "Asia/Kolkata",
          "jakarta": "Asia/Jakarta", "manila": "Asia/Manila", "seoul": "Asia/Seoul",
          "hong kong": "Asia/Hong_Kong", "shanghai": "Asia/Shanghai", "sydney": "Australia/Sydney",
          "melbourne": "Australia/Melbourne", "brisbane": "Australia/Brisbane", "perth": "Australia/Perth",
          "auckland": "Pacific/Auckland", "toronto": "America/Toronto", "vancouver": "America/Vancouver",
          "seattle": "America/Los_Angeles", "portland": "America/Los_Angeles", "sf": "America/Los_Angeles",
          "boston": "America/New_York", "nyc": "America/New_York", "chicago": "America/Chicago",
          "denver": "America/Denver", "austin": "America/Chicago", "mexico": "America/Mexico_City",
          "hanoi": "Asia/Ho_Chi_Minh", "saigon": "Asia/Ho_Chi_Minh", "kuala lumpur": "Asia/Kuala_Lumpur",
          "nairobi": "Africa/Nairobi", "lagos": "Africa/Lagos", "cairo": "Africa/Cairo",
          "johannesburg": "Africa/Johannesburg", "เมลเบิร์น": "Australia/Melbourne",
          "ซิดนีย์": "Australia/Sydney", "โซล": "Asia/Seoul", "ปารีส": "Europe/Paris",
          "นิวยอร์ก": "America/New_York", "เชียงใหม่": "Asia/Bangkok", "กรุงเทพ": "Asia/Bangkok",
          "กรุงเทพฯ": "Asia/Bangkok", "กรุงเทพมหานคร": "Asia/Bangkok", "温哥华": "America/Vancouver",
          "溫哥華": "America/Vancouver", "多伦多": "America/Toronto", "多倫多": "America/Toronto",
          "纽约": "America/New_York", "紐約": "America/New_York", "西雅图": "America/Los_Angeles",
          "西雅圖": "America/Los_Angeles", "旧金山": "America/Los_Angeles", "舊金山": "America/Los_Angeles",
          "悉尼": "Australia/Sydney", "雪梨": "Australia/Sydney", "墨尔本": "Australia/Melbourne",
          "墨爾本": "Australia/Melbourne", "首尔": "Asia/Seoul", "首爾": "Asia/Seoul", "巴黎": "Europe/Paris",
          "深圳": "Asia/Shanghai", "广州": "Asia/Shanghai", "廣州": "Asia/Shanghai", "杭州": "Asia/Shanghai",
          "成都": "Asia/Shanghai"}
_TABLE_ZONES = frozenset(_ZONES.values())
_QUOTED = re.compile(r"\"[^\"]{3,}\"|“[^”]{2,}”|「[^」]{2,}」|『[^』]{2,}』"
                     r"|(?:(?<=\s)|^)'(?:[^'\s]+\s+){3,}[^'\s]+'(?=[\s.,!?:;)]|$)")
_BLOCKQUOTE = re.compile(r"^\s*>.*$", re.MULTILINE)
_FENCED = re.compile(r"```.*?(```|$)|`[^`\n]+`", re.DOTALL)     # pasted code, inline code
_THAI = re.compile(r"[\u0e00-\u0e7f]")
_HAN = re.compile(r"[\u4e00-\u9fff]")
# the assistant's turn offers to remember something, so a short "yes" / "no" answers the offer
_OFFER = re.compile(r"remember|\bsave\b|บันทึก|เก็บไว้|保存|存下|keep using|in (the )?future|from now on"
                    r"|going forward|จำ|ต่อไป|记住|記住|记得|記得|以后|以後|默认|默認", re.IGNORECASE)
# a standing rule about how the agent works talks to it or about the user; "from now on every schema
# change goes through a migration" is a project convention (the daily log's), not core memory
_PERSON = re.compile(r"\b(me|you|yourself|your|my)\b|เรา|ผม|ฉัน|หนู|พี่|(?<!ขอบ)คุณ|我|你", re.IGNORECASE)
# a question (about what is stored, or whether to): never a standing statement
_NON_WORD = re.compile(r"[\W_]+")
# a team's own liking ("ทีมเราชอบคำตอบสั้นๆ", "we prefer tables"): not the user's ("咱们就当同事聊天" is the
# user and the agent, "เพื่อนร่วมทีม" a mention)
_TEAM_LIKES = re.compile(r"\b(we|our team)( all)? (prefer|like|want|use)\b|ทีม(เรา)?(ชอบ|อยาก|ใช้)"
                         r"|(我们|我們)(团队|團隊)?(都)?(喜欢|喜歡|偏好|习惯|習慣|都用)", re.IGNORECASE)
# a team in the turn ("from now on we answer tickets in Thai", 以后我们的周报都用表格) makes a style key the
# team's convention unless the turn also speaks to the agent; 咱们 (the user and the agent) and a
# mentioned เพื่อนร่วมทีม are no team
_TEAM = re.compile(r"\b(we|our|us)\b|我们|我們|พวกเรา|(?<!ร่วม)ทีม", re.IGNORECASE)
_YOU = re.compile(r"\b(you|your|yourself)\b|你|您|(?<!ขอบ)คุณ", re.IGNORECASE)     # ขอบคุณ is "thank you"
# how the agent talks to the user
_TO_ME = re.compile(r"\b(talk|speak|write|explain\w*) to me\b|\bwith me\b|跟我(说|說|讲|講|聊)|對我(說|講)|对我(说|讲)"
                    r"|(คุย|พูด)กับ(เรา|ผม|ฉัน|หนู)", re.IGNORECASE)
# a request put as a question: still the user's instruction
_POLITE = re.compile(r"\b(can|could|would|will) you\b|\bplease\b|ได้ไหม|ได้มั้ย|ได้ป่ะ|ได้ปะ|หน่อย|可以吗|可以嗎|能不能"
                     r"|可不可以|好吗|好嗎|行吗|行嗎", re.IGNORECASE)
_QUESTION = re.compile(r"[?？]|吗|嗎|ไหม|มั้ย|หรือเปล่า")
# the user says what they want from the agent ("I'd rather…", "I want you…", "mind answering…",
# อยากให้…, ขอ…, 我希望…, 麻烦…): with a style key and a value, a request about the answers
_WANTS = re.compile(r"\bi('d| would)? ?(rather|want|need)\b|\bi('d| would) like\b|\bmind (answering|writing|using"
                    r"|replying|keeping)\b|อยาก(ให้|ได้)|^\W*ขอ|(我|俺)(要|想要|希望|需要)|麻烦|麻煩|^\W*(请|請)"
                    # done for the user: "give me…", ทำ…ให้เลย / ให้หน่อย (Thai benefactive), 给我…, 帮我…
                    r"|\b(give|show|send|tell) me\b|\S(ให้(หน่อย|เลย|ด้วย))|(给|給|帮|幫)我", re.IGNORECASE)
# a style or identity key is the user's only when the turn speaks to the agent or about the user, or
# names the agent's output: "from now on the table names use snake_case" is the project's
_ADDRESSED = re.compile(r"\b(i|i'm|i'd|i've|me|my|you|your|yourself|answers?|repl(y|ies)|respon(d|ses?)"
                        r"|explain\w*|talk|speak|chat|messages?|output|summar\w*)\b|เรา|ผม|ฉัน|หนู|พี่|(?<!ขอบ)คุณ|ตอบ"
                        r"|อธิบาย|คุย|สรุป|我|你|咱|回答|回复|回覆|说|說|解释|解釋|讲|講"
                        r"|\bdefault (format|language)\b|(預設|预设|默认|默認)(格式|語言|语言)|偏好|(แก้|ตั้ง) ?preference"
                        r"|ตั้งโทน", re.IGNORECASE)
# the agent's answers themselves (not "write the OpenAPI example first", which is project work)
_OUTPUT = re.compile(r"\b(answers?|repl(y|ies)|respond|(?<!api )(?<!http )(?<!server )responses?|explanations?"
                     r"|summar(y|ies))\b|ตอบ|อธิบาย|สรุป|回答|回复|回覆|解释|解釋", re.IGNORECASE)
# an artifact of the work (docs, comments, a README, commit messages): its language or format is the
# project's, not how the agent answers the user
_ARTIFACT = re.compile(r"\b(docs?|documentation|comments?|readme|commit messages?|changelog|docstrings?|variable names?"
                       r"|pr descriptions?|reports?|slides?|decks?|presentations?|emails?)\b|เอกสาร|คอมเมนต์|คอมเม้นต์"
                       r"|README|รายงาน|สไลด์|อีเมล|文档|文檔|注释|註釋|提交信息|报告|報告|幻灯片|投影片|邮件|郵件",
                       re.IGNORECASE)
# "…, remember that" / "记一下" / "จำไว้ด้วย" closing a turn: the user asks for the statement to be kept
_NOTE_THIS = re.compile(r"(\b(remember|note) (that|this)|记一下|記一下|记住|記住|记下|記下|记着|記著"
                        r"|จำไว้(ด้วย)?(นะ)?(ครับ|ค่ะ)?)\W*$", re.IGNORECASE)
# a team ("whenever we add an endpoint…", "our matter numbers…") is the project's, not the user's
_WE = re.compile(r"\b(we|our|us)\b|我们|我們|咱们|咱們|พวกเรา|ทีม", re.IGNORECASE)
# just before the words that name the key, a negation turns the value around ("no tables", 不要用英文):
# the value the lexicon gives would be the opposite of the user's
_NEGATION = re.compile(r"\b(don'?t|do not|no|not|never|stop|without|less|fewer)\b"
                       r"|ไม่|อย่า|ห้าม|เลิก|不要|别|別|不用|不|没|沒", re.IGNORECASE)
_LATIN_NAME = re.compile(r"^[A-Z](?:[a-z]|['’][A-Za-z])")
# a self fact in the first person (the lexicon's "i'm colorblind", "เราแพ้", "我吃素")
_FIRST_PERSON = re.compile(r"^(i\b|i'|เรา|ผม|ฉัน|หนู|ดิฉัน|กู|我(?![们們]))", re.IGNORECASE)
# what the user is ("I'm a CPA", เราเป็นนักบัญชี, 我是后端): a rule said with it is often about pitching to
# that skill or role (an expertise, not a free-form instruction), so it is staged for review
_WHO_I_AM = re.compile(r"\bi'?m an? \w+|\bi am an? \w+|\bi (teach|work as)\b|(เรา|ผม|ฉัน|หนู)เป็น|ไม่ใช่สาย"
                       r"|我是|我念|我做", re.IGNORECASE)
# someone else's rule passed on ("he wants…", "他要求…", "陳經理說…", "หัวหน้าบอก…"): not the user's own
_REPORTED = re.compile(r"\b(he|she|they) (says?|said|wants?|asked|requires?)\b|(他|她|經理|经理|老板|老闆|主管)"
                       r"(说|說|要求|讲|講)|(เขา|หัวหน้า|บอส)(บอก|สั่ง|อยากให้)", re.IGNORECASE)
# what a forget drops when it names no key: a fact about the user ("forget that I'm training…", ว่าเรา…,
# 说我…), or a stored rule ("that rule", เรื่องที่ให้…, 之前说的…那条)
_ABOUT_ME = re.compile(r"\b(that|what) i\b|ว่า(เรา|ผม|ฉัน|หนู)|(说|說)我|我(是|有)", re.IGNORECASE)
# …or a thing of the user's right at the forget word ("please forget my phone number", 请忘记我的手机号,
# 忘掉我喜欢…, ลืมเบอร์โทรผม…ไปได้เลย, ไม่ต้องจำวันเกิดผม)
_MINE = re.compile(r"\bmy\b|我(?![们們])|(ผม|ฉัน|หนู|ดิฉัน)", re.IGNORECASE)
_MINE_NEAR = 12     # characters after the forget word
_STORED_RULE = re.compile(r"\b(rule|preference|setting|default)\b|กฎ|เรื่อง(ที่)?(ให้|เคย)|ที่เคย(บอก|ให้|ขอ)|规则|規則"
                          r"|那条|那條|设定|設定|设置|設置|(之前|上次)(说|說|讲|講)的", re.IGNORECASE)
# words of keeping or calling the user: a forget piece in a turn about something else speaks of memory
_KEEPING = re.compile(r"\b(forget|remember\w*|memor\w*|stor(e|ed|ing)|sav(e|ed|ing)|call(ing)? me)\b|ลืม|จำ|เรียก"
                      r"|忘|记|記|叫我", re.IGNORECASE)
# what the user said or gave before, pointed back at (之前说的, ที่ให้…, "the number I gave you", "what I told you")
_SAID_BEFORE = re.compile(r"(之前|上次|以前|刚才|剛才)(说|說|讲|講|提)(过|過)?的|ที่(เคย)?(บอก|ขอ|สั่ง)?ให้"
                          r"|\b(i|we) (told|gave|sent) you\b|\bwhat i (said|told)\b", re.IGNORECASE)
_FORGET_THING = re.compile("|".join(f"(?:{m.FORGET_THING})" for m in (router_en, router_th, router_zh)),
                           re.IGNORECASE)
VALUE_MAX = 120
SHORT_REQUEST = 24     # characters: a turn this short that names a style value is only that request


@dataclass(frozen=True)
class Routed:
    label: str      # explicit | inferred | forget | confirm
    key: str        # canonical key; "" for a confirm whose offer names none (the latest proposal)
    value: str      # "" for forget
    lang: str       # en | th | zh: the script the turn is mostly in
    cue: str        # the words that decided it, for the report
    to: str = ""    # explicit / confirm: "profile" (written at once) or "proposals" (staged for review);
                    # explicit: "session" (scoped to this conversation: written for its session only);
                    # forget: "review" (no `about_memory` words: the report asks the user, nothing revoked);
                    # explicit: "bounded" (until a time its words say: `until`, written with that expiry)
    until: str = ""  # "bounded": the lexicons' bound (today, week, until:<weekday>, <n>h, <n>d): `expiry`
    full: str = ""   # user.name: the full name the turn states beside the name to call the user by

    def to_dict(self) -> dict[str, str]:
        return {"label": self.label, "key": self.key, "value": self.value, "lang": self.lang, "cue": self.cue,
                **({"to": self.to} if self.to else {}), **({"until": self.until} if self.until else {}),
                **({"full": self.full} if self.full else {})}

    @property
    def writes_profile(self) -> bool:
        return self.label in ("explicit", "confirm") and self.to == "profile"


@cache
def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# A lexicon pattern with the literals one of which every match of it holds (memory_store/regex_literals.py),
# folded: a text whose fold holds none of them is not searched, since it cannot match. () when the
# pattern requires no literal: it is always searched.
_Prefiltered = tuple[re.Pattern[str], tuple[str, ...]]


@cache
def _prefiltered(pattern: str) -> _Prefiltered:
    required = required_of(pattern, re.IGNORECASE)
    needs = tuple(sorted({fold(lit) for lit in required[0]})) if required and all(required[0]) else ()
    return _rx(pattern), needs


@dataclass(frozen=True)
class _Table:
    """Patterns tried in order, the first match wins; `gate` finds any of their literals in a folded text
    (None when some pattern requires none): a text it finds nothing in matches none of them."""
    patterns: tuple[_Prefiltered, ...]
    gate: re.Pattern[str] | None

    @classmethod
    def of(cls, patterns: Iterable[str]) -> _Table:
        table = tuple(_prefiltered(p) for p in patterns)
        gate = None if any(not needs for _, needs in table) else trie_regex(n for _, needs in table for n in needs)
        return cls(table, gate)


@cache
def _table(field: str) -> _Table:
    """The patterns of `field` of every lexicon, in the order `_any` tries them."""
    return _Table.of(p for lex in LEXICONS for p in getattr(lex, field))


@lru_cache(maxsize=32)
def _folded(text: str) -> str:
    """`fold(text)`, kept for the few texts in hand: a turn's checks ask about the same text many times."""
    return fold(text)


def _may_match(needs: Collection[str], folded: str) -> bool:
    """Can a pattern match a text whose folded form is `folded`: it requires none of `needs` (no literal
    every match holds), or the text holds one of them?"""
    return not needs or any(n in folded for n in needs)


def _first(table: _Table, text: str) -> re.Match[str] | None:
    """The match of the first pattern of `table` that matches `text` (patterns whose literals the text
    lacks are skipped: they cannot match)."""
    folded = _folded(text)
    if table.gate is not None and table.gate.search(folded) is None:
        return None
    for rx, needs in table.patterns:
        if not _may_match(needs, folded):
            continue
        m = rx.search(text)
        if m:
            return m
    return None


def _any(field: str, text: str) -> re.Match[str] | None:
    return _first(_table(field), text)


def _all_of(field: str, text: str, offset: int = 0) -> list[tuple[int, int]]:
    """Every match of every pattern of `field` in `text`, as spans shifted by `offset`."""
    return [(m.start() + offset, m.end() + offset) for rx, _needs in _table(field).patterns
            for m in rx.finditer(text)]


def language_of(text: str) -> str:
    thai, han = len(_THAI.findall(text)), len(_HAN.findall(text))
    if thai and thai >= han:
        return "th"
    return "zh" if han else "en"


def unquoted(text: str) -> str:
    """The turn without quoted or pasted text (a quoted rule is someone else's words)."""
    return _QUOTED.sub(" ", _BLOCKQUOTE.sub(" ", _FENCED.sub(" ", text)))


def _value(key: str, template: str, m: re.Match[str]) -> str:
    if not template.startswith("{"):
        return template
    got = m.group(int(template[1:-1])) or ""
    if key == "user.timezone":
        return zone_of(got)
    return _LANGUAGES.get(got.lower(), got)


_AREAS = ("Europe/", "Asia/", "America/", "Africa/", "Australia/", "Pacific/", "Atlantic/", "Indian/")


@cache
def _iana_zones() -> frozenset[str]:
    """The zones of the system's time zone database; empty where it has none."""
    try:
        import zoneinfo
        return frozenset(zoneinfo.available_timezones())
    except (ImportError, OSError):
        return frozenset()


@cache
def _iana_cities() -> dict[str, str]:
    """City → zone from the time zone database itself ("auckland" → Pacific/Auckland), so a place the
    table above does not list still names its zone."""
    return {name.rsplit("/", 1)[1].replace("_", " ").casefold(): name
            for name in sorted(_iana_zones()) if name.startswith(_AREAS) and name.count("/") == 1}


def database_only(zone: str) -> bool:
    """The zone comes from the time zone database alone: no place of the hand table names it ("Reykjavik"
    → Atlantic/Reykjavik). Such a reading is staged until a blind set confirms it."""
    return zone not in _TABLE_ZONES and zone in _iana_cities().values()


def zone_of(place: str) -> str:
    """The IANA zone a place or zone word names (the table, then the database), else the words."""
    folded = " ".join(place.split()).casefold()
    return _ZONES.get(folded) or _iana_cities().get(folded) or place


# words of a closed class (prepositions, articles, pronouns, particles): never a name
_FUNCTION_WORDS = frozenset({"a", "an", "the", "on", "in", "at", "of", "to", "for", "by", "with", "from", "up",
                             "out", "off", "over", "into", "onto", "about", "as", "and", "or", "but", "so", "if",
                             "then", "than", "not", "no", "it", "its", "this", "that", "these", "those", "here",
                             "there", "me", "my", "you", "your", "him", "her", "them", "us", "we", "they", "he",
                             "she", "i", "all", "any", "some", "every", "each"})
_CONCESSION = re.compile(r"^[\w-]+\s*,?\s*(but|yet|though)\b", re.IGNORECASE)


def _looks_like_name(text: str, m: re.Match[str], value: str) -> bool:
    """A user.name value looks like a name: not a word of a closed class ("my name's on the PR"), not
    the adjective of a concession ("call me crazy, but…", "call me old-fashioned, but…"), and written
    lower-case only by a writer who capitalises nothing else (in "…we use Rust for the CLI" a
    lower-case word after "call me" is not a name)."""
    if not value.isascii():
        return True
    word = value.split()[-1]
    if word.casefold() in _FUNCTION_WORDS:
        return False
    if word[:1].isupper():
        return True
    if _CONCESSION.match(text[m.end() - len(word):]):
        return False
    rest = text[:m.start()] + " " + text[m.end():]
    # capitals the writer uses besides a sentence's first word and "I" ("Rust", "CLI", "PR")
    capitals = [w for sentence in _SENTENCES.split(rest) for w in sentence.split()[1:]
                if w[:1].isupper() and w.strip(".,;:!?'") not in ("I", "I'm", "I'd", "I've", "I'll")]
    return not capitals


_RELATIVE_CLAUSE_END = re.compile(r"[.,;!?。，；！？\n]")


def _relative_clause_ends(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Where the clauses of `text[start:end]` end: punctuation, or a word that starts another clause (the
    lexicons' `turn`: "… in Chiang Mai but I live in Bangkok")."""
    stop = len(text) if end is None else end
    marks = [(c.start(), c.end()) for c in _RELATIVE_CLAUSE_END.finditer(text, start, stop)]
    marks += _all_of("turn", text[start:stop], start)
    return sorted(marks)


def _of_a_relative(text: str, m: re.Match[str]) -> bool:
    """Whether the words `m` found (a name, a place) are said of a person by their tie to the user or to
    someone named, in the same clause, at or before them: "call me Nok's husband" (not Nok), "my sister
    lives in Chiang Mai", 我姐姐在上海工作, เพื่อนผมชื่อต้น, เรียกผมว่าสามีของนก (the lexicons' `relation`)."""
    start = max((e for _s, e in _relative_clause_ends(text, 0, m.start())), default=0)
    end = next((s for s, _e in _relative_clause_ends(text, m.end())), len(text))
    clause = text[start:end]
    rel = _any("relation", clause)
    return rel is not None and start + rel.start() < m.end()


# the rest of a Latin name after its first word, up to the end of the clause: more capitalised words
# ("John Paul", "Khun Nok", "Le Van Thanh"), a lower-case particle between two ("Ludwig van Beethoven"), the
# part after an apostrophe ("O'Brien", "P'Nok", "D'Angelo"); not "I", "OK" or a capitalised courtesy word
_NAME_WORD = r"(?:(?!(?:I|OK|Please|Pls|Thanks|Thank|From|And|Or|But)\b)[A-Z][\w-]*(?:['’][A-Z][\w-]*)?)"
_NAME_REST = re.compile(r"(?:\s+(?:(?:van|von|de|da|del|der|di|du|la|le|bin|ibn|al)\s+)*" + _NAME_WORD + ")*")
# the part after an apostrophe of a short first word ("O'Brien", "P'Nok"), never a possessive ("Nok's")
_NAME_ELISION = re.compile(r"['’](?!s\b)[A-Za-z][\w-]*")
# a writer who capitalises nothing ("call me john paul from now on"): lower-case words up to the end of
# the clause, at most three in all, stopping at a word that is not a name's
_LOWER_WORD = re.compile(r"\s+([a-z][\w-]*)")
_WORD = re.compile(r"[\w'’-]+")
_NOT_NAME = _FUNCTION_WORDS | frozenset({
    "please", "pls", "plz", "from", "going", "when", "whenever", "instead", "now", "always", "thanks", "thx",
    "thank", "ok", "okay", "because", "since", "while", "until", "unless", "is", "are", "was", "will", "would",
    "should", "can", "could", "just", "only", "too", "also", "again", "anymore", "ever", "krub", "krab", "ka",
    "kha", "na", "ja", "la", "lah", "lol", "haha", "bro", "next", "time", "forward", "onwards", "here", "not"})
# the words that open the next request when the user runs two together without punctuation ("call me Priya
# Then answer in Spanish", "call me Kenji Use metric units"): the name ends before them, capitalised or not
_NEXT_REQUEST = frozenset({
    "then", "also", "and", "plus", "btw", "oh", "never", "always", "from", "going", "use", "answer", "reply",
    "respond", "write", "keep", "give", "speak", "talk", "switch", "stop", "don't", "dont", "do", "be", "make",
    "show", "send", "explain", "remember", "skip", "avoid", "try", "start", "put", "format", "add", "include"})


def _whole_name(text: str, end: int, value: str) -> str:
    """The whole of a Latin name whose first word ends at `end`: the capitalised words after it (a name
    runs to the end of its clause, "call me John Paul from now on" is John Paul, not John), and the part
    after an apostrophe of a one- or two-letter first word."""
    if not value.isascii() or not value[-1:].isalpha():
        return value
    elision = _NAME_ELISION.match(text, end)
    if elision and len(value.split()[-1]) <= 2:
        value, end = value + elision.group(0), elision.end()
    if value[:1].isupper():
        rest = _NAME_REST.match(text, end)
        tail = rest.group(0) if rest else ""
        for word in _WORD.finditer(tail):
            if word.group(0).casefold() in _NEXT_REQUEST:
                return value + tail[:word.start()].rstrip()
        return value + tail
    if any(c.isupper() for c in text):
        return value
    words = value.split()
    while len(words) < 3:
        more = _LOWER_WORD.match(text, end)
        if more is None or more.group(1) in _NOT_NAME or more.group(1) in _NEXT_REQUEST:
            break
        words.append(more.group(1))
        end = more.end()
    return " ".join(words)


@cache
def _key_table() -> tuple[tuple[str, _Prefiltered, str], ...]:
    """(key, pattern, value template) of every lexicon, in `key_of`'s order."""
    return tuple((key, _prefiltered(pattern), template) for lex in LEXICONS for key, pattern, template in lex.keys)


def key_of(text: str) -> tuple[str, str, str] | None:
    """(key, value, cue) of the first canonical key the text names (KEY_ORDER), or None."""
    found: dict[str, tuple[str, str]] = {}
    valued: dict[str, list[tuple[str, str]]] = {}
    rejected: set[str] = set()
    folded = _folded(text)
    for key, (rx, needs), template in _key_table():
        if not _may_match(needs, folded):
            continue
        m = rx.search(text)
        if m is None:
            continue
        if key == "user.timezone" and "/" in m.group(0) and not usable_value(key, _value(key, template, m)):
            continue      # zone-shaped but no zone the database holds ("Claude/Codex", "CI/CD")
        if key == "user.name" and template and not _looks_like_name(text, m, _value(key, template, m)):
            rejected.add(key)
            continue      # "call me crazy, but…", "my name's on the PR": a word, not a name
        if key in IDENTITY_KEYS and _of_a_relative(text, m):
            rejected.add(key)
            continue      # "call me Nok's husband", "我姐姐在上海", "เพื่อนผมชื่อต้น": someone else's, not the user's
        if key == "user.name" and template.startswith("{"):
            group = int(template[1:-1])
            name = _whole_name(text, m.end(group), _value(key, template, m))
            valued.setdefault(key, []).append((name, m.group(0)))
            if not found.get(key, ("", ""))[0]:
                found[key] = (name, found.get(key, ("", m.group(0)))[1])
            continue
        if template:
            valued.setdefault(key, []).append((_value(key, template, m), m.group(0)))
        if found.get(key, ("", ""))[0]:
            continue      # the first pattern that gives a value decides it
        if key not in found or template:
            found[key] = (_value(key, template, m), found.get(key, ("", m.group(0)))[1])
    for key in rejected:
        if not found.get(key, ("", ""))[0]:
            found.pop(key, None)     # the words that named the key gave a word, not a value
    for key, (value, _cue) in list(found.items()):
        # two values of one key in different clauses ("以后回答用表格，日报用 Markdown"): the value is the
        # one in the clause that names the agent's answers, not the one of another thing's clause
        answers = [piece for piece in _pieces(text) if _OUTPUT.search(piece)]
        mine = [(v, c) for v, c in valued.get(key, []) if any(c in piece for piece in answers)]
        if mine and value not in {v for v, _ in mine}:
            found[key] = mine[0]
    for key in KEY_ORDER:
        if key in found:
            return key, *found[key]
    return None


def settings_stated(text: str, styles: bool = True, skills: bool = True) -> list[tuple[str, str, tuple[int, int]]]:
    """(key, value, span of the words) of every setting a sentence of `text` states: a style key's words
    that give a value ("answer in Japanese", ตอบสั้นๆ, 回答用表格) in a sentence that names the agent's
    answers or how it talks to the user, or carries a standing marker — the words alone ("a short-lived
    token", "the orders table") state no setting — and what the user says of their skill in a topic,
    speaking of themselves or to the agent (`user.expertise.<topic>`: "skip the basics" of Kubernetes,
    前端完全不懂; not "we need a Kubernetes expert"). What the user had memjobs forget of a setting is
    matched with this (memory_store/core/forgotten.py); `styles` and `skills` say which kinds to find."""
    out: list[tuple[str, str, tuple[int, int]]] = []
    start = 0
    for m_end in [*(m.end() for m in _SENTENCES.finditer(text)), len(text)]:
        sentence, offset, start = text[start:m_end], start, m_end
        if not sentence.strip():
            continue
        skill = _expertise(sentence) if skills and _ADDRESSED.search(sentence) else None
        if skill is not None and skill[2] in sentence:
            at = offset + sentence.index(skill[2])
            out.append((skill[0], skill[1], (at, at + len(skill[2]))))
        folded = _folded(sentence)
        if not styles or not (_about_answers(sentence) or _first(_strong_markers(), sentence)):
            continue
        for key, (rx, needs), template in _key_table():
            if not template or key not in STYLE_KEYS or key in IDENTITY_KEYS or not _may_match(needs, folded):
                continue
            for m in rx.finditer(sentence):
                value = _value(key, template, m)
                if value:
                    out.append((key, value, (offset + m.start(), offset + m.end())))
    return out


def _same_sentence(text: str, cue: str, topic: str) -> bool:
    """The skill's words and its topic's stand in one sentence."""
    return any(cue.casefold() in part and topic.casefold() in part
               for part in (p.casefold() for p in _SENTENCES.split(text)))


def _expertise(text: str) -> tuple[str, str, str, str] | None:
    """(key, level, the skill's words, the topic's words or "" when the skill's clause names two topics
    or the topic is not the table's) of what the user says about their skill."""
    high, low, known = _any("expertise_high", text), _any("expertise_low", text), _any("expertise_known", text)
    cue = low or high or known
    if cue is None:
        return None
    # the topic in the skill's own clause ("Kafka 我很熟，运维过…" is Kafka; Thai clauses are split at
    # spaces), else the nearest
    starts = [m.end() for m in _PIECES.finditer(text, 0, cue.start())]
    end = _PIECES.search(text, cue.end())
    clause = (starts[-1] if starts else 0, end.start() if end else len(text))
    best: tuple[int, int, str, str] | None = None
    in_clause: set[str] = set()
    for lex in LEXICONS:
        for pattern, topic in lex.topics:
            for m in _rx(pattern).finditer(text):
                rank = (0 if clause[0] <= m.start() < clause[1] else 1, abs(m.start() - cue.start()))
                if rank[0] == 0:
                    in_clause.add(topic)
                if best is None or rank < best[:2]:
                    best = (*rank, topic, m.group(0))
    if best is None:
        # a technology named in the skill's sentence, not in the table: a reading not yet confirmed on a
        # blind set, so the topic's words are left out ("" below: staged, never written at once)
        named = _named_topic(text, cue)
        if named is None:
            return None
        best = (0, 0, named[0], "")
    years = high is not None and _rx(r"\d|years|ปี|年|资深|資深|senior|expert").search(high.group(0))
    level = "beginner" if low else "expert" if years else "advanced"
    # two topics in the skill's clause ("K8s 和 Docker 都很熟"): which one is the key is a guess (no words)
    return f"user.expertise.{best[2]}", level, cue.group(0), "" if len(in_clause) > 1 else best[3]


# a technology named in a skill's sentence that the topic table does not know ("Treat me as an Elixir
# expert", "เพิ่งหัดเขียน JavaScript", "写 Go 七八年"): a capitalised Latin word not opening the sentence,
# or in Thai or Chinese text any Latin word
_LATIN_WORD = re.compile(r"(?<![\w.+#/-])[A-Za-z][A-Za-z0-9+#]*(?:\.js)?(?![\w+#])")
_NOT_TOPICS = frozenset({"i", "i'm", "i've", "ok", "pls", "tbh", "lol", "btw", "the", "a", "an", "my", "me", "fyi",
                         "it", "so", "and", "or", "but", "for", "to", "of", "in", "on", "is", "im", "ive", "treat"})


def _named_topic(text: str, cue: re.Match[str]) -> tuple[str, str] | None:
    """(topic, its words) of the Latin word nearest the skill's words in their sentence, or None."""
    starts = [m.end() for m in _SENTENCE_END.finditer(text, 0, cue.start())]
    end = _SENTENCE_END.search(text, cue.end())
    lo, hi = (starts[-1] if starts else 0), (end.start() if end else len(text))
    sentence = text[lo:hi]
    latin_only = _THAI.search(sentence) is None and _HAN.search(sentence) is None
    best: tuple[int, str] | None = None
    for m in _LATIN_WORD.finditer(sentence):
        word = m.group(0)
        inside = lo + m.start() in range(cue.start(), cue.end())
        if word.casefold() in _NOT_TOPICS or (inside and _THAI.search(cue.group(0)) is None
                                              and _HAN.search(cue.group(0)) is None):
            continue        # the skill's own English words ("senior", "10 years") are no topic
        if latin_only and (not word[0].isupper() or not sentence[:m.start()].strip()):
            continue
        distance = abs(lo + m.start() - cue.start())
        if best is None or distance < best[0]:
            best = (distance, word)
    if best is None:
        return None
    topic = re.sub(r"[^a-z0-9]+", "", best[1].casefold())
    return (topic, best[1]) if topic else None


def _standing(text: str, complaint: bool) -> tuple[re.Match[str], bool] | None:
    """The first strong standing marker or memory verb about the user, with True; else the first
    long-term scope (permanently, ถาวร, 长期), with False; else the first habitual marker, with False —
    except in a complaint, where "you always…" is no marker at all."""
    strong = _first(_strong_markers(), text)
    if strong:
        return strong, True
    long_term = _any("long_term", text)
    if long_term:
        return long_term, False
    if complaint:
        return None
    habitual = _any("habitual", text)
    return (habitual, False) if habitual else None


@cache
def _strong_markers() -> _Table:
    """A memory verb about the user or a strong standing marker, lexicon by lexicon (`_standing`'s order)."""
    return _Table.of(p for lex in LEXICONS for p in (*lex.remember_self, *lex.standing))


# what asks to keep a thing, before the thing itself ("remember that …", "记住：…", "จำไว้ว่า…"): not part of
# the value staged (as `_OFFER_LEAD` is not part of an offer's), so that a proposal holds what is kept and a
# withdrawn one is matched by it (memory_store/core/forgotten.py)
# said first, next or also, of one thing: "先记住：…", "另外记一下…", "記住一件事：…"
REMEMBER_LEAD = re.compile(r"^\W*(?:(?:please|pls|and|also|oh|hey|ok|okay)\W+|先|另外|还有|還有)*(?:"
                           + lead_alternation(LEXICONS) + r")(?:一件事)?\s*[:：,，]?\s*", re.IGNORECASE)


_LEAD_ANYWHERE = re.compile(r"(?:" + lead_alternation(LEXICONS) + r")(?:一件事)?\s*[:：,，]?\s*", re.IGNORECASE)


# what follows words of remembering that close a clause rather than open one ("…ทุกวันที่ 3 จำไว้ด้วย แล้วเตือนผม",
# "…，记住了吗", "…, remember?")
_LEAD_CLOSES = re.compile(r"\s*(?:แล้ว|ด้วย|了|吗|嗎|吧|\?|？|$)")


def remember_words(text: str) -> tuple[int, int] | None:
    """Where the first words that ask the agent to keep what follows them stand in `text` (`REMEMBER_LEAD`'s,
    not anchored: "ดีค่ะ แล้วก็จำไว้ด้วยนะคะ …", "hey, quick one. remember that …"), or None; words that close
    their clause ("… จำไว้ด้วย แล้วเตือนผม", "…，记住了") keep nothing after them."""
    for m in _LEAD_ANYWHERE.finditer(text):
        if not _LEAD_CLOSES.match(text, m.end()):
            return m.start(), m.end()
    return None


def without_lead(text: str) -> str:
    """`text` without the words that ask to keep it (`REMEMBER_LEAD`), unless nothing is left of it."""
    rest = REMEMBER_LEAD.sub("", text, count=1).strip()
    return rest if len(rest) >= 3 else text.strip()


def _paraphrase(text: str) -> str:
    flat = " ".join(without_lead(text).split())
    return flat if len(flat) <= VALUE_MAX else flat[: VALUE_MAX - 1] + "…"


# a timezone or language value is usable only when it names one: "I'm in Europe" names no zone
_ZONE_VALUE = re.compile(r"^[A-Z][A-Za-z_]+/[A-Z][A-Za-z_]+$")
_LANGUAGE_VALUE = re.compile(r"^[a-z]{2}(-[A-Z][a-z]{3}|-[A-Z]{2})?$")
# pieces of a turn: sentences and clauses (Thai separates phrases with spaces)
_PIECES = re.compile(r"[.!?。！？\n;；，,]+|(?<=[\u0e00-\u0e7f])\s+(?=[\u0e00-\u0e7f])")
_SENTENCE_END = re.compile(r"[.!?。！？\n]")
_SENTENCES = re.compile(r"[.!?。！？\n]+")
_CLAUSE_END = re.compile(r"[.!?。！？\n;；，,、]")
# a setting stated with a colon ("Tone preference: dry and matter-of-fact", "預設格式：先一句結論"):
# the words after it are the value when the key's own words give none
_COLON = re.compile(r"[:：]\s*")
STYLE_KEYS = frozenset(KEY_ORDER)
IDENTITY_KEYS = frozenset({"user.name", "user.timezone"})


def usable_value(key: str, value: str) -> bool:
    """The value names a setting of its key (a zone, a language code); free-form keys take any value."""
    if not value:
        return False
    if key == "user.timezone":     # a zone the database holds ("Claude/Codex" has the shape of one)
        zones = _iana_zones()
        return _ZONE_VALUE.match(value) is not None and (not zones or value in zones)
    if key == "response.language":
        return _LANGUAGE_VALUE.match(value) is not None
    if key == "user.name":     # "call me out" names nobody
        return _LATIN_NAME.match(value) is not None or not value.isascii()
    return True


def _negated(text: str, cue: str, value: str) -> bool:
    """A negation just before the key's words, in the same clause ("我不喜欢客服腔，跟我说话直接点" is
    not a negated "direct")."""
    at = text.casefold().find(cue.casefold())
    if value == "no emojis" or at < 0:
        return False
    before = _CLAUSE_END.split(text[max(0, at - 16):at])[-1]
    if _NEGATION.search(before) is not None:
        return True
    return _STOPS.search(_CLAUSE_END.split(text[max(0, at - 40):at])[-1]) is not None


# a word that stops a thing (stop, quit, no more, เลิก, 别再): it reaches further back in its clause than a
# bare "not" ("please quit putting your answers in tables")
_STOPS = re.compile(r"\b(stop|quit|no more|no longer)\b|เลิก|别再|別再|不要再|不再", re.IGNORECASE)
# the key's words already name the opposite of what they stop ("too long", "so formal", 啰嗦, ยาวไป): negated
# or not, their value is the one the user asks for
_SAYS_OPPOSITE = re.compile(r"\b(too|so|less|over)\b|verbose|wordy|fluff|pleasantries|cheerleading|啰嗦|囉嗦|太长|太長"
                            r"|客气|客氣|绕弯子|繞彎子|客套|ยาวไป|ยาวมาก|ยาวเกิน|ยาวจัง|เยอะไป", re.IGNORECASE)
_OPPOSITES = {("response.length", "short"): "detailed", ("response.length", "detailed"): "short",
              ("response.tone", "casual"): "professional-friendly",
              ("response.tone", "professional-friendly"): "casual"}
_NO_FORMAT = {"table": "no tables", "bullets": "no bullets", "diff": "no diffs"}


def opposite(key: str, value: str, cue: str) -> str | None:
    """What a negated style request asks for ("no more tables" → "no tables", "don't give me detailed answers"
    → short, 以后别列要点 → "no bullets"): the value its words would give, turned around; the same value when the
    words already name the opposite of what is stopped ("don't be so formal" is casual); None when the
    opposite is not one value ("don't answer in German", "don't put the conclusion first")."""
    if _SAYS_OPPOSITE.search(cue):
        return value
    if key == "response.format.default" and value and value not in ("code only", "conclusion first"):
        return _NO_FORMAT.get(value, f"no {value}")
    return _OPPOSITES.get((key, value))


_POINTER = re.compile(r"\b(that|this|it)\b|นี้|นั้น|这|這|那", re.IGNORECASE)


def _marker_with_key(text: str, marker: str, cue: str) -> bool:
    """The standing marker stands in the clause of the key's words, opens a setting stated with a colon
    ("preference ของเรา: …"), or is said on its own in a short clause, pointing back or not ("standing
    rule", "That goes for every chat we have"): "pls don't touch my lockfile unless I ask, every time you
    regenerate it I get noise in the diff" has the marker in one clause and the key's words ("the diff")
    in another."""
    if not marker:
        return True
    for piece in _pieces(text):
        folded = piece.casefold()
        if marker.casefold() not in folded:
            continue
        words = len(piece.split())
        if (cue.casefold() in folded or _COLON.search(piece) or (words <= 6 and len(piece) <= 40)
                or (words <= 10 and _POINTER.search(piece))):
            return True
    return False


def target(text: str, key: str, value: str, cue: str, strong: bool, about_user: bool = False,
           marker: str = "") -> str:
    """The class rule between PROFILE and PROPOSALS for an explicit statement (docs/design.md §6):
    "profile" only for a canonical style/identity key with a usable value its words give, not turned
    around by a negation, said with a strong standing marker or a memory verb about the user, in a
    turn that speaks to the agent or about the user (`about_user`: its words say where the user lives or
    what they are called) and not about a team ("ทีมเราชอบ…"); anything else "proposals"."""
    sure = (strong and key in STYLE_KEYS and usable_value(key, value) and not _negated(text, cue, value)
            and not (key == "user.timezone" and database_only(value) and value not in text)
            and (about_user or _ADDRESSED.search(text) is not None) and not _artifact(text)
            and _TEAM_LIKES.search(text) is None and not _team_clause(text, cue) and not _others_output(text, cue)
            and not _product_output(text, cue)
            and (key in IDENTITY_KEYS or _marker_with_key(text, marker, cue)))
    return "profile" if sure else "proposals"


def _stated_value(text: str, cue: str, marker: re.Match[str]) -> str:
    """The words after a setting's colon ("Tone preference: dry and matter-of-fact"), when the key's
    words or the setting's marker come just before it; else ""."""
    colon = _COLON.search(text)
    if colon is None or colon.start() > 40:
        return ""
    if cue.casefold() not in text[:colon.start()].casefold() and marker.start() >= colon.start():
        return ""
    return _paraphrase(text[colon.end():])


def _artifact(text: str) -> bool:
    """The turn is about an artifact of the work, not the agent's answers."""
    return _ARTIFACT.search(text) is not None and _OUTPUT.search(text) is None


def _sentences(text: str) -> list[str]:
    return [s for s in (x.strip() for x in _SENTENCES.split(text)) if s]


def _pieces(text: str) -> list[str]:
    return [p for p in (x.strip() for x in _PIECES.split(text)) if p]


def _asks(text: str, standing: re.Match[str], polite: bool = True) -> bool:
    """The sentence holding the standing marker is a question (a question elsewhere in a long turn
    — "…, what do you think?" — does not make the standing statement one). With `polite`, a request
    put as a question ("Can you use bullet points by default?", ได้ไหม, 可以吗) is no question."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, standing.start())]
    after = _SENTENCE_END.search(text, standing.end())
    sentence = text[ends[-1] if ends else 0:after.end() if after else len(text)]
    return _QUESTION.search(sentence) is not None and not (polite and _POLITE.search(sentence))


# the user or someone else does the writing ("I'll paste the errors as a table", "I'll answer the
# reviewers in French", "my students will write in English", 我自己写周报都用表格, เราจะส่ง log เป็นตาราง): the
# style words are about their own output, not the agent's answers
_OTHERS_OUTPUT = re.compile(r"\b(i|we|he|she|they|my \w+|our \w+)('ll| will| am going to|'m going to| am| 'm| are"
                            r"| 're)?\s+(\w+ly\s+)?(answer|reply|respond|write|writing|paste|send|post|type|format"
                            r"|draft|translate|present)\w*\b"
                            r"|(我|我们|我們|他|她|他们|他們)(会|會|要|就|都)?(自己)?(写|寫|回复|回覆|回答|发|發|贴|貼|翻译|翻譯)"
                            r"|(ผม|เรา|ฉัน|หนู|เขา)(จะ)?(เขียน|ตอบ|ส่ง|แปะ|พิมพ์|แปล)", re.IGNORECASE)


def _others_output(text: str, cue: str) -> bool:
    """The clause of the key's words has the user or someone else doing the writing, and does not speak
    to the agent."""
    return any(cue.casefold() in piece.casefold() and _OTHERS_OUTPUT.search(piece) and not _YOU.search(piece)
               for piece in _pieces(text))


# an output that is a product's or goes to someone other than the user: a bot or assistant that answers
# ("the chatbot answers customers in Thai"), or an audience of customers, clients, users ("reply to
# customer emails in a formal tone", ตอบลูกค้า, 回复客户)
_PRODUCT_OUTPUT = re.compile(r"\b(\w*bots?|customers?|clients?|users|visitors|guests|patients|subscribers|tickets?"
                             r"|support)\b|แชทบอท|บอท|ลูกค้า|ผู้ใช้งาน|ผู้ใช้|機器人|机器人|客服|客户|客戶|顾客|顧客"
                             r"|用户|用戶", re.IGNORECASE)


def _product_output(text: str, cue: str) -> bool:
    """The clause of the key's words is about a product's output or an output for someone other than
    the user (a bot, customers, clients): not the agent's answers to the user."""
    return any(cue.casefold() in piece.casefold() and _PRODUCT_OUTPUT.search(piece) for piece in _pieces(text))


def _team_clause(text: str, cue: str) -> bool:
    """A team stands in the clause of the key's words and the turn does not speak to the agent ("from
    now on we answer tickets in Thai"; not "answer in English from now on, the new team reads it")."""
    if _YOU.search(text):
        return False
    return any(cue.casefold() in piece.casefold() and _TEAM.search(piece) for piece in _pieces(text))


def _mostly(cue: str, text: str) -> bool:
    """The key's words are a third of the turn or more ("用表格", "just the code pls"; not "I like short
    functions", "我在台北开会，帮我看下")."""
    return 3 * len(_NON_WORD.sub("", cue)) >= len(_NON_WORD.sub("", text))


def _about_answers(text: str) -> bool:
    """The turn names the agent's answers or how it talks to the user ("emojis in answers", 跟我说话,
    คุยกับเรา), so a like or dislike in it is about being answered ("I like short functions" is not)."""
    return _OUTPUT.search(text) is not None or _TO_ME.search(text) is not None


# The key's words describe something other than the agent's answers — a hard negative, whatever marker:
# a requirement on a thing ("The grant proposal has to be in formal English", "วิทยานิพนธ์ต้องเขียนเป็น
# ภาษาไทย"), a thing's own setting ("set its time zone", "timezone ของ MikroTik", "這個網站的預設語言"),
# a clock time with its zone ("runs at 02:00 Lisbon time", "9am Pacific"), or a piece of content the agent
# is asked to draft ("draft an IG caption…, lots of emojis", "写一段 system prompt")
_REQUIRED_OF_A_THING = re.compile(r"^(the|this|that|our|its|their)\b[^.!?\n]{0,40}\b(has|have|needs?) to be\b"
                                  r"|^(the|this|that|our|its|their)\b[^.!?\n]{0,40}\b(must|should) be\b"
                                  r"|^(?!\W*(เรา|ผม|ฉัน|หนู|คุณ))[^\s]{2,30}ต้อง(เขียน)?เป็น", re.IGNORECASE)
_SETTING_OF_A_THING = re.compile(r"\b(its|their|the \w+'s)\s+(default\s+)?(time ?zone|language|locale|tone)\b"
                                 r"|\b(time ?zone|language|locale) (of|for) (the|this|that|its)\b"
                                 r"|(timezone|time zone|เขตเวลา|ภาษา|โทน)\S{0,8}\s?ของ(?!\s?(เรา|ผม|ฉัน|หนู|พี่|ดิฉัน|กู))"
                                 r"|(?<![我你])的\s?(预设|預設|默认|默認)?(语言|語言|时区|時區|语气|語氣)"
                                 r"|(?-i:\b[A-Z_]*TIME_ZONE\b)", re.IGNORECASE)
_CLOCK = r"\d{1,2}([:.]\d{2})?\s?(am|pm|a\.m\.|p\.m\.|โมง|點|点)?"
_DRAFT = re.compile(r"\b(draft|compose|write|rewrite)\s+(me\s+)?(a|an|some)\s+(?!answer|reply|response)\w+|ร่าง"
                    r"|(帮我|幫我)?(写|寫)(一段|一封|一篇|个|個)", re.IGNORECASE)


def _of_something_else(text: str, key: str, cue: str) -> bool:
    """The key's words describe a thing's requirement or setting, a clock time, or a piece to draft,
    not the agent's answers to the user (see the patterns above)."""
    sentence = next((x for x in _SENTENCES.split(text) if cue.casefold() in x.casefold()), text).strip()
    if key == "user.timezone":
        zone = rf"({re.escape(cue)}|(?-i:[A-Z][a-z]+) time|เวลา\S{{2,10}}|\S{{2}}(时间|時間))"
        clock = _CLOCK + r"\s*\(?\s*" + zone + "|" + zone + r"\s*\)?\s*" + _CLOCK
        if re.search(clock, sentence, re.IGNORECASE):
            return _any("remember_self", sentence) is None and _any("settled", sentence) is None
    if _OUTPUT.search(sentence) or _TO_ME.search(sentence):
        return False
    return any(rx.search(sentence) for rx in (_REQUIRED_OF_A_THING, _SETTING_OF_A_THING, _DRAFT))


def _addressed(text: str) -> bool:
    """The turn speaks to the agent (second person, how it talks to the user) or says what the user
    wants from it."""
    return any(rx.search(text) is not None for rx in (_YOU, _TO_ME, _WANTS, _POLITE))


def _asks_stored(text: str) -> bool:
    """A question about what is kept ("do you have a time zone saved for me?"), not a request."""
    return _QUESTION.search(text) is not None and _any("about_memory", text) is not None


def _to_agent(text: str) -> bool:
    """The turn speaks to the agent or about the user, or names the agent's answers."""
    if _WE.search(text):
        return False
    return _PERSON.search(text) is not None or _OUTPUT.search(text) is not None


# a scope that ends ("I'm on my phone this week", "till 3", วันนี้, สัปดาห์นี้, 这周, 今天): whatever the
# marker, the statement does not last, so it is not written at once ("until I say otherwise" lasts)
_TEMPORARY = re.compile(r"\b(this|next) (week|weekend|month|morning|afternoon|evening|trip)\b|\btoday\b|\btonight\b"
                        r"|\bright now\b|\btemporar(y|ily)\b|\b(un)?till? (\d|noon|tomorrow|tonight|next|the end)"
                        r"|สัปดาห์นี้|อาทิตย์นี้|วันนี้|คืนนี้|ช่วงนี้|ชั่วคราว"
                        r"|这周|這週|这个星期|這個星期|今天|今晚|这几天|這幾天|这两天|這兩天|暂时|暫時", re.IGNORECASE)


# a memory verb: with a scope of this conversation ("remember for this chat only: use metric units"), an
# instruction for the session in the user's words
_KEEP = re.compile(r"\b(remember|keep in mind|note that|noted)\b|จำ|记住|記住|记得|記得|记一下|記一下", re.IGNORECASE)


def _for_this_session(text: str, got: Routed | None, scope: re.Match[str]) -> Routed | None:
    """A statement scoped to this conversation ("just for this conversation, reply in English", "for this
    task, answer concisely", เฉพาะแชทนี้ ตอบเป็นภาษาอังกฤษนะ, 这次对话里请用英文回答): it holds for the
    session it is said in and expires with it (docs/spec/memory.md §3: PROFILE.md with
    `applies_to:session:<id>` and `ttl:session_end`, which beats a lasting value inside that session
    only), so it is never lasting memory: not written global, not staged as a global proposal. A key
    the words name with its value, else the statement in the user's words when they ask the agent to
    keep it or the rules read something to keep; nothing otherwise."""
    lang = language_of(text)
    if _any("hypothetical", text) or _asks_stored(text):
        return None
    named = key_of(text)
    if named and named[1] and usable_value(named[0], named[1]) and not _of_something_else(text, named[0], named[2]) \
            and not _negated(text, named[2], named[1]):
        return Routed("explicit", named[0], named[1], lang, f"{scope.group(0)} / {named[2]}", "session")
    if got is not None or _KEEP.search(text):
        return Routed("explicit", "instruction.other", _paraphrase(text), lang, scope.group(0), "session")
    return None


_AM_SPLIT = "\u0e4d\u0e32"


def one_sara_am(text: str) -> str:
    """Thai SARA AM typed as two code points (NIKHAHIT + SARA AA) written as the one the lexicons spell."""
    return text.replace(_AM_SPLIT, "\u0e33")


def route(turn: str, context: str | None = None) -> Routed | None:
    """Route one user turn; `context` is the assistant turn just before it (for "yes, remember that").
    Thai typed with SARA AM in two code points (จํา: NIKHAHIT + SARA AA, as some keyboards and NFKC write it)
    is read as the one the lexicons spell (จำ)."""
    turn = one_sara_am(turn)
    context = one_sara_am(context) if context else context
    got = _route(turn, context)
    scope = _any("session_scope", unquoted(turn))
    if scope is not None and _any("beyond_session", unquoted(turn)):
        scope = None    # "not just for this conversation": lasting, routed as the words say
    if scope is not None and context and (got is None or got.label in ("explicit", "inferred", "confirm")):
        yes = _yes_for_this_session(turn, context, scope)
        if yes is not None:
            return yes
    if scope is not None and (got is None or got.label in ("explicit", "inferred")):
        return _for_this_session(unquoted(turn), got, scope)
    if got is None or got.label in ("explicit", "inferred"):
        bounded = _bounded(unquoted(turn), got)
        if bounded is not None:
            return bounded
    if got is not None and got.label == "explicit" and got.key == "user.name" and got.value:
        got = _with_full_name(unquoted(turn), got)
    if got is not None and got.writes_profile and got.label == "explicit" and _TEMPORARY.search(unquoted(turn)):
        return Routed(got.label, got.key, got.value, got.lang, got.cue, "proposals")
    return got


@cache
def _full_names() -> _Table:
    return _Table.of(p for lex in LEXICONS for p in lex.full_name)


def _with_full_name(text: str, got: Routed) -> Routed:
    """The name to call the user, with the full name the turn states beside it ("我叫王小明，叫我小明就行",
    "ผมชื่อสมชาย เรียกผมว่าชายก็ได้", "My name is Katherine Jones, call me Kate"): the name stays the one to
    call them by; the full name goes with it (`Routed.full`: kept on the name's line, so a forget of the
    name drops it too)."""
    m = _first(_full_names(), text)
    if m is None:
        return got
    full = _whole_name(text, m.end("name"), m.group("name")).strip()
    if not full or full == got.value or _of_a_relative(text, m):
        return got
    return Routed(got.label, got.key, got.value, got.lang, got.cue, got.to, got.until, full)


_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10}
_WEEKDAYS = {"mon": 0, "tues": 1, "wednes": 2, "thurs": 3, "fri": 4, "satur": 5, "sun": 6, "จันทร์": 0, "อังคาร": 1,
             "พุธ": 2, "พฤหัส": 3, "ศุกร์": 4, "เสาร์": 5, "อาทิตย์": 6, "一": 0, "二": 1, "三": 2, "四": 3, "五": 4,
             "六": 5, "日": 6, "天": 6}


@cache
def _bound_table() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((_rx(p), bound) for lex in LEXICONS for p, bound in lex.bounded)


def _bound(text: str) -> tuple[str, re.Match[str]] | None:
    """The time the words bound the turn's instruction by (the lexicons' `bounded`): "today", "week",
    "until:<0-6>" (a weekday, Monday 0), "<n>h" / "<n>d", or "session"; with the words."""
    for rx, bound in _bound_table():
        m = rx.search(text)
        if m is None:
            continue
        if bound.startswith("until:"):
            return f"until:{_WEEKDAYS[m.group(1).casefold()]}", m
        if bound.startswith("for:"):
            n, unit = (m.group(int(g[1:-1])) if g.startswith("{") else g for g in bound.split(":")[1:])
            count = int(n) if n.isdigit() else _NUMBERS.get(n.casefold(), 0)
            return (f"{count}{unit[0].casefold()}", m) if count else None
        return bound, m
    return None


def expiry(until: str, said_at: datetime, tz: tzinfo) -> str:
    """The `ttl` of a bounded instruction said at `said_at` (docs/spec/memory.md §4): a duration as it is
    ("3h"), else the ISO time, in the user's zone, at which the bound ends — the midnight after today, after
    Sunday ("this week"), after the weekday named (its next one; today's own when it is that day)."""
    if until[:1].isdigit():
        return until
    local = said_at.astimezone(tz)
    if until == "today":
        days = 0
    elif until == "week":
        days = 6 - local.weekday()
    else:
        days = (int(until.removeprefix("until:")) - local.weekday()) % 7
    end = datetime.combine(local.date() + timedelta(days=days + 1), time(0), tzinfo=tz)
    return end.isoformat(timespec="seconds")


def _bounded(text: str, got: Routed | None) -> Routed | None:
    """An instruction bounded in time ("until Friday, answer in Thai", "this week keep replies short", 这周先用
    英文回答, สัปดาห์นี้ตอบสั้นๆ): a style key (not the name or zone) with a value of its own, written with the expiry its
    words say (`Routed.to == "bounded"`, `until`), or for this session when the bound is vague (ช่วงนี้, 这几天,
    "temporarily"); never lasting. None when the turn holds no bound, or no such setting of the user's."""
    found = _bound(text)
    if found is None:
        return None
    until, m = found
    rest = text[:m.start()] + " " + text[m.end():]
    if _any("not_mine", rest) or _WE.search(text) or _artifact(text) or _forget_cue(text) is not None:
        return None     # a team's or a thing's, or a turn that drops something: as routed
    if got is not None and got.key in STYLE_KEYS and usable_value(got.key, got.value):
        key, value, cue = got.key, got.value, got.cue.rsplit(" / ", 1)[-1]
    elif got is None:
        named = key_of(rest)
        if (named is None or not usable_value(named[0], named[1]) or _any("hypothetical", text) or _asks_stored(text)
                or _of_something_else(rest, named[0], named[2]) or _negated(rest, named[2], named[1])
                or not (_addressed(text) or _about_answers(text) or _any("request", text))):
            return None
        key, value, cue = named
    else:
        return None
    if key in IDENTITY_KEYS:
        return None     # "I'm in Denver this week": a trip, not where the user lives; a name is no bounded setting
    own = next((key_of(piece) for piece in _pieces(text) if m.group(0) in piece), None)
    if own is not None and own[1] and (own[0], own[1]) != (key, value):
        return None     # the bound's own clause says another value ("…ตอบสั้นๆ ปลดออกได้ ช่วงนี้อยากได้แบบละเอียด"): as routed
    lang = language_of(text)
    if until == "session":
        return Routed("explicit", key, value, lang, f"{m.group(0)} / {cue}", "session")
    return Routed("explicit", key, value, lang, f"{m.group(0)} / {cue}", "bounded", until)


@cache
def _narrowing() -> re.Pattern[str]:
    return re.compile("|".join(p for lex in LEXICONS for p in lex.narrow), re.IGNORECASE)


def _yes_for_this_session(turn: str, context: str, scope: re.Match[str]) -> Routed | None:
    """A yes to the assistant's offer narrowed to this conversation ("yes, but only for this chat", ได้ครับ
    แต่เฉพาะแชทนี้นะ, 好，不过只在这次对话里): what was offered, for this session only (docs/spec/memory.md §3:
    PROFILE.md with `applies_to:session:<id>`, `ttl:session_end`), never the lasting yes the offer asked
    for. The turn without its scope and the words that narrow to it (the lexicons' `narrow`) must be a yes
    to the offer on its own; an offer whose value is not known (or a question that offers a choice) gives
    nothing."""
    text = unquoted(turn)
    bare = _narrowing().sub(" ", text[:scope.start()] + " " + text[scope.end():])
    yes = _route(" ".join(bare.split()), context)
    if yes is None or yes.label != "confirm" or not yes.key or not yes.value:
        return None
    return Routed("explicit", yes.key, yes.value, yes.lang, f"{yes.cue} / {scope.group(0)}", "session")


# a no followed by the user's own words ("no, call me Priya", ไม่ใช่ครับ เรียกผมว่าเอก, 不对，我的时区是…): a
# correction of what the agent said it keeps ("no, don't" and a bare "no" are only a no)
_NO_THEN = re.compile(r"^\W*(?:(?:no|nope|nah|not quite|wrong)\s*[,，.。!！:：;—–-]"
                      r"|(?:ไม่ใช่|ผิด|ไม่ถูก)(?:ครับ|ค่ะ|คะ|นะ|จ้า)*(?:\s+|[,.!])"
                      r"|(?:不是|不对|不對|错了|錯了)(?:啦|的)?[，,。！!、：:\s])\s*(?=\S)", re.IGNORECASE)
# a yes or no turned by a "but" (แต่, 但/不过/不過)
_TURNED = re.compile(r"^\W*[^\s,，、.!]+[\s,，、.!]*(but|แต่|但是?|不过|不過)\s*", re.IGNORECASE)
_OPENS_YES = re.compile(r"^\W*(yes|yeah|yep|sure|ok|okay|ใช่|ได้|โอเค|好|对|對|可以)", re.IGNORECASE)


def _correction(rest: str, context: str, lang: str) -> Routed | None:
    """What follows the "but" of a yes or no to an offer: a statement of its own is routed as one
    ("remember that I prefer tables"); a bare value of the offered key ("in Thai actually" to an offer
    of English) is the user's correction, staged for review."""
    got = _route_text(unquoted(rest), lang)
    if got is not None and got.label != "inferred":
        return got
    if _OUTPUT.search(context) is None or len(rest.split()) > 4:
        return got
    # a bare value said to an offer about the answers: read as the answers' value ("in Thai actually")
    said = key_of(rest) or key_of(f"answer {rest}")
    offered = key_of(context)
    if said and said[0] in STYLE_KEYS and usable_value(*said[:2]) and (offered is None or offered[1] != said[1]):
        return Routed("explicit", said[0], said[1], lang, f"but / {said[2]}", "proposals")
    return got


# an either/or in a question ("short answers, or detailed ones?", สั้นหรือยาว, 简短还是详细)
_EITHER_OR = re.compile(r"\bor\b(?! not\b)|หรือ(?!เปล่า|ไม่)|还是|還是|或者|或是", re.IGNORECASE)
_ASKED = re.compile(r"[^.!?。！？\n]+[?？]|[^.!?。！？\n]*(ไหม|มั้ย|หรือเปล่า|吗|嗎)[^.!?。！？\n]*")


def _ambiguous_offer(context: str) -> bool:
    """The assistant's turn asks more than one thing, or its question offers a choice: a bare yes does
    not say which question or which alternative it answers."""
    asked = [m.group(0) for m in _ASKED.finditer(unquoted(context)) if m.group(0).strip()]
    if len(asked) > 1:
        return True
    return any(_EITHER_OR.search(q) for q in asked)


# what the assistant offered, as the value of a yes to an offer that names no key of ours ("Want me to use
# dark mode for all the UI mockups from now on?" → "use dark mode for all the UI mockups from now on"):
# its asking words dropped
_OFFER_LEAD = re.compile(r"^\W*((ok|okay|sure|so|also|and),?\s+)?(do you want me to|want me to|would you like me to"
                         r"|should i|shall i|can i|may i|i can|i could|let me)\s+((remember|note|save|keep in mind)"
                         r"\s+)?(that\s+)?"
                         # Thai: ให้ผมจำไว้ไหมว่า…, จำไว้ไหมครับว่า…, ผมจำไว้ให้ไหมว่า… (the asking ไหม sits before ว่า)
                         r"|^\W*(?:(?:ต้องการ|อยาก)?ให้(?:ผม|ฉัน|หนู|เรา)?|(?:ผม|ฉัน|หนู|เรา)?(?=จำ))"
                         r"(?:จำ(?:ไว้)?(?:ให้)?(?:ไหม|มั้ย)?(?:ครับ|คะ|ค่ะ)?(?:ว่า)?)?"
                         r"|^\W*(要不要|需要|要)我(记住|記住)?|^\W*我(可以|来|來)?(帮你|幫你)?(记住|記住|记下|記下)(一下)?",
                         re.IGNORECASE)
_POINTS_BACK = re.compile(r"\b(that|this|it|so)\s*$|^(do )?(that|this|it)\b|这样|這樣|这么|這麼|แบบนี้|อย่างนี้",
                          re.IGNORECASE)
# the asking words after the value: a particle (ไหม, 吗) or a tag question ("…, want me to?", "…, ok?", "…，要吗？")
_OFFER_TAIL = re.compile(r"(?:[,，、]\s*(?:want me to|shall i|should i|ok|okay|right|alright|要吗|要嗎|要不要|好吗|好嗎"
                         r"|可以吗|可以嗎|行吗|行嗎)|\s*(?:ได้ไหม|ดีไหม|ไหม|มั้ย|หรือเปล่า|好吗|好嗎|可以吗|可以嗎|吗|嗎))?"
                         r"\s*[?？]*\s*$", re.IGNORECASE)


def _offered(context: str) -> str:
    """The assistant's offer in its own words: the question that offers to remember (or the last
    question), without its asking words; "" when there is none."""
    asked = [m.group(0).strip() for m in _ASKED.finditer(unquoted(context)) if m.group(0).strip()]
    pick = next((q for q in reversed(asked) if _OFFER.search(q)), asked[-1] if asked else "")
    value = _OFFER_TAIL.sub("", _OFFER_LEAD.sub("", pick)).strip()
    if _POINTS_BACK.search(value):
        # "…註解寫成英文。要我之後都這樣做嗎？": the question points back at what was said before it; with
        # nothing before it ("Shall I remember that?", about the user's own turn) what was offered is not known
        text = unquoted(context)
        before = text[:text.find(pick)].strip() if pick else ""
        value = _OFFER_TAIL.sub("", " ".join(text.split())).strip() if len(before) >= 3 else ""
    return _paraphrase(value) if len(value) >= 3 else ""


def _route(turn: str, context: str | None) -> Routed | None:
    lang = language_of(turn)
    # the assistant offers to remember something: its words say so, or it asks whether to do a thing
    # from now on ("Want me to assume you're comfortable with SQL from here on?", ให้ตั้งเป็นค่าเริ่มต้นไหม)
    # (read only for a short turn with a context: a longer turn is no answer to an offer)
    short = bool(context) and len(turn) <= 80
    says_remember = short and context is not None and _OFFER.search(context) is not None
    offer = says_remember or (short and context is not None and _QUESTION.search(context) is not None
                              and _standing(context, False) is not None)
    if context and short and offer:
        turned = _TURNED.search(turn)
        if turned is not None and (_any("decline", turn) or _OPENS_YES.match(turn)):
            # "no, but remember that I prefer tables", "yes but in Thai actually": the words after the
            # "but" carry the user's own statement, routed on their own (never a yes to the offer)
            return _correction(turn[turned.end():], context, lang)
        fixed = _NO_THEN.match(turn)
        if fixed is not None:
            # "no, call me Priya", ไม่ใช่ครับ เรียกผมว่าเอก, 不对，我的时区是曼谷: the no answers what the agent said
            # it keeps, the words after it are the user's own value — a correction, routed on its own, and
            # written at once when it gives the key the agent named a usable value of its own
            got = _route(turn[fixed.end():], None)
            if got is not None and got.label == "explicit":
                if got.key in STYLE_KEYS and usable_value(got.key, got.value) and got.to == "proposals" \
                        and not _negated(turn[fixed.end():], got.cue.rsplit(" / ", 1)[-1], got.value):
                    return Routed("explicit", got.key, got.value, lang, f"{fixed.group(0).strip()} / {got.cue}",
                                  "profile")
                return got
        if _any("decline", turn):
            return None
        m = _any("confirm", turn)
        if m and _ambiguous_offer(context):
            return None     # which question the yes answers is not known: nothing is accepted or written
        if m:
            offered = key_of(context) or _expertise(context)
            key, value = (offered[0], offered[1]) if offered else ("", "")
            if not offered and (said := _offered(context)):
                # an offer that names no key of ours ("Want me to use dark mode for all the UI mockups from
                # now on?"): what was offered, staged as a standing instruction for the user's review
                return Routed("confirm", "instruction.other", said, lang, m.group(0), "proposals")
            # the user's yes to an offer to remember that names its key and value is theirs: written at
            # once; a yes to a question whether to do a thing from now on (no word of keeping it) is
            # not yet confirmed on a blind set: staged, or the pending proposal it answers accepted
            sure = says_remember and bool(key and value)
            return Routed("confirm", key, value, lang, m.group(0), "profile" if sure else "proposals")
    fixed = _NO_THEN.match(turn)
    if fixed is not None:
        # "no, my time zone is Asia/Bangkok, not Tokyo": the no answers the agent, the rest is the user's own
        return _route(turn[fixed.end():], None)
    text = unquoted(turn)
    if _any("hypothetical", text):
        return None
    kept = _relatives_fact(text, lang)
    if kept is not None:
        return kept
    if _any("not_mine", text):
        # a forget that points back at what the agent keeps ("เรื่องลูกค้า VIP ที่ให้จำไว้ ลืมไปได้เลย", "the project
        # wiki link I gave you is outdated, forget it", 之前说的客户周报的事作废) drops that thing, whoever or whatever
        # it is about: its topic is read whole, as in a turn about the user — when its words speak of keeping or
        # of what the user said before ("remove the retry setting" beside a team's decision is the work)
        forget = _forget_cue(text)
        if (forget is not None and _any("back_ref", text) and not _asks(text, forget)
                and (_KEEPING.search(text) or _SAID_BEFORE.search(text))):
            got = _route_classes(text, lang, turn)
            if got is not None and got.label == "forget":
                return got
        # a turn about someone or something else may still hold the user's own standing statement in
        # another sentence ("…the build crashes on the app. also, remember I only have Windows"): that
        # piece alone is routed, and staged for review. A clean sentence (nothing about someone or
        # something else in it) that speaks to the agent in the second person ("…客户端超时 200ms… 你以后
        # 回答的时候先给结论") is judged on its own, and staged too: a statement buried in a turn about
        # something else is the user's own, but not strong enough to write at once
        # A forget is judged per piece too ("we decided to use Kafka; and forget my home address"): a
        # piece with nothing about someone or something else that asks the agent to drop a thing it keeps
        # of the user (its words name keeping or calling: "remove the retry setting" beside a decision is
        # the team's work) is the user's forget
        for piece in _pieces(text):
            if _any("not_mine", piece) or _any("hypothetical", piece) or not _KEEPING.search(piece):
                continue
            got = _route_text(piece, lang)
            if got is not None and got.label == "forget":
                return got
        for sentence in _sentences(text):
            if _any("not_mine", sentence) or _YOU.search(sentence) is None or _any("hypothetical", sentence):
                continue
            got = _route_text(sentence, lang)
            if got is not None and got.writes_profile:
                return Routed(got.label, got.key, got.value, lang, got.cue, "proposals")
        for piece in _pieces(text):
            if (_standing(piece, False) is None and _any("pitch", piece) is None) or _any("not_mine", piece):
                continue
            got = _route_text(piece, lang)
            # only a piece that names a key of ours or says something about the user ("help me change
            # the CI script" in a team turn is a task, not a rule for the agent)
            if (got is not None and got.label in ("explicit", "inferred")
                    and (got.key != "instruction.other" or _any("remember_self", piece))):
                return Routed(got.label, got.key, got.value, lang, got.cue,
                              "proposals" if got.label == "explicit" else "")
        return None
    return _route_text(text, lang, turn)


def _relatives_fact(text: str, lang: str) -> Routed | None:
    """A fact about someone close to the user that the user asks to be remembered ("remember that my sister
    lives in Chiang Mai", จำไว้ว่าน้องสาวผมอยู่ที่เชียงใหม่, 记住我妹妹住在清迈): the user's to keep, in their
    words, as a free-form fact for review (`user.other`) — never the user's own place or name, and the same in
    every language (the lexicons' `relation`). The statement starts with the person (my sister, 我妹妹); in
    Thai the person may follow what is theirs in its first clause (วันเกิดแม่ผม, "my mother's birthday")."""
    lead = REMEMBER_LEAD.match(text)
    if lead is None:
        return None
    rest = text[lead.end():]
    if re.match(r"\s*to\b", rest, re.IGNORECASE):
        return None       # "remember to call my mom": a task, not a fact
    clause = rest[:m.start()] if (m := _CLAUSE_END.search(rest)) else rest
    rel = _any("relation", clause)
    if rel is None or (rel.start() > 0 and lang != "th"):
        return None
    return Routed("explicit", "user.other", _paraphrase(text), lang, f"{lead.group(0).strip()} / {rel.group(0)}",
                  "proposals")


# the answer-language setting named by what it is ("forget my answer language preference", 忘掉我的回答语言设置,
# ลืมเรื่องภาษาที่ให้ตอบไปได้เลย): in a forget, response.language (the time zone and the name are key_of's)
_LANGUAGE_SETTING = re.compile(r"\b(answer|reply|response|output|chat)s? language\b|\blanguage (preference|setting)"
                               r"|(回答|回复|回覆|答复|答覆|输出|輸出)(的)?(语言|語言)|(语言|語言)(设置|設置|设定|設定|偏好)"
                               r"|ภาษา(ที่)?(ให้|ใช้)?ตอบ|(ตั้งค่า|การตั้งค่า)ภาษา", re.IGNORECASE)


def _setting_named(text: str) -> tuple[str, str, str] | None:
    """A language or a place named bare ("remove the Spanish setting", ลบเรื่อง timezone โตเกียว), or the
    language setting named by what it is (`_LANGUAGE_SETTING`): in a forget, the key it is a value of."""
    said = _LANGUAGE_SETTING.search(text)
    if said:
        return "response.language", "", said.group(0)
    folded = text.casefold()
    for key, table in (("response.language", _LANGUAGES), ("user.timezone", _ZONES)):
        for word in table:
            found = word in folded if not word.isascii() else re.search(rf"\b{re.escape(word)}\b", folded)
            if len(word) > 3 and found and not (key == "user.timezone" and _place_of_another_thing(text, word)):
                return key, "", word
    return None


# what a forget may say beside a place that names the user's zone: its words ("time zone", เขตเวลา, 时区), where
# the user is ("I live in", อยู่, 我在), the asking; any other word the forget names is a thing the place qualifies
_ZONE_WORDS = re.compile(r"\b(time|zone|timezone|tz|setting|settings|city|location|place|live|living|lived|based"
                         r"|stay|staying|moved|home)\b|เขตเวลา|ไทม์โซน|ตั้งค่า|การ|อยู่|ที่|เรื่อง|ว่า|ผม|ฉัน|เรา|หนู|ตอนนี้"
                         r"|เมือง|ลบ|ลืม|ไป|ได้|เลย|นะ|ครับ|ค่ะ|时区|時區|设置|設置|设定|設定|我|在|住|那个|那個|的|删掉|刪掉"
                         r"|不用|记|記|了|吧|城市|现在|現在", re.IGNORECASE)


def _place_of_another_thing(text: str, place: str) -> bool:
    """The forget names another thing the place only qualifies ("the office wifi name in Bangkok", "ออฟฟิศที่
    กรุงเทพ", "曼谷办公室的wifi名字"): once the place, the zone's own words and the asking are taken out of what
    it names (memory_store/core/forget_named.py `named_by`), words are left."""
    from memory_store.core.forget_named import named_by

    cue = _forget_cue(text)
    said = named_by(text, cue.group(0) if cue else "")
    left = [_ZONE_WORDS.sub("", w.casefold().replace(place, "")) for w in said.words]
    return any(len(w.strip()) >= 2 for w in left)


# a first-person state the user lives with ("I'm blind and use NVDA", เราใช้ Windows, 我平常用 Linux) and,
# in the turn, what the agent should do about it ("…for me, so describe structure in words", "เวลาให้คำสั่ง
# ขอเป็น PowerShell ตลอด", "…的时候优先用…"): a lasting fact given so the agent applies it
_STATE = re.compile(r"(^|[.!?]\s+|,\s*)(i'?m|i am|i (use|have|work|teach|live|run|only have))\b"
                    r"(?!.{0,40}\b(this|next) (week|month)\b)"
                    r"|(^|\s)(เรา|ผม|ฉัน|หนู)(ใช้|เป็น|มี|ทำงาน)(?!.{0,30}(สัปดาห์นี้|อาทิตย์นี้|วันนี้))"
                    r"|我(人在|平常|一般|平时|平時)?(用|是|有)(?!.{0,20}(这周|這週|今天|这次|這次))", re.IGNORECASE)
_APPLY = re.compile(r"\bfor me\b|\bso (please )?(describe|give|use|write|keep|skip|don'?t|avoid|assume|pitch|explain)\b"
                    r"|\bkeep (that|this) in mind\b|\bwhen(ever)? you\b|เวลา(ที่)?\S{0,12}(ให้|ขอ)|ขอเป็น|ถ้าต้อง"
                    r"|的时候|的時候|优先|優先|(之后|之後|以后|以後)(给|給)", re.IGNORECASE)


def _lasting_state(text: str, lang: str) -> Routed | None:
    """A first-person state with what the agent should do about it, in a turn that names a key or has a
    standing or habitual marker: a fact about the user for review (user.other, staged)."""
    state, apply = _STATE.search(text), _APPLY.search(text)
    if state is None or apply is None or _WE.search(text) or _asks(text, apply):
        return None
    if _standing(text, False) is None and key_of(text) is None:
        return None
    return Routed("explicit", "user.other", _paraphrase(text), lang, f"{state.group(0).strip()} / {apply.group(0)}",
                  "proposals")


def _route_text(text: str, lang: str, whole: str = "") -> Routed | None:
    got = _route_classes(text, lang, whole)
    if got is not None:
        return got
    named = key_of(text)
    if named and _of_something_else(text, named[0], named[2]):
        return None         # a thing's style words: no fact about the user either
    return _lasting_state(text, lang)


# a setting stated as one, the whole turn: the key's words, a colon, a short value ("Default format:
# tables", "My preferences — default format: tables", "ความยาวคำตอบ: สั้นๆ", "默认格式：表格")
_SETTING_LINE = re.compile(r"^\W*(?P<head>[^:：\n]{1,40}?)\s*[:：]\s*(?P<value>[^:：\n]{1,24}?)[\s.!。！]*$")


def _setting_line(text: str, lang: str) -> Routed | None:
    """The turn is a setting of a canonical style key stated as one: the words before the colon name the
    key and give no value, the words after it give the value (docs/benchmarks.md, policy (b))."""
    m = _SETTING_LINE.match(text.strip())
    if m is None:
        return None
    head, said = key_of(m.group("head")), key_of(m.group("value"))
    if head is None or head[1] or said is None or said[0] != head[0] or not said[1]:
        return None
    if (head[0] not in STYLE_KEYS or head[0] in IDENTITY_KEYS or not usable_value(*said[:2])
            or _NEGATION.search(m.group("value")) or _WE.search(text) or _artifact(m.group("head"))):
        return None
    return Routed("explicit", said[0], said[1], lang, f"{head[2]}: / {said[2]}", "profile")


def _forget_cue(text: str) -> re.Match[str] | None:
    """The first forget cue of `text` that asks the agent to drop something: the speaker's own forgetting
    ("ลืมไปเลยว่าเคยบอกให้ตอบเป็นตาราง ดีแล้วที่จำได้", "I forget what I told you about…", "我都忘了之前说的…")
    and their report of a thing they removed ("B2 那个 bucket 我昨晚已经删了", "ไฟล์ที่เคยบอกไว้ ผมลบทิ้งแล้ว")
    are blanked first, so a cue inside them is none while a request elsewhere in the turn still counts."""
    blanked = text
    for field in ("forgot_self", "removed_self"):
        if _first(_table(field), text) is None:
            continue
        for rx, _needs in _table(field).patterns:
            for m in rx.finditer(text):
                blanked = blanked[:m.start()] + " " * (m.end() - m.start()) + blanked[m.end():]
    return _any("forget", blanked)


def _clause_end(text: str, at: int) -> int:
    """Where the clause (`_PIECES`: a sentence, a comma's clause, a Thai phrase) holding position `at` ends."""
    m = _PIECES.search(text, at)
    return m.start() if m else len(text)


def _states_now(text: str, forget: re.Match[str], key: str) -> bool:
    """Whether a clause of `text` after the forget's own states a value of `key` of its own (the user's
    place, a name: "ผมอยู่เชียงใหม่ตามปกติ", "I live in Berlin anyway", "我照常在北京") — what holds now — while
    the words up to the end of the forget's clause name no such key: the forget drops the thing its own
    words name, not the key of the statement beside it."""
    end = _clause_end(text, forget.end())
    head = key_of(text[:end])
    if head is not None and head[0] == key:
        return False
    for piece in _pieces(text[end:]):
        said = key_of(piece)
        if said is not None and said[0] == key and said[1] and usable_value(key, said[1]):
            return True
    return False


def _route_classes(text: str, lang: str, whole: str = "") -> Routed | None:
    forget = _forget_cue(text)
    if forget and _asks(text, forget):
        forget = None       # "why does lru_cache never forget old entries?": a question, not a request
    if forget:
        # what is dropped: a key the words name (in quotes too: "「結論放最前面」那個偏好作廢" names the rule
        # by its words), else a language or place named bare, a skill, a fact about the user, or a rule
        named = key_of(text) or (key_of(whole) if whole else None) or _expertise(text) or _setting_named(text)
        if named is not None and _states_now(text, forget, named[0]):
            # "เรื่องไปเชียงรายวันที่ 15 ลืมไปได้เลย … ผมอยู่เชียงใหม่ตามปกติ", "forget what I said about the trip,
            # it's cancelled, I live in Berlin anyway", "15号去上海那件事忘掉吧…，我照常在北京": a clause after the
            # forget's own that states the key's value says what holds now, it is not what is dropped
            head = text[:_clause_end(text, forget.end())]
            named = key_of(head) or _expertise(head) or _setting_named(head)
        if (named and named[1] and named[0] in STYLE_KEYS and named[0] not in IDENTITY_KEYS
                and not _any("about_memory", text) and _negated(text, named[2], named[1])
                and (wanted := opposite(*named)) is not None):
            # "ไม่ต้องทำเป็นตารางแล้ว" (no more tables) speaks of no kept thing: a request to stop one, staged
            # as what it asks for ("no tables"); accepting it replaces a kept "table"
            return Routed("explicit", named[0], wanted, lang, f"{forget.group(0)} / {named[2]}", "proposals")
        if named:
            return Routed("forget", named[0], "", lang, forget.group(0), "" if _any("about_memory", text) else "review")
        if _any("self_fact", text) or _ABOUT_ME.search(text):
            return Routed("forget", "user.other", "", lang, forget.group(0))
        if _any("agent_rule", text) or _STORED_RULE.search(text) or _any("back_ref", text):
            # a rule or a stored thing pointed back at ("之前說要你…那個，取消"): which one is for the user
            return Routed("forget", "instruction.other", "", lang, forget.group(0))
        # a bare English verb ("I forget my password", "don't forget my birthday") points at nothing kept
        near = 0 if re.fullmatch(r"[a-z]+", forget.group(0), re.IGNORECASE) else _MINE_NEAR
        if _MINE.search(text, forget.start(), min(len(text), forget.end() + near)):
            return Routed("forget", "user.other", "", lang, forget.group(0))
        thing = _FORGET_THING.search(text)
        if thing:
            # a thing named bare ("please forget the office wifi name", 忘掉办公室的wifi名字): what a Remember
            # entry keeps, or the work ("forget the old endpoint"): for review — microSync withdraws only a
            # daily-log Remember entry that holds every word it names (jobs/microsync/preferences.py)
            return Routed("forget", "user.other", "", lang, thing.group(0).strip(), "review")
        return None
    complaint = _any("complaint", text)
    marked = _standing(text, complaint is not None)
    standing, strong = (marked[0], marked[1]) if marked else (None, False)
    fact = _any("self_fact", text)
    if fact:
        # a lasting fact the user says of themselves (I'm colorblind, เราแพ้กุ้ง, 我有聽障) is theirs to keep:
        # written at once when the user also asks for it to be kept (remember that I…, จำไว้ว่าเรา…, 记住我…,
        # from now on), else staged; said of someone else or of a group ("น้องมายแพ้กุ้ง", "so is Sam… for
        # us"), it is for review
        mine = _FIRST_PERSON.match(fact.group(0)) is not None and _WE.search(text) is None
        sure = mine and strong and standing is not None and not _asks(text, standing)
        return Routed("explicit", "user.other", _paraphrase(text), lang, fact.group(0),
                      "profile" if sure else "proposals")
    expertise = _expertise(text)
    if expertise:
        # a self-description with how to pitch the answers to it ("…for a decade, no need to define things
        # for me", ไม่ต้องอธิบาย, 不用从头讲) or a standing marker is explicit; written at once only with a
        # strong standing marker or memory verb (from now on, ต่อไป, 以后) and the topic the words name in the
        # same sentence as the skill, not asked, not a team's — how to pitch the answers alone is staged
        pitch = _any("pitch", text)
        if pitch is not None and (pitch.group(0) in expertise[2] or _asks(text, pitch, polite=False)):
            # "ไม่ต้องอธิบาย" alone says how to answer, not who the user is; "can you explain it
            # simpler?" (อธิบายแบบง่ายๆ ได้มั้ย) is a one-off request, a signal
            pitch = None
        said = standing or pitch
        if said:
            sure = (strong and expertise[3] != ""
                    and _same_sentence(text, expertise[2], expertise[3])
                    and not _asks(text, said) and _WE.search(text) is None)
            return Routed("explicit", *expertise[:2], lang, f"{said.group(0)} / {expertise[2]}",
                          "profile" if sure else "proposals")
        return Routed("inferred", *expertise[:2], lang, expertise[2])
    named = key_of(text)
    if named and _of_something_else(text, named[0], named[2]):
        return None     # the style words are a thing's: a document's, a device's setting, a clock time
    stated = _setting_line(text, lang) if named else None
    if stated is not None:
        return stated
    if named:
        key, value, cue = named
        # lasting words other than a standing marker: where the user lives and what they are called, said
        # as a setting ("I live in Lisbon", "call me Dan": written at once), or a like or dislike about how
        # the user is answered ("เราไม่ชอบอีโมจิในคำตอบ", 我习惯看长一点的解释: explicit, staged). A habitual
        # marker alone (always, every time, ทุกครั้ง, 一律) says how often, not for how long: it describes
        # what happens as often as it sets a rule ("every time you regenerate it I get noise in the diff",
        # "我們部門的週報一律用 Markdown"), so it is staged too
        lasting = ((_any("settled", text) if usable_value(key, value) else None) if key in IDENTITY_KEYS
                   else _any("lasting", text) if complaint is None and _about_answers(text) else None)
        marker = standing or lasting
        # a request to stop a thing ("no more tables", 以后别用表格, ต่อไปไม่ต้องทำเป็นข้อๆแล้ว) asks for its
        # opposite ("no tables"), never the thing; where that is not one value, the words are the instruction
        stops = bool(value) and key not in IDENTITY_KEYS and _negated(text, cue, value)
        wanted = opposite(key, value, cue) if stops else value
        if marker and not _asks(text, marker):
            if stops and wanted is None:
                return Routed("explicit", "instruction.other", _paraphrase(text), lang, f"{marker.group(0)} / {cue}",
                              "proposals")
            sure = strong or (lasting is not None and key in IDENTITY_KEYS)
            value = wanted or _stated_value(text, cue, marker)
            return Routed("explicit", key, value or _paraphrase(text), lang, f"{marker.group(0)} / {cue}",
                          target(text, key, value, cue, sure, key in IDENTITY_KEYS and lasting is not None,
                                 marker.group(0)))
        if key == "user.name" and value and (_LATIN_NAME.match(value) or not value.isascii()):
            return Routed("explicit", key, value, lang, cue, "proposals")     # a name with no lasting words
        if complaint:
            return Routed("inferred", key, value or _paraphrase(text), lang, complaint.group(0))
        if stops and wanted is None:
            return None
        if value and _any("request", text) and not _artifact(text) and not _WE.search(text):
            # a one-off request to the agent about its answers ("could you write that in English?",
            # ภาษาไทยค่ะ, 中文啊): a signal, not an instruction
            return Routed("inferred", key, wanted or value, lang, cue)
        if (value and len(text.strip()) <= SHORT_REQUEST and _mostly(cue, text) and not _artifact(text)
                and not _WE.search(text)):
            # the whole turn is a style request ("用表格", "เป็นข้อๆ", "just the code pls"): a signal
            return Routed("inferred", key, wanted or value, lang, cue)
        if (usable_value(key, value) and key not in IDENTITY_KEYS and _addressed(text) and not _asks_stored(text)
                and not _artifact(text) and not _WE.search(text)):
            # a turn addressed to the agent (you, "I'd rather…", 麻烦…, อยากให้…) whose object is its answers,
            # with no lasting marker: a signal for the user's review, not lost
            return Routed("inferred", key, wanted or value, lang, cue)
        return None
    # an imperative with no person word ("never edit a migration once it's on main", ห้าม deploy…) is as
    # often the project's rule as the agent's: the person ("for me", "you", "my") is the boundary
    if standing and _to_agent(text):
        rule = _any("agent_rule", text)
        if rule:      # an imperative about how the agent works, asked as a question or not
            # written at once only with a strong marker, a person word (the user's "me", "you", เรา, 我),
            # not asked, not about an artifact and nobody else's word ("他要求…", "陳經理說…")
            sure = (strong and _PERSON.search(text) is not None and not _asks(text, standing)
                    and not _artifact(text) and _REPORTED.search(text) is None
                    and _WHO_I_AM.search(text) is None)
            return Routed("explicit", "instruction.other", _paraphrase(text), lang,
                          f"{standing.group(0)} / {rule.group(0)}", "profile" if sure else "proposals")
        if _asks(text, standing) or not (strong or _any("long_term", text) or _OUTPUT.search(text)
                                         or _NOTE_THIS.search(text.strip()) or _YOU.search(text)):
            # "every time I touch this limiter…": a habit of the world, not a rule; said to the agent in the
            # second person ("When you're not sure an API exists, say so… This applies always"), a rule
            return None
        # a lasting statement to the agent that names no key we know: for the user to review —
        # about the user ("remember that I…") a fact, else a standing instruction
        about_me = _any("remember_self", text) is not None
        return Routed("explicit", "user.other" if about_me else "instruction.other", _paraphrase(text), lang,
                      standing.group(0), "proposals")
    return None


_TOPIC = re.compile(r"^[a-z0-9][a-z0-9_-]{0,40}$")
FREE_KEYS = frozenset(FREE_FORM_KEYS)     # multi-valued (memory_store/config.py)


def canonical_key(key: str) -> str:
    """A key someone else read (the model) as one of ours: a canonical key, `user.expertise.<topic>`,
    or else the free-form `instruction.other` (never a `policy.*` or any other invented key)."""
    k = key.strip().casefold()
    if k in STYLE_KEYS or k in FREE_KEYS:
        return k
    if k.startswith("user.expertise.") and _TOPIC.match(k.removeprefix("user.expertise.")):
        return k
    return "instruction.other"


def _setting(key: str, value: str) -> str:
    v = " ".join(value.split())
    if key == "user.timezone":
        return zone_of(v)
    if key == "response.language":
        return _LANGUAGES.get(v.casefold(), v)
    return v


def gate(turn: str, context: str | None, label: str, key: str, value: str) -> Routed | None:
    """Another reader's reading of one user turn (the model's: label explicit | inferred, a key, a
    value) through the same class rules as `route`: PROFILE only for a canonical style/identity key
    with a usable value, a strong standing marker or memory verb in the user's own words, a turn that
    speaks to the agent, no negation before the key's words and nothing about someone else;
    everything else explicit is staged in PROPOSALS; inferred is a proposal. A hypothetical, a turn
    that is only quoted text, or a label other than these two is nothing."""
    text = unquoted(turn)
    if label not in ("explicit", "inferred") or not text.strip() or _any("hypothetical", text):
        return None
    lang = language_of(turn)
    scope = _any("session_scope", text)
    if scope is not None:      # for this conversation only: never a lasting value or a global proposal
        return _for_this_session(text, Routed(label, key, value, lang, "model"), scope)
    key = canonical_key(key)
    value = _setting(key, value)
    if key in FREE_KEYS or not value:
        value = value or _paraphrase(text)
    value = value[:VALUE_MAX]
    bounded = _bounded(text, Routed(label, key, value, lang, "model"))
    if bounded is not None:     # bounded in time ("until Friday, answer in Thai"): never lasting (see `route`)
        return bounded
    if label == "inferred":
        return Routed("inferred", key, value, lang, "model")
    if context and len(turn) <= 80 and _OFFER.search(context) and _any("confirm", turn):
        if _ambiguous_offer(context):
            return None     # which question the yes answers is not known (see `route`)
        offered = key_of(context)
        to = "profile" if offered and offered[0] == key and usable_value(key, value) else "proposals"
        return Routed("explicit", key, value, lang, "model / yes to the offer", to)
    marked = _standing(text, _any("complaint", text) is not None)
    standing, strong = (marked[0], marked[1]) if marked else (None, False)
    named = key_of(text)
    # the user's own words name the key, with the same value or none (the model's value is then used)
    cue = named[2] if named and named[0] == key and named[1] in ("", value) else ""
    to = ("proposals" if _any("not_mine", text) or not cue
          else target(text, key, value, cue, strong, marker=standing.group(0) if standing else ""))
    return Routed("explicit", key, value, lang, f"model / {standing.group(0) if standing else 'no marker'}", to)


# the words that join a second request to the first ("…, and call me Nok", "…และตอบสั้นๆ", "…，还有请叫我小明")
_JOINED = re.compile(r"^\W*(?:and|also|plus|และ|แล้วก็|กับ|还有|還有|另外|并且|並且|而且|以及)\s*", re.IGNORECASE)


def also_routed(turn: str, got: Routed | None) -> list[Routed]:
    """The other settings of a turn that states two ("From now on always answer in Thai, and call me Nok.",
    "以后都用英文回答我，还有请叫我小明。", "ต่อไปเรียกผมว่าต้นนะ และตอบสั้นๆ เสมอ"): `route` gives one, the
    first key it finds; each other clause of the turn, routed on its own, that states a setting of another
    key is one more (docs/design.md §6: every explicit instruction is kept). A standing marker of the turn
    ("from now on", ต่อไป, 以后) holds for each of its clauses; a clause gives nothing the whole turn did
    not (a forget, a question, a one-off request are left as `route` read them)."""
    if got is None or got.label != "explicit" or got.key not in STYLE_KEYS or got.until:
        return []
    pieces = [p for p in (x.strip() for x in _PIECES.split(turn)) if p]
    if len(pieces) < 2:
        return []
    marker = _first(_strong_markers(), turn)
    out: list[Routed] = []
    seen = {got.key}
    mine = {n for n, p in enumerate(pieces) if got.value and got.value in p}     # the clause `route` read
    n = 0
    while n < len(pieces):
        found: tuple[int, Routed] | None = None
        for end in range(n + 1, len(pieces) + 1):
            if mine & set(range(n, end)):
                break
            # a clause may run over a break the splitter makes ("และตอบสั้นๆ เสมอ": Thai has no commas)
            clause = _JOINED.sub("", " ".join(pieces[n:end]))
            other = route(clause) if clause else None
            if (other is not None and other.label == "explicit" and other.key not in seen
                    and other.key in STYLE_KEYS and not other.until):
                if other.to == "proposals" and marker is not None and marker.group(0) not in clause:
                    marked = route(f"{marker.group(0)} {clause}")
                    if marked is not None and (marked.key, marked.value) == (other.key, other.value):
                        other = marked      # the turn's own standing marker holds for this clause too
                found = (end, other)
                if other.to == "profile":
                    break
        if found is None:
            n += 1
            continue
        n, other = found
        seen.add(other.key)
        out.append(other)
    return out
