/** Errors of the data-capture area "schedule" (spec 002), joined into the one catalogue (errors/catalogue.ts). */
export const SCHEDULE_ERRORS = {
  'schedule.no_design': {
    status: 409,
    'zh-CN': '当前环境尚未发布设计，无法生成访视计划',
    'en-US': 'No design is published in this environment, so no visit schedule can be made',
  },
  'schedule.reason_required': {
    status: 400,
    'zh-CN': '修改已保存的实际访视日期时请填写修改原因',
    'en-US': 'Give a reason for changing a saved actual visit date',
  },
  'schedule.not_unscheduled': {
    status: 422,
    'zh-CN': '该访视不是计划外访视',
    'en-US': 'The visit is not an unscheduled visit',
  },
  'schedule.not_repeatable': {
    status: 422,
    'zh-CN': '该访视不可重复',
    'en-US': 'The visit is not repeatable',
  },
  'schedule.event_unknown': {
    status: 404,
    'zh-CN': '当前发布的设计中没有该访视',
    'en-US': 'The published design has no such visit',
  },
  'schedule.panel_not_log': {
    status: 422,
    'zh-CN': '只有日志类访视中的表单可以新增记录',
    'en-US': 'Only forms of a log visit take further entries',
  },
  'schedule.date_invalid': {
    status: 400,
    'zh-CN': '日期 {date} 无效',
    'en-US': 'The date {date} is not a valid day',
  },
  'schedule.date_future': {
    status: 400,
    'zh-CN': '实际访视日期 {date} 不能晚于今天',
    'en-US': 'The actual visit date {date} cannot be later than today',
  },
  // Visit reminders of the design (core design/reminders.ts).
  'event.reminders_unplanned': {
    status: 422,
    'zh-CN': '只有有计划日的访视可以设置提醒与推送',
    'en-US': 'Only a visit with a planned day can have reminders',
  },
  'event.reminder_role_unknown': {
    status: 422,
    'zh-CN': '提醒接收角色 {roleId} 不是本项目的角色',
    'en-US': 'The reminder receiver role {roleId} is not a role of this project',
  },
  'schedule.visit_tasks_off': {
    status: 409,
    'zh-CN': '本项目未开启访视任务',
    'en-US': 'Visit tasks are not switched on for this project',
  },
} as const;

/** Success sentences of the same area, joined into NOTICES. */
export const SCHEDULE_NOTICES = {
  'schedule.date_saved': { 'zh-CN': '实际访视日期已保存', 'en-US': 'Actual visit date saved' },
  'schedule.visit_added': { 'zh-CN': '访视已新增', 'en-US': 'Visit added' },
  'schedule.entry_added': { 'zh-CN': '记录已新增', 'en-US': 'Entry added' },
} as const;
