"""Thai lexicon of the transcript router (memory_store/core/router_lexicon.py gives the fields).
Thai has no spaces between words, so no pattern here uses word boundaries."""
from memory_store.core.router_lexicon import Lexicon

_ME = r"(เรา|ผม|ฉัน|หนู|พี่|ดิฉัน|กู)"
# a person (or a pet) by their tie to someone (น้องสาวผม, สามีของนก, แมวผม): `relation`
_KIN = (r"(พี่สาว|พี่ชาย|น้องสาว|น้องชาย|พ่อแม่|แม่|พ่อ|แฟน|เพื่อน(สนิท)?|ลูกสาว|ลูกชาย|ลูก|ภรรยา|เมีย|สามี|ผัว|หลาน|ป้า|ลุง"
        r"|น้า|ปู่|ย่า|ยาย|หัวหน้า|เจ้านาย|เพื่อนร่วมงาน|รูมเมท|แมว|หมา|สุนัข)")
# what may follow a name said in Thai and is not the name: a particle such as นะ, ครับ, ค่ะ, จ้า, เด้อ, ฮะ, or a
# softener such as ได้เลย, ก็ได้, ก็พอ, ละกัน, แล้วกัน, เฉยๆ, alone or several ("…ละกันค่ะ")
_NAME_END = (r"(?:นะ|ครับ|คับ|ค่ะ|คะ|ค่า|จ้า|จ้ะ|จ๊ะ|ฮะ|เด้อ|เน้อ|ละกัน|แล้วกัน|ก็พอ|ก็ได้|ได้เลย|ได้|เฉยๆ|พอ|เลย"
             r"|ด้วย|หน่อย|ดีกว่า|น่ะ|นะคะ)")
# a forget by structure: a word that drops or lets go, near a pointer back to a thing the agent keeps
# (เรื่องที่ให้…, ที่เคยขอไว้, เรื่อง timezone…)
_REMOVAL = r"(ลบ|ยกเลิก|เลิกได้|เลิกทำ|พอแล้ว|ไม่เอาแล้ว|ไม่ต้องแล้ว|ลืมไป|ลืมได้เลย)"
_BACK_REF = (r"(เรื่อง(ที่)?(ให้|เคย)|ที่(เคย)?(บอก|ขอ|ให้|ตั้ง)ไว้|เรื่อง ?(timezone|ชื่อ|ภาษา|โทน|ตาราง|format)|ค่าที่ตั้ง"
             # a thing the user had the agent remember, named by its topic (เรื่องพี่โอ๊ตที่ให้จำไว้, ไม่ต้องจำเรื่อง…)
             r"|ที่(เคย)?(บอก|ขอ|สั่ง)?ให้(จำ|จด|เก็บ|บันทึก)|(ไม่ต้อง|เลิก)จำเรื่อง"
             # …or by what the agent was asked to do about it (เรื่องรายงานที่ให้ส่งพี่นุ่นทุกวันศุกร์)
             r"|เรื่อง\s?\S[^\n]{0,40}?ที่(เคย)?(ผม|พี่|ฉัน|หนู)?(บอก|ขอ|สั่ง)?ให้)")

# a request to forget a thing named bare, not the user's nor a rule, as a permission ("ลืมชื่อ wifi ออฟฟิศ
# ไปได้เลย", "ช่วยลืม…ไปเลย"; a bare "ลืมโค้ดเมื่อกี้ไปเลย" drops the work): perhaps what a Remember entry keeps,
# perhaps the work (router.py routes it for review)
# …or named first, as a topic ("เรื่องไปเชียงรายวันที่ 15 ลืมไปได้เลย": the matter of X, you may forget it)
FORGET_THING = (r"^\W*((ช่วย|ขอให้|กรุณา|โปรด)ลืม(?!ไป)\S.{0,40}ไป(ได้)?(เลย|เถอะ)"
                r"|ลืม(?!ไป)\S.{0,40}ไป(ได้(เลย)?|เถอะ))"
                r"|(?:^|(?<=\s))เรื่อง(?!ที่)\S[^\n]{0,40}?\s?ลืมไป(ได้)?(เลย|เถอะ)")

# the words that ask the agent to keep what follows (`remember_lead`: จำไว้ว่า…, จำเอาไว้ว่า…, จำไว้เลยนะว่า…,
# ช่วยจำไว้ให้หน่อยว่า…, ขอให้จำว่า…, จำด้วยนะว่า…, อย่าลืมว่า…); a bare จำว่า only after ช่วย/ขอให้ ("ผมจำว่า…" is the
# speaker recalling)
REMEMBER_LEAD = (r"(?:ช่วย|ขอให้|กรุณา|โปรด|อย่าลืม)?จำ(?:(?:เอา)?ไว้|(?=เลยนะ))(?:ให้(?:ที|หน่อย))?(?:ด้วย)?(?:เลย)?(?:นะ)?"
                 r"(?:ครับ|ค่ะ|คะ)?\s?(?:ว่า)?",
                 r"(?:ช่วย|ขอให้|กรุณา|โปรด)?จำด้วย(?:นะ)?(?:ครับ|ค่ะ|คะ)?\s?(?:ว่า)?",
                 r"(?:ช่วย|ขอให้|กรุณา|โปรด)จำ(?:นะ)?(?:ครับ|ค่ะ|คะ)?\s?ว่า", r"อย่าลืมว่า")
_LEAD = "(?:" + "|".join(REMEMBER_LEAD) + ")"
# a setting's name before whose it is (เขตเวลาของฉัน, timezone ของผม, time zone ของผม)
_SETTING_WORDS = r"(?:[^\s\d]{2,24}?|[A-Za-z]+(?: [A-Za-z]+)?\s?)"

LEXICON = Lexicon(
    lang="th",
    standing=(r"ต่อไป", r"ตั้งแต่นี้", r"ตั้งแต่วันนี้", r"แก้ ?preference", r"ตั้งโทน", r"ตั้งค่าให้ตอบ", r"จากนี้", r"คราวหน้า",
              r"ต่อจากนี้", r"หลังจากนี้", r"นับจากนี้", r"ทุกคำตอบ", r"ค่าเริ่มต้น", r"by default", r"from now on",
              r"ครั้งต่อๆ ?ไป",
              # a setting stated as one, or a scope over all the user's work
              r"preference ?ของ" + _ME, r"ภาษาหลัก", r"เป็น ?default", r"ใช้(กับ|ได้กับ)ทุก ?(งาน|repo|โปรเจ|เรื่อง|ที่)"),
    lasting=(_ME + r"(ไม่)?ชอบ", r"เป็นคน(ขี้|ชอบ|ไม่ชอบ|อ่าน)"),
    # moved to live (ย้ายมาอยู่) is settled; moved to work or study (ย้ายมาทำงาน) is a long-term scope below
    settled=(r"ย้าย(มา|ไป)อยู่", r"อยู่.{0,30}ถาวร", _ME + r"อยู่", r"ชื่อเล่น",
             r"(เขตเวลา|timezone|time zone|ไทม์โซน)\s?(ของ)?\s?" + _ME + r"\s?(คือ|เป็น)",
             r"เรียก(" + _ME + r")?(ว่า)?\S{1,8}(ได้เลย|เฉยๆ)"),
    habitual=(r"จำไว้(ด้วย)?(นะ)?(ครับ|ค่ะ)?\W*$", r"เสมอ", r"ทุกครั้ง", r"ตลอด", r"ทุกที", r"เป็นปกติ", r"ทุกรอบ", r"ไม่ว่าจะ"),
    # a long-term scope said as such (ถาวร), or a move to work or study somewhere (ย้ายมาทำงานที่…: lasting,
    # but not where the user lives): captured, staged
    long_term=(r"ถาวร", r"ย้าย(มา|ไป)(ทำงาน|เรียน)"),
    # the user's own thing named before them ("จำไว้ว่าเลขทะเบียนรถของฉันคือ…", "remember that my plate is…"):
    # a Thai possessive follows its noun
    remember_self=(_LEAD + r"\s?" + _ME, _LEAD + r"\s?" + _SETTING_WORDS + r"ของ\s?" + _ME,
                   _LEAD + r"\s?" + _SETTING_WORDS + _ME + r"\s?(คือ|เป็น)"),
    forget=(r"ลืม(เรื่อง)?(ที่|ชื่อ)", r"ลืมไปเลย", r"ลืมไปได้", r"เลิกเรียก", r"เลิกทำตามที่", r"ยกเลิก(เรื่อง|ที่|การ|กฎ)",
            r"ไม่ต้องเรียก" + _ME + r"ว่า", r"ลบ ?preference", r"ไม่ต้องจำ", r"ลบ(เรื่อง|ที่)" + _ME + r"?(เคย)?บอก",
            r"ที่(เคย)?บอกไป.{0,20}(ยกเลิก|ไม่ต้อง|ลืม|ลบ)", r"เลิก(ใช้|ตอบ|ทำ)(ตาม|แบบที่)",
            r"forget(?!\s*\()", r"เลิกจำ", r"ลบ.{0,30}ที่(เคย)?บอก",
            # "…ไม่ต้องแล้วนะ" lets a rule go — but "ต่อไปไม่ต้อง…แล้ว" sets a new one
            r"^(?!.*(ต่อไป|ตั้งแต่|จากนี้|หลังจากนี้)).*ไม่ต้อง\S{0,12}แล้ว",
            _REMOVAL + r".{0,40}" + _BACK_REF, _BACK_REF + r".{0,40}" + _REMOVAL,
            # a request to forget a thing of the user's (ลืมเบอร์โทรผมไปได้เลย, ช่วยลืมว่า…); "ผมลืม…ไปเลย"
            # (the user forgot) is none
            r"(^\W*|ช่วย|ขอให้|กรุณา|โปรด)ลืม.{0,30}(ผม|ฉัน|หนู|ดิฉัน)",
            r"(?<!ผม)(?<!ฉัน)(?<!เรา)(?<!หนู)(?<!เขา)(?<!พี่)ลืม.{1,30}(ผม|ฉัน|หนู|ดิฉัน).{0,30}ไป(ได้)?(เลย|เถอะ|นะ)",
            FORGET_THING),
    # the speaker's own forgetting: "ลืมไปเลยว่าเคยบอก…" (I'd totally forgot that I told you…), "ผมลืมที่ตั้งค่าไว้…";
    # "ลืมไปได้เลยว่า…", "ช่วยลืมว่า…" and "ชื่อผมลืมไปได้เลย" (forget my name) ask the agent
    # the speaker's report of a thing they removed ("bucket เก่าที่เคยบอกไว้ ผมลบไปแล้วเมื่อคืน"); "ผมขอให้ลบ…",
    # "เราลบ…ได้แล้ว" (we may delete it now) are none
    removed_self=(r"(?<!ให้)(ผม|ฉัน|เรา|หนู|ดิฉัน|กู)(?!อยาก|จะ|ขอ|ว่า)[^\n]{0,12}?ลบ[^\n]{0,30}?(?<!ได้)แล้ว"
                  r"(?!\s*(ก็ได้|ได้|กัน|หรือ|ใช่))",),
    forgot_self=(r"(?<!ช่วย)(?<!ขอให้)(?<!กรุณา)(?<!โปรด)ลืมไป(เลย|แล้ว|หมด|สนิท)+ว่า", r"ลืมสนิท",
                 _ME + r"(เอง)?(ก็)?(เกือบ|ดัน|เผลอ)?(จะ)?ลืม(?![^\s,.!?]{0,30}(ไปได้|ได้เลย|ไปเถอะ|ไปเลยนะ))"),
    back_ref=(_BACK_REF,),
    about_memory=(r"ลืม|จำ|เรียก(ผม|ฉัน|หนู|เรา|พี่|ชั้น)|ที่(เคย)?(บอก|ให้|ขอ)|preference|ตั้งค่า|กฎ|" + _BACK_REF,),
    confirm=(
             # a yes at the head of a short answer (a few words), with nothing after it that narrows or turns it
             r"^(?=.{0,24}$)\W*(ใช่|ได้|โอเค|ok|จัดไป|ตกลง)(?!.*(แต่|แค่|เฉพาะ|ครั้งนี้|ไม่))",
             r"^\W*(ใช่|ได้|โอเค|ok|อื้อ|อือ|อืม|เออ|จ้า)\S{0,6}\s*(จำไว้|จำเลย|จำด้วย|จำไป|บันทึก|เก็บไว้|จดไว้)",
             r"^\W*จำ(ไว้|ไป)เลย", r"^\W*(ใช่|ได้|โอเค|ok|อื้อ|อือ|อืม|เออ|จ้า)(ครับ|ค่ะ|เลย|ๆ)?\W*$"),
    decline=(r"^\W*(ไม่ต้อง|ไม่เอา|ไม่ล่ะ)",),
    # a relative or friend of the user's ("พี่สาวผมอยู่เชียงใหม่", my sister lives in Chiang Mai): "ผมอยู่"
    # inside it is not the user living there
    not_mine=(r"(พี่สาว|พี่ชาย|น้องสาว|น้องชาย|แม่|พ่อ|แฟน|เพื่อน|ลูก(สาว|ชาย)?|ภรรยา|สามี|หลาน|ป้า|ลุง|ปู่|ย่า|ยาย)"
              r"(ของ)?" + _ME + r"(อยู่|ทำงาน|เป็น|ชื่อ|ชอบ|ย้าย)",
              r"ทีมตกลง", r"ทีม(เรา)?(ตัดสินใจ|ตกลง|จะใช้)", r"ลูกค้า", r"หัวหน้า", r"ข้อนี้", r"อันนี้จะ", r"ระบบ",
              r"แอป", r"locale", r"ตอนนี้ตั้ง", r"จำไม่ได้", r"อย่าลืม",
              r"จะจำ.{0,10}(มั้ย|ไหม)", r"ภาษาอะไร", r"แปล", r"บริษัท", r"โปรเจ[คก]", r"project", r"รอบนี้",
              r"ครั้งนี้", r"เฉพาะ(อัน|ข้อ|ครั้ง|รอบ)", r"(แม่|พ่อ|แฟน|เพื่อน|บอส)(เรา|ผม)?(ชอบ|อยาก)",
              r"เตือน" + _ME, r"ให้(เขา|น้อง)(หน่อย|ด้วย|นะ|อ่าน)",
              r"ช่วยจำว่า (API|server|db)", r"อะไรนะ", r"(ตั้ง|เคยบอก)ไว้(ว่า)?อะไร"),
    hypothetical=(r"ถ้า" + _ME + r"บอก", r"สมมติ|สมมุติ"),
    request=(r"ได้ไหม", r"ได้มั้ย", r"ได้ป่?า?ว", r"ได้ปะ", r"หน่อย", r"ทำไม(ถึง)?ตอบ", r"^\W*(ภาษา)?\S{2,8}(ค่ะ|ครับ|นะ)\W*$",
             r"^\W*(พิมพ์|ตอบ|เขียน|ขอ)", r"ไม่ต้อง.{0,20}ก็ได้"),
    complaint=(r"ยาวไป", r"ยาวมาก", r"ยาวเหมือนเดิม", r"สั้นกว่านี้", r"สั้นๆ ?ให้หน่อย", r"ได้ไหม", r"ได้มั้ย", r"ได้ป่ะ",
               r"ได้ปะ", r"ไม่ต้องใส่ ?emoji", r"อธิบายแบบง่าย", r"ทางการไป", r"ยาวจัง", r"ยาวเกิน", r"สั้นลง",
               r"ขอสั้นๆ", r"หน่อยได้", r"ไม่ต้องสุภาพ", r"ง่ายๆ", r"เยอะไป", r"รู้แล้ว", r"งง"),
    self_fact=(_ME + r"แพ้", r"แพ้(กุ้ง|ถั่ว|นม|อาหารทะเล|ปู)", _ME + r"(กินมังสวิรัติ|กินเจ|ตาบอดสี|นับถืออิสลาม|กินฮาลาล"
               r"|หูหนวก|หูตึง|สายตาสั้นมาก)"),
    expertise_high=(r"มา ?\d+ ?ปี", r"มา ?(หนึ่ง|สอง|สาม|สี่|ห้า|หก|เจ็ด|แปด|เก้า|สิบ|หลาย|กว่า|\d)+ ?ปี",
                    r"ข้ามพื้นฐาน", r"รู้อยู่แล้ว", r"ไม่ต้องอธิบาย", r"ซีเนียร์|senior",
                    r"เชี่ยวชาญ", r"ชำนาญ", r"คล่อง", r"ไม่ต้องสอนพื้นฐาน"),
    expertise_low=(r"ไม่ได้เป็นโปรแกรมเมอร์", r"อ่อนมาก", r"เพิ่งหัด",
                   r"ไม่รู้เรื่อง", r"ไม่ค่อยเข้าใจ", r"มือใหม่", r"คนไม่รู้", r"ไม่เคย(ใช้|เขียน|ทำ)",
                   r"เพิ่งเริ่ม", r"ไม่เก่ง"),
    expertise_known=(r"รู้อยู่แล้ว", r"รู้แล้ว", r"เข้าใจอยู่แล้ว"),
    pitch=(r"ข้ามพื้นฐาน", r"ไม่ต้อง(อธิบาย|สอน)", r"อธิบาย.{0,20}(ละเอียด|ทีละ|ง่ายๆ|แบบไม่)", r"ให้เหมือนคุยกับคน"),
    agent_rule=(r"ถาม" + _ME + r"ก่อน", r"ห้าม", r"ให้ใช้", r"อย่า\s?(รัน|ลบ|push|commit|ใช้|ใส่)", r"ให้เขียน",
                r"ให้ใส่", r"ให้(เช็ค|ตรวจ|ยืนยัน)", r"ขอให้", r"ต้อง(ถาม|บอก|ใส่|ใช้)"),
    keys=(
        ("response.language", r"(ตอบ|เขียน|คุย|พิมพ์)(เป็น|ด้วย)?\s?(ภาษา)?(ไทย|อังกฤษ|English|eng|จีน|ญี่ปุ่น)", "{4}"),
        ("response.language", r"ภาษาหลัก.{0,30}คือ\s?(ภาษา)?(ไทย|อังกฤษ|จีน|ญี่ปุ่น)", "{2}"),
        ("response.language", r"ภาษา(ไทย|อังกฤษ)", "{1}"),
        ("response.format.default", r"(?<![a-z])bullet|ข้อๆ|เป็นข้อ", "bullets"),
        ("response.format.default", r"ตาราง", "table"),
        ("response.format.default", r"(ขอ|เอา)(แต่)?โค้ดอย่างเดียว|เอาแต่โค้ด", "code only"),
        ("response.format.default", r"สรุปก่อน|ขึ้นต้นด้วย(คำตอบ|ข้อสรุป)", "conclusion first"),
        ("response.format.default", r"(?<![a-z])diff(?![a-z])", "diff"),
        ("response.format.default", r"รูปแบบ(การ)?(ตอบ|คำตอบ)|(?<![a-z])format ?(การตอบ|คำตอบ)", ""),
        ("response.tone", r"emoji|อีโมจิ|อิโมจิ", "no emojis"),
        ("response.tone", r"แบบตรงๆ|ห้วนๆ|ไม่ต้องเกริ่น|ไม่อ้อมค้อม", "direct"),
        ("response.tone", r"กันเอง|แบบเพื่อน|ไม่ต้องทางการ", "casual"),
        ("response.tone", r"ทางการ|สุภาพ", "professional-friendly"),
        ("response.tone", r"โทน", ""),
        ("response.length", r"สั้น|ยาวไป|ยาวมาก|ยาวจัง|ยาวเกิน|กระชับ|เยอะไป", "short"),
        ("response.length", r"ละเอียด", "detailed"),
        ("response.length", r"ความยาว(ของ)?(คำตอบ|การตอบ)", ""),
        # a name ends at a space, at the end, or at a particle or softener after it (_NAME_END): "เรียกผมว่า
        # เจได้เลยครับ" is เจ, "…เอกจ้า", "…มายละกันค่ะ" เอก, มาย; a name is two letters or more, so one
        # that ends in a particle's letters (ชนะ) keeps them. What to call the user (เรียกผมว่า…, ชื่อเล่น…)
        # comes before the name stated (ผมชื่อ…): "ผมชื่อสมชาย เรียกผมว่าชายก็ได้" is ชาย (`full_name` keeps สมชาย)
        # "ช่วยเรียกผมว่า พี่ต้น นะครับ": a space may follow ว่า
        ("user.name", r"เรียก" + _ME + r"ว่า\s?(\S{2,}?)(?=\s|" + _NAME_END + r"|$)", "{2}"),
        ("user.name", r"ชื่อเล่น(?:ของ)?" + _ME + r"?(?:คือ|ว่า)?\s?'?([^\s']{2,}?)'?(?=\s|" + _NAME_END + r"|$)", "{2}"),
        ("user.name", r"เรียก(ว่า)?(\S{2,8}?)\s?(?=" + _NAME_END + r")", "{2}"),
        ("user.name", _ME + r"ชื่อ(?:คือ|ว่า)?\s?(\S{2,}?)(?=\s|เรียก|" + _NAME_END + r"|$)", "{2}"),
        ("user.name", r"ชื่อ(?:ของ)?" + _ME + r"(?:คือ|ว่า)\s?'?([^\s']{2,}?)'?(?=\s|" + _NAME_END + r"|$)", "{2}"),
        ("user.name", r"(ชื่อเล่น|เรียก" + _ME + r"|ชื่อ" + _ME + ")", ""),
        ("user.timezone", r"(?-i:(?<![A-Za-z])([A-Z][a-z]+/[A-Z][a-zA-Z_]+))", "{1}"),
        # the bare word names the key, not a zone: Bangkok only when the words say Thai time
        ("user.timezone", r"เวลาไทย|UTC ?\+ ?7|GMT ?\+ ?7|(?-i:(?<![A-Za-z])ICT(?![A-Za-z]))|timezone ?(ไทย|กรุงเทพ)",
         "Asia/Bangkok"),
        # the setting named, then the place ("เขตเวลาของฉันคือกรุงเทพ", "timezone ผมเป็นโตเกียว")
        ("user.timezone", r"(?:timezone|time zone|ไทม์โซน|เขตเวลา)\S{0,8}\s?(?:ของ)?\s?" + _ME + r"?\s?(?:คือ|เป็น)\s?"
         r"(?:เวลา)?(กรุงเทพมหานคร|กรุงเทพฯ|กรุงเทพ|ญี่ปุ่น|โตเกียว|เยอรมัน|ลอนดอน|สิงคโปร์|ไต้หวัน|เมลเบิร์น|ซิดนีย์|โซล|ปารีส"
         r"|นิวยอร์ก|เชียงใหม่)", "{2}"),
        ("user.timezone", r"timezone|time zone|เขตเวลา", ""),
        ("user.timezone", r"(อยู่|ย้ายไป)(ญี่ปุ่น|โตเกียว|เยอรมัน|ลอนดอน|สิงคโปร์|ไต้หวัน|อเมริกา)", "{2}"),
        ("user.timezone", r"ย้าย(มา|ไป)(อยู่|ทำงาน|เรียน)?(ที่)?\s?(ญี่ปุ่น|โตเกียว|เยอรมัน|ลอนดอน|สิงคโปร์|ไต้หวัน|เมลเบิร์น"
         r"|ซิดนีย์|โซล|ปารีส|นิวยอร์ก|เชียงใหม่)", "{4}"),
        ("user.timezone", r"(?-i:(ย้ายมาอยู่|ย้ายไปอยู่|อยู่ที่|อยู่)\s?([A-Z][a-z]+|เมลเบิร์น|ซิดนีย์|โซล|ปารีส|นิวยอร์ก|เชียงใหม่))",
         "{2}"),
        ("user.timezone", r"เวลา(ญี่ปุ่น|สิงคโปร์|ไต้หวัน)", "{1}"),
    ),
    topics=((r"devops|docker", "devops"), (r"(?<![a-z])ml(?![a-z])|machine learning|แมชชีนเลิร์นนิง", "ml"),
            (r"postgres", "postgres"), (r"react|frontend|ฟรอนต์", "frontend"), (r"k8s|kubernetes", "kubernetes"),
            (r"ios|swift", "ios"), (r"android|kotlin", "android"), (r"python|ไพธอน", "python"),
            (r"(?<![a-z])sql(?![a-z])", "sql"), (r"spark|airflow", "data-engineering"),
            (r"flutter", "flutter"), (r"backend|แบ็กเอนด์", "backend"), (r"สถิติ", "statistics"),
            (r"โค้ด|โปรแกรม|code|เขียนโปรแกรม", "programming")),
    session_scope=(r"(เฉพาะ|แค่|ใน|สำหรับ)(ใน)?(แชท|บทสนทนา|เซสชัน|เซสชั่น|session|chat|การคุย)(นี้|รอบนี้)",
                   r"(แชท|บทสนทนา|เซสชัน|เซสชั่น|session|chat)นี้(เท่านั้น|อย่างเดียว)", r"เฉพาะงานนี้"),
    beyond_session=(r"ไม่ใช่(?:แค่|เฉพาะ)\s*(?:ใน|สำหรับ)?\s*(?:แชท|บทสนทนา|เซสชัน|งาน)นี้",),
    turn=(r"แต่|ส่วน(?:ผม|ฉัน|ดิฉัน|หนู|เรา)",),
    relation=(_KIN + r"(ของ)?" + _ME, _KIN + r"ของ(?!" + _ME + r")\S"),
    narrow=(r"แต่", r"แค่", r"เฉพาะ", r"เท่านั้น", r"อย่างเดียว", r"นะ", r"ครับ", r"ค่ะ", r"คะ", r"จ้า"),
    remember_lead=REMEMBER_LEAD,
    full_name=(_ME + r"ชื่อ(?:จริง)?(?:คือ|ว่า)?\s?(?P<name>\S{2,}?)(?=\s|เรียก|" + _NAME_END + r"|$)",
               r"^\W*ชื่อ(?:จริง)?(?:คือ|ว่า)?\s?(?P<name>(?!เล่น)\S{2,}?)(?=\s|เรียก|" + _NAME_END + r"|$)"),
    bounded=((r"(?:จนถึง|ถึง|จนกว่าจะถึง)\s?(?:วัน)?(จันทร์|อังคาร|พุธ|พฤหัส|ศุกร์|เสาร์|อาทิตย์)", "until:{1}"),
             (r"(?<!ตั้งแต่)(?<!จาก)(?:วันนี้|คืนนี้)(?!เป็นต้นไป|ไป)", "today"),
             (r"สัปดาห์นี้|อาทิตย์นี้", "week"), (r"ช่วงนี้|ชั่วคราว", "session")),
)
