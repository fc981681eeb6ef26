import { describe, expect, it } from 'vitest';
import { createWidget } from '../panels/factory.js';
import type { Panel, Widget } from '../panels/schema.js';
import { panelMailLines } from './mail.js';
import { surveyAllowed, surveySendState, surveyValidity } from './rules.js';

const field = (type: 'input' | 'radio' | 'uploader', model: string, options: Partial<Widget['options']> = {}): Widget => {
  const widget = createWidget(type, new Set());
  return { ...widget, key: model, model, name: `${model} 中文`, nameEn: model, options: { ...widget.options, ...options } };
};
const panel = (...list: Widget[]): Panel => ({ list, config: { labelWidth: 8, labelPosition: 'right' } });

describe('which panels a subject may fill (docs/decisions.md "Subject questionnaires")', () => {
  it('takes form panels without uploads or randomisation and enrolment fields', () => {
    expect(surveyAllowed('form', panel(field('input', 'A')))).toBe(true);
    expect(surveyAllowed('derived', panel(field('input', 'A')))).toBe(false);
    expect(surveyAllowed('form', panel(field('input', 'A'), field('uploader', 'B')))).toBe(false);
    expect(surveyAllowed('form', panel(field('radio', 'ARM', { arm: true })))).toBe(false);
    expect(surveyAllowed('form', panel(field('radio', 'F', { strataFactors: true })))).toBe(false);
  });
});

describe('the states of spec 002 §4', () => {
  const now = new Date('2026-01-10T00:00:00Z');
  it('says why a link is no longer valid, submission first', () => {
    const link = { expiresAt: new Date('2026-01-11T00:00:00Z'), revokedAt: null, enteredAt: null };
    expect(surveyValidity(link, now)).toBe('valid');
    expect(surveyValidity({ ...link, expiresAt: now }, now)).toBe('expired');
    expect(surveyValidity({ ...link, revokedAt: now }, now)).toBe('revoked');
    expect(surveyValidity({ ...link, revokedAt: now, enteredAt: now }, now)).toBe('entered');
  });
  it('reads the send state from the latest outbox status', () => {
    expect(surveySendState(null)).toBe('none');
    expect(surveySendState('queued')).toBe('pending');
    expect(surveySendState('sending')).toBe('pending');
    expect(surveySendState('sent')).toBe('sent');
    expect(surveySendState('unconfirmed')).toBe('failed');
    expect(surveySendState('failed')).toBe('failed');
  });
});

describe('the record mail', () => {
  it('leaves out hidden, arm and sensitive fields and reads choices by their labels', () => {
    const sex = field('radio', 'SEX', { options: [{ key: '1', value: '1', label: '男', labelEn: 'Male' }] });
    const lines = panelMailLines(
      panel(field('input', 'NAME'), sex, field('input', 'HID'), field('radio', 'ARM', { arm: true }), field('input', 'ID', { sensitiveInformation: true })),
      { NAME: 'Zhang', SEX: '1', HID: 'x', ARM: 'A', ID: '110' },
      new Set(['HID']),
      'en-US',
      '(empty)',
    );
    expect(lines).toEqual(['NAME: Zhang', 'SEX: Male (1)']);
  });
});
