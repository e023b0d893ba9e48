"""English phrases of the rule extractor: one `Lexicon` (fields: `model.py`)."""
# ruff: noqa: E501  -- phrase tables read best one alternation group per line
from __future__ import annotations

from jobs.microsync.rules.lexicon.model import (
    Acts,
    Answers,
    Choices,
    Classify,
    Clauses,
    Complaints,
    Conventions,
    Corrections,
    Earlier,
    Facts,
    Fields,
    Hedges,
    Kinds,
    Labels,
    Lexicon,
    Lists,
    Oneoff,
    Picks,
    Proposals,
    Replies,
    ReplyWords,
    Scope,
    Settled,
    Stance,
    Structure,
    Text,
    Topology,
)

KINDS = Kinds(
    remember=(
        # not "the thing I told you to remember: …" (a pointer back to what was kept before)
        r"(?<!told you to )(?<!asked you to )(?<!had you )\bremember(?:\s+(?:that|this|:)|:|\s+my\b|\s+we\b|\s+the\b)", r"\bkeep in mind\b",
        # not the user's own forgetting as a reason: "create the account now so I don't forget"
        r"(?<!\bI )(?<!\bwe )\bdon'?t forget\b",
        r"\bnote that\b", r"\bfor future reference\b", r"\bmake a note\b", r"\bfyi,? (?:for later|remember)",
        r"\bnote to self\b", r"\b(?:must|pls|please|do) remember\b", r"\bjust so you know\b", r"\b(?:heads[- ]up|fyi|note)\s*[:：]",
        # chat spellings
        r"\b(?:rmbr|rmb|remeber|rember|remembr)\b",
    ),
    preference=(
        r"\bI (?:really |always |usually |generally |normally )?(?:prefer|like|love|hate|dislike)\b(?!\W*$)",
        r"\bI (?:really |always |usually |generally |normally )?want\b(?! to\b)(?!\W*$)",
        r"\bI'?d rather\b(?! (?:we|that we|not (?:use|go|adopt|add|move|switch)|(?:use|stick|keep|stay|go with))\b)",
        r"\b(?:answer|reply|respond|write|talk)(?: to me)? in (?:thai|chinese|english|british|american|\w+ spelling)",
        r"\buse (?:british|american) spelling\b", r"\bkeep (?:your )?(?:answers|replies|responses) (?:short|brief|concise)",
    ),
    procedure=(
        r"\b(?:the )?steps (?:to|for) [\w\s-]{2,40}?(?:are|is)\b", r"\bsteps are\b", r"\bprocedure(?: is| for|:)",
        r"\bhow to [\w\s-]{2,30}, for the record", r"\bhow (?:to|we|you) [\w\s-]{2,40}:", r"\bhere'?s how (?:we|to)\b",
        r"\bthis is how (?:we|to|you)\b", r"\bhere'?s how I want (?:you|it|them)\b",
        # "follow these steps every time", "ทำตามขั้นตอนนี้", "按以下步骤": a how-to announced as one to follow.
        r"\bfollow (?:these|the following|this|the same) (?:steps|procedure|process|checklist|order)\b",
        r"\brunbook\b",
        # A standing trigger with the steps after it: "whenever you cut a release: first ..., then ...", "ทำตามนี้ทุกครั้ง", "每次发版：".
        r"\b(?:whenever|every time|each time) (?:you|we|I) [^:\n?]{2,60}:",
        # A manner pointer with the steps right after it: "handle them like this:", ทำแบบนี้นะ + list, 就这么处理：
        r"\b(?:do|handle|treat|process) (?:it|them|these|those|this|that|each one) (?:like this|this way|as follows)\s*:",
    ),
    step=(
        r"\bthen\b", r"\bnext\b", r"\bfinally\b", r"\bafter that\b", r"(?:^|\s)\d[.)]\s", r"→", r"->",
    ),
    constraint=(
        r"(?<!\bI )(?<!\bI've )(?<!\bI have )\bnever\b(?! ?mind\b)", r"\bmust ?n[o']t\b", r"\bmust not\b", r"\bshall not\b", r"\bcannot\b", r"\bcan'?t\b(?= (?:go|exceed|be|run|use))",
        r"^(?:\W*(?:and|also|so|but|please|then|ok|okay)\W+)*(?:don'?t|do not)\b",
        r"\bno more than\b", r"\bat most\b", r"\bnot more than\b", r"\b(?:capped|limited) (?:at|to)\b",
        r"\bbudget (?:is|of|for \w+ is|stays?|must|cap)\b", r"\bbudget\b\W{0,3}(?:[$€£฿¥]|\d)", r"\brate[- ]limit(?!er|ing\b)", r"\brate[- ]limiting (?:is|at|of|to)\b", r"\b\d+\s*max\b", r"\bmax(?:imum)? (?:of )?\$?\d", r"\bstay (?:at|below|under)\b", r"\bstay on v?\d",
        r"\bnot allowed\b", r"\bforbidden\b", r"\bno (?:direct|more|other)\b", r"\bmust stay\b", r"\bonly in the\b",
        r"(?<!\bI )(?<!\bwe )(?<!\byou )(?<!\bthey )\bdon'?t (?:ever )?(?:touch|run|push|deploy|use|cache|commit|merge|schedule|call)\b", r"\bdidn'?t touch\b",
        r"(?<!\bI )(?<!\bwe )(?<!\byou )(?<!\bthey )\bdon'?t (?:ever )?(?:keep|store|put|add|log|expose|hardcode|hard-code|rely on|depend on|edit|bypass|skip)\b",
        r"^(?:\W*(?:and|also|so|but|please|then|ok|okay)\W+)*(?:try to )?avoid\b", r"\b(?:stays?|remains?|kept|is|are|be) (?:fixed|pinned) (?:at|to) v?\d",
    ),
    rule=(
        r"\bfrom now on\b", r"\bfr?m now on\b", r"\bfrom now onwards?\b", r"\bfrom here on\b", r"\bgoing forward\b", r"\bfrom today\b", r"\bhenceforth\b",
        r"(?<!\bI )(?<!\bit )(?<!\bhe )(?<!\bshe )(?<!\bthey )\balways\b", r"\bevery time\b",
        r"\brule(?: from now on| of thumb(?: from now on)?)?:", r"\bas a rule\b", r"\bevery (?:change|commit|pr|pull request|release|deploy|migration)\b",
        r"\bmust (?:use|go|be|have|run)\b", r"\bkeep doing\b",
        # A rule's new value said as holding now: "PRs only need one approval now", "two reviewers are
        # enough now" (not "I only need the summary now", "that's enough now").
        r"(?<!\bI )(?<!\bwe )(?<!\byou )\b(?:only|just) (?:need|needs|require|requires)\b[^.;!?\n]{1,60}?\bnow\b",
        r"\b(?:one|two|three|four|five|a single|\d+)\b[^.;!?,\n]{0,30}?\b(?:is|are) (?:enough|sufficient)\b[^.;!?\n]{0,40}?\bnow\b",
        r"\b(?:only use|use only)\b",
        r"\bmake (?:it|that|this) a (?:rule|standing rule|habit)\b",
        # a policy announced by a label, like "rule:": "policy from the owner: a patient who no-shows twice can't book online"
        r"(?<!\bold )(?<!\bprevious )(?<!\bformer )\bpolicy(?: from (?:now on|today|the \w+))?\s*:",
        # who may or must do what, within a limit, without a rule word: "patients can cancel online up to 12 hours
        # before", "a release tag needs QA sign-off before it goes out", "PRs that only touch docs can merge without
        # my review" (people or a step of the work as the subject; "can't" is left out: "users can't log in until
        # we restart" reports a fault)
        r"\b(?:patients|guests|customers|clients|members|users|students|staff|employees|devs|developers|engineers|"
        r"contributors|reviewers|everyone|anyone|nobody|no one|(?:a|every|each|any)(?: \w+)? (?:release|tag|pr|pull request|"
        r"commit|deploy|deployment|merge|migration|hotfix)|(?:release|hotfix) tags|releases|prs|pull requests|commits|"
        r"deploys|deployments|merges|migrations)(?: that (?:[^.;!?\n]|\.(?=\w)){1,40}?)? (?:can(?!'t|not)|may(?: not)?|must(?: not)?|needs?|need to|"
        r"has to|have to|(?:is|are)(?: not)? allowed to)\b[^.;!?\n]{1,80}?\b(?:before|within|without|until|unless|"
        r"at most|at least|up to|no later than)\b",
    ),
    rule_weak=(
        r"\beverywhere\b",
    ),
    granted=(
        # "you can skip the review, but only for docs", "you may deploy on Fridays if on-call approves":
        # a permission with its condition (not "if you want": a permission given to a wish).
        r"(?<!\bI )\b(?:you can|you may|you are allowed to|you're allowed to|we can|anyone can|everyone can|devs can|it'?s fine to|it is fine to|it'?s ok(?:ay)? to|it is ok(?:ay)? to)\b"
        r"[^.;!?\n]{1,80}?(?:\bbut only\b|\bonly (?:if|when|with|for)\b|\bif\b(?! (?:you|u) (?:want|like|prefer|need|feel|wish)\b)|\bas long as\b|\bprovided\b)",
    ),
    decision=(
        r"\bwe(?:'ve| have)? decided\b", r"\bI(?:'ve| have)? decided\b", r"\bdecided to\b", r"\bdecision:", r"\bdecided:",
        # "let's" + a verb of choosing; "let's modify/fix/add/try X" is a task for now, not a decision.
        r"\blet'?s (?:just |also |now |then )?(?:go with|go for|use|switch(?!(?: back)? to (?:the )?\S+ (?:branch|tab|window|folder|directory)\b)|move|migrate|keep|stick|stay|drop|adopt|replace|"
        r"standardi[sz]e|choose|pick|settle on|split|merge|consolidate|deprecate|retire|remove support|make \S+ (?:the )?default|"
        r"do (?:it|that|this|option|plan|approach|\d|[a-d]\b))",
        # "let's put X in Redis", "let's pull X into its own package": placing a part of the system.
        r"\blet'?s (?:just )?(?:put|pull|bring|extract|factor|break|carve|turn|keep)\b[^.;!?\n]{0,60}?\b(?:in|into|out into|to|behind)\s+"
        r"(?:(?:its|their|a|an|the|one|our)\s+)?(?:own\s+|separate\s+|dedicated\s+|new\s+|single\s+|shared\s+)*"
        r"(?:package|module|library|lib|crate|service|microservice|repo|redis|postgres(?:ql)?|database|db|queue|worker|cache|"
        r"table|bucket|s3|sqlite|kafka|memcached)\b",
        r"\blet'?s not (?:use|go with|adopt|add|introduce|switch|move|migrate|rely on|depend on|bother with)\b",
        r"\bwe(?:'re| are) not (?:moving|switching|splitting|migrating|going to|using|adopting|doing)\b",
        r"\bwe won'?t (?:use|be using|adopt|move|switch|migrate|go with)\b",
        r"\bI'?d (?:rather|prefer)(?: that)? we\b", r"\bI'?d rather (?:not )?(?:use|stick|keep|stay|go with|adopt)\b",
        r"^\W*(?:(?:ok(?:ay)?|yep|yes|yeah|fine|alright|right|then|so)\W+)*(?!(?:yes|yeah|yep|no|so|that|this|it|what|how|here|there|who)\b)[\w.+#-]+(?: [\w.+#-]+)? it is\W*$",
        r"\blet us (?:go with|use|switch|move|keep|stick|drop|adopt|replace|standardi[sz]e|choose|pick)\b", r"\bgo(?:ing)? with\b", r"\bwe(?:'ll| will) (?:use|go|keep|switch|move|drop|stick)\b",
        r"\bswitch(?:ing)? (?:back )?to\b(?!\s+(?:the\s+)?\S+\s+(?:branch|tab|window|folder|directory|terminal)\b)",
        r"\bswitch back\b(?!\s+to\s+(?:the\s+)?\S+\s+(?:branch|tab|window|folder|directory|terminal)\b)", r"\bstick with\b", r"\bno longer\b", r"\binstead\b",
        r"\bwe(?:'re| are) (?:moving|switching|splitting|dropping|migrating|going)\b", r"\bsettled on\b",
        r"\bdrop(?:ping)? (?:support|the)\b", r"\bthe plan is\b", r"\bfinal answer\b",
        # A return to an earlier choice ("let's go back to Jenkins", "going back to MySQL"), not a
        # navigation ("go back to the previous screen", "let me go back to the README").
        r"(?<!\bI )(?<!\bme )(?<!\bI'll )\b(?:go(?:ing)?|get(?:ting)?|return(?:ing)?|mov(?:e|ing)) back to\b(?!\s+(?:(?:the|my|your|that|this|our)\s+)?(?:\S+\s+)?"
        r"(?:previous|last|first|second|top|start|beginning|home|screen|page|step|tab|window|menu|question|point|topic|readme|file|section|message|"
        r"branch|folder|directory|terminal|bed|sleep|it|that|this|what|where|how|sleep)\b)",
        # a setting given a new value: "the alert threshold goes to 30%", "raise the retry limit to 5" (not "the price dropped to 20": past)
        r"\b(?:threshold|limit|cap|timeout|interval|budget|price|fee|rate|retention|quota|minimum|maximum|max|min)s?\b[^.;!?\n]{0,40}?\b(?:goes|moves|changes|is raised|is lowered|is bumped|is set) to\s?[$€£฿]?\d",
        r"(?:^|[,;:]\s*|\b(?:and|also|then|so|please|pls|just)\s+)(?:raise|lower|bump|set|change|move|increase|decrease|reduce|drop)\b[^.;!?\n]{0,40}?\b(?:threshold|limit|cap|timeout|interval|budget|price|fee|rate|retention|quota|minimum|maximum|max|min)s?\b (?:up |down )?to\s?[$€£฿]?\d",
    ),
    decided=(
        r"\b(?:we|I|team|they)(?:'ve| have)? (?:finally |just )?decided\b", r"\bdecision (?:is|was)\b",
    ),
    arch_explicit=(
        r"\barchitecture\b", r"\barchitectural\b",
    ),
    arch_change=(
        r"\bmov(?:e|ing)\b", r"\bmigrat", r"\bsplit", r"\bextract", r"\bseparate\b", r"\breplac", r"\bswitch",
        r"\bintroduc", r"\bmerg(?:e|ing)\b", r"\bbreak(?:ing)? out\b", r"\bown\b", r"\bkeep\b", r"\bgo with\b",
    ),
    arch_component=(
        r"\bservices?\b", r"\bmicroservices?\b", r"\bdatabases?\b", r"\bdb\b", r"\bstores?\b", r"\bstorage\b",
        r"\bqueues?\b", r"\bcache\b", r"\bcluster\b", r"\bgateway\b", r"\bmonolith\b", r"\bbackend\b",
        r"\bframework\b", r"\bschema\b", r"\bbroker\b", r"\bworker service\b", r"\bredis\b", r"\bpostgres(?:ql)?\b",
        r"\bmysql\b", r"\bsqlite\b", r"\bmongo(?:db)?\b", r"\bkafka\b", r"\bkubernetes\b", r"\bk8s\b", r"\bgrpc\b",
        r"\bgraphql\b", r"\bdocker-compose\b", r"\bdynamodb\b", r"\bs3\b", r"\bminio\b", r"\bsystemd\b",
        r"\bcelery\b", r"\belasticsearch\b", r"\bopensearch\b",
        r"database", r"service", r"monolith",
    ),
)

HEDGES = Hedges(
    question_start=(
        r"^(?:\W*(?:ok(?:ay)?|so|and|also|hmm+|btw|but|then|quick one)\W+)*(?:should|shall|do|does|did|can|could|would|will|is|are|was|were|what|how|why|when|where|which|who|whom|any idea|anything)\b",
    ),
    polite_request=(
        r"^(?:\W*\w+\W+){0,2}?(?:can|could|would|will) you (?:please )?(?:always|never|from now on)\b",
    ),
    question_anywhere=(
        r"\bjust (?:asking|curious|wondering)\b",
    ),
    hypothetical=(
        r"\bwhat if\b", r"\bif\b", r"\bsuppose\b", r"\bimagine\b", r"\bin theory\b", r"\bhypothetically\b",
        r"\bI wonder\b", r"\bwondering\b", r"\bwould it be\b",
    ),
    uncertain=(
        r"\bnot sure\b", r"\bunsure\b", r"\bnot decided\b", r"\bundecided\b", r"\bhaven'?t decided\b", r"\bmaybe\b",
        r"\bperhaps\b", r"\bI guess\b", r"\blet me think\b", r"\bthink about it\b", r"\blet'?s talk\b", r"\bpark it\b",
        r"\bnot now\b", r"\bthinking (?:about|of)\b", r"\bat some point\b", r"\bnot (?:final|convinced)\b",
        r"\bnot a decision\b", r"\bnot yet decided\b", r"\bI was going to\b", r"\bmight\b", r"\bprobably\b",
        r"\bcheck with\b", r"\blet me (?:check|ask)\b", r"\bwe'?ll see\b", r"\bnext week\b", r"\blater\b",
    ),
    opinion=(
        r"\bI (?:still |really |kinda |kind of )?(?:think|believe|suppose|feel like|reckon|assume)\b", r"\bI'?m thinking\b",
        r"\bin my (?:opinion|view)\b", r"\bimo\b", r"\bimho\b", r"\bseems like\b", r"\bit seems\b",
    ),
    temporary=(
        r"\bfor now\b", r"\b(?:just )?yet\b", r"\bjust this once\b", r"\bfor this (?:one )?(?:request|run|call|test|ticket|one)\b", r"\bfor the moment\b", r"\bright now\b", r"\bthis time\b",
        r"\bin this (?:task|change|pr|commit|file|session)\b", r"\bwhile (?:you|we)(?:'re| are) (?:at it|working)\b",
        # "wait, don't run that by hand": a don't whose object is the thing at hand ("that", "it"),
        # with no sign of lasting ("again", "ever"), reacts to what the agent is doing now.
        r"^(?!.*\b(?:again|ever|anymore|any more|in future|anywhere)\b)\W*(?:\w+\W+){0,2}?(?:don'?t|do not)\s+(?:\w+\s+){1,2}?"
        r"(?:that|this|it|them|those|these)\b(?!\s+\w+\s+(?:is|are)\b)(?:\W+\w+){0,3}\W*$",
    ),
    bug_report=(
        r"\b(?:got|get|getting|gets|seeing|saw|hit|hitting) (?:a |an |the |this |that )?(?:\w+ )?(?:crash|error|exception|segfault|panic|stack ?trace|bug)",
        r"\b(?:crashe[sd]|exploded|explodes|blew up|blows up|broke|froze|hangs|hung)\b",
        r"\b(?:is|are|was|were|looks|seems) (?:still |totally |completely )?(?:broken|buggy|wrong|off|messed up|fucked up|borked)\b",
        r"\b(?:doesn'?t|does not|don'?t|do not|didn'?t|did not|isn'?t|is not|aren'?t|are not|won'?t|wasn'?t) "
        r"(?:seem to |really |actually |properly |correctly )?(?:work|adhere|respect|handle|update|render|load|apply|compile|match|fit|honou?r)\w*",
        r"\bnot working\b", r"\bthere'?s a bug\b", r"\bbug (?:in|with)\b", r"\bregression\b",
    ),
    event_complaint=(
        r"^\W*(?:\w+\W+){0,2}?(?:that|this|it|which)(?:'s| is)? (?:should|must|shall|can|may|is supposed to)(?:n'?t| not| never)(?: ever)? (?:happen|occur|be (?:possible|happening|the case))\b",
    ),
    sarcasm=(
        r"(?:^|\s)/s\b", r"\byeah,? right\b", r"\btotally\b", r"\bjust kidding\b", r"\bjk\b", r"\bnot!", r"🙃", r"🙄",
    ),
    reported=(
        r"\b(?:said|says|wrote|writes|told|posted|mentioned|claims?|according to|insists?|insisted)\b", r"\bthe (?:docs?|readme|wiki) says\b",
        r"\b(?:keeps?|kept|is|was|were|are|'s been|has been|have been) (?:saying|telling|insisting|arguing|pushing for)\b",
    ),
    past_mention=(
        r"\b(?:back )?when we decided\b", r"\bwe decided\b.{0,40}\b(?:back in|last (?:year|month|week)|ago|in 20\d\d)\b",
        r"\bthat'?s what we decided\b", r"\bwe had decided\b", r"\bused to\b",
        # A rule that was, not one that is: "the old rule was never to ...", "กฎเดิมคือ", "以前的规定是".
        r"\b(?:old|previous|former|original|last team'?s) (?:rule|policy|convention|process|guideline|setup|approach)s?\b",
        r"\b(?:rule|policy|convention) (?:was|used to be|had been)\b",
    ),
)

REPLIES = Replies(
    proposal=(
        r"\bI(?:'d| would)? (?:suggest|recommend|propose|lean towards|go with)\b", r"\bI suggest\b", r"\boptions?\b",
        r"\bwe could\b", r"\byou could\b", r"\bthe best (?:option|approach|choice)\b", r"\btwo ways\b",
        r"\balternatively\b", r"\bmy recommendation\b", r"\bshould we\b", r"\bdo you want (?:it|us|the|to)\b",
        r"\bshould (?:it|they|this|that|the \w+) (?:have|own|get|use|live|run|go|be)\b", r"\bI'?d lean\b",
        # a review's suggestion said without "I": "1. … Suggest moving grades into a `grades` table"
        r"\bsuggest \w+ing\b",
    ),
    choice_ask=(
        r"\bwhich\b[^.!?\n]*\?", r"\bprefer", r"\bchoose\b", r"\bpick\b", r"\bor\b[^.!?\n]*\?", r"\bwould you like\b",
        r"\bdo you want\b", r"\bshould (?:I|we)\b", r"\bshall (?:I|we)\b", r"\balternatives?\b", r"\bapproach(?:es)?\b.{0,40}\?",
    ),
    task_offer=(
        r"\b(?:want|would you like|shall|should) (?:me|I)\b", r"\bdo you want me\b", r"\bI can\b.{0,40}\?",
    ),
    accept=(
        r"^(?:ok(?:ay)?|yes|yep|yeah|sure|sounds good|agreed|deal|fine|great|perfect|cool|go ahead|do it|do that|ship it)\b",
        r"\bsounds good\b", r"\bdo that\b", r"\bdo it\b", r"\bgo ahead\b", r"\bgo with\b", r"\bagreed\b", r"\blet'?s do (?:it|that)\b",
        r"^(?:the )?(?:first|second|third|fourth|last|1st|2nd|3rd) (?:one|option|approach|choice|way)\b", r"\bit is\W*$",
        r"^(?:alright|all right|yup|works for me|fine by me)\b", r"^\W*[\w.+#-]+(?: [\w.+#-]+)? then\W*$",
    ),
    reject=(
        r"^\W*(?:no|nope|nah)\b", r"\bdon'?t do (?:that|it)\b", r"\bnot that\b", r"\bI disagree\b", r"\blet'?s not\b",
    ),
    option_ref=(
        r"option", r"choice", r"plan", r"number", r"#", r"go with", r"pick", r"choose",
    ),
    option_line=(
        r"option", r"choice", r"plan",
    ),
    why=(
        r"\bbecause\b", r"\bsince\b",
        r"(?<!\blong )(?<!\bsoon )\bas\b(?= (?:we|it|they)\b| the(?: [\w.-]+){1,3} (?:is|are|was|were|has|have|had|"
        r"does|did|do|keeps?|needs?|can|can't|cannot|won't|will|would|isn't|aren't|doesn't|don't|wasn't|"
        r"already|still|only|always|never)\b)",
        r"\bdue to\b", r"\bso that\b",
        # "as the <noun> <verb>" is a reason ("as the CI image doesn't have 22 yet"); "Caddy as the
        # reverse proxy" is a role, kept in the statement.
    ),
    impact=(
        r"\bthis means\b", r"\bwhich means\b", r"\bso we'?ll need\b", r"\bso we need\b", r"\bthat means\b",
    ),
    supersedes=(
        r"\binstead of\b", r"\binstead\b", r"\bno longer\b", r"\bswitch(?:ing)? back\b", r"\bnot .{1,30} anymore\b",
        r"\breplac",
    ),
    lead_filler=(
        # the English openers end at a word boundary: one alternative
        r"(?:ok(?:ay)?|alright|all right|so|and|also|btw|oh|well|right|great|cool|fine|yes|yeah|sure|actually|then|thanks|"
        r"quick one|please|rule(?: of thumb)?(?: from now on)?|decision|remember(?: that)?|keep in mind(?: that)?|note that|don'?t forget(?: that)?|"
        r"we(?:'ve| have)? decided(?: to| that| on)?|let'?s go with|let'?s(?! not\b)|go with|from now on|from here on|going forward)\b",
    ),
    confirm=(
        r"^\W*(?:(?:ok(?:ay)?|so|and|alright|right)\W+)?(?:that'?s|this is|it'?s|that is)\s+(?:the|my|our)\s+(?:final\s+)?"
        r"(?:call|decision|plan|choice)\b",
        r"^\W*(?:decision made|final decision|settled|decided)\W*$",
    ),
    neg_use=(
        r"\b(?:no longer|never|not|don'?t|do not|won'?t|stop|quit)\s+(?:\w+\s+)?us(?:e|ing)\b", r"\bno more\b",
    ),
    use=(
        r"\bus(?:e|ing)\b",
    ),
    continuation=(
        r"only", r"just", r"except", r"unless", r"but only", r"and only",
    ),
    finding=(
        r"\bwe found\b", r"\bit turns out\b", r"\bturned out\b",
    ),
    recommend_lead=(
        r"I(?:'d| would)? (?:suggest|recommend|propose)(?: that| we| to)?", r"I'?d lean(?: towards?)?", r"we could", r"you could",
    ),
    advise_against=(
        r"\bI (?:wouldn'?t|would not|don'?t|do not) (?:recommend|suggest|build|bother|switch|change|move|migrate|do)\b",
        r"\bI'?d (?:hold off|not (?:bother|build|switch|change|move))\b", r"\bnot worth (?:it|the|switching|changing)\b",
    ),
    adopt_as_proposed=(
        r"as (?:you )?(?:proposed|suggested)",
    ),
    retract=(
        r"\bnever ?mind\b", r"\bnvm\b", r"\bscratch that\b", r"\bforget (?:it|that)\W*$", r"\bforget what I said\b",
        r"\bignore (?:that|what I said|my last)\W*$",
    ),
    alternatives=(
        r"\bor\b", r"\bvs\.?\b", r"\bversus\b",
    ),
    refers_back=(
        r"\blike (?:this|that)\b", r"\bthat way\b", r"\bthis way\b",
    ),
    announce=(
        r"(?:heads[- ]up|fyi|note|just so you know)\b",
    ),
    todo=(
        r"^\W*(?:todo|to-do|tbd|backlog|someday|maybe later|parking lot|open question)\s*[:：-]",
    ),
    transaction=(
        r"[$€£฿¥]\s?\d", r"\d\s?(?:usd|eur|gbp|thb|baht)", r"\b\d{1,2}:\d{2}\b",
        r"\b\d{1,2}\s?(?:am|pm)\b", r"\b(?:delivery|pickup) (?:slot|window|time)\b",
        r"\b(?:flight|fare|ticket|seat|hotel|room|table for|booking)\b",
    ),
)

COMPLAINTS = Complaints(
    frequency=(
        r"\bevery\b", r"\beach time\b",
    ),
    cost=(
        r"\bslow\b", r"\bnuts\b", r"\bcrazy\b", r"\bannoying\b", r"\bdumb\b", r"\bpainful\b", r"\bkills?\b", r"\bdrives? (?:me|people|everyone)\b",
        r"\btakes? forever\b", r"\bwaste\b", r"\bsucks\b", r"\bhate\b",
    ),
    frustration=(
        r"\b(?:so |really )?tired of\b", r"\bsick of\b", r"\bfrustrat", r"\bugh\b", r"\bbreaks?\b", r"\bfails?\b", r"\btiming out\b",
        r"\bclobbered\b", r"\bagain\b", r"\bwhy (?:does|do|is)\b",
    ),
    consequence=(
        r"\botherwise\b", r"\bor else\b",
    ),
    instruction=(
        r"\bmust\b", r"\balways\b", r"\bfrom now on\b", r"\bshould\b", r"\bneeds? to\b",
    ),
    replacing=(
        r"\binstead\b", r"\brather than\b",
    ),
    rule_named=(
        # "this no-Friday rule is so annoying"; not "the rule is: …" nor "the rule is that …"
        r"\b(?:rule|policy|ban|freeze)(?:'s|\s+is|\s+was)\b(?!\s*(?:[:：]|that\b))",
    ),
)

PICKS = Picks(
    lead=(),
    polite=(),
    pick_verb=(),
    settle=(),
    take=(),
    purpose=(),
    asks=(),
    tech=(
        r"\bnode(?:\.?js)?\b", r"\bjs\b", r"\bts\b", r"\bphp\b", r"\bc#|\bdotnet\b|\.net\b",
    ),
    not_name=(
        r"^(?:it|this|that|ok|okay|pr|bug|test|tests|log|logs|file|commit|fix|merge|push|task)$",
    ),
)

STRUCTURE = Structure(
    movement=(
        # "we're moving to X" switches what the team uses (a Decision); a part of the system moving is structure.
        r"(?<!\bwe )(?<!\bwe're )(?<!\bwe are )(?<!\bI'm )(?<!\blet's )\b(?:moves?|moving|goes|going|migrates?|migrating|is migrated|are migrated) (?:over )?(?:to|into|onto|behind|off|out of)\b",
        r"\b(?:comes?|coming) out of\b", r"\b(?:sits?|lives?|goes|moves?) behind\b",
        r"\b(?:split|splitting|pull|pulling|spin|spinning|carve|carving|break|breaking|factor|factoring)(?: \S+){1,4}? (?:out|off)\b",
        r"\b(?:split|spin|carve|break|factor)(?:s|ting|ning|ing)? (?:out|off)\b",
        r"\b(?:merg|fold)(?:e|es|ed|ing) (?:\S+ ){1,4}?into\b", r"\b(?:merged|folded) into\b",
        r"\breplac(?:e|es|ing) (?:\S+ ){1,4}?with\b", r"\b(?:is|are|gets?|get) replaced (?:by|with)\b",
        r"\b(?:in|into|to) (?:its|their) own (?:service|worker|process|repo|package|module|database|db|queue|app|lambda|container)s?\b",
    ),
    system_part=(
        r"\b(?:auth|authentication|login|sessions?|search|payments?|billing|checkout|notifications?|emails?|uploads?|"
        r"thumbnails?|reports?|reporting|logging|logs|metrics|api|apis|frontend|backend|front end|back end|code|module|"
        r"worker|workers|jobs|queue|cache|gateway|monolith|service|services|database|db|storage|store|endpoint|endpoints|"
        r"cron|scheduler|pipeline|app|server)\b",
        r"service", r"payment", r"session",
        r"worker",
    ),
    time_dest=(
        r"\b(?:to|into|until|till) (?:mon|tues|wednes|thurs|fri|satur|sun)day\b", r"\bto (?:tomorrow|tonight|next|later|the afternoon|the morning)\b",
        r"\bto (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b", r"\bmeeting\b", r"\bcall\b", r"\bappointment\b",
    ),
)

ANSWERS = Answers(
    fact_ask=(
        r"\b(?:which|what|where)\b[^?]{0,50}?\b(?:is|are|does|do|runs?|lives?|sits?)\b[^?]*\?", r"\bwhere(?:'s| is| are)\b[^?]*\?",
    ),
    choosing=(
        r"\bshould\b", r"\bprefer\b", r"\bwant\b", r"\bwould you\b", r"\brecommend\b", r"\bwe use\b", r"\bto use\b", r"\blike\b", r"\bbest\b",
    ),
    setup_ask=(
        r"\b(?:host|cluster|region|server|account|bucket|domain|environment|env|context|machine|node)s?\b",
    ),
    event_ask=(
        r"\b(?:error|message|output|status|log|logs|happen(?:ed|s)?|say|says|show|shows|contains?|wrong)\b",
        r"\b(?:fail(?:ed|s|ing|ures?)?|broke|crash(?:ed|es|ing)?|went down|go down|gave up)\b", r"\bin the last (?:run|build|deploy)\b",
        r"\bwhy did\b", r"\bwhat (?:caused|went wrong)\b", r"\broot cause\b",
    ),
    refusal=(
        r"no", r"nope", r"not sure", r"idk", r"dunno", r"i don'?t know",
    ),
)

LISTS = Lists(
    rule_header=(
        r"\b(?:(?:ground|house|team|repo|coding|our|the|some|few|new) )?(?:rules|conventions|guidelines|policies|norms|standards)\b",
        r"\bgoing forward\b", r"\bfrom now on\b", r"\bfrom here on\b",
    ),
)

FIELDS = Fields(
    leading_particles=(),
    bare_yes=(
        r"yes", r"yeah", r"yep", r"yup", r"sure", r"ok(?:ay)?", r"right", r"correct", r"exactly", r"please",
    ),
)

CHOICES = Choices(
    lead=(
        r"ok(?:ay)?", r"fine", r"yes", r"yep", r"yeah", r"yup", r"sure", r"agreed", r"alright", r"all right", r"cool", r"right", r"then",
        r"so", r"well", r"great", r"sounds good", r"go with", r"let'?s (?:go with|use)", r"use", r"pick",
    ),
    tail=(
        r"it is", r"then", r"please", r"for now",
    ),
    not_a_choice=(
        "it", "that", "this", "both", "none", "neither", "thanks", "thank you", "do it", "do that",
        "go ahead", "sounds good", "got it", "noted", "nice", "perfect", "done",
    ),
    joins=(
        r"\band\b", r"&", r"\bvs\b\.?",
    ),
    ordinal=(
        r"\b(?:the )?(first|second|third|fourth|1st|2nd|3rd)(?: one| option| approach| choice| way)\b",
        r"\boption (one|two|three|four)\b",
    ),
    ordinal_digits=(
        "first=1", "1st=1", "second=2", "2nd=2", "third=3", "3rd=3", "fourth=4", "one=1", "two=2", "three=3", "four=4",
    ),
)

LABELS = Labels(
    lead=(
        r"ok(?:ay)?", r"yes", r"yeah", r"yep", r"sure", r"hmm+", r"then", r"so", r"let'?s (?:do|go with|go for)", r"go with", r"go for", r"pick",
        r"i'?ll (?:take|go with)", r"we'?ll (?:take|go with)", r"take", r"do", r"use",
    ),
    label=(
        r"option\s*", r"choice\s*", r"#",
    ),
    counter=(),
    tail=(
        r"please", r"pls", r"then", r"for now",
    ),
    but=(
        r"but",
    ),
)

SETTLED = Settled(
    tool=(
        r"\b[A-Za-z][\w.+#-]*\s?v?\d+(?:\.\d+)*\b",
        r"\b(?:pnpm|yarn|npm|bun|deno|vite|webpack|esbuild|rollup|turbopack|babel|swc|postgres(?:ql)?|mysql|mariadb|sqlite|"
        r"mongo(?:db)?|redis|memcached|kafka|rabbitmq|nats|sqs|clickhouse|elasticsearch|opensearch|dynamodb|firebase|supabase|"
        r"pytorch|jax|tensorflow|react(?: native| navigation)?|vue|svelte|angular|next(?:\.js)?|nuxt|remix|expo|flutter|"
        r"django|flask|fastapi|rails|spring|laravel|express|nestjs|gin|chi|echo|fiber|k8s|kubernetes|nomad|docker(?: compose)?|"
        r"podman|terraform|pulumi|ansible|helm|github actions|gitlab(?: ci)?|jenkins|circleci|buildkite|argo(?:cd)?|"
        r"aws|gcp|azure|vercel|netlify|fly\.io|heroku|cloudflare|grpc|graphql|rest|celery|sidekiq|temporal|airflow|"
        r"typescript|go|golang|rust|kotlin|swift|java|python|ruby|elixir|uv|poetry|pip|conda|ruff|black|eslint|prettier|biome|"
        r"jest|vitest|pytest|playwright|cypress|sentry|datadog|grafana|prometheus|loki|elk|splunk|clerk|auth0|keycloak|"
        r"okta|stripe|paddle|tailwind|zustand|redux|mobx|prisma|drizzle|sqlalchemy|alembic|flyway|liquibase|pgbouncer|"
        r"nginx|caddy|envoy|traefik|istio|linkerd|bazel|nx|turborepo|lerna|monorepo|ios|android)\b",
    ),
    settled_at=(
        r"\bnow\b", r"\balready\b", r"\bofficially\b", r"\bfinally\b", r"\blast (?:week|month|sprint|quarter|year)\b", r"\byesterday\b",
        r"\bas of\b", r"\bsince\b", r"\bwith the \S+ release\b", r"\bfor good\b", r"\bfrom (?:here|now) on\b", r"\bgoing forward\b",
    ),
    not_tool=(
        r"\b(?:vacation|holiday|leave|call|train|plane|way|phone|break|lunch|page|step|track|it|this|that|board|top)\b",
    ),
    replaced=(
        r"\bswap(?:s|ped|ping)? (?:out )?(?P<a>\S+(?: \S+)?) (?:for|with) \S+",
        r"\b(?P<a>\S+(?: \S+)?) instead of \S+(?: \S+)?,? (?:from (?:here|now) on|going forward|for good|everywhere)\b",
        r"\b(?:use|using|on) (?P<a>\S+(?: \S+)?) instead(?: of \S+)?\W*$",
        # A named thing switched from one choice to another: "switch the session cache from Redis to Memcached",
        # "we're moving CI from Jenkins to GitHub Actions", "we've migrated the DB from MySQL to Postgres";
        # not negated, tried or wished ("don't switch", "no need to move", "try switching", "I'd like to move").
        r"(?<!n't )(?<!not )(?<!never )(?<!try )(?<!trying )(?<!need to )(?<!want to )(?<!like to )\b(?:switch|move|migrate|swap)(?:ing)?\b"
        r"(?P<x>(?: [^\s.;!?]+){0,5}?) from (?P<a>[^\s.;!?]+(?: [^\s.;!?]+)?) (?:over )?to (?P<b>[^\s.;!?,]+(?: [^\s.;!?,]+)?)",
        r"\bwe(?:'ve| have)? (?:(?:just|finally|already|now) )?(?:switched|moved|migrated)\b"
        r"(?P<x>(?: [^\s.;!?]+){0,5}?) from (?P<a>[^\s.;!?]+(?: [^\s.;!?]+)?) (?:over )?to (?P<b>[^\s.;!?,]+(?: [^\s.;!?,]+)?)",
    ),
    status=(
        r"\b(?:we|we've|we're|our (?:team|app|stack|project|backend|frontend|service)|the team)(?:'re| are| have| has|'ve)? (?:(?:also|now|already|finally|officially) )*(?:on|moved (?:over )?to|migrated (?:over )?to|switched (?:over )?to|upgraded to|standardi[sz]ed on|settled on|running|using|dropping|dropped|retiring|retired) (?P<a>\S+(?: \S+){0,2})",
        r"\b(?:minimum|min|default|target) (?:supported )?(?P<a>\S+(?: version)?) is (?:now )?\S+ now\b",
        r"\b(?:minimum|min|default|target) (?:supported )?(?P<a>\S+(?: version)?) is now\b",
    ),
    named_now=(
        r"\b(?:we'?re|we are)(?: (?:now|already|all))? (?:on|with|using|running) (?P<a>[A-Z][\w.+-]*(?: [A-Z][\w.+-]*)?),? now\b",
        r"\b(?:runs?|running|(?:is |are )?(?:hosted|deployed|served|stored))(?: [\w-]+){0,2}? (?:on|with|in|at|via|through) "
        r"(?P<a>[A-Z][\w.+-]*(?: [A-Z][\w.+-]*)?),? now\b",
    ),
)

STANCE = Stance(
    agrees=(
        r"\bI agree\b", r"\bagreed\b", r"\b(?:he|she|they|\w+) (?:is|are|was|were|'s|'re) right\b",
        r"\bgood (?:call|point)\b",
        r"\blet'?s do (?:that|it|what)\b", r"\bgo with (?:that|it|what)\b",
    ),
    deferral=(
        r"\bnot (?:right )?now\b", r"\bnot yet\b", r"\bnot for now\b", r"\bmaybe later\b", r"\blater maybe\b",
        r"\bnot this (?:sprint|quarter|release|time|week)\b", r"\b(?:let'?s )?revisit (?:it|this|that|later)\b",
        r"\bpark (?:it|that|this)\b", r"\bput (?:it|that|this) on (?:hold|ice)\b", r"\bcircle back\b",
        r"\b(?:maybe|wait until|until) (?:after|post)[- ]the (?:release|launch|freeze|demo|deadline|holidays?)\b",
        r"\bdown the (?:road|line)\b", r"\bsome ?day\b",
    ),
    keeps_on=(
        r"\bkeep\b", r"\bstick with\b", r"\bstay (?:on|with)\b", r"\bcontinue\b",
        r"\bfor now,? (?:use|go with)\b",
    ),
    occasion=(
        r"\btomorrow\b", r"\btonight\b", r"(?<!\bfrom )\btoday\b",
        r"\bthis (?:morning|afternoon|evening|weekend|trip|flight|order|booking|one|package|file|pr|branch|ticket|"
        r"email|message|meeting|call)\b",
        r"\b(?:on|for|by|this|next) (?:mon|tues|wednes|thurs|fri|satur|sun)day\b(?!s)",
        r"\b(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]* \d{1,2}\b", r"\b\d{1,2}(?:st|nd|rd|th)\b",
    ),
    standing=(
        r"\balways\b", r"\bevery\b", r"\bwhenever\b", r"\bnever\b", r"\bfrom now on\b", r"\bgoing forward\b",
        r"\bany ?more\b", r"\bagain\b", r"\bin (?:the )?future\b", r"\bfrom today\b", r"\ball (?:future|my|our)\b",
        # "remember I'm on leave next Friday, don't schedule the cutover then": kept on purpose.
        r"\bremember\b", r"\bkeep in mind\b",
    ),
    own_report=(
        r"\b(?:I|we)(?:'ve| have)?(?: already)? (?:said|told you|mentioned)\b", r"\bas I said\b",
    ),
    bare_refusal=(
        r"no", r"nope", r"nah", r"don'?t", r"do not",
    ),
    no_ask_again=(
        r"\bdon'?t (?:ever )?ask (?:me )?(?:again|every time)\b", r"\bno need to ask (?:me )?again\b",
    ),
    refusal_particles=(),
    reported_speech=(
        r"(?<!\bI )(?<!\bwe )(?<!\byou )(?<!\bI've )(?<!\bI have )(?<!\bas I )(?<!\bwhat I )"
        r"\b(?:said|says|told (?:me|us|the team)|suggested|suggests|proposed|proposes|mentioned|reckons|argued|"
        r"argues|wants us to|thinks we should|pushed for|is pushing for|claims?|insists?|insisted)\b",
        r"\baccording to\b", r"\b(?:colleague|boss|manager|lead|cto|pm|team)(?: [A-Z]?\w+)? says?\b",
        r"\b(?:he|she|they)(?:'s| is| was)? (?:saying|suggesting|asking for)\b",
        # a complaint reported: "Nat complained that we always deploy on Fridays"
        r"\b(?:complain|grumble|moan|whine)(?:s|d|ed|ing)? (?:that|about)\b",
    ),
    # A desire for a thing: the goal of the task at hand ("I want a CSV per branch", "I'd rather not build an app") ...
    wish=(
        r"\bI (?:really |also |just )?want\b(?! to\b)", r"\bI'?d rather\b",
    ),
    # ... unless it is about a person: the user's own, or how the agent works or answers.
    wish_person=(
        r"\b(?:you|your|yours|me|my|mine|myself)\b", r"\b(?:answers?|repl(?:y|ies)|responses?)\b",
    ),
    # A request that recurs: "send me the sales summary every Monday", "every morning at 7, put … in a PDF and send it to my WhatsApp".
    recurs=(
        r"\bevery (?:single )?(?:day|morning|afternoon|evening|night|weekday|weekend|week|month|quarter|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d+ (?:minutes|hours|days|weeks|months))\b",
        r"\beach (?:day|morning|evening|night|week|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", r"\b(?:daily|weekly|monthly|nightly|fortnightly)\b",
        r"\bon (?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)\b",
    ),
    asks_agent=(
        r"(?:^|[,;:]\s*|\b(?:and|also|then|please|pls|just)\s+)(?:send|email|e-mail|mail|post|forward|text|message|ping|remind)\s+(?:me|us)\b",
        r"(?:^|[,;:]\s*|\b(?:and|also|then|please|pls|just)\s+)(?:send|email|e-mail|mail|post|forward|put|drop|deliver)\b[^.;!?]{1,60}?\bto (?:me|us|my|our)\b",
    ),
    third_person=(
        r"\b(?:he|she|they)\b",
    ),
    hands_choice=(
        r"\bwhat would you\b[^?]{0,40}\b(?:pick|choose|use|go with|recommend|suggest)\b",
        r"\bwhat do you (?:suggest|recommend)\b", r"^(?:any )?(?:options|suggestions|ideas)\W*$",
        r"\bwhich (?:one )?(?:would|should) (?:you|we|I) (?:pick|choose|use|go with)\b",
    ),
    asks_options=(
        r"\bI'?d like (?:some |a few )?(?:options|suggestions)\b", r"\bgive me (?:some |a few )?options\b",
    ),
    todo_list=(
        r"\bto-?do list\b", r"\b(?:on|to) (?:the|my|our) backlog\b",
    ),
)

SCOPE = Scope(
    freq_word=(
        r"\b(?:always|never|every (?:single )?time|each time|all the time|constantly)\b",
    ),
    freq_clause=(),
    third_clause=(),
    instruct_clause=(),
    instructs_before=(
        r"(?:^|\b(?:must|should|shall|will|'ll|to|please|pls|plz|and|also|so|then|but|or|just|we|you|let'?s|do|can|need to|have to|got to|gotta|make sure(?: to| you| we)?|remember to|from now on|going forward|here|rule)|[:(])\s*$",
    ),
    third_before=(
        r"\b(?:he|she|it|they|this|that|there|who|which|whom|one|everyone|everybody|nobody|someone|somebody|people)(?:'s|'re| is| are| was| were| has| had| does| did)?(?: (?:still|just|also|literally|basically|pretty much|kind of|kinda|the one(?: who)?))*\s*$",
    ),
    copula_before=(
        r"(?:'s|'re|\bis|\bare|\bwas|\bwere|\bhas been|\bhave been)\s*$",
    ),
    participle=(
        r"\s*(?:[a-z]{2,}(?:ed|en)|done|kept|set|put|run|made|built|sent|shown|paid|held|read|cut|split|shut)\b",
    ),
    reports_after=(
        r"\s*(?:the same|a|an|something|like (?:this|that)|[a-z]+(?<!s)(?<!ss)s|[a-z]+(?:ss)es|[a-z]{3,}ed|been|late|on time|slow|down|busy|broken|there|around|right|wrong|does|did|was|were|has|had|took|broke|came|went|got|forgot|said|told|seems?|happens?)\b",
    ),
    event_clause=(
        r"\s*(?:i|he|she|it|they|we|you|the \w+|my \w+)\b",
    ),
    describes_main=(
        r"\b(?:it|he|she|they|this|that)(?:'s|'re| is| are| was| were)?\s+(?:\w+\s+)?(?:[a-z]+(?<!s)(?<!ss)s|[a-z]{3,}ed|slow|late|broken|down|stuck)\b",
    ),
    you_before=(
        r"(?:^|\b(?:and|but|so|because|like|honestly|seriously|ugh))\W*\byou\s*$", r"\bI(?:'d| would)\s*$",
    ),
    verbless=(
        r"\s*(?:the same|like (?:this|that))\b",
    ),
    ever=(
        r"\bever\b",
    ),
    from_now=(
        r"\b(?:from now on|going forward|in future|from here on)\b",
    ),
    modal=(
        r"\b(?:must|should|shall|need(?:s)? to|have to|has to|make sure|please|don'?t|do not|never|always)\b",
    ),
    you_habit=(),
    pointer=(
        r"^\W*(?:(?:ok(?:ay)?|so|and|also|then|yeah|yes|from now on|going forward|always|please|just)\W+)*(?:do|handle|write|make|treat) (?:it|them|that|this|things)?\s*(?:like (?:this|that)|this way|that way|the same(?: way)?)\W*$",
        r"^\W*(?:(?:ok(?:ay)?|so|and|also|then|from now on|going forward)\W+)*(?:like (?:this|that)|this way|that way|same (?:thing|way))\W*(?:from now on|going forward|every time)?\W*$",
    ),
    at_hand=(
        r"\b(?:we|you|I) just\b", r"\bthe one you\b", r"\bwhat you (?:just )?did\b", r"\b(?:above|below)\b(?!\s+(?:\d|zero|the limit))",
        r"\bin (?:that|this) (?:last )?(?:message|reply|answer|output|snippet|diff|function|test)\b",
        # A don't whose object is the thing at hand: "don't merge it until CI is green", อย่าลบไฟล์นั้น, 别动那个表.
        r"^\W*(?:(?:please|and|also|but|so|ok(?:ay)?|oh|then|just|wait|hey)\W+)*(?:don'?t|do not)\s+(?:\w+\s+){0,2}?(?:it|this|that|them|these|those)\b"
        r"(?!\s+(?:repo|project|codebase|rule|way|kind|pattern|folder|directory|module|package|service|team|library|lib|tool)s?\b)",
        r"\bthere\b(?=\W*(?:[,;]|$))",
    ),
    talk=(
        r"^\W*(?:(?:and|oh|ok(?:ay)?|but|also|please|no)\W+)*(?:don'?t|do not|never) (?:worry|apologi[sz]e|be sorry|bother|mind me|panic|sweat it|stress|get me wrong|judge|laugh|rush)\b",
    ),
    handed=(
        r"\b(?:name|named|called)\b,?\s*[A-Z][a-z]+(?:\s[A-Z][a-z]+)+", r"\b(?:wife|husband|partner|mom|mum|dad|mother|father|son|daughter|brother|sister)(?:'s)?(?: name)?,\s*[A-Z][a-z]+(?:\s[A-Z][a-z]+)*",
        r"\b(?:tax id|vat(?: number| no\.?)?|account (?:no\.?|number)|iban|customer (?:id|number))\b\W{0,3}\w*\d{5,}",
        r"[\w.+-]+@[\w-]+\.[\w.]+", r"\+?\d[\d -]{8,}\d",
    ),
    # A rule announced by a label: its body is a norm even when it reads as a description ("rule: the
    # source video never leaves our storage"); not a rule that was ("the old rule: …").
    rule_label=(
        r"(?<!\bold )(?<!\bprevious )(?<!\bformer )\b(?:rule|policy)(?: from (?:now on|today|here on|the \w+)| of thumb)?\s*:",
    ),
)

TOPOLOGY = Topology(
    component=(
        r"\b(?:sidecar|layer|proxy|reverse proxy|cdn|load ?balancer|lb|middleware|bff|nginx|envoy|haproxy|traefik|varnish|"
        r"memcached|rabbitmq|nats|sqs|sns|pub/?sub|event bus|bus|broker|replica|read replica|collector|agent|lambda|"
        r"microservice|schema|tenant db|message queue|api gateway|edge|waf|firewall|vpc|cluster)s?\b",
        r"database", r"\bdb\b", r"cache", r"queue", r"proxy", r"sidecar",
        r"gateway", r"bff", r"cdn", r"schema",
        r"nginx",
    ),
    placed=(
        r"\b(?:add|adds|adding|added|put|puts|putting|introduc(?:e|es|ed|ing)|stick|sticking|place|placing|insert|inserting|"
        r"there'?s now|we now have|now (?:has|have)|(?:is|are) now)\b.{1,50}?\b(?:in front of|between|behind|on top of|ahead of|sits? before)\b",
    ),
    removed=(
        # "remove/drop/kill the X" is mostly a task at hand (kill the worker process); these verbs retire a part.
        r"\b(?:get(?:ting)? rid of|got rid of|rip(?:ping)? out|ripped out|tear(?:ing)? out|decommission(?:s|ing|ed)?|"
        r"sunset(?:s|ting)?|retir(?:e|es|ing|ed)) (?P<obj>[^,.;:!?]{1,40})",
    ),
    edit_object=(
        r"\b(?:this|that|these|those|it|line|lines|comment|comments|log line|print|typo|word|import|imports|variable|"
        r"function|test|tests|file|files|branch|key|entry|entries|flag|field|column|row|button|step|item|todo|process|"
        r"directory|dir|folder|container|pod|table|re-?run|rebuild|restart|retry)s?\b",
    ),
    boundary=(
        r"\b(?:talks?|speaks?|connects?|calls?|goes|reads?|writes?) (?:only )?(?:to|through|via) (?:the )?\S+(?: \S+)? only\b",
        r"\bonly (?:talks?|speaks?|connects?|calls?|goes|reads?|writes?) (?:to|through|via)\b",
        r"\b(?:each|every|per) (?:tenant|customer|client|team|region|org|organi[sz]ation|service)s? (?:gets?|has|have|owns?) (?:its|their) own\b",
        r"\b(?:one|a|its own|a separate) (?:\S+ )?(?:database|db|schema|queue|bucket|cluster|namespace) per (?:tenant|customer|client|team|region|service)\b",
    ),
    routed=(
        r"\b(?:go|goes|flow|flows|are routed|is routed|get routed|gets routed|run|runs) (?:all )?(?:through|via) (?:the )?\S+",
    ),
    standing=(
        r"\b(?:now|from now on|going forward|all|every|always)\b",
    ),
    route_noun=(
        r"\b(?:events?|messages?|writes?|reads?|traffic|requests?|calls?|jobs?|data|logs?|payments?|emails?|notifications?|uploads?)\b", r"event", r"request",
    ),
)

ONEOFF = Oneoff(
    # An edit tied to a spot (a line number, a file name with an extension, the README): a task, not a lasting choice. Script-neutral, so it serves every language ("把第 42 行的
    # requests 换成 httpx" is caught by zh's 第 N 行; "เปลี่ยน test_cart.py จาก unittest เป็น pytest" by the file name).
    edit_target=(
        r"\blines? \d+\b",
        r"(?<![\w.])[\w/-]+\.(?:py|pyi|ts|tsx|jsx|go|rs|java|kt|rb|php|c|cc|cpp|h|hpp|cs|swift|md|txt|json|ya?ml|toml|ini|cfg"
        r"|html|css|scss|sql|sh|vue|lock)\b",
        r"(?<![\w.])(?:index|main|app|server|[\w/-]*[_/][\w-]*)\.js\b",
        r"(?<![a-z])readme(?![a-z])",
    ),
    task_scope=(
        r"\bfor (?:this|the current|this one|that) (?:one )?(?:run|test|tests|test run|ticket|task|bug|fix|hotfix|pr|"
        r"pull request|commit|command|step|script|job|build|debug(?:ging)? session|session|demo|experiment|spike|"
        r"request|query|file|case|example|attempt|try|invocation|call|one)\b",
        r"\b(?:just|only) for (?:this|that|today|tonight|the (?:demo|test|experiment|spike))\b",
        r"\bthis (?:one )?time\b(?! (?:and|from) )", r"\bjust (?:this )?once\b", r"\bfor (?:today|tonight)\b",
        r"\b(?:this|that) (?:migration|run|ticket|pr|test) only\b",
    ),
    near_time=(
        r"(?<!\bfrom )(?<!\bdecided )\btoday\b", r"\btonight\b", r"\btomorrow\b",
        r"\bthis (?:morning|afternoon|evening)\b", r"\blater today\b",
    ),
    tentative=(
        r"\bleaning (?:towards?|to)\b", r"\binclined to\b", r"\btoying with\b", r"\bconsidering\b", r"\bon the fence\b",
        r"\b(?:try|trial) (?:it|\S+) (?:out )?for a (?:bit|while|week|sprint)\b",
    ),
    event_end=(
        r"\bfor (?:the|this|today'?s|tomorrow'?s) (?:call|meeting|demo|presentation|interview|standup|"
        r"workshop|trip|dinner|party)(?=\W*$)",
    ),
    lasting=(
        r"\bfrom now on\b", r"\bgoing forward\b", r"\bfor good\b", r"\bpermanently\b",
        r"\bfrom (?:then|today|tomorrow) on\b",
        r"\bstarting (?:today|tomorrow|now|next)\b", r"\bdefault\b", r"\bstandard\b", r"\bfrom here on\b", r"\bevery\b",
        r"\balways\b", r"\bnever\b", r"\bno longer\b", r"\bany ?more\b", r"\b(?:we|I)(?:'ve| have)? decided\b",
    ),
    foreign=(
        r"\b(?:his|her|their) (?:own )?(?:team|company|startup|org|organi[sz]ation|project|side project|shop|employer)\b",
        r"\b(?:my|a|our) (?:old |former )?(?:friend|buddy|cousin|brother|sister|wife|husband|dad|mom|father|mother|"
        r"neighbou?r|ex-colleague|former colleague|roommate)s?(?:'s?)?\b",
        r"\ba friend of (?:mine|ours)\b",
        r"\b(?:the|some|an?) ?other (?:team|company|startup|project|group|department)s?\b",
        r"\banother (?:team|company|startup|client|customer|group)\b", r"\b(?:a |our |the )?competitors?\b",
        r"\b(?:he|she)(?:'s| has)? (?:finally |just )?(?:decided|went with|switched|chose|picked|dropped|moved)\b",
        r"\bfor (?:his|her|their) (?:own )?(?:stuff|thing|side project|project|startup|app|blog|shop)\b",
        r"\bthe (?:folks|people|guys) (?:at|over at)\b",
    ),
    our_side=(
        r"\b(?:we|we'll|we're|us|let's|our team)\b", r"\bI(?:'ll| will| am going to|'m going to)\b",
    ),
    agent_step=(
        r"\b(?:should|shall|do you want|would you like|want) (?:me|I)\b", r"\b(?:I'll|I will|I can) (?:start|begin)\b",
    ),
    design_word=(
        r"\b(?:use|using|go with|pick|choose|adopt|store|keep|standardi[sz]e|switch to|migrate to|default)\b",
        r"\b(?:library|framework|database|db|storage|store|queue|provider|vendor|format|convention|naming|policy|"
        r"strategy|architecture|schema|stack|cache)\b",
    ),
    step_word=(
        r"\bfirst\b", r"\bnext\b", r"\bstart (?:with|on)\b", r"\b(?:edit|open|run|rerun|fix|debug|patch|test|look at|check|"
        r"tackle|push|commit|delete|revert|restart|review|rebase)\b",
        r"\b(?:describe|explain|walk you through|write up|draft|send|show you)\b",
    ),
    go_lead=(
        r"ok(?:ay)?", r"yes", r"yeah", r"yep", r"sure", r"fine", r"alright",
    ),
    go_lead_particles=(),
    go_ahead=(
        r"go ahead", r"do it", r"go for it", r"ship it",
    ),
    go_particles=(),
)

ACTS = Acts(
    design_ask=(
        r"\b(?:which|what)\b[^?]{0,60}\b(?:version|minimum|maximum|default|limit|timeout|threshold|format|naming|"
        r"convention|strategy|approach|library|framework|database|store|storage|backend|provider|region|language|"
        r"style|policy|retention|interval|schedule|size|target|cap|budget|percentage|amount)s?\b[^?]*\?",
        r"\bshould (?:we|it|they|this|that|the \w+)\b[^?]*\?", r"\b(?:do you )?prefer\b[^?]*\?",
        r"\bhow (?:many|much|long|often)\b[^?]*\b(?:should|do you want)\b[^?]*\?", r"\bor\b[^?.]{1,60}\?",
        r"\bhow (?:many|much)\b[^?]{0,40}\bper\b[^?]*\?", r"\b(?:do|does|should|will) (?:the )?\w+ (?:expire|reset|renew|roll over|carry over)\b[^?]*\?",
    ),
    task_ask=(
        r"\b(?:want|would you like|shall|should|do you want|can|may) (?:me|I)\b", r"\bI can\b[^?\n]{0,80}?\bif you\b",
    ),
    change=(
        r"\b(?:switch|change|move|convert|rename|replace|swap|revert|migrate)\b", r"\binstead\b",
    ),
    user_design_ask=(
        r"\bwhat do you (?:suggest|recommend|think)\b", r"\bthoughts\W*$", r"\bideas\W*$", r"\bshould (?:we|I)\b",
        r"\bor\b[^?.]{1,60}\?",
        r"\bwhich\b[^?]*\?", r"\bhow (?:many|much)\b[^?]*\?",
    ),
    offering=(
        r"\b(?:I|we|you) (?:can|could)\b", r"\beither\b", r"\balternatively\b",
    ),
    plan_head=(
        r"plan", r"steps", r"proposal",
    ),
    word_option=(),
    draft_head=(
        r"^\W*(?:here'?s |here is )?(?:a |the |my )?(?:draft|drafted (?:message|email|reply))\b[^\n:]{0,40}:",
    ),
    option_head=(
        r"\b(?:two|three|a few|several|some|\d) (?:ways|options|approaches|choices|directions|paths)\b",
        r"\b(?:options|alternatives|choices)\s*:",
    ),
    or_split=(
        r",?\s+or\s+",
    ),
    word_digits=(),
    confirm_ask=(
        r"\b(?:does|would|will) (?:this|that|it) (?:work|be ok(?:ay)?|be fine|sound (?:ok(?:ay)?|good|right))\b[^?]*\?",
        r"\b(?:sounds?|looks?) (?:ok(?:ay)?|good|right|fine)\W*\?", r"\b(?:is|are) (?:this|that|these) (?:ok(?:ay)?|fine|alright)\b[^?]*\?",
        r"\bok(?:ay)? with (?:this|that)\W*\?", r"\bany objections?\W*\?",
    ),
    planned=(
        r"\b(?:I'?ll|I will|I'd|we'?ll|will|going to|plan to|would)\b",
    ),
)

# Openers before the head of a convention ("ok, also we use ...", "style: use ...").
_LEAD = (r"(?:^|[.:;!]\s+)(?:\W*(?:(?:ok(?:ay)?|and|also|so|oh|btw|please|then|yes|yeah|right|one more thing)\b"
         r"|[a-z][\w-]*(?: [\w-]+)?\s*:)\W*)*")
CONVENTIONS = Conventions(
    not_names=(
        r"^(?:it|its|it's|this|that|these|those|he|she|they|we|i|you|is|was|are|were|do|does|did|sure|yet|now|really|just|quite|bad|good|great|ok|okay|fine|working|broken|done|me|us|him|her|them)$",
    ),
    contrast=(
        r"[,;]\s*(?:and\s+)?(?:not|no)\s+(?!(?:sure|yet|now|really|just|more than|later|need|idea|problem|worries|rush|way)\b)[\w@./-]+",
        r"\bnot\s+(?!(?:sure|yet|now|really|just|more than|later)\b)[\w@./-]+\s+or\s+[\w@./-]+", r"\binstead of\b", r"\brather than\b",
    ),
    scope=(
        r"\bonly\b", r"\beverywhere\b", r"\bno exceptions?\b", r"\bby default\b", r"\bas (?:the|our) (?:standard|default|convention)\b",
        r"\bfor (?:this|the|our|all|every|each) (?:whole |entire )?(?:repo|repository|project|codebase|monorepo|team|services?|apps?|packages?)\b",
        r"\b(?:in|for|across) (?:all|every|any|each)\b", r"\bstick to (?:it|that|this)\b", r"\bthe rule\b",
    ),
    one_off=(
        r"\b(?:use|using)\s+[\w@./-]+(?:\s+[\w@./-]+)?\s+to\s+(?!the\b)\w+", r"\bthis (?:file|test|function|one|time|pr|branch|bug|ticket|script|query|case|run|page|task|migration)\b",
        r"\bhere\b", r"\bfor now\b", r"\bright now\b", r"\btoday\b", r"\btonight\b", r"\bfor (?:the|this|that) (?:test|task|fix|run|demo|script)\b",
    ),
    gate=(
        r"\buse\b", r"\bnot\b", r"\bover\b", r"\binstead of\b", r"\bstick\b", r"\bprefer\b", r"\bstandardi[sz]e\b",
    ),
    affirms=(
        r"\b(?:this|that|it)(?:'s| is) (?:the |a |our )?rule\b", r"\bstick to (?:it|that|this)\b", r"\bno exceptions\b",
    ),
    refers=(
        r"\b(?:this|that|it|these|those)\b",
    ),
    head=(
        _LEAD + r"(?:(?:we|i|the team)\s+(?:only\s+|always\s+|just\s+)?(?:use|write|prefer|go with|stick (?:with|to)|standardi[sz]e on)"
        r"|use|stick (?:with|to)|prefer|standardi[sz]e on|only use)\s+(?!(?:it|this|that|them|these|those|the same|one|some|any)\b)[\w@./-]",
    ),
    pair=(
        _LEAD + r"([a-z][\w.+-]*)\s*,?\s+(?:not|over|instead of)\s+([a-z][\w.+-]*)\s*(?:[,.;:]|$)",
    ),
    not_name_endings=(
        "ing", "ed",
    ),
)

# Openers before a scrapped name, and the name (a Latin word or two).
_OPEN = r"^\W*(?:(?:ok(?:ay)?|alright|right|so|actually|hmm+|ugh|fine|yeah|yep|then|no)\W+)*"
_NAME = r"([A-Za-z][\w.+#-]*(?: [A-Za-z][\w.+#-]*)?)"
EARLIER = Earlier(
    not_names=(
        "it", "that", "this", "them", "those", "these", "the", "all", "everything", "whole",
    ),
    adopt=(
        r"\b(?:go with|do|follow|take) (?:what|whatever) (?:she|he|they|you|[A-Z]\w+) "
        r"(?:said|suggested|proposed|recommended)\b",
        r"\b(?:do|go with) (?:it |that )?(?:as|like) (?:she|he|they|you|[A-Z]\w+) (?:said|suggested|proposed)\b",
    ),
    you=(
        r"\byou\b",
    ),
    cut=(
        r"ok(?:ay)?", r"yes", r"so", r"then", r"and",
    ),
    scrap=(
        _OPEN + r"(?:let'?s\s+)?(?:just\s+)?(?:scrap|ditch|abandon|nix|forget about)\s+(?:the\s+)?(?:whole\s+)?" + _NAME,
    ),
)

# A correction of the choice just made ("hmm no, ClickHouse"), a rule loosened ("Wednesdays are fine too").
CORRECTIONS = Corrections(
    script=(),
    swap_open=(
        r"^\W*(?:(?:hmm+|hm+|uh+|um+|wait|actually|sorry|oh|ah)\W+)*(?:no|nope|nah)\b(?!\s+(?:worries|problem|need|rush|thanks|idea|way|clue|one|longer|more|less)\b)",
        r"^\W*(?:(?:hmm+|wait|actually)\W+)*(?:on second thought|scratch that|change of plans?)\b",
    ),
    swap_pick=(
        r"\b(?:use|using|go with|going with|stay(?:ing)? (?:on|with)|switch(?:ing)? to|move to|moving to|pick|prefer|keep|take)",
    ),
    permit=(
        r"\bcan (?:also|still)\b", r"\b(?:is|are)\s+(?:also\s+)?allowed\b", r"\bexcept\b", r"\bunless\b",
        r"\bit'?s (?:fine|ok(?:ay)?) to\b", r"\b(?:may|can) (?:go|ship|merge|deploy|run)\b",
    ),
    also=(
        r"\b(?:is|are)\s+(?:also\s+)?(?:fine|ok(?:ay)?|allowed|acceptable)\s+(?:too|as well)\b",
        r"\b(?:works?|do(?:es)?)\s+(?:too|as well)\b",
    ),
    common=(
        "only", "with", "from", "that", "this", "must", "never", "always", "should", "have", "will", "into",
        "onto", "when", "what", "which", "there", "their", "they", "them", "then", "than", "also", "just",
        "rule", "fine", "okay", "allowed", "except", "unless", "does", "work", "works",
        # and words that open a sentence with a capital without naming anything
        "we", "you", "it", "the", "our", "my", "yes", "ok", "sure", "please", "use", "go", "keep", "let", "lets",
        "and", "but", "so", "not", "no", "nope", "nah", "hmm", "wait", "actually", "sorry", "is", "are", "was",
    ),
    instead=("{new} instead of {old}",),
)

PROPOSALS = Proposals(
    ack=(
        r"sounds good", r"do that", r"go ahead",
    ),
    polite=(),
)

CLASSIFY = Classify(
    trailing_particles=(),
    clause_sep=(
        r"\s(?:so|and then|but)\s",
    ),
)

CLAUSES = Clauses(
    clause_cue=(),
    deferred_rest=(
        r"\b(?:(?:but|though|anyway|then),? )?(?:we'?ll|let'?s|we can|I'?ll|we) (?:see|revisit|decide|discuss|talk about)(?: (?:it|that|this|them))?"
        r"(?: (?:later|again|then|after that|down the road))?\W*$",
    ),
    common=(
        "the", "and", "for", "are", "was", "were", "this", "that", "with", "from", "into", "then", "than", "them",
        "they", "our", "your", "you", "use", "using", "used", "not", "never", "any", "anywhere", "anymore", "more",
        "all", "every", "also", "just", "now", "here", "there", "have", "has", "had", "will", "would", "should",
        "can", "could",
    ),
    follow_open=(
        r"(?:and|also|plus)\b",
    ),
    points_back=(
        r"\b(?:it|them|its|their|there)\b",
    ),
    switch=(
        r"\b(?:switch|switching|moving|migrating|replacing)\b",
    ),
)

REPLY_WORDS = ReplyWords(
    number=(
        r"option ", r"#",
    ),
    join=(
        r"and", r"or",
    ),
    no=(
        r"\b(?:no|not|skip|don'?t|drop|later|after|wait|defer|hold|park|nope|nah|never)\b",
    ),
    yes=(
        r"\b(?:do|yes|go|ok|okay|sure|fine|start|ship|keep|let'?s)\b",
    ),
    defer=(
        r"whatever", r"up to you", r"you (?:decide|choose|pick)", r"idk", r"dunno", r"no idea", r"either",
    ),
    stop=(
        "the", "a", "an", "it", "its", "in", "on", "at", "to", "of", "for", "and", "or", "with", "we", "our", "us", "you",
        "i", "me", "my", "is", "are", "be", "this", "that", "then", "ok", "okay", "yes", "yeah", "yep", "sure", "fine",
        "let's", "lets", "just", "please", "pls", "thx", "thanks", "one", "go", "do", "use", "so", "also", "now",
        "want", "shall", "should", "would", "can", "could",
    ),
    keep=(
        r"^\W*(?:(?:ok(?:ay)?|thx|thanks|thank you|no|nah|nope|fine|hmm)\W+)*(?:keep (?:it|that|this|them|as is)|leave it|(?:it'?s |that'?s )?fine as (?:it )?is|as is is fine|no need to (?:change|switch))\b",
    ),
    go=(
        r"^\W*(?:(?:ok(?:ay)?|yes|yep|yeah|sure)\W+)*(?:go ahead|do it|yes|yep|sure|ok(?:ay)?|please do)\W*$",
    ),
    go_ahead=(
        r"\bgo ahead\b", r"\bdo it\b", r"\bgo (?:with|for) (?:it|that|this)\b",
    ),
    number_counter=(),
    acceptable=(
        r"\bacceptable\b", r"\bcan live with (?:it|that)\b", r"\bworth it\b", r"\b(?:that'?s|it'?s) (?:a )?fine (?:trade|price)",
    ),
    number_words=(
        r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|sixty|ninety|hundred)\b"
        r"\s(?:minutes?|hours?|days?|weeks?|months?|years?|seconds?|times|percent|o'?clock)\b",
    ),
    cost=(
        r"\b(?:a (?:bit|little)|slightly|somewhat) (?:slower|bigger|larger|more)\b[^.]{0,80}\bbut\b", r"\bat the cost of\b",
        r"\btrade-?off\b",
    ),
    past_event=(
        r"\b(?:we|I|they)(?:'ve| have)? (?:used|tried|had|ran|hit)\b[^.]{0,60}\b(?:before|last (?:time|year|month|week)|ago|once|twice)\b",
        r"\blast time\b", r"\b(?:an|one|the) (?:incident|outage)\b",
    ),
    put_off=(
        r"\b(?:need|needs|have|has|want|got|going) to (?:run (?:it|this|that) (?:by|past)|check (?:it |this |that )?with|talk (?:it over )?(?:to|with)|confirm (?:it |this |that )?with|sync with|clear (?:it|this|that) with|ask)\b",
        r"\brun (?:it|this|that) (?:by|past)\b",
        r"\b(?:we|they|I)(?:'ll| will| can| are going to)? (?:argue|debate|discuss|decide|talk) (?:about |over )?(?:it|this|that)\b",
        r"\b(?:not|haven'?t|hasn'?t|isn'?t|nothing'?s?) (?:been )?(?:decided|settled|agreed)(?: yet)?\b", r"\bstill (?:undecided|open|up in the air)\b",
    ),
    quotes_back=(
        r"(?<!\bas )(?<!\blike )\b(?:you|u) (?:said|suggested|mentioned|proposed|recommended|wrote)\b", r"\byour (?:suggestion|proposal|idea|recommendation|point)\b",
    ),
    unchanged=(
        r"\bnot (?:switching|changing|moving|migrating)(?: anything)?\b",
        r"\b(?:won'?t|don'?t|not going to) (?:switch|change|move) anything\b",
        r"\bleave (?:it|them|that|things)\b", r"\btoo bad\b", r"\bfair enough\b", r"\bnever ?mind\b", r"\boh well\b",
    ),
    thanks=(
        r"\bthank(?:s| you)(?: (?:a lot|so much))?\b", r"\bthx\b", r"\bty\b", r"\bcheers\b", r"\b(?:good ?)?night\b",
    ),
    bound=(
        r"\b(?:at most|at least|no more than|no later than|up to|within|max(?:imum)?|min(?:imum)?)\s+(?:of\s+)?(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve)\b)",
        r"\d\s*\S{0,12}\s+(?:max(?:imum)?|at most|tops)\b",
    ),
)

_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
# Relations and accounts: their value is a fact worth keeping.
_RELATION = (r"birthday|anniversary|manager|boss|partner|wife|husband|son|daughter|kids?|mom|mum|dad|mother|father|"
             r"landlord|accountant|doctor|dentist|lawyer|team lead|address|phone(?: number)?|e-?mail|account|iban|"
             r"fiscal year|financial year|rent|salary|payday|lease|insurance|passport|advisor|adviser|supervisor|ea|assistant")
FACTS = Facts(
    me=(
        r"\bI(?:'m| am|'ve| have)?\b", r"\bmy(?:self)?\b", r"\bwe(?:'re| are)?\b", r"\bour\b",
    ),
    trait=(
        r"\ballergic\b", r"\ballergy\b", r"\bvegetarian\b", r"\bvegan\b", r"\bpescatarian\b", r"\bgluten[- ]free\b",
        r"\blactose[- ]intolerant\b", r"\bhalal\b", r"\bkosher\b", r"\bdiabetic\b", r"\bdon'?t (?:eat|drink)\b",
        r"\bI (?:live|work) (?:in|at|for)\b", r"\bI'?m based in\b", r"\bmy time ?zone is\b",
    ),
    setup=(
        r"\b(?:prod|production|staging|dev|the (?:\w+ )?(?:cluster|db|database|password|certificate|cert|token|key|"
        r"backups?|invoices?|bill|domain|license|subscription)s?|invoices|backups|our (?:\w+ )?(?:servers?|db|database))\b",
        r"password", r"cert", r"token", r"backup", r"production", r"staging",
    ),
    setup_does=(
        r"\b(?:rotates?|renew(?:s|ed)?|expires?|resets?|goes out|go out|are sent|is sent|is due|are due|is billed|"
        r"runs (?:in|on)|is hosted (?:in|on|at)|lives (?:in|on)|is (?:in|on) (?:aws|gcp|azure|[a-z]{2}-[a-z]+-\d))\b",
    ),
    recurrence=(
        r"\bevery\b", r"\beach\b", r"\bon the \d{1,2}(?:st|nd|rd|th)\b", r"\b(?:daily|weekly|monthly|nightly|yearly)\b",
        r"\bon (?:mon|tues|wednes|thurs|fri|satur|sun)days\b", r"\bfor good\b", r"\bnow (?:goes|is|go)\b",
    ),
    transient=(
        r"\btoday\b", r"\btonight\b", r"\byesterday\b", r"\bright now\b", r"\bat the moment\b", r"\bthis (?:morning|week)\b",
        r"\bjust\b", r"\btook\b", r"\bwas\b", r"\bwere\b", r"\bgot\b",
        r"\bI'?m (?:so |really |a bit )?(?:tired|busy|sick|hungry|late|running late|at|on my way|in a meeting|off|out|back|done|stuck)\b",
        r"\brain(?:s|ing)?\b", r"\bsnow(?:s|ing)\b",
    ),
    wish=(
        r"\bI (?:want|wish|hope|need)\b", r"\bI(?:'d| would) (?:like|love|prefer)\b",
    ),
    reply_style=(
        r"\b(?:answer|reply|respond|write|talk|speak)(?:ing)?(?: to me)? (?:in|with|using)\b",
        r"\byour (?:answers|replies|responses|messages)\b",
    ),
    region=(
        r"\b(?:us|eu|ap|sa|ca|me|af)-[a-z]+-\d\b",
    ),
    place=(
        r"\b(?:in|on) (?:aws|gcp|azure|hetzner|[a-z]{2}-[a-z]+-\d)\b",
    ),
    relation=(
        rf"\b(?:my|our)\s+(?:\w+\s+)?(?:\w+'s\s+)?(?:{_RELATION})\b", rf"\b(?:{_RELATION}) (?:changed|moved)\b",
        r"\b(?:rent|salary|payday|invoices?|payments?) (?:now )?(?:goes?|go|is|are|gets?|comes?) ",
    ),
    relation_word=(
        rf"\b(?:{_RELATION})\b", r"\b(?:invoices?|payments?)\b", r"\b[a-z]{2}-[a-z]+-\d\b",
    ),
    value=(
        r"\d", rf"\b{_MONTHS}\b", r"\b(?:is|are|'s|goes to|go to|changed to)\s+[A-Z][a-z]+",
    ),
    possessive=(),
)

TEXT = Text(
    clause_end_particles=(),
    demonstrative=(
        r"this", r"that", r"it", r"these", r"those",
    ),
)

LEXICON = Lexicon(
    code="en",
    kinds=KINDS,
    hedges=HEDGES,
    replies=REPLIES,
    text=TEXT,
    classify=CLASSIFY,
    clauses=CLAUSES,
    stance=STANCE,
    scope=SCOPE,
    oneoff=ONEOFF,
    complaints=COMPLAINTS,
    conventions=CONVENTIONS,
    facts=FACTS,
    lists=LISTS,
    structure=STRUCTURE,
    topology=TOPOLOGY,
    settled=SETTLED,
    picks=PICKS,
    fields=FIELDS,
    acts=ACTS,
    answers=ANSWERS,
    choices=CHOICES,
    labels=LABELS,
    proposals=PROPOSALS,
    reply_words=REPLY_WORDS,
    earlier=EARLIER,
    corrections=CORRECTIONS,
)
