"""Chinese (simplified) phrases of the rule extractor: one `Lexicon` (fields: `model.py`)."""
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
        # "让你记住的那个", "之前记下的": a pointer back to what was kept before, not a new remember
        r"记住(?!的)", r"别忘了", r"不要忘记", r"记得(?!吗)(?=.{0,4}[:：,，]|以后)",
        r"记一下", r"记下(?!的|来的)", r"备忘", r"记好(?!的)",
    ),
    preference=(
        r"我(?:比较|更)?喜欢", r"我不喜欢", r"我偏好",
        r"用(?:中文|英文|泰文|繁体|简体)回答", r"回答(?:简短|短一点)",
    ),
    procedure=(
        r"(?:按|照|按照)(?:以下|下面|这个|这些|如下)的?(?:步骤|流程|顺序)",
        r"(?:每次|每当)[^：:\n？?]{1,20}[：:]",
        r"(?:照|按)这个(?:流程|顺序|步骤)?(?:来|做)",
        r"(?:这么|这样|如下)(?:处理|做|办|操作|来)(?=\s*[:：\n])",
        r"步骤[是：:]", r"流程[是：:]", r"(?:流程|步骤)[^\n？?]{0,6}[：:]", r"(?:流程|步骤)记", r"的步骤", r"操作流程",
    ),
    step=(
        r"然后", r"再", r"最后", r"接着", r"接著", r"先",
    ),
    constraint=(
        r"不要再", r"不要(?!忘)", r"不能", r"不得", r"不准", r"不许", r"禁止", r"(?<![级区特分类个告识辨性差鉴组])别(?!忘|人|处|的)", r"上限",
        r"不超过", r"不可以", r"严禁", r"限流", r"预算", r"必须留",
        r"尽量避免", r"避免(?:使用|用)", r"固定(?:在|为|用)",
        # a cap per unit ("每个会员每天最多推 2 条", "每个服务最多只能跑 20 个")
        r"每[^，。,；;？?\s]{0,12}最多",
    ),
    rule=(
        r"(?:定为|当作|作为)(?:规矩|规则)",
        # a labelled rule, as "rule: …": "规则：所有 PR 都需要两个人审批", "我们定个规矩：周五不部署"
        r"(?:^|[，,。\s])(?:规则|规矩|规定)\s?[:：]", r"(?:定|立)(?:个|一个|条|一条)(?:规矩|规则)\s?[:：]",
        r"以后(?!的)", r"今后", r"一律", r"每次都", r"都要", r"从现在开始", r"只用\s?[A-Za-z]",
        r"必须",
        # a thing's required form, "要" as "must" after the thing named: "发票要用简体中文" (not "我要用…", a wish or a
        # choice; not "要用到", "要用什么", nor "app 要用的新 API": what a thing is for)
        r"(?<![我你他她它们咱想还也就都])要用(?!到|什么|哪|吗|不|的|\s*[，,。；;！!？?]|\s*$)",
        # a rule's new value: "现在只需要一个 QA 签字就行" (not "现在只需要你帮我…": a task)
        r"现在(?:只|就)(?:需要|要)[^，。,；;？?\n你帮]{1,20}?(?:就(?:行|够|可以)|即可)",
        r"只(?:需要|要)[^，。,；;？?\n你帮]{0,8}?[一二两三四五六七八九十\d][^，。,；;？?\n你帮]{0,15}?(?:就(?:行|够|可以)|即可)",
    ),
    rule_weak=(
        r"统一",
    ),
    granted=(
        # "如果只改文档，可以跳过 review", "可以直接合并，但只限 hotfix": allowed, with its condition.
        r"(?:如果|只要)[^，,。；;？?\n]{1,30}[，,]\s?(?:就|也|都)?(?:可以|能)(?!吗|不)",
        r"可以[^，,。；;？?\n]{1,40}[，,]\s?(?:但|不过)(?:只|仅)(?:限|能|有|在|针对)",
    ),
    decision=(
        r"决定", r"定了", r"我们要(?:把|拆|迁|改|换|用)", r"就用", r"改用", r"改存", r"换成", r"换回", r"不再", r"放弃",
        r"先不", r"先继续", r"就这么办", r"那就(?!不用|算了)", r"选定", r"确定用",
        r"确定了?(?:不|要)?(?:用|改|换|搬|迁)", r"(?:全部|都|要|决定)(?:搬|迁)(?:移)?到", r"就?不(?:搞|做|考虑|引入)了",
        r"别用\s?\S+\s?了",
        # a return to an earlier choice ("改回周五发版", "切回 MySQL"); a standing schedule changed
        # ("改成每周一发版"; a bare "改成逐行输出" is a task on the code at hand)
        r"改回", r"切回(?!去看)", r"还是回到", r"^\W*(?:那|那就|还是|就)?改成(?:每|周[一二三四五六日天]|星期|礼拜)",
        # a standing time changed: "…六点太晚了，…改到五点半吧" (not "这次改到…": one occasion, `stance`)
        r"(?:^|[，,；;]\s*)[^，,。；;？?\s]{0,8}?(?:那|那就|还是|就)?改(?:成|到|为)\s?(?:每天|早上|上午|中午|下午|晚上|凌晨)?\s?[零〇一二两三四五六七八九十\d]{1,3}(?:点|[:：]\d{2})",
    ),
    decided=(
        r"(?:最后|最终|终于|已经|我们|我)决定", r"决定了",
    ),
    arch_explicit=(
        r"架构",
    ),
    arch_change=(
        r"拆", r"迁", r"改存", r"改用", r"换", r"合并", r"独立", r"自己的", r"存在", r"继续用",
    ),
    arch_component=(
        r"服务", r"数据库", r"资料库", r"数据存储", r"存储", r"储存", r"队列", r"伫列", r"单体",
        r"微服务", r"集群", r"丛集", r"网关", r"闸道",
    ),
)

HEDGES = Hedges(
    question_start=(),
    polite_request=(),
    question_anywhere=(
        r"要不要", r"是不是", r"会不会", r"能不能", r"有没有", r"该不该", r"好不好",
        r"行不行", r"对不对", r"怎么样(?=\W*$)", r"如何(?=\W*$)", r"吗(?=\W*$)", r"呢(?=\W*$)", r"么(?=\W*$)",
        r"就问问", r"只是问问", r"好奇问",
    ),
    hypothetical=(
        r"如果", r"要是", r"假如", r"假设", r"万一", r"倘若",
    ),
    uncertain=(
        r"不确定", r"还没想好", r"没想好", r"再说", r"再讨论",
        r"本来想", r"还没决定", r"也许", r"可能", r"先问问", r"考虑一下",
        r"不是定论", r"看看吧",
        # "部署的事我问一下 Tom 的预算": the answer is still to come (not "…，但是 X": what follows is sure)
        r"我(?:先|再|去|得)?问(?:一下|问)(?!.*(?:但是|不过|可是|但))",
    ),
    opinion=(
        r"我觉得", r"我认为", r"我感觉", r"好像", r"似乎",
    ),
    temporary=(
        r"先别", r"先不要", r"暂时", r"这次", r"目前先",
        r"^(?!.*(?:再|以后)).{0,8}?(?:别|不要)\S{0,8}(?:那个|这个)\S{0,8}\s*$",
    ),
    bug_report=(
        r"崩溃", r"报错", r"出错了", r"挂了", r"不工作", r"有 ?bug", r"闪退",
    ),
    event_complaint=(
        r"^\W*(?:这|那)(?:种|个|样)?(?:事|情况|问题)?(?:绝对)?(?:不应该|不该|不能|不可以)再?(?:发生|出现)",
        r"^\W*(?:绝对)?(?:不应该|不该|不能)再?(?:发生|出现)(?:这种|这样)",
    ),
    sarcasm=(
        r"开玩笑", r"呵呵", r"是哦", r"真棒", r"才怪",
    ),
    reported=(
        r"说", r"写着", r"写著", r"写道", r"发了", r"提到",
    ),
    past_mention=(
        r"(?:以前|之前|原来|原本|旧|老)的?(?:规定|规矩|规则|做法|政策)", r"老规矩",
        r"当初", r"那时", r"之前决定", r"曾经",
    ),
)

REPLIES = Replies(
    proposal=(
        r"建议", r"推荐", r"方案", r"倾向", r"可以(?:换|改|在|用)", r"要有\S*吗",
    ),
    choice_ask=(
        r"哪个", r"哪种", r"哪一", r"选哪", r"还是", r"倾向",
    ),
    task_offer=(
        r"要我", r"需要我", r"我先", r"要不我",
    ),
    accept=(
        r"^第[一二三四1-4]", r"^方案",
        r"^(?:好|行|可以|没问题|同意|就|对|嗯|选|用)", r"就这么办", r"就用", r"照你说的",
        # the suggestion said again, then agreed to: "grade 放进资料表，同意"
        r"[，,]\s*(?:同意|赞成)(?=\W|$)",
    ),
    reject=(
        r"^\W*(?:不行|不要|不用|算了吧|不好)",
    ),
    option_ref=(
        r"方案", r"选", r"第", r"用",
    ),
    option_line=(
        r"方案",
    ),
    why=(
        r"因为", r"由于", r"为了",
    ),
    impact=(
        r"所以", r"这意味着", r"这意味著", r"因此",
    ),
    supersedes=(
        r"不再", r"改用", r"换成", r"换回",
    ),
    lead_filler=(
        r"另外", r"还有", r"好", r"行", r"可以", r"那", r"算了", r"记住", r"别忘了", r"以后都", r"以后", r"定了", r"我们决定", r"决定了",
        r"(?:我们)?(?:(?:定|立)(?:个|一个|条|一条))?(?:规则|规矩|规定)(?=\s?[:：])",
    ),
    confirm=(
        r"^\W*(?:就这么定了|就这样定了|就这样吧)",
    ),
    neg_use=(
        r"(?:不要再|不再|别再|不要|别|不)\S{0,2}用",
    ),
    use=(
        r"用",
    ),
    continuation=(
        r"只能", r"只在", r"除非",
    ),
    finding=(
        r"发现",
    ),
    recommend_lead=(
        r"建议", r"推荐",
    ),
    adopt_as_proposed=(
        r"就这么办",
        r"就用这个",
    ),
    retract=(
        r"当我没说", r"算了(?!吧?[，,]?\s*\S{2,})", r"忽略我?刚才",
    ),
    alternatives=(
        r"还是", r"或者",
    ),
    refers_back=(
        r"这样", r"那样",
    ),
    announce=(),
    todo=(
        r"^\W*(?:待办|待办事项|以后再做|回头再说)\s*[:：-]",
    ),
    transaction=(
        r"\d\s?(?:元|块|円)", r"航班|机票|酒店|餐厅|订位",
    ),
)

COMPLAINTS = Complaints(
    frequency=(
        r"每次", r"每回",
    ),
    cost=(
        r"慢", r"卡", r"烦", r"浪费", r"受不了",
    ),
    frustration=(
        r"烦", r"麻烦", r"挂了", r"为啥", r"为什么", r"崩", r"头疼",
    ),
    consequence=(
        r"否则", r"不然",
    ),
    instruction=(
        r"必须", r"要", r"一定",
    ),
    replacing=(
        r"改成", r"改用", r"换成", r"改为",
    ),
    rule_named=(
        # "周五不许部署这个规定真烦", "这条规矩太麻烦了"; not a label ("规则：…")
        r"(?:这|那|這)(?:个|条|個|條)?(?:规定|规则|规矩|規定|規則|規矩)(?!\s*[:：])",
        r"(?:规定|规则|规矩|規定|規則|規矩)(?:真|太|好|有点|也太|实在)",
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
    tech=(),
    not_name=(),
)

STRUCTURE = Structure(
    movement=(
        r"把.{1,24}?(?:拆出|拆成|拆分|拆到|迁到|迁移到|迁去|挪到|搬到|合并到|并入|换成|放到|移到|丢进|放进|扔进)", r"拆出来", r"(?:迁移?|挪|搬|移)到",
        r"(?:单独|独立)(?:的|出来)?(?:服务|进程|worker|仓库|模块)",
    ),
    system_part=(
        r"服务", r"模块", r"搜索", r"支付", r"鉴权", r"认证", r"登录", r"通知", r"日志", r"队列", r"缓存", r"前端", r"后端",
        r"单体", r"数据库", r"存储", r"接口", r"网关", r"缩图",
    ),
    time_dest=(
        r"(?:到|去)(?:明天|下周|周[一二三四五六日]|星期|下个月|下午|上午)", r"会议", r"开会",
    ),
)

ANSWERS = Answers(
    fact_ask=(
        r"在哪", r"是哪(?:个|台|里|一)", r"是什么", r"叫什么",
    ),
    choosing=(
        r"用", r"要", r"好(?!的|了|啊)", r"建议", r"喜欢", r"打算",
    ),
    setup_ask=(
        r"集群|服务器|机器|区域|地域|环境|域名|账号",
    ),
    event_ask=(
        r"错误|报错|讯息|信息|输出|状态|日志|发生",
    ),
    refusal=(
        r"不知道", r"不清楚",
    ),
)

LISTS = Lists(
    rule_header=(
        # 以后的 is "later" (以后的计划).
        r"规矩", r"规则", r"规范", r"约定", r"守则", r"以后(?!的)", r"从现在开始",
    ),
)

FIELDS = Fields(
    leading_particles=(),
    bare_yes=(
        r"是的", r"对的", r"好的", r"对", r"是", r"好", r"嗯", r"没错", r"的",
    ),
)

CHOICES = Choices(
    lead=(
        r"好吧", r"好的", r"好", r"行", r"可以", r"那就", r"那", r"就用", r"就", r"用", r"选", r"嗯", r"对",
    ),
    tail=(
        r"吧", r"了", r"啊", r"呀",
    ),
    not_a_choice=(),
    ordinal=(
        r"第([一二两三四])(?:个|种|项|条|套|案|个方案)?",
        r"方案([一二两三四])",
    ),
    ordinal_digits=(
        "一=1", "二=2", "两=2", "三=3", "四=4",
    ),
)

LABELS = Labels(
    lead=(
        r"那就", r"就", r"选", r"用", r"好", r"行", r"嗯", r"先做", r"先上", r"先", r"做",
    ),
    label=(
        r"方案\s?", r"第\s?",
    ),
    counter=(
        r"个", r"种", r"项", r"条", r"号", r"套", r"个方案",
    ),
    tail=(
        r"吧", r"呀", r"啦", r"好了", r"就好",
    ),
    but=(
        r"但是?", r"不过",
    ),
)

SETTLED = Settled(
    tool=(),
    settled_at=(
        r"了", r"现在", r"已经", r"上周", r"上个月", r"昨天", r"以后", r"从此", r"下线",
    ),
    not_tool=(
        r"火车", r"路上", r"假", r"家", r"这", r"那",
    ),
    replaced=(
        r"用\s?(?P<a>\S+?)\s?(?:替换|替代|取代|代替)",
        r"(?:从|由)\s?(?P<a>\S+?)\s?(?:换成|改成|切到|迁到|转到)\s?\S+",
    ),
    status=(
        r"(?:我们|我們|团队|項目|项目|我们团队)(?:现在|已经|上周|上个月|昨天|终于)?(?:都)?(?:用|改用|换成|换到|迁到|迁移到|切到|升级到|升到|跑在)(?:了)?\s?(?P<a>\S+?)(?:\s?\d\S*)?(?:了|\s|$|，|。)",
    ),
)

STANCE = Stance(
    agrees=(
        r"我同意", r"同意", r"说得对", r"说的对", r"有道理", r"就照", r"按\S{0,3}说的",
    ),
    deferral=(
        r"先不(?!要再)", r"先放着", r"先搁着", r"以后再说", r"回头再说", r"下次再", r"暂时不", r"暂不",
        r"晚点再", r"之后再",
    ),
    keeps_on=(
        r"继续", r"还是用", r"保持", r"维持",
    ),
    occasion=(
        r"明天", r"今晚", r"今天(?!起|开始)", r"这次", r"这回", r"这趟", r"这一?[单份张]", r"下周[一二三四五六日天]",
        r"(?<!每)周[一二三四五六日](?!都)", r"\d{1,2}月\d{1,2}[日号]",
    ),
    standing=(
        r"(?:规则|规矩|规定)\s?[:：]",   # a labelled rule holds beyond this Friday: "规则：周五不许部署"
        r"以后", r"今后", r"每", r"一律", r"永远", r"总是", r"所有", r"任何", r"再也", r"不要再", r"别再", r"不再",
        r"记住", r"记得", r"别忘",
    ),
    own_report=(
        r"我(?:们)?(?:已经)?(?:说|跟你说)", r"[跟和给]你说",
    ),
    bare_refusal=(
        r"不要", r"不用", r"不行", r"别", r"不",
    ),
    no_ask_again=(
        r"(?:以后)?(?:不用|不必|别|唔使|無需|无需)再?问", r"以后不用再?问",
    ),
    refusal_particles=(
        r"了", r"吧", r"啦",
    ),
    reported_speech=(
        r"(?<![我你])(?<!我们)(?<!我们都)说(?![明服好过])", r"(?<![我你])(?<!我们)(?:建议|提议|提到|提出)", r"听说",
    ),
    wish=(
        r"我(?:还|也)?想要",
    ),
    wish_person=(
        r"你", r"我的", r"给我", r"回答", r"回复",
    ),
)

SCOPE = Scope(
    freq_word=(),
    freq_clause=(
        r"每次", r"每回", r"总是", r"老是", r"一直", r"永远", r"从来", r"以后", r"今后",
    ),
    third_clause=(
        r"(?:^|[，,。\s])(?:他们|她们|它们|他|她|它|人家)", r"(?:这个|那个|这|那)(?:脚本|服务|接口|机器|程序|东西|库|包|任务|页面|人|家伙)",
    ),
    instruct_clause=(
        r"要", r"得", r"必须", r"务必", r"别", r"不要", r"不准", r"不许", r"请", r"记得", r"记住", r"一定", r"应该", r"需要", r"给我", r"帮我", r"禁止", r"一律", r"统一",
    ),
    instructs_before=(),
    third_before=(),
    copula_before=(),
    participle=(),
    reports_after=(),
    event_clause=(),
    describes_main=(),
    you_before=(),
    verbless=(),
    ever=(),
    from_now=(),
    modal=(),
    you_habit=(
        r"你(?:们)?(?:怎么)?(?:每次|每回|总是|老是|从来|一直)",
    ),
    pointer=(
        r"^\W*(?:以后|今后|下次|每次)?(?:都|就|也)?(?:这么|这样|照这样|按这样|照这个|按这个)(?:子)?(?:处理|做|办|来|弄|搞|写)?(?:吧|了|啊|哈|就行|就好)?\W*$",
    ),
    at_hand=(
        r"刚才", r"刚刚", r"上面(?:那|这)", r"你刚",
        r"(?:别|不要|不准)\S{0,6}?(?:这个|那个|这段|那段|这行|那行|这块|这些|那些|它)(?!项目|仓库|库|团队)",
    ),
    talk=(
        r"(?:别|不要|不用)(?:担心|道歉|客气|着急|急|慌|紧张|在意)", r"不要紧", r"没关系",
    ),
    handed=(
        r"(?:统编|统一编号|税号|纳税人识别号|账号|卡号|编号)\s?[:：]?\s?\d{5,}", r"名字叫",
    ),
    rule_label=(
        r"(?<![旧老])(?:规则|规矩|规定|政策)\s?[:：]",
    ),
)

TOPOLOGY = Topology(
    component=(
        r"代理", r"网关", r"中间件", r"消息队列", r"负载均衡", r"一层", r"那层", r"这层", r"边车", r"库", r"从库", r"副本",
    ),
    placed=(
        r"在.{1,24}?(?:前面|前头|前边|之前|之间|中间|后面)(?:再)?(?:加|放|挂|套|插|引入|部署)",
        r"(?:前面|之间|中间)(?:再)?(?:加|放|挂|套|插)了?(?:一层|一个|个)?",
    ),
    removed=(
        r"把(?P<obj>.{1,16}?)(?:去掉|拿掉|砍掉|下掉|撤掉|干掉|移除|删掉|拆掉)",
        r"(?:去掉|拿掉|砍掉|下掉|撤掉|干掉|移除)(?:了)?(?P<obj>.{1,16})",
    ),
    edit_object=(
        r"这", r"那(?!一?层)", r"行", r"注释", r"变量", r"文件", r"函数", r"按钮", r"字段", r"测试", r"先", r"重跑",
    ),
    boundary=(
        r"每个(?:租户|客户|团队|服务|区域).{0,8}?(?:单独|独立|自己)",
        r"只(?:能)?(?:跟|和|与|通过|经过|调用?|连)\s?\S+?\s?(?:通信|交互|打交道|调用|访问|连接|说话|走)?",
    ),
    routed=(
        r"(?:都|全部|统一)?(?:走|经过|经由|通过)\s?\S+?\s?(?:了|转发|发送|投递)?",
    ),
    standing=(
        r"现在", r"以后", r"全部", r"所有", r"都", r"统一", r"一律",
    ),
    route_noun=(
        r"事件", r"消息", r"请求", r"流量", r"写入", r"数据", r"日志", r"上传",
    ),
)

ONEOFF = Oneoff(
    edit_target=(
        r"第\s?\d+\s?行", r"按钮", r"按鈕",
    ),
    task_scope=(
        r"这次", r"这回", r"这一次", r"本次", r"这一轮", r"这一把", r"就这一次", r"(?:跑|试|测)一(?:遍|次|下)",
    ),
    near_time=(
        r"今天(?!起|开始)", r"今晚", r"明天(?!起|开始)", r"今早", r"下午", r"晚上",
    ),
    tentative=(
        r"倾向", r"打算试", r"想试试", r"(?<!不)考虑(?!好|了)", r"琢磨",
    ),
    event_end=(),
    lasting=(
        r"以后", r"今后", r"起", r"开始", r"一律", r"永久", r"默认", r"决定", r"不再", r"每",
    ),
    foreign=(
        r"朋友", r"隔壁", r"别的(?:团队|公司|组|部门|项目)", r"其他(?:团队|公司|组|部门)", r"另一个(?:团队|组|公司|部门)",
        r"(?<!其)他们(?:团队|公司|组|那边)?",
        r"(?<!其)他(?=.{0,4}(?:决定|选|改|换|放弃|不用))", r"她(?=.{0,4}(?:决定|选|改|换|放弃|不用))",
        r"竞品", r"竞争对手", r"友商", r"人家",
    ),
    our_side=(
        r"我们(?!的)", r"咱们", r"我也", r"我就",
    ),
    agent_step=(
        r"要(?:不要)?我", r"我(?:先|来)", r"需要我",
    ),
    design_word=(
        r"用", r"选", r"存", r"数据库", r"框架", r"库",
    ),
    step_word=(
        r"先", r"修", r"跑", r"改", r"看", r"测",
    ),
    go_lead=(
        r"好的?", r"行", r"可以",
    ),
    go_lead_particles=(),
    go_ahead=(),
    go_particles=(),
)

ACTS = Acts(
    design_ask=(
        r"哪(?:个|种|一|家|款)", r"用什么", r"还是", r"多少(?:合适|合理|比较好|好)", r"要不要(?!我)", r"设(?:成|为)多少",
        r"几点(?:推|发|跑|执行|运行|触发|同步|备份|提醒|开始|关)", r"多久(?:过期|失效|清理|一次)", r"(?:会|要)过期(?:吗|么)",
        r"每\S{1,6}(?:多少|几)",
    ),
    task_ask=(
        r"要我", r"需要我", r"要不要我", r"我(?:来|先)?帮你[^？?]{0,30}[吗么？?]", r"我可以[^？?]{0,30}[吗么？?]",
    ),
    change=(
        r"改成", r"改为", r"换成", r"切换", r"改用",
    ),
    user_design_ask=(
        r"你(?:怎么看|觉得|建议)", r"要不要", r"还是", r"多少合理", r"哪(?:个|种)",
    ),
    offering=(
        r"可以", r"或者", r"要么",
    ),
    plan_head=(
        r"计划", r"方案", r"步骤",
    ),
    word_option=(
        r"第?([一二三四])(?:是|种|個|个)?[：:、，,]?",
    ),
    option_head=(
        r"(?:几|两|三|\d)\s?(?:个|种)\s?(?:方向|做法|方案|选择|选项|思路|办法)", r"有(?:两|三|几)种",
    ),
    or_split=(
        r"\s*还是\s*", r"\s*或者\s*",
    ),
    word_digits=(
        "一=1", "二=2", "三=3", "四=4",
    ),
    confirm_ask=(
        r"(?:这样|这么做|这个方案)\s?(?:可以|行|好|ok|OK)(?:吗|么|不)", r"(?:可以|行|ok|OK)吗\W*$", r"没问题吧",
    ),
    planned=(
        r"会", r"将", r"打算", r"准备", r"计划",
    ),
)

CONVENTIONS = Conventions(
    not_names=(),
    contrast=(
        r"不用", r"别用", r"不要用", r"不再用", r"而不是", r"不要\S", r"别\S",
    ),
    scope=(
        r"只用", r"统一", r"一律", r"所有", r"整个(?:项目|仓库|repo|团队)", r"全部", r"都用",
    ),
    one_off=(
        r"这个", r"这次", r"这回", r"今天", r"先(?:用|凑合)", r"(?:来|去)(?:装|跑|试|看|查|加|删|改)", r"(?:装|跑|试|查)一下",
    ),
    gate=(
        r"用",
    ),
    affirms=(
        r"(?:这|那)是(?:固定|规矩|规定|原则)", r"(?:这|那)是规矩", r"以后都这样",
    ),
    refers=(
        r"这", r"那",
    ),
    head=(
        r"^\W*(?:(?:另外|还有|然后|对了)\W*)?(?:我们|团队|大家)?(?:都|统一|一律|只|全部)?(?:用|使用|采用)(?![了过])",
    ),
    pair=(),
    not_name_endings=(),
)

EARLIER = Earlier(
    not_names=(),
    adopt=(
        r"(?:就)?(?:照|按|按照)(?:她|他|他们|你)(?:刚刚|刚才|之前|上面)?(?:说|讲|提|建议)的(?:做|办|来)?",
    ),
    you=(
        r"你",
    ),
    cut=(
        r"好", r"那", r"就", r"嗯",
    ),
    scrap=(
        r"(?:不要|不用|放弃|去掉|砍掉)\s?([A-Za-z][\w.+#-]*)\s?了", r"([A-Za-z][\w.+#-]*)\s?(?:不要了|不用了|就算了|砍掉)",
    ),
)

# A correction of the choice just made (不对，还是用 X 吧), a rule loosened (可以…, 除了…).
CORRECTIONS = Corrections(
    script=(r"[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]",),
    swap_open=(
        r"^\W*(?:(?:嗯|呃|等等|等一下|其实)\W*)*(?:不对|不是|不行|算了|改主意了|还是用|還是用|不對|算了吧)",
    ),
    swap_pick=(
        r"(?:用|改用|换成|换用|选|还是用|就用)",
    ),
    permit=(
        r"(?<![不])可以(?!吗|嗎|么|麼)", r"除了", r"除非", r"例外",
    ),
    also=(
        r"也可以(?!吗|嗎|么|麼)", r"也行(?!吗|嗎)",
    ),
    common=(),
    instead=("{new}（不再用 {old}）",),
)

PROPOSALS = Proposals(
    ack=(
        r"要", r"对", r"是的",
    ),
    polite=(),
)

CLASSIFY = Classify(
    trailing_particles=(
        r"吧", r"啊", r"呀", r"哦", r"喔", r"了",
    ),
    clause_sep=(),
)

CLAUSES = Clauses(
    clause_cue=(
        r"记住", r"以后", r"不要再", r"别忘了", r"另外", r"还有",
    ),
    common=(),
    follow_open=(
        r"(?:以后|以後|然后)?(?:也|还)",
    ),
    points_back=(
        r"里面", r"里头", r"它", r"那里",
    ),
    switch=(
        r"改用", r"换成", r"改成",
    ),
)

REPLY_WORDS = ReplyWords(
    number=(
        r"第", r"方案",
    ),
    join=(
        r"和", r"跟", r"与",
    ),
    no=(
        r"不要", r"不用", r"不做", r"不动", r"不改", r"不换", r"先不", r"先放", r"放着", r"以后再", r"再说", r"暂缓",
    ),
    yes=(
        r"做", r"要", r"好", r"可以", r"行",
    ),
    defer=(
        r"随便", r"你(?:决定|看着办)", r"都行", r"都可以",
    ),
    stop=(),
    keep=(
        r"^\W*(?:(?:好|嗯|谢谢|不用)\W*)*(?:保持(?:原样|现状|不变)?|维持(?:原样|现状)?|不用改|不用换|就这样就好)",
    ),
    go=(
        r"^\W*(?:好|好的|可以|行|去做|做吧)\W*$",
    ),
    go_ahead=(
        r"就这么办", r"那就", r"去做",
    ),
    number_counter=(
        r"第",
    ),
    acceptable=(
        r"可以接受", r"能接受", r"接受得了", r"值得",
    ),
    number_words=(
        r"(?:[二三四五六七八九两]|十[一二]?)点半?", r"[一二三四五六七八九十两半百千万]+\s?(?:分钟|秒|天|小时|个月|年|周|次|条|块|元|号|倍|成)",
    ),
    cost=(
        r"(?:慢|大|多)(?:了)?(?:一点|一些|一点点).{0,40}(?:但|不过)", r"代价是",
    ),
)

FACTS = Facts(
    me=(
        r"我",
    ),
    trait=(
        r"过敏", r"吃素", r"素食", r"不吃(?:肉|猪肉|牛肉|海鲜|辣|鱼|虾|花生|香菜)", r"不喝酒", r"我住在", r"我在\S{1,12}(?:工作|上班)",
    ),
    setup=(
        r"证书", r"凭证", r"密码", r"密钥", r"发票", r"账单", r"备份", r"正式环境", r"生产环境", r"测试环境",
    ),
    setup_does=(
        r"续期", r"过期", r"轮换", r"更新", r"跑在", r"部署在", r"托管在",
    ),
    recurrence=(
        r"每", r"自动",
    ),
    transient=(
        r"今天", r"今晚", r"昨天", r"刚", r"正在", r"累", r"饿", r"下雨", r"在开会", r"在路上", r"在机场",
    ),
    wish=(
        r"我想", r"希望",
    ),
    reply_style=(
        r"(?:回答|回复|答复)(?:我)?(?:都|一律|全部)?(?:要)?(?:用|使用)", r"跟我(?:说话|讲话|沟通)?(?:都)?用",
    ),
    region=(),
    place=(
        r"部署在", r"跑在", r"托管在",
    ),
    relation=(
        r"生日", r"纪念日", r"财年", r"财务年度", r"房租", r"工资", r"发薪", r"房东",
        r"我(?:的)?(?:太太|老婆|老公|丈夫|妻子|女朋友|男朋友|孩子|儿子|女儿|老板|经理|主管|领导|导师|助理)",
    ),
    relation_word=(
        r"生日", r"纪念日", r"财年", r"财务年度", r"房租", r"工资", r"发薪", r"房东", r"太太", r"老婆", r"老公", r"丈夫", r"妻子",
        r"朋友", r"孩子", r"儿子", r"女儿", r"老板", r"经理", r"主管", r"领导", r"导师", r"助理",
    ),
    value=(
        r"[一二三四五六七八九十]月", r"是", r"叫",
    ),
    possessive=(
        "的",
    ),
)

TEXT = Text(
    clause_end_particles=(),
    demonstrative=(
        r"这", r"那个", r"此",
    ),
)

LEXICON = Lexicon(
    code="zh",
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
