"""Near-duplicates (docs/design.md §5, the weekly dedupe): two statements that say one thing in
other words — the order changed, a few words added or dropped, another form of a word, Thai or
Chinese with or without spaces — and never two values of one subject.

Two tests, both needed:

- The words: Dice over content tokens ≥ NEAR_DUPLICATE_DICE. Content tokens are English words
  stemmed (memory_store/stemming.py) without function words; Chinese characters and
  their bigrams, a run cut at function characters (的, 是, 在 …); Thai letter trigrams of a run
  with its spaces taken out (Thai puts no space between words, and a space put in or left out
  must not change the tokens).
- The values: what one statement gives as its value and the other does not (a number, in digits or
  in words — "ten MB"/"twenty-five MB", สิบ/ยี่สิบห้า, 十/二十五, 一萬二/一萬五 —, a time, a
  weekday or month, a name: "5432"/"6432", Tuesday/Thursday, 周二/周四, Postgres/MySQL, node-a/
  node-b, ธันวาคม/มกราคม), on both sides, makes two statements, however alike their words; so
  does one saying "not"/"never"/不/ห้าม where the other does not. A value said on one side only
  (a restatement that drops the name of the tool) does not.
- The parts: a statement about one service, team, customer or environment and the same statement
  about another are two statements, however alike their words ("Use Kafka for the auth service" /
  "… the billing service", Dice exactly 0.75; "auth 服务用 Kafka" / "计费服务用 Kafka"; "service auth
  ใช้ Kafka" / "service billing ใช้ Kafka"): merging them kept one decision and dropped the other
  part's. A part is named by a word beside a noun that names a kind of part (service, team,
  customer, 服务, ทีม … — the word before it in English and Chinese, after it in Thai and after a
  noun led by nothing: "service auth"), or by a part memory_store/supersede/concepts.txt knows
  (frontend, backend, staging, production …) or an environment (dev, QA, UAT, sandbox). Each
  statement naming a part the other does not name at all makes two; one naming a part the other
  leaves out (a restatement that drops "of the billing service") does not.

The threshold was set on tests/fixtures/near_duplicates/ (scripts/eval_near_duplicates.py,
docs/benchmarks.md); Jaccard ≥ 0.9 over plain tokens, the test before it, merged almost no
restatement. The weekly dedupe merges by this test (jobs/weekly/near_duplicates.py), and the
readers find the MEMORY.md item that stands for a merged entry by it
(memory_store/open_conflicts.stand_in). Pure: text in, an answer out.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from memory_store.stemming import stem
from memory_store.supersede.numerals import spelled_numbers

# Dice over content tokens (a Jaccard of d / (2 - d), which is what `similar_pairs` filters on).
NEAR_DUPLICATE_DICE = 0.75

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af"
_THAI = "\u0e00-\u0e7f"
_RUN = re.compile(rf"[{_CJK}]+|[{_THAI}]+|[a-z0-9][a-z0-9_.:%+#-]*[a-z0-9%#+]|[a-z0-9]")
_SPACE_IN = re.compile(rf"(?<=[{_CJK}{_THAI}])\s+(?=[{_CJK}{_THAI}])")
_CJK_RUN = re.compile(rf"^[{_CJK}]")
_THAI_RUN = re.compile(rf"^[{_THAI}]")

_EN_STOP = frozenset((
    "a", "an", "the", "and", "or", "of", "to", "for", "in", "on", "at", "by", "with", "from", "as", "is",
    "are", "was", "were", "be", "been", "being", "it", "its", "this", "that", "these", "those", "we", "our",
    "us", "you", "your", "i", "my", "me", "they", "them", "their", "he", "she", "his", "her", "will", "would",
    "shall", "should", "can", "could", "may", "might", "must", "do", "does", "did", "have", "has", "had",
    "so", "then", "than", "there", "here", "into", "onto", "per", "via", "also", "just", "only", "all",
    "each", "every", "any", "some", "get", "gets", "got",
))
# Chinese function characters: a run is cut at them (their bigrams name nothing).
_ZH_STOP = re.compile(r"[的了是在和与也都就要把被由给将着过吗呢吧啊呀只还又再很更最个位]+")
_THAI_STOP = re.compile(r"ของ|ที่|และ|ให้|ได้|แล้ว|เป็น|คือ|มี|ว่า|จะ|ก็|นะ|ครับ|ค่ะ|เท่านั้น|ต้อง|ไว้|ใน|กับ")

# Saying the opposite: one statement with it and one without are two statements.
_NEGATION = re.compile(r"\b(?:not|no|never|don't|dont|doesn't|mustn't|shouldn't|can't|cannot|without|avoid)\b"
                       r"|不|别|禁止|勿|没|未|ห้าม|ไม่|อย่า|งด")

_WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS_EN = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
              "october", "november", "december")
_WEEKDAYS_TH = ("จันทร์", "อังคาร", "พุธ", "พฤหัส", "ศุกร์", "เสาร์", "อาทิตย์")
_MONTHS_TH = ("มกรา", "กุมภา", "มีนา", "เมษา", "พฤษภา", "มิถุนา", "กรกฎา", "สิงหา", "กันยา", "ตุลา",
              "พฤศจิกา", "ธันวา")
_ZH_DAY = "一二三四五六日天"
_ZH_NUMERAL = "零〇一二两三四五六七八九十百千万半"
_VALUE_EN = re.compile(r"\b(?:" + "|".join(_WEEKDAYS_EN + _MONTHS_EN[:4] + _MONTHS_EN[5:]) + r")\b")
_VALUE_TH = re.compile("|".join(_WEEKDAYS_TH + _MONTHS_TH))
_VALUE_ZH = re.compile(rf"(?:周|星期|礼拜)[{_ZH_DAY}]"
                       rf"|[{_ZH_NUMERAL}]+(?:点|月|号|日|天|周|年|个|次|小时|分钟?|人|台|块|元|倍)")
_NUMBER = re.compile(r"\d+(?:[.:,]\d+)*")
_SERIES = re.compile(r"(?<![\w.-])[a-z][a-z0-9]*[-_](?:\d{1,3}|[a-z])(?![\w.-])")
# A name: a capitalised Latin word inside a sentence ("Use Postgres"), a word with a capital after
# its first letter anywhere ("MySQL"), and any Latin word in Thai or Chinese text ("用 MySQL").
_NAME_INSIDE = re.compile(r"(?<=[^\s.!?:])\s+([A-Z][\w.+#-]*)")
_NAME_MIXED = re.compile(r"\b([A-Za-z]+[A-Z][\w.+#-]*)")
_LATIN_WORD = re.compile(r"[A-Za-z][\w.+#-]*")
_THAI_DIGITS = str.maketrans("๐๑๒๓๔๕๖๗๘๙", "0123456789")
# Numbers in words that memory_store/supersede/numerals.py leaves as words (a bare "ten", สิบ, 五):
# a value here only where it is one — English ones words anywhere, Thai and Chinese ones before a unit.
_TRAD_NUMERALS = str.maketrans("萬億兩", "万亿两")
_EN_ONES = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_EN_BARE = re.compile(r"\b(" + "|".join(_EN_ONES) + r")\b")
_TH_ONES = ("หนึ่ง", "สอง", "สาม", "สี่", "ห้า", "หก", "เจ็ด", "แปด", "เก้า", "สิบ")
_TH_UNIT = ("เมกะไบต์|กิกะไบต์|กิโลไบต์|เทราไบต์|นาที|วินาที|ชั่วโมง|วัน|สัปดาห์|อาทิตย์|เดือน|ปี|ครั้ง|คน|"
            "เครื่อง|บาท|ตัว|รอบ|โหนด|เท่า|ชิ้น|ไฟล์")
_TH_BARE = re.compile(rf"({'|'.join(_TH_ONES)})(?=\s*(?:[a-z]|{_TH_UNIT}))")
_ZH_ONES = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_ZH_BARE = re.compile(rf"([{''.join(_ZH_ONES)}])(?=\s*[a-z])")


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).translate(_THAI_DIGITS)


@lru_cache(maxsize=4096)
def content_tokens(text: str) -> frozenset[str]:
    """The tokens the words test compares (module doc)."""
    folded = _SPACE_IN.sub("", _fold(text).casefold())
    out: set[str] = set()
    for m in _RUN.finditer(folded):
        run = m.group(0)
        if _CJK_RUN.match(run):
            for part in _ZH_STOP.split(run):
                out.update(part)
                out.update(part[i:i + 2] for i in range(len(part) - 1))
        elif _THAI_RUN.match(run):
            for part in _THAI_STOP.split(run):
                out.update([part] if len(part) <= 3 else [part[i:i + 3] for i in range(len(part) - 2)])
        elif run not in _EN_STOP:
            out.add(stem(run))
    out.discard("")
    return frozenset(out)


@lru_cache(maxsize=4096)
def values(text: str) -> frozenset[str]:
    """What a statement gives as a value (module doc), folded: numbers, times, weekdays and months
    (Thai ones by their stem: พฤหัส and พฤหัสบดี are one day), series members, names."""
    folded = _fold(text)
    low = folded.casefold()
    found = {m.group(0).replace(",", "") for m in _NUMBER.finditer(_in_digits(low))}
    found.update(m.group(0) for m in _VALUE_EN.finditer(low))
    if re.search(r"(?<=[^\s.!?:])\s+May\b", folded):
        found.add("may")
    found.update(m.group(0) for m in _VALUE_TH.finditer(low))
    found.update(m.group(0) for m in _VALUE_ZH.finditer(low))
    found.update(m.group(0) for m in _SERIES.finditer(low))
    # a capitalised function word is no name: "… per minute now We raised …" is a title and its
    # conclusion joined by a space, as the weekly compares them; a Latin letter in Thai or Chinese text
    # is one, as in A 座 and B 座
    names = [n for n in [m.group(1) for m in _NAME_INSIDE.finditer(folded)]
             + [m.group(1) for m in _NAME_MIXED.finditer(folded)] if n.casefold().rstrip(".") not in _EN_STOP]
    if re.search(f"[{_CJK}{_THAI}]", folded):
        names += _LATIN_WORD.findall(folded)
    found.update(stem(n.casefold().rstrip(".")) for n in names)
    return frozenset(found)


def _in_digits(low: str) -> str:
    """`low` (casefolded) with its numbers in words written in digits (module doc)."""
    out = spelled_numbers(low.translate(_TRAD_NUMERALS))
    out = _EN_BARE.sub(lambda m: str(_EN_ONES.index(m.group(1)) + 1), out)
    out = _TH_BARE.sub(lambda m: f" {_TH_ONES.index(m.group(1)) + 1} ", out)
    return _ZH_BARE.sub(lambda m: f" {_ZH_ONES[m.group(1)]} ", out)


@lru_cache(maxsize=4096)
def negated(text: str) -> bool:
    return _NEGATION.search(_fold(text).casefold()) is not None


def two_values(a: str, b: str) -> bool:
    """Do `a` and `b` each give a value the other does not, does one say the opposite, or do they
    speak of two parts (`two_parts`)? Any of these makes two statements."""
    va, vb = values(a), values(b)
    return bool(va - vb) and bool(vb - va) or negated(a) != negated(b) or two_parts(a, b)


# Nouns that name a kind of part: the word beside one names the part ("the auth service", "计费服务",
# "ระบบจอง"). English ones by their stem (memory_store/stemming.py).
_KIND_EN = frozenset(stem(w) for w in (
    "service", "services", "microservice", "team", "squad", "customer", "client", "tenant", "environment",
    "env", "cluster", "region", "database", "db", "repo", "repository", "project", "app", "module",
    "queue", "bucket", "site", "store", "shop", "worker", "server", "account", "department", "org",
    "workspace", "pipeline", "product", "brand", "channel", "namespace"))
_KIND_ZH = ("微服务", "服务器", "服务", "团队", "小组", "客户", "租户", "环境", "集群", "数据库", "仓库", "项目",
            "应用", "模块", "队列", "部门", "站点", "店铺", "账号", "产品线")
_KIND_TH = ("เซอร์วิส", "บริการ", "ระบบ", "ทีม", "ลูกค้า", "ฐานข้อมูล", "คลัสเตอร์", "โปรเจกต์", "โปรเจค",
            "สภาพแวดล้อม", "แผนก", "ร้าน", "บัญชี", "แอป")
_KIND_ZH_RE = re.compile("|".join(_KIND_ZH))
_KIND_TH_RE = re.compile("|".join(_KIND_TH))
_WORD = re.compile(rf"[{_CJK}]+|[{_THAI}]+|[a-z0-9][a-z0-9_.+#-]*[a-z0-9+#]|[a-z0-9]")
_ENVIRONMENT = re.compile(r"(?<![a-z0-9])(?:dev|development|qa|uat|sandbox|pre-?prod|canary)(?![a-z0-9])"
                          r"|开发环境|沙箱|灰度")


@lru_cache(maxsize=4096)
def _named_parts(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The words that name the parts `text` speaks of (module doc), and the parts concepts.txt
    knows (with the environments) it names."""
    from memory_store.supersede.concepts import load_concepts

    low = _folded(text)
    known = set(load_concepts().parts_of(low))
    known.update(m.group(0).replace("-", "") for m in _ENVIRONMENT.finditer(low))
    words = [m.group(0) for m in _WORD.finditer(low)]
    out: set[str] = set()
    for n, w in enumerate(words):
        before = words[n - 1] if n else ""
        after = words[n + 1] if n + 1 < len(words) else ""
        if _CJK_RUN.match(w):
            for m in _KIND_ZH_RE.finditer(w):
                lead = _ZH_STOP.split(w[:m.start()])[-1][-2:]
                out.add(lead if lead else _latin(before))
        elif _THAI_RUN.match(w):
            for m in _KIND_TH_RE.finditer(w):
                rest = _THAI_STOP.split(w[m.end():])[0][:3] if not _THAI_STOP.match(w[m.end():]) else ""
                out.add(rest if rest else _latin(after))
        elif stem(w) in _KIND_EN:
            lead = _latin(before)
            out.add(lead if lead and stem(lead) not in _KIND_EN else _latin(after))
    out.discard("")
    return frozenset(out), frozenset(known)


def _latin(word: str) -> str:
    """`word` when it is a Latin content word (it names something), else ''."""
    return word if word and word.isascii() and word not in _EN_STOP and not word[0].isdigit() else ""


def _absent(word: str, other: str) -> bool:
    """Is the part `word` names not named at all in `other`?"""
    if word.isascii():
        return stem(word) not in content_tokens(other) and word not in _fold(other).casefold()
    return word not in _SPACE_IN.sub("", _folded(other))


@lru_cache(maxsize=4096)
def _folded(text: str) -> str:
    """`text` folded as concepts.txt is read: NFKC, casefolded, traditional Chinese to simplified."""
    from memory_store.hanzi import to_simplified

    return to_simplified(_fold(text).casefold())


def two_parts(a: str, b: str) -> bool:
    """Does each of `a` and `b` name a part the other does not name at all (module doc)?"""
    words_a, known_a = _named_parts(a)
    words_b, known_b = _named_parts(b)
    if known_a - known_b and known_b - known_a:
        return True
    return any(_absent(w, b) for w in words_a) and any(_absent(w, a) for w in words_b)


def dice(a: frozenset[str], b: frozenset[str]) -> float:
    return 2 * len(a & b) / (len(a) + len(b)) if a or b else 1.0


def near_duplicate(a: str, b: str) -> float | None:
    """The Dice of two statements that are near-duplicates, None when they are not."""
    score = dice(content_tokens(a), content_tokens(b))
    if score < NEAR_DUPLICATE_DICE or two_values(a, b):
        return None
    return score


