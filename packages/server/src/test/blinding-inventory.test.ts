import { ROLE_RIGHTS, rightsToFlags } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../modules/roles/study.fixture.js';
import { enter, grant, ok, person, role, setStatus } from '../modules/roles/study.fixture.js';
import { PLATFORM_ENTRIES } from './inventory-platform.js';
import type { Entry } from './inventory-project.js';
import { PROJECT_ENTRIES } from './inventory-project.js';
import type { Call, Fixture } from './inventory.fixture.js';
import { openInventory } from './inventory.fixture.js';

/**
 * iMask's promise, checked over the whole API (docs/decisions.md "Randomisation, blinding and supply"): in
 * a double-blind study, a member holding every right but the unblind flag calls every registered route, as
 * the permission inventory calls it, and no answer carries an arm — neither its code nor its name in either
 * language. The same calls made by an unblinded member do reveal them, so the search can find what it looks for.
 */
const ENTRIES: Record<string, Entry> = { ...PROJECT_ENTRIES, ...PLATFORM_ENTRIES };
const ACTIVE = { code: 'ARMZKACTIVE', name: '盲态试验药丙', nameEn: 'Blindzor 20 mg', ratio: 1 };
const CONTROL = { code: 'ARMZKPLACEBO', name: '盲态安慰剂丁', nameEn: 'Placeblindo', ratio: 1 };
/** Kit types carry their arm and an unblinded name; blinded members see only the blinded name. */
const KITS = [
  { code: 'KTZQACTIVE', name: '盲态药盒甲', nameEn: 'Blindzor box', arm: ACTIVE.code },
  { code: 'KTZQPLACEBO', name: '盲态药盒乙', nameEn: 'Placeblindo box', arm: CONTROL.code },
];
const SECRETS = [ACTIVE.code, ACTIVE.name, ACTIVE.nameEn, CONTROL.code, CONTROL.name, CONTROL.nameEn, ...KITS.flatMap((kit) => [kit.code, kit.name, kit.nameEn])];

let f: Fixture;
let blinded: Persona;

/** The whole answer as text: JSON, a CSV or any other file the route sends. */
async function rawReply(call: Call, token: string): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { token };
  if (call.raw) headers['content-type'] = call.raw.contentType;
  const payload = call.raw ? { payload: call.raw.payload } : call.body === undefined ? {} : { payload: call.body as Record<string, unknown> };
  const response = await f.study.t.request({ method: call.method, url: call.url, headers, ...payload });
  return { status: response.statusCode, text: response.body };
}

const leaks = (text: string) => SECRETS.filter((secret) => text.includes(secret));

beforeAll(async () => {
  f = await openInventory();
  const { study, projectId } = f;
  const pm = f.personas.projectAdmin;
  const db = study.t.database.db;
  await db.updateTable('projects').set({ blind_method: 'D', group_scheme: 'PROJECT_GROUP_SCHEME_RAND' }).where('id', '=', projectId).execute();
  const { unblind: _unblind, ...everythingButUnblind } = rightsToFlags(ROLE_RIGHTS);
  const blindRole = await role(study, pm, { projectId, alias: 'Blinded', institutionIds: 'all', ...everythingButUnblind, unblind: false });
  blinded = await person(study, 'mx.blinded');
  await grant(study, pm, projectId, { roleId: blindRole.id, userIds: [blinded.id] });
  await enter(study, blinded, projectId, blindRole.id);
  const statistician = f.personas.withRight;
  for (const who of [blinded, statistician]) ok(await study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: who.token }));
  const scheme = ok(
    await study.t.call('POST', '/dcap/balance/scheme/save', {
      token: statistician.token,
      body: { name: 'Blinded study', settings: { scheme: { method: 'blocks', arms: [ACTIVE, CONTROL], blockSizes: [2], tableSize: 10 }, treatmentPhase: '治疗期' } },
    }),
  ) as { id: number };
  ok(await study.t.call('POST', '/dcap/balance/scheme/simulate', { token: statistician.token, body: { id: scheme.id, trials: 10, subjectsPerTrial: 10 } }));
  ok(await study.t.call('POST', '/dcap/balance/scheme/approve', { token: statistician.token, body: { id: scheme.id, version: 1 } }));
  ok(await study.t.call('POST', '/dcap/balance/table/generate', { token: statistician.token, body: { schemeId: scheme.id, kind: 'test' } }));
  // A drug plan with a kit type per arm and kits at a depot (the supply entries of the inventory add site A's pharmacy).
  const call = async (url: string, body: unknown) => ok(await study.t.call('POST', url, { token: pm.token, body })) as { id: number };
  ok(await study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: pm.token }));
  const product = await call('/dcap/supply/product/save', { code: 'PRDZQ', name: '研究药物', nameEn: 'Study drug', dosageForm: 'tablet', strength: '10 mg', unit: 'tablet' });
  const kitTypes: number[] = [];
  for (const kit of KITS) kitTypes.push((await call('/dcap/supply/kitType/save', { ...kit, blindedName: '研究药盒', blindedNameEn: 'Study kit', productId: product.id, unitsPerKit: 28 })).id);
  const depot = await call('/dcap/supply/location/save', { kind: 'depot', code: 'DEPZQ', name: '中心库', nameEn: 'Central depot' });
  await setStatus(study, projectId, 'TEST');
  ok(await study.t.call('POST', '/dcap/supply/kit/generate', { token: pm.token, body: { depotId: depot.id, batch: 'B1', expiresOn: '2099-12-31', items: kitTypes.map((kitTypeId) => ({ kitTypeId, count: 5 })) } }));
  ok(await study.t.call('POST', '/dcap/balance/randomise', { token: statistician.token, body: { subjectId: f.studyData.subjectId, version: 1, firstDrugNo: 'KIT-BLIND' } }));
  await setStatus(study, projectId, 'CONFIG');
});
afterAll(() => f.study.t.close());

describe('no arm reaches a blinded member (iMask)', () => {
  it('is found by the search when the caller is unblinded', async () => {
    const shown = await rawReply({ method: 'POST', url: '/dcap/balance/allocation/list', body: {} }, f.personas.withRight.token);
    expect(leaks(shown.text).length).toBeGreaterThan(0);
    const scheme = await rawReply({ method: 'GET', url: '/dcap/balance/scheme/list' }, f.personas.withRight.token);
    expect(leaks(scheme.text)).toEqual(expect.arrayContaining([ACTIVE.code, ACTIVE.name, CONTROL.nameEn]));
    const kits = await rawReply({ method: 'POST', url: '/dcap/supply/kit/list', body: {} }, f.personas.withRight.token);
    expect(leaks(kits.text)).toEqual(expect.arrayContaining([KITS[0]?.name, KITS[1]?.nameEn]));
  });

  it('BLIND-1 finds no arm code or name in the answer of any route called by a member without the unblind flag', async () => {
    const leaking: string[] = [];
    let answered = 0;
    for (const [name, entry] of Object.entries(ENTRIES)) {
      if (entry.withoutToken) continue;
      const reply = await rawReply(await entry.call(f), blinded.token);
      if (reply.status === 200) answered += 1;
      const found = leaks(reply.text);
      if (found.length > 0) leaking.push(`${name}: ${found.join(', ')}`);
    }
    expect(leaking).toEqual([]);
    // The member holds every other right: most routes answer them, so the search saw real answers.
    expect(answered).toBeGreaterThan(100);
  });
});
