import { describe, expect, it } from 'vitest';
import { FONT_SIZE_PX, defaultUserPreferences, mergeUserPreferences, saveUserPreferencesSchema, wantsNotification } from './preferences.js';

describe('account preferences (spec 000 §3: font size default 12 px; options small, medium, large)', () => {
  it('defaults to small = 12 px, with medium and large larger', () => {
    expect(defaultUserPreferences().fontSize).toBe('small');
    expect(FONT_SIZE_PX).toEqual({ small: 12, medium: 14, large: 16 });
  });

  it('keeps what is stored and applies a partial change on top', () => {
    const stored = { fontSize: 'large', notifications: { email: { visits: true } } };
    const merged = mergeUserPreferences(stored, { notifications: { inSite: { signatures: false } } });
    expect(merged.fontSize).toBe('large');
    expect(wantsNotification(merged, 'email', 'visits')).toBe(true);
    expect(wantsNotification(merged, 'inSite', 'signatures')).toBe(false);
    expect(wantsNotification(merged, 'inSite', 'queries')).toBe(true);
  });

  it('falls back to the defaults for stored values it does not recognise', () => {
    expect(mergeUserPreferences({ fontSize: 'huge', notifications: 'x' })).toEqual(defaultUserPreferences());
  });

  it.each([{ fontSize: 'huge' }, { userId: 2 }, { notifications: { sms: {} } }, { notifications: { email: { queries: 'yes' } } }])('refuses %j', (body) => {
    expect(saveUserPreferencesSchema.safeParse(body).success).toBe(false);
  });
});
