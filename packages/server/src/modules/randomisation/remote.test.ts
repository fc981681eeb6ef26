import type { ErrorCode, RandAllocation, RandScheme, SiteMapping, SiteMappingList, Subject } from '@dcap/core';
import { errorMessage } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { enter, grant, ok, openStudy, person, refused, role } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';
import type { FakeFailure, FakeStudy } from '../../test/remote-randomisation-fake.js';
import { RemoteRandomisationFake } from '../../test/remote-randomisation-fake.js';

/**
 * Remote randomisation (project flag remoteRandomization; spec 002 §1, §5, §8; docs/decisions.md "Remote
 * randomisation protocol") through the real HTTP adapter against a local stand-in of the service: the
 * statistician maps the sites, the site investigator randomises and the service's arm and random number
 * enrol the subject; each of the spec's four failures is answered with its message and changes nothing.
 */
const TOKEN = 'remote-service-token';
const TIMEOUT_MS = 400;
const SEX = { code: 'SEX', name: '性别', nameEn: 'Sex', options: [{ code: 'M', label: '男', labelEn: 'Male' }, { code: 'F', label: '女', labelEn: 'Female' }] };
const AGE = { code: 'AGE', name: '年龄组', nameEn: 'Age group', options: [{ code: 'Y', label: '<65岁', labelEn: 'Under 65' }, { code: 'O', label: '≥65岁', labelEn: '65 or over' }] };
const ARMS = [{ code: 'ARMQACTIVE', name: '试验组', ratio: 1 }, { code: 'ARMQPLACEBO', name: '对照组', ratio: 1 }];
const SCHEME = { method: 'stratifiedBlocks', arms: ARMS, blockSizes: [4], stratifyBySite: true, factors: [SEX, AGE], tableSize: 8 };

let fake: RemoteRandomisationFake;
let rs: RecordsStudy;
let study: string;
let statistician: Persona;
let randomiser: Persona;
const service = (): FakeStudy => ({ factors: [SEX, AGE], sites: ['RS-A01', 'RS-B01'], arms: ARMS.map((arm) => arm.code) });

const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, lang });
const db = () => rs.study.t.database.db;

beforeAll(async () => {
  fake = await RemoteRandomisationFake.start({ token: TOKEN });
  const platform = await openStudy({ REMOTE_RANDOMISATION_URL: fake.url, REMOTE_RANDOMISATION_TOKEN: TOKEN, REMOTE_RANDOMISATION_TIMEOUT_MS: String(TIMEOUT_MS) });
  rs = await openRecordsStudy('REM', platform);
  const { projectId } = rs;
  const pm = rs.people.projectAdmin;
  await db().updateTable('projects').set({ blind_method: 'D', group_scheme: 'PROJECT_GROUP_SCHEME_RAND', remote_randomization: true }).where('id', '=', projectId).execute();
  study = (await db().selectFrom('projects').select('code').where('id', '=', projectId).executeTakeFirstOrThrow()).code;
  fake.setStudy(study, service());
  const member = async (name: string, body: Record<string, unknown>) => {
    const r = await role(rs.study, pm, { projectId, alias: name, ...body });
    const p = await person(rs.study, `remote.${name}`);
    await grant(rs.study, pm, projectId, { roleId: r.id, userIds: [p.id] });
    await enter(rs.study, p, projectId, r.id);
    ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: p.token }));
    return p;
  };
  statistician = await member('stat', { institutionIds: 'all', unblind: true, projectDesignAndSetup: true });
  randomiser = await member('pi', { institutionIds: [rs.siteA.id, rs.siteB.id], randomise: true, dataEntryRights: true });
  let scheme = ok(await post(statistician, '/dcap/balance/scheme/save', { name: 'Remote', settings: { scheme: SCHEME, treatmentPhase: '治疗期' } })) as RandScheme;
  ok(await post(statistician, '/dcap/balance/scheme/simulate', { id: scheme.id, trials: 10, subjectsPerTrial: 20 }));
  scheme = ok(await post(statistician, '/dcap/balance/scheme/approve', { id: scheme.id, version: scheme.version })) as RandScheme;
});
afterAll(async () => {
  await rs.study.t.close();
  await fake.close();
});

/** Expects the refusal, in Chinese by default and in English when asked, each after `arrange`. */
async function refusedInBothLanguages(send: (lang?: string) => Promise<Awaited<ReturnType<typeof post>>>, status: number, code: ErrorCode, arrange: () => void = () => undefined) {
  arrange();
  const chinese = await send();
  refused(chinese, status, code);
  expect(chinese.body.msg).toBe(errorMessage(code, 'zh-CN'));
  arrange();
  const english = await send('en-US');
  refused(english, status, code);
  expect(english.body.msg).toBe(errorMessage(code, 'en-US'));
}

describe('mapping the sites to the service', () => {
  it('lists every site unmapped, refuses a code the service does not know and saves a known one, audited', async () => {
    const before = ok(await rs.study.t.call('GET', '/dcap/balance/siteMapping/list', { token: statistician.token })) as SiteMappingList;
    expect(before).toMatchObject({ remoteRandomisation: true, serviceAnswered: false });
    expect(before.list.map((row) => [row.siteCode, row.remoteSite, row.known])).toEqual([
      ['A01', null, null],
      ['B01', null, null],
    ]);
    refused(await post(randomiser, '/dcap/balance/siteMapping/save', { siteId: rs.siteA.id, remoteSite: 'RS-A01' }), 403, 'permission.project_forbidden');
    await refusedInBothLanguages((lang) => post(statistician, '/dcap/balance/siteMapping/save', { siteId: rs.siteA.id, remoteSite: 'RS-NOPE' }, lang), 422, 'randomisation.remote_site_mapping');
    expect(await db().selectFrom('rand_site_mappings').select('site_id').execute()).toEqual([]);

    const saved = ok(await post(statistician, '/dcap/balance/siteMapping/save', { siteId: rs.siteA.id, remoteSite: 'RS-A01' })) as SiteMapping;
    expect(saved).toMatchObject({ siteCode: 'A01', remoteSite: 'RS-A01', known: true, updatedBy: statistician.username });
    ok(await post(statistician, '/dcap/balance/siteMapping/save', { siteId: rs.siteB.id, remoteSite: 'RS-A01' }));
    ok(await post(statistician, '/dcap/balance/siteMapping/save', { siteId: rs.siteB.id, remoteSite: 'RS-B01' }));
    const after = ok(await rs.study.t.call('GET', '/dcap/balance/siteMapping/list', { token: statistician.token })) as SiteMappingList;
    expect(after.serviceAnswered).toBe(true);
    expect(after.list.map((row) => [row.siteCode, row.remoteSite, row.known])).toEqual([
      ['A01', 'RS-A01', true],
      ['B01', 'RS-B01', true],
    ]);
    // The service is asked with the token; the audit rows name the site and both codes.
    expect(fake.callsTo('sites').every((call) => call.authorization === `Bearer ${TOKEN}`)).toBe(true);
    const audit = await db().selectFrom('audit_log').select(['action', 'site_id', 'old_value', 'new_value', 'actor_username']).where('entity_type', '=', 'rand_site_mapping').orderBy('id').execute();
    expect(audit.map((row) => [row.action, row.site_id, row.old_value, row.new_value, row.actor_username])).toEqual([
      ['rand_site_mapping.create', rs.siteA.id, null, { site: 'A01', remoteSite: 'RS-A01' }, statistician.username],
      ['rand_site_mapping.create', rs.siteB.id, null, { site: 'B01', remoteSite: 'RS-A01' }, statistician.username],
      ['rand_site_mapping.update', rs.siteB.id, { remoteSite: 'RS-A01' }, { remoteSite: 'RS-B01' }, statistician.username],
    ]);
  });

  it('clears a mapping, audited, and shows a code the service has since dropped as unknown', async () => {
    ok(await post(statistician, '/dcap/balance/siteMapping/save', { siteId: rs.siteB.id, remoteSite: null }));
    const cleared = await db().selectFrom('audit_log').select(['action', 'old_value']).where('entity_type', '=', 'rand_site_mapping').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(cleared).toMatchObject({ action: 'rand_site_mapping.delete', old_value: { site: 'B01', remoteSite: 'RS-B01' } });
    ok(await post(statistician, '/dcap/balance/siteMapping/save', { siteId: rs.siteB.id, remoteSite: 'RS-B01' }));
    fake.setStudy(study, { ...service(), sites: ['RS-A01'] });
    const list = ok(await rs.study.t.call('GET', '/dcap/balance/siteMapping/list', { token: statistician.token })) as SiteMappingList;
    expect(list.list.map((row) => row.known)).toEqual([true, false]);
    fake.setStudy(study, service());
  });
});

const randomise = (subject: AddedSubject, lang?: string, version = subject.version) =>
  post(randomiser, '/dcap/balance/randomise', { subjectId: subject.id, version, factors: { SEX: 'F', AGE: 'O' }, firstDrugNo: `KIT-${String(subject.id)}` }, lang);

/** Rows a refused randomisation must leave as they were. */
async function snapshot(subject: AddedSubject) {
  const allocations = await db().selectFrom('rand_allocations').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const row = await db().selectFrom('subjects').select(['status', 'random_no', 'version']).where('id', '=', subject.id).executeTakeFirstOrThrow();
  return { allocations: Number(allocations.n), subject: row };
}

describe('randomising through the service', () => {
  it('enrols the subject with the service’s arm and random number (allocation source remote)', async () => {
    const subject = await addSubject(rs, randomiser, rs.siteA.id);
    const { subject: enrolled, allocation } = ok(await randomise(subject)) as { subject: Subject; allocation: RandAllocation };
    const answered = fake.allocationsOf(study).get(subject.platformNo);
    expect(answered).toBeDefined();
    expect(allocation).toMatchObject({ source: 'remote', randomNo: answered?.randomNo, stratum: 'A01|SEX:F|AGE:O', factors: { SEX: 'F', AGE: 'O' } });
    expect(allocation.arm).toBeUndefined();
    expect(enrolled).toMatchObject({ status: 'ARMED', randomNo: answered?.randomNo, treatmentPhase: '治疗期', firstDrugNo: `KIT-${String(subject.id)}` });
    const row = await db().selectFrom('rand_allocations').select(['arm', 'random_no', 'remote_ref', 'source', 'slot_id']).where('subject_id', '=', subject.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ arm: answered?.arm, random_no: answered?.randomNo, remote_ref: answered?.ref, source: 'remote', slot_id: null });
    const [sent] = fake.callsTo('randomise');
    expect(sent).toMatchObject({ method: 'POST', path: `/studies/${study}/randomisations`, authorization: `Bearer ${TOKEN}`, body: { site: 'RS-A01', subject: subject.platformNo, factors: [{ code: 'SEX', option: 'F' }, { code: 'AGE', option: 'O' }] } });
  });

  it('a retry after the service answered but the local write failed gets the same allocation', async () => {
    const subject = await addSubject(rs, randomiser, rs.siteA.id);
    const before = await snapshot(subject);
    // A stale version fails the local transaction after the service has allocated.
    refused(await randomise(subject, undefined, subject.version + 5), 409, 'conflict.stale');
    expect(await snapshot(subject)).toEqual(before);
    const first = fake.allocationsOf(study).get(subject.platformNo);
    expect(first).toBeDefined();
    const made = fake.allocationsOf(study).size;
    const { allocation } = ok(await randomise(subject)) as { allocation: RandAllocation };
    expect(allocation.randomNo).toBe(first?.randomNo);
    expect(fake.allocationsOf(study).size).toBe(made);
    expect(fake.callsTo('randomise').filter((call) => (call.body as { subject?: string }).subject === subject.platformNo)).toHaveLength(2);
    const row = await db().selectFrom('rand_allocations').select(['arm', 'remote_ref']).where('subject_id', '=', subject.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ arm: first?.arm, remote_ref: first?.ref });
  });
});

describe('the spec’s four failures, each changing nothing', () => {
  async function refusedUnchanged(site: 'A' | 'B', status: number, code: ErrorCode, arrange: () => void = () => undefined) {
    const subject = await addSubject(rs, randomiser, site === 'A' ? rs.siteA.id : rs.siteB.id);
    const before = await snapshot(subject);
    await refusedInBothLanguages((lang) => randomise(subject, lang), status, code, arrange);
    expect(await snapshot(subject)).toEqual(before);
    expect(before.subject.random_no).toBeNull();
    expect(fake.allocationsOf(study).has(subject.platformNo)).toBe(false);
  }

  it('a site not mapped: the study site is not mapped to the randomisation system', async () => {
    ok(await post(statistician, '/dcap/balance/siteMapping/save', { siteId: rs.siteB.id, remoteSite: null }));
    const calls = fake.calls.length;
    await refusedUnchanged('B', 422, 'randomisation.remote_site_unmapped');
    expect(fake.calls.length).toBe(calls);
    ok(await post(statistician, '/dcap/balance/siteMapping/save', { siteId: rs.siteB.id, remoteSite: 'RS-B01' }));
  });

  it('the service does not know the mapped site: site mapping error between the two systems', async () => {
    fake.setStudy(study, { ...service(), sites: ['RS-A01'] });
    await refusedUnchanged('B', 422, 'randomisation.remote_site_mapping');
    await refusedUnchanged('A', 422, 'randomisation.remote_site_mapping', () => fake.failNext('siteUnknown', 'randomise'));
    fake.setStudy(study, service());
  });

  const swapped = <T>(items: readonly T[]): T[] => [...items].reverse();
  const variants: [string, FakeStudy['factors']][] = [
    ['factor order', [AGE, SEX]],
    ['option order', [{ ...SEX, options: swapped(SEX.options) }, AGE]],
    ['an option code', [{ ...SEX, options: [SEX.options[0] as (typeof SEX.options)[number], { code: 'W', label: '女', labelEn: 'Female' }] }, AGE]],
    ['a factor code', [SEX, { ...AGE, code: 'AGEGRP' }]],
    ['a factor label', [{ ...SEX, name: '生理性别' }, AGE]],
    ['an option label', [SEX, { ...AGE, options: [AGE.options[0] as (typeof AGE.options)[number], { code: 'O', label: '老年', labelEn: '65 or over' }] }]],
    ['an English label', [{ ...SEX, nameEn: 'Gender' }, AGE]],
  ];
  it.each(variants)('the service’s factors differ in %s: stratification configuration error', async (_what, factors) => {
    fake.setStudy(study, { ...service(), factors });
    const sent = fake.callsTo('randomise').length;
    await refusedUnchanged('A', 422, 'randomisation.remote_strata_config');
    // Compared before asking for an allocation: the service allocated nothing.
    expect(fake.callsTo('randomise').length).toBe(sent);
    fake.setStudy(study, service());
  });

  it('the service refuses the factors sent: stratification configuration error', async () => {
    await refusedUnchanged('A', 422, 'randomisation.remote_strata_config', () => fake.failNext('strata', 'randomise'));
  });

  const failures: FakeFailure[] = ['serverError', 'garbage', 'wrongShape', 'drop', 'hang'];
  it.each(failures)('the service fails (%s): remote randomisation failed, contact the administrator', async (failure) => {
    const started = Date.now();
    await refusedUnchanged('A', 502, 'randomisation.remote_failed', () => fake.failNext(failure, 'randomise'));
    if (failure === 'hang') expect(Date.now() - started).toBeGreaterThanOrEqual(2 * TIMEOUT_MS);
  });

  it('the service fails while its factors are read: remote randomisation failed', async () => {
    await refusedUnchanged('A', 502, 'randomisation.remote_failed', () => fake.failNext('hang', 'factors'));
  });
});
