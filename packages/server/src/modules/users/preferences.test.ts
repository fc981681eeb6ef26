import type { UserPreferences } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona, Study } from '../roles/study.fixture.js';
import { ok, openStudy, person, refused } from '../roles/study.fixture.js';

let study: Study;
let ana: Persona;
let ben: Persona;
beforeAll(async () => {
  study = await openStudy();
  ana = await person(study, 'pref.ana');
  ben = await person(study, 'pref.ben');
});
afterAll(() => study.t.close());

const read = async (who: Persona) => ok(await study.t.call('GET', '/dcap/sys/user/preferences', { token: who.token })) as UserPreferences;
const save = (who: Persona, body: unknown, lang = 'zh-CN') => study.t.call('POST', '/dcap/sys/user/preferences', { token: who.token, body, lang });
const auditRows = (userId: number) =>
  study.t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.preferences_update').where('entity_id', '=', String(userId)).orderBy('id').execute();

describe('account preferences: font size and notifications, the caller\'s own only', () => {
  it('starts at the defaults: 12 px (small), everything in-site, e-mail for queries, role changes, project status and randomisation, WeChat for what needs attention soon', async () => {
    // spec 000 §3: "A font size preference is also kept (default 12 px; options small, medium, large)."
    expect(await read(ana)).toEqual({
      fontSize: 'small',
      notifications: {
        inSite: { queries: true, signatures: true, visits: true, roleChanges: true, projectStatus: true, randomisation: true },
        email: { queries: true, signatures: false, visits: false, roleChanges: true, projectStatus: true, randomisation: true },
        wechat: { queries: true, signatures: true, visits: true, roleChanges: true, projectStatus: true, randomisation: false },
      },
    });
  });

  it('saves a partial change for the caller alone, with one audit row naming what changed', async () => {
    const saved = ok(await save(ana, { fontSize: 'large', notifications: { email: { visits: true } } })) as UserPreferences;
    expect(saved.fontSize).toBe('large');
    expect(saved.notifications.email).toMatchObject({ visits: true, queries: true, signatures: false });
    expect(await read(ana)).toEqual(saved);
    expect((await read(ben)).fontSize).toBe('small');
    const rows = await auditRows(ana.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: ana.id, entity_type: 'user', old_value: { fontSize: 'small', 'email.visits': false }, new_value: { fontSize: 'large', 'email.visits': true } });
    // Saving the same again changes nothing and writes no audit row.
    ok(await save(ana, { fontSize: 'large' }));
    expect(await auditRows(ana.id)).toHaveLength(1);
  });

  it.each([
    ['an unknown font size', { fontSize: 'huge' }],
    ['another user named in the body', { userId: 2, fontSize: 'medium' }],
    ['an unknown channel', { notifications: { sms: { queries: true } } }],
    ['a flag that is not a boolean', { notifications: { inSite: { queries: 'no' } } }],
  ])('refuses %s with 400 in the caller\'s language and changes nothing', async (_name, body) => {
    const before = await read(ben);
    const zh = await save(ben, body);
    refused(zh, 400, 'request.invalid');
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const en = await save(ben, body, 'en-US');
    expect(en.status).toBe(400);
    expect(en.body.msg).not.toMatch(/[\u4e00-\u9fff]/);
    expect(await read(ben)).toEqual(before);
    expect(await auditRows(ben.id)).toHaveLength(0);
  });

  it('is refused without a session', async () => {
    expect((await study.t.call('GET', '/dcap/sys/user/preferences')).status).toBe(401);
    expect((await study.t.call('POST', '/dcap/sys/user/preferences', { body: { fontSize: 'medium' } })).status).toBe(401);
  });
});
