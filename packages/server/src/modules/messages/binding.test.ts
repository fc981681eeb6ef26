import type { WechatBindings } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WechatFake } from '../../test/wechat-fake.js';
import { startWechatFake } from '../../test/wechat-fake.js';
import type { Persona, Study } from '../roles/study.fixture.js';
import { ok, openStudy, person, refused } from '../roles/study.fixture.js';

/**
 * WeChat binding (spec 002 §3 "bound WeChat ids"; spec 000 §8.3 bind and unbind notices; spec 002 §7
 * unbind/{id}, unbindMiniApp/{id}) against the local WeChat stand-in: codes are exchanged by the server,
 * refusals come back as the failure notices in the caller's language, and every change is audited.
 */
let wx: WechatFake;
let study: Study;
let alice: Persona;
let bob: Persona;

beforeAll(async () => {
  wx = await startWechatFake();
  study = await openStudy({ ...wx.env });
  alice = await person(study, 'wx.alice');
  bob = await person(study, 'wx.bob');
});
afterAll(async () => {
  await study.t.close();
  await wx.close();
});

async function auditRows(entityId: string) {
  return study.t.deps.db
    .selectFrom('audit_log')
    .select(['action', 'actor_username', 'old_value', 'new_value'])
    .where('entity_type', '=', 'wechat_binding')
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
}

describe('WeChat binding', () => {
  it('binds the official-account id by an OAuth code, with the success notice and an audit row', async () => {
    expect(ok(await study.t.call('GET', '/dcap/user/wechat/bindings', { token: alice.token }))).toEqual({ bindings: [], available: ['official', 'miniApp'] });
    wx.addOAuthCode('code-alice', { openId: 'o-alice-0123456789', unionId: 'u-alice' });
    const bound = await study.t.call('POST', '/dcap/user/wechat/bind', { token: alice.token, body: { code: 'code-alice' }, lang: 'zh-CN' });
    expect(bound.body.msg).toBe('微信绑定成功');
    expect((ok(bound) as WechatBindings).bindings).toEqual([{ kind: 'official', openId: 'o-al…6789', boundAt: expect.any(String) as string }]);
    const rows = await auditRows(`${alice.id}:official`);
    expect(rows).toMatchObject([{ action: 'wechat_binding.create', actor_username: 'wx.alice', old_value: null, new_value: { kind: 'official', openId: 'o-alice-0123456789', unionId: 'u-alice' } }]);
  });

  it('answers the bind-failure notice in the caller’s language for a code WeChat refuses, and binds nothing', async () => {
    const zh = await study.t.call('POST', '/dcap/user/wechat/bind', { token: bob.token, body: { code: 'forged' }, lang: 'zh-CN' });
    refused(zh, 422, 'wechat.bind_failed');
    expect(zh.body.msg).toBe('微信绑定失败：40029 invalid code');
    const en = await study.t.call('POST', '/dcap/user/wechat/bindMiniApp', { token: bob.token, body: { code: 'forged' }, lang: 'en-US' });
    refused(en, 422, 'wechat.miniapp_bind_failed');
    expect(en.body.msg).toBe('Mini-app binding failed: 40029 invalid code');
    expect((ok(await study.t.call('GET', '/dcap/user/wechat/bindings', { token: bob.token })) as WechatBindings).bindings).toEqual([]);
    expect(await auditRows(`${bob.id}:official`)).toEqual([]);
  });

  it('refuses an open id bound to another user', async () => {
    wx.addOAuthCode('code-bob-as-alice', { openId: 'o-alice-0123456789' });
    refused(await study.t.call('POST', '/dcap/user/wechat/bind', { token: bob.token, body: { code: 'code-bob-as-alice' } }), 409, 'wechat.open_id_taken');
  });

  it('binds the mini-app id beside it, and binding again replaces the id', async () => {
    wx.addMiniAppCode('js-alice', { openId: 'mini-alice-abcdefgh' });
    const mini = await study.t.call('POST', '/dcap/user/wechat/bindMiniApp', { token: alice.token, body: { code: 'js-alice' }, lang: 'en-US' });
    expect(mini.body.msg).toBe('Mini-app bound');
    expect((ok(mini) as WechatBindings).bindings.map((b) => b.kind)).toEqual(['miniApp', 'official']);

    wx.addOAuthCode('code-alice-2', { openId: 'o-alice-new-987654' });
    ok(await study.t.call('POST', '/dcap/user/wechat/bind', { token: alice.token, body: { code: 'code-alice-2' } }));
    const rows = await auditRows(`${alice.id}:official`);
    expect(rows.at(-1)).toMatchObject({ action: 'wechat_binding.update', old_value: { openId: 'o-alice-0123456789' }, new_value: { openId: 'o-alice-new-987654' } });
  });

  it('unbinds the caller’s own id, and says so when nothing is bound', async () => {
    const unbound = await study.t.call('POST', '/dcap/user/wechat/unbind', { token: alice.token, lang: 'zh-CN' });
    expect(unbound.body.msg).toBe('微信解绑成功');
    expect((ok(unbound) as WechatBindings).bindings.map((b) => b.kind)).toEqual(['miniApp']);
    expect((await auditRows(`${alice.id}:official`)).at(-1)).toMatchObject({ action: 'wechat_binding.delete', old_value: { openId: 'o-alice-new-987654' }, new_value: null });
    const again = await study.t.call('POST', '/dcap/user/wechat/unbind', { token: alice.token, lang: 'zh-CN' });
    refused(again, 404, 'wechat.unbind_failed');
    expect(again.body.msg).toBe('微信解绑失败：该用户未绑定微信');
  });

  it('lets administrators, and nobody else, see and unbind another user’s ids', async () => {
    refused(await study.t.call('POST', `/dcap/sys/user/unbindMiniApp/${alice.id}`, { token: bob.token }), 403, 'permission.platform_admin_required');
    refused(await study.t.call('GET', `/dcap/sys/user/wechatBindings/${alice.id}`, { token: bob.token }), 403, 'permission.platform_admin_required');
    const seen = ok(await study.t.call('GET', `/dcap/sys/user/wechatBindings/${alice.id}`, { token: study.admin.token })) as WechatBindings;
    expect(seen.bindings.map((b) => b.kind)).toEqual(['miniApp']);

    const unbound = await study.t.call('POST', `/dcap/sys/user/unbindMiniApp/${alice.id}`, { token: study.admin.token, lang: 'en-US' });
    expect(unbound.body.msg).toBe('Mini-app unbound');
    expect((ok(unbound) as WechatBindings).bindings).toEqual([]);
    expect((await auditRows(`${alice.id}:miniApp`)).at(-1)).toMatchObject({ action: 'wechat_binding.delete', actor_username: 'admin', old_value: { openId: 'mini-alice-abcdefgh' } });

    refused(await study.t.call('POST', `/dcap/sys/user/unbindMiniApp/${alice.id}`, { token: study.admin.token }), 404, 'wechat.miniapp_unbind_failed');
    refused(await study.t.call('POST', `/dcap/sys/user/unbind/${alice.id}`, { token: study.admin.token }), 404, 'wechat.unbind_failed');
    refused(await study.t.call('POST', '/dcap/sys/user/unbind/999999', { token: study.admin.token }), 404, 'user.not_found');
  });

  it('says binding is not possible when no WeChat application is configured', async () => {
    const bare = await openStudy();
    try {
      expect(ok(await bare.t.call('GET', '/dcap/user/wechat/bindings', { token: bare.admin.token }))).toEqual({ bindings: [], available: [] });
      refused(await bare.t.call('POST', '/dcap/user/wechat/bind', { token: bare.admin.token, body: { code: 'x' } }), 422, 'wechat.not_configured');
      refused(await bare.t.call('POST', '/dcap/user/wechat/bindMiniApp', { token: bare.admin.token, body: { code: 'x' } }), 422, 'wechat.miniapp_not_configured');
    } finally {
      await bare.t.close();
    }
  });
});
