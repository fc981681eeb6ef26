import type { Locale } from '../i18n/locale.js';
import { interpolate } from '../i18n/locale.js';

/**
 * One catalogue of every error the platform reports: a stable code, the HTTP status it maps to
 * (ARCHITECTURE §4), and the sentence in both languages. Services throw codes; the HTTP layer renders
 * them once.
 */
export const ERRORS = {
  'request.invalid': { status: 400, 'zh-CN': '请求参数有误：{detail}', 'en-US': 'Invalid request: {detail}' },
  'request.malformed_json': { status: 400, 'zh-CN': '请求内容不是有效的 JSON', 'en-US': 'The request body is not valid JSON' },
  'request.unsupported_media_type': {
    status: 415,
    'zh-CN': '不支持的内容类型 {type}',
    'en-US': 'Unsupported content type {type}',
  },
  'request.too_large': { status: 413, 'zh-CN': '请求内容过大（上限 {limit}）', 'en-US': 'The request body is too large (limit {limit})' },
  'request.rate_limited': {
    status: 429,
    'zh-CN': '尝试过于频繁，请 {seconds} 秒后再试',
    'en-US': 'Too many attempts, please try again in {seconds} seconds',
  },
  'route.not_found': { status: 404, 'zh-CN': '接口不存在：{method} {url}', 'en-US': 'No such endpoint: {method} {url}' },
  'auth.required': { status: 401, 'zh-CN': '请重新登录', 'en-US': 'Please login again' },
  'auth.session_expired': {
    status: 401,
    'zh-CN': '长时间未操作，会话已过期，请重新登录',
    'en-US': 'Your session expired after a period of inactivity, please login again',
  },
  'auth.invalid_credentials': { status: 401, 'zh-CN': '用户名或密码错误', 'en-US': 'Invalid username or password' },
  'auth.account_locked': {
    status: 403,
    'zh-CN': '账号因多次登录失败已被锁定，请于 {until} 后再试或联系管理员',
    'en-US': 'The account is locked after repeated failed sign-ins; try again after {until} or contact the administrator',
  },
  'auth.account_disabled': {
    status: 403,
    'zh-CN': '账号已被管理员锁定，请联系管理员',
    'en-US': 'The account has been locked by an administrator; please contact the administrator',
  },
  'auth.wrong_old_password': { status: 422, 'zh-CN': '原密码不正确', 'en-US': 'The current password is incorrect' },
  'auth.password_reused': {
    status: 422,
    'zh-CN': '新密码不能与当前密码相同',
    'en-US': 'The new password must differ from the current one',
  },
  'permission.platform_admin_required': {
    status: 403,
    'zh-CN': '仅平台管理员可以执行此操作',
    'en-US': 'Only platform administrators may do this',
  },
  'user.not_found': { status: 404, 'zh-CN': '用户不存在', 'en-US': 'User not found' },
  'user.username_taken': {
    status: 409,
    'zh-CN': '登录名 {username} 已被使用（登录名不可重复使用）',
    'en-US': 'The login name {username} is already taken (login names are never reused)',
  },
  'user.cannot_change_self': {
    status: 422,
    'zh-CN': '不能锁定、删除或降低自己的权限',
    'en-US': 'You cannot lock, delete or demote your own account',
  },
  'user.last_admin': {
    status: 422,
    'zh-CN': '至少需要保留一位可用的平台管理员',
    'en-US': 'At least one active platform administrator must remain',
  },
  'user.deleted': { status: 422, 'zh-CN': '该用户已删除，不能修改', 'en-US': 'This user has been deleted and cannot be changed' },
  'conflict.stale': {
    status: 409,
    'zh-CN': '数据已被他人修改，请刷新后重试',
    'en-US': 'The data was changed by someone else; refresh and try again',
  },
  'internal.error': { status: 500, 'zh-CN': '系统异常，请稍后再试', 'en-US': 'Internal error, please try again later' },
} as const satisfies Record<string, { status: number } & Record<Locale, string>>;

export type ErrorCode = keyof typeof ERRORS;

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

export function errorMessage(code: ErrorCode, locale: Locale, params?: Record<string, string | number>): string {
  return interpolate(ERRORS[code][locale], params);
}
