"""Chinese (simplified) phrases of the rule extractor: one `Lexicon` (fields: `model.py`)."""
# ruff: noqa: E501  -- phrase tables read best one alternation group per line
from __future__ import annotations

from jobs.microsync.rules.lexicon.model import Kinds, Lexicon

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

LEXICON = Lexicon(
    code="zh",
    # families
    kinds=KINDS,
)
