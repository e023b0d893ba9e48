"""What a language must provide to the rule extractor: its phrases, by family and role.

A language is one module of this package (`en.py`, `th.py`, `zh.py`) that builds one `Lexicon`.
Every field is a tuple of regular-expression alternatives (`Phrases`); the extractor joins a
field's alternatives over every language into one cue (`lexicon.cue`), so a rule module never
names a phrase of its own. A field a language has no phrase for is an empty tuple, written out,
so that a new language file lists every role it was asked about (`tests/jobs/microsync/rules/lexicon/test_lexicons.py`).

Conventions shared by every language: cues are matched case-insensitively unless the rule module
says otherwise; Thai and Chinese are written without spaces between words, so their phrases are
plain substrings, while English ones use word boundaries; Chinese phrases are written in
simplified characters only, because text is folded to simplified before matching (`text.fold`).
Phrases are written for how people phrase things in general, never for one fixture's sentences.
"""
from __future__ import annotations

from dataclasses import dataclass

Phrases = tuple[str, ...]


@dataclass(frozen=True)
class Kinds:
    """Phrases read by `jobs/microsync/rules/lexicon/__init__.py`."""

    remember: Phrases
    preference: Phrases
    procedure: Phrases
    step: Phrases
    constraint: Phrases
    rule: Phrases
    rule_weak: Phrases
    granted: Phrases   # a permission with its condition ("you can X, but only with Y"): a relaxed rule
    decision: Phrases
    decided: Phrases
    arch_explicit: Phrases
    arch_change: Phrases
    arch_component: Phrases


@dataclass(frozen=True)
class Hedges:
    """Phrases read by `jobs/microsync/rules/lexicon_hedges.py`."""

    question_start: Phrases
    polite_request: Phrases
    question_anywhere: Phrases
    hypothetical: Phrases
    uncertain: Phrases
    opinion: Phrases
    temporary: Phrases
    bug_report: Phrases
    event_complaint: Phrases
    sarcasm: Phrases
    reported: Phrases
    past_mention: Phrases


@dataclass(frozen=True)
class Replies:
    """Phrases read by `jobs/microsync/rules/lexicon_replies.py`."""

    proposal: Phrases
    choice_ask: Phrases
    task_offer: Phrases
    accept: Phrases
    reject: Phrases
    option_ref: Phrases
    option_line: Phrases
    why: Phrases
    impact: Phrases
    supersedes: Phrases
    lead_filler: Phrases
    confirm: Phrases
    neg_use: Phrases
    use: Phrases
    continuation: Phrases
    finding: Phrases
    recommend_lead: Phrases
    adopt_as_proposed: Phrases
    retract: Phrases
    alternatives: Phrases
    refers_back: Phrases
    announce: Phrases
    todo: Phrases
    transaction: Phrases
    advise_against: Phrases = ()   # advice against a change ("I wouldn't build that", ไม่แนะนำ, 不建议)


@dataclass(frozen=True)
class Complaints:
    """Phrases read by `jobs/microsync/rules/complaints.py`."""

    frequency: Phrases
    cost: Phrases
    frustration: Phrases
    consequence: Phrases
    instruction: Phrases
    replacing: Phrases
    rule_named: Phrases   # a rule named as what the sentence is about ("this rule", กฎ…นี่, 这个规定), not a label


@dataclass(frozen=True)
class Picks:
    """Phrases read by `jobs/microsync/rules/thchoice.py`."""

    lead: Phrases        # openers before a pick ("งั้น", "โอเค")
    polite: Phrases      # politeness particles after an opener
    pick_verb: Phrases   # use / take, before the name
    settle: Phrases      # the closing particle of a pick ("ละกัน")
    take: Phrases        # take (for a purpose)
    purpose: Phrases     # what the taken thing is for ("สำหรับ", "เป็น")
    asks: Phrases
    tech: Phrases
    not_name: Phrases


@dataclass(frozen=True)
class Structure:
    """Phrases read by `jobs/microsync/rules/structure.py`."""

    movement: Phrases
    system_part: Phrases
    time_dest: Phrases


@dataclass(frozen=True)
class Answers:
    """Phrases read by `jobs/microsync/rules/answers.py`."""

    fact_ask: Phrases
    choosing: Phrases
    setup_ask: Phrases
    event_ask: Phrases
    refusal: Phrases


@dataclass(frozen=True)
class Lists:
    """Phrases read by `jobs/microsync/rules/lists.py`."""

    rule_header: Phrases


@dataclass(frozen=True)
class Fields:
    """Phrases read by `jobs/microsync/rules/fields.py`."""

    leading_particles: Phrases   # politeness left at the start of a clause cut from a sentence
    bare_yes: Phrases = ()   # a yes that says nothing else ("yes", "ใช่", "是的"): see fields.only_remember


@dataclass(frozen=True)
class Choices:
    """Phrases read by `jobs/microsync/rules/choices.py`: a terse reply that names one alternative."""

    lead: Phrases   # openers a terse choice may start with
    tail: Phrases   # closers it may end with
    not_a_choice: Phrases   # whole replies that name no alternative (plain words, lower case)
    joins: Phrases   # "and" between two names laid out side by side as the things to choose from
    ordinal: Phrases   # an ordinal reference, its word in one group
    ordinal_digits: Phrases   # "word=digit" for the words the ordinal groups capture


@dataclass(frozen=True)
class Labels:
    """Phrases read by `jobs/microsync/rules/labelpick.py`: a bare reply naming an option's label."""

    lead: Phrases   # words of picking before the label
    label: Phrases   # what may name the label (option, ข้อ, 方案), with its spacing
    counter: Phrases   # a counter word after the label
    tail: Phrases   # particles after it
    but: Phrases   # a contrast opening what follows the label ("2, but not now")


@dataclass(frozen=True)
class Settled:
    """Phrases read by `jobs/microsync/rules/settled.py`."""

    tool: Phrases
    settled_at: Phrases
    not_tool: Phrases
    replaced: Phrases
    status: Phrases
    # a part of the project said to be on a product now, group `a` its name ("search runs on Meilisearch now"):
    # a capitalised name counts, known or not
    named_now: Phrases


@dataclass(frozen=True)
class Stance:
    """Phrases read by `jobs/microsync/rules/stance.py` (`hands_choice` and `asks_options` by `advice.py`)."""

    agrees: Phrases
    deferral: Phrases
    keeps_on: Phrases
    occasion: Phrases
    standing: Phrases
    own_report: Phrases
    bare_refusal: Phrases
    no_ask_again: Phrases
    refusal_particles: Phrases   # particles after a bare refusal
    reported_speech: Phrases   # someone else's words reported
    wish: Phrases              # a desire for a thing ("I want a CSV per branch", 我想要…)
    wish_person: Phrases       # ... about a person: the user's own, or the agent's way of working
    recurs: Phrases            # a unit of the calendar, repeated ("every Monday", 每天, ทุกวันศุกร์)
    asks_agent: Phrases        # a request addressed to the agent ("send me", 发到我, ขอให้ช่วย)
    third_person: Phrases      # someone else as the subject ("he", 他, เขา)
    # the user handing a choice to the agent, in a question ("what would you pick", 用什么, ใช้อะไรดี) ...
    hands_choice: Phrases = ()
    # ... or asking for options without one ("I'd like options", 给我几个方案, ขอทางเลือก)
    asks_options: Phrases = ()
    # a thing put on the task list ("on the todo list", ในลิสต์ todo, 放进待办): a task, read by stance.py
    todo_list: Phrases = ()


@dataclass(frozen=True)
class Scope:
    """Phrases read by `jobs/microsync/rules/scope.py`."""

    freq_word: Phrases         # a frequency word read by the words around it (languages with spaces)
    freq_clause: Phrases       # a frequency word read by its clause (languages without spaces) ...
    third_clause: Phrases      # ... which describes when the clause has a third person ...
    instruct_clause: Phrases   # ... and no word of instructing
    instructs_before: Phrases
    third_before: Phrases
    copula_before: Phrases
    participle: Phrases
    reports_after: Phrases
    event_clause: Phrases
    describes_main: Phrases
    you_before: Phrases
    verbless: Phrases
    ever: Phrases
    from_now: Phrases
    modal: Phrases
    you_habit: Phrases
    pointer: Phrases
    at_hand: Phrases
    talk: Phrases
    handed: Phrases
    rule_label: Phrases        # a rule announced by a label ("rule:", "policy from the owner:", กฎ:, 规定：)


@dataclass(frozen=True)
class Topology:
    """Phrases read by `jobs/microsync/rules/topology.py`."""

    component: Phrases
    placed: Phrases
    removed: Phrases
    edit_object: Phrases
    boundary: Phrases
    routed: Phrases
    standing: Phrases
    route_noun: Phrases


@dataclass(frozen=True)
class Oneoff:
    """Phrases read by `jobs/microsync/rules/oneoff.py`."""

    task_scope: Phrases
    near_time: Phrases
    tentative: Phrases
    event_end: Phrases
    lasting: Phrases
    foreign: Phrases
    our_side: Phrases
    agent_step: Phrases
    design_word: Phrases
    step_word: Phrases
    go_lead: Phrases   # an assent before a go-ahead
    go_lead_particles: Phrases   # particles after that assent
    go_ahead: Phrases   # a go-ahead
    go_particles: Phrases   # particles after the go-ahead
    edit_target: Phrases   # a spot in the code or on screen an edit is tied to (line 42, test_cart.py, a button)


@dataclass(frozen=True)
class Acts:
    """Phrases read by `jobs/microsync/rules/acts.py`."""

    design_ask: Phrases
    task_ask: Phrases
    change: Phrases
    user_design_ask: Phrases
    offering: Phrases
    plan_head: Phrases
    word_option: Phrases
    option_head: Phrases
    or_split: Phrases
    word_digits: Phrases   # "word=digit" for the ordinal words `word_option` captures
    confirm_ask: Phrases   # a closing question asking the user to confirm what was just proposed ("does that work?")
    planned: Phrases   # words of what the agent will do (a proposal), not what it did
    draft_head: Phrases = ()   # a message drafted for the user to send, at the head of its line ("Here's a draft:")


@dataclass(frozen=True)
class Conventions:
    """Phrases read by `jobs/microsync/rules/conventions.py`."""

    not_names: Phrases
    contrast: Phrases
    scope: Phrases
    one_off: Phrases
    gate: Phrases
    affirms: Phrases
    refers: Phrases
    head: Phrases   # the head of a clause that states a convention ("we use X")
    pair: Phrases   # "tabs not spaces": a bare pair at the start of the clause, the two names in groups 1 and 2
    not_name_endings: Phrases   # a word with this ending is no name of a convention (lower case)


@dataclass(frozen=True)
class Earlier:
    """Phrases read by `jobs/microsync/rules/earlier.py`."""

    not_names: Phrases
    adopt: Phrases
    you: Phrases
    cut: Phrases
    scrap: Phrases   # dropping something named earlier; the name in the pattern's one group


@dataclass(frozen=True)
class Corrections:
    """Phrases read by `jobs/microsync/rules/corrections.py`."""

    script: Phrases      # a character of the language's own script (none for English): which template
    swap_open: Phrases   # a turn opening by saying no to the choice just made ("hmm no,", 不对, ไม่ใช่)
    swap_pick: Phrases   # words right before the new choice of a swap ("use", "stay on", 用, ใช้)
    permit: Phrases      # a permission that loosens a rule when it shares a word with it ("can also", 可以)
    also: Phrases        # a permission that adds to the rule just said ("X are fine too", 也可以, ก็ได้เหมือนกัน)
    common: Phrases      # words too common to tie a permission to a rule
    instead: Phrases     # one template: the new name in place of the old, "{new} instead of {old}"


@dataclass(frozen=True)
class Proposals:
    """Phrases read by `jobs/microsync/rules/proposals.py`."""

    ack: Phrases
    polite: Phrases   # particles after a bare option label


@dataclass(frozen=True)
class Classify:
    """Phrases read by `jobs/microsync/rules/classify.py`."""

    trailing_particles: Phrases
    clause_sep: Phrases


@dataclass(frozen=True)
class Clauses:
    """Phrases read by `jobs/microsync/rules/clauses.py`."""

    clause_cue: Phrases
    deferred_rest: Phrases   # a last clause that leaves something for later, its topic before it (anchored at the end)
    common: Phrases
    follow_open: Phrases
    points_back: Phrases
    switch: Phrases


@dataclass(frozen=True)
class ReplyWords:
    """Phrases read by `jobs/microsync/rules/replies.py`."""

    number: Phrases
    join: Phrases
    no: Phrases
    yes: Phrases
    defer: Phrases
    stop: Phrases
    keep: Phrases
    go: Phrases
    go_ahead: Phrases
    number_counter: Phrases   # what may name a plan item before its number in a join (ข้อ, 第)
    acceptable: Phrases   # a cost named by the assistant accepted ("acceptable", "รับได้", "可以接受")
    number_words: Phrases   # a number said in words with its unit ("六点", "หกโมง"), for a value in a reply
    cost: Phrases   # the assistant naming the cost of a change beside its gain ("slightly slower but")
    not_number: Phrases = ()   # digits that are no value in a reply (Thai laughter, "555")
    past_event: Phrases = ()   # a reply telling what happened before ("we used it before and it broke", 之前用过)
    bound: Phrases = ()   # a bound said with its value ("within 200 ms", "最多", "ไม่เกิน"): a constraint answered
    put_off: Phrases = ()   # the choice left to a later talk or to others ("run it by Priya", "ขอรอคุย…ก่อน", "再确认")
    quotes_back: Phrases = ()   # the assistant's words quoted back ("you said", "your suggestion", "ที่คุณบอก", "你说")
    unchanged: Phrases = ()   # things left as they are ("not changing anything", "leave it", 先不换, ไม่เปลี่ยน),
    #                           or a shrug at a no ("too bad", 可惜, ช่างมัน)
    thanks: Phrases = ()   # thanks and a goodbye ("ok thanks", "ok ขอบคุณ", 好的谢谢): an acknowledgment


@dataclass(frozen=True)
class Facts:
    """Phrases read by `jobs/microsync/rules/facts.py`."""

    me: Phrases
    trait: Phrases
    setup: Phrases
    setup_does: Phrases
    recurrence: Phrases
    transient: Phrases
    wish: Phrases
    reply_style: Phrases
    region: Phrases
    place: Phrases
    relation: Phrases   # a relation or an account as the subject
    relation_word: Phrases   # a relation word anywhere (the one-scan gate)
    value: Phrases   # a value: a date, a number, a name, a month (matched case-sensitively)
    possessive: Phrases   # a word that makes the relation after it an object ("ของเงินเดือน"); plain text


@dataclass(frozen=True)
class Text:
    """Phrases read by `jobs/microsync/rules/text.py` and `rules.py`: where a clause ends, what points back."""

    clause_end_particles: Phrases   # a particle that ends a clause when a space follows it (plain text)
    demonstrative: Phrases   # a turn that opens by pointing at what was said ("this", "อันนี้", "这")


@dataclass(frozen=True)
class Lexicon:
    """One language's phrases for the rule extractor."""

    code: str   # ISO 639-1
    # cues every layer reads: what a sentence is, what it is not, proposals and how sentences join
    kinds: Kinds
    hedges: Hedges
    replies: Replies
    # text layer
    text: Text
    # sentence layer
    classify: Classify
    clauses: Clauses
    stance: Stance
    scope: Scope
    oneoff: Oneoff
    complaints: Complaints
    conventions: Conventions
    facts: Facts
    lists: Lists
    structure: Structure
    topology: Topology
    settled: Settled
    picks: Picks
    fields: Fields
    # dialogue layer
    acts: Acts
    answers: Answers
    choices: Choices
    labels: Labels
    proposals: Proposals
    reply_words: ReplyWords
    earlier: Earlier
    corrections: Corrections
