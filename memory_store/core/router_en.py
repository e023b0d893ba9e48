"""English lexicon of the transcript router (memory_store/core/router_lexicon.py gives the fields)."""
from memory_store.core.router_lexicon import Lexicon

_LANGS = (r"(british english|american english|english|thai|chinese|mandarin|japanese|spanish|french|german|korean"
          r"|vietnamese|brazilian portuguese|portuguese|italian|dutch|indonesian|russian|hindi|arabic)")
_ME = r"(i|i'm|i am|my|me)"
# a person (or a pet) by their tie to someone (my sister, Nok's husband, my cat): `relation`
_KIN = (r"(?:sister|brother|sis|bro|mom|mum|mother|dad|father|parent|wife|husband|partner|spouse|boyfriend"
        r"|girlfriend|fianc[eé]e?|son|daughter|kid|child|children|friend|boss|manager|colleague|coworker|grandma"
        r"|grandmother|grandpa|grandfather|aunt|uncle|cousin|niece|nephew|roommate|neighbou?r|cat|dog|pet)s?")
# a forget by structure: a word that drops or retires something, in one sentence with a pointer back to a
# thing the agent keeps (the 'X' rule, that setting, the bit where I said…)
_REMOVAL = (r"\b(forget|un-?remember|drop|remove|delete|erase|clear|wipe|reset|scrap|scratch|cancel|retire[ds]?"
            r"|revoke|undo"
            r"|(consider|call) it (gone|dead|done|off)|is (gone|retired|off|void)|no longer (applies|stands|needed))\b")
_BACK_REF = (r"\b((the|that|this|my)\s+(('[^']{2,60}'|\w+(-\w+)?)\s+)?(rule|setting|preference|default|instruction|bit"
             r"|thing)"
             r"|(rule|setting|preference|default)s? (from|in) my profile|the bit where i|what i (said|told you|asked)"
             r"|where i (said|told|asked))\b")

# a thing said to be off, then dropped ("the Friday offsite is cancelled, forget it"): what a Remember entry kept
_OFF_THEN_FORGET = (r"\b(is|are|'s|got|was|were) (now )?(cancell?ed|called off|off)\b[^.!?\n]{0,12}?[,;:]?\s*"
                    r"(so |just |you can )?forget (about )?(it|that|them)\b")

# a thing the user gave said to be stale, then dropped ("the on-call number I gave you is no longer true,
# forget it"), or a thing the user gave forgotten ("forget the number I gave you"), or a procedure the agent
# keeps, forgotten by its kind ("forget the release procedure"): what the agent keeps
_STALE_THEN_FORGET = (r"\b(is|are|'s|was|were) (now )?(no longer (true|valid|correct|right|current|accurate|relevant)"
                      r"|outdated|out of date|stale|obsolete|wrong|not (true|valid|correct|right|accurate) any ?more)\b"
                      r"[^.!?\n]{0,12}?[,;:]?\s*(so |just |you can |please )?forget (about )?(it|that|them)\b")
_GIVEN_FORGET = (r"\bforget\b[^.!?\n]{0,60}\b(i|we) (gave|sent|told) you\b"
                 r"|\b(i|we) (gave|sent|told) you\b[^.!?\n]{0,60}\bforget (about )?(it|that|them)\b")
_PROCEDURE_FORGET = (r"\bforget (about )?(the|that|this|my|our)\s+([\w-]+\s+){0,3}"
                     r"(procedure|process|workflow|checklist|steps|routine)\b")

# a request to forget a thing named bare, not the user's nor a rule, asked as a request ("please forget the
# office wifi name"), or said alone as a whole sentence ("Forget the office wifi name."; a bare "forget the
# regex, use a parser" is the work): perhaps what a Remember entry keeps, perhaps the work (router.py routes
# it for review)
FORGET_THING = (r"\b(please|pls|plz|kindly|go ahead and)\s+(just\s+)?forget (about )?(the|our|that|this)\s+"
                r"(?!(rest|idea|past|whole|fact|time|way)\b)(?=\w)"
                r"|(^|[.!?]\s+)forget (about )?(the|our|that|this)\s+(?!(rest|idea|past|whole|fact|time|way)\b)"
                r"\w[^.!?,;:\n]{0,60}?(?=[.!]?\s*$|[.!]\s)")

# the words that ask the agent to keep what follows (`remember_lead`); "note" only as "note that" or "note:"
# ("the release note says…" asks nothing)
REMEMBER_LEAD = (r"\b(?:(?:please|pls|kindly)\s+)?(?:remember|rember|remeber|remembr|keep in mind|bear in mind"
                 r"|make a note|don'?t forget|do not forget)\b(?:\s+that\b)?",
                 r"\b(?:(?:please|pls|kindly)\s+)?note(?:\s+that\b|(?=\s*:))")

LEXICON = Lexicon(
    lang="en",
    standing=(r"\bfrom now on\b", r"\bgoing forward\b", r"\bmoving forward\b", r"\bby default\b",
              r"\bstanding rule\b", r"\bfrom here on\b", r"\bin (the )?future\b",
              r"\bassume i\b", r"\bkeep (that|this) in mind\b", r"\bfor all (your|future)\b",
              r"\bfrom today\b", r"\bplease remember\b", r"\bdefault to\b", r"\bfor future\b",
              r"\bin all (your |future )?(answers|replies|responses|chats)\b",
              r"\bunless i (say|ask)\b", r"\b(all|every) (your |of your )?(answers|replies|responses)\b",
              r"\bmy default\b", r"\bfor the rest of\b", r"\bfor good\b", r"\bremember this\b",
              r"\bi (prefer|like) (it )?when you\b", r"\bi('d| would) prefer (that )?you\b",
              # a setting stated as one ("Tone preference: …", "Setting for you: …", "rule for any repo of
              # mine: …"), or a scope over all the user's work
              r"\b(preference|setting|default|rule)s?( for (you|any \w+ of mine|all my \w+))?\s*:",
              r"\bmy default\b", r"\b(in|for|across) (any|every|all) (of )?(my )?(repos?|projects?|tasks?|chats?)"
              r"( of mine)?\b"),
    lasting=(r"\bi (really |much |always )?(prefer|like|love|hate|can'?t stand|don'?t like|do not like)\b",
             r"\bi'?m (the kind of person|someone) who\b"),
    settled=(r"\bi (live|am based|'m based|moved|relocated)\b", r"\bi'?m (on|in) \w+ time\b", r"\bname'?s\b",
             r"\bmy time ?zone(?: is|'s|:)",
             r"\b(call|address) me\b"),
    habitual=(r"\b(remember|note) (that|this)\W*$",
              r"\bin general\b", r"\bwhen it comes to\b", r"\bevery time\b", r"\balways\b",
              r"\bfor everything\b", r"\bwhenever\b", r"\bany ?more\b", r"\bno more\b"),
    long_term=(r"\bpermanent(ly)?\b", r"\b(long-term|standing) (request|rule|preference)\b",
               r"\b(that|this) (goes|applies) for (every|all|any)\b"),
    remember_self=(r"\b(remember|rember|remeber|remembr|rmb) (that )?" + _ME + r"\b", r"\bnote that " + _ME + r"\b",
                   r"\b(keep|bear) in mind (that )?" + _ME + r"\b", r"\bmake a note (that )?" + _ME + r"\b",
                   r"\bfor (the )?record,? " + _ME + r"\b",
                   r"\bremember:\s*" + _ME + r"\b"),
    forget=(r"\bforget (the|about|what|everything|that|my|i)\b.{0,60}\b(i (told|said|asked|set|mentioned)|thing|"
            r"preference|rule|name|timezone|time zone|tone|language|format|said|told)",
            r"\bstop calling me\b", r"\b(you can )?drop the\b.{0,40}\b(thing|rule|preference)\b",
            r"\bno longer call me\b", r"\bdon't call me\b", r"\bunset\b", r"\bremove (the|my)\b.{0,30}\bpreference\b",
            r"\bdisregard (my|what i|the)\b.{0,40}\b(said|told|preference|rule|asked)\b",
            r"\b(scrap|cancel|undo|reset|clear|delete) (the|my|that)\b.{0,30}\b(rule|preference|setting)\b",
            r"\byou can forget\b", r"\bforget (that|what) i\b", r"\bnever ?mind (the|my|what i)\b.{0,40}"
            r"\b(said|told|preference|rule|thing)\b",
            # a stored thing dropped ("drop whatever you have saved about my name", "delete my timezone"),
            # a rule let go ("you can stop checking with me", "the 'keep it brief' rule is no longer needed")
            r"\b(drop|delete|remove|erase|clear|wipe|unset)\b.{0,40}\b(saved|stored|keep|have|know)\b.{0,15}"
            r"\babout (me|my)\b",
            r"\b(delete|remove|erase|clear|wipe|unset|drop) (my|the|that)\b.{0,30}\b(time ?zone|name|default|setting"
            r"|preference|rule|thing)\b",
            r"\byou can (stop|quit)\b", r"\b(is|are|'s) no longer (needed|necessary|true|relevant)\b",
            r"\b(rule|preference|setting)('s| is) (gone|over|off|dead)\b", r"\bgo back to (normal|the default)\b",
            _OFF_THEN_FORGET, _STALE_THEN_FORGET, _GIVEN_FORGET, _PROCEDURE_FORGET,
            _REMOVAL + r"[^.!?\n]{0,60}" + _BACK_REF, _BACK_REF + r"[^.!?\n]{0,60}" + _REMOVAL,
            # a request to forget a thing of the user's, said as a request ("please forget my phone number",
            # "forget that my address is…", "stop remembering my birthday", "don't store my phone number");
            # "I forget my password" and "don't forget my birthday" are none (the verb's subject, a negation)
            r"(^|[.!?;,]\s*|\b(please|pls|plz|just|kindly|and|also|now|actually|ok|okay|so|go ahead and)\s+)"
            r"forget (about )?(that )?(my|i)\b",
            r"\bstop (remembering|storing|keeping|saving|memori[sz]ing)\b.{0,20}\b(my|me|that i)\b",
            r"(^|[.!?;,]\s*|\bplease\s+)(don'?t|do not|no need to|never) (remember|store|keep|save|memori[sz]e)"
            r"\b.{0,20}\b(my|that i|anything about me)\b", FORGET_THING),
    # the speaker's own forgetting ("I totally forgot I asked you…", "I forget what I told you about…")
    # the speaker's report of a thing they removed ("I already deleted the old bucket I told you about")
    removed_self=(r"\b(i|we)('ve| have| had)?( (just|already|finally|also))? (deleted|removed|dropped|erased|wiped"
                  r"|nuked)\b",),
    forgot_self=(r"\bi('ve| have| had)? (\w+ )?(forgot|forgotten|forget)\b",),
    # …and a thing said to be off, then dropped ("the offsite is cancelled, forget it")
    back_ref=(_BACK_REF, _OFF_THEN_FORGET, _STALE_THEN_FORGET, _GIVEN_FORGET, _PROCEDURE_FORGET),
    about_memory=(r"\b(forget|forgot|remember\w*|memor\w*|sav(e|ed)|stor(e|ed)|keep|kept|know|call(ing)? me"
                  r"|preferences?|settings?|rules?|unset|disregard|told you|i (said|asked|mentioned|set))\b",),
    confirm=(
             # a yes at the head of a short answer (a few words), with nothing after it that narrows or turns it
             r"^(?=.{0,30}$)\W*(yes|yeah|yep|yup|sure|ok|okay|correct|right|please do|do it|go ahead)\b"
             r"(?!.*\b(but|just|only|this time|for now|not|don'?t|no)\b)",
             r"^\W*(yes|yeah|yep|yup|sure|ok|okay)\b[\s,.!]*(go ahead|do it|please do|please|pls|plz|save it"
             r"|do that)?[\s.!]*$",
             r"^\W*(yes|yeah|yep|yup|sure|ok|okay|please|correct|right)\b[\s,.!]*((please|pls|plz)[\s,.!]+)?(do\s+)?"
             r"(remember|save|keep|note)\b",
             r"^\W*(yes|yeah|yep|sure)[\s,.!]*(save|keep) (that|it)\b"),
    decline=(r"^\W*(no|nah|nope|not really|don't)\b",),
    not_mine=(r"\bwe (decided|agreed)\b", r"\bstandup\b", r"\bmy (pm|manager|boss|team lead|client|colleague|"
              r"coworker|wife|husband|mom|dad|friend|partner)s?\b", r"\b(she|he|they) (prefers?|likes?|wants?)\b",
              r"\b(for|give|send) (him|her)\b",
              r"\bthe (team|client|customer|users)\b", r"\bour (team|company|project|repo|app|service)\b",
              r"\bthis one\b", r"\bjust this\b", r"\bthis (time|reply|email|message|doc|document|pr|answer|response)\b",
              r"\bfor this (client|doc|email|message|one|answer|reply)\b", r"\bfor now\b", r"\bjust for today\b",
              r"\bwhat (tone|language|format|name|timezone)\b.{0,30}\b(did|do) i\b", r"\bwhat'?s my\b",
              r"\bdo you (remember|know) (my|what)\b", r"\bwhat did i (tell|say|ask)\b",
              r"\bwould that\b", r"\bbot'?s?\b", r"\bapp'?s\b",
              r"\bworkspace\b", r"\buser'?s\b", r"\bdraft\b", r"\bremember to\b", r"\bdon't forget to\b",
              r"\bremind me\b",
              # a thing of the work says or does it ("the API returns short responses by default")
              r"\bthe (project|repo|codebase|service|api|server|endpoint|cli|script|tool|model|library|sdk)\b.{0,20}"
              r"\b(uses?|runs?|is|returns?|sends?|prints?|outputs?|responds?|replies|writes?|shows?|logs?)\b"),
    hypothetical=(r"^\s*if i\b", r"\b(suppose|hypothetically|what if)\b", r"\bif i (told|said|asked)\b"),
    request=(r"\b(could|can|would) you\b", r"\bplease\b", r"\bpls\b", r"\byou (don'?t|do not) (have|need) to\b",
             r"\bwhy (did|do|are|is) you\b", r"\bwhy you\b", r"\byou switched\b",
             r"^\W*(use|write|answer|reply|respond|speak|give|keep|switch|stick)\b"),
    complaint=(r"\btoo long\b", r"\btl;?dr\b", r"\bshorter\b", r"\bmore concise\b", r"\bso formal\b",
               r"\bless formal\b", r"\bsimpler\b", r"\btoo (wordy|verbose|technical|formal|stiff)\b",
               r"\bwall of text\b", r"\ba lot of words\b", r"\bso polite\b",
               r"\bi know what\b", r"\bin " + _LANGS + r" (please|pls)\b", r"\bno emojis?\b",
               r"\bkeep it short\b", r"\bbe brief\b", r"\bless detail\b", r"\bjust the (answer|command|code)\b",
               r"\beli5\b", r"\bcan you (answer|reply|respond|write) in\b", r"\bdrop the emojis?\b",
               r"\bwhy so (formal|long|serious)\b", r"\bi already know\b", r"\bi'?m new to\b",
               r"\bjust get to the (answer|point)\b", r"\bskip the (intro|recap|preamble)\b"),
    self_fact=(r"\bi'?m (vegetarian|vegan|colou?rblind|allergic|diabetic|deaf|dyslexic|left-handed|pescatarian)\b",
               r"\bi (don't|do not) (drink|eat (meat|pork|beef))\b", r"\bi'?m allergic to\b",
               r"\bi have (a|an) \w+ allergy\b", r"\bi (use|am on) a screen reader\b"),
    expertise_high=(r"\b(\d+|ten|twelve|fifteen|twenty) (\+ )?years\b", r"\b(a|over a) decade\b", r"\bsenior\b",
                    r"\bexpert\b", r"\bmy bread and butter\b", r"\bwasted on me\b",
                    r"\bno need to (define|explain)\b",
                    r"\bskip the basics\b", r"\bdon't need to explain\b", r"\bno need to explain\b",
                    r"\bdon't explain the basics\b", r"\bi'?m (a|an) (experienced|seasoned)\b"),
    expertise_low=(r"\bassume i know (basically |almost )?nothing\b", r"\bi'?m new to\b", r"\bbeginner\b",
                   r"\bnot my strong suit\b", r"\bfirst-year student\b",
                   r"\bnot a \w+ (dev|developer|engineer|programmer)\b", r"\bi know nothing about\b",
                   r"\bi'?m (a )?(complete |total )?(noob|newbie|novice)\b", r"\bnever (used|written|done)\b"),
    expertise_known=(r"\bi know what\b", r"\bi know how\b", r"\bi already know\b"),
    pitch=(r"\b(skip|don'?t need|no need for|you can skip)\b.{0,20}\b(basics|101|primer|explainers?)\b",
           r"\b(don'?t|no) need to (explain|define)\b", r"\bexplain\w* (it |things |this )?(to me )?like i'?m\b",
           r"\bpitch\b.{0,30}\b(answers?|explanations?)\b", r"\bwasted on me\b", r"\bgo slow\b",
           r"\btalk to me like\b", r"\bassume i know\b"),
    agent_rule=(r"\bdon'?t (run|push|commit|delete|deploy|merge|touch|use|add|install)\b",
                r"\bask me (first|before)\b", r"\bnever\b", r"\bshow me the (command|sql|diff|plan)\b",
                r"\bnever (run|push|commit|delete|deploy|use|add)\b", r"\bbefore you (run|push|delete|deploy|commit)\b",
                r"\b(always|please) (use|add|include|write|cite|run|put|give|show|format|keep|send)\b",
                r"\bcheck with me\b"),
    keys=(
        ("response.language", r"\b(reply|answer|respond|write|talk|speak|chat)\w*\b.{0,20}\bin " + _LANGS + r"\b",
         "{2}"),
        ("response.language", r"\bin " + _LANGS + r" (from now on|by default|always|going forward)\b", "{1}"),
        ("response.language", r"\b(use|stick to|switch to) " + _LANGS + r"\b", "{2}"),
        ("response.language", r"\blanguage\b.{0,25}\b(is|:)\s*" + _LANGS + r"\b", "{2}"),
        ("response.language", r"\ben (español|espanol|français|francais|português|portugues)\b", "{1}"),
        ("response.format.default", r"\bbullet(ed)?(s| points?| lists?)?\b", "bullets"),
        ("response.format.default", r"\btables?\b", "table"),
        ("response.format.default", r"\b(just|only) the code\b|\bcode only\b", "code only"),
        ("response.format.default", r"\b(conclusion|bottom line|the answer|tl;?dr) first\b", "conclusion first"),
        ("response.format.default", r"\b(just )?(give me )?(the|a) diff\b", "diff"),
        ("response.format.default", r"\bnumbered (lists?|steps)\b|\bmarkdown\b|\bplain text\b|\bcode blocks?\b",
         "{0}"),
        ("response.format.default", r"\b(default|answer|reply|response) format\b|\bnumbered\b", ""),
        ("response.tone", r"\bemojis?\b", "no emojis"),
        ("response.tone", r"\b(direct|blunt|matter-of-fact|dry|no (fluff|pleasantries|cheerleading))\b", "direct"),
        ("response.tone", r"\b(casual|informal|relaxed|(so|too|less) (formal|polite))\b", "casual"),
        ("response.tone", r"\b(formal|professional|polite)\b", "professional-friendly"),
        ("response.tone", r"\btone\b", ""),
        ("response.length", r"\b(short|shorter|concise|concisely|brief|briefly|terse|\d-\d lines|tl;?dr|too long"
         r"|succinct|verbose|wordy|a lot of words|get to the (answer|point))\b",
         "short"),
        # "no longer" / "any longer" (anymore) asks for no length: "the on-call number I gave you is no
        # longer true, forget it" revoked the user's "keep answers short"
        ("response.length", r"\b(detailed|in depth|in-depth|(?<!\bno )(?<!\bany )longer|thorough)\b", "detailed"),
        ("response.length", r"\b(answer|reply|response) length\b", ""),
        # a title stays with the name ("call me Dr. Lee", "address me as Prof. Okafor")
        ("user.name", r"\b(?:call|address) me (?:as )?(?!back|when|if|later|at|on|tomorrow|tonight|today|asap|after"
         r"|before|first|(?:mon|tues|wednes|thurs|fri|satur|sun)day)((?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][\w-]*)",
         "{1}"),
        ("user.name", r"(?:\bmy |^\W*)name(?: is|'s) ([A-Z][\w-]*)", "{1}"),
        ("user.name", r"\brefer to me as ([A-Z][\w-]*)", "{1}"),
        ("user.name", r"\bcalling me\b|\bcall me\b|\bmy name\b", ""),
        # the nickname is what the user is called: "forget my nickname" drops user.name (as ชื่อเล่น, 昵称)
        ("user.name", r"\bnick ?names?\b", ""),
        ("user.timezone", r"(?-i:\b([A-Z][a-z]+/[A-Z][a-zA-Z_]+)\b)", "{1}"),
        ("user.timezone", r"\b(pacific|eastern|central|mountain|central european|uk) time\b", "{1}"),
        # the user's own zone said as one ("my time zone is Bangkok", "my timezone's Lisbon")
        ("user.timezone", r"\bmy time ?zone(?: is|'s|:)\s*(?:now\s+)?(?-i:([A-Z][a-z]+(?: [A-Z][a-z]+)?))\b", "{1}"),
        ("user.timezone", r"\b(time ?zone|ICT|UTC ?[+-] ?\d+|GMT ?[+-] ?\d+|CET|CEST|PST|PDT|EST|EDT|JST|SGT)\b", ""),
        ("user.timezone", r"\bi'?m (in|based in|living in|located in) ([A-Z][a-z]+)\b", "{2}"),
        ("user.timezone", r"\bi (live|work) in ([A-Z][a-z]+)\b", "{2}"),
        ("user.timezone", r"\b(moved|relocated|moving) (back )?to (?-i:([A-Z][a-z]+( [A-Z][a-z]+)?))\b", "{3}"),
    ),
    topics=((r"\bpostgres(ql)?\b", "postgres"), (r"\b(frontend|front-end|react|web dev|css)\b", "frontend"),
            (r"\b(k8s|kubernetes)\b", "kubernetes"), (r"\b(devops)\b", "devops"),
            (r"\bdocker\b", "docker"), (r"\bterraform\b", "terraform"),
            (r"\bbackend|back-end\b", "backend"), (r"\bdistributed systems\b", "distributed_systems"),
            (r"\bexcel\b", "excel"), (r"\bunity\b", "unity"), (r"\bkafka\b", "kafka"), (r"\bpytorch\b", "pytorch"),
            (r"\b(bgp|ospf|vlans?|networking|network engineer)\b", "networking"),
            (r"\b(accounting|accrual|cpa)\b", "accounting"),
            (r"\b(ios|swift)\b", "ios"), (r"\b(android|kotlin)\b", "android"),
            (r"\b(ml|machine learning|deep learning)\b", "ml"), (r"\b(python)\b", "python"),
            (r"\b(rust)\b", "rust"), (r"\b(go|golang)\b", "go"), (r"\b(sql)\b", "sql"),
            (r"\b(spark|airflow|data engineering)\b", "data-engineering"),
            (r"\b(statistics|stats|p-values?)\b", "statistics"),
            (r"\b(for loop|programming|coding|code)\b", "programming")),
    session_scope=(r"\b(?:for|in|during|within) (?:the rest of )?this (?:conversation|session|chat|thread|task)\b",
                   r"\bthis (?:conversation|session|chat|thread) only\b", r"\bfor now in this (?:chat|conversation)\b",
                   r"\buntil (?:the end of )?this (?:conversation|session|chat) (?:ends|is over)\b"),
    beyond_session=(r"\bnot (?:just|only) (?:for |in |during )?(?:the rest of )?this "
                    r"(?:conversation|session|chat|thread|task)\b",
                    r"\bthis (?:conversation|session|chat|thread|task)\b,? (?:and|or|plus) (?:every|all|any)"
                    r" (?:future|later|other|next)\b"),
    turn=(r"\s(?:but|whereas|while)\s",),
    relation=(r"\bmy (?:(?:little|big|older|younger|elder|best|ex|late|step)[ -])?" + _KIN + r"\b",
              r"(?-i:\b[A-Z][\w-]*)['’]s (?:(?:little|big|older|younger|elder|best|ex)[ -])?" + _KIN + r"\b"),
    narrow=(r"\b(?:but|only|just|though|please|pls)\b",),
    remember_lead=REMEMBER_LEAD,
    full_name=(r"(?:\bmy |^\W*)(?:full )?name(?: is|'s) (?P<name>[A-Z][\w-]*)",),
    bounded=((r"\b(?:until|till|til|through|thru)\s+(?:this\s+)?(mon|tues|wednes|thurs|fri|satur|sun)day\b",
              "until:{1}"),
             (r"\bfor the (?:next\s+)?(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(hour|day)s?\b",
              "for:{1}:{2}"),
             (r"\bfor the next (hour|day)\b", "for:1:{1}"),
             (r"(?<!from )\b(?:today|tonight)\b(?! on\b)", "today"),
             (r"\b(?:for |during )?this week\b", "week"),
             (r"\btemporarily\b|\bfor the time being\b", "session")),
)
