/**
 * Errors and notices of the sign-in channels (spec 000 §7.1, §5, §8.3; docs/decisions.md "Sign-in channels"),
 * joined into the one catalogue (errors/catalogue.ts).
 */
export const SIGNIN_ERRORS = {
  'recovery.link_invalid': {
    status: 410,
    'zh-CN': '此密码重置链接无效、已使用或已过期，请重新申请',
    'en-US': 'This password reset link is not valid, was used or has expired; please ask for a new one',
  },
  'qr.request_not_found': { status: 404, 'zh-CN': '扫码登录请求不存在', 'en-US': 'The QR-code sign-in request does not exist' },
  'qr.request_closed': {
    status: 410,
    'zh-CN': '此扫码登录请求已过期或已处理，请在电脑上刷新二维码',
    'en-US': 'This QR-code sign-in request has expired or was already answered; refresh the code on the computer',
  },
  'miniapp.login_failed': { status: 401, 'zh-CN': '小程序登录失败：{reason}', 'en-US': 'Mini-app sign-in failed: {reason}' },
  'miniapp.not_bound': {
    status: 401,
    'zh-CN': '此微信小程序尚未绑定平台账号，请先在平台的账号设置中绑定',
    'en-US': 'This WeChat mini-app is not bound to an account; bind it in the platform’s account settings first',
  },
  'ukey.serial_taken': { status: 409, 'zh-CN': '该 USB Key 已绑定其他用户', 'en-US': 'This USB key is bound to another user' },
} as const;

export const SIGNIN_NOTICES = {
  'ok.recovery_requested': {
    'zh-CN': '如果该账号存在且登记了邮箱，重置密码的链接已发送到该邮箱，24 小时内有效',
    'en-US': 'If the account exists and has an e-mail address, a link to reset the password has been sent to it; it is valid for 24 hours',
  },
  'ok.password_reset': { 'zh-CN': '密码已重置，请用新密码登录', 'en-US': 'Password reset; sign in with the new password' },
  'ok.qr_confirmed': { 'zh-CN': '已确认，电脑端将自动登录', 'en-US': 'Confirmed; the computer signs in now' },
  'ok.qr_refused': { 'zh-CN': '已拒绝此次登录', 'en-US': 'Sign-in refused' },
  'ok.ukey_bound': { 'zh-CN': 'USB Key 登记已保存', 'en-US': 'USB key record saved' },
} as const;
