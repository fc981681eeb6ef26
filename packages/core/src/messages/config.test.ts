import { describe, expect, it } from 'vitest';
import { MESSAGE_EVENTS } from './channels.js';
import { EVENT_NOTIFICATION_CATEGORY, placeholdersIn, placeholdersOf, renderTemplate, saveMessageConfigSchema, unknownPlaceholders } from './config.js';
import { DEFAULT_MESSAGE_CONFIGS, defaultMessageConfig } from './defaults.js';

describe('message templates (spec 002 §3 "Message config")', () => {
  it('finds named placeholders once each, in order', () => {
    expect(placeholdersIn('{a} and {b2} and {a}, not { x } or {1y}')).toEqual(['a', 'b2']);
  });

  it('fills the placeholders, leaving an unknown or missing one empty and other braces alone', () => {
    expect(renderTemplate('【{projectCode}】{subjectCode}: {missing}{{x}}', { projectCode: 'P1', subjectCode: 'S-001' })).toBe('【P1】S-001: {}');
    expect(renderTemplate('{n} kits', { n: 0 })).toBe('0 kits');
    // A value never becomes a placeholder itself.
    expect(renderTemplate('{a}', { a: '{b}', b: 'x' })).toBe('{b}');
  });

  it('refuses placeholders an event does not offer, and never offers anything blinded', () => {
    expect(unknownPlaceholders('query.raised', ['{subjectCode} {arm}', '{group} {field}'])).toEqual(['arm', 'group']);
    expect(unknownPlaceholders('query.raised', ['{projectCode} {siteName} {actorName}'])).toEqual([]);
    for (const event of MESSAGE_EVENTS) {
      for (const blinded of ['arm', 'armName', 'group', 'kitType', 'treatment']) expect(placeholdersOf(event)).not.toContain(blinded);
    }
  });

  it('has a valid default for every event in both languages, using only its own placeholders', () => {
    expect(DEFAULT_MESSAGE_CONFIGS.map((config) => config.event)).toEqual([...MESSAGE_EVENTS]);
    for (const config of DEFAULT_MESSAGE_CONFIGS) {
      expect(saveMessageConfigSchema.safeParse(config).success, config.event).toBe(true);
      const texts = Object.values(config.templates).flatMap((template) => [template.subject, template.body]);
      expect(unknownPlaceholders(config.event, texts), config.event).toEqual([]);
      expect(placeholdersIn(config.templates['zh-CN'].body).sort(), config.event).toEqual(placeholdersIn(config.templates['en-US'].body).sort());
    }
  });

  it('sends the e-mailed password by e-mail only and maps every other event to a preference category', () => {
    expect(defaultMessageConfig('password.reset')).toMatchObject({ inSite: false, email: true, category: 'system' });
    expect(EVENT_NOTIFICATION_CATEGORY['password.reset']).toBeNull();
    expect(MESSAGE_EVENTS.filter((event) => EVENT_NOTIFICATION_CATEGORY[event] === null)).toEqual(['password.reset']);
  });
});
