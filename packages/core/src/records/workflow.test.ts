import { describe, expect, it } from 'vitest';
import type { ProjectAction } from '../permissions/project.js';
import type { AuditStep } from '../projects/process-config.js';
import type { FieldState, FieldStatus } from './field-state.js';
import type { FieldAction, FieldActionContext } from './workflow.js';
import {
  availableFieldActions,
  FIELD_ACTIONS,
  FIELD_TRANSITIONS,
  fieldAction,
  fieldEditRefusal,
  fieldQueryable,
  processEndStatus,
  readyForSign,
  statusBeforeSign,
  stepStartStatus,
} from './workflow.js';

const ALL_RIGHTS: ProjectAction[] = ['record.enter', 'record.verify', 'record.review', 'record.sign', 'record.lock', 'record.freeze'];
const ALL_STEPS: AuditStep[] = ['verify', 'review', 'sign'];
const context = (overrides: Partial<FieldActionContext> = {}): FieldActionContext => ({
  rights: ALL_RIGHTS,
  steps: ALL_STEPS,
  widgetType: 'input',
  hasFormula: false,
  ...overrides,
});
const state = (status: FieldStatus, frozen = false, inactiveType: FieldState['inactiveType'] = null): FieldState => ({ status, frozen, inactiveType });

/**
 * Every row of spec 002 §4 "Field action rules" with the default process: (status, action) → allowed and the
 * resulting status, or the refusal. One line per case so a changed table shows exactly which rule moved.
 */
const DEFAULT_PROCESS: [FieldStatus, FieldAction, string][] = [
  ['COMPLETED', 'verify', 'VERIFIED'],
  ['', 'verify', 'status'],
  ['ENTERING', 'verify', 'status'],
  ['VERIFIED', 'verify', 'status'],
  ['REVIEWED', 'verify', 'status'],
  ['VERIFIED', 'unverify', 'COMPLETED'],
  ['COMPLETED', 'unverify', 'status'],
  ['REVIEWED', 'unverify', 'status'],
  ['VERIFIED', 'review', 'REVIEWED'],
  ['COMPLETED', 'review', 'status'],
  ['SIGNED', 'review', 'status'],
  ['REVIEWED', 'unreview', 'VERIFIED'],
  ['VERIFIED', 'unreview', 'status'],
  ['REVIEWED', 'sign', 'SIGNED'],
  ['VERIFIED', 'sign', 'status'],
  ['SIGNED', 'lock', 'LOCKED'],
  ['REVIEWED', 'lock', 'status'],
  ['COMPLETED', 'lock', 'status'],
  ['LOCKED', 'unlock', 'SIGNED'],
  ['SIGNED', 'unlock', 'status'],
  ['', 'inactivate', ''],
  ['ENTERING', 'inactivate', 'ENTERING'],
  ['COMPLETED', 'inactivate', 'COMPLETED'],
  ['VERIFIED', 'inactivate', 'VERIFIED'],
  ['REVIEWED', 'inactivate', 'REVIEWED'],
  ['SIGNED', 'inactivate', 'status'],
  ['LOCKED', 'inactivate', 'status'],
  ['COMPLETED', 'freeze', 'COMPLETED'],
  ['SIGNED', 'freeze', 'SIGNED'],
  ['LOCKED', 'freeze', 'status'],
];

describe('field workflow (spec 002 §4)', () => {
  it('WF-1 every action has exactly one row in the table', () => {
    expect(FIELD_TRANSITIONS.map((row) => row.action).sort()).toEqual([...FIELD_ACTIONS].sort());
  });

  it.each(DEFAULT_PROCESS)('WF-1 with the default process, %s + %s → %s', (status, action, expected) => {
    const result = fieldAction(state(status), action, context(), { inactiveType: 'ND' });
    if (expected === 'status') expect(result).toEqual({ ok: false, reason: 'status' });
    else expect(result).toMatchObject({ ok: true, next: { status: expected } });
  });

  it.each(FIELD_TRANSITIONS.map((row) => [row.action, row.right] as const))('WF-1 %s needs the right %s', (action, right) => {
    const rights = ALL_RIGHTS.filter((candidate) => candidate !== right);
    expect(fieldAction(state('COMPLETED'), action, context({ rights, hasFormula: true }), { inactiveType: 'NA' })).toEqual({ ok: false, reason: 'right' });
  });

  it('WF-1 verify and review toggle, freeze toggles as a flag of its own', () => {
    expect(fieldAction(state('COMPLETED'), 'freeze', context())).toEqual({ ok: true, next: state('COMPLETED', true) });
    expect(fieldAction(state('COMPLETED', true), 'freeze', context())).toEqual({ ok: false, reason: 'frozen' });
    expect(fieldAction(state('COMPLETED', true), 'unfreeze', context())).toEqual({ ok: true, next: state('COMPLETED') });
    expect(fieldAction(state('COMPLETED'), 'unfreeze', context())).toEqual({ ok: false, reason: 'not_frozen' });
    expect(fieldAction(state('LOCKED', true), 'unfreeze', context())).toEqual({ ok: false, reason: 'status' });
  });

  it('WF-2 frozen data may still be verified, reviewed, signed and locked, but not inactivated, activated, recalculated or cleared', () => {
    expect(fieldAction(state('COMPLETED', true), 'verify', context())).toMatchObject({ ok: true, next: state('VERIFIED', true) });
    expect(fieldAction(state('VERIFIED', true), 'review', context())).toMatchObject({ ok: true });
    expect(fieldAction(state('REVIEWED', true), 'sign', context())).toMatchObject({ ok: true });
    expect(fieldAction(state('SIGNED', true), 'lock', context())).toMatchObject({ ok: true });
    expect(fieldAction(state('COMPLETED', true), 'inactivate', context(), { inactiveType: 'ND' })).toEqual({ ok: false, reason: 'frozen' });
    expect(fieldAction(state('COMPLETED', true, 'ND'), 'activate', context())).toEqual({ ok: false, reason: 'frozen' });
    const formula = context({ hasFormula: true });
    expect(fieldAction(state('COMPLETED', true), 'recalculate', formula, { value: 3 })).toEqual({ ok: false, reason: 'frozen' });
    expect(fieldAction(state('COMPLETED', true), 'clear', formula)).toEqual({ ok: false, reason: 'frozen' });
    expect(fieldEditRefusal(state('COMPLETED', true))).toBe('frozen');
    expect(fieldQueryable(state('COMPLETED', true))).toBe(true);
  });

  it('WF-2 locked data is not edited nor queried; only an unlock leads back', () => {
    expect(fieldEditRefusal(state('LOCKED'))).toBe('locked');
    expect(fieldQueryable(state('LOCKED'))).toBe(false);
    for (const action of ['recalculate', 'clear', 'inactivate', 'activate', 'freeze', 'verify', 'unverify'] as const) {
      expect(fieldAction(state('LOCKED', false, action === 'activate' ? 'ND' : null), action, context({ hasFormula: true }), { inactiveType: 'ND' })).toMatchObject({ ok: false });
    }
    expect(fieldAction(state('LOCKED'), 'unlock', context())).toEqual({ ok: true, next: state('SIGNED') });
    expect(fieldEditRefusal(state('SIGNED'))).toBeNull();
    expect(fieldEditRefusal(state('COMPLETED', false, 'NA'))).toBe('inactive');
  });

  it('WF-1 inactivate needs one of ND, NA, IE, OTHER and is refused on inactive data; activate needs an inactive type', () => {
    expect(fieldAction(state('COMPLETED'), 'inactivate', context())).toEqual({ ok: false, reason: 'inactive_type' });
    expect(fieldAction(state('COMPLETED'), 'inactivate', context(), { inactiveType: 'OTHER' })).toEqual({ ok: true, next: state('COMPLETED', false, 'OTHER') });
    expect(fieldAction(state('COMPLETED', false, 'ND'), 'inactivate', context(), { inactiveType: 'NA' })).toEqual({ ok: false, reason: 'inactive' });
    expect(fieldAction(state('COMPLETED', false, 'IE'), 'activate', context())).toEqual({ ok: true, next: state('COMPLETED') });
    expect(fieldAction(state('COMPLETED'), 'activate', context())).toEqual({ ok: false, reason: 'not_inactive' });
    expect(fieldAction(state('SIGNED', false, 'ND'), 'activate', context())).toEqual({ ok: false, reason: 'status' });
  });

  it('WF-1 recalculate only with a formula; clear with a formula or on a radio field', () => {
    expect(fieldAction(state('COMPLETED'), 'recalculate', context())).toEqual({ ok: false, reason: 'widget' });
    expect(fieldAction(state('COMPLETED'), 'recalculate', context({ hasFormula: true }), { value: 7 })).toEqual({ ok: true, next: state('COMPLETED') });
    expect(fieldAction(state('VERIFIED'), 'recalculate', context({ hasFormula: true }), { value: null })).toEqual({ ok: true, next: state('') });
    expect(fieldAction(state('SIGNED'), 'recalculate', context({ hasFormula: true }), { value: 2 })).toEqual({ ok: true, next: state('COMPLETED') });
    expect(fieldAction(state('COMPLETED'), 'clear', context())).toEqual({ ok: false, reason: 'widget' });
    expect(fieldAction(state('REVIEWED'), 'clear', context({ widgetType: 'radio' }))).toEqual({ ok: true, next: state('') });
    expect(fieldAction(state('COMPLETED'), 'clear', context({ hasFormula: true }))).toEqual({ ok: true, next: state('') });
    expect(fieldAction(state('COMPLETED', false, 'ND'), 'clear', context({ widgetType: 'radio' }))).toEqual({ ok: false, reason: 'inactive' });
  });

  it('WF-1 a step the project does not use does not exist; the next step starts where the last used one ends', () => {
    const verifyOnly = context({ steps: ['verify', 'sign'] });
    expect(fieldAction(state('VERIFIED'), 'review', verifyOnly)).toEqual({ ok: false, reason: 'step_not_used' });
    expect(fieldAction(state('VERIFIED'), 'sign', verifyOnly)).toMatchObject({ ok: true, next: { status: 'SIGNED' } });
    const noSign = context({ steps: ['verify', 'review'] });
    expect(fieldAction(state('REVIEWED'), 'sign', noSign)).toEqual({ ok: false, reason: 'step_not_used' });
    expect(fieldAction(state('REVIEWED'), 'lock', noSign)).toMatchObject({ ok: true, next: { status: 'LOCKED' } });
    expect(fieldAction(state('LOCKED'), 'unlock', noSign)).toMatchObject({ ok: true, next: { status: 'REVIEWED' } });
    const none = context({ steps: [] });
    expect(fieldAction(state('COMPLETED'), 'lock', none)).toMatchObject({ ok: true, next: { status: 'LOCKED' } });
    expect(fieldAction(state('COMPLETED'), 'verify', none)).toEqual({ ok: false, reason: 'step_not_used' });
    const reviewFirst = context({ steps: ['review', 'verify'] });
    expect(fieldAction(state('COMPLETED'), 'review', reviewFirst)).toMatchObject({ ok: true, next: { status: 'REVIEWED' } });
    expect(fieldAction(state('REVIEWED'), 'verify', reviewFirst)).toMatchObject({ ok: true, next: { status: 'VERIFIED' } });
    expect(fieldAction(state('VERIFIED'), 'unverify', reviewFirst)).toMatchObject({ ok: true, next: { status: 'REVIEWED' } });
  });

  it('ES-5 a broken signature returns fields to the end of the step before sign', () => {
    expect(statusBeforeSign(['verify', 'review', 'sign'])).toBe('REVIEWED');
    expect(statusBeforeSign(['verify', 'sign'])).toBe('VERIFIED');
    expect(statusBeforeSign(['sign'])).toBe('COMPLETED');
    expect(stepStartStatus('review', ['verify', 'review'])).toBe('VERIFIED');
    expect(processEndStatus([])).toBe('COMPLETED');
    expect(readyForSign(state('REVIEWED'), ALL_STEPS)).toBe(true);
    expect(readyForSign(state('VERIFIED'), ALL_STEPS)).toBe(false);
  });
});

describe('the field settings menu (spec 002 §2, §6)', () => {
  const actions = (entries: ReturnType<typeof availableFieldActions>) => entries.map((entry) => `${entry.action}${entry.enabled ? '' : `!${entry.reason ?? ''}`}`);

  it('shows one side of each toggle, never sign, and greys out what the user may not do', () => {
    expect(actions(availableFieldActions(state('COMPLETED'), context()))).toEqual(['verify', 'review!status', 'lock!status', 'freeze', 'inactivate']);
    expect(actions(availableFieldActions(state('VERIFIED'), context({ rights: ['record.enter'] })))).toEqual(['verify!right', 'review!right', 'lock!right', 'freeze!right', 'inactivate']);
    expect(actions(availableFieldActions(state('LOCKED', true, 'NA'), context({ hasFormula: true })))).toEqual([
      'verify!status',
      'review!status',
      'unlock',
      'freeze!status',
      'inactivate!status',
      'recalculate!status',
      'clear!status',
    ]);
  });

  it('leaves out steps the project does not use and widget actions the field does not have', () => {
    expect(actions(availableFieldActions(state('COMPLETED', false, 'ND'), context({ steps: [], widgetType: 'radio' })))).toEqual(['lock', 'freeze', 'activate', 'clear!inactive']);
  });
});
