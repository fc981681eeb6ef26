import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '1.2.3');
    expect(config.port).toBe(8080);
    expect(config.session.idleMs).toBe(30 * 60_000);
    expect(config.lockout).toEqual({ threshold: 5, windowMs: 15 * 60_000, durationMs: 15 * 60_000 });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.version).toEqual({ name: 'Community', number: '1.2.3' });
  });

  it('refuses a bad value naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, '1')).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' }, '1')).toThrow(/SESSION_IDLE_MINUTES/);
  });
});
