import { describe, expect, it } from 'vitest';
import { canOnPlatform, isPlatformAdmin } from './actor.js';

// Spec 000 §6: "system administrator (admin or systemAdmin) has all rights".
describe('platform rights', () => {
  it.each([
    [{ admin: true, systemAdmin: false, projectAdmin: false }, true],
    [{ admin: false, systemAdmin: true, projectAdmin: false }, true],
    [{ admin: false, systemAdmin: false, projectAdmin: true }, false],
    [{ admin: false, systemAdmin: false, projectAdmin: false }, false],
  ])('%o manages users: %s', (actor, expected) => {
    expect(isPlatformAdmin(actor)).toBe(expected);
    expect(canOnPlatform(actor, 'user.manage')).toBe(expected);
  });
});
