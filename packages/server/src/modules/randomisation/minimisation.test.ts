import type { MinimisationScheme, RandScheme } from '@dcap/core';
import { allocateMinimisation, countAllocations, deriveSeed, minimisationDraws, randomisationSchemeSchema } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { enter, grant, ok, person, role } from '../roles/study.fixture.js';
import type { RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';

/**
 * Minimisation through the API (docs/decisions.md "Randomisation"): allocations are made one at a time under
 * the scheme's lock, each from the counts of every earlier allocation and the draws of its own sequence
 * number, so a statistician can reproduce every arm from the scheme's seed.
 */
let rs: RecordsStudy;
let statistician: Persona;
let randomiser: Persona;
const SEX = { code: 'SEX', name: '性别', options: [{ code: 'M', label: '男' }, { code: 'F', label: '女' }] };
const SCHEME = { method: 'minimisation', arms: [{ code: 'T', name: '试验', ratio: 2 }, { code: 'C', name: '对照', ratio: 1 }], factors: [SEX], includeSite: true, probability: 0.8 };

beforeAll(async () => {
  rs = await openRecordsStudy('MINI');
  const { study, projectId } = rs;
  const pm = rs.people.projectAdmin;
  await study.t.database.db.updateTable('projects').set({ blind_method: 'D', group_scheme: 'PROJECT_GROUP_SCHEME_RAND' }).where('id', '=', projectId).execute();
  const member = async (name: string, body: Record<string, unknown>) => {
    const r = await role(study, pm, { projectId, alias: name, ...body });
    const p = await person(study, `minz.${name}`);
    await grant(study, pm, projectId, { roleId: r.id, userIds: [p.id] });
    await enter(study, p, projectId, r.id);
    ok(await study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: p.token }));
    return p;
  };
  statistician = await member('stat', { institutionIds: 'all', unblind: true, randomise: true });
  randomiser = await member('crc', { institutionIds: 'all', randomise: true, dataEntryRights: true });
});
afterAll(() => rs.study.t.close());

describe('minimisation (Pocock–Simon)', () => {
  it('allocates subject by subject, and every arm is reproduced from the seed, the sequence number and the earlier allocations', async () => {
    const post = (who: Persona, url: string, body: unknown) => rs.study.t.call('POST', url, { token: who.token, body });
    const scheme = ok(await post(statistician, '/dcap/balance/scheme/save', { name: 'Minimisation', settings: { scheme: SCHEME, treatmentPhase: 'T' } })) as RandScheme;
    ok(await post(statistician, '/dcap/balance/scheme/simulate', { id: scheme.id, trials: 50, subjectsPerTrial: 30 }));
    ok(await post(statistician, '/dcap/balance/scheme/approve', { id: scheme.id, version: 1 }));
    refused(await post(statistician, '/dcap/balance/table/generate', { schemeId: scheme.id, kind: 'test' }));
    for (let index = 0; index < 16; index += 1) {
      const site = index % 3 === 0 ? rs.siteB.id : rs.siteA.id;
      const subject = await addSubject(rs, index % 3 === 0 ? rs.people.siteBUser : randomiser, site);
      ok(await post(randomiser, '/dcap/balance/randomise', { subjectId: subject.id, version: subject.version, factors: { SEX: index % 2 === 0 ? 'M' : 'F' }, firstDrugNo: `K${String(index)}` }));
    }
    const db = rs.study.t.database.db;
    const seed = (await db.selectFrom('rand_schemes').select('seed').where('id', '=', scheme.id).executeTakeFirstOrThrow()).seed;
    const rows = await db
      .selectFrom('rand_allocations as a')
      .innerJoin('project_sites as p', 'p.id', 'a.site_id')
      .select(['a.arm', 'a.factors', 'a.draws', 'a.random_no', 'a.source', 'p.code'])
      .where('a.scheme_id', '=', scheme.id)
      .orderBy('a.seq')
      .execute();
    expect(rows).toHaveLength(16);
    const parsed = randomisationSchemeSchema.parse(SCHEME) as MinimisationScheme;
    const earlier: { subject: { site: string; levels: Record<string, string> }; arm: string }[] = [];
    rows.forEach((row, index) => {
      const sequence = index + 1;
      const u = minimisationDraws(deriveSeed(seed, 'minimisation:test'), sequence);
      const subject = { site: row.code, levels: row.factors as Record<string, string> };
      expect(row).toMatchObject({ source: 'minimisation', random_no: `R${String(sequence).padStart(4, '0')}`, draws: { sequence, u } });
      expect(allocateMinimisation(parsed, countAllocations(parsed, earlier), subject, u).arm).toBe(row.arm);
      earlier.push({ subject, arm: row.arm });
    });
    // Both arms were given: minimisation is not stuck on one arm.
    expect(new Set(rows.map((row) => row.arm))).toEqual(new Set(['T', 'C']));
  });
});

function refused(reply: { status: number; body: { errorCode?: string } }): void {
  expect(reply.status).toBe(422);
  expect(reply.body.errorCode).toBe('randomisation.table_method');
}
