"""Thai phrases of the procedure learner (jobs/procedures/learn.py): regex sources, one per role."""

LASTING = (r"ทุกครั้ง|ต่อไป|ทุกวัน|ทุกเดือน|ทุกปี|ทุกสิ้นเดือน|ทุกคืน|ทุกรอบ|ทุกราย|ทุกเจ้า|ทุกอาทิตย์|ทุกสัปดาห์|เมื่อไหร่|"
           r"จำไว้|ทริปไหนก็|ตอนปิดร้าน|ทุกที")
# The situation a procedure is for ("เวลา release …"): see lexicon_en.SITUATION.
SITUATION = r"เวลา"
NAMED = r"(?:ลำดับ|ขั้นตอน|checklist|เช็คลิสต์|วิธี)[^:\n?]{0,60}:"
NEGATION = r"ไม่|อย่า|ผิด|กลับกัน"
QUESTION = r"ไหม(?:ครับ|คะ|นะ)?\s*$|ดีไหม|อะไรก่อน|ยังไง|ไหนดี|อะไรดี|หรือเปล่า"
NARRATIVE = r"ที่แล้ว|เมื่อวาน|เมื่อวันก่อน|ครั้งก่อน|รอบที่แล้ว"
HYPOTHETICAL = r"สมมติ|ถ้าวันไหน|ถ้าวันนึง|ถ้าเรามี"
ONE_OFF = r"รอบนี้|วันนี้|ครั้งนี้|เดือนนี้"
PASTED = r"สรุป|แปล|อธิบาย"
GENERAL = r"แต่ปกติ"
CORRECTION = r"ไม่ใช่|ผิด|เดี๋ยว|โอ้ย"
ADOPT = r"แบบนี้|แบบที่"
# Thai separates clauses, not words, with a space.
# "แล้ว" is "then" glued to the next verb ("แล้วส่ง") or as a word of its own before it ("ก่อน แล้ว build image").
SPLIT = (r"แล้วค่อย|แล้วก็|จากนั้น|ต่อด้วย|เสร็จแล้ว|สุดท้าย|แล้ว(?=\S)|(?:^|(?<=\s))แล้ว\s+|"
         r"(?<=[\u0e00-\u0e7f])\s+(?=[\u0e00-\u0e7f])")
# A step's opening word that is no part of it: "ก่อน" (first) and the imperative "ให้" ("ให้รันเทส": run the tests).
FIRST = r"ก่อน|ให้"
LEAD = r"ไม่ใช่\s*|เดี๋ยวๆ?\s*(?:นะ)?\s*"
LEAD_CUE = r"ต่อไป(?:ทำตามนี้นะ)?"
TAIL = r"(?:ก่อน|นะ|ด้วย|เลย|กลับนะ)+$"
NOT_STEP = r"อย่า|จำไว้|ทำแบบนี้|ทริปไหน"
# The trigger runs to the imperative ("ให้…", "ช่วย…") when there is one, else it is the first clause.
TRIGGER = r"(?:เวลา|ทุกครั้งที่|ถ้า)(.+?)\s*(?=ให้|ช่วย)|(?:เวลา|ทุกครั้งที่|ถ้า)(\S+)\s"
# An explicit order: without one, a list of clauses is a rule or a note, not a procedure.
# "แล้ว" is "then" at the start of a clause ("…ก่อน แล้วส่ง…"); after a verb it is "already".
SEQUENCE = r"(?:^|\s)แล้ว(?!ก็จำ)|แล้วค่อย|จากนั้น|เสร็จแล้ว(?=\s)|สุดท้าย|ตามนี้|ขั้นตอน|ต่อด้วย"
# A step the user drops ("ไม่ต้องรัน migrations แล้ว", "ข้าม X ไปเลย"); DROP_UNTIL needs its tail.
# An order word that orders no steps (see lexicon_en.NOT_ORDER): "แล้วก็" opening the turn ("and also", one more
# thing to keep), แล้ว joining the ask to remember to another ask ("…จำไว้ด้วย แล้วเตือนผมก่อน"), ก่อน before a time.
LISTED = r"(?!)"   # (see lexicon_en.LISTED)
NOT_ORDER = r"^\s*แล้ว(?=\s*ก็)|(?<=จำไว้)(?:ด้วย|นะ|เลย|ครับ|ค่ะ)*\s*แล้ว|ก่อน(?=\s*\d)"
REMEMBER = r"(?:ช่วย)?จำ(?:เอา)?ไว้"
DROP_AT = r"(?:^|(?<=[\s,;.!?]))"   # where a clause can start
DROP = r"ไม่ต้อง(?:ทำ)?|ข้าม(?:การ)?|เลิก"
DROP_UNTIL = r"อย่า"
DROP_TAIL = r"\s*(?:อีกแล้ว|แล้ว(?!ค่อย)|ไปเลย)(?:นะ|ครับ|ค่ะ|คะ)*"
DROP_END = r"\s*(?:[,;.!?\n]|$)|\s+(?=ให้|แล้ว|จากนั้น|ต่อด้วย|สุดท้าย)"
DROP_IF = r"ถ้า|หาก|เว้นแต่"
REOPEN = r"(?:ไม่ใช่|ผิด)(?:นะ|ครับ|ค่ะ|คะ|แล้ว|ๆ)*[\s,]*"
AMEND_TRIGGER = r"^(?:ตอน|เวลา)?\s*(.+?)\s*(?:ต้อง|ให้)"
ORDER = r"(?!)"   # (no one-clause order read here yet: "ก่อน…แล้วค่อย", "先…再" are steps already)
