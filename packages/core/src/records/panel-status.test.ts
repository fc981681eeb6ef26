import { describe, expect, it } from 'vitest';
import { derivePanelStatus, fieldEntered, isPanelClosed, PANEL_STATUSES } from './panel-status.js';
import type { PanelFieldInput } from './panel-status.js';

const field = (over: Partial<PanelFieldInput> = {}): PanelFieldInput => ({ status: 'COMPLETED', frozen: false, inactiveType: null, value: 1, ...over });
const empty = (over: Partial<PanelFieldInput> = {}): PanelFieldInput => field({ status: '', value: null, ...over });

describe('derivePanelStatus', () => {
  it('is EXPIRED when nothing is entered, even with required fields', () => {
    expect(derivePanelStatus([], false)).toBe('EXPIRED');
    expect(derivePanelStatus([empty({ required: true }), empty({ value: '' }), empty({ value: [] })], false)).toBe('EXPIRED');
  });

  it('is NOT_CHECKED when the panel is marked unchecked', () => {
    expect(derivePanelStatus([empty()], true)).toBe('NOT_CHECKED');
  });

  it('is INCOMPLETE when a required field is blank, and not when it is set inactive', () => {
    expect(derivePanelStatus([field(), empty({ required: true })], false)).toBe('INCOMPLETE');
    expect(derivePanelStatus([field(), empty({ required: true, inactiveType: 'ND' })], false)).toBe('COMPLETED');
    expect(derivePanelStatus([field(), empty({ required: false })], false)).toBe('COMPLETED');
  });

  it('is INCOMPLETE while an entered field is still entering', () => {
    expect(derivePanelStatus([field(), field({ status: 'ENTERING' })], false)).toBe('INCOMPLETE');
  });

  it('takes the lowest status on the forward chain among entered fields', () => {
    expect(derivePanelStatus([field({ status: 'VERIFIED' }), field({ status: 'REVIEWED' })], false)).toBe('VERIFIED');
    expect(derivePanelStatus([field({ status: 'REVIEWED' }), field({ status: 'SIGNED' })], false)).toBe('REVIEWED');
    expect(derivePanelStatus([field({ status: 'SIGNED' }), field({ status: 'LOCKED' })], false)).toBe('SIGNED');
    expect(derivePanelStatus([field({ status: 'SIGNED' }), empty()], false)).toBe('SIGNED');
  });

  it('is LOCKED when every entered field is locked, FROZEN when every entered field is frozen', () => {
    expect(derivePanelStatus([field({ status: 'LOCKED' }), field({ status: 'LOCKED', frozen: true })], false)).toBe('LOCKED');
    expect(derivePanelStatus([field({ frozen: true }), field({ status: 'VERIFIED', frozen: true }), empty()], false)).toBe('FROZEN');
    expect(derivePanelStatus([field({ frozen: true }), field({ status: 'VERIFIED' })], false)).toBe('COMPLETED');
  });

  it('counts inactive fields as entered but not for the lowest status', () => {
    expect(derivePanelStatus([empty({ inactiveType: 'NA' })], false)).toBe('COMPLETED');
    expect(derivePanelStatus([empty({ inactiveType: 'NA' }), field({ status: 'VERIFIED' })], false)).toBe('VERIFIED');
    expect(fieldEntered({ value: null, inactiveType: 'IE' })).toBe(true);
    expect(fieldEntered({ value: 0, inactiveType: null })).toBe(true);
  });
});

describe('closed panels (spec 002 §4)', () => {
  it('are the signed, locked and frozen ones', () => {
    expect(PANEL_STATUSES.filter(isPanelClosed)).toEqual(['FROZEN', 'SIGNED', 'LOCKED']);
  });
});
