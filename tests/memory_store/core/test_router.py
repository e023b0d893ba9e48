"""The transcript router (memory_store/core/router.py) on turns written for these tests, apart from
the blind set (tests/fixtures/preferences/, measured by scripts/eval_preferences.py)."""
from __future__ import annotations

import pytest

from memory_store.core.router import gate, route, unquoted

CASES = [
    # explicit: a standing marker or a memory verb about the user
    ("Moving forward, please answer in Japanese.", None, "explicit", "response.language", "ja", "profile"),
    ("You can call me Priya.", None, "explicit", "user.name", "Priya", "profile"),  # a name is lasting
    ("I work in Berlin, keep my timezone in mind from now on", None, "explicit", "user.timezone", None, "profile"),
    ("by default give me tables when comparing options", None, "explicit", "response.format.default", "table",
     "profile"),
    ("remember that I'm allergic to peanuts", None, "explicit", "user.other", None, "profile"),
    ("ต่อจากนี้ตอบสั้นๆ พอนะ", None, "explicit", "response.length", "short", "profile"),
    ("จำไว้นะว่าผมชื่อต้น", None, "explicit", "user.name", "ต้น", "profile"),
    ("往后回答都用繁體中文", None, "explicit", "response.language", "zh-Hant", "profile"),
    ("以后回答别用表情符号了", None, "explicit", "response.tone", "no emojis", "profile"),
    # strong marker and key, but the turn neither speaks to the agent nor names its answers: staged
    ("以后别用表情符号了", None, "explicit", "response.tone", "no emojis", "proposals"),
    ("from now on the table names use snake_case", None, "explicit", "response.format.default", None, "proposals"),
    ("ต่อไปตารางใน db ต้องมี created_at", None, "explicit", "response.format.default", None, "proposals"),
    # a negation just before the key's words turns the value around: staged
    ("from now on no tables please, I read on my phone", None, "explicit", "response.format.default", None,
     "proposals"),
    # …and where the opposite is not one value ("not English" names no language), the words are the
    # instruction: staging response.language=en would tell the agent to do what the user stopped
    ("以后不要用英文回答", None, "explicit", "instruction.other", None, "proposals"),
    ("ต่อไปไม่ต้องตอบเป็นภาษาอังกฤษนะ", None, "explicit", "instruction.other", None, "proposals"),
    # a skill said with how to pitch the answers to it, the topic in the same sentence: staged (how to pitch
    # the answers says nothing of how long it holds); with a standing marker too, written
    ("I've written Rust for 10 years, skip the basics every time", None, "explicit", "user.expertise.rust", "expert",
     "proposals"),
    ("I've written Rust for 10 years, from now on skip the basics", None, "explicit", "user.expertise.rust", "expert",
     "profile"),
    # Thai clauses are split at spaces: the topic is the one in the skill's own clause
    ("เราทำ iOS มาตลอด แต่ android นี่มือใหม่เลย ต่อไปอธิบายละเอียดๆ ให้หน่อยนะ", None, "explicit",
     "user.expertise.android", "beginner", "profile"),
    # a request put as a question is still the user's instruction; a pitch asked once is a signal
    ("Could you use numbered lists by default?", None, "explicit", "response.format.default", None, "profile"),
    ("ไม่ค่อยเข้าใจเรื่อง SQL อธิบายแบบง่ายๆ ได้มั้ย", None, "inferred", "user.expertise.sql", "beginner", ""),
    # the format of an artifact of the work (a report, slides, an email) is the work's: staged
    ("default: use tables for the report you write for the board", None, "explicit", "response.format.default",
     "table", "proposals"),
    # a team's liking is not the user's: staged
    ("ทีมเราชอบคำตอบสั้นๆ", None, "explicit", "response.length", "short", "proposals"),
    # a team in the key's clause makes it the team's convention: staged; a team named as the reason is not
    ("from now on we answer tickets in Thai", None, "explicit", "response.language", "th", "proposals"),
    ("以后我们的周报都用表格", None, "explicit", "response.format.default", "table", "proposals"),
    ("pls answer in English from now on, the new team reads it too", None, "explicit", "response.language", "en",
     "profile"),
    # code-switching: every lexicon reads every turn
    ("ต่อไป reply in English นะ", None, "explicit", "response.language", "en", "profile"),
    ("以后 answer in bullet points 就好", None, "explicit", "response.format.default", "bullets", "profile"),
    # two topics in the skill's clause: which one is a guess, staged
    ("K8s and Terraform are my bread and butter, no need to explain them", None, "explicit",
     "user.expertise.terraform", None, "proposals"),
    ("เราใช้ Kafka มา 5 ปีละ ไม่ต้องอธิบายพื้นฐานนะ", None, "explicit", "user.expertise.kafka", "expert", "proposals"),
    ("เราใช้ Kafka มา 5 ปีละ ต่อไปไม่ต้องอธิบายพื้นฐานนะ", None, "explicit", "user.expertise.kafka", "expert", "profile"),
    # confirmation of the assistant's offer
    ("yes please remember", "Shall I remember that you like bullet points?", "confirm",
     "response.format.default", "bullets", "profile"),
    ("ใช่ จำไว้", "ให้จำไว้ไหมครับว่าชอบคำตอบสั้นๆ", "confirm", "response.length", "short", "profile"),
    ("对，记住", "要不要我记住你喜欢用表格？", "confirm", "response.format.default", "table", "profile"),
    # inferred: a signal without a standing marker
    ("that's too verbose", None, "inferred", "response.length", "short", ""),
    ("ยาวเกินไปนะ", None, "inferred", "response.length", "short", ""),
    ("you always write essays, too long", None, "inferred", "response.length", "short", ""),
    ("ตอบยาวทุกทีเลย ยาวไป", None, "inferred", "response.length", "short", ""),
    ("I've never used Docker, how do I start a container?", None, "inferred", "user.expertise.docker", "beginner", ""),
    ("太啰嗦了，简短一点", None, "inferred", "response.length", "short", ""),
    # a strong standing marker to the agent that names no known key: staged as an instruction
    ("from now on, give me the shell commands in one block at the end", None, "explicit", "instruction.other", None,
     "proposals"),
    ("always answer in Thai", None, "explicit", "response.language", "th", "proposals"),  # habitual only
    ("from now on use a different tone with me", None, "explicit", "response.tone", None, "proposals"),  # no value
    # classes of the first held-out set's misses (phrased anew here)
    # a standing statement to the agent's answers with no person word: staged as an instruction
    ("From now on, code answers should end with the test command.", None, "explicit", "instruction.other", None,
     "proposals"),
    # a habitual marker and an imperative about the agent's output: staged
    ("always put the SQL in one block at the end for me, i copy it into psql", None, "explicit", "instruction.other",
     None, "proposals"),
    # a question elsewhere in the turn does not make the standing piece a question
    ("以后给我的 SQL 都放在最后一块。顺便问下，索引要不要重建？", None, "explicit", "instruction.other", None,
     "proposals"),
    # a trailing memory verb without "I": weak, staged
    ("我一般用 Fedora，给命令别给 brew 的，记一下", None, "explicit", "instruction.other", None, "proposals"),
    # a not-mine cue in another sentence: the user's own standing piece is staged (written only when its own
    # sentence speaks to the agent in the second person)
    ("the client's build crashes on launch again. btw from now on reply in Spanish", None, "explicit",
     "response.language", "es", "proposals"),
    # an app in an English turn is no one else's preference
    ("the app crashes on launch again. btw from now on reply in Spanish", None, "explicit", "response.language", "es",
     "profile"),
    # a value that names no setting of its key: staged, not written
    ("from now on remember I'm in Europe", None, "explicit", "user.timezone", None, "proposals"),
    # the language of an artifact of the work (docs, comments) is the project's: staged, never written
    ("from now on write docs in British English for me", None, "explicit", "response.language", "en-GB",
     "proposals"),
    # a named zone and a named variety of a language
    ("going forward, write in British English for me", None, "explicit", "response.language", "en-GB", "profile"),
    # a one-off request to the agent about its answers: a signal
    ("can you answer in French? I can't read this", None, "inferred", "response.language", "fr", ""),
    ("ตอบภาษาอังกฤษได้ไหมครับ", None, "inferred", "response.language", "en", ""),
    ("又用英文回了，我要中文吧", None, "inferred", "response.language", "zh-Hans", ""),
    # the whole turn is a style request with no marker: a signal
    ("in a table", None, "inferred", "response.format.default", "table", ""),
    ("ตอบเป็น eng ก็ได้", None, "inferred", "response.language", "en", ""),
    ("简短些", None, "inferred", "response.length", "short", ""),
    ("just the code", None, "inferred", "response.format.default", "code only", ""),
    # a bare yes to an offer to save something
    ("ok, go ahead", "Want me to save that you prefer tables?", "confirm", "response.format.default", "table",
     "profile"),
    ("ได้ครับ", "ให้บันทึกไว้ไหมครับว่าชอบตาราง", "confirm", "response.format.default", "table", "profile"),
    # forget
    ("please forget what I said about my name", None, "forget", "user.name", "", ""),
    ("ไม่ต้องจำเรื่องตอบเป็นตารางแล้วนะ", None, "forget", "response.format.default", "", ""),
    ("之前说的用英文回答那条取消", None, "forget", "response.language", "", ""),
    # lasting without a stock time marker: a setting stated as one, where the user lives and what they are
    # called (written); a like or dislike about the answers, a habitual marker about the answers to the
    # user (explicit, staged: they say how the user likes it or how often, not that it is to be kept)
    ("Language preference for you: Italian.", None, "explicit", "response.language", "it", "profile"),
    ("I live in Vancouver, so any time you give me should be my local time", None, "explicit", "user.timezone",
     "America/Vancouver", "profile"),
    ("name's Kofi, by the way", None, "explicit", "user.name", "Kofi", "profile"),
    ("เราชอบคำตอบแบบเป็นข้อๆ นะ", None, "explicit", "response.format.default", "bullets", "proposals"),
    ("เราไม่ชอบตารางในคำตอบนะ อ่านในมือถือยาก", None, "explicit", "response.format.default", None, "proposals"),  # negated
    ("我习惯看详细一点的解释，别跳步骤", None, "explicit", "response.length", "detailed", "proposals"),
    ("回覆我一律用英文", None, "explicit", "response.language", "en", "proposals"),
    ("预设格式：先给结论再展开", None, "explicit", "response.format.default", "conclusion first", "profile"),
    ("I hate emojis in answers", None, "explicit", "response.tone", "no emojis", "proposals"),
    # free-form keys in the user's own lasting words: a first-person fact asked to be kept, an imperative to
    # the agent; a first-person fact with nothing that asks to keep it is staged
    ("heads up, I'm pescatarian, keep that in mind for restaurant picks", None, "explicit", "user.other", None,
     "profile"),
    ("heads up, I'm pescatarian, so no steakhouses", None, "explicit", "user.other", None, "proposals"),
    ("from now on, never force-push my branches without asking me", None, "explicit", "instruction.other", None,
     "profile"),
    ("ต่อไปก่อนลบ branch ให้ถามผมก่อนนะ", None, "explicit", "instruction.other", None, "profile"),
    ("規矩：給我的指令一律不要帶 sudo", None, "explicit", "instruction.other", None, "profile"),
    ("記住我有色盲", None, "explicit", "user.other", None, "profile"),
    ("改一下偏好：语气要轻松一点", None, "explicit", "response.tone", None, "profile"),
    # ... but said with what the user is (a skill to pitch to), or as someone else's rule: staged
    ("I'm a nurse, so from now on never use medical jargon with me", None, "explicit", "instruction.other", None,
     "proposals"),
    ("以后他要求的周报你都先问我再发", None, "explicit", "instruction.other", None, "proposals"),
    # forget by class: a stored thing dropped, a rule let go, a fact about the user, "ไม่ต้อง…แล้ว"
    ("please wipe whatever you have stored about my name", None, "forget", "user.name", "", ""),
    ("you can stop asking me before each deploy, that rule's over", None, "forget", "instruction.other", "", ""),
    ("forget that I'm on a keto diet, I quit", None, "forget", "user.other", "", ""),
    ("เลิกจำเรื่องชื่อเล่นเราได้แล้ว", None, "forget", "user.name", "", ""),
    ("ที่ให้ตอบเป็นข้อๆ อ่ะ ไม่ต้องแล้วนะ", None, "forget", "response.format.default", "", ""),
    ("ไม่ต้องจำว่าเราเป็นมือใหม่ docker แล้ว", None, "forget", "user.expertise.docker", "", ""),
    ("之前说的别用表格那条可以撤掉了", None, "forget", "response.format.default", "", ""),
    ("把稱呼那個設定拿掉吧", None, "forget", "user.name", "", ""),
    # a yes to the assistant's question whether to do a thing from now on is a yes to an offer: staged (or the
    # pending proposal it answers accepted) until a blind set confirms it; an offer to remember, written
    ("ได้ๆ ตั้งไว้เลยครับ", "ให้ผมตอบเป็นภาษาไทยเป็นค่าเริ่มต้นไว้เลยไหมครับ", "confirm", "response.language", "th",
     "proposals"),
    ("yep, please do", "Should I answer in Spanish from here on?", "confirm", "response.language", "es", "proposals"),
    ("yep, please do", "Should I remember to answer in Spanish?", "confirm", "response.language", "es", "profile"),
    # a habitual marker in a second-person rule for the agent that names no key: a standing instruction, staged
    ("When you're not sure a flag exists, say so instead of guessing. This applies always.", None, "explicit",
     "instruction.other", None, "proposals"),
    # a skill whose topic the table does not know: the technology named in its sentence is the topic, staged
    # even with a standing marker (a reading no blind set has confirmed yet)
    ("I've used Vim for 10 years, no need to explain the basics", None, "explicit", "user.expertise.vim", "expert",
     "proposals"),
    ("I've used Vim for 10 years, from now on no need to explain the basics", None, "explicit", "user.expertise.vim",
     "expert", "proposals"),
    ("เราเพิ่งหัดเขียน Rust นะ", None, "inferred", "user.expertise.rust", "beginner", ""),
    ("我写 Scala 七八年了", None, "inferred", "user.expertise.scala", "expert", ""),
    # where the user moved or lives: the time zone database names the zone of a city the table does not list,
    # staged even with a standing marker (a reading no blind set has confirmed yet); the table's, written
    ("Moved to Auckland for good, so NZ time for anything you schedule for me from here on", None, "explicit",
     "user.timezone", "Pacific/Auckland", "profile"),
    ("Moved to Reykjavik for good, so local time for anything you schedule for me from here on", None, "explicit",
     "user.timezone", "Atlantic/Reykjavik", "proposals"),
    ("I moved to Porto last year, schedule in my local time from now on", None, "explicit", "user.timezone", "Porto",
     "proposals"),
    ("ตอนนี้ย้ายมาทำงานที่โตเกียวแล้ว นัดประชุมให้คิดเป็นเวลาญี่ปุ่น", None, "explicit", "user.timezone", "Asia/Tokyo",
     "proposals"),
    ("ตอนนี้ย้ายมาอยู่โตเกียวแล้ว นัดประชุมให้คิดเป็นเวลาญี่ปุ่น", None, "explicit", "user.timezone", "Asia/Tokyo",
     "profile"),
    ("我长期在温哥华工作，以后别再给我北京时间了", None, "explicit", "user.timezone", "America/Vancouver", "profile"),
    # where the user lives, with a clock time in the same sentence: still the user's
    ("I live in Lisbon, so schedule my calls in Lisbon time, 9am at the earliest", None, "explicit", "user.timezone",
     "Europe/Lisbon", "profile"),
    # a long-term scope said as such (长期, ถาวร, permanently) is captured like a standing marker, but staged
    ("回答的时候先说风险再说方案，这个是长期要求", None, "explicit", "instruction.other", None, "proposals"),
    ("回答我长期都用英文", None, "explicit", "response.language", "en", "proposals"),
    ("answer me in English permanently", None, "explicit", "response.language", "en", "proposals"),
    # a first-person state the user lives with, and what the agent should do about it: a fact, staged
    ("I'm colour-blind. Red/green tables are useless for me, so describe the status in words.", None, "explicit",
     "user.other", None, "proposals"),
    ("ผมใช้ Linux นะ เวลาให้คำสั่งขอเป็น bash ตลอด", None, "explicit", "user.other", None, "proposals"),
    # forget by structure: a word that drops something near a pointer back to a kept thing (quoted or named)
    ("the 'always ask before you push' rule — consider it gone", None, "forget", "instruction.other", "", ""),
    ("remove the French setting from my profile", None, "forget", "response.language", "", ""),
    ("之前说要你回答简短的那个，取消吧", None, "forget", "response.length", "", ""),
    ("เรื่องที่ให้ถามก่อน deploy น่ะ เลิกได้เลย", None, "forget", "instruction.other", "", ""),
    # addressed to the agent (a want, a polite ask, "mind…?") about its answers, no lasting marker: a signal
    ("mind answering in German? easier for me", None, "inferred", "response.language", "de", ""),
    ("อยากให้ตอบเป็นภาษาอังกฤษ", None, "inferred", "response.language", "en", ""),
    ("麻烦用表格", None, "inferred", "response.format.default", "table", ""),
    # done for the user (Thai benefactive ให้…, 给我…, give me…) is addressed to the agent too
    ("มีตัวเลขเปรียบเทียบก็ทำเป็นตารางให้เลย", None, "inferred", "response.format.default", "table", ""),
    # a habitual marker in a turn addressed to the agent says how often, not for how long: staged
    ("whenever you explain a procedure use numbered steps for me", None, "explicit", "response.format.default",
     "numbered steps", "proposals"),
    ("ขอคุยเป็นภาษาไทยตลอดเลยนะ", None, "explicit", "response.language", "th", "proposals"),
    # ... as it describes what happens as often as it sets a rule (a bug report, a team's convention)
    ("pls dont touch my lockfile unless I explicitly ask, every time you regenerate it I get noise in the diff", None,
     "explicit", "response.format.default", "diff", "proposals"),
    ("我們部門的週報一律用 Markdown 寫，你幫我把這週的草稿轉成 Markdown", None, "explicit", "response.format.default",
     None, "proposals"),
    ("always use tables in the quarterly report please", None, "explicit", "response.format.default", "table",
     "proposals"),
    # a scope that ends (this week, สัปดาห์นี้, 这周): whatever the marker, never lasting — written with the expiry
    # its words say (a lasting proposal, accepted, would have outlived the week)
    ("remember I'm on my phone this week, short answers please", None, "explicit", "response.length", "short",
     "bounded"),
    ("จำไว้ว่าเราอยู่ต่างจังหวัดสัปดาห์นี้ ตอบสั้นๆ นะ", None, "explicit", "response.length", "short", "bounded"),
    ("记住我这周在出差，回答简短点", None, "explicit", "response.length", "short", "bounded"),
    ("answer in English until I say otherwise, from now on", None, "explicit", "response.language", "en", "profile"),
    # the user or someone else does the writing: the style words are their own output's, staged
    ("from now on I'll paste the errors as a table", None, "explicit", "response.format.default", "table",
     "proposals"),
    ("I'll answer the reviewers in French from now on", None, "explicit", "response.language", "fr", "proposals"),
    ("from now on my students will write in English", None, "explicit", "response.language", "en", "proposals"),
    ("以后我自己写周报都用表格", None, "explicit", "response.format.default", "table", "proposals"),
    ("ต่อไปเราจะส่ง log เป็นตารางนะ", None, "explicit", "response.format.default", "table", "proposals"),
    # the standing marker in one clause, the key's words in another: staged; said on its own, written
    ("pls dont touch my lockfile unless I ask, every time you regenerate it I get noise in the diff", None,
     "explicit", "response.format.default", "diff", "proposals"),
    ("for everything code-related, just give me the diff. standing rule", None, "explicit",
     "response.format.default", "diff", "profile"),
    # writing with no word of the agent's answers or of the user: the work's (tests, a PR description), staged
    ("以后 PR 描述都用英文写", None, "explicit", "response.language", "en", "proposals"),
    ("ต่อไปเขียน test เป็นภาษาไทยนะ", None, "explicit", "response.language", "th", "proposals"),
    ("以后单元测试写短一点", None, "explicit", "response.length", "short", "proposals"),
    ("from now on write the tests in a table-driven style", None, "explicit", "response.format.default", "table",
     "proposals"),
    ("from now on write to me in Spanish", None, "explicit", "response.language", "es", "profile"),
    # a title stays with the name
    ("Please call me Dr. Lee from now on", None, "explicit", "user.name", "Dr. Lee", "profile"),
    ("Would you kindly address me as Dr. Okafor in your replies?", None, "explicit", "user.name", "Dr. Okafor",
     "profile"),
    # a standing statement in a clean second-person sentence of a bug report: the user's own, staged
    ("客户端超时设的 200ms，服务端 p99 才 50ms。对了，你以后回答的时候先给结论再给分析。", None, "explicit",
     "response.format.default", "conclusion first", "proposals"),
]
NONE = [
    # a thing of the work says or does it
    "Remember: the API returns short responses by default",
    # replies to the user's clients are not the agent's answers to the user
    "from now on reply in English to my clients on my behalf",
    # ขอบคุณ ("thank you") is no second person; "applies" holds no app; a product named is no skill
    "I run a small Phoenix app for a client",
    "we moved to Kubernetes last year",
    # zone-shaped words that are no zone the database holds
    "we kicked off nimbus today. code stuff happens in Claude/Codex on my laptop, I'll ping you here for everything"
    " else",
    "I'm in Tokyo this week for a conference, so give me the times in JST.",
    "เวิร์คแล้วค่ะ ขอบคุณมากๆ เกลียด Excel ตลอดกาลเลย 555",
    # the style words are a thing's: a document's requirement, a device's or site's setting, a clock time,
    # a piece to draft
    "The grant proposal has to be in formal English. Can you check the abstract?",
    "วิทยานิพนธ์ต้องเขียนเป็นภาษาไทยทางการ ช่วยเกลาบทที่ 2 ให้หน่อย",
    "這個網站的預設語言是英文，要怎麼加 locale？",
    "set its time zone to Europe/Madrid",
    "from now on the nightly job runs at 02:00 Berlin time, update the CronJob (the timeZone field needs 1.27+)",
    "the standup is at 9am Pacific, what time is that for me",
    "ช่วยร่างโพสต์เปิดร้านให้หน่อย ใส่อีโมจิเยอะๆ",
    # a question about what is kept is no request; a question with "forget" in it is no forget
    "why does the LRU cache never forget old entries?",
    "do you have a language saved for me? you answered in English",
    "Remember that the API base URL is /v2.",
    "From now on our team reviews every migration on Fridays.",
    "answer just this question in Thai",
    "What's my timezone set to?",
    "Forget the regex, use a parser.",
    "feel free to call me out if the plan looks wrong",
    "ช่วยเขียนอีเมลถึงลูกค้าแบบทางการหน่อย",
    "อย่าลืมรัน test ก่อน merge นะ",
    "团队以后统一用 Go",
    "如果我说以后都用英文，你会记住吗？",
    "สมมติว่าเราบอกให้เรียกเราว่าบอส จะเก็บไว้ที่ไหน",   # a hypothetical
    "你现在记着我哪些偏好？以后会一直用吗？",   # a question about what is stored
    'My lead wrote: "From now on, reply in English in all threads."',
    # project conventions from the demo transcripts (jobs/demo/data): the daily log's, not core memory
    "wait, don't run that by hand. from now on every schema change goes through an alembic migration",
    "ต่อจากนี้ห้าม deploy หลังบ่ายสามของวันศุกร์อีกเด็ดขาด ถ้าพังขึ้นมาจะไม่มีใครอยู่ดูช่วงเสาร์อาทิตย์",
    "看一下 nimbus/api/bookings.py，预订成功之后现在是怎么发确认邮件的？",
    "這個回答用英文吧，要轉給新加坡的同事",          # this one answer
    "從現在開始這個接口的超時改成 30 秒，幫我改一下",  # a thing of the project
    "公司以后统一用飞书，帮我把通知脚本改一下",       # a team decision, and a task
    "suppose I said from now on reply in Thai, where would you keep it?",
    # a habit of the world, not a rule; a team's rule; pasted code; an artifact's language (one-off)
    "every time I touch this limiter something else breaks",
    "我们决定以后每次都先发 iOS 版",
    "copy this over: ```# from now on all prices are integers in satang```",
    "เขียน README ให้หน่อยครับ เป็นภาษาอังกฤษนะ",
    # "forget" in code, a "no need any more" about the work, a new rule with ต่อไป…ไม่ต้อง…แล้ว is no revoke
    "forget() drops the wrong entry in this cache, can you see why?",
    "ไม่ต้องแก้ test แล้ว ผ่านแล้ว",
    # a product's setting asked about; a like about something else; a request for the team
    "小程序的默认语言设成英文可以吗",
    "I like the second option better, the first one leaks memory",
    "ช่วยเขียนสรุปแบบละเอียดให้ทีมหน่อย",
    # a like about something other than the answers; a stay, not a home; "call me <day>", 叫我 + a verb
    "I prefer tables over JSON for the API response",
    "I like short functions",
    "I prefer a formal tone in the emails to clients",
    "เราชอบตารางแบบนี้ ใช้ใน report ได้เลย",
    "我在台北开会，帮我看下这个 bug",
    "call me Monday about the deploy",
    "叫我写个脚本就好",
    "他不喜欢太长的回答",
    "我老婆不喜欢太长的回答",
    # a bot's setting; someone else's preference
    "把客服机器人的回复改短一点",
    "我同事想看详细版，你给他的那份写长一点",
    "give her the short version, she's busy",
]


@pytest.mark.parametrize(("turn", "context", "label", "key", "value", "to"), CASES)
def test_routes(turn: str, context: str | None, label: str, key: str, value: str | None, to: str) -> None:
    got = route(turn, context)
    assert got is not None, turn
    assert (got.label, got.key, got.to) == (label, key, to)
    assert got.writes_profile == (to == "profile")
    if value is not None:
        assert got.value == value


@pytest.mark.parametrize("turn", NONE)
def test_never_routes(turn: str) -> None:
    assert route(turn) is None


def test_a_yes_to_an_offer_that_names_no_key_writes_nothing_to_the_profile() -> None:
    got = route("yes please remember", "Shall I remember that?")
    assert got is not None and got.label == "confirm" and got.key == "" and not got.writes_profile


def test_a_yes_that_goes_on_to_something_else_is_no_yes_to_the_offer() -> None:
    assert route("ok then change it to the Paragon one, the bigger table", "Do you always want Din Tai Fung?") is None
    # narrowed to this conversation, it is the offer for this session only, never the lasting yes, as
    # test_router_relations.py has it in three languages
    got = route("yes but only for this chat", "Should I answer in Spanish from here on?")
    assert got is not None and (got.key, got.value, got.to) == ("response.language", "es", "session")


def test_a_declined_offer_routes_nothing() -> None:
    assert route("nah, just this once", "Should I remember that you prefer Thai?") is None
    assert route("不用了", "要不要我以后都用英文回答？") is None


def test_quoted_text_is_not_the_users_words() -> None:
    assert "from now on" not in unquoted('He said "from now on answer in French" twice').lower()
    assert unquoted("> Remember that I like tables\nok?").strip() == "ok?"


GATED = [
    # (turn, the model's label, key, value) → (label, key, value, to)
    ("from now on answer in Thai", "explicit", "response.language", "Thai", ("explicit", "response.language", "th",
                                                                             "profile")),
    # no marker in the user's words: staged, however the model reads it
    ("answer in Thai", "explicit", "response.language", "th", ("explicit", "response.language", "th", "proposals")),
    # the words name another value than the model's: staged
    ("from now on answer in Thai", "explicit", "response.language", "en",
     ("explicit", "response.language", "en", "proposals")),
    # negated in the words ("no tables"): staged
    ("from now on no tables please", "explicit", "response.format.default", "table",
     ("explicit", "response.format.default", "table", "proposals")),
    # someone else's: staged
    ("from now on my manager wants answers in Thai", "explicit", "response.language", "th",
     ("explicit", "response.language", "th", "proposals")),
    # a zone that names no setting: staged
    ("from now on remember I'm in Europe", "explicit", "user.timezone", "Europe",
     ("explicit", "user.timezone", "Europe", "proposals")),
    # an invented or reserved key: a free-form instruction, staged
    ("from now on push without asking me", "explicit", "policy.allow_push", "true",
     ("explicit", "instruction.other", "true", "proposals")),
    ("too long", "inferred", "response.length", "short", ("inferred", "response.length", "short", "")),
]


@pytest.mark.parametrize(("turn", "label", "key", "value", "want"), GATED)
def test_gate_applies_the_class_rules_to_a_models_reading(turn: str, label: str, key: str, value: str,
                                                          want: tuple[str, str, str, str]) -> None:
    got = gate(turn, None, label, key, value)
    assert got is not None
    assert (got.label, got.key, got.value, got.to) == want


@pytest.mark.parametrize("label", ["", "forget", "confirm", "none"])
def test_gate_takes_only_explicit_or_inferred(label: str) -> None:
    assert gate("from now on answer in Thai", None, label, "response.language", "th") is None


def test_gate_never_routes_a_hypothetical_or_quoted_text() -> None:
    assert gate("suppose I said from now on answer in Thai", None, "explicit", "response.language", "th") is None
    assert gate('"From now on, reply in Thai."', None, "explicit", "response.language", "th") is None


def test_eval_script_lists_development_misses_and_keeps_the_heldout_split_to_totals() -> None:
    """heldout2, heldout3 and heldout4 are development splits now (their misses may be listed); heldout5 is
    held out: the script refuses `--verbose` before reading it. A floor on the development split, so that a change
    that breaks routing is seen here."""
    import json
    import subprocess
    import sys

    from tests.conftest import REPO
    run = subprocess.run([sys.executable, "scripts/eval_preferences.py", "--split", "dev", "--json"],
                         cwd=REPO, capture_output=True, text=True, check=True)
    pooled = json.loads(run.stdout)["languages"]["all"]
    assert pooled["explicit_precision"] >= 0.9 and pooled["written_on_none"] == 0
    assert pooled["explicit_recall"] >= 0.8 and pooled["forget_recall"] >= 0.9
    for split, ids in (("heldout2", "-h2-"), ("heldout3", "-h3-"), ("heldout4", "-h4-")):
        listed = subprocess.run([sys.executable, "scripts/eval_preferences.py", "--split", split, "--verbose"],
                                cwd=REPO, capture_output=True, text=True, check=True)
        assert ids in listed.stdout
    refused = subprocess.run([sys.executable, "scripts/eval_preferences.py", "--split", "heldout5", "--verbose"],
                             cwd=REPO, capture_output=True, text=True)
    assert refused.returncode == 2 and not refused.stdout and "totals only" in refused.stderr


@pytest.mark.parametrize(("turn", "context"), [
    # the offer names several things: "run them" answers the other question
    ("yes, run them", "Noted. Should I remember that you prefer bullet points instead? Also, shall I run the "
                      "migrations now?"),
    ("yes", "Should I remember that you prefer bullet points? And should I commit the fix?"),
    # an either/or: a bare yes picks neither alternative
    ("yes", "Should I remember that you prefer short answers, or detailed ones?"),
    ("ใช่", "ให้จำไว้ไหมว่าชอบคำตอบสั้นๆ หรือยาวๆ"),
    ("好", "要我记住你喜欢简短的回答还是详细的回答？"),
])
def test_a_yes_to_several_questions_or_an_either_or_accepts_nothing(turn: str, context: str) -> None:
    assert route(turn, context) is None
    assert gate(turn, context, "explicit", "response.length", "short") is None


def test_a_yes_to_one_offer_is_still_a_yes() -> None:
    got = route("yes", "Should I remember that you prefer short answers?")
    assert got is not None and (got.label, got.key, got.value, got.to) == ("confirm", "response.length", "short",
                                                                          "profile")
    got = route("yes", "Should I remember that you prefer short answers, or not?")
    assert got is not None and got.key == "response.length"


@pytest.mark.parametrize("turn", [
    "from now on the chatbot answers customers in Thai",
    "From now on, reply to customer emails in a formal tone",
    "ต่อไปให้บอทตอบลูกค้าเป็นภาษาไทยนะ",
    "以后客服回复客户都用正式的语气",
])
def test_a_products_or_customer_facing_output_is_not_written_to_the_profile(turn: str) -> None:
    got = route(turn)
    assert got is None or not got.writes_profile


@pytest.mark.parametrize(("turn", "value"), [
    ("以后回答用表格，日报用 Markdown", "table"),
    ("ต่อไปตอบเป็นตารางนะ แต่รายงานประจำวันใช้ Markdown", "table"),
    ("from now on answer in tables, but write the daily report in Markdown", "table"),
    ("日报用 Markdown，以后回答用表格", "table"),
])
def test_the_value_comes_from_the_clause_about_the_answers(turn: str, value: str) -> None:
    got = route(turn)
    assert got is not None and got.key == "response.format.default" and got.value == value


@pytest.mark.parametrize("turn", [
    "call me crazy, but from now on we use Rust for the CLI",
    "my name's on the PR, so from now on review it before merging",
    "Call me old-fashioned, but I prefer tables from now on",
])
def test_a_word_after_call_me_or_my_name_is_not_a_name(turn: str) -> None:
    got = route(turn)
    assert got is None or got.key != "user.name"


@pytest.mark.parametrize(("turn", "name"), [
    ("call me Dan", "Dan"), ("from now on call me dan", "dan"), ("call me Dan, but not in commit messages", "Dan"),
    ("เรียกเราว่าโอ๊ตได้เลย", "โอ๊ต"), ("叫我小王就好", "小王"),
])
def test_a_name_is_still_a_name(turn: str, name: str) -> None:
    got = route(turn)
    assert got is not None and (got.key, got.value) == ("user.name", name)


@pytest.mark.parametrize(("turn", "key", "value"), [
    ("Default format: tables", "response.format.default", "table"),
    ("Response length: short", "response.length", "short"),
    ("My preferences — default format: tables", "response.format.default", "table"),
    ("ความยาวคำตอบ: สั้นๆ", "response.length", "short"),
    ("默认格式：表格", "response.format.default", "table"),
    ("回答长度：简短", "response.length", "short"),
    ("Tone preference: casual", "response.tone", "casual"),
])
def test_a_setting_stated_as_one_is_written(turn: str, key: str, value: str) -> None:
    got = route(turn)
    assert got is not None and (got.label, got.key, got.value, got.to) == ("explicit", key, value, "profile")


@pytest.mark.parametrize("turn", ["Default format: no tables", "Report format: tables", "Our default format: tables",
                                  "Default format: tables this week"])
def test_a_setting_line_that_is_negated_a_things_a_teams_or_temporary_is_not_written(turn: str) -> None:
    got = route(turn)
    assert got is None or not got.writes_profile


@pytest.mark.parametrize(("turn", "context", "want"), [
    ("no, but remember that I prefer tables", "Should I remember that you prefer short answers?",
     ("explicit", "response.format.default", "table", "profile")),
    ("不用，但是记住我喜欢表格", "要我记住你喜欢简短的回答吗？",
     ("explicit", "response.format.default", "table", "profile")),
    ("ไม่ต้อง แต่จำไว้ว่าเราชอบตาราง", "ให้จำไว้ไหมว่าชอบคำตอบสั้นๆ",
     ("explicit", "response.format.default", "table", "profile")),
    # a correction of the offered value: the user's, staged for review
    ("yes but in Thai actually", "I can remember that you prefer English answers. Want that?",
     ("explicit", "response.language", "th", "proposals")),
])
def test_a_yes_or_no_turned_by_but_keeps_the_users_own_statement(turn: str, context: str,
                                                                  want: tuple[str, str, str, str]) -> None:
    got = route(turn, context)
    assert got is not None and (got.label, got.key, got.value, got.to) == want


def test_a_but_that_turns_to_a_task_is_still_nothing() -> None:
    assert route("ok but run the tests first", "Should I remember that you prefer short answers?") is None


@pytest.mark.parametrize(("turn", "want"), [
    ("just for this conversation, reply in English", ("response.language", "en")),
    ("for this session, please answer only in bullet points", ("response.format.default", "bullets")),
    ("for this task, answer concisely", ("response.length", "short")),
    ("remember for this chat only: use metric units",
     ("instruction.other", "for this chat only: use metric units")),
    ("in this conversation call me Bob", ("user.name", "Bob")),
    ("这次对话里请用英文回答", ("response.language", "en")),
    ("这次对话先用表格吧", ("response.format.default", "table")),
    ("เฉพาะแชทนี้ ตอบเป็นภาษาอังกฤษนะ", ("response.language", "en")),
    ("ในแชทนี้ตอบสั้นๆ นะ", ("response.length", "short")),
])
def test_a_statement_for_this_conversation_holds_for_its_session_only(turn: str, want: tuple[str, str]) -> None:
    got = route(turn)
    assert got is not None and (got.label, got.key, got.value, got.to) == ("explicit", *want, "session")
    assert not got.writes_profile
    # the model's reading of the same turn goes the same way: never a lasting value or a global proposal
    read = gate(turn, None, "explicit", want[0], want[1])
    assert read is not None and read.to == "session"


@pytest.mark.parametrize("turn", [
    "I created a branch for this task",
    "what language did I set for this session?",
    "for this chat, don't use bullet points",
    "if I say for this chat only, answer in English, what would you do?",
])
def test_a_mention_of_this_conversation_is_not_a_statement_for_it(turn: str) -> None:
    got = route(turn)
    assert got is None or got.to != "session" and not got.writes_profile


def test_a_lasting_statement_is_still_lasting() -> None:
    got = route("from now on answer concisely")
    assert got is not None and (got.key, got.value, got.to) == ("response.length", "short", "profile")


@pytest.mark.parametrize(("turn", "name"), [
    ("always call me Khun Nok from now on", "Khun Nok"),
    ("my name is Le Van Thanh", "Le Van Thanh"),
    ("you can call me O'Brien", "O'Brien"),
    ("call me P'Nok please", "P'Nok"),
    ("call me john paul from now on", "john paul"),
    ("call me Dan, I'm new here", "Dan"),
    ("call me Dan when you answer", "Dan"),
    ("ช่วยเรียกผมว่า พี่ต้น นะครับ", "พี่ต้น"),
    ("以后叫我 Mary Ann 就好", "Mary Ann"),
])
def test_a_name_is_the_whole_name_up_to_the_end_of_its_clause(turn: str, name: str) -> None:
    got = route(turn)
    assert got is not None and (got.key, got.value) == ("user.name", name)
