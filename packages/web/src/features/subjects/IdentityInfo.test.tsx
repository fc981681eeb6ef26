import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '@dcap/core';
import { createI18n } from '../../i18n';
import { IdentityInfo } from './IdentityInfo';

/** Shows what `value` says on `today`, or, with null, on the day the component takes itself. */
function show(value: string, locale: Locale, today: string | null = '2024-06-01') {
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <IdentityInfo value={value} today={today ?? undefined} />
    </I18nextProvider>,
  );
  return screen.queryByTestId('identity-info');
}

describe('IdentityInfo (spec 000 §5)', () => {
  it('shows birth date, sex and age read from an 18-character number', () => {
    expect(show('11010519491231002X', 'zh-CN')?.textContent).toBe('出生日期 1949-12-31 · 女 · 74 岁');
  });

  it('says so in English', () => {
    expect(show('11010519491231002x', 'en-US')?.textContent).toBe('Born 1949-12-31 · Female · 74 years');
  });

  it('names the problem of a number that does not read', () => {
    expect(show('110105194912310021', 'en-US')?.textContent).toBe('The ID number’s check character is wrong');
  });

  it('names a wrong length in Chinese', () => {
    expect(show('1101051949', 'zh-CN')?.textContent).toBe('身份证号应为 15 位或 18 位');
  });

  it('counts age and the latest birth date from the study’s day, not the browser’s (docs/decisions.md "The study’s day")', () => {
    // 20:00 UTC on 1 June is already 2 June in Shanghai: a birthday that day is reached, a birth that day is no future.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-06-01T20:00:00Z'));
    expect(show('110105194906020018', 'en-US', null)?.textContent).toBe('Born 1949-06-02 · Male · 75 years');
    cleanup();
    expect(show('110105202406020019', 'en-US', null)?.textContent).toBe('Born 2024-06-02 · Male · 0 years');
  });

  it('shows nothing while the field is empty', () => {
    expect(show('  ', 'zh-CN')).toBeNull();
  });
});
