import { describe, expect, it } from 'vitest';
import type { CurrentArticle } from './bulletins.js';
import { articleState, parseStoredArticle, shouldShowBulletin, storedArticleOf } from './bulletins.js';
import { readImageSize } from './image.js';
import { LOGIN_URL_PATTERN, imageRatioFits, projectFooter } from './ui-config.js';

const article: NonNullable<CurrentArticle> = { id: 1, data: '<p>停机</p>', dataEn: '<p>Downtime</p>', isShow: 1, publishedDate: '2026-01-01T00:00:00.000Z' };

describe('the bulletin dialog’s show rules (spec 000 §4.5)', () => {
  it('shows a bulletin never stored, and hides it once stored for the same user', () => {
    expect(shouldShowBulletin(article, null, 7)).toBe(true);
    expect(shouldShowBulletin(article, storedArticleOf(article, 7), 7)).toBe(false);
  });

  it('shows it again when the user, the content of either language or the show flag differs', () => {
    const stored = storedArticleOf(article, 7);
    expect(shouldShowBulletin(article, stored, 8)).toBe(true);
    expect(shouldShowBulletin({ ...article, data: '<p>改</p>' }, stored, 7)).toBe(true);
    expect(shouldShowBulletin({ ...article, dataEn: '<p>Changed</p>' }, stored, 7)).toBe(true);
    expect(shouldShowBulletin(article, { ...stored, isShow: 0 }, 7)).toBe(true);
  });

  it('never shows a bulletin whose show flag is off, or none at all', () => {
    expect(shouldShowBulletin({ ...article, isShow: 0 }, null, 7)).toBe(false);
    expect(shouldShowBulletin(null, null, 7)).toBe(false);
  });

  it('reads back only a stored copy of the right shape', () => {
    expect(parseStoredArticle(storedArticleOf(article, 7))).toEqual({ userId: 7, data: article.data, dataEn: article.dataEn, isShow: 1 });
    expect(parseStoredArticle('garbage')).toBeNull();
    expect(parseStoredArticle({ userId: '7' })).toBeNull();
  });

  it('names a bulletin draft, scheduled or published by its date', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(articleState(null, now)).toBe('draft');
    expect(articleState(new Date('2026-07-01T00:00:00Z'), now)).toBe('scheduled');
    expect(articleState(new Date('2026-05-01T00:00:00Z'), now)).toBe('published');
  });
});

describe('image sizes and ratios (spec 002 §3 "UI settings")', () => {
  it('reads a PNG header and a JPEG start-of-frame, and nothing else', () => {
    const pngHead = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 44, 0, 0, 0, 100]);
    expect(readImageSize(pngHead)).toEqual({ type: 'png', width: 300, height: 100 });
    // SOI, an APP0 segment of 16 bytes, then SOF0 with height 50 and width 150.
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...new Array<number>(14).fill(0), 0xff, 0xc0, 0, 17, 8, 0, 50, 0, 150, 3, 0, 0, 0]);
    expect(readImageSize(jpeg)).toEqual({ type: 'jpeg', width: 150, height: 50 });
    expect(readImageSize(new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0x3e, 0, 0, 0, 0, 0]))).toBeNull();
    expect(readImageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeNull();
  });

  it('fits logos to 1:1 and 3:1 within a small tolerance; the background to any shape', () => {
    expect(imageRatioFits('loginLogo', 100, 100)).toBe(true);
    expect(imageRatioFits('loginLogo', 100, 99)).toBe(true);
    expect(imageRatioFits('loginLogo', 100, 90)).toBe(false);
    expect(imageRatioFits('bigLogo', 300, 100)).toBe(true);
    expect(imageRatioFits('bigLogo', 200, 100)).toBe(false);
    expect(imageRatioFits('background', 1920, 400)).toBe(true);
  });

  it('takes a login address that is one safe URL segment', () => {
    expect(LOGIN_URL_PATTERN.test('cardio-2026')).toBe(true);
    for (const bad of ['-x', 'x-', 'a/b', '../a', 'Ab', '', 'a'.repeat(49)]) expect(LOGIN_URL_PATTERN.test(bad), bad).toBe(false);
  });

  it('gives the project’s footer in the language asked, falling back to the other (spec 000 §1)', () => {
    expect(projectFooter({ footer: '中文', footerEn: 'English' }, 'en-US')).toBe('English');
    expect(projectFooter({ footer: '中文', footerEn: null }, 'en-US')).toBe('中文');
    expect(projectFooter({ footer: null, footerEn: null }, 'zh-CN')).toBeNull();
    expect(projectFooter(null, 'zh-CN')).toBeNull();
  });
});
