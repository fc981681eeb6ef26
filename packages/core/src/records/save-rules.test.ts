import { describe, expect, it } from 'vitest';
import { BLANK_FIELD_STATE } from './field-state.js';
import { lockedReason, needsReason, ruleDrivenPath } from './save-rules.js';
import { reasonComplete, reasonText } from './reasons.js';

describe('save rules', () => {
  it('WF-2 names why a field may not change: locked, frozen, inactive', () => {
    expect(lockedReason(undefined)).toBeNull();
    expect(lockedReason(BLANK_FIELD_STATE)).toBeNull();
    expect(lockedReason({ ...BLANK_FIELD_STATE, status: 'LOCKED' })).toBe('locked');
    expect(lockedReason({ ...BLANK_FIELD_STATE, status: 'VERIFIED', frozen: true })).toBe('frozen');
    expect(lockedReason({ ...BLANK_FIELD_STATE, inactiveType: 'ND' })).toBe('inactive');
    expect(lockedReason({ ...BLANK_FIELD_STATE, status: 'SIGNED' })).toBeNull();
  });

  it('AT-2 asks a reason for a changed saved value, not for a first entry or a rule-driven change', () => {
    expect(needsReason({ value: 5, saved: true }, false)).toBe(true);
    expect(needsReason({ value: 5, saved: true }, true)).toBe(false);
    expect(needsReason({ value: null, saved: true }, false)).toBe(false);
    expect(needsReason({ value: 5, saved: false }, false)).toBe(false);
    expect(needsReason(undefined, false)).toBe(false);
  });

  it('knows computed fields, computed columns and hidden fields', () => {
    const formulas = new Set(['BMI', 'LB.SIG']);
    const hidden = new Set(['PREG']);
    expect(ruleDrivenPath('BMI', formulas, hidden)).toBe(true);
    expect(ruleDrivenPath('LB#r2.SIG', formulas, hidden)).toBe(true);
    expect(ruleDrivenPath('LB#r2.RES', formulas, hidden)).toBe(false);
    expect(ruleDrivenPath('PREG', formulas, hidden)).toBe(true);
    expect(ruleDrivenPath('WEIGHT', formulas, hidden)).toBe(false);
  });

  it('a reason needs a known code, and text with OTHER', () => {
    expect(reasonComplete(undefined)).toBe(false);
    expect(reasonComplete({ code: 'NOPE' })).toBe(false);
    expect(reasonComplete({ code: 'TRANSCRIPTION_ERROR' })).toBe(true);
    expect(reasonComplete({ code: 'OTHER', text: '  ' })).toBe(false);
    expect(reasonComplete({ code: 'OTHER', text: 'typo' })).toBe(true);
    expect(reasonText({ code: 'OTHER', text: 'typo' })).toBe('OTHER 其他 / Other: typo');
  });
});
