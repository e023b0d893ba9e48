"""The part of a role a tool serves, as a statement qualifies it: "for card payments", "สำหรับจ่าย
ผ่าน QR", "用于扫码支付", "扫码支付用 PromptPay".

Two tools of one role, each qualified for another part of it ("Use Stripe for card payments",
"Use PromptPay for QR payments"), serve two sub-roles side by side: neither replaces nor
contradicts the other. The same qualifier ("Use Adyen for card payments") is one sub-role given
another tool, a possible conflict as before; so is a statement with no qualifier.

Across languages two qualifiers share no word; they say one part when they name the same concepts
(memory_store/supersede/concepts.txt: "for the session cache" / "会话缓存用 Memcached").

Pure: normalised text in (memory_store/supersede/subject.normalise), tokens out.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from memory_store.supersede.concepts import load_concepts
from memory_store.supersede.lexicon import Lexicon
from memory_store.supersede.subject import ROLE_PREFIX, subject_tokens

_CJK = "\u4e00-\u9fff"
_OTHER_SCRIPT = re.compile(rf"[{_CJK}\u0e00-\u0e7f]")
# English: "for" and up to three words, up to a clause break or a word that starts another part
# ("for card payments via the app", "for the orders service, with …"). Thai: สำหรับ (or ไว้) and the
# Thai run after it, with a Latin word that ends it ("สำหรับจ่ายผ่าน QR"). Chinese: 用于/用来 and the run
# after it, or the run before 用/使用/走/接 that stands before a Latin name ("扫码支付用 PromptPay").
# (Normalised text: NFKC writes the vowel ำ as two code points.)
_QUALIFIER = re.compile(
    r"\bfor\s+(?:the\s+|our\s+|all\s+|a\s+|an\s+)?"
    r"((?:(?!(?:with|via|from|because|since|and|but|so|in|on|at|by|to|instead|now)\b)[a-z0-9][\w-]*\s*){1,3})"
    r"|(?:ส(?:\u0e33|\u0e4d\u0e32)หรับ|ไว้)\s*([\u0e00-\u0e7f]+(?:\s+[a-z][\w-]*)?)"
    rf"|(?:用于|用来)\s*([{_CJK}]{{2,8}})"
    rf"|([{_CJK}]{{2,8}}?)(?:使用|用|走|接入?)\s*(?=[a-z])")


@dataclass(frozen=True)
class Qualifier:
    tokens: frozenset[str]       # its subject tokens (roles left out)
    concepts: frozenset[str]     # the concepts it names (memory_store/supersede/concepts.txt)
    latin: bool                  # written in Latin letters only


def qualifiers(text: str, lexicon: Lexicon) -> list[Qualifier]:
    """The qualifiers `text` (normalised) gives."""
    out = []
    for m in _QUALIFIER.finditer(text):
        phrase = next(g for g in m.groups() if g)
        tokens = frozenset(t for t in subject_tokens(phrase, lexicon) if not t.startswith(ROLE_PREFIX))
        if tokens:
            named = frozenset(load_concepts().concepts_of(phrase))
            out.append(Qualifier(tokens, named, not _OTHER_SCRIPT.search(phrase)))
    return out


def _same(a: Qualifier, b: Qualifier) -> bool:
    """Do two qualifiers say one part: one's words among the other's; in two scripts, the same
    concepts ("for the session cache" / 会话缓存用 …), since they share no word."""
    if a.latin != b.latin:
        return bool(a.concepts) and a.concepts == b.concepts
    return a.tokens <= b.tokens or b.tokens <= a.tokens


def sub_roles_differ(new_text: str, old_text: str, lexicon: Lexicon) -> bool:
    """Does each statement qualify what its tool serves, and no qualifier of one say what a
    qualifier of the other says (each names a word the other lacks): two parts of one role?"""
    new, old = qualifiers(new_text, lexicon), qualifiers(old_text, lexicon)
    if not new or not old:
        return False
    return not any(_same(a, b) for a in new for b in old)
