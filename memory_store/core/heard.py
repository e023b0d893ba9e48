"""The user's preference statements in a session's transcript records (docs/design.md §6): each user
turn routed (memory_store/core/router.py) with the assistant turn just before it as context, cited as
`chat:<session_id>#L<first>-L<last>` and timed by the statement itself (so an older statement never
overrides a newer value and a rerun changes nothing)."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

from memory_store.core.router import REMEMBER_LEAD, Routed, language_of, one_sara_am, route, without_lead
from memory_store.core.take_back import retracts, takes_back
from memory_store.redact import redact
from memory_store.transcripts.records import Flag, Record, Role

EXCERPT_MAX = 200
TAKE_BACK_TURNS = 2     # user turns after a yes in which taking it back withdraws it
_ASKS = re.compile(r"[?？]|ไหม|มั้ย|吗|嗎")
# the agent's turn after a setting offers or does something more ("I'll also…", "want me to…", "我也可以…",
# "…ด้วย"): a take-back after it may be about that, not the setting
_OFFERS = re.compile(r"\b(also|too|as well|additionally|in addition|want me to|would you like|shall i|should i"
                     r"|i can|i could|let me)\b|也|还可以|還可以|要不要|需要我|我可以|ด้วย|เพิ่ม|ให้(ผม|ฉัน|หนู)",
                     re.IGNORECASE)


@dataclass(frozen=True)
class _Yes:
    """What a take-back in the next turn or two would withdraw: a yes to an offer (`ref` ""), the user's own
    "remember …" or a setting (`ref` their turn; `setting`: withdrawn only by a retraction of their words)."""
    routed: Routed
    n: int
    ref: str
    setting: bool = False


@dataclass(frozen=True)
class Heard:
    routed: Routed
    session_id: str
    ref: str            # chat:<session_id>#L41-L47
    ts: datetime        # the statement's own time (UTC)
    line_end: int
    excerpt: str        # the user's words, redacted, ≤ 200 characters
    taken_back: str = ""    # a take-back of the user's own "remember …": the ref of the turn it takes back

    def to_dict(self) -> dict[str, object]:
        return {**self.routed.to_dict(), "session_id": self.session_id, "ref": self.ref,
                "ts": self.ts.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"), "excerpt": self.excerpt}


def excerpt(text: str) -> str:
    """The user's words as kept with a statement: redacted, on one line, at most 200 characters."""
    flat = " ".join(redact(text).split())
    return flat if len(flat) <= EXCERPT_MAX else flat[: EXCERPT_MAX - 1] + "…"


def user_turns(records: Iterable[Record]) -> Iterator[tuple[Record, str | None]]:
    """Each user turn with the assistant's text just before it (what a "yes" answers), or None;
    meta, compaction, tool and empty records are skipped."""
    context: str | None = None
    for r in records:
        if Flag.META in r.flags or Flag.COMPACTION in r.flags or r.is_tool or not r.text.strip():
            continue
        if r.role == Role.ASSISTANT:
            context = r.text
        elif r.role == Role.USER:
            yield r, context
            context = None


def heard(records: Iterable[Record], after_line: int = 0,
          may_route: Callable[[str], bool] | None = None) -> list[Heard]:
    """The routed user turns of one session's records whose last line is after `after_line`.
    `may_route`, when given, is a cheap check that is False only for a turn `route` returns None
    for (jobs/microsync/route_gate.py): such a turn is not routed at all.

    A turn that takes back the user's yes to an offer (memory_store/core/take_back.py) — one of the
    next `TAKE_BACK_TURNS` user turns after that yes, with no new question of the assistant between —
    is heard as a forget of what the yes kept (`Routed.to == "withdraw"`, key and value of the yes). The
    user's own "remember …" ("remember that my parking spot is B17", "记住我的储物柜号码是 C33", "จำไว้ว่า
    ที่จอดรถของผมคือ P9"), routed or not, is taken back the same way by the very next user turn when that
    turn names nothing else ("scratch that", "算了，别记了", "ไม่ต้องจำแล้ว"; not "ลบไฟล์ภาษาอังกฤษออก
    ไม่ต้องแล้ว", which drops a file): what it staged or wrote is withdrawn, and `Heard.taken_back` names its turn, whose
    daily-log Remember entry is withdrawn too (memory_store/core/forget_logged.py). So is a setting said
    without it ("call me Tom from now on", "以后叫我小汤", "จากนี้ไปเรียกผมว่าต้อม"), by a very next turn
    that takes back the user's own words ("scratch that", "forget I said that", "算了，当我没说", "ไม่เอาแล้ว
    ลืมที่บอกไป": `retracts`) with no agent's turn between that asks or offers something more: a bare "no
    thanks" answers the agent, and a take-back after another statement is about that one. What the setting
    wrote is withdrawn and the value it replaced is served again (memory_store/core/forget_named.py
    `withdraw`, `restore`)."""
    from memory_store.core.forget_named import named_by

    out: list[Heard] = []
    yes: _Yes | None = None
    for n, (r, context) in enumerate(user_turns(records)):
        got = route(r.text, context) if may_route is None or may_route(r.text) else None
        ref = f"chat:{r.session_id}#{r.message_range}"
        if yes is not None and (n - yes.n > TAKE_BACK_TURNS or (context and _ASKS.search(context))):
            yes = None      # too late, or the assistant asked something new: a "no" answers that
        taken = ""
        if yes is not None and yes.ref and (n - yes.n > 1 or named_by(r.text, "")):
            yes = None      # the user's own statement: taken back only by the very next turn, naming nothing else
        if yes is not None and yes.setting and (not retracts(r.text) or (context and not _acknowledges(context))):
            yes = None      # a setting: not by a bare "no thanks", nor after the agent said something more
        if yes is not None and (got is None or (got.label == "forget" and not got.value)) \
                and (back := takes_back(r.text)) is not None:
            got = Routed("forget", yes.routed.key, yes.routed.value, language_of(r.text), back.group(0), "withdraw")
            taken, yes = yes.ref, None
        elif got is not None and got.label == "confirm" and got.key:
            yes = _Yes(got, n, "")
        elif (got is None or got.label == "explicit") and _asks_to_keep(r.text):
            # the user's own "remember …": a take-back in the next turn withdraws it, and its log entry
            said = one_sara_am(r.text)
            own = got or Routed("explicit", "user.other", without_lead(said), language_of(said), "", "")
            yes = _Yes(own, n, ref)
        elif got is not None and got.label == "explicit" and got.key:
            # a setting ("call me Tom from now on"): withdrawn by a "scratch that" in the very next turn, the
            # value it replaced served again; not by a "no thanks" to whatever the agent said next
            yes = _Yes(got, n, ref, setting=True)
        if got is not None and r.line_end > after_line:
            out.append(Heard(got, r.session_id, ref, r.ts, r.line_end, excerpt(r.text), taken))
    return out


def _acknowledges(context: str) -> bool:
    """The agent's turn only acknowledges ("Sure, Tom.", "Done.", "好的。", "รับทราบครับ"): short, one sentence,
    offering nothing more. After a turn that reports or offers something else ("Noted. The staging deploy you
    started earlier failed …"), the user's "never mind" is about that, not the setting said before it."""
    said = context.strip()
    return (len(said) <= _ACK_MAX and len(_SENTENCE_END.findall(said.rstrip(".!。！"))) == 0
            and not _OFFERS.search(said))


_ACK_MAX = 60
_SENTENCE_END = re.compile(r"[.!?。！？](?:\s|$)")


def _asks_to_keep(text: str) -> bool:
    """The turn asks the agent to keep what follows ("remember that …", "记住…", "จำไว้ว่า…")."""
    text = one_sara_am(text)
    return REMEMBER_LEAD.match(text) is not None and without_lead(text) != text.strip()
