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

  it('reads the message channels, and refuses one half configured (docs/operations.md "Messages")', () => {
    const bare = loadConfig({}, '1');
    expect(bare.smtp).toBeNull();
    expect(bare.wechat).toEqual({ apiUrl: 'https://api.weixin.qq.com', official: null, miniApp: null });
    const full = loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', SMTP_FROM: 'DCAP <no-reply@example.org>', WECHAT_API_URL: 'http://127.0.0.1:9000/', WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's', WECHAT_TEMPLATE_ID: 't' }, '1');
    expect(full.smtp).toEqual({ url: 'smtp://127.0.0.1:2525', from: 'DCAP <no-reply@example.org>' });
    expect(full.wechat).toEqual({ apiUrl: 'http://127.0.0.1:9000', official: { appId: 'wx1', appSecret: 's', templateId: 't' }, miniApp: null });
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }, '1')).toThrow(/SMTP_FROM/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' }, '1')).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ WECHAT_MINIAPP_APP_ID: 'wx2' }, '1')).toThrow(/WECHAT_MINIAPP_APP_SECRET/);
  });
});
