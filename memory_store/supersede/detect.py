"""Does a new entry replace, loosen, amend or contradict an earlier active one (docs/design.md §6)?

For each earlier entry the subject match is the share of the earlier entry's subject (its title,
and its title with the rest of its text) that the new entry also names, each token weighted by how
rare it is among the entries compared (a word every entry uses says nothing). The best match
decides, and then the cues of the new statement (memory_store/supersede/cues/) say what happened:

- a reversal cue ("no longer", 改用, เลิก …) → *reversal*: `supersedes`;
- a relaxation cue ("can … but only with", 可以, ได้ด้วย …) → *relaxation*: `supersedes`, "relaxed";
- a refinement cue ("now", "from April", 提前, เลื่อน …) → *refinement*: `supersedes`;
- an onset cue ("from now on", 今后, ต่อจากนี้) → *reversal* of a choice or a procedure; beside a
  rule or a fact, a change only with another value (*refinement*) or another tool in the same role
  (*reversal*): alone it opens a new rule;
- a continuation cue ("still", "as before", 不变, ต่อไป) → *same*: nothing;
- no cue, by structure (the same in every language): the earlier value kept for part and another
  given beside it → *refinement* (or *relaxation* of a rule under a condition); a quantity given
  another value, a role another tool, one name swapped for another in the same statement →
  *conflict*, a warning only — the new entry is stored, and the established one keeps its place;
  the earlier entry's name said again with a new name beside it (a change told as news: "the Kafka
  brokers get decommissioned" beside "published to NATS JetStream") → *reversal*; all the earlier
  entry says and more (memory_store/supersede/extends.py) → *refinement*; a statement the earlier
  one already covers → *same*;
- a change of some of the parts of a system the earlier entry names, not all ("switch staging to
  Postgres 16" after "staging and prod both run Postgres 15") → *conflict*: the rest still holds.

Pure: text in, a finding out.
"""
from __future__ import annotations

import dataclasses
import difflib
import math
import re
import unicodedata
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from memory_store.core import router_en, router_th, router_zh
from memory_store.core.router_lexicon import lead_alternation
from memory_store.entries import BlockEntry
from memory_store.supersede.concepts import Concepts, load_concepts
from memory_store.supersede.extends import list_grew, says_more
from memory_store.supersede.incidents import happened_to
from memory_store.supersede.lexicon import Lexicon, load_lexicon
from memory_store.supersede.measures import durations
from memory_store.supersede.qualifiers import sub_roles_differ
from memory_store.supersede.retired import (
    instance_retired,
    parts_retired,
    retire_kept,
    retire_word,
    retired_things,
    retires,
)
from memory_store.supersede.steps import places, step_added
from memory_store.supersede.subject import (
    NAME_WEIGHT,
    NUMBER_WEIGHT,
    ROLE_PREFIX,
    echoed_roles,
    normalise,
    role_terms,
    said_in,
    stem,
    subject_tokens,
)
from memory_store.supersede.switched import switch_at, switches_another
from memory_store.supersede.values import (
    SERIES,
    bare_numbers,
    codes,
    codes_differ,
    designators,
    fillers_differ,
    other_member,
    quantities,
    subject_part,
    values_differ,
    values_split,
)
from memory_store.supersede.wishes import wished_by_another

# Families (docs/design.md §6): a choice, a rule, a remembered fact, a procedure. Entries of
# another family are compared too (a rule can lift a remembered fact), but need a closer match.
FAMILY = {"Decision": "choice", "Architecture": "choice", "Rule": "rule", "Constraint": "rule",
          "Remember": "remember", "Procedure": "procedure"}
OTHER_FAMILY_FACTOR = 0.85
# Share of the earlier subject the new statement must name, and the least weight shared.
SUPERSEDE_MATCH = 0.12
CONFLICT_MATCH = 0.6
# (0.9, not 1.0: in a log of two entries one word only one of them says weighs log(2.5) = 0.92, and
# a single shared subject word, 部署 in 我们决定周四部署 / 我们决定部署改回周二, must still match once
# the framing words no longer add their weight; the development splits give the same counts.)
MIN_SHARED_WEIGHT = 0.9
# ... and the least number of shared words (a name counts 1.5, a Thai pair of cells a third): one common
# word in common ("API") is not a subject.
MIN_SHARED_WORDS = 1.0
# A statement whose own subject the earlier entry covers this much says nothing new.
SAME_COVER = 0.75
# When all the new statement shares with a rule or a fact is a tool both name in the same role
# ("BigQuery" in a rule about editing BigQuery tables and in a note on BigQuery billing), the tool
# must be most of what that entry is about. A choice (Decision, Architecture) is different: the tool
# it names is what was chosen, so "MLflow runs get tagged …" is about "Track experiments in MLflow".
ECHO_ONLY_MATCH = 0.4

# A role filled by another tool with no cue is a possible conflict when the two statements match
# closely enough beyond a passing mention of the role: "Kafka topics are split by domain" names the
# queue as an entry choosing RabbitMQ does, but says something else about it (set on the
# development halves: their false warnings of this kind matched at 0.23, the lowest real conflict
# at 0.26 — a thin margin, see docs/benchmarks.md).
FILLER_MATCH = 0.25

# A change told as news (the earlier name again, a new one beside it): at least this subject match
# (0.2-0.35 give the same counts on the development sets, 0.4 loses three).
NEWS_MATCH = 0.3
# A rule under a condition, with no cue: at least this subject match (0.25 let a Thai wedding budget
# in words be read as an exception to the budget; 0.2 one false supersede on heldout3).
CONDITION_MATCH = 0.3
_CAPITALISED = re.compile(r"\b[A-Z][\w-]*")
_CALENDAR = re.compile(r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|(?:mon|tue|wed|thu|fri|sat|sun)"
                       r"(?:day|s|nesday|sday|rsday|urday)?|today|tomorrow|tonight")
# A cue word the earlier entry says in the same phrase (these many characters before or after it as
# well) is part of the subject: "ยกเลิกฟรี" in both, not "reviewer ขอ WER มาด้วย" beside "ประเมินผลด้วย CER"
# (the characters, not whole words: Thai and Chinese have no spaces; 2 and 3 give the same counts).
ECHO_SPAN = 2
# The earlier entry kept for part and more said beside it: the clauses of a statement (punctuation,
# "but", 但/不过, แต่/ส่วน, a space between Thai words; not a comma or point inside a number), the
# words of its own the kept clause needs, and the new words (and words of the earlier subject) of
# the clause beside it.
_CLAUSE = re.compile(r"(?<!\d)[,.](?!\d)\s*|[，。;；!?！？、]\s*|\s+(?:but|though|while)\s+|但是?|不过|不過|可是|ส่วน|แต่"
                     r"|(?<=[\u0e00-\u0e7f])\s+(?=[\u0e00-\u0e7f])", re.IGNORECASE)
KEPT_WORDS = 1.0
# A heading and a value: "Config format: YAML." (a heading of a few words, a short value).
_HEAD_VALUE = re.compile(r"([^:：\n]{2,40})[:：]\s*([^:：,;，；。\n]{1,40}?)\s*[.。]?")
_VALUE_WORD = re.compile(r"[^\s,;:()]*[A-Z0-9@][^\s,;:()]*|[^\s,;:()]+\.[a-z]{2,}")
# ... the share of the heading the earlier entry names.
HEAD_NAMED = 0.75
MORE_WORDS = 2.0
# The clauses of a return to a value (Detector._returns_to_rejected): `_CLAUSE`, and a comma and a
# space after a number ("standups are at 9:30, 10:00 was too late": a value ends the clause).
_VALUE_CLAUSE = re.compile(rf"{_CLAUSE.pattern}|(?<=\d),\s+", re.IGNORECASE)
# Another name in one place: the rest of each statement the other names, at least this share.
NAME_SWAP_REST = 0.55
_DIGITS = re.compile(r"\d+")
_NON_LATIN = re.compile(r"[\u0e00-\u0e7f\u3400-\u9fff]")
# Words that say a quantity, not what it is of: "the max upload size is 25 MB" and "the upload limit
# is 50 MB" are about one thing.
MEASURE_WORDS = frozenset({
    "limit", "max", "maximum", "min", "minimum", "size", "cap", "ceiling", "quota", "length", "amount",
    "number", "count", "total", "value", "threshold", "default", "set", "up", "upper", "lower", "bound",
    "level", "target", "budget", "rate", "allowed", "least", "most", "decided", "decision", "agreed",
})
_LATIN_WORDS = re.compile(r"[a-z][a-z0-9]*")

SUPERSEDING = ("reversal", "relaxation", "refinement")
# The families a new thing can replace when the earlier one is named as gone or wanting beside it
# (`Detector._dropped_for_reason`): not a rule, where such a clause is a complaint about the rule,
# nor a procedure, whose steps say "not" and "close" themselves ("离线 AUC 不降", "ปิดร้าน: นับเงินสด").
DROPPABLE = ("choice", "remember")
# A swapped name in one template: at least this many tokens around it, and this share of the title.
SLOT_TEMPLATE = 3
SLOT_SHARE = 0.6
# A person by a title, in Thai (before the name: the title and two letters of the name) and Chinese
# (a surname and a title after it; 小 or 老 and a surname where the name ends).
_TH_PERSON = re.compile(r"(?:พี่|น้อง|คุณ|ป้า|ลุง|น้า|ช่าง)"
                        r"(?:[\u0e01-\u0e2e\u0e40-\u0e44][\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]*){2}")
# A common surname with 小/老 before it or an engineer's 工 after it is a person wherever it stands
# ("老陈下个月离职", "只有老陈能改", "找迈瑞的周工"): 小时, 老师, 加工 are not.
_ZH_SURNAMES = ("陈王李张刘杨黄赵周吴徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余杜叶程魏苏吕丁任卢姚沈"
                "钟姜崔谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴莫孔汤")
_ZH_PERSON = re.compile(r"[\u4e00-\u9fff](?:姐|哥|先生|小姐|太太|老师|经理|总|师傅|医生|教练|律师)"
                        r"|(?<![\u4e00-\u9fff])[小老阿][\u4e00-\u9fff](?![\u4e00-\u9fff])"
                        r"|(?<=[找由给是跟])[小老阿][\u4e00-\u9fff](?=[，。、,.;；\s]|$)"
                        rf"|[小老][{_ZH_SURNAMES}]|[{_ZH_SURNAMES}]工(?![\u4e00-\u9fff])")
# Tokens of a title for the swap: Latin words (with dots and dashes: "fly.io", "gpt-4o") and each
# other letter (Thai and Chinese have no spaces); a name has a letter in it.
_SLOT_TOKEN = re.compile(r"[a-z0-9][\w.+-]*[\w+]|[a-z0-9]|[^\W\d_a-z]", re.IGNORECASE)
_NAME = re.compile(r"[a-z][\w.+-]*|[a-z0-9.+-]*[a-z][\w.+-]*", re.IGNORECASE)
# A token in more than this many of the earlier entries (and more than COMMON_SHARE of them) does
# not find candidates, and at most MAX_CANDIDATES entries are scored: a weekly compound asks about
# hundreds of new entries against thousands of active ones.
# Words that say a statement was decided or is to be kept ("we decided to use X", "remember that
# …", 我们决定, ตัดสินใจ), not what it is about: "we decided to use pnpm instead of npm" and "we decided to
# use Postgres 16 for the billing service" share "decided" alone, which is no subject however rare it
# is among the entries compared (in the Thai word, only the pairs that span its syllables).
FRAME_TEXT = "decided decision agreed remember 决定"
FRAME_THAI = frozenset({"ดสิ", "นใ"})
# The request to remember, which microSync keeps in a Remember entry's excerpt, is left out of the
# subject altogether: two facts asked for alike ("จำไว้ว่าเบอร์ห้องผมคือ 1204" / "จำไว้ว่าเลขทะเบียนรถ
# ของฉันคือ กข 4455", "请记住…" / "请记住…") share those words, and in Thai and Chinese their letter pairs
# are a subject's weight. (จำ is NFKC-decomposed in normalised text: both forms.)
# The lead-ins are the router's one list (`remember_lead` of memory_store/core/router_{en,th,zh}.py).
_ASKED_TO_REMEMBER = re.compile(
    "(?:" + lead_alternation((router_en.LEXICON, router_th.LEXICON, router_zh.LEXICON)).replace("ำ", "(?:ำ|ํา)")
    + r")\s*[：:，,]?", re.IGNORECASE)
# The marker that frames a statement as a rule or a decision ("rule: …", "we decided to …", 我们决定,
# 规则：, ตัดสินใจว่า, กฎ:) is left out of the subject the same way: two rules on two subjects share
# "rule" alone, which among a few entries is a rare and so a heavy word (and in Thai and Chinese
# the marker's letter pairs, one spanning into the subject's first word, "定部" in 决定部署).
# A person's title in Thai, before the name or the role ("คุณหมอ", "พี่วนิดา", "อาจารย์").
_TH_TITLE = r"(?:คุณ|พี่|น้อง|หมอ|อาจารย์|ป้า|ลุง|น้า|ผอ\.?)"
_FRAMED_AS = re.compile(
    r"^\s*(?:rules?|constraints?|decisions?|decided|agreed|note)\s*[:：]"
    r"|\b(?:we|i|the team|team)\s+(?:have\s+|had\s+|just\s+)?(?:decided|agreed)(?:\s+(?:that|to|on))?\b"
    r"|(?:我们|我們|我|团队|團隊|大家)?(?:最后|最後|最终|最終|已经|已經)?(?:决定|決定|商定|约定|約定)了?"
    r"|(?:规则|規則)\s*[：:]"
    r"|(?:เรา|ทีม)?(?:ตัดสินใจ|ตกลงกัน)(?:แล้ว)?(?:ว่า)?|กฎ\s*[：:]"
    # who it was talked over with or approved by ("คุยกับคุณหมอแล้ว", "คุณหมอโอเคแล้ว", "พี่วนิดาโอเคแล้ว", "跟 Krit
    # 商量过了", "checked with Dr Lee", "Anna signed off on it"): two decisions the same person agreed to share
    # that person, who is no subject
    rf"|(?:ไป)?(?:คุยกับ|ปรึกษา){_TH_TITLE}[^\s:：,]{{0,16}}?(?:มา)?แล้ว"
    rf"|{_TH_TITLE}[^\s:：,]{{0,16}}?(?:โอเค|ok|อนุมัติ|เห็นด้วย|เคาะ)(?:แล้ว)?"
    r"|(?:跟|和|与|找)[^，,。：:；;\n]{1,10}?(?:商量|讨论|聊|确认|沟通)过?了"
    r"|\b(?:talked|spoke|checked)\s+(?:it\s+)?(?:to|with)\s+(?:the\s+)?[\w.]+(?:\s+[A-Z][\w.]*)?"
    r"|\b[A-Z][\w.]*(?:\s+[A-Z][\w.]*)?\s+(?:signed off(?:\s+on\s+it)?|okayed it|ok'?d it|approved it)\b",
    re.IGNORECASE | re.MULTILINE)
# A requirement said to be met by less (cues/*.txt [sufficient]) loosens a rule only when the two
# share this many subject words: what is enough, and what for.
ENOUGH_WORDS = 2.0
# A concept named in two languages (memory_store/supersede/concepts.txt) weighs as a word (the
# token is the concept's name after CONCEPT_PREFIX).
CONCEPT_PREFIX = "~"
CONCEPT_WEIGHT = 1.0
COMMON_MIN = 50
COMMON_SHARE = 0.05
MAX_CANDIDATES = 200
# A measure (a length of time, a share, an amount, an amount per period, how often) given a value by
# both statements in a clause that names a concept both name in two languages ("48 hours … to
# deliver" / "72 小时内交终稿", "60 天内的预约" / "จองล่วงหน้า 90 วัน"): the one subject of the two,
# however few other words they share.
MEASURE_KEYS = ("~time", "~every", "$", "#", "/")
MEASURED_MATCH = 0.03


@dataclass(frozen=True)
class Statement:
    id: str
    kind: str
    date: str
    title: str
    text: str = ""          # the rest: conclusion, excerpt, body
    order: int = 0          # position among entries of the same date (file order): earlier is lower

    @property
    def full(self) -> str:
        return f"{self.title}\n{self.text}" if self.text else self.title


@dataclass(frozen=True)
class Finding:
    outcome: str            # reversal | relaxation | refinement | conflict | same | none
    target: str | None      # the earlier entry's id
    score: float            # the subject match with it
    cue: str | None = None
    basis: str | None = None   # a conflict's signal: "value", "role", "match" (a close match)
    # a relaxation that loosens the rule for a part only ("… is enough for config-only changes",
    # "文档仓库一个人审批就够了"): the rule still holds outside it
    scoped: bool = False

    @property
    def supersedes(self) -> bool:
        return self.outcome in SUPERSEDING

    @property
    def reason(self) -> str:
        cue = f" ({self.cue})" if self.cue else ""
        if self.outcome == "relaxation":
            return f"relaxed{cue}"
        if self.outcome == "refinement":
            return f"refined{cue}"
        if self.outcome == "reversal":
            return f"reversed{cue}"
        if self.outcome == "conflict":
            return f"possible conflict: same subject, different content, no change stated (match {self.score:.2f})"
        return self.outcome


def statement_of(entry: BlockEntry, order: int = 0) -> Statement:
    rest = [x for x in (entry.conclusion, entry.finding, entry.excerpt or "") if x and x != entry.title]
    return Statement(entry.id, entry.kind, entry.date, entry.title, "\n".join(dict.fromkeys(rest)), order)


# A name inside a sentence (capitalised, not its first word): "Vonage", "PaddleOCR" (`_instance_retired_only`).
_NEW_NAME = re.compile(r"(?<![.!?]\s)(?<!^)(?<=\s)[A-Z][A-Za-z0-9]+", re.MULTILINE)

class Detector:
    """The earlier entries, tokenised once and indexed by token, so that each new statement is
    compared only with the entries it shares a word with (the weekly compound asks about every
    new entry of a week against every active one)."""

    def __init__(self, earlier: Sequence[Statement] = (), lexicon: Lexicon | None = None) -> None:
        self.lx = lexicon or load_lexicon()
        self.items: list[tuple[Statement, dict[str, float]]] = []
        self.titles: dict[int, dict[str, float]] = {}   # title tokens, made for candidates only
        self.df: dict[str, int] = {}
        self.index: dict[str, list[int]] = {}
        self.known: dict[str, tuple[str, dict[str, float]]] = {}   # id -> (text, its tokens)
        self.roles: dict[str, tuple[str, dict[str, frozenset[str]]]] = {}   # id -> (text, its roles)
        self.term_words: dict[str, list[str]] = {}   # a role's term -> its subject words
        self.members: dict[str, tuple[str, dict[str, frozenset[str]]]] = {}   # id -> (text, designators)
        self.deciders: tuple[str, ...] = ()   # the last detect's best entry and best rule (ids)
        self.concepts: Concepts = load_concepts()
        self.named: list[dict[str, frozenset[str]]] = []   # per item: concept -> the names it uses
        self.parts: list[frozenset[str]] = []   # per item: the parts of a system it names (concepts.txt)
        self.title_named: dict[int, dict[str, frozenset[str]]] = {}   # the same for titles, made for candidates
        self.frame = frozenset(subject_tokens(FRAME_TEXT, self.lx)) | FRAME_THAI
        self.forbidden_days: dict[int, frozenset[int]] = {}   # per rule item: the weekdays it forbids on
        self.lengths: dict[str, tuple[str, list[tuple[int, int, float]]]] = {}   # id -> (text, its lengths of time)
        for s in earlier:
            self.add(s)

    def add(self, s: Statement) -> None:
        """Make `s` one of the earlier entries later statements are compared with."""
        full = self._tokens(s)
        n = len(self.items)
        self.items.append((s, full))
        for t in full:
            self.df[t] = self.df.get(t, 0) + 1
            self.index.setdefault(t, []).append(n)
        named = self._concepts(s)
        self.named.append(named)
        self.parts.append(self._parts(s))
        for c in named:
            self.index.setdefault(CONCEPT_PREFIX + c, []).append(n)

    def _concepts(self, s: Statement) -> dict[str, frozenset[str]]:
        return self.concepts.concepts_of(normalise(_FRAMED_AS.sub(" ", _ASKED_TO_REMEMBER.sub(" ", s.full))))

    def _parts(self, s: Statement) -> frozenset[str]:
        return self.concepts.parts_of(normalise(s.full))

    def _bridge(self, new: dict[str, frozenset[str]], i: int) -> dict[str, float]:
        """The concepts (memory_store/supersede/concepts.txt) the new statement and earlier entry `i`
        both name by words they do not share, nor forms of one word ("部署" and "deploying", "审批" and
        "approvals", "PR" and "PRs"; not "reviewers" and "review"): a subject word they share across
        languages and wordings. Named by one word in both, the word itself is shared already."""
        old = self.named[i]
        def apart(a: frozenset[str], b: frozenset[str]) -> bool:
            words = self._concept_words(b)
            return not any(said_in(w, words) for w in self._concept_words(a))
        return {CONCEPT_PREFIX + c: CONCEPT_WEIGHT for c, terms in new.items() if c in old and apart(terms, old[c])}

    def _concept_words(self, terms: frozenset[str]) -> set[str]:
        return {w for t in terms for w in self._term_words(t)}

    def _tokens(self, s: Statement) -> dict[str, float]:
        have = self.known.get(s.id)
        if have is not None and have[0] == s.full:
            return have[1]
        tokens = subject_tokens(_FRAMED_AS.sub(" ", _ASKED_TO_REMEMBER.sub(" ", s.full)), self.lx)
        self.known[s.id] = (s.full, tokens)
        return tokens

    def _roles(self, s: Statement) -> dict[str, frozenset[str]]:
        have = self.roles.get(s.id)
        if have is not None and have[0] == s.full:
            return have[1]
        roles = role_terms(s.full, self.lx)
        self.roles[s.id] = (s.full, roles)
        return roles

    def _members(self, s: Statement) -> dict[str, frozenset[str]]:
        have = self.members.get(s.id)
        if have is not None and have[0] == s.full:
            return have[1]
        text = normalise(s.full)
        found = {k: v for k, v in designators(text).items() if not k.startswith(SERIES)}
        # a series member names another thing only in the subject: after "is" it is the value
        found.update({k: v for k, v in designators(subject_part(text)).items()
                      if k.startswith(SERIES) and not self._versioned_tool(k[len(SERIES):], v)})
        self.members[s.id] = (s.full, found)
        return found

    def _versioned_tool(self, name: str, marks: frozenset[str]) -> bool:
        """Is the series `name` a tool whose versions the marks are ("gpt-4", "llama-3": a new version
        of a tool is a change of it, not another machine)?"""
        return any(self.lx.any_role.fullmatch(f"{name}-{m}") or self.lx.any_role.fullmatch(name) for m in marks)

    def _fillers_differ(self, new: dict[str, float], new_roles: dict[str, frozenset[str]],
                        old: dict[str, float], old_roles: dict[str, frozenset[str]]) -> bool:
        """Does a role both name get, from each statement, a term the other does not mention at all
        (Stripe for the payments Omise handled; not "minSdk 26" beside "supports Android 8", which
        names Android as well)? A role noun fills nothing: "the staging db port is 5433" names the
        database, it chooses none, so it is no rival to "Use Postgres for bookings"."""
        def unmentioned(terms: frozenset[str], other: dict[str, float]) -> frozenset[str]:
            return frozenset(t for t in terms if not self.lx.is_noun(t)
                             and not any(w in other for w in self._term_words(t)))
        return fillers_differ({r: unmentioned(t, old) for r, t in new_roles.items()},
                              {r: unmentioned(t, new) for r, t in old_roles.items()})

    def _slot_swap(self, new_title: str, old_title: str) -> bool:
        """Do the two titles say one thing with one name swapped, where the old name is a known tool
        ("Deploy the API on Fly.io" → "Deploy the API on Render")? The new name need not be known:
        it stands where the tool stood. Another member of one template (a store number, a building
        letter) is not a tool, so it is not a swap."""
        a, b = _slot_tokens(old_title), _slot_tokens(new_title)
        head = 0
        while head < min(len(a), len(b)) and a[head] == b[head]:
            head += 1
        tail = 0
        while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
            tail += 1
        old_mid, new_mid = a[head:len(a) - tail], b[head:len(b) - tail]
        if not (1 <= len(old_mid) <= 3 and 1 <= len(new_mid) <= 3) or head + tail < SLOT_TEMPLATE:
            return False
        if (head + tail) / max(len(a), len(b)) < SLOT_SHARE or not any(_NAME.fullmatch(t) for t in new_mid):
            return False
        old_roles = self.lx.roles_of(" ".join(old_mid))
        new_roles = self.lx.roles_of(" ".join(new_mid))
        return bool(old_roles) and not any(old_roles[r] & new_roles.get(r, frozenset()) for r in old_roles)

    def _name_swap(self, new: Statement, new_tokens: dict[str, float], old: Statement,
                   old_tokens: dict[str, float], idf: dict[str, float]) -> bool:
        """Does the new statement say what the earlier one says with another name in one place
        ("PCB 改版的 review 由 Amy sign off" after "… 由 Kevin sign off", "โรงเรือน 2 ปลูก Golden
        Lady" after "โรงเรือน 2 ปลูกพันธุ์ Kimochi", "Pell Street: Mon, Wed, Fri" after "… open
        Tue/Thu/Sat")? A name is a capitalised word or a Latin word inside Thai or Chinese text,
        known to the role files or not. Each names one the other does not; the rest matches both
        ways; both begin with the same subject (not "the log goes in Postgres" beside "the vector
        store goes in Postgres": another thing in the same place); and no number differs (chapter 3
        to Oikos beside chapter 2 to Ecography is another member of one template)."""
        new_names = {t for t, w in new_tokens.items() if w >= NAME_WEIGHT and not t.startswith(ROLE_PREFIX)
                     and t not in old_tokens and not _initials_of(t, old.full)}
        old_names = {t for t, w in old_tokens.items() if w >= NAME_WEIGHT and not t.startswith(ROLE_PREFIX)
                     and t not in new_tokens}
        if not new_names or not old_names:
            return False
        new_digits, old_digits = set(_DIGITS.findall(new.full)), set(_DIGITS.findall(old.full))
        if new_digits - old_digits and old_digits - new_digits:
            return False
        # (after the swapped names: "Anna reviews the frontend PRs" / "Somchai reviews …" begin alike)
        new_lead = _lead({t: w for t, w in new_tokens.items() if t not in new_names})
        old_lead = _lead({t: w for t, w in old_tokens.items() if t not in old_names})
        if not (new_lead in old_tokens and old_lead in new_tokens):
            return False
        if _two_places(new, new_tokens, old, old_tokens):
            return False
        old_rest = {t: w for t, w in old_tokens.items() if t not in old_names}
        new_rest = {t: w for t, w in new_tokens.items() if t not in new_names}
        return self._cover(new_tokens, old_rest, idf)[0] >= NAME_SWAP_REST \
            and self._cover(old_tokens, new_rest, idf)[0] >= NAME_SWAP_REST

    def _told_as_news(self, new: Statement, new_tokens: dict[str, float], old: Statement,
                      old_tokens: dict[str, float]) -> bool:
        """Does the new statement name what the earlier one named and, beside it, a name the
        earlier one did not ("Pings are published to NATS JetStream as of this morning. The Kafka
        brokers get decommissioned" after "Use Kafka for the ping ingest stream")?"""
        kept = {t for t, w in old_tokens.items() if w >= NAME_WEIGHT and not t.startswith(ROLE_PREFIX)
                and t in new_tokens}
        new_digits, old_digits = set(_DIGITS.findall(new.full)), set(_DIGITS.findall(old.full))
        if not kept or (new_digits - old_digits and old_digits - new_digits):
            return False
        # A known tool in a role the earlier entry filled, however it is written ("github actions"
        # beside "the teamcity box" for the builds TeamCity ran).
        new_roles, old_roles = self._roles(new), self._roles(old)
        shared_roles = new_roles.keys() & old_roles.keys()
        if any(new_roles[r] - old_roles[r] and old_roles[r] & new_roles[r] for r in shared_roles):
            return True
        # A new name: written with a capital (not "log" or "grad school" inside Thai text), not a
        # date ("Sept 9"), and not the second word of a name the earlier entry had ("Kafka Connect"
        # beside "Kafka").
        capitalised = {stem(w.casefold()) for w in _CAPITALISED.findall(new.full)}
        beside = {stem(m.group(2).casefold()) for k in kept for m in _beside(k).finditer(normalise(new.full))}
        fresh = {t for t, w in new_tokens.items() if w >= NAME_WEIGHT and not t.startswith(ROLE_PREFIX)
                 and t not in old_tokens and t in capitalised and not _CALENDAR.fullmatch(t)
                 and t not in beside and not _initials_of(t, old.full)}
        return bool(fresh)

    def _head_value(self, new_title: str, old: Statement, old_tokens: dict[str, float]) -> bool:
        """Is `new_title` a heading and a value ("Config format: YAML", "MSRV: 1.74", "เครื่องสแกน
        หน้างาน: Honeywell CT30") whose heading the earlier entry names, whose value it does not
        name at all, while it gives a value of its own ("Config file format is TOML")? A value is
        one to three words, each a name, a number or an address (a capital, a digit, @ or a dot)."""
        m = _HEAD_VALUE.fullmatch(new_title.strip())
        if not m:
            return False
        head = {t: w for t, w in subject_tokens(m.group(1), self.lx).items() if not t.startswith(ROLE_PREFIX)}
        value = m.group(2).split()
        if not head or not 1 <= len(value) <= 3 or not all(_VALUE_WORD.fullmatch(v) for v in value):
            return False
        if sum(w for t, w in head.items() if t in old_tokens) < HEAD_NAMED * sum(head.values()):
            return False
        said = old.full.casefold()
        if any(v.casefold() in said or all(t in old_tokens for t in subject_tokens(v, self.lx)) for v in value):
            return False
        # A known tool for another role is another slot ("Orders service: Go 1.22" beside "Use
        # Postgres for the orders service": its language, not its database).
        value_roles = self.lx.roles_of(m.group(2))
        if value_roles and not value_roles.keys() & self._roles(old).keys():
            return False
        new_said = new_title.casefold()
        return any(w.casefold() not in new_said for w in _VALUE_WORD.findall(old.full))

    def _off_heading(self, old_title: str, new_tokens: dict[str, float]) -> bool:
        """Is the earlier title a heading and a value ("Config format: YAML", "Staging DB: Postgres
        16") of which the new statement names no word at all? Then it says nothing about that
        subject (a word both share elsewhere, "decision" in "Decision: …", is no subject)."""
        if not _HEAD_VALUE.fullmatch(old_title.strip()):
            return False
        title = [t for t in subject_tokens(old_title, self.lx) if not t.startswith(ROLE_PREFIX)]
        return bool(title) and not any(t in new_tokens for t in title)

    def _other_head(self, new_title: str, old_title: str) -> bool:
        """Thai and Chinese: are two titles one template whose head, the thing it is about, is
        another thing ("Superior low season คืนละ 1,900 บาท" beside "ห้อง Deluxe ช่วง low season ราคา
        2,400 บาท/คืน", "รถเข็น pick …" beside "ตะกร้า pick …", "冷卻液溫度超過 …" beside "主軸振動超過
        …")? The titles have no spaces to align words, so letters are aligned (a Latin word counts
        as one token of weight two): before the first run both share, each says words the other
        does not name at all, and neither is a known tool (a tool at the head is what was chosen:
        "Adyen 处理银行卡支付" beside "Stripe 处理银行卡支付" stays a rival). The English form of
        this is `_other_object`."""
        if not (_NO_SPACES.search(new_title) and _NO_SPACES.search(old_title)):
            return False
        a, b = _slot_tokens(old_title), _slot_tokens(new_title)
        matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
        runs = [m for m in matcher.get_matching_blocks() if sum(_weight(t) for t in a[m.a:m.a + m.size]) >= HEAD_RUN]
        # A short shared word may stand before the heads ("ห้อง Superior …" / "ห้อง Deluxe …").
        start_a = start_b = 0
        if runs and runs[0].a == runs[0].b == 0 and sum(_weight(t) for t in a[:runs[0].size]) <= HEAD_LEAD:
            start_a = start_b = runs.pop(0).size
        first = runs[0] if runs else None
        if first is None or first.a <= start_a or first.b <= start_b:
            return False
        old_head, new_head = a[start_a:first.a], b[start_b:first.b]
        # A number alone is a value, not a thing ("每月 5 号" / "每月 10 号").
        if not any(not t.isdigit() for t in old_head) or not any(not t.isdigit() for t in new_head):
            return False
        old_rest, new_rest = set(b), set(a)
        if sum(_weight(t) for t in old_head if t not in old_rest) < HEAD_RUN \
                or sum(_weight(t) for t in new_head if t not in new_rest) < HEAD_RUN:
            return False
        # The template after the heads: most of the shorter title's rest is shared.
        after = sum(_weight(t) for m in matcher.get_matching_blocks() if m.a >= first.a
                    for t in a[m.a:m.a + m.size])
        rest = min(sum(_weight(t) for t in a[first.a:]), sum(_weight(t) for t in b[first.b:]))
        if after < HEAD_TEMPLATE_WEIGHT or after / rest < HEAD_TEMPLATE:
            return False
        # Two names of one concept are one head ("数据库备份" / "資料庫備份": the database in the
        # mainland's word and in Taiwan's, memory_store/supersede/concepts.txt).
        old_named = self.concepts.concepts_of(normalise(old_title))
        new_named = self.concepts.concepts_of(normalise(new_title))
        old_said, new_said = _joined(old_head).strip(), _joined(new_head).strip()
        if any(any(old_said in n for n in old_named[c]) and any(new_said in n for n in new_named[c])
               for c in old_named.keys() & new_named.keys()):
            return False
        return not self.lx.roles_of(" ".join(old_head)) and not self.lx.roles_of(" ".join(new_head))

    def _adds_to_another(self, text: str, cue: str, old_tokens: dict[str, float]) -> bool:
        """With an addition cue, is what the statement is about another thing than the earlier
        entry ("Gym membership also comes out on the 1st" beside "Rent goes out on the 1st";
        "rotate the slack bot token every 60 days as well" beside "alerts go to Slack")? Its
        subject is the words before the cue, or, with the cue at the end, its first word; none of
        them is the earlier entry's. (Latin script: Thai and Chinese put the cue after the verb.)"""
        line = next((ln for ln in text.splitlines() if cue in ln), "")
        at = line.find(cue)
        if at < 0 or _NON_LATIN.search(text):
            return False
        text, after = line, line[at + len(cue):].strip(" .,;:!?")
        words = [t for t in subject_tokens(text[:at], self.lx) if not t.startswith(ROLE_PREFIX) and not t[0].isdigit()]
        if not after:
            words = words[:1]
        return bool(words) and not any(t in old_tokens for t in words)

    def _other_measured(self, new_text: str, old_text: str) -> bool:
        """Is the quantity each statement gives about another thing: the words before the value
        ("the upload limit for attachments is 25 MB" / "the avatar upload limit is 2 MB", "the API
        timeout is 30 seconds" / "the session timeout is 15 minutes") each hold a plain word the
        other statement does not say at all? Words that only say a quantity ("limit", "max",
        "size") name no thing. Latin script (Thai and Chinese: `_other_head`, `_other_object`)."""
        new_words, old_words = self._measured(new_text), self._measured(old_text)
        # (a day or a month is a value, not the thing measured: "Thai class Mon and Wed 6:30pm" /
        # "Thai class Tue + Thu 6:30pm" is one class on other days)
        new_subject = {t for t, w in new_words.items() if w == 1.0 and not _CALENDAR.fullmatch(t)}
        old_subject = {t for t, w in old_words.items() if w == 1.0 and not _CALENDAR.fullmatch(t)}
        new_all, old_all = subject_tokens(new_text, self.lx), subject_tokens(old_text, self.lx)
        # One quantity named the same way, a qualifier before it that says which thing ("the session
        # TTL" / "the refresh token TTL", "the iOS build cache TTL" / "the Android build cache TTL"):
        # the word that ends each subject is one word, and each qualifier names a word (a name too)
        # the other statement never says.
        if self._heads(new_text) & self._heads(old_text) \
                and any(not said_in(t, old_all) for t in new_words) and any(not said_in(t, new_all) for t in old_words):
            return True
        if not new_subject or not old_subject:
            return False
        # One template: most of each subject is the other's too (a paraphrase of one subject, "AWS
        # spend cap" / "monthly AWS bill", shares less and stays one quantity).
        if 2 * sum(said_in(t, old_subject) for t in new_subject) < len(new_subject) \
                or 2 * sum(said_in(t, new_subject) for t in old_subject) < len(old_subject):
            return False
        return any(not said_in(t, old_all) for t in new_subject) and any(not said_in(t, new_all) for t in old_subject)

    def _bare_number_differs(self, new_text: str, old_text: str) -> bool:
        """Does a clause of each end in a bare number (`bare_numbers`: no unit, nothing after it)
        whose words before it are the same subject words, in both, with another value ("the
        worker pool size is 8" / "the worker pool size is 16"; not "… for the importer is 16")?
        Latin script: Thai and Chinese numbers have their context in the characters beside them.
        A role's tool and its noun are one subject word (the role)."""
        def numbers(text: str) -> dict[frozenset[str], set[float]]:
            out: dict[frozenset[str], set[float]] = {}
            for line in normalise(_FRAMED_AS.sub(" ", text)).splitlines():
                for clause in _CLAUSE.split(line):
                    if not clause or _NON_LATIN.search(clause):
                        continue
                    for before, value in bare_numbers(clause):
                        # a tool and its role noun name one thing ("Postgres max connections",
                        # "the max DB connections"): both are the role's token here
                        named = {w for terms in role_terms(before, self.lx).values() for t in terms
                                 for w in self._term_words(t)}
                        words = frozenset(t for t in subject_tokens(before, self.lx)
                                          if t not in named and t not in self.frame)
                        if words:
                            out.setdefault(words, set()).add(value)
            return out
        new, old = numbers(new_text), numbers(old_text)
        shared = new.keys() & old.keys()
        return bool(shared) and all(not new[k] & old[k] for k in shared)

    def _measured(self, text: str) -> dict[str, float]:
        """The words (a name weighs more) before the first number of each clause that gives one
        (Latin script), in their order; not a word that only says a quantity."""
        out: dict[str, float] = {}
        for words in self._measured_clauses(text):
            out.update(words)
        return out

    def _heads(self, text: str) -> set[str]:
        """The word that ends what each clause's value is of ("ttl" in "the refresh token TTL is 30 days")."""
        return {next(reversed(words)) for words in self._measured_clauses(text) if words}

    def _measured_clauses(self, text: str) -> list[dict[str, float]]:
        out: list[dict[str, float]] = []
        for line in normalise(text).splitlines():
            before = ""   # the clause before, for a value said in a clause of its own
            for clause in _CLAUSE.split(line):
                m = _DIGITS.search(clause)
                if not m or _NON_LATIN.search(clause):
                    before = clause
                    continue
                words = self._measure_words(clause[:m.start()])
                if not any(not _CALENDAR.fullmatch(t) for t in words):
                    # "Noah's swimming lessons at the leisure centre, Thursdays 4:30": the value's
                    # clause says when, the clause before it what
                    words = {**self._measure_words(before), **words}
                out.append(words)
                before = clause
        return out

    def _measure_words(self, text: str) -> dict[str, float]:
        return {t: w for t, w in subject_tokens(text, self.lx).items()
                if t.isalpha() and not t.startswith(ROLE_PREFIX) and t not in MEASURE_WORDS}

    def _dropped_for_reason(self, new_text: str, old: Statement, old_tokens: dict[str, float]) -> bool:
        """Does `new_text` name the earlier entry's thing in a clause that says it is gone or
        wanting (cues/*.txt [setback], [dropped]: "Mailgun kept timing out", "Helen retired in March",
        "百望那边接口动不动就超时", "ช่างหนุ่มติดงานยาว"), and in another clause a new thing the earlier
        entry does not name at all (a name, a known tool, or a person by a title: Postmark, Tom
        Reyes, 李医生, ช่างเอก), in a clause about the earlier entry's subject (a word or a role of
        it)? A clause is cut at punctuation and "but"/但/แต่/ส่วน (`_CLAUSE`), and also where a name
        of the earlier entry's starts after other words ("… Booking.com ค่ะ Agoda คิดค่าธรรมเนียมแพงไป":
        Thai puts no comma there). A failure with nothing new beside it is an incident; the new thing
        named only inside the failing clause is no replacement."""
        lx = self.lx
        folded, old_said = normalise(new_text), normalise(old.full)
        if not self._says_out(folded, old_said):
            return False
        old_names = [t for t, w in old_tokens.items() if w >= NAME_WEIGHT and not t.startswith(ROLE_PREFIX)
                     and t.isascii() and not t[0].isdigit()]
        old_people = _persons(old_said)
        old_roles = lx.roles_of(old_said)
        starts = [rf"(?<![a-z0-9]){re.escape(t)}" for t in old_names] + [re.escape(p) for p in old_people]
        cut = re.compile(rf"\s+(?=(?:{'|'.join(starts)}))", re.IGNORECASE) if starts else None
        # (cut from the text as written: a capital is what makes a word a name)
        segments: list[str] = []
        for line in unicodedata.normalize("NFKC", new_text).splitlines():
            for clause in _CLAUSE.split(line):
                if clause and clause.strip():
                    segments.extend(x for x in (cut.split(clause) if cut else [clause]) if x.strip())
        capitalised = {stem(w.casefold()) for w in _CAPITALISED.findall(new_text)}
        foreign = bool(_NON_LATIN.search(folded))
        dropped: set[int] = set()
        fresh: set[int] = set()
        words = [self._clause_words(seg) for seg in segments]
        for n, seg in enumerate(segments):
            said = normalise(seg)
            if self._says_out(said, old_said) \
                    and (sum(w for t, w in words[n].items() if t in old_tokens) >= MIN_SHARED_WORDS
                         or any(p in said for p in old_people)):
                dropped.add(n)
            names = {t for t, w in words[n].items() if w >= NAME_WEIGHT and not t[0].isdigit()
                     and (foreign or t in capitalised) and not said_in(t, old_tokens)
                     and not _CALENDAR.fullmatch(t) and not _initials_of(t, old.full)}
            if names or any(p not in old_said for p in _persons(said)):
                fresh.add(n)
        rest = [n for n in range(len(segments)) if n not in dropped]
        if not dropped or not fresh.intersection(rest):
            return False
        # ... and what is said beside the dropped thing is about the earlier entry's subject: a word
        # of it or a role of it ("จองโรงแรมทาง Booking.com", not "เช่ารถกับ Chic Car" beside a hotel
        # choice; "Going with Coventry, 2 year fix" beside a 5-year fix).
        return sum(w for t, w in {t: w for n in rest for t, w in words[n].items()}.items()
                   if t in old_tokens) >= MIN_SHARED_WORDS \
            or any(lx.roles_of(normalise(segments[n])).keys() & old_roles.keys() for n in rest)

    def _says_out(self, text: str, old_said: str) -> bool:
        """Does `text` say a thing is gone or wanting ([dropped], [setback]) with a word the earlier
        entry (`old_said`) does not use itself (its own "ปิดร้าน" or "不降" is what it is about)?"""
        # A no that lifts a requirement ("no need to wait for the shop to close", ไม่ต้องรอร้านปิด,
        # 不用签名) loosens what the earlier entry asks: nothing in it is gone or wanting.
        text = _NO_NEED.sub(" ", text)
        return any(m.group(0).strip() and m.group(0).strip() not in old_said
                   for section in ("dropped", "setback") for m in self.lx.cues[section].finditer(text))

    def _returns_to_rejected(self, new_text: str, old_text: str) -> str | None:
        """The return cue ("again", "back to", 又/回到, กลับมา/อีกครั้ง) of a clause of `new_text` that
        takes up again a value the earlier entry rejected, the two values changing places: the
        earlier entry makes its choice in its first clause and names the other value only in a
        clause after it ("deploys happen on Tuesdays, Thursdays did not work"); the clause with the
        cue names that value and says the choice's frame again ("deploys happen on Thursdays
        again"), with no no or failure in it (cues/*.txt [setback]), and the chosen value it
        leaves out is named in a clause of its own ("Tuesdays clash with the release meeting").
        The chosen value said again ("… on Tuesdays again"), the other one failing again
        ("deploys on Thursdays failed again, …") and the other one mentioned again for another
        use ("… timed out on the MySQL reports again" after "…, MySQL is for the legacy reports")
        are no return."""
        cues = self.lx.cues["return"]
        new_folded = normalise(new_text)
        if not cues.search(new_folded):
            return None
        chosen: dict[str, float] = {}
        later: dict[str, float] = {}
        for line in normalise(old_text).splitlines():
            for n, clause in enumerate(c for c in _VALUE_CLAUSE.split(line) if c and c.strip()):
                (chosen if n == 0 else later).update(self._clause_words(clause))
        rejected = {t for t in later if t not in chosen}
        if not rejected:
            return None
        found: list[tuple[str, dict[str, float]]] = []   # (cue, words) of each clause with a cue
        others: set[str] = set()                          # the words of the clauses without one
        for line in new_folded.splitlines():
            for clause in _VALUE_CLAUSE.split(line):
                if not clause or not clause.strip():
                    continue
                m = cues.search(clause)
                if m is None:
                    others.update(self._clause_words(clause))
                elif not self.lx.cues["setback"].search(clause):
                    found.append((m.group(0).strip(), self._clause_words(clause)))
        for cue, words in found:
            frame = sum(w for t, w in words.items() if t in chosen)
            if any(t in rejected for t in words) and frame >= MIN_SHARED_WORDS \
                    and any(t not in words and t in others for t in chosen):
                return cue
        return None

    def _clause_words(self, clause: str) -> dict[str, float]:
        return {t: w for t, w in subject_tokens(clause, self.lx).items() if not t.startswith(ROLE_PREFIX)}

    def _kept_and_more(self, new_text: str, old_tokens: dict[str, float]) -> bool:
        """Is `new_text` a clause that keeps part of the earlier entry (it holds the continuation cue
        and words of the earlier entry: "NAS 照旧", "everything else is still one approval") and a
        clause beside it with new words about the same subject ("云端备份现在放 Wasabi")? A cue
        standing alone ("… เหมือนเดิม") keeps the whole statement: a restatement; so does one
        beside words of its own ("อย่าลืมลางาน", don't forget to take leave)."""
        lx = self.lx
        kept = more = False
        for clause in _CLAUSE.split(new_text):
            said = normalise(clause)
            words = {t: w for t, w in subject_tokens(lx.cues["continuation"].sub(" ", said), lx).items()
                     if not t.startswith(ROLE_PREFIX)}
            if lx.find("continuation", said):
                kept = kept or sum(w for t, w in words.items() if t in old_tokens) >= KEPT_WORDS
                continue
            fresh = sum(w for t, w in words.items() if t not in old_tokens)
            shared = sum(w for t, w in words.items() if t in old_tokens)
            more = more or (fresh >= MORE_WORDS and shared >= KEPT_WORDS)
        return kept and more

    def _own_cue(self, section: str, text: str, earlier: str) -> str | None:
        """The first cue of `section` in `text` that the earlier entry's text (`earlier`) does not
        say in the same phrase: the cue with the characters just before it or just after it."""
        for m in self.lx.cues[section].finditer(text):
            cue = m.group(0).strip()
            if not cue:
                continue
            before, after = text[max(0, m.start() - ECHO_SPAN):m.end()], text[m.start():m.end() + ECHO_SPAN]
            echoed = (m.start() >= ECHO_SPAN and before in earlier) or \
                (m.end() + ECHO_SPAN <= len(text) and after in earlier)
            # A one-word English cue the earlier entry says as a word is what both are about, wherever
            # it stands ("swap camera trap cards every ten days" after "SD cards: swap every 2 weeks").
            echoed = echoed or (cue.isascii() and cue.isalpha()
                                and re.search(rf"\b{re.escape(cue)}\b", earlier) is not None)
            if not echoed and not (section == "reversal" and retire_kept(text, m.start(), cue, self.lx)) \
                    and not (section == "reversal" and _AS_NOUN.search(text, 0, m.start())):
                return cue
        return None

    def _measured_apart(self, new: Statement, old: Statement, bridge: Collection[str]) -> bool:
        """Do `new` and `old` give one measure different values, each in a clause that names a concept
        of `bridge` (both name it, in two languages)?"""
        wanted = {term[len(CONCEPT_PREFIX):] for term in bridge}

        def clauses(text: str) -> list[tuple[dict[str, frozenset[str]], dict[str, set[float]]]]:
            # the measures of each clause naming a concept of the bridge, read once for all of them
            named = [(self.concepts.concepts_of(c), c) for c in _CLAUSE.split(normalise(text))]
            return [(n, _measure(quantities(c))) for n, c in named if wanted.intersection(n)]

        def said(read: list[tuple[dict[str, frozenset[str]], dict[str, set[float]]]], concept: str
                 ) -> dict[str, set[float]]:
            out: dict[str, set[float]] = {}
            for named, measures in read:
                if concept in named:
                    for k, v in measures.items():
                        out.setdefault(k, set()).update(v)
            return out
        new_read, old_read = clauses(new.full), clauses(old.full)
        for term in bridge:
            concept = term[len(CONCEPT_PREFIX):]
            new_q = said(new_read, concept)
            if new_q and values_differ(new_q, said(old_read, concept)):
                return True
        return False

    def _named_of(self, ident: str) -> frozenset[str]:
        """The concepts the earlier entry `ident` names."""
        return frozenset(next(self.named[n] for n, (e, _) in enumerate(self.items) if e.id == ident))

    def _when(self, i: int) -> tuple[str, int]:
        e = self.items[i][0]
        return (e.date, e.order)

    def _quantities(self, s: Statement) -> dict[str, set[float]]:
        return quantities(normalise(s.full))

    def _shared_words(self, new: Statement, new_tokens: dict[str, float], old: Statement) -> float:
        """How many subject words (a name 1.5, a Thai pair of cells a third, a concept named in two
        languages one) `new` shares with `old`, not counting the words that frame a statement."""
        i = next(n for n, (e, _) in enumerate(self.items) if e.id == old.id)
        bridge = self._bridge(self._concepts(new), i)
        # (a form of one word counts: "merges" stems to "merg", "merge" to itself)
        return sum(bridge.values()) + sum(f for t, f in self.items[i][1].items() if said_in(t, new_tokens)
                                          and t not in self.frame and not t.startswith(ROLE_PREFIX))

    def _title_concepts(self, i: int) -> dict[str, frozenset[str]]:
        have = self.title_named.get(i)
        if have is None:
            e = self.items[i][0]
            have = self.title_named[i] = self.named[i] if e.full == e.title else self.concepts.concepts_of(
                normalise(_FRAMED_AS.sub(" ", _ASKED_TO_REMEMBER.sub(" ", e.title))))
        return have

    def _echo_only(self, new: dict[str, float], old: dict[str, float], echoed: Collection[str],
                   new_roles: dict[str, frozenset[str]]) -> bool:
        """Is every word `new` shares with `old` part of a tool name (a name, not a role noun such as
        "cache" or 介面) both give the same role?"""
        tool_words: set[str] = set()
        for role in echoed:
            for term in new_roles[role]:
                tool_words.update(self._term_words(term))
        shared = [t for t in old if t in new and not t.startswith(ROLE_PREFIX)]
        return bool(shared) and all(t in tool_words and old[t] >= NAME_WEIGHT for t in shared)

    def _term_words(self, term: str) -> list[str]:
        words = self.term_words.get(term)
        if words is None:
            words = self.term_words[term] = [t for t in subject_tokens(term, self.lx) if not t.startswith(ROLE_PREFIX)]
        return words

    def _idf(self, t: str) -> float:
        return math.log(1.0 + (len(self.items) + 1) / (self.df.get(t, 0) + 1))

    def _cover(self, new: dict[str, float], old: dict[str, float], idf: dict[str, float],
               echoed: Collection[str] = ()) -> tuple[float, float]:
        """(share of `old`'s weight that `new` names, the shared weight), leaving out the `echoed`
        role tokens."""
        total = shared = 0.0
        for t, f in old.items():
            if t in echoed:
                continue
            w = idf.get(t)
            if w is None:
                w = idf[t] = self._idf(t)
            total += f * w
            if t in new:
                shared += f * w
        return (shared / total if total else 0.0), shared

    def _candidates(self, tokens: dict[str, float], concepts: Collection[str] = ()) -> list[int]:
        """Earlier entries sharing a token (or naming a concept of `concepts`) that is not
        everywhere, most shared tokens first."""
        common = max(COMMON_MIN, int(COMMON_SHARE * len(self.items)))
        counts: dict[int, int] = {}
        for t in [*tokens, *(CONCEPT_PREFIX + c for c in concepts)]:
            ids = self.index.get(t, ())
            if len(ids) > common:
                continue
            for i in ids:
                counts[i] = counts.get(i, 0) + 1
        return sorted(counts, key=lambda i: (-counts[i], i))[:MAX_CANDIDATES]

    def detect(self, new: Statement, skip: Collection[str] = ()) -> Finding:
        """What `new` does to the best-matching earlier entry (not one of the ids in `skip`)."""
        found = self._detect(new, skip)
        if found.outcome in ("none", "same", "refinement") and FAMILY.get(new.kind) != "procedure":
            # The thing an earlier choice chose, retired by name ("ปิด telegram bot ไปเลย" after
            # "Telegram for internal pings"): the one name both say is the whole subject. A change of
            # the choice read as an amendment ("素材现在都放 Wasabi，B2 那个 bucket 我昨晚已经删了" after
            # "B2 ละกัน") is its reversal.
            retired = self._retired_choice(new, skip, found.score)
            if retired is not None and (found.outcome != "refinement" or retired.target == found.target):
                return retired
        if found.outcome == "none" or (found.outcome == "relaxation" and found.target is not None
                                       and FAMILY.get(self._kind_of(found.target)) != "rule"):
            # A permission for the days a rule forbids ("on weekends, hotfixes that only change bot
            # reply text are allowed" beside "ห้าม deploy วันเสาร์อาทิตย์"): an exception to that rule,
            # though the two share no word.
            timed = self._relaxed_in_its_days(new, skip, found.score)
            if timed is not None:
                found = timed
        if found.outcome == "none":
            # A step placed before or after a step of a procedure, in other words: the procedure is
            # amended, though the two share too little for a subject match (memory_store/supersede/steps.py).
            step = self._step_target(new, skip)
            if step is not None:
                return Finding("refinement", step, found.score, basis="step")
        if found.supersedes and found.cue and found.target is not None \
                and FAMILY.get(self._kind_of(found.target)) == "rule":
            target = next(e for e, _ in self.items if e.id == found.target)
            if self._lifts_another_ban(new, found.cue, target):
                # "The Friday ban on team lunches is lifted" beside "No deploys on Fridays": the ban
                # lifted is another rule of those days, named by a matter of its own.
                return Finding("none", None, found.score)
        if found.outcome == "refinement" and found.basis == "extends" and self._incident(new):
            # "Redis ของ cache session ถูกทีม infra ปิดไปตอนซ่อมบำรุง" says all "ใช้ Redis เป็น cache ของ session"
            # says, and more: what happened to it, which amends nothing (memory_store/supersede/incidents.py).
            return Finding("none", None, found.score)
        if found.outcome == "conflict" and found.target is not None:
            target = next(e for e, _ in self.items if e.id == found.target)
            if self._two_subjects(new, target):
                return Finding("none", None, found.score)
        if found.outcome == "relaxation" and found.target is not None:
            target = next(e for e, _ in self.items if e.id == found.target)
            if self._scoped(new, target):
                return dataclasses.replace(found, scoped=True)
        if found.outcome in ("reversal", "refinement") and found.target is not None \
                and FAMILY.get(new.kind) != "procedure" and self._one_of_its_parts(new, found.target, found.cue):
            # "switch staging to Postgres 16" after "staging and prod both run Postgres 15": what the
            # earlier entry says of prod still holds, so it is not replaced; the pair goes to a person
            # (docs/design.md §6.4), the established entry kept and marked disputed.
            return Finding("conflict", found.target, found.score, found.cue, basis="part")
        return found

    def _incident(self, new: Statement) -> bool:
        """Is a retire verb of `new` said as something that happened to its thing (incidents.py)?"""
        text = normalise(new.full)
        return any(happened_to(new.full, m.group(0).strip()) for m in self.lx.cues["retire"].finditer(text)
                   if m.group(0).strip()) or any(happened_to(new.full, m.group(0).strip())
                                                 for m in self.lx.cues["reversal"].finditer(text) if m.group(0).strip())

    def _one_of_its_parts(self, new: Statement, target: str, cue: str | None) -> bool:
        """Do the change `new` states (the sentence of its `cue`, or all of it) and `new` as a whole
        name some, not all, of the two or more parts of a system (concepts.txt: staging, production,
        frontend, backend …) the earlier entry `target` names? A part named only in a reason beside
        it ("I'm rewriting it in Flutter. … the android one is already 3 features behind") is not
        what changes."""
        i = next(n for n, (e, _) in enumerate(self.items) if e.id == target)
        old_parts = self.parts[i]
        if len(old_parts) < 2:
            return False
        said = normalise(new.full)
        changed = self.concepts.parts_of(" ".join(s for s in _SENTENCE.split(said) if cue.casefold() in s)) \
            if cue else self.concepts.parts_of(said)
        # (every part named somewhere: it says what becomes of each, "staging runs 16 now; prod stays on 15")
        return bool(changed) and changed < old_parts and self.concepts.parts_of(said) < old_parts

    def _other_owner(self, new_title: str, old_title: str) -> bool:
        """Are two titles one template in which the tool and, apart from it, the thing that uses it
        differ ("Auth uses Memcached for its cache" / "Search uses Redis for its cache", "The auth
        service caches sessions in Memcached" / "The search service caches results in Redis")? Each
        service has its own tool: no rival. A changed slot other than the tools is one or two plain
        words, neither a tool nor a role noun, a number or a day; the words both keep are at least
        SLOT_TEMPLATE. Latin script (Thai and Chinese: `_other_head`)."""
        if _NO_SPACES.search(new_title) or _NO_SPACES.search(old_title):
            return False
        a = [w.casefold() for w in _TEMPLATE_WORD.findall(old_title)]
        b = [w.casefold() for w in _TEMPLATE_WORD.findall(new_title)]
        matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
        ops = [op for op in matcher.get_opcodes() if op[0] != "equal"]
        kept = sum(size for _, _, size in matcher.get_matching_blocks())
        if kept < SLOT_TEMPLATE or len(ops) < 2 or any(op[0] != "replace" for op in ops):
            return False
        tools = things = 0
        for _, i1, i2, j1, j2 in ops:
            old_side, new_side = " ".join(a[i1:i2]), " ".join(b[j1:j2])
            old_roles, new_roles = self.lx.roles_of(old_side), self.lx.roles_of(new_side)
            if old_roles and new_roles and old_roles.keys() & new_roles.keys():
                tools += 1
            elif i2 - i1 <= 2 and j2 - j1 <= 2 and not old_roles and not new_roles \
                    and all(w.isalpha() and not _CALENDAR.fullmatch(w) for w in (*a[i1:i2], *b[j1:j2])):
                things += 1
            else:
                return False
        return tools == 1 and things >= 1

    def _kind_of(self, ident: str) -> str:
        return next(e.kind for e, _ in self.items if e.id == ident)

    def _relaxed_in_its_days(self, new: Statement, skip: Collection[str], score: float) -> Finding | None:
        """A relaxation of the newest earlier rule that forbids something on the weekdays `new`
        permits something on (a relaxation cue, no prohibition of its own; every day it names is
        one the rule names), or None."""
        text = normalise(new.full)
        days = self.concepts.weekdays(text)
        if not days or FAMILY.get(new.kind) == "procedure":
            return None
        # A ban of those days said to be lifted ("the Friday freeze is lifted", "周五禁令取消了"): its
        # "ห้าม" names the rule lifted, and the ban is the rule's own matter when nothing else is named.
        lifted = _LIFT.search(text) if _BAN.search(text) else None
        if _PROHIBITION.search(_BAN.sub(" ", text) if lifted else text):
            return None
        # (a cue other than the days themselves: "on weekends" is one, and says no permission)
        cue = next((m.group(0).strip() for m in self.lx.cues["relaxation"].finditer(text)
                    if m.group(0).strip() and not self.concepts.weekdays(m.group(0))), None)
        if cue is None and lifted is not None:
            cue = lifted.group(0).strip()
        if cue is None:
            return None
        bare = lifted is not None and not self._dayless_tokens(_LIFT.sub(" ", _BAN.sub(" ", text)))
        best: tuple[tuple[str, int], int] | None = None
        for i, (e, _) in enumerate(self.items):
            if FAMILY.get(e.kind) != "rule" or e.id == new.id or e.id in skip \
                    or (e.date, e.order) >= (new.date, new.order):
                continue
            forbidden = self.forbidden_days.get(i)
            if forbidden is None:
                said = normalise(e.full)
                forbidden = self.forbidden_days[i] = \
                    frozenset(self.concepts.weekdays(said)) if _PROHIBITION.search(said) else frozenset()
            if days <= forbidden and (best is None or self._when(i) > best[0]) \
                    and (bare or self._same_matter(new, i)):
                best = (self._when(i), i)
        if best is None:
            return None
        target = self.items[best[1]][0]
        self.deciders = (*self.deciders, target.id)
        return Finding("relaxation", target.id, score, cue, "days")

    def _lifts_another_ban(self, new: Statement, cue: str, rule: Statement) -> bool:
        """Is the `cue` of `new` said in a clause that lifts a ban (`_BAN`, `_LIFT`) named by a matter of its
        own ("the Friday ban on team lunches", "the Friday meeting ban", "กฎห้ามประชุมวันศุกร์", "周五禁止开会的
        规定"): words, beyond the days, that `rule` does not say, and none it says, nor a concept it names? A
        ban named by its days alone ("the Friday freeze is lifted") is the rule's own; so is one whose matter
        is shipping a change in other words, beside a rule that bans shipping ("the Friday ban on production
        changes", "the Friday change freeze", "the ban on shipping", "กฎห้ามปล่อยของขึ้น production" beside
        "No deploys on Fridays"): production named, a shipping concept, or no word of its own beyond
        shipping and changes (`_SHIP_WORD`)."""
        theirs = self._dayless_tokens(rule.full)
        rule_said = normalise(rule.full)
        rule_ships = bool(set(self.concepts.concepts_of(rule_said)) & _SHIPPING_MATTER) \
            or _PRODUCTION in self.concepts.parts_of(rule_said)

        def said(t: str) -> bool:
            if "-" in t:   # "no-friday-deploys"
                return all(len(p) <= 2 or _CALENDAR.fullmatch(p) or said_in(stem(p), theirs) for p in t.split("-"))
            return said_in(t, theirs)
        for clause in _CLAUSE.split(normalise(new.full)):
            if not clause or cue.casefold() not in clause or not _BAN.search(clause) or not _LIFT.search(clause):
                continue
            named = _LIFT.sub(" ", _BAN.sub(" ", _EARLIER.sub(" ", clause)))
            matter = {t: w for t, w in self._dayless_tokens(named).items()
                      if not t.startswith(ROLE_PREFIX) and t not in self.frame and not _CALENDAR.fullmatch(t)
                      and not t[0].isdigit()}
            own = sum(w for t, w in matter.items() if not said(t))
            shared = sum(w for t, w in matter.items() if said(t))
            mine = set(self.concepts.concepts_of(clause))
            theirs_named = set(self.concepts.concepts_of(rule_said))
            # a ban on shipping in other words: its matter is a way of shipping, or production with nothing
            # but change words ("production changes", ปล่อยของขึ้น production, 上生产); production with
            # words of its own ("production access for contractors", "production database queries") is
            # another ban (whole words only: Thai and Chinese pieces cannot say which is the matter)
            rest = {t: w for t, w in matter.items() if not said(t) and not _SHIP_WORD.fullmatch(t)}
            own_words = sum(w for t, w in rest.items() if t.isascii() and _PRODUCTION not in self.concepts.parts_of(t))
            ships = bool(set(self.concepts.concepts_of(named)) & _SHIPPING_MATTER) \
                or (_PRODUCTION in self.concepts.parts_of(named) and own_words < MIN_SHARED_WORDS) \
                or sum(rest.values()) < MIN_SHARED_WORDS
            if own >= MIN_SHARED_WORDS and shared < MIN_SHARED_WORDS and not mine & theirs_named \
                    and not (rule_ships and ships):
                return True
        return False

    def _same_matter(self, new: Statement, i: int) -> bool:
        """Does `new` permit what earlier rule `i` forbids, beyond the days both name: a subject word
        both say (a day's name is none), a concept both name, or two ways of shipping a change
        (deploy, release, hotfix: concepts.txt)? "On weekends, pets are allowed in the office" is
        no exception to "ห้าม deploy วันเสาร์อาทิตย์"."""
        old = self._dayless_tokens(self.items[i][0].full)
        shared = sum(w for t, w in self._dayless_tokens(new.full).items()
                     if t not in self.frame and not _CALENDAR.fullmatch(t) and said_in(t, old))
        if shared >= 1.0:
            return True
        mine, theirs = set(self._concepts(new)), set(self.named[i])
        return bool(mine & theirs) or bool(mine & _SHIPPING and theirs & _SHIPPING)

    def _same_length(self, new: Statement, old: Statement) -> bool:
        """Do `new` and `old` both give a length of time with one value?"""
        mine = {d for _, _, d in self._durations(new)}
        return bool(mine) and any(d in mine for _, _, d in self._durations(old))

    def _durations(self, s: Statement) -> list[tuple[int, int, float]]:
        have = self.lengths.get(s.id)
        if have is None or have[0] != s.full:
            have = self.lengths[s.id] = (s.full, durations(normalise(_FRAMED_AS.sub(" ", _ASKED_TO_REMEMBER.sub(
                " ", s.full)))))
        return have[1]

    def _timeless(self, s: Statement) -> dict[str, float]:
        """The subject tokens of `s` with its lengths of time blanked out."""
        folded = normalise(_FRAMED_AS.sub(" ", _ASKED_TO_REMEMBER.sub(" ", s.full)))
        spans = self._durations(s)
        return subject_tokens("".join(" " if any(a <= n < b for a, b, _ in spans) else c
                                      for n, c in enumerate(folded)), self.lx)

    def _dayless_tokens(self, text: str) -> dict[str, float]:
        """The subject tokens of `text` with the days' names blanked out: a Thai day's name is
        cells ("เส", "สา", "าร์" …) two texts on those days share whatever they are about."""
        folded = normalise(_FRAMED_AS.sub(" ", _ASKED_TO_REMEMBER.sub(" ", text)))
        # (spans found on the whole text first: "(?<=เสาร์)อาทิตย์" looks behind at another day)
        day = [False] * len(folded)
        for pattern in self.concepts.days.values():
            for m in pattern.finditer(folded):
                day[m.start():m.end()] = [True] * (m.end() - m.start())
        return subject_tokens("".join(" " if d else c for c, d in zip(folded, day, strict=True)), self.lx)

    def _slot_named_only(self, new: dict[str, float], new_roles: dict[str, frozenset[str]],
                         old: dict[str, float]) -> bool:
        """Is all the new statement shares with the earlier one a role it names by its noun alone
        ("以后 schema 变更一律用 Alembic，不准直接手改 DB" beside "SQLite + Litestream": the database, no
        tool for it)? A rule about the slot opened "from now on" chooses nothing for it."""
        shared = [t for t in old if t in new and t not in self.frame]
        return bool(shared) and all(t.startswith(ROLE_PREFIX) and new_roles.get(t)
                                    and all(self.lx.is_noun(x) for x in new_roles[t]) for t in shared)

    def _retired_choice(self, new: Statement, skip: Collection[str], score: float) -> Finding | None:
        """A reversal of the newest earlier choice (a Decision, an Architecture) whose title chose
        the thing a retire verb of `new` takes out of use (memory_store/supersede/retired.py); not
        for one occasion ("turn off the Telegram bot tonight")."""
        if self.lx.find("occasion", normalise(new.full)):
            return None
        things = retired_things(new.full, self.lx, switch_at(new.full))
        if not things:
            return None
        best: tuple[tuple[str, int], int, str] | None = None
        for i in self._candidates(self._tokens(new)):
            e, _ = self.items[i]
            if FAMILY.get(e.kind) != "choice" or e.id == new.id or e.id in skip \
                    or (e.date, e.order) >= (new.date, new.order):
                continue
            found = retires(new.full, e.title, e.full, self.lx, things)
            if found is not None and happened_to(new.full, found.cue):
                continue   # something that happened to it ("Redis โดนปิด", "被运维关掉了"): an incident
            # (a retire that goes on a switch of another thing names the tool that thing leaves:
            # "限流器现在改走令牌桶，不再用 Redis 了" beside "use Redis for the session cache"; one said
            # with a subject of its own retires the tool wherever it was used: "我们不再用 Nuxt，预约前端
            # 改用 Vue 3" beside "就用 Nuxt 3")
            if found is not None and (found.own or not switches_another(new.full, self._tokens(e), self.lx)) \
                    and (best is None or self._when(i) > best[0]):
                best = (self._when(i), i, found.cue)
        if best is None:
            return None
        target = self.items[best[1]][0]
        self.deciders = (*self.deciders, target.id)
        return Finding("reversal", target.id, score, best[2], basis="retired")

    def _scoped(self, new: Statement, rule: Statement) -> bool:
        """Does a relaxation of `rule` say where it holds: an exception cue ("unless", "during",
        除了, ยกเว้น …) or a word of its own, not a number and not a word of the rule ("for
        config-only changes", "文档仓库")? Then the rule still holds outside it; a relaxation that
        only says the rule's words with less ("PRs need one approval now") loosens the whole rule."""
        if self.lx.find("exception", normalise(new.full)):
            return True
        old = self._tokens(rule)
        # (the rule named by what it is, "the Friday freeze is lifted", is the rule, not a scope of it;
        # nor is how many, "one approval is enough", "approve คนเดียวก็พอ", nor "again")
        said = subject_tokens(_COUNTED.sub(" ", self.lx.cues["return"].sub(" ", _BAN.sub(" ", _FRAMED_AS.sub(
            " ", _ASKED_TO_REMEMBER.sub(" ", normalise(new.full)))))), self.lx)
        said = {t: w for t, w in said.items()
                if "-" not in t or any(len(p) > 2 and not said_in(stem(p), old) for p in t.split("-"))}
        own = sum(w for t, w in said.items()
                  if w > NUMBER_WEIGHT and not t.startswith(ROLE_PREFIX) and t not in self.frame
                  and not t[0].isdigit() and not _CALENDAR.fullmatch(t) and not any(c in _HANZI_VALUES for c in t)
                  and not said_in(t, old) and t + "s" not in old and t.removesuffix("s") not in old)   # ("pr", "prs")
        return own >= MIN_SHARED_WORDS

    def _part_retired_only(self, new: Statement, cue: str, target: Statement) -> bool:
        """Is the reversal `cue` of `new` a retire verb said of a part of the name the earlier entry
        chose ("Sentry 的邮件告警", "Redis persistence"), a part the earlier entry does not name, and
        the name itself retired nowhere in `new`?"""
        title, full = self._title_tokens(target), self._tokens(target)
        parts = [(name, part) for verb, name, part in parts_retired(new.full, self.lx)
                 if (verb in cue or cue in verb) and said_in(stem(name), title)]
        if not parts or any(all(said_in(t, full) for t in subject_tokens(part, self.lx)) for _, part in parts):
            return False
        return retires(new.full, target.title, target.full, self.lx,
                       retired_things(new.full, self.lx, switch_at(new.full))) is None

    def _instance_retired_only(self, new: Statement, cue: str, target: Statement) -> bool:
        """Is the reversal `cue` of `new` said, in its clause, of one qualified instance of the name the
        earlier entry chose or of a thing kept inside it ("the Stripe test account was cancelled", "ลบ
        replica เก่าของ Postgres", "Redis 里的旧 key 删了"), in words the earlier entry does not say, and the
        name itself retired nowhere in `new`?"""
        title, full = self._title_tokens(target), self._tokens(target)
        if not instance_retired(new.full, cue, title, full, target.full, self.lx):
            return False
        # Another change said beside it, to a name the earlier entry does not say ("… and moved SMS to
        # Vonage", "ย้าย SMS ไป Vonage แล้ว …"; not "we're on the paid plan now"): the instance retired is
        # not all the statement says, and that change is read as any would be.
        said = target.full.casefold()
        if any(w.casefold() not in said for w in _NEW_NAME.findall(new.full)):
            for m in self.lx.cues["reversal"].finditer(normalise(new.full)):
                other = m.group(0).strip()
                if other and (not retire_word(other, self.lx) or (
                        other.casefold() != cue.casefold()
                        and not instance_retired(new.full, other, title, full, target.full, self.lx))):
                    return False
        return retires(new.full, target.title, target.full, self.lx,
                       retired_things(new.full, self.lx, switch_at(new.full))) is None

    def _title_tokens(self, e: Statement) -> dict[str, float]:
        return subject_tokens(e.title, self.lx)

    def _own_words(self, new: Statement, rule: Statement) -> bool:
        """Does `new` name a thing of its own the rule does not, a word beyond how many ("for leave
        requests" beside "every PR needs two approvals"; not "คนเดียว", one person)?"""
        old = self._tokens(rule)
        said = subject_tokens(_COUNTED.sub(" ", _FRAMED_AS.sub(" ", normalise(new.full))), self.lx)
        return sum(w for t, w in said.items() if not t.startswith(ROLE_PREFIX) and t not in self.frame
                   and not t[0].isdigit() and not said_in(t, old)) >= MIN_SHARED_WORDS

    def _step_target(self, new: Statement, skip: Collection[str]) -> str | None:
        """The one earlier procedure (sharing a word with `new`, dated before it) whose step `new`
        places something beside, or None (none, or more than one)."""
        if not places(new.full):
            return None
        found = []
        new_tokens = self._tokens(new)
        for i in self._candidates(new_tokens):
            e, _ = self.items[i]
            if e.kind != "Procedure" or e.id == new.id or e.id in skip or (e.date, e.order) >= (new.date, new.order):
                continue
            if step_added(new.full, e.full, lambda t: subject_tokens(t, self.lx)):
                found.append(e.id)
        return found[0] if len(found) == 1 else None

    def _two_subjects(self, new: Statement, old: Statement) -> bool:
        """Are both titles a heading and a value, each heading with a plain word (not a name, not a
        number, not a tool) the other heading lacks ("Prod DB: Postgres 15" / "Staging DB: Postgres
        16", "Backend: FastAPI" / "Frontend: React 18")? Each subject has its own value: no conflict."""
        a, b = _HEAD_VALUE.fullmatch(new.title.strip()), _HEAD_VALUE.fullmatch(old.title.strip())
        if not (a and b):
            return False

        def own(head: str, other: str) -> float:
            said = subject_tokens(other, self.lx)
            return sum(1.0 for t, w in subject_tokens(head, self.lx).items()
                       if not t.startswith(ROLE_PREFIX) and w < NAME_WEIGHT and not t[0].isdigit()
                       and t not in said and not self.lx.roles_of(t))
        return own(a.group(1), b.group(1)) >= 1.0 and own(b.group(1), a.group(1)) >= 1.0

    def _detect(self, new: Statement, skip: Collection[str]) -> Finding:
        lx = self.lx
        new_tokens = self._tokens(new)
        new_roles = self._roles(new)
        new_members = self._members(new)
        idf: dict[str, float] = {}
        best: tuple[float, float, int] | None = None
        best_rule: tuple[float, float, int] | None = None   # the best Rule or Constraint
        newest_best: tuple[float, int] | None = None         # the newest of the best-scoring ones
        procedure = FAMILY.get(new.kind) == "procedure"
        new_concepts = self._concepts(new)
        new_parts = self._parts(new)
        new_measure = _measure(self._quantities(new))
        best_measured: tuple[float, float, int] | None = None   # the best that gives the measure another value
        for i in self._candidates(new_tokens, new_concepts):
            e, full = self.items[i]
            if e.id == new.id or e.id in skip or (e.date, e.order) >= (new.date, new.order):
                continue
            if procedure and FAMILY.get(e.kind) != "procedure":
                # A procedure amends or replaces a procedure: its steps are verbs that are change cues
                # elsewhere ("move the telemetry to cold storage", ย้าย, 下线) and name what a rule or a
                # choice names in passing ("tell the grid operator"), which they do not change.
                continue
            title = self.titles.get(i)
            if title is None:
                title = self.titles[i] = full if e.full == e.title else subject_tokens(e.title, lx)
            echoed = echoed_roles(new_roles, self._roles(e)) if new_roles else frozenset()
            bridge = self._bridge(new_concepts, i) if new_concepts else {}
            # (a concept named in two languages is a word both say: in both statements, and in the
            # earlier title when the title names it)
            new_said = {**new_tokens, **bridge} if bridge else new_tokens
            title_said = {**title, **{c: w for c, w in bridge.items() if c[1:] in self._title_concepts(i)}} \
                if bridge else title
            full_said = {**full, **bridge} if bridge else full
            score, shared = max(self._cover(new_said, title_said, idf, echoed),
                                self._cover(new_said, full_said, idf, echoed))
            if FAMILY.get(e.kind) != FAMILY.get(new.kind):
                score *= OTHER_FAMILY_FACTOR
            words = sum(f for t, f in full_said.items()
                        if t in new_said and t not in echoed and t not in self.frame)
            measured = bool(bridge) and bool(new_measure) and self._measured_apart(new, e, bridge)
            if words >= MIN_SHARED_WORDS and self._same_length(new, e):
                # a length of time both give with one value ("90 วัน" / "90 วัน") is no subject: two
                # statements with that length share it whatever they are about (as two on one day share its name)
                timeless = self._timeless(new)
                words = sum(bridge.values()) + sum(f for t, f in self._timeless(e).items()
                                                   if t in timeless and t not in echoed and t not in self.frame)
            if (shared < MIN_SHARED_WEIGHT or words < MIN_SHARED_WORDS) and not _value_apart(new_tokens, full) \
                    and not measured:
                continue
            if echoed and score < ECHO_ONLY_MATCH and FAMILY.get(e.kind) != "choice" \
                    and self._echo_only(new_tokens, full, echoed, new_roles):
                continue
            if new_parts and self.parts[i] and not new_parts & self.parts[i]:
                continue   # another part: "the frontend deploys on Tuesdays" beside "API 每周四部署"
            if new_members and other_member(new_members, self._members(e)):
                continue   # another family member, building or code: written from one template
            if _other_object(new.title, e.title, lx):
                continue   # "the billing service … port 8081" beside "the search service … port 8095"
            if new.kind == e.kind == "Remember" and _other_compounds(new.full, e.full, lx, self.frame):
                continue   # "the licence renewal … is due in March" beside "my licence plate is KX-7731"
            if self._off_heading(e.title, new_tokens) and not measured:
                continue   # "The CLI uses Rust" beside "Config format: YAML": not about the config format
            if best is None or (score, shared) > best[:2]:
                best = (score, shared, i)
            if newest_best is None or (score, (e.date, e.order)) > (newest_best[0], self._when(newest_best[1])):
                newest_best = (score, i)
            if FAMILY.get(e.kind) == "rule" and (best_rule is None or (score, shared) > best_rule[:2]):
                best_rule = (score, shared, i)
            if measured and (best_measured is None or (score, shared) > best_measured[:2]):
                best_measured = (score, shared, i)
        if best_measured is not None and best_measured[0] >= MEASURED_MATCH and (best is None or (
                best[2] != best_measured[2]
                and not set(new_measure) & set(_measure(self._quantities(self.items[best[2]][0]))))):
            # The entry that gives the measure a value is what a new value of it is about, not one
            # that names the concept and no measure ("兑换码有效期 10 分钟" beside the OTP's "อายุ 5
            # นาที", not the ledger's "expires_at").
            best = best_measured
        # What the finding rests on among the earlier entries: another entry leaving candidacy
        # (skipped) cannot change it (memory_store/supersede/open_pairs.py judges again only the
        # statements whose deciders left).
        self.deciders = tuple(self.items[x[2]][0].id for x in (best, best_rule) if x is not None)
        if best is None or best[0] < (MEASURED_MATCH if best == best_measured else SUPERSEDE_MATCH):
            return Finding("none", None, round(best[0], 2) if best else 0.0)
        score, _, idx = best
        target, target_full = self.items[idx]
        text = normalise(new.full)
        continuation = lx.find("continuation", text)
        # "no need to move" is not a move: a cue inside a continuation phrase does not count.
        text = lx.cues["continuation"].sub(" ", text)
        onset = lx.find("onset", text)
        text = lx.cues["onset"].sub(" ", text)      # its "now" is no refinement cue of its own
        # A cue word the earlier entry says too, in the same phrase, is part of the subject, not a
        # change: "ยกเลิกฟรี" (free cancellation) in both, "ก่อนเริ่มงาน" (before work starts) in both.
        said = normalise(target.full)
        reversal = self._own_cue("reversal", text, said)
        # "From now on" opens a new rule as often as it changes one ("from now on, always run the
        # linter" beside "always run the tests before pushing"): rules and facts accumulate, so
        # beside one it says a change only where the new statement gives the earlier one's quantity
        # another value or its role another tool (below). A choice or a procedure is replaced by
        # what is done "from now on".
        if onset and not reversal and FAMILY.get(target.kind) in ("choice", "procedure") \
                and not self._slot_named_only(new_tokens, self._roles(new), target_full):
            reversal = onset
        if not reversal and not continuation:
            # Back to a value the earlier entry rejected ("deploys happen on Thursdays again" after
            # "… on Tuesdays, Thursdays did not work").
            reversal = self._returns_to_rejected(new.full, target.full)
        # A change for one occasion ("this Monday Ben teaches the class instead", "เสาร์นี้ช่างต้นไปแทน",
        # "明天改成小美开店") is someone covering once, or a plan moved once: the earlier entry still
        # holds. From that occasion on ("from this Monday on") is a change (cues/*.txt [occasion]).
        occasion = None if onset else lx.find("occasion", text)
        if reversal and occasion:
            return Finding("none", None, round(score, 2))
        # (a "can" that says what must come first is a requirement: "…เช็ค /healthz ว่า db: true ถึงจะ tag
        # ได้", "测试通过才能发版", "only then can we tag")
        relaxation = self._own_cue("relaxation", _ONLY_THEN.sub(" ", text), said)
        if not relaxation:
            # A requirement said to be met by less ("one approval is enough for PRs", "PR มีคน approve
            # คนเดียวก็พอ", "有发票就够了") loosens a rule by meaning; beside anything else it is a plain
            # "enough" ("one coffee is enough before the standup").
            # What it says is enough must be said of the rule's own subject, not only of what the rule
            # asks for: "for leave requests one approval is enough" shares "approval" alone with
            # "every PR needs two approvals".
            enough = self._own_cue("sufficient", text, said)
            rule = target if FAMILY.get(target.kind) == "rule" else \
                self.items[best_rule[2]][0] if best_rule is not None and best_rule[0] >= SUPERSEDE_MATCH else None
            if enough and rule is not None and (self._shared_words(new, new_tokens, rule) >= ENOUGH_WORDS or (
                    self._shared_words(new, new_tokens, rule) >= MIN_SHARED_WORDS and not self._own_words(new, rule))):
                # (or what is enough alone, nothing of its own beside it: "ต่อไปนี้ approve คนเดียวก็พอแล้ว"
                # beside "PR ต้องมีคน approve สองคนก่อน merge"; not "for leave requests one approval is enough")
                relaxation = enough
        # "X is fine as long as …, everything else stays": the part that stays is the rest; an
        # exception stated beside it still loosens the rule.
        if continuation and not reversal and not relaxation:
            new_q, old_q = quantities(text), self._quantities(target)
            if values_differ(new_q, old_q) or values_split(new_q, old_q):
                # What stays is the rest: "weekends open till 7 pm this season, weekdays as before"
                # gives part of the rule another value.
                return Finding("refinement", target.id, round(score, 2), continuation)
            if self._kept_and_more(new.full, target_full):
                # The kept part said in a clause of its own, something new said beside it about the
                # same subject ("crack kicks stay at 0.85, missing caps get kicked from 0.7").
                return Finding("refinement", target.id, round(score, 2), continuation, "kept")
            if not onset and not self._own_cue("refinement", text, said):
                return Finding("same", target.id, round(score, 2), continuation)
            # "from June, … 220, daytime still 180 as before" (ตั้งแต่ มิ.ย. … ยัง 180 เท่าเดิม): a change
            # for part of what the entry covers, the rest as it was: read on as a change would be.
            continuation = None
        if reversal:
            # Of two entries the statement matches equally, a change replaces the newer, what holds
            # now ("we're going back to MySQL, the Postgres migration is cancelled": the Postgres
            # choice, not the older MySQL one it returns to).
            if newest_best is not None and newest_best[0] == score and newest_best[1] != idx:
                target = self.items[newest_best[1]][0]
                self.deciders = (*self.deciders, target.id)
            if switches_another(new.full, self._tokens(target), lx, self._named_of(target.id)):
                # "switch the rate limiter from Redis to …" beside "use Redis for the session
                # cache": the tool is shared, the thing switched is another.
                return Finding("none", None, round(score, 2))
            if wished_by_another(new.full, reversal):
                # "Tom wants to replace Redis with Memcached", "老王想把…换成…": someone else's wish, no change
                # made (memory_store/supersede/wishes.py).
                return Finding("none", None, round(score, 2))
            if happened_to(new.full, reversal):
                # "the session cache Redis was shut down by ops for maintenance", "process prefect … โดน kill",
                # "Loki 的进程被运维 kill 掉了": an incident, no change made (memory_store/supersede/incidents.py).
                return Finding("none", None, round(score, 2))
            if self._part_retired_only(new, reversal, target) or self._instance_retired_only(new, reversal, target):
                # "Sentry 的邮件告警已经关掉了" beside "Sentry for error tracking": a part of the tool
                # switched off, the tool chosen stays (memory_store/supersede/retired.py); so with one
                # instance of it or a thing kept in it ("the Stripe test account", "the stale keys in Redis").
                return Finding("none", None, round(score, 2))
            if _RENAME.search(reversal) and self._slot_named_only(new_tokens, self._roles(new), self._tokens(target)):
                # "Rename the staging bucket" beside "Store images in S3": a thing of the slot gets
                # another name, the tool chosen for it stays.
                return Finding("none", None, round(score, 2))
            return Finding("reversal", target.id, round(score, 2), reversal)
        if relaxation and FAMILY.get(target.kind) != "rule":
            # What is relaxed is a rule: "a critical security patch can go out any day, tell Wipa
            # first" loosens the deploy-days rule, not the note on who approves security changes.
            # With no rule to loosen, a cue beside a remembered fact or a procedure is a plain "can"
            # or "no need" ("the Play account is permanent, 不用续" beside "the Apple account
            # expires 18 June").
            if best_rule is not None and best_rule[0] >= SUPERSEDE_MATCH:
                score, _, idx = best_rule
                target, target_full = self.items[idx]
            elif FAMILY.get(target.kind) in ("remember", "procedure"):
                relaxation = None
        if relaxation and FAMILY.get(target.kind) == "rule" and _NON_LATIN.search(new.full) \
                and self.concepts.weekdays(text) and not lx.find("exception", text) and not self._same_matter(new, idx):
            # A permission on the days a rule names, about something else ("วันเสาร์อาทิตย์ พาหมามาออฟฟิศได้"
            # beside "ห้าม deploy วันเสาร์อาทิตย์"): the days are all the two share (a Thai day's name is
            # cells two texts on those days share whatever they are about; English day names are words,
            # and such a permission is read as said, "Fridays are fine now"). An exception said of those
            # days is one to their rule ("sundays off unless it's a rush job" beside "No client work on
            # Sundays").
            return Finding("none", None, round(score, 2))
        if relaxation:
            # An exception loosens a rule ("hotfixes can ship during the freeze with two reviewers");
            # the rule's own quantity given another value ("the narrative can be 20 pages" after
            # "max 15 pages") is a new value, and with no change stated, a possible conflict.
            if not lx.find("exception", text) and values_differ(quantities(text), self._quantities(target)):
                return Finding("conflict", target.id, round(score, 2), relaxation, "value")
            return Finding("relaxation", target.id, round(score, 2), relaxation)
        cue = self._own_cue("refinement", text, said)
        if cue and lx.find("addition", cue) and (_shares_only_lead(subject_tokens(new.title, lx), target_full)
                                                 or self._adds_to_another(text, cue, target_full)
                                                 or _shares_only_names(new_tokens, target_full)
                                                 or self._other_head(new.title, target.title)):
            # "X also does Y" beside "X does Z" says one more thing about X: both hold. What it
            # shares with the earlier entry is X alone, the words it opens with; a statement that
            # says part of Z again after them ("after PROSPERO also post the protocol on OSF")
            # amends it. So is the same tool put to another use (all the two share is a name:
            # "เอา Odoo มาทำเงินเดือนด้วย" beside "สต็อกเก็บใน Odoo") and one template about another
            # thing ("ค่าเน็ตบ้านตัดบัตร KTC ด้วย" beside "ค่าเช่าบ้านตัดบัตร KTC").
            return Finding("none", None, round(score, 2))
        if cue:
            if switches_another(new.full, target_full, lx, self._named_of(target.id)):
                return Finding("none", None, round(score, 2))
            return Finding("refinement", target.id, round(score, 2), cue)
        # The earlier thing named in a clause that says why it is out, a new thing named beside it
        # ("Transactional email goes through Postmark, Mailgun kept timing out"): a change told
        # with its reason, before the same words are read as a rival value or tool.
        if FAMILY.get(target.kind) in DROPPABLE and self._dropped_for_reason(new.full, target, target_full):
            return Finding("reversal", target.id, round(score, 2), basis="dropped")
        # No cue: the same quantity with another value, or the same role filled by another tool, is
        # a possible conflict; a statement the earlier one covers is a restatement. Not when the
        # two are one template about two things (Thai and Chinese; English: `_other_object`).
        def rival(basis: str) -> Finding:
            if self._other_head(new.title, target.title):
                return Finding("none", None, round(score, 2), basis="other")
            if basis == "role" and self._other_owner(new.title, target.title):
                return Finding("none", None, round(score, 2), basis="other")
            return Finding("conflict", target.id, round(score, 2), basis=basis)

        if values_differ(quantities(text), self._quantities(target)) \
                and not self._other_measured(new.full, target.full):
            condition = lx.find("exception", text)
            if condition and FAMILY.get(target.kind) == "rule" and FAMILY.get(new.kind) == "rule":
                # A rule's quantity given another value under a condition ("+30 min on school days
                # if homework's done", "ช่วงปีใหม่ …") is an exception to the rule, not a rival.
                return Finding("relaxation", target.id, round(score, 2), condition)
            if onset:
                return Finding("refinement", target.id, round(score, 2), onset)
            return rival("value")
        if FAMILY.get(target.kind) == FAMILY.get(new.kind) == "remember" \
                and codes_differ(codes(new.full), codes(target.full)) \
                and not _owner_of_its_own(new.full, target.full):
            # A remembered identifier given another value ("my car reg is KN19 XVD" after "… reg KN19
            # XWD", "车牌是浙A·7K2O9", "ทะเบียน 2กท7370"): the same fact, another value.
            if onset:
                return Finding("refinement", target.id, round(score, 2), onset)
            return rival("value")
        if values_split(quantities(text), self._quantities(target)):
            # The earlier value kept for part and another given beside it: an exception to a rule
            # ("ETF 不受 5% 的限制，单只最多可以到 20%"), a refinement of anything else.
            if FAMILY.get(target.kind) == "rule" and lx.find("exception", text):
                return Finding("relaxation", target.id, round(score, 2), lx.find("exception", text), "split")
            return Finding("refinement", target.id, round(score, 2), basis="split")
        # Another tool is a rival only to what a project chose or ruled: a remembered fact or a
        # procedure that names a tool in passing ("the lab's second A100 is booked through Kong")
        # is not contradicted by a statement about another one ("audio may go up to GCP").
        # ... unless each tool serves another part of the role, as each statement qualifies it
        # ("Use Stripe for card payments" beside "Use PromptPay for QR payments").
        sub_roles = sub_roles_differ(normalise(new.full), said, lx)
        if score >= FILLER_MATCH and FAMILY.get(target.kind) in ("choice", "rule") and not sub_roles \
                and self._fillers_differ(new_tokens, new_roles, target_full, self._roles(target)):
            if onset:
                return Finding("reversal", target.id, round(score, 2), onset)
            return rival("role")
        if FAMILY.get(target.kind) == "choice" and FAMILY.get(new.kind) == "choice" and not sub_roles \
                and self._slot_swap(new.title, target.title):
            if onset:
                return Finding("reversal", target.id, round(score, 2), onset)
            return rival("role")
        if FAMILY.get(target.kind) in ("choice", "rule", "remember") and not sub_roles \
                and self._name_swap(new, new_tokens, target, target_full, idf):
            if onset:
                return Finding("reversal", target.id, round(score, 2), onset)
            return rival("name")
        if FAMILY.get(target.kind) in ("choice", "rule", "remember") \
                and self._head_value(new.title, target, target_full):
            if onset:
                return Finding("reversal", target.id, round(score, 2), onset)
            return rival("slot")
        covered, _ = self._cover(target_full, new_tokens, idf)
        # A rule said again under a condition ("if a van's data is attached to an open claim we can
        # hold it past the 30 days", "14 and 15 year olds can come without a parent if …") is an
        # exception to it: the condition is what is new.
        # A prohibition under a condition ("customers can't change their box during the last six
        # days", ช่วง… ห้าม…) is the rule said again, not an exception to it.
        condition = None if _PROHIBITION.search(text) else lx.find("exception", text)
        if condition and score >= CONDITION_MATCH and FAMILY.get(target.kind) == "rule" \
                and FAMILY.get(new.kind) == "rule":
            return Finding("relaxation", target.id, round(score, 2), condition, "condition")
        # A statement that says all the earlier one says and more amends it, with no cue word in
        # any language: a list with items added (a step, a language), or the whole earlier subject
        # made more specific ("occupancy models in brms with a GP over site coordinates").
        if says_more(score, covered, new_tokens, target_full) or \
                list_grew(new.full, target.full, lambda t: subject_tokens(t, lx)):
            return Finding("refinement", target.id, round(score, 2), basis="extends")
        if score >= NEWS_MATCH and FAMILY.get(target.kind) in ("choice", "rule", "remember") and not occasion \
                and (self._told_as_news(new, new_tokens, target, target_full)
                     or _person_news(normalise(new.full), normalise(target.full))):
            return Finding("reversal", target.id, round(score, 2), basis="news")
        # A close match that gives no quantity another value and no role another tool is the same
        # subject said again in other words ("for hotfixes: cut the branch off the release tag …"
        # after "Hotfix: branch from the release tag …"), or a neighbour written from one template
        # ("we rotate the service keys monthly" beside "we back up the service db monthly"): nothing
        # in it says the two disagree, and a warning would hold the new entry out of MEMORY.md.
        if (covered >= SAME_COVER or score >= CONFLICT_MATCH) and not sub_roles:
            # ... unless it gives the same quantity another number with no unit ("the retry limit is
            # 3" / "… is 5"): `quantities` knows a number by its unit or the word after it.
            if self._bare_number_differs(new.full, target.full):
                return rival("value")
            return Finding("same", target.id, round(score, 2))
        return Finding("none", None, round(score, 2))

    def nearest(self, new: Statement, k: int, skip: Collection[str] = ()) -> list[tuple[Statement, float]]:
        """Up to `k` earlier entries (not in `skip`) that share a subject word or a role with `new`,
        best subject match first, with no floor: the candidates a second judge (the LLM engine's
        subject request) chooses among when the rules find nothing."""
        new_tokens = self._tokens(new)
        new_roles = self._roles(new)
        idf: dict[str, float] = {}
        scored: list[tuple[float, int]] = []
        for i in self._candidates(new_tokens):
            e, full = self.items[i]
            if e.id == new.id or e.id in skip or (e.date, e.order) >= (new.date, new.order):
                continue
            echoed = echoed_roles(new_roles, self._roles(e)) if new_roles else frozenset()
            score, shared = self._cover(new_tokens, full, idf, echoed)
            if shared > 0:
                scored.append((score, i))
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [(self.items[i][0], round(score, 2)) for score, i in scored[:k]]


def _measure(q: dict[str, set[float]]) -> dict[str, set[float]]:
    """The measures of quantities `q`: a unit's, not the words beside a number."""
    return {k: v for k, v in q.items() if k.startswith(MEASURE_KEYS)}


def _beside(token: str) -> re.Pattern[str]:
    """The word right after a name that starts with `token` (a stem): "kafka connect"."""
    return re.compile(rf"\b({re.escape(token)}\w*)[ -]+([a-z][\w-]*)")


def _value_apart(new: dict[str, float], old: dict[str, float]) -> bool:
    """Do two statements say the same words but a value: a number, a day or a month ("We deploy on
    Tuesdays" / "We deploy on Thursdays")? One template with another value is one subject, however
    few and common its words (beside a workspace's first entry, "deploy" alone weighs too little)."""
    def words(tokens: dict[str, float]) -> set[str]:
        return {t for t, w in tokens.items() if w > NUMBER_WEIGHT and not _CALENDAR.fullmatch(t)
                and not t.startswith(ROLE_PREFIX)}
    a, b = words(new), words(old)
    return bool(a) and a == b and set(new) != set(old)


def _lead(tokens: dict[str, float]) -> str | None:
    """The first word of a statement's subject (not a number, not a role)."""
    return next((t for t in tokens if not t.startswith(ROLE_PREFIX) and not t[0].isdigit()), None)


def _shares_only_lead(new: dict[str, float], old: dict[str, float]) -> bool:
    """Is all the new statement shares with the earlier one the words it opens with (its subject:
    "Somchai" in "Somchai also reviews the mobile PRs" beside "Somchai owns the billing service")?"""
    words = [t for t in new if not t.startswith(ROLE_PREFIX)]
    lead = 0
    while lead < len(words) and words[lead] in old:
        lead += 1
    return lead > 0 and not any(t in old for t in words[lead:])


def _shares_only_names(new: dict[str, float], old: dict[str, float]) -> bool:
    """Is all the new statement shares with the earlier one a name or more (a tool, a place: "Odoo",
    "KTC"), no plain word and no letter pair of Thai or Chinese text?"""
    shared = [w for t, w in old.items() if t in new and not t.startswith(ROLE_PREFIX)]
    return bool(shared) and all(w >= NAME_WEIGHT for w in shared)


def _two_places(new: Statement, new_tokens: dict[str, float], old: Statement, old_tokens: dict[str, float]) -> bool:
    """Do two statements differ both ways in two places of one template — a name and a plain word,
    or a name and a person ("Somchai reviews the frontend PRs" / "Anna reviews the backend PRs";
    "พี่นกเป็นคนตรวจ PR ฝั่ง frontend" / "น้องบีมเป็นคนตรวจ PR ฝั่ง backend": the person and the side)?
    Then each name goes with its own thing: another member of the template, not a name swapped."""
    def own(a: dict[str, float], b: dict[str, float], name: bool) -> bool:
        # (a day or a month is a value, not a thing: "Pell Street: Mon, Wed, Fri" / "… open Tue/Thu/Sat")
        return any((w >= NAME_WEIGHT) == name and not t.startswith(ROLE_PREFIX) and t.isalpha()
                   and (name or (t.isascii() and w == 1.0)) and not _CALENDAR.fullmatch(t) and not said_in(t, b)
                   for t, w in a.items())

    names = own(new_tokens, old_tokens, True) and own(old_tokens, new_tokens, True)
    if not names:
        return False
    plain = own(new_tokens, old_tokens, False) and own(old_tokens, new_tokens, False)
    new_people, old_people = _persons(normalise(new.full)), _persons(normalise(old.full))
    return plain or bool(new_people - old_people and old_people - new_people)


# Whose a remembered thing is: a name's or a relative's ("Sana's car", "Mum's address"), a relative's
# in Chinese or Thai (老婆的车, รถของแม่).
_OWNER = re.compile(r"\b([A-Z][a-z]+)'s\b")


def _owner_of_its_own(new_text: str, old_text: str) -> bool:
    """Does the new statement say whose its thing is, someone the earlier one does not name ("Sana's
    car is the red Fiat 500" beside "Car: grey Skoda Octavia")? Then it is another person's fact."""
    owners = {m.group(1) for m in _OWNER.finditer(new_text)} - {m.group(1) for m in _OWNER.finditer(old_text)}
    if any(o not in old_text for o in owners):
        return True
    kin_new, kin_old = designators(normalise(new_text)).get("kin", frozenset()), \
        designators(normalise(old_text)).get("kin", frozenset())
    return bool(kin_new - kin_old)


def _persons(text: str) -> set[str]:
    """People named in Thai or Chinese text by the title before or after a name (พี่โอ๊ต, น้องแพร,
    คุณวิภา; 周姐, 陈先生, 林小姐, 小罗): the title with the name's first letters, a key to look
    for in another text."""
    out = {m.group(0) for m in _TH_PERSON.finditer(text)}
    out.update(m.group(0) for m in _ZH_PERSON.finditer(text))
    return out


def _person_news(new_text: str, old_text: str) -> bool:
    """Does the new statement name the person the earlier one named and, beside them, a person the
    earlier one did not ("พี่โอ๊ตขอมาอยู่กะเช้าแล้ว เดือนนี้กะดึกน้องแพรคุม" after "หัวหน้ากะดึกคือ
    พี่โอ๊ต", "华东门店的事找小罗，周姐上周调去华南了" after "…对接人是周姐")? A change told as news."""
    old = _persons(old_text)
    return any(p in new_text for p in old) and any(p not in old_text for p in _persons(new_text))


def _initials_of(token: str, text: str) -> bool:
    """Is `token` the initials of words standing together in `text` ("cr" for "change request")?"""
    if not (2 <= len(token) <= 5 and token.isalpha()):
        return False
    words = _LATIN_WORDS.findall(normalise(text))
    return any("".join(w[0] for w in words[i:i + len(token)]) == token for i in range(len(words) - len(token) + 1))


def _other_compounds(new_text: str, old_text: str, lexicon: Lexicon, frame: Collection[str] = ()) -> bool:
    """Does every word the two statements share stand in a compound of its own in each, the word
    right after it a plain word the other statement never says ("my licence plate is KX-7731" / "the
    licence renewal for the office software is due in March")? The shared word only qualifies two
    different things. Latin script; a shared word at a statement's end, or followed by a word both
    say, keeps the pair. Words that only frame a statement (`frame`: remember, decided …) share nothing."""
    new_subject, old_subject = subject_tokens(new_text, lexicon), subject_tokens(old_text, lexicon)
    shared = {t for t in new_subject if t.isalpha() and not t.startswith(ROLE_PREFIX) and t not in frame
              and said_in(t, old_subject)}
    if not shared or len(shared) > 2:
        return False
    # a name the two share ("Rao's group" / "Rao lab") is what both are about, whatever follows it
    if any(stem(w.casefold()).startswith(t) for w in _CAPITALISED.findall(new_text + " " + old_text) for t in shared):
        return False
    new_norm, old_norm = normalise(new_text), normalise(old_text)
    for t in shared:
        a = {stem(m.group(2)) for m in _beside(t).finditer(new_norm)}
        b = {stem(m.group(2)) for m in _beside(t).finditer(old_norm)}
        if not a or not b or not all(w in new_subject and not said_in(w, old_subject) for w in a) \
                or not all(w in old_subject and not said_in(w, new_subject) for w in b):
            return False
    return True


def _other_object(new_title: str, old_title: str, lexicon: Lexicon) -> bool:
    """Are two titles one template with two slots changed: a value (a number) and, apart from it,
    a plain lower-case word ("The billing service runs on port 8081" / "The search service runs on
    port 8095")? The word says which thing; each thing has its own value, so neither contradicts
    nor replaces the other. A name in the other slot ("Use Kafka" / "Use Pulsar") is a tool, not a
    thing, and keeps the pair; so does one changed slot (the same service on another port).
    Thai and Chinese titles the same way, a Thai run and a Chinese character each one word: the
    thing a lower-case Latin word ("Batch size ของ importer คือ 500" / "… exporter คือ 200") or a
    Chinese character, not a numeral or a unit of the calendar, in the qualifier a 的 closes
    ("导入器的批量大小是 500" / "导出器的批量大小是 200"; not "每周二 10 点" / "每周四 14 点", a day and an
    hour, nor "取消订单需在发货前 2 小时" / "…要在…6 小时", the verb of one rule). A known tool (the
    role files) is no thing, however it is written ("缓存用 redis 部署 2 个节点")."""
    a, b = _TEMPLATE_WORD.findall(old_title), _TEMPLATE_WORD.findall(new_title)
    if len(a) < SLOT_TEMPLATE + 2 or len(b) < SLOT_TEMPLATE + 2:
        return False
    ops = [op for op in difflib.SequenceMatcher(None, [w.casefold() for w in a], [w.casefold() for w in b],
                                                autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(ops) != 2 or any(op[0] != "replace" for op in ops):
        return False
    value = word = False
    for _, i1, i2, j1, j2 in ops:
        old_side, new_side = a[i1:i2], b[j1:j2]
        if all(w.isdigit() for w in old_side + new_side):
            value = True
        elif len(old_side) <= 2 and len(new_side) <= 2 and all(
                (w.isascii() and w.isalpha() and w.islower())
                or (_HANZI.fullmatch(w) and w not in _HANZI_VALUES and "的" in a[i2:] and "的" in b[j2:])
                for w in old_side + new_side) \
                and not lexicon.roles_of(" ".join(old_side).casefold()) \
                and not lexicon.roles_of(" ".join(new_side).casefold()):
            # (a known tool written in lower case, "redis" inside Chinese text, is a tool, not a thing)
            word = True
    return value and word


# Concepts (concepts.txt) that all name putting a change live: a permission for one on the days a
# rule forbids another is an exception to it (`Detector._same_matter`).
_SHIPPING = frozenset({"deploy", "release", "hotfix"})
# ... and, for what a ban lifted is about, a freeze of changes and production itself: "the Friday change freeze",
# "the Friday ban on production changes" (`Detector._lifts_another_ban`); with the words that say shipping a change
# and nothing of what is shipped ("the ban on shipping", "the ban on changes").
_SHIPPING_MATTER = _SHIPPING | {"code-freeze"}
_PRODUCTION = "production"
_SHIP_WORD = re.compile(r"ship[sp]?|chang(?:e|es|ing)?|push(?:es|ing)?")   # stemmed: "shipp", "chang"
# Words that forbid: a rule said with one under a condition loosens nothing (`Detector._detect`).
_PROHIBITION = re.compile(r"\b(?:can'?t|cannot|can not|must not|mustn'?t|may not|never|not allowed|nobody|no one)\b"
                          r"|ห้าม|ไม่ได้|ไม่ให้|不许|不准|不準|不能|禁止|不得|不可以")
# A rule named by what it is (a ban, a freeze: `_BAN`) and said to be lifted (`_LIFT`): "the Friday freeze
# is lifted", "周五禁令取消了", "ยกเลิกกฎห้าม deploy วันศุกร์แล้ว" (`Detector._relaxed_in_its_days`, `Detector._scoped`).
_BAN = re.compile(r"\b(?:freeze|ban|rule|restriction|moratorium|embargo|blackout)s?\b|禁令|规定|规矩|禁止令|限令"
                  r"|กฎ(?:ห้าม)?|ข้อห้าม", re.IGNORECASE)
_LIFT = re.compile(r"\b(?:lift(?:s|ed|ing)?|cancel(?:s|l?ed|l?ing)?|scrap(?:s|ped)?|(?:is|are) over"
                   r"|no longer (?:applies|apply|holds))\b"
                   r"|取消|解除|废除|作废|撤销|不再(?:适用|执行|有效)|ยกเลิก|เลิก|ปลด", re.IGNORECASE)
# The ban said to be the one in force till now ("the previous freeze", 之前的禁令, กฎเดิม): which one, not what
# it bans (`Detector._lifts_another_ban`).
_EARLIER = re.compile(r"\b(?:previous|old|earlier|existing|current)\b|(?:之前|以前|原来|原先|先前|上次|目前|现在)的?"
                      r"|เดิม|ก่อนหน้านี้|ที่มีอยู่|ที่ผ่านมา", re.IGNORECASE)
# How many people or approvals: a count, not a thing (`Detector._own_words`).
_COUNTED = re.compile(r"\b(?:one|two|three|single|a single|just one|only one|another)\b"
                      r"|(?:คน|อัน|ครั้ง)?(?:เดียว|หนึ่ง|สอง|สาม)(?:คน|อัน|ครั้ง)?|[一二两三]\s*个?\s*人?")
# A "can" that follows what must come first: a requirement, no relaxation (`Detector._detect`).
_ONLY_THEN = re.compile(r"ถึงจะ.{0,40}?ได้|才(?:能|可以)|\bonly (?:then|after that|once)\b[^,.;!?]*", re.IGNORECASE)
# Before a change word, what makes it a noun naming an event or a thing, not a change made: an article or a
# possessive ("from the drop", "after the swap"), Thai การ ("นโยบายการยกเลิก"), Chinese 的 ("这次的替换").
_AS_NOUN = re.compile(r"\b(?:the|a|an|each|every|this|that|our|their|its|his|her|my|your)\s+$|การ$|的$")
# The sentences of a statement (not a point inside a number or a name: "Postgres 15.2", "Fly.io").
_SENTENCE = re.compile(r"(?<!\d)\.(?![\w])|[;!?。；！？\n]")
# A rename (a reversal cue): a thing gets another name (`Detector._detect`).
_RENAME = re.compile(r"renam|改叫|改名|重命名|เปลี่ยนชื่อ", re.IGNORECASE)
# A no that lifts a requirement (`Detector._says_out`).
_NO_NEED = re.compile(r"\bno need(?: to)?\b|\b(?:do not|don'?t|doesn'?t|does not) (?:have|need) to\b|\bnot required\b"
                      r"|ไม่ต้อง|ไม่จำเป็น(?:ต้อง)?|不用|不必|无需|不需要", re.IGNORECASE)
# Words of a title for `_other_object`: a Latin word, a number, a Thai run, a Chinese character.
_TEMPLATE_WORD = re.compile(r"[A-Za-z](?:(?![\u0e00-\u0e7f\u3400-\u9fff])[\w'-])*|\d+|[\u0e00-\u0e7f]+|[\u3400-\u9fff]")
_HANZI = re.compile(r"[\u3400-\u9fff]")
# Chinese characters that say a value, not a thing: numerals and units of the calendar and the clock.
_HANZI_VALUES = frozenset("零〇一二两三四五六七八九十百千万亿半日天周月年号点时分秒期")


# Thai or Chinese letters: a title with no spaces between its words.
_NO_SPACES = re.compile(r"[\u0e00-\u0e7f\u3400-\u9fff]")
# `_other_head`: the weight of the first run both titles share and of each head's own words, and
# the share of the rest of the shorter title the template holds.
HEAD_RUN = 2
HEAD_LEAD = 4
HEAD_TEMPLATE = 0.5
HEAD_TEMPLATE_WEIGHT = 5


def _weight(token: str) -> int:
    return 2 if len(token) > 1 or token.isascii() else 1


def _joined(tokens: list[str]) -> str:
    """Slot tokens as text again: Thai and Chinese letters together, Latin words apart."""
    return "".join(t if not t.isascii() else f" {t} " for t in tokens)


def _slot_tokens(title: str) -> list[str]:
    return [t.rstrip(".") for t in _SLOT_TOKEN.findall(normalise(title))]


def detect(new: Statement, earlier: Sequence[Statement], lexicon: Lexicon | None = None) -> Finding:
    """What `new` does to the best-matching entry of `earlier` (active entries, dated no later)."""
    return Detector(earlier, lexicon).detect(new)
