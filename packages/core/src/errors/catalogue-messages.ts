/**
 * Errors and notices of outbound messages, WeChat binding and the message log (spec 002 §3 "Message config",
 * spec 000 §8.3 binding notices; docs/decisions.md "Message sending"), joined into the one catalogue
 * (errors/catalogue.ts). The channel failures are stored on a message and shown in the reader's language.
 */
export const MESSAGES_ERRORS = {
  'message.not_found': { status: 404, 'zh-CN': '消息不存在', 'en-US': 'Message not found' },
  'message.not_cancellable': {
    status: 409,
    'zh-CN': '消息状态为 {status}，只能撤销排队中的消息',
    'en-US': 'The message is {status}; only a queued message can be cancelled',
  },
  'message.not_resendable': {
    status: 409,
    'zh-CN': '消息状态为 {status}，只能重发已发送、发送失败或未确认的消息',
    'en-US': 'The message is {status}; only a sent, failed or unconfirmed message can be resent',
  },
  'message.email_not_configured': {
    status: 422,
    'zh-CN': '未配置邮件服务器，邮件无法发送',
    'en-US': 'No mail server is configured; e-mail cannot be sent',
  },
  'message.wechat_not_configured': {
    status: 422,
    'zh-CN': '未配置微信公众号，微信消息无法发送',
    'en-US': 'No WeChat official account is configured; WeChat messages cannot be sent',
  },
  'message.bad_address': { status: 422, 'zh-CN': '收件地址无效：{address}', 'en-US': 'The address is not valid: {address}' },
  'message.smtp_refused': {
    status: 422,
    'zh-CN': '邮件服务器拒绝了该邮件（{reply}）',
    'en-US': 'The mail server refused the message ({reply})',
  },
  'message.smtp_unavailable': {
    status: 503,
    'zh-CN': '邮件服务器暂时无法使用（{reply}）',
    'en-US': 'The mail server is unavailable for now ({reply})',
  },
  'message.wechat_refused': {
    status: 422,
    'zh-CN': '微信拒绝了该消息（错误码 {errcode}：{errmsg}）',
    'en-US': 'WeChat refused the message (error {errcode}: {errmsg})',
  },
  'message.wechat_unavailable': {
    status: 503,
    'zh-CN': '微信接口暂时无法使用（{reply}）',
    'en-US': 'The WeChat service is unavailable for now ({reply})',
  },
  'message.sender_stopped': {
    status: 409,
    'zh-CN': '发送过程中断，无法确认消息是否已发出；如需要请重发',
    'en-US': 'Sending was interrupted and it is not known whether the message left; resend it if needed',
  },
  'wechat.bind_failed': { status: 422, 'zh-CN': '微信绑定失败：{reason}', 'en-US': 'WeChat binding failed: {reason}' },
  'wechat.miniapp_bind_failed': { status: 422, 'zh-CN': '小程序绑定失败：{reason}', 'en-US': 'Mini-app binding failed: {reason}' },
  'wechat.unbind_failed': { status: 404, 'zh-CN': '微信解绑失败：该用户未绑定微信', 'en-US': 'WeChat unbinding failed: the user has no WeChat binding' },
  'wechat.miniapp_unbind_failed': {
    status: 404,
    'zh-CN': '小程序解绑失败：该用户未绑定小程序',
    'en-US': 'Mini-app unbinding failed: the user has no mini-app binding',
  },
  'wechat.open_id_taken': {
    status: 409,
    'zh-CN': '该微信已绑定其他账号',
    'en-US': 'This WeChat account is bound to another user',
  },
  'wechat.not_configured': { status: 422, 'zh-CN': '未配置微信应用，无法绑定', 'en-US': 'No WeChat application is configured; binding is not possible' },
  'wechat.miniapp_not_configured': {
    status: 422,
    'zh-CN': '未配置微信小程序，无法绑定',
    'en-US': 'No WeChat mini-app is configured; binding is not possible',
  },
} as const;

export const MESSAGES_NOTICES = {
  'ok.wechat_bound': { 'zh-CN': '微信绑定成功', 'en-US': 'WeChat bound' },
  'ok.wechat_unbound': { 'zh-CN': '微信解绑成功', 'en-US': 'WeChat unbound' },
  'ok.miniapp_bound': { 'zh-CN': '小程序绑定成功', 'en-US': 'Mini-app bound' },
  'ok.miniapp_unbound': { 'zh-CN': '小程序解绑成功', 'en-US': 'Mini-app unbound' },
  'ok.message_resent': { 'zh-CN': '消息已重新排队发送', 'en-US': 'The message is queued to be sent again' },
  'ok.message_cancelled': { 'zh-CN': '消息已撤销', 'en-US': 'Message cancelled' },
} as const;
