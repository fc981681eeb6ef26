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
  'apikey.invalid': { status: 401, 'zh-CN': 'API 密钥无效、已过期或已撤销', 'en-US': 'The API key is not valid, has expired or has been revoked' },
  'apikey.scope_forbidden': { status: 403, 'zh-CN': '该 API 密钥无权调用此接口', 'en-US': 'The API key may not make this call' },
  'apikey.not_found': { status: 404, 'zh-CN': 'API 密钥不存在', 'en-US': 'API key not found' },
  'apikey.already_revoked': { status: 409, 'zh-CN': '该 API 密钥已撤销', 'en-US': 'The API key is already revoked' },
  'apikey.expiry_invalid': {
    status: 422,
    'zh-CN': '有效期须晚于当前时间，且不超过 {days} 天',
    'en-US': 'The expiry must be in the future and at most {days} days away',
  },
} as const;

export const ADMIN_NOTICES = {
  'ok.session_signed_out': { 'zh-CN': '已强制该用户退出登录', 'en-US': 'The user has been signed out' },
  'ok.apikey_created': { 'zh-CN': 'API 密钥已创建，请立即复制保存', 'en-US': 'API key created; copy it now' },
  'ok.apikey_revoked': { 'zh-CN': 'API 密钥已撤销', 'en-US': 'API key revoked' },
  'ok.cache_cleared': { 'zh-CN': '缓存已清空', 'en-US': 'Cache cleared' },
} as const;
