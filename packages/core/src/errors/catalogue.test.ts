import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/locale.js';
import type { ErrorCode } from './catalogue.js';
import { errorMessage, errorStatus, ERRORS } from './catalogue.js';

const CODES = Object.keys(ERRORS) as ErrorCode[];
const PLACEHOLDER = /\{(\w+)\}/g;
/** The client and server error statuses registered for HTTP (RFC 9110 §15.5, §15.6, and RFC 6585 for 429). */
const HTTP_ERROR_STATUSES = new Set([
  400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 421, 422, 423, 424, 425,
  426, 428, 429, 431, 451, 500, 501, 502, 503, 504, 505, 507, 508, 511,
]);

function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string).sort();
}

/**
 * A parameter named `xEn` is the English wording of parameter `x` (a formula parser's message, say), so the
 * two languages name the same value when that suffix is set aside.
 */
function sameValue(name: string): string {
  return name.endsWith('En') && name.length > 2 ? name.slice(0, -2) : name;
}

describe('error catalogue (STYLE 5: every error in both languages)', () => {
  it('has codes at all', () => {
    expect(CODES.length).toBeGreaterThan(50);
  });

  it.each(CODES)('%s has a non-empty text in zh-CN and en-US', (code) => {
    for (const locale of LOCALES) {
      const text: unknown = ERRORS[code][locale];
      expect(typeof text, `${code} ${locale}`).toBe('string');
      expect((text as string).trim(), `${code} ${locale}`).not.toBe('');
    }
    // A zh-CN text that is plain English (or the reverse) is a translation that was never made.
    expect(ERRORS[code]['zh-CN'], code).toMatch(/[\u4e00-\u9fff]/);
    expect(ERRORS[code]['en-US'].replace(PLACEHOLDER, ''), code).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it.each(CODES)('%s names the same placeholders in both languages', (code) => {
    const zh = placeholders(ERRORS[code]['zh-CN']).map(sameValue);
    const en = placeholders(ERRORS[code]['en-US']).map(sameValue);
    expect(en, code).toEqual(zh);
  });

  it.each(CODES)('%s maps to an HTTP error status', (code) => {
    const status = errorStatus(code);
    expect(HTTP_ERROR_STATUSES.has(status), `${code} ${status}`).toBe(true);
  });

  it.each(CODES)('%s is rendered with every parameter filled in', (code) => {
    for (const locale of LOCALES) {
      const names = placeholders(ERRORS[code][locale]);
      const params = Object.fromEntries(names.map((name) => [name, `«${name}-value»`]));
      const rendered = errorMessage(code, locale, params);
      expect(rendered, `${code} ${locale}`).not.toMatch(PLACEHOLDER);
      for (const name of names) expect(rendered, `${code} ${locale}`).toContain(`«${name}-value»`);
      expect(rendered.replace(/«\w+-value»/g, ''), `${code} ${locale}`).toBe(ERRORS[code][locale].replace(PLACEHOLDER, ''));
    }
  });

  it('leaves a placeholder without a value visible rather than rendering it empty', () => {
    expect(errorMessage('request.rate_limited', 'en-US')).toContain('{seconds}');
  });
});
