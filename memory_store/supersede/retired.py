"""The thing a retire verb takes out of use (docs/design.md §6): "turn off the telegram bot", "remove
Telegram", "ปิด telegram bot ไปเลย", "关掉 telegram bot，只用 LINE".

A choice ("Telegram for internal pings") is reversed by a statement that retires the thing it chose,
however little else the two share: the one name they share is what the choice was. The thing is the
Latin words right after a verb of cues/*.txt [retire] (a determiner skipped), and only where the
phrase ends there — a clause break, "and", "now", a Thai or Chinese particle (ไป, เลย, 了): "turn
off Redis persistence" retires a setting of Redis, not Redis. The rest of the phrase after the name
is the earlier entry's words or makes one tool's name with it ("telegram bot", roles/*.txt).

A retire verb under a no in its clause keeps the thing ("never disable Telegram", "nobody may remove
Telegram", "อย่าปิด telegram bot", "别关掉 telegram", "禁止关掉 telegram"), and one said of every time ("ลบ
Redis cache ก่อน deploy ทุกครั้ง", "before every release, delete the Redis cache") is upkeep of the thing,
not its end: neither retires it.

The name is a name: written with a capital inside a sentence, a Latin word inside Thai or Chinese
text, or a tool of the role files; a role noun ("the cache") or a plain word capitalised only
because a title starts with it chooses nothing.

Pure: text in, a cue or None out.
"""
from __future__ import annotations

import re

from memory_store.stemming import stem
from memory_store.supersede.lexicon import Lexicon
from memory_store.supersede.subject import normalise, said_in, subject_tokens

# The phrase after the verb: up to three Latin words, then an end (the shortest that has one).
_THING = re.compile(
    r"\s*(?:(?:the|our|my|this|that|all|old|existing)\s+)*"
    r"([a-z][\w.+-]*(?:\s+[a-z][\w.+-]*){0,2}?)"
    r"(?=\s*(?:$|[,.;:!?，。；：！？、()\n—–]|-\s"
    r"|\s(?:and|then|now|too|completely|entirely|altogether|for good|as well|already|today)\b"
    r"|(?:ไป|เลย|แล้ว|ทิ้ง|ด้วย|นะ|ออก|ก่อน|ใช้|了|吧|掉|改用|换成|只用|用)))")
# A capitalised word that does not open a sentence.
_INNER_NAME = re.compile(r"(?<![.!?:]\s)(?<!^)\b[a-z0-9]*[A-Z][\w.+-]*", re.MULTILINE)
_OTHER_SCRIPT = re.compile(r"[\u0e00-\u0e7f\u3400-\u9fff]")
# A no or a prohibition before the verb in its clause: the thing is kept. ("don't forget to", อย่าลืม,
# 别忘了 ask for it.)
_KEPT = re.compile(
    r"\b(?:never|not|don'?t|do not|doesn'?t|does not|didn'?t|did not|won'?t|will not|shouldn'?t|should not"
    r"|must not|mustn'?t|may not|can'?t|cannot|nobody|no one)\b(?!\s*(?:forget|fail)\b)"
    r"|(?:อย่า|ห้าม|ไม่ต้อง|ไม่ให้|别|不要|禁止|不准|不许|不能|不得|不可以|不用|不必|勿)(?!ลืม|忘)")
# Where the clause before a verb starts.
_CLAUSE_START = re.compile(r"[,.;:!?，。；：！？\n]|\b(?:and|but|then|so)\b|แล้ว|แต่|然后|但|所以")
# Where the sentence of a verb ends.
_SENTENCE_END = re.compile(r"[.;!?。；！？\n]")
# A retire said of every time: upkeep, not the thing's end.
_RECURRING = re.compile(
    r"\b(?:every|each)\s+(?:time|day|night|morning|evening|week|month|hour|release|deploy\w*|build|run|sprint"
    r"|launch|restart|commit|merge|push|test|session|cycle)s?\b|\b(?:before|after|on|at|with)\s+(?:every|each)\b"
    r"|\bwhenever\b|ทุกครั้ง|ทุกรอบ|ทุกที|ทุกวัน|ทุกคืน|ทุกเช้า|ทุกสัปดาห์|ทุกอาทิตย์|每次|每回|每当|每逢|每天|每晚|每周")


def _kept(folded: str, start: int) -> bool:
    """Is the retire verb at `start` of `folded` under a no in its clause, or said of every time?"""
    before = folded[:start]
    cut = max((m.end() for m in _CLAUSE_START.finditer(before)), default=0)
    if _KEPT.search(before[cut:]):
        return True
    begin = max((m.end() for m in _SENTENCE_END.finditer(before)), default=0)
    end = _SENTENCE_END.search(folded, start)
    return _RECURRING.search(folded[begin:end.start() if end else len(folded)]) is not None


def retired_things(text: str, lexicon: Lexicon) -> list[tuple[str, str]]:
    """(cue, the thing's words) for each retire verb of `text` with a thing right after it, not
    under a no nor said of every time."""
    folded = normalise(text)
    out = []
    for m in lexicon.cues["retire"].finditer(folded):
        if _kept(folded, m.start()):
            continue
        thing = _THING.match(folded, m.end())
        if thing:
            out.append((m.group(0).strip(), thing.group(1).strip().rstrip(".")))
    return out


def _is_name(word: str, texts: tuple[str, ...], lexicon: Lexicon) -> bool:
    """Is `word` (folded) written as a name in one of `texts` (as written): a capital inside a
    sentence, or a Latin word in Thai or Chinese text?"""
    for text in texts:
        if any(m.group(0).casefold().rstrip(".") == word for m in _INNER_NAME.finditer(text)):
            return True
        if _OTHER_SCRIPT.search(text) and re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", normalise(text)):
            return True
    return False


def retires(text: str, old_title: str, old_full: str, lexicon: Lexicon) -> str | None:
    """The retire cue of `text` whose thing is the name the earlier entry's title chose, or None."""
    title = subject_tokens(old_title, lexicon)
    old = subject_tokens(old_full, lexicon)
    for cue, thing in retired_things(text, lexicon):
        words = thing.split()
        first = stem(words[0])
        if len(first) < 3 or not first[0].isalpha() or not said_in(first, title) or lexicon.is_noun(words[0]):
            continue
        roles = lexicon.roles_of(thing)
        tool = any(t == thing and not lexicon.is_noun(t) for terms in roles.values() for t in terms)
        rest = [stem(w) for w in words[1:]]
        if not tool and not all(said_in(w, old) for w in rest):
            continue
        if tool or _is_name(words[0], (text, old_full), lexicon):
            return cue
    return None
