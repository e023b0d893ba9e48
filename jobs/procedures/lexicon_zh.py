"""Chinese phrases (simplified, traditional, written Cantonese) of the procedure learner
(jobs/procedures/learn.py): regex sources, one per role."""

LASTING = r"以后|以後|每次|每逢|每周|每週|每月|每个|每個|每天|记住|記住|都这样|都這樣|一律"
# The situation a procedure is for ("发布的时候，…"): see lexicon_en.SITUATION.
SITUATION = r"的时候|的時候|的话|嘅時候"
NAMED = r"(?:规矩|規矩|流程|步骤|步驟|顺序|順序|套路|清单|清單)[^:：\n？?]{0,30}[:：]"
NEGATION = r"不|别|別|错|錯|没|沒|唔"
QUESTION = r"吗[？?]?$|呢[？?]?$|还是.*[？?]|還是.*[？?]|點樣|怎么|怎麼"
NARRATIVE = r"上週|上周|上次|昨天|上个月|上個月|琴日|尋日"
HYPOTHETICAL = r"假設|假设|要是哪天|如果有一天|如果哪天|假如"
ONE_OFF = r"今天|这次|這次|今次"
PASTED = r"总结|總結|翻译|翻譯|讲讲|什么意思|咩意思"
GENERAL = r"但以后|但以後|不过以后"
CORRECTION = r"不对|不對|不行|唔係|哎"
ADOPT = r"这个流程|這個流程|照你说|照你說|按你说"
# 再 ("then") orders two steps; 不再 / 别再 / 再也 ("no longer", "never again") order nothing: "以后改用
# Terraform，不再用 Ansible" is a decision, not a procedure whose last step is "用 Ansible".
THEN = r"(?<![不别別没沒唔])再(?!也)"
SPLIT = r"(?<=[^\s，,不别別没沒唔])\s*再(?!也)|然后|然後|最后|最後|之后|之後|接着|跟住|，|、|。|；|："
FIRST = r"先|再|要|都要|就"
LEAD = r"(?:不对|不對|不行|唔係咁|哎)[，,。]\s*"
LEAD_CUE = r"以后|以後"
TAIL = r"(?!)"
NOT_STEP = r"记住|記住|每次都要|以后都这样|以後都這樣|以后都要|以後都要|这次|這次"
TRIGGER = r"([^，,：:]{2,30}?)(?:的时候|的時候|的话|之前|前)[，,：:]?"
# An explicit order: without one, a list of clauses is a rule or a note, not a procedure.
# A list number opens a clause: "3." inside "stg-03.internal" or "v1.2" numbers nothing.
SEQUENCE = THEN + r"|先|然后|然後|最后|最後|之后|之後|接着|跟住|流程|步骤|步驟|(?:^|(?<=[\s，,：:；;。]))[1-9][.)）]"
# A step the user drops ("不用再跑 migrations", "别跑 migrations 了"); DROP_UNTIL needs its tail.
# An order word that orders no steps (see lexicon_en.NOT_ORDER): 先 of "先记住" (for now, remember: the order is
# of the asking), 之前/以前 after a clock time ("14点之前").
LISTED = r"(?!)"   # (see lexicon_en.LISTED)
NOT_ORDER = r"先(?=[，,：:\s]*(?:记|記)(?:住|一下|下))|(?<=[0-9点點])\s*(?:之前|以前)"
REMEMBER = r"(?:先|请|請)?(?:记|記)(?:住|一下|下)"
DROP_AT = r"(?:^|(?<=[，,；;。！!？?：:\s])|(?<=的时候)|(?<=的時候)|(?<=以后)|(?<=以後))"   # where a clause can start
DROP = r"不用再|不必再|不需要再|无需再|無需再|跳过|跳過|省掉|省去|别再|別再|不要再|唔使再|唔好再"
DROP_UNTIL = r"别|別|不用|不必|不要|唔使|唔好"
DROP_TAIL = r"\s*(?:了|啦|喇)"
DROP_END = r"\s*(?:[，,；;。！!？?\n]|$)"
DROP_IF = r"如果|的话|的話|除非"
REOPEN = r"(?:不对|不對|不是|错了|錯了|唔係|唔啱)[，,。！!\s]*"
AMEND_TRIGGER = r"^(.{2,30}?)(?:要|得|就)?先"
ORDER = r"(?!)"   # (no one-clause order read here yet: "ก่อน…แล้วค่อย", "先…再" are steps already)
