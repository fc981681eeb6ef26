import type { z } from 'zod';
import type { Locale } from '../i18n/locale.js';
import { interpolate } from '../i18n/locale.js';
import type { FieldError } from './app-error.js';

/** Sentences for schema violations, keyed by what went wrong; `{field}` is the wire name of the field. */
const VALIDATION_MESSAGES = {
  required: { 'zh-CN': '{field} 不能为空', 'en-US': '{field} is required' },
  type: { 'zh-CN': '{field} 应为{expected}', 'en-US': '{field} must be {expected}' },
  too_short: { 'zh-CN': '{field} 至少 {min} 个字符', 'en-US': '{field} must have at least {min} characters' },
  too_long: { 'zh-CN': '{field} 最多 {max} 个字符', 'en-US': '{field} must have at most {max} characters' },
  too_small: { 'zh-CN': '{field} 不能小于 {min}', 'en-US': '{field} must be at least {min}' },
  too_big: { 'zh-CN': '{field} 不能大于 {max}', 'en-US': '{field} must be at most {max}' },
  format: { 'zh-CN': '{field} 格式不正确', 'en-US': '{field} has an invalid format' },
  email: { 'zh-CN': '{field} 不是有效的邮箱地址', 'en-US': '{field} is not a valid e-mail address' },
  unknown_field: { 'zh-CN': '不支持的字段 {field}', 'en-US': 'Unknown field {field}' },
  one_of: { 'zh-CN': '{field} 应为以下值之一：{values}', 'en-US': '{field} must be one of: {values}' },
  invalid: { 'zh-CN': '{field} 无效', 'en-US': '{field} is invalid' },
  control_character: {
    'zh-CN': '{field} 含有不允许的控制字符',
    'en-US': '{field} contains a control character that is not allowed',
  },
  bidi_control: {
    'zh-CN': '{field} 含有不允许的文字方向控制字符',
    'en-US': '{field} contains a text-direction control character that is not allowed',
  },
  passwords_differ: { 'zh-CN': '两次输入的密码不一致', 'en-US': 'The two passwords are inconsistent' },
  password_too_weak: {
    'zh-CN': '密码强度不足：至少 {min} 个字符，且包含字母和数字',
    'en-US': 'The password is too weak: at least {min} characters with letters and digits',
  },
  duplicate_step: { 'zh-CN': '{field} 中的步骤不能重复', 'en-US': '{field} may name each step only once' },
  sign_not_last: { 'zh-CN': '{field} 中签名须为最后一步', 'en-US': 'In {field}, signing must be the last step' },
  login_name_format: {
    'zh-CN': '登录名只能包含字母、数字、点、下划线、@ 和连字符，长度 {min} 到 {max}',
    'en-US': 'A login name may hold letters, digits, dot, underscore, @ and hyphen, {min} to {max} characters',
  },
  // Randomisation schemes (core randomisation/scheme.ts).
  duplicate_value: { 'zh-CN': '{field} 的值 {value} 重复', 'en-US': '{field}: {value} appears more than once' },
  block_size_ratio: {
    'zh-CN': '{field} 须为各组比例之和 {sum} 的整数倍',
    'en-US': '{field} must be a multiple of the sum of the arm ratios, {sum}',
  },
  reserved_code: {
    'zh-CN': '{field} 不能使用保留编码 {value}（随机表的列名）',
    'en-US': '{field} cannot be the reserved code {value} (a column of the randomisation table)',
  },
  unknown_factor: { 'zh-CN': '{field} 指向的分层因素 {value} 不存在', 'en-US': '{field} names no factor of the scheme: {value}' },
  minimisation_factors: {
    'zh-CN': '最小化随机须至少有一个分层因素或将中心作为因素',
    'en-US': 'Minimisation needs at least one factor, or the site as a factor',
  },
  // Drug supply (core supply/schemas.ts).
  target_below_trigger: { 'zh-CN': '{field} 不能低于触发水平', 'en-US': '{field} must not be below the trigger level' },
  invalid_date: { 'zh-CN': '{field} 不是有效的日期', 'en-US': '{field} is not a valid date' },
  // Project UI settings (core content/ui-config.ts).
  image_type: { 'zh-CN': '{field} 须为 PNG 或 JPEG 图片', 'en-US': '{field} must be a PNG or JPEG image' },
  image_too_large: { 'zh-CN': '{field} 图片过大，最大 160 KB', 'en-US': '{field} is too large; images may have at most 160 KB' },
  login_url: {
    'zh-CN': '{field} 只能包含小写字母、数字和连字符，以字母或数字开头和结尾，最多 48 个字符',
    'en-US': '{field} may hold lower-case letters, digits and hyphens, start and end with a letter or digit, at most 48 characters',
  },
  // Areas (core areas/schemas.ts).
  area_point_half: { 'zh-CN': '经度和纬度须同时填写或同时留空', 'en-US': 'Give both longitude and latitude, or neither' },
  // Visit reminders (core design/reminders.ts).
  reminder_hour: {
    'zh-CN': '{field} 须为 0（00:00）到 23（23:00）之间的整点',
    'en-US': '{field} must be a whole hour from 0 (00:00) to 23 (23:00)',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

const TYPE_NAMES: Record<string, Record<Locale, string>> = {
  string: { 'zh-CN': '文本', 'en-US': 'a string' },
  number: { 'zh-CN': '数字', 'en-US': 'a number' },
  int: { 'zh-CN': '整数', 'en-US': 'an integer' },
  boolean: { 'zh-CN': '布尔值', 'en-US': 'true or false' },
  object: { 'zh-CN': '对象', 'en-US': 'an object' },
  array: { 'zh-CN': '数组', 'en-US': 'a list' },
};

/**
 * Schemas attach `{ params: { message: key, ... } }` to custom refinements; this reads that key back so
 * the sentence can be rendered in the caller's language rather than fixed at schema definition time.
 */
function customKey(issue: z.core.$ZodIssue): ValidationMessageKey | undefined {
  if (issue.code !== 'custom') return undefined;
  const key = (issue.params as { message?: string } | undefined)?.message;
  return key && key in VALIDATION_MESSAGES ? (key as ValidationMessageKey) : undefined;
}

function describeIssue(issue: z.core.$ZodIssue, locale: Locale): FieldError[] {
  const path = issue.path.map(String).join('.');
  const field = path || (locale === 'zh-CN' ? '请求体' : 'body');
  const say = (key: ValidationMessageKey, params: Record<string, string | number> = {}): FieldError => ({
    path,
    message: interpolate(VALIDATION_MESSAGES[key][locale], { field, ...params }),
  });
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return [say('required')];
      return [say('type', { expected: TYPE_NAMES[issue.expected]?.[locale] ?? issue.expected })];
    case 'too_small':
      if (issue.origin === 'string') {
        return [Number(issue.minimum) <= 1 ? say('required') : say('too_short', { min: Number(issue.minimum) })];
      }
      return [say('too_small', { min: Number(issue.minimum) })];
    case 'too_big':
      return [
        issue.origin === 'string'
          ? say('too_long', { max: Number(issue.maximum) })
          : say('too_big', { max: Number(issue.maximum) }),
      ];
    case 'invalid_format':
      return [issue.format === 'email' ? say('email') : say('format')];
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        path: path ? `${path}.${key}` : key,
        message: interpolate(VALIDATION_MESSAGES.unknown_field[locale], { field: key }),
      }));
    case 'invalid_value':
      return [say('one_of', { values: issue.values.map(String).join(', ') })];
    case 'custom': {
      const key = customKey(issue);
      const params = (issue.params ?? {}) as Record<string, string | number>;
      return [key ? say(key, params) : say('invalid')];
    }
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
      return [say('invalid')];
  }
}

/** Turns a failed parse into field errors in the requested language. */
export function describeValidationIssues(issues: readonly z.core.$ZodIssue[], locale: Locale): FieldError[] {
  return issues.flatMap((issue) => describeIssue(issue, locale));
}
