"""Two statements that give one quantity different values, or fill one role with different tools:
the signals of a *possible conflict* (docs/design.md §6.4) when nothing says the new one replaces
the old.

A quantity is a number with what stands beside it: its unit written on it ("500ms", "15k"), the
word after it ("18 months", "20 pages") and, for Thai and Chinese, the few characters on either
side ("วันละ 300 บาท", "72 小时", "12 万字"). Two statements disagree on a quantity when they share
such a context and no value: "AWS spend cap is 15k a month" and "Monthly AWS bill must stay under
12k USD", "一次实验最多 72 小时" and "单次实验不超过 48 小时". A date or a count said about something
else shares no context ("abstract max 2000 characters" and "narrative max 15 pages").

Pure: normalised text in (memory_store/supersede/subject.normalise), sets out.
"""
from __future__ import annotations

import re
from collections.abc import Collection

from memory_store.supersede.concepts import load_concepts
from memory_store.supersede.measures import measures
from memory_store.supersede.numerals import spelled_numbers

_THAI = "\u0e00-\u0e7f"
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# A number not inside a name or an identifier ("us-east-1", "gpt-4o", "HELLO10", "v2"), with an
# optional unit written on it (a micro sign or a degree too: "10µa", "38°c").
_NUMBER_RE = re.compile(r"(?<![a-z0-9_./-])(\d+(?:,\d{3})*(?:\.\d+)?)([a-z%μ°]{0,3})(?![a-z0-9])")
_LATIN_WORD_RE = re.compile(r"[a-z][a-z&'-]*")
WEEKDAY = "~weekday"
CLOCK = "@clock"      # the hours of the day (memory_store/supersede/measures.py)
_SCALE = {"k": 1_000.0, "m": 1_000_000.0}
_CJK_SCALES = {"万": 10_000.0, "亿": 100_000_000.0}
_CJK_SCALE = re.compile(r"\s*(万|亿)")
# Words beside a number that name no quantity: "is 15", "at 3", "by day 5" say nothing of what is
# counted.
_EMPTY = frozenset({
    "a", "an", "the", "is", "are", "was", "be", "at", "by", "on", "in", "of", "to", "for", "and", "or",
    "it", "its", "we", "our", "max", "min", "up", "under", "over", "about", "around", "least", "most",
    "than", "from", "until", "each", "every", "per", "only", "just", "no", "not", "with", "after",
    "before", "within", "now", "then", "x",
})
# Characters of a Thai or Chinese context: two for Chinese (a word is often two characters), three
# for Thai (about a syllable).
_CJK_SPAN = 2
_THAI_SPAN = 3


def _value(digits: str, unit: str) -> float:
    v = float(digits.replace(",", ""))
    return v * _SCALE.get(unit, 1.0)


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _after(text: str, end: int) -> str | None:
    rest = text[end:end + 12].lstrip()
    if not rest:
        return None
    first = rest[0]
    if "\u0e00" <= first <= "\u0e7f":
        run = re.match(f"[{_THAI}]+", rest)
        return run.group(0)[:_THAI_SPAN] if run else None
    if re.match(f"[{_CJK}]", first):
        run = re.match(f"[{_CJK}]+", rest)
        return run.group(0)[:_CJK_SPAN] if run else None
    m = _LATIN_WORD_RE.match(rest)
    if m and m.group(0) not in _EMPTY:
        return _stem(m.group(0))
    return None


def _before(text: str, start: int) -> str | None:
    """Thai and Chinese only: an English word before a number ("is", "cap", "under") rarely names
    what is counted, the characters before a Thai or Chinese number often do (วันละ 300, 最多 72)."""
    head = text[max(0, start - 12):start].rstrip()
    if not head:
        return None
    run = re.search(f"[{_THAI}]+$", head)
    if run:
        return run.group(0)[-_THAI_SPAN:]
    run = re.search(f"[{_CJK}]+$", head)
    if run:
        return run.group(0)[-_CJK_SPAN:]
    return None


def quantities(text: str) -> dict[str, set[float]]:
    """Context -> the values `text` gives a number in that context (normalised text)."""
    out: dict[str, set[float]] = {}
    text = spelled_numbers(text)     # "two thousand words", 一万五, สามแสนห้า
    for m in _NUMBER_RE.finditer(text):
        digits, unit = m.group(1), m.group(2)
        value = _value(digits, unit)
        keys = []
        end = m.end()
        scale = _CJK_SCALE.match(text, end) if not unit else None
        if scale:
            # "2.8 万", "3.5 万": a Chinese ten thousand written on a number, an amount of one kind
            # as "15k" is (spelled_numbers reads 一万五, not a figure with a decimal point)
            unit, end = scale.group(1), scale.end()
            value *= _CJK_SCALES[unit]
        if unit:
            keys.append("#" + unit)   # "500ms" and "200ms"; "15k" and "12k" are amounts of one kind
        after = _after(text, end)
        if after:
            keys.append(">" + after)
        before = _before(text, m.start())
        if before:
            keys.append("<" + before)
        for k in keys:
            out.setdefault(k, set()).add(value)
    for k, values in measures(text).items():
        out.setdefault(k, set()).update(values)
    # The days of the week, in any language (memory_store/supersede/concepts.txt): "deploys on
    # Tuesdays" and "部署改回周四" give one subject two values.
    days = load_concepts().weekdays(text)
    if days:
        out[WEEKDAY] = {float(d) for d in days}
    return out


def bare_numbers(clause: str) -> list[tuple[str, float]]:
    """The numbers of a clause (normalised, Latin script) said with no unit and no word after them
    ("the retry limit is 3", "pool size: 8"), each with the text before it: what the number is of,
    for the caller to compare. `quantities` has no context for these."""
    out: list[tuple[str, float]] = []
    for m in _NUMBER_RE.finditer(clause):
        if m.group(2) or _after(clause, m.end()) or clause[m.end():].strip(" .:;!?"):
            continue
        before = clause[:m.start()]
        # a value given to what stands before it ("… is 3", "…: 8", "… set to 500"), not a number
        # that names one of several ("keep deploy 2", "room 12", "phase 3")
        if _GIVEN.search(before):
            out.append((before, _value(m.group(1), "")))
    return out


_GIVEN = re.compile(r"(?:\b(?:is|are|was|be|to|at|of)|[:=])\s*$")


# A length of time is given in calendar units that are not exact: "一年" and "12 个月" (365 and 360
# days), "半年" and "180 天" are one length. Two lengths this close (a share of the longer) are equal.
TIME_SLACK = 0.03


def _same(key: str, a: float, b: float) -> bool:
    if key == "~time":
        return abs(a - b) <= TIME_SLACK * max(a, b)
    return a == b


def _common(key: str, new: set[float], old: set[float]) -> bool:
    return any(_same(key, a, b) for a in new for b in old)


def _unmatched(key: str, new: set[float], old: set[float]) -> int:
    return sum(1 for a in new if not any(_same(key, a, b) for b in old))


def values_differ(new: dict[str, set[float]], old: dict[str, set[float]]) -> bool:
    """Do the two statements give a quantity they share different values (and no quantity a value
    in common, except a unit given one value in each)?"""
    shared = [k for k in new if k in old]
    # One measure (a unit) given one value in each is another value, whatever number both keep
    # beside it ("Line 3 camera … 16mm lens" / "Line 3 camera … 12mm lens": the 3 names the line).
    if any(k.startswith("#") and len(new[k]) == len(old[k]) == 1 and not new[k] & old[k] for k in shared):
        return True
    # A time of day or a day of the week is a value like a quantity (docs/design.md §6.4): given
    # another one, it differs though how often it happens stays ("every day at 3 am" / "every day
    # at 5 am", "每天凌晨 3 点" / "每天凌晨 5 点": daily in both is when it recurs, not its value).
    if any(k in (CLOCK, WEEKDAY) and not _common(k, new[k], old[k]) for k in shared) \
            and not values_split(new, old):
        return True
    # (the same days of the week are no value in common: "Thursdays 4:30" / "Thursdays at 5:30" is one
    # lesson at another hour; a day kept and another added beside it is, `values_split`)
    return bool(shared) and any(not _common(k, new[k], old[k]) for k in shared) \
        and not any(_common(k, new[k], old[k]) for k in shared if not (k == WEEKDAY and new[k] == old[k]))


def values_split(new: dict[str, set[float]], old: dict[str, set[float]]) -> bool:
    """Does the new statement keep the earlier value of a quantity they share and give it another
    one as well ("teachers may upload 500 MB, students stay at 20 MB" after "uploads at most 20 MB";
    "ETF 不受 5% 的限制，单只最多可以到 20%")? Part of what the earlier statement covered gets
    another value: an exception or a refinement, not a rival value. One other value: a statement
    listing several ("water at 6 am and 4 pm, never after 10 pm" beside "push firmware only after
    10 pm") is about something else that happens at those times."""
    return any(_common(k, new[k], old[k]) and _unmatched(k, new[k], old[k]) == 1 for k in new if k in old)


def fillers_differ(new: dict[str, frozenset[str]], old: dict[str, frozenset[str]],
                   roles: Collection[str] | None = None) -> bool:
    """Does a role both statements name get a term from each that the other does not name
    ("Weights & Biases" for the experiment tracking "MLflow" holds, GitHub Actions for GitLab CI)?"""
    for role in (roles if roles is not None else new.keys() & old.keys()):
        if role in new and role in old and new[role] - old[role] and old[role] - new[role]:
            return True
    return False


# Which one of several alike things a statement is about: a member of the family, a lettered
# building or zone, a numbered code or room. Two statements that each name one, and not the same
# one, are about two things written from one template ("แม่นัดหมอตา … ทุก 3 เดือน" and "พ่อนัดหมอฟัน
# … ทุก 6 เดือน"; "A 座的水泵" and "B 座的升降机"; "代码 8 开头的门店" and "代码 9 开头的门店"), not
# one thing given another value. Each pattern's group is the member; the kind is its key.
_DESIGNATORS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("kin", re.compile(
        r"\b(father|dad|mother|mom|mum|wife|husband|son|daughter|brother|sister|grandma|grandpa|grandmother"
        r"|grandfather)(?:'s)?\b"
        r"|(พ่อ(?!ค้า|ครัว|บ้าน)|แม่(?!น้|บ้าน|ค้า|ครัว|แบบ|ข่าย|เหล็ก)|ภรรยา|สามี|ลูกชาย|ลูกสาว|ปู่|(?<!อ)ย่า|ยาย)"
        r"|(爸爸?|父亲|妈妈?|母亲|太太|老婆|老公|丈夫|儿子|女儿|爷爷|奶奶|外婆|外公)")),
    ("lettered", re.compile(
        r"\b(?:building|block|zone|wing|tower|phase|site|hall)\s+([a-h])\b"
        r"|(?:ตึก|อาคาร|โซน)\s*([a-h])\b"
        r"|(?<![a-z0-9])([a-h])\s*(?:座|栋|楼|区|馆|号楼)")),
    ("numbered", re.compile(
        r"\b(?:code|room|gate|store|branch|line|no\.?|#)\s*(\d+)\b"
        r"|(?:代码|编号|门市|门店|房间?|รหัส|ห้อง|สาขา)\s*(\d+)")),
)


# A member of a named series: a name, a hyphen or an underscore, and a letter or a short number
# ("node-a", "web-01", "worker_3", "rack-12"): "node-a runs the scheduler" and "node-b runs the
# scheduler" are about two machines. Its kind is the series ("series:node"), its member the mark.
# A tool's version written so ("gpt-4", "llama-3") is not a series: memory_store/supersede/detect.py
# leaves out the marks that name a tool (roles/*.txt).
_SERIES = re.compile(r"(?<![\w.-])([a-z][a-z0-9]*?)[-_](\d{1,3}|[a-z])(?![\w.-])")
SERIES = "series:"


# Where a statement's subject ends: its first copula ("the staging server is stg-09": stg-09 is the
# value, not another server; "node-a runs the scheduler" has none, so node-a is the subject).
_COPULA = re.compile(r"\s(?:is|are|was|were|becomes?|moved to|goes to)\s|\s=\s|[:：]\s?|是|为|為|คือ|เป็น")


def subject_part(text: str) -> str:
    """`text` (normalised) before its first copula, or the whole of it when it has none."""
    m = _COPULA.search(text)
    return text[:m.start()] if m else text


def designators(text: str) -> dict[str, frozenset[str]]:
    """Kind -> the members of it `text` (normalised) names: "kin" {"แม่"}, "lettered" {"b"},
    "series:node" {"a"}, ..."""
    out: dict[str, set[str]] = {}
    for kind, pattern in _DESIGNATORS:
        for m in pattern.finditer(text):
            member = next(g for g in m.groups() if g)
            out.setdefault(kind, set()).add(_KIN.get(member, member))
    for m in _SERIES.finditer(text):
        out.setdefault(SERIES + m.group(1), set()).add(m.group(2).lstrip("0") or "0")
    return {k: frozenset(v) for k, v in out.items()}


_KIN = {"dad": "father", "mom": "mother", "mum": "mother", "爸": "爸爸", "父亲": "爸爸", "妈": "妈妈",
        "母亲": "妈妈", "老婆": "太太", "丈夫": "老公", "grandmother": "grandma", "grandfather": "grandpa"}


def other_member(new: dict[str, frozenset[str]], old: dict[str, frozenset[str]]) -> bool:
    """Do the two name members of one kind and none in common (another family member, building,
    code)?"""
    return any(kind in old and not (members & old[kind]) for kind, members in new.items())


# An identifier said as a value (a licence plate, a card or membership number, a postcode): capital
# letters and digits together ("KN19 XWD", "B2-117", "M20 6RT"), a Chinese plate ("浙A·7K2Q9"), a Thai
# plate after ทะเบียน ("ทะเบียน นข 4521", "ทะเบียนรถเก๋ง 2กท 7730"). Read as written (capitals are what
# mark it), compared without its spaces and dots.
_CODE = re.compile(r"(?<![\w·-])(?:[A-Z0-9]{2,}(?:[ ·-][A-Z0-9]{2,})*)(?![\w·-])"
                   r"|[\u4e00-\u9fff][A-Z][·.]?[A-Z0-9]{5}"
                   r"|ทะเบียน[\u0e00-\u0e7f]{0,8}? ?(?P<th>\d?[\u0e01-\u0e2e]{2} ?\d{1,4})(?!\d)")
_CODE_SEP = re.compile(r"[ ·.-]")


def codes(text: str) -> set[str]:
    """The identifiers `text` (as written, not folded) gives: letters and digits together."""
    out = set()
    for m in _CODE.finditer(text):
        code = _CODE_SEP.sub("", m.group("th") or m.group(0)).upper()
        if any(c.isdigit() for c in code) and any(not c.isdigit() for c in code) and len(code) >= 4:
            out.add(code)
    return out


def codes_differ(new: set[str], old: set[str]) -> bool:
    """Do both give an identifier, and none in common?"""
    return bool(new) and bool(old) and not new & old
