"""Chinese (simplified) phrases of the rule extractor: one `Lexicon` (fields: `model.py`)."""
# ruff: noqa: E501  -- phrase tables read best one alternation group per line
from __future__ import annotations

from jobs.microsync.rules.lexicon.model import (
    Answers,
    Choices,
    Complaints,
    Fields,
    Hedges,
    Kinds,
    Labels,
    Lexicon,
    Lists,
    Picks,
    Replies,
    Settled,
    Structure,
)

KINDS = Kinds(
    remember=(
        r"记住", r"别忘了", r"不要忘记", r"记得(?!吗)(?=.{0,4}[:：,，]|以后)",
        r"记一下", r"记下", r"备忘", r"记好",
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
    ),
    rule=(
        r"(?:定为|当作|作为)(?:规矩|规则)",
        r"以后(?!的)", r"今后", r"一律", r"每次都", r"都要", r"从现在开始", r"只用\s?[A-Za-z]",
        r"必须",
    ),
    rule_weak=(
        r"统一",
    ),
    decision=(
        r"决定", r"定了", r"我们要(?:把|拆|迁|改|换|用)", r"就用", r"改用", r"改存", r"换成", r"换回", r"不再", r"放弃",
        r"先不", r"先继续", r"就这么办", r"那就(?!不用|算了)", r"选定", r"确定用",
        r"确定了?(?:不|要)?(?:用|改|换|搬|迁)", r"(?:全部|都|要|决定)(?:搬|迁)(?:移)?到", r"就?不(?:搞|做|考虑|引入)了",
        r"别用\s?\S+\s?了",
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
        r"那就", r"就", r"选", r"用", r"好", r"行", r"嗯",
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

LEXICON = Lexicon(
    code="zh",
    # families
    settled=SETTLED,
    labels=LABELS,
    choices=CHOICES,
    fields=FIELDS,
    lists=LISTS,
    answers=ANSWERS,
    structure=STRUCTURE,
    picks=PICKS,
    complaints=COMPLAINTS,
    replies=REPLIES,
    hedges=HEDGES,
    kinds=KINDS,
)
