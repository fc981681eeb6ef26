/** Errors of analytics (core analytics/, docs/decisions.md "Analytics"), joined into the one catalogue (errors/catalogue.ts). */
export const ANALYTICS_ERRORS = {
  'analytics.arms_hidden': {
    status: 403,
    'zh-CN': '您的角色不能查看随机分组，不能按组别筛选或拆分',
    'en-US': 'Your role may not see arms, so charts cannot be filtered or split by arm',
  },
  'analytics.site_forbidden': { status: 403, 'zh-CN': '您无权查看所选中心的数据', 'en-US': 'You have no access to the data of a chosen site' },
  'analytics.field_required': { status: 422, 'zh-CN': '分布图需要指定表单和字段', 'en-US': 'A distribution needs a panel and a field' },
  'analytics.field_not_found': { status: 404, 'zh-CN': '当前环境的设计中没有该字段', 'en-US': 'The design of this environment has no such field' },
  'analytics.field_kind': {
    status: 422,
    'zh-CN': '只有数值字段和选项字段可以画分布图',
    'en-US': 'Only numeric and choice fields have a distribution',
  },
} as const;
