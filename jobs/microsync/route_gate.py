"""A cheap check before the preference router (memory_store/core/router.py), once per user turn.

The router runs ~300 patterns over every user turn, and most turns of a real history are
requests and questions it routes nowhere. It returns something only when at least one pattern of
a trigger field of its lexicons matches the turn (or the turn without its quotes): a standing or
habitual marker, a memory verb, forget, confirm, a fact about the user, an expertise cue or a key.
The gate asks that one question: each of those patterns gives a literal that every match of it
contains (memory_store/regex_literals.py), one trie regex of them all runs over the lower-cased turn,
and the few patterns without such a literal, or with only a short common one, are searched as they
are. A turn the gate stops is a turn the router would have returned None for; the rules themselves
are the router's, read from its lexicons when the gate is built (tests/jobs/microsync/test_route_gate.py compares
gated and ungated output).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from memory_store.core.router import LEXICONS, unquoted
from memory_store.regex_literals import fold, required_of, trie_regex

# The lexicon fields one of which matches in every turn the router routes (router.route): the
# others (decline, not_mine, complaint, agent_rule, topics) only veto or refine such a turn.
TRIGGERS = ("standing", "habitual", "long_term", "remember_self", "forget", "confirm", "self_fact", "session_scope",
            "expertise_high", "expertise_low", "expertise_known")


@dataclass(frozen=True)
class RouteGate:
    literals: re.Pattern[str]             # trie of the required literals, over lower-cased text
    # patterns without a selective required literal, each with the literals one of which it requires
    # (folded, memory_store/regex_literals.py; () for none): searched only when the text holds one
    loose: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...]

    def may_route(self, turn: str) -> bool:
        """False only when the router cannot route `turn` (whatever the assistant said before it)."""
        texts = (turn,) if turn == (bare := unquoted(turn)) else (turn, bare)
        return any(self.literals.search(t.lower()) is not None or self._loose(t) for t in texts)

    def _loose(self, text: str) -> bool:
        folded = fold(text)
        for rx, needs in self.loose:
            if needs:
                for n in needs:
                    if n in folded:
                        break
                else:
                    continue    # none of its literals: it cannot match
            if rx.search(text) is not None:
                return True
        return False


def trigger_patterns() -> list[str]:
    out = [p for lex in LEXICONS for field in TRIGGERS for p in getattr(lex, field)]
    out += [pattern for lex in LEXICONS for _, pattern, _ in lex.keys]
    return out


def _weak(literal: str) -> bool:
    """A literal too common in code and chat to gate on ("/", " in ", "est"): its pattern is
    searched as it is instead (a Thai or Chinese literal of one or two characters is selective)."""
    return not literal.strip() or (literal.isascii() and len(literal.strip()) < 4)


@cache
def route_gate() -> RouteGate:
    anchors: set[str] = set()
    loose: list[tuple[re.Pattern[str], tuple[str, ...]]] = []
    for pattern in dict.fromkeys(trigger_patterns()):
        required = required_of(pattern, re.IGNORECASE)
        if required is None or not required[0] or any(_weak(lit) for lit in required[0]):
            needs = tuple(sorted({fold(lit) for lit in required[0]})) if required and all(required[0]) else ()
            loose.append((re.compile(pattern, re.IGNORECASE), needs))
        else:
            anchors.update(required[0])
    return RouteGate(trie_regex(anchors), tuple(loose))
