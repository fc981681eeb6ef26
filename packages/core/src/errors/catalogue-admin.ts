/**
 * Errors and notices of platform administration: online users, the operation log, caches and the internal
 * interfaces' API keys (spec 000 §2.2 /sys/onlineUser, /sys/sysLog, /sys/cache, /sys/internalinterface;
 * docs/decisions.md "Platform administration"), joined into the one catalogue (errors/catalogue.ts).
 */
export const ADMIN_ERRORS = {
  'session.own_sign_out': {
    status: 409,
    'zh-CN': '不能强制退出自己的会话，请使用“退出登录”',
    'en-US': 'You cannot force your own session out; use "Sign out" instead',
  },
} as const;

export const ADMIN_NOTICES = {
  'ok.session_signed_out': { 'zh-CN': '已强制该用户退出登录', 'en-US': 'The user has been signed out' },
  'ok.cache_cleared': { 'zh-CN': '缓存已清空', 'en-US': 'Cache cleared' },
} as const;
