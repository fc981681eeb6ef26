import { describe, expect, it } from 'vitest';
import { createWindowProjectCheck, PROJECT_CHECK_INTERVAL_MS, WINDOW_PROJECT_KEY } from './windowProject';

describe('the switch-in-another-window check (spec 000 §4.4)', () => {
  function setup() {
    let now = 10_000;
    const check = createWindowProjectCheck(window.localStorage, () => now);
    return { check, advance: (ms: number) => (now += ms) };
  }

  it('stores this window’s project under a pro__ key and sees no switch while it is unchanged', () => {
    const { check } = setup();
    check.remember(5);
    expect(WINDOW_PROJECT_KEY.startsWith('pro__')).toBe(true);
    expect(window.localStorage.getItem(WINDOW_PROJECT_KEY)).toBe('5');
    expect(check.switchedElsewhere()).toBe(false);
  });

  it('notices another window switching, at most once per 3 seconds', () => {
    const { check, advance } = setup();
    check.remember(5);
    window.localStorage.setItem(WINDOW_PROJECT_KEY, '9');
    expect(check.switchedElsewhere()).toBe(true);
    advance(PROJECT_CHECK_INTERVAL_MS - 1);
    expect(check.switchedElsewhere()).toBe(false);
    advance(1);
    expect(check.switchedElsewhere()).toBe(true);
  });

  it('throttles checks even when nothing changed', () => {
    const { check, advance } = setup();
    check.remember(5);
    expect(check.switchedElsewhere()).toBe(false);
    window.localStorage.setItem(WINDOW_PROJECT_KEY, '9');
    advance(1_000);
    expect(check.switchedElsewhere()).toBe(false);
    advance(2_000);
    expect(check.switchedElsewhere()).toBe(true);
  });

  it('follows this window’s own switches and says nothing before it knows its project', () => {
    const { check } = setup();
    window.localStorage.setItem(WINDOW_PROJECT_KEY, '9');
    expect(check.switchedElsewhere()).toBe(false);
    const other = createWindowProjectCheck(window.localStorage, () => 50_000);
    other.remember(9);
    other.remember(null);
    expect(window.localStorage.getItem(WINDOW_PROJECT_KEY)).toBe('');
    expect(other.switchedElsewhere()).toBe(false);
  });
});
