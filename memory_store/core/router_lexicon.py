"""The shape of one language's lexicon for the transcript router (memory_store/core/router.py).

Every field is a tuple of regular expressions (case-insensitive), except `keys` and `topics`:
- `standing`: a strong standing marker (from now on, ต่อไป, 以后): a style request with one is
  written to PROFILE at once;
- `habitual`: a weaker marker of frequency or generality (always, every time, เสมอ, 每次): a style
  request with only this is explicit, but goes to PROPOSALS for the user to review; in a complaint
  ("you always write essays") it does not count at all;
- `long_term`: a long-term scope said as such (permanently, ถาวร, 长期): a marker like `standing` for
  what is captured, but not yet confirmed on a blind set, so a statement with only this goes to PROPOSALS;
- `lasting`: a lasting like or dislike about how the user is answered (I prefer…, เราไม่ชอบ…, 我习惯…):
  makes a style key the turn names explicit, staged in PROPOSALS (alone it routes nothing);
- `settled`: a lasting statement of where the user lives or what they are called (I live in…, name's…,
  ย้ายมาอยู่…, 我住在…): makes a time zone or name the words give lasting (alone it routes nothing);
- `remember_self`: a memory verb about the user themselves (remember that I…, จำไว้ว่าเรา…, 记住我…);
- `remember_lead`: the words that ask the agent to keep what follows (remember that…, keep in mind that…,
  จำไว้ว่า…, จำเอาไว้ว่า…, ขอให้จำว่า…, 记住…, 记一下…), not anchored: the one list of them, read by the router
  (what is kept is the rest: `router.REMEMBER_LEAD`) and by the supersede detector (no subject:
  memory_store/supersede/detect.py); each lexicon's `remember_self` is built on it;
- `forget`: asks to drop something said earlier (forget what I said…, เลิกเรียก…, 忘掉…);
- `forgot_self`: the speaker's own forgetting (I totally forgot…, ลืมไปเลยว่า…, ผมลืม…, 我都忘了…): a forget
  cue inside it is no request to the agent, so it is blanked before `forget` is tried;
- `removed_self`: the speaker's report of a removal they made, of a thing (a bucket, a branch, a file, a key):
  "I already deleted the old bucket", "B2 那个 bucket 我昨晚已经删了", "bucket เก่าผมลบไปแล้ว" — no request to
  the agent to forget a memory; blanked with `forgot_self`;
- `back_ref`: a pointer back to a thing the agent keeps (the 'X' rule, that setting, the bit where I
  said…, เรื่องที่ให้…, 之前说要…那个); with a word that drops it, a forget (in `forget`), and a forget
  naming no key drops such a rule (its lexicon's `forget` holds the pair, so the route gate sees it);
- `about_memory`: the turn speaks of what the agent keeps or calls the user (forget, saved, call me,
  preference, ลืม, จำ, ที่ให้, 忘, 叫我, 存的): a forget without it is only a note for the user, since
  the forget cues also fire on talk about the work ("that endpoint is no longer needed");
- `confirm` / `decline`: a reply to the assistant's "shall I remember…?";
- `not_mine`: the turn is about someone or something else, one message only, or a question about the
  stored value: not routed (a piece of the turn without it may still be staged for review);
- `hypothetical`: suppose, สมมติ, 假如: the whole turn is never routed;
- `request`: a one-off request to the agent about its answers (could you…, ได้ไหม, 能不能…, ภาษาไทยค่ะ):
  with a style key and no standing marker, an inference;
- `complaint`: a one-off signal (too long, ยาวไป, 太长了): an inference, never a write;
- `self_fact`: a lasting fact about the user (allergic, vegetarian): explicit on its own;
- `expertise_high` / `expertise_low` / `expertise_known`: what the user says about their skill;
- `pitch`: how to pitch the answers to the user's level (skip the basics, ไม่ต้องอธิบาย, 不用从头讲, explain
  it like I'm a first-year): with an expertise cue, the self-description is explicit (else inferred);
- `agent_rule`: an imperative about how the agent works (ask me before…, ห้าม…, 先给我看…);
- `session_scope`: a scope that is this conversation (just for this conversation, for this session,
  for this task, for this chat only, เฉพาะแชทนี้, 这次对话里): the statement holds for the session it is
  said in and expires with it (PROFILE.md, `applies_to:session:<id>`, `ttl:session_end`), never lasting;
- `beyond_session`: this conversation named only to say the statement is NOT limited to it (not just for
  this conversation, in this chat and every future one, ไม่ใช่แค่ในแชทนี้, 不只是这次对话): lasting after all;
- `relation`: a person (or a pet) the statement is about by their tie to the user or to someone named (my sister,
  น้องสาวผม, 我妹妹; Nok's husband, สามีของนก, 小美的老公): what is said of them is no name, place or
  setting of the user's; asked to be remembered, it is a free-form fact (`user.other`), for review;
- `turn`: a word that starts another clause without punctuation (but, 但, แต่): "my sister lives in Chiang Mai
  but I live in Bangkok" — what follows is not said of the relative;
- `bounded`: (pattern, bound) — a time the words bound an instruction by (until Friday, this week, for today,
  for the next 3 hours, ถึงวันศุกร์, สัปดาห์นี้, 到周五, 这周): `today`, `week`, `until:{1}` (a weekday's name
  in the first group), `for:{1}:{2}` (a number and hour|day), or `session` for a vague one (ช่วงนี้,
  这几天, temporarily); the router writes the instruction with that expiry, never lasting (router.expiry);
- `full_name`: the user's name stated as theirs (my name is…, ผมชื่อ…, 我叫…; the group `name`): beside what
  they ask to be called (call me…, เรียกผมว่า…, 叫我…), which is `user.name`, it is kept as a fact of theirs
  (`user.other`, "full name: …");
- `narrow`: the words that narrow a yes to the scope that follows it ("yes, but only for this chat",
  ได้ แต่เฉพาะแชทนี้, 好，不过只在这次对话里): with `session_scope` taken out, what is left is the yes;
- `keys`: (canonical key, pattern, value) — value is a string, or `{1}` for the pattern's first group;
- `topics`: (pattern, topic) for `user.expertise.<topic>`.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Lexicon:
    lang: str
    standing: tuple[str, ...]
    habitual: tuple[str, ...]
    long_term: tuple[str, ...]
    lasting: tuple[str, ...]
    settled: tuple[str, ...]
    remember_self: tuple[str, ...]
    forget: tuple[str, ...]
    about_memory: tuple[str, ...]
    back_ref: tuple[str, ...]
    confirm: tuple[str, ...]
    decline: tuple[str, ...]
    not_mine: tuple[str, ...]
    hypothetical: tuple[str, ...]
    request: tuple[str, ...]
    complaint: tuple[str, ...]
    self_fact: tuple[str, ...]
    expertise_high: tuple[str, ...]
    expertise_low: tuple[str, ...]
    expertise_known: tuple[str, ...]
    pitch: tuple[str, ...]
    agent_rule: tuple[str, ...]
    keys: tuple[tuple[str, str, str], ...]
    topics: tuple[tuple[str, str], ...]
    forgot_self: tuple[str, ...] = ()
    removed_self: tuple[str, ...] = ()
    session_scope: tuple[str, ...] = ()
    beyond_session: tuple[str, ...] = ()
    relation: tuple[str, ...] = ()
    turn: tuple[str, ...] = ()
    narrow: tuple[str, ...] = ()
    remember_lead: tuple[str, ...] = ()
    bounded: tuple[tuple[str, str], ...] = ()
    full_name: tuple[str, ...] = ()


def lead_alternation(lexicons: Iterable[Lexicon]) -> str:
    """Every lexicon's `remember_lead`, as one alternation (not anchored, no flags)."""
    return "|".join(f"(?:{p})" for lex in lexicons for p in lex.remember_lead)
