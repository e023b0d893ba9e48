"""The thing a retire verb takes out of use (docs/design.md §6): "turn off the telegram bot", "remove
Telegram", "ปิด telegram bot ไปเลย", "关掉 telegram bot，只用 LINE".

A choice ("Telegram for internal pings") is reversed by a statement that retires the thing it chose,
however little else the two share: the one name they share is what the choice was. The thing is the
Latin words right after a verb of cues/*.txt [retire] (a determiner skipped), and only where the
phrase ends there — a clause break, "and", "now", a Thai or Chinese particle (ไป, เลย, 了): "turn
off Redis persistence" retires a setting of Redis, not Redis. The rest of the phrase after the name
is the earlier entry's words or makes one tool's name with it ("telegram bot", roles/*.txt).

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


def retired_things(text: str, lexicon: Lexicon) -> list[tuple[str, str]]:
    """(cue, the thing's words) for each retire verb of `text` with a thing right after it."""
    folded = normalise(text)
    out = []
    for m in lexicon.cues["retire"].finditer(folded):
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
