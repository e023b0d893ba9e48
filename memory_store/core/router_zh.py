"""Chinese lexicon (simplified and traditional) of the transcript router
(memory_store/core/router_lexicon.py gives the fields). No word boundaries in Chinese patterns."""
from memory_store.core.router_lexicon import Lexicon

# a forget by structure: a word that drops something, near a pointer back to a thing the agent keeps
# (那个…, 之前说要…, …设置, 昵称那个)
_REMOVAL = r"(删|刪|取消|作废|作廢|清空|清掉|清除|撤掉|撤销|撤銷|拿掉|去掉|不要了|不用了)"
_BACK_REF = (r"(那个|那個|那条|那條|之前(说|說|讲|講|要|让|讓)|上次(说|說|要)|设置|設置|设定|設定|偏好"
             r"|昵称|暱稱|称呼|稱呼"
             # a thing the user had the agent remember, named by its topic (老王的事, 合同那件事, 让你记住的)
             r"|((那|这|這)件|的)事(?=\s*(就|也|你)?(不用|不要|别|別|忘|作废|作廢|取消|算了))|(让|讓|叫)你(记|記)"
             # a procedure the agent keeps, named by its kind (发布流程, 部署的步骤)
             r"|流程|步骤|步驟)")

# a request to forget a thing named bare, not the user's nor a rule ("忘掉办公室的wifi名字", "请忘记…"; not
# "忘记提交了", the speaker's own): perhaps what a Remember entry keeps, perhaps the work (router.py routes
# it for review)
FORGET_THING = (r"((^\W*|[，,。！!；;]\s*)(你)?忘掉|(请|請|麻烦|麻煩|帮我|幫我)(你)?(忘掉|忘记|忘記))(一下)?"
                r"(?![我之上那这這])(?=\S)")


# a person (or a pet) by their tie to someone (我妹妹, 小美的老公, 我的猫): `relation`
_KIN = (r"(妹妹|弟弟|姐姐|哥哥|妈妈|媽媽|爸爸|母亲|母親|父亲|父親|老婆|老公|妻子|丈夫|太太|女朋友|男朋友"
        r"|儿子|兒子|女儿|女兒|孩子|朋友|老板|老闆|同事|爷爷|爺爺|奶奶|外婆|外公|叔叔|阿姨|舅舅|表哥|表姐|表妹|表弟|室友|邻居|鄰居|猫|貓|狗|宠物|寵物|妈|媽|爸|妹|姐|哥|弟)")

# the words that ask the agent to keep what follows (`remember_lead`: 记住…, 请记住…, 记一下…, 记下…, 别忘了…)
REMEMBER_LEAD = (r"(?:请|請|帮我|幫我|麻烦|麻煩)?你?(?:记住|記住|记得|記得|记一下|記一下|记下|記下|别忘了|別忘了)",)

# a name after 叫我 / 我叫, ending at a particle or softener after it (叫我老陈好了, …啊, …哦, …就行): never part of it
_NAME = (r"\s?([\u4e00-\u9fff]{1,3}[A-Za-z][\w'’-]*?|[\u4e00-\u9fff]{1,4}?|[A-Za-z][\w'’-]*?)"
         r"(?=[，,。！!？?；; ]|就|行|吧|啊|呀|哦|噢|喔|啦|嘛|呢|哈|了|好了|好啦|便是|即可|可以|谢谢|謝謝|$)")

LEXICON = Lexicon(
    lang="zh",
    standing=(r"以后", r"以後", r"今后", r"今後", r"默认", r"默認", r"改一下", r"从现在开始", r"從現在開始",
              r"往后", r"往後", r"从今", r"從今", r"所有回答", r"所有回复", r"所有回覆", r"from now on",
              r"by default", r"偏好", r"下次(起|开始|開始)",
              # a setting stated as one, or a scope over all the user's work
              r"預設|预设", r"规矩|規矩", r"固定要求", r"(设置|設置|设定|設定)\s?[:：]",
              r"所有(项目|項目|仓库|倉庫|任务|任務)都"),
    lasting=(r"我(不|比较|比較|最)?(喜欢|喜歡|习惯|習慣|偏好|讨厌|討厭|受不了)",),
    settled=(r"我(人)?住在|我人在|定居", r"搬到|搬去", r"我叫", r"我的?(时区|時區)(是|为|為|[:：])",
             r"叫我(?![写寫做看改跑查去来來帮幫给給想要]).{1,4}(就好|就行|就可以)"),
    habitual=(r"(记一下|記一下|记住|記住|记下|記下)\W*$", r"之后|之後",
              r"每次", r"一直", r"凡是", r"总是", r"總是", r"永远", r"永遠", r"一律", r"每一次", r"都(用|别|別|不要)"),
    long_term=(r"长期|長期|永久",),
    remember_self=(r"(记住|記住|记得|記得|记一下|記一下|记下|記下)[，,: ：]?\s?我", r"你(要)?(记住|記住)我",
                   r"请(记住|記住)[，, ]?我"),
    forget=(r"(忘掉|忘了|忘记|忘記)(我)?(之前|上次|说的|說的|那条|那條)",
            # a thing named by its topic, then dropped ("老王的事忘了吧", "合同那件事就忘掉吧")
            r"(的|那件|这件|這件)事(就|你|也)?(忘掉|忘了|忘记|忘記)(吧|了|它)",
            r"(忘掉|忘记|忘記).{0,12}(那条|那條|偏好|设置|設定)",
            r"别再叫我", r"別再叫我", r"不要再叫我", r"取消", r"(删|刪)(了|掉)", r"可以(删|刪)", r"作废|作廢",
            r"不用(再)?(记|記)", r"(之前|上次)(说|說|讲|講)的.{0,20}(不用|不要|算了|作废|作廢|忘|删|刪|撤|拿掉)",
            r"(设定|設定|设置|設置|规则|規則|那条|那條|那个|那個|偏好).{0,6}(拿掉|撤掉|撤销|撤銷|去掉|忘掉|可以忘|不要了)",
            _BACK_REF + r"[^。！？?\n]{0,20}" + _REMOVAL,
            # a request to forget a thing of the user's (请忘记我的手机号, 忘掉我的名字吧, 請忘記…, 把我的生日忘了,
            # 不要再记我的生日, 别记我的手机号); "我忘了我的密码" (the user forgot) and 别忘了 are none
            r"(^\W*|[，,。！!；;]\s*|请|請|麻烦|麻煩|你可以|可以|帮我|幫我|就)(你)?(忘掉|忘记|忘記|忘了)(一下)?我(?![们們])",
            r"把我.{1,20}(忘掉|忘了|忘记|忘記)",
            r"(不要|别|別|不用|不必|无需|無需)(再)?(记|記)(住|着|著|下|得)?我(?![们們])", FORGET_THING),
    # the speaker's own forgetting ("我都忘了之前说的那条了，还好你记得"); "帮我忘掉…", "让我…" ask the agent
    forgot_self=(r"(?<![帮幫让讓请請替给給叫把])我(都|也|差点|差點|完全|居然|竟然|早就|早|还|還|真的?)?(忘了|忘记|忘記|忘掉)",),
    # the speaker's report of a thing they removed ("B2 那个 bucket 我昨晚已经删了", "我把旧分支删掉了"), or one
    # removed already ("那个 key 已经删除了"); "帮我删了吧", "我想把那条删了", "已经删了吗" are no report
    removed_self=(r"(?<![帮幫让讓请請替给給叫跟和把])我(?![们們])(?:(?![想要希得])[^，,。！？!?；;\n吧]){0,16}?"
                  r"(删|刪)(掉|除)?了(?![吧吗嗎呢])",
                  r"(已经|已經|已)(删|刪)(掉|除)?(了)?(?![吧吗嗎呢])"),
    back_ref=(_BACK_REF,),
    about_memory=(r"忘|记|記|叫(我|名字)|存的|存了|偏好|设置|設置|设定|設定|规则|規則|那条|那條|(说|說|讲|講)的|"
                  + _BACK_REF,),
    confirm=(
             # a yes at the head of a short answer (a few words), with nothing after it that narrows or turns it
             r"^(?=.{0,16}$)\W*(对|對|好|是|嗯|行|可以|没错|沒錯)(?!.*(但|只|这次|這次|不))",
             r"^\W*(对|對|好|是|嗯|行|可以)\W{0,2}\s*(记住|記住|记下|記下)",
             r"^\W*(对|對|好|好的|是的|嗯|行|可以)\W{0,2}\s*(存|保存|记|記)?(吧|下来|下來|一下|起来|起來)?\W*$"),
    decline=(r"^\W*(不用|不要|不了|算了|不是|别|別)",),
    not_mine=(r"团队|團隊|老板|老闆|领导|領導|客户|客戶|项目|項目|这条|這條|这次|這次|特例|公告|同事们|同事們|我们组|我們組|公司|"
              r"这封|這封|这篇|這篇|本次|仅此|僅此|只是这|只是這|我妈|我媽|我朋友|他喜欢|她喜欢|他喜歡|她喜歡",
              r"我(的)?同事|机器人|機器人|(给|給)(他|她)(的|那)|(他|她)(不)?(喜欢|喜歡)",
              r"我(老婆|老公|女朋友|男朋友|太太|先生|孩子|女儿|女兒|儿子|兒子|爸|媽|妈)",
              r"提醒我",
              r"(这个|這個|那个|那個) ?(API|接口|服务|服務|表|字段|欄位|仓库|倉庫|repo|回答|回复|回覆)",
              r"你还记得|你還記得|我设置的|我設定的|我之前设|我之前設",
              r"(?-i:(?<![A-Za-z])App(?![A-Za-z]))|应用|應用|小程序|(?<!我的)(默认语言|默認語言)",
              r"是什么|是什麼|什么语|什麼語",
              r"记得先|記得先|记得部署|記得部署|别忘了|別忘了", r"写一个|寫一個|函数|函數", r"润色|潤色|翻译|翻譯"),
    hypothetical=(r"如果|假如|假设|假設|要是我",),
    request=(r"能不能|可不可以|可以吗|可以嗎|请|請|麻烦|麻煩|怎么突然|怎麼突然|为什么用|為什麼用|为啥|為啥",
             r"(中文|英文|繁体|繁體|简体|簡體)(啊|吧|呀|嘛)"),
    complaint=(r"太长|太長|简短一点|簡短一點|短一点|短一點|说重点|說重點|太啰嗦|太囉嗦|啰嗦|囉嗦", r"能不能用",
               r"别这么客气|別這麼客氣|别那么正式|別那麼正式|不用这么正式|不用這麼正式", r"我懂|我知道.{0,6}是什么",
               r"简单点|簡單點|通俗|太多了", r"(用|说|說)(中文|英文)(吧|好吗|好嗎|可以吗|可以嗎)",
               r"可以吗|可以嗎|行吗|行嗎"),
    self_fact=(r"我(有|是)?(吃素|是素食|素食|不喝酒|不吃(猪肉|豬肉|牛肉|辣)|色盲|色弱|过敏|過敏|有(聽障|听障|視障|视障)|是穆斯林|吃清真)",
               r"我对.{1,6}过敏|我對.{1,6}過敏"),
    expertise_high=(r"资深|資深|(写|寫|做|用)了?\s?\S{0,12}?\s?[一二三四五六七八九十几幾两兩\d]+年",
                    r"我懂|做推荐|不用解释|不用解釋|不需要解释",
                    r"很熟|精通", r"不用(跟我)?(解释|解釋|从头讲|從頭講)"),
    expertise_low=(r"(完全)?不懂", r"新手|小白|零基础|零基礎|没学过|沒學過|不太会|不太會", r"很弱"),
    expertise_known=(r"我懂|我知道",),
    pitch=(r"不用(跟我)?(解释|解釋|从头讲|從頭講|从头|從頭)", r"一步一步", r"白话|白話", r"按新手",
           r"基础的东西|基礎的東西"),
    agent_rule=(r"(先|要)(把|给|給).{0,12}(看|确认|確認)", r"不要加|别加|別加", r"(问|問)我", r"确认|確認",
                r"不要(直接)?(执行|執行|删|刪|push)", r"(一律|都)(不要|别|別|用)", r"不要(带|帶|用|加)"),
    keys=(
        ("response.language", r"(语言|語言).{0,6}(是|用|:|：)\s?"
         r"(简体中文|簡體中文|繁体中文|繁體中文|中文|英文|简体|簡體)",
         "{3}"),
        ("response.language", r"(繁体|繁體)", "zh-Hant"),
        ("response.language", r"(中文|英文)(?=啊|吧|呀|嘛|!|！)", "{1}"),     # the one asked for, not complained of
        ("response.language", r"(用|说|說|讲|講|回答|回复|回覆)(中文|简体|簡體)", "zh-Hans"),
        ("response.language", r"(用|说|說)(英文|英语|英語|English)", "en"),
        ("response.language", r"(reply|answer|respond)\w* in (english|chinese)", "{2}"),
        ("response.format.default", r"列表|要点|要點|条列|條列|(?<![a-z])bullet", "bullets"),
        ("response.format.default", r"表格", "table"),
        ("response.format.default", r"只(要|给|給)(代码|代碼|程式码|程式碼)|(代码|代碼)就好", "code only"),
        ("response.format.default", r"(先|要先)(给|給|说|說|讲|講|一句)?(结论|結論)|(结论|結論)(先行|在前)",
         "conclusion first"),
        ("response.format.default", r"(?<![a-z])diff(?![a-z])", "diff"),
        ("response.format.default", r"(回答|回覆|回复|預設|预设|默认|默認|那个|那個)的?格式", ""),
        ("response.tone", r"表情|emoji", "no emojis"),
        ("response.tone", r"直接点|直接點|别绕弯子|別繞彎子|不要客套", "direct"),
        ("response.tone", r"随意|隨意|客气|客氣", "casual"),
        ("response.tone", r"正式(一点|一點|些)", "professional-friendly"),
        ("response.tone", r"语气|語氣|官方|正式", ""),
        ("response.length", r"简短|簡短|太长|太長|简洁|簡潔|说重点|說重點|短一|啰嗦|囉嗦", "short"),
        ("response.length", r"详细|詳細|长一点|長一點|(别|別|不要)(帮我)?省略", "detailed"),
        ("response.length", r"(回答|回复|回覆|預設|预设|默认|默認)的?(长度|長度)", ""),
        # a Latin name may be set off by spaces and run long ("以后叫我 Mary Ann 就好")
        # the name ends at a particle or softener after it (叫我老陈好了, …啊, …哦, …就行): never part of it
        # what to call the user (叫我…) comes before the name stated (我叫…): "我叫王小明，叫我小明就行" is 小明
        # (`full_name` keeps 王小明)
        ("user.name", r"叫我(?![写寫做看改跑查去来來帮幫给給想要])" + _NAME, "{1}"),
        ("user.name", r"我叫(?![写寫做看改跑查去来來帮幫给給想要])" + _NAME, "{1}"),
        ("user.name", r"叫我|称呼|稱呼|我的名字|我存的名字", ""),
        # the nickname is what the user is called: 忘掉我的昵称 drops user.name (as ชื่อเล่น, "nickname")
        ("user.name", r"昵称|暱稱|昵稱|暱称|小名|外号|外號|绰号|綽號", ""),
        ("user.timezone", r"(?-i:(?<![A-Za-z])([A-Z][a-z]+/[A-Z][a-zA-Z_]+))", "{1}"),
        ("user.timezone", r"我(人)?(\S{0,3}?)在(台北|北京|上海|香港|东京|東京|新加坡|曼谷|柏林|伦敦|倫敦"
         r"|温哥华|溫哥華|多伦多|多倫多|纽约|紐約|西雅图|西雅圖|旧金山|舊金山"
         r"|悉尼|雪梨|墨尔本|墨爾本|首尔|首爾|巴黎|深圳|广州|廣州|杭州|成都)", "{3}"),
        ("user.timezone", r"(台北|北京|上海|香港|东京|東京)(时间|時間)", "{1}"),
        ("user.timezone", r"(?:时区|時區)(?:是|为|為|[:：])\s?(台北|北京|上海|香港|东京|東京|新加坡|曼谷|柏林|伦敦"
         r"|倫敦|温哥华|溫哥華|多伦多|多倫多|纽约|紐約|西雅图|西雅圖|旧金山|舊金山|悉尼|雪梨|墨尔本|墨爾本|首尔|首爾"
         r"|巴黎)", "{1}"),
        ("user.timezone", r"时区|時區|UTC\s?[+-]\d+", ""),
    ),
    topics=((r"前端|React|react", "frontend"), (r"iOS|Swift|ios", "ios"),
            (r"推荐算法|推薦算法|梯度|机器学习|機器學習|\bML\b", "ml"), (r"数据库|資料庫|SQL", "sql"),
            (r"后端|後端", "backend"), (r"k8s|Kubernetes", "kubernetes"), (r"Python|python", "python"),
            (r"安卓|Android|Kotlin", "android"), (r"Spark|Airflow|Flink|数据工程|數據工程", "data-engineering"),
            (r"运维|運維|DevOps", "devops"), (r"数学|數學", "math"), (r"财务|財務", "finance"),
            (r"统计|統計", "statistics"), (r"Postgres|PostgreSQL", "postgres"),
            (r"编程|程式|代码|代碼|写代码|寫代碼", "programming")),
    session_scope=(r"(这次|這次|本次|这个|這個|这轮|這輪|当前|當前)(的)?(对话|對話|会话|會話|聊天)",
                   r"(对话|對話|会话|會話|聊天)(里|裡|中)(先)?(就)?(只|临时|臨時)",
                   r"(这个|這個)(任务|任務)(里|裡|中)"),
    beyond_session=(r"不(?:只|仅|僅|光)(?:是|在)?(?:这次|這次|本次|这个|這個)?(?:对话|對話|会话|會話|聊天|任务|任務)",),
    turn=(r"但是?|可是|而我|不过",),
    relation=(r"我(的)?" + _KIN, r"[\u4e00-\u9fffA-Za-z]{1,4}的" + _KIN),
    narrow=(r"但是?", r"不过|不過", r"只(限|在)?", r"仅|僅", r"就", r"里|裡|中", r"吧|哦|啊|呀"),
    remember_lead=REMEMBER_LEAD,
    full_name=(r"我叫(?P<name>[\u4e00-\u9fff]{2,4}?|[A-Za-z][\w'’ -]*?)(?=[，,。！!？?；;]|$)",
               r"我的名字(?:是|叫)\s?(?P<name>[\u4e00-\u9fff]{2,4}?|[A-Za-z][\w'’ -]*?)(?=[，,。！!？?；;]|$)"),
    bounded=((r"(?:到|直到)(?:这|這|本)?(?:周|週|星期|礼拜|禮拜)([一二三四五六日天])", "until:{1}"),
             (r"(?<![从從自])(?:今天|今晚)(?!开始|開始|起)", "today"),
             (r"这周|這週|这个星期|這個星期|本周|本週|这礼拜|這禮拜", "week"),
             (r"这几天|這幾天|这两天|這兩天|暂时|暫時", "session")),
)
