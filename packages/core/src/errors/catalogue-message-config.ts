/** Errors of the message configuration and notifications (core messages/, spec 002 §3), joined into the one catalogue (errors/catalogue.ts). */
export const MESSAGE_CONFIG_ERRORS = {
  'message.unknown_placeholder': {
    status: 422,
    'zh-CN': '模板中的占位符 {names} 不适用于此事件，可用的占位符：{allowed}',
    'en-US': 'The template uses {names}, which this event does not offer; available: {allowed}',
  },
  'message.user_unknown': { status: 422, 'zh-CN': '黑名单中的用户不存在', 'en-US': 'A user on the blacklist does not exist' },
  'message.no_project_config': { status: 404, 'zh-CN': '本项目未单独配置此消息', 'en-US': 'The project has no configuration of its own for this message' },
  'user.email_missing': { status: 422, 'zh-CN': '用户 {username} 没有电子邮箱，无法发送新密码', 'en-US': 'User {username} has no e-mail address to send the new password to' },
} as const;
