import type { RandAllocation, RandScheme, RandSlot, RandTable, Subject, TableScheme } from '@dcap/core';
import { generateTable, randomisationSchemeSchema } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { enter, grant, ok, person, refused, role, setStatus } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';
import { upload } from '../attachments/attachments.fixture.js';

/**
 * Balance and iMask through the API (docs/decisions.md "Randomisation, blinding and supply"): a stratified
 * block scheme designed, simulated and approved by an unblinded statistician; subjects randomised by a blinded
 * site investigator; the allocation atomic under concurrent requests; emergency and whole-study unblinding.
 */
let rs: RecordsStudy;
let statistician: Persona;
let randomiser: Persona;
let otherRandomiser: Persona;
const PASSWORD = 'Passw0rd!x';

// Distinctive arm codes and names, so a response that leaks one is found in its raw text.
const ACTIVE = { code: 'ARMQACTIVE', name: '试验药甲乙丙', nameEn: 'Drugzor 10 mg', ratio: 1 };
const CONTROL = { code: 'ARMQPLACEBO', name: '安慰剂丁戊己', nameEn: 'Placebozor', ratio: 1 };
const SEX = { code: 'SEX', name: '性别', nameEn: 'Sex', options: [{ code: 'M', label: '男', labelEn: 'Male' }, { code: 'F', label: '女', labelEn: 'Female' }] };
const SCHEME = { method: 'stratifiedBlocks', arms: [ACTIVE, CONTROL], blockSizes: [4, 6], stratifyBySite: true, factors: [SEX], tableSize: 60 };

const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, lang });
const get = (who: Persona, url: string) => rs.study.t.call('GET', url, { token: who.token });
const db = () => rs.study.t.database.db;

beforeAll(async () => {
  rs = await openRecordsStudy('RAND');
  const { study, projectId, projectAdmin } = { ...rs, projectAdmin: rs.people.projectAdmin };
  await db().updateTable('projects').set({ blind_method: 'D', group_scheme: 'PROJECT_GROUP_SCHEME_RAND' }).where('id', '=', projectId).execute();
  const member = async (name: string, body: Record<string, unknown>) => {
    const r = await role(study, projectAdmin, { projectId, alias: name, ...body });
    const p = await person(study, `bal.${name}`);
    await grant(study, projectAdmin, projectId, { roleId: r.id, userIds: [p.id] });
    await enter(study, p, projectId, r.id);
    ok(await study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: p.token }));
    return p;
  };
  statistician = await member('stat', { institutionIds: 'all', unblind: true, projectDesignAndSetup: true });
  randomiser = await member('pi', { institutionIds: [rs.siteA.id], randomise: true, dataEntryRights: true });
  otherRandomiser = await member('pi2', { institutionIds: [rs.siteA.id], randomise: true, dataEntryRights: true });
  // The site's investigator has an address, so the messages of randomisation and unblinding are queued for e-mail too.
  await db().updateTable('users').set({ email: 'rand.pi@example.org' }).where('id', '=', rs.people.investigator.id).execute();
});
afterAll(() => rs.study.t.close());

let scheme: RandScheme;
let table: RandTable;

describe('designing a scheme (Balance)', () => {
  it('saves a stratified block scheme, refuses approval before a simulation of its version, and approves it after one', async () => {
    refused(await post(rs.people.projectAdmin, '/dcap/balance/scheme/save', { name: 'Main', settings: { scheme: SCHEME, treatmentPhase: '治疗期' } }), 403, 'permission.project_forbidden');
    scheme = ok(await post(statistician, '/dcap/balance/scheme/save', { name: 'Main', settings: { scheme: SCHEME, treatmentPhase: '治疗期' } })) as RandScheme;
    expect(scheme).toMatchObject({ status: 'draft', version: 1, method: 'stratifiedBlocks', blinded: false, settings: { scheme: { blockSizes: [4, 6] } } });
    refused(await post(statistician, '/dcap/balance/scheme/approve', { id: scheme.id, version: 1 }), 409, 'randomisation.simulation_required');
    const report = ok(await post(statistician, '/dcap/balance/scheme/simulate', { id: scheme.id, trials: 200, subjectsPerTrial: 100 })) as { overall: { max: number }; histogram: unknown[]; armShares: Record<string, number> };
    // Stratified blocks of 4 and 6 keep each stratum within half a block: the overall imbalance is bounded.
    expect(report.overall.max).toBeLessThanOrEqual(3 * 4);
    expect(report.histogram.length).toBeGreaterThan(0);
    expect(Object.keys(report.armShares).sort()).toEqual([ACTIVE.code, CONTROL.code]);
    scheme = ok(await post(statistician, '/dcap/balance/scheme/approve', { id: scheme.id, version: 1 })) as RandScheme;
    expect(scheme).toMatchObject({ status: 'approved', approvedBy: statistician.username });
    refused(await post(statistician, '/dcap/balance/scheme/save', { id: scheme.id, version: 1, name: 'Changed', settings: { scheme: SCHEME, treatmentPhase: 'x' } }), 409, 'randomisation.scheme_not_draft');
    const actions = (await db().selectFrom('audit_log').select(['action', 'actor_username', 'new_value']).where('entity_type', '=', 'rand_scheme').where('entity_id', '=', String(scheme.id)).orderBy('id').execute()).map((row) => [row.action, row.actor_username]);
    expect(actions).toEqual([
      ['randomisation.scheme_create', statistician.username],
      ['randomisation.scheme_simulate', statistician.username],
      ['randomisation.scheme_approve', statistician.username],
    ]);
  });

  it('deletes a draft, audited, and checks an uploaded list row by row, saving nothing with a problem', async () => {
    const draft = ok(await post(statistician, '/dcap/balance/scheme/save', { name: 'Draft', settings: { scheme: { method: 'blocks', arms: [ACTIVE, CONTROL], blockSizes: [2], tableSize: 4 }, treatmentPhase: 'T' } })) as RandScheme;
    const csv = (text: string) => ({ name: 'list.csv', type: 'text/csv', bytes: Buffer.from(text) });
    const bad = ok(await upload(rs, statistician, '/dcap/balance/table/upload', { schemeId: draft.id, kind: 'test' }, csv(`randomNumber,arm\nR1,${ACTIVE.code}\nR1,NOPE\n`))) as { table: unknown; problems: { row: number }[] };
    expect(bad.table).toBeNull();
    expect(bad.problems.map((problem) => problem.row)).toContain(3);
    const good = ok(await upload(rs, statistician, '/dcap/balance/table/upload', { schemeId: draft.id, kind: 'test' }, csv(`randomNumber,arm\nR1,${ACTIVE.code}\nR2,${CONTROL.code}\n`))) as { table: RandTable };
    expect(good.table).toMatchObject({ source: 'uploaded', slotCount: 2, fileName: 'list.csv' });
    ok(await post(statistician, '/dcap/balance/scheme/delete', { id: draft.id }));
    const actions = (await db().selectFrom('audit_log').select('action').where('action', 'in', ['randomisation.table_upload', 'randomisation.scheme_delete']).orderBy('id').execute()).map((row) => row.action);
    expect(actions).toEqual(['randomisation.table_upload', 'randomisation.scheme_delete']);
    expect(await db().selectFrom('rand_schemes').select('id').where('id', '=', draft.id).execute()).toEqual([]);
  });

  it('gives a blinded caller the scheme without arms, block sizes or simulation', async () => {
    const reply = await get(randomiser, '/dcap/balance/scheme/list');
    const raw = JSON.stringify(reply.body);
    for (const secret of [ACTIVE.code, ACTIVE.name, ACTIVE.nameEn, CONTROL.code, CONTROL.name, 'blockSizes', 'armShares']) expect(raw).not.toContain(secret);
    const [seen] = ok(reply) as RandScheme[];
    expect(seen).toMatchObject({ id: scheme.id, blinded: true, factors: [{ code: 'SEX' }] });
  });

  it('generates the test list from a recorded seed: the same seed and sites give the same list', async () => {
    table = ok(await post(statistician, '/dcap/balance/table/generate', { schemeId: scheme.id, kind: 'test' })) as RandTable;
    expect(table).toMatchObject({ kind: 'test', source: 'generated', status: 'active', used: 0 });
    expect(table.seed).toBeTruthy();
    const sites = (await db().selectFrom('project_sites').select('code').where('project_id', '=', rs.projectId).orderBy('id').execute()).map((row) => row.code);
    const again = generateTable(randomisationSchemeSchema.parse(SCHEME) as TableScheme, table.seed ?? '', sites);
    const stored = await db().selectFrom('rand_slots').select(['stratum', 'seq', 'arm', 'random_no']).where('table_id', '=', table.id).orderBy('id').execute();
    expect(stored.map((slot) => [slot.stratum, slot.seq, slot.arm, slot.random_no])).toEqual(again.map((slot) => [slot.stratum, slot.seq, slot.arm, slot.randomNumber]));
    expect(table.slotCount).toBe(again.length);
  });
});

async function randomise(who: Persona, subject: AddedSubject, sex = 'M') {
  return post(who, '/dcap/balance/randomise', { subjectId: subject.id, version: subject.version, factors: { SEX: sex }, firstDrugNo: `KIT-${String(subject.id)}` });
}

describe('randomising subjects', () => {
  it('allocates the first slot of the stratum and enrols the subject with random number, treatment phase and first drug number, audited without the arm', async () => {
    const subject = await addSubject(rs, randomiser, rs.siteA.id);
    const reply = await randomise(randomiser, subject);
    const raw = JSON.stringify(reply.body);
    expect(raw).not.toContain(ACTIVE.code);
    expect(raw).not.toContain(CONTROL.code);
    const { subject: enrolled, allocation } = ok(reply) as { subject: Subject; allocation: RandAllocation };
    const [first] = await db().selectFrom('rand_slots').select(['id', 'random_no', 'arm']).where('table_id', '=', table.id).where('stratum', '=', 'A01|SEX:M').where('seq', '=', 1).execute();
    expect(allocation).toMatchObject({ randomNo: first?.random_no, stratum: 'A01|SEX:M', factors: { SEX: 'M' }, source: 'table' });
    expect(allocation.arm).toBeUndefined();
    expect(enrolled).toMatchObject({ status: 'ARMED', randomNo: first?.random_no, treatmentPhase: '治疗期', firstDrugNo: `KIT-${String(subject.id)}` });
    const audit = await db().selectFrom('audit_log').select(['new_value', 'site_id', 'env']).where('action', '=', 'randomisation.allocate').where('entity_id', '=', String(subject.id)).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ site_id: rs.siteA.id, env: 'uat', new_value: { slotId: first?.id, randomNo: first?.random_no, factors: { SEX: 'M' }, stratum: 'A01|SEX:M' } });
    expect(JSON.stringify(audit.new_value)).not.toContain(first?.arm ?? '?');
    // The unblinded statistician sees the arm; the subject cannot be randomised twice.
    const seen = ok(await get(statistician, `/dcap/balance/allocation/subject/${String(subject.id)}`)) as RandAllocation;
    expect(seen.arm).toBe(first?.arm);
    refused(await randomise(randomiser, { ...subject, version: enrolled.version }), 409, 'randomisation.already');
  });

  it('refuses a missing or unknown factor option, a subject of another site and enrolment by hand, changing nothing', async () => {
    const subject = await addSubject(rs, randomiser, rs.siteA.id);
    refused(await post(randomiser, '/dcap/subject/enrol', { id: subject.id, version: subject.version, randomNo: 'X1', treatmentPhase: 'T', firstDrugNo: 'K' }), 409, 'subject.enrol_by_randomisation');
    const before = await db().selectFrom('rand_allocations').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    refused(await post(randomiser, '/dcap/balance/randomise', { subjectId: subject.id, version: subject.version, firstDrugNo: 'K' }), 422, 'randomisation.factor_missing');
    refused(await randomise(randomiser, subject, 'X'), 422, 'randomisation.factor_invalid');
    const atB = await addSubject(rs, rs.people.siteBUser, rs.siteB.id);
    refused(await randomise(randomiser, atB), 404, 'subject.not_found');
    const after = await db().selectFrom('rand_allocations').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('CONCURRENCY 50 simultaneous randomisations: every one succeeds, no slot is used twice and none is skipped', async () => {
    const subjects: AddedSubject[] = [];
    for (let index = 0; index < 50; index += 1) subjects.push(await addSubject(rs, randomiser, rs.siteA.id));
    const replies = await Promise.all(subjects.map((subject, index) => randomise(index % 2 === 0 ? randomiser : otherRandomiser, subject, 'F')));
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    const used = await db()
      .selectFrom('rand_allocations as a')
      .innerJoin('rand_slots as s', 's.id', 'a.slot_id')
      .select(['s.seq', 'a.slot_id', 'a.random_no'])
      .where('s.stratum', '=', 'A01|SEX:F')
      .where('s.table_id', '=', table.id)
      .orderBy('s.seq')
      .execute();
    expect(used.map((row) => row.seq)).toEqual(Array.from({ length: 50 }, (_value, index) => index + 1));
    expect(new Set(used.map((row) => row.random_no)).size).toBe(50);
    // Permuted blocks: every completed block of the stratum holds both arms equally.
    const slots = (ok(await post(statistician, '/dcap/balance/table/slots', { tableId: table.id, stratum: 'A01|SEX:F', pageSize: 60 })) as { list: RandSlot[] }).list;
    const blocks = new Map<number, RandSlot[]>();
    for (const slot of slots) blocks.set(slot.block ?? 0, [...(blocks.get(slot.block ?? 0) ?? []), slot]);
    const whole = [...blocks.values()].filter((block) => block.length === block[0]?.blockSize);
    expect(whole.length).toBeGreaterThan(8);
    for (const block of whole) expect(block.filter((slot) => slot.arm === ACTIVE.code).length * 2).toBe(block.length);
  });
});

describe('test and formal lists', () => {
  it('uses the formal list only in production and the test list everywhere else, never mixed', async () => {
    // The design goes to production too; the statistician and the investigator work there, then return.
    const pm = rs.people.projectAdmin;
    ok(await get(pm, '/dcap/projectEnv/selectEnv/dev'));
    ok(await post(pm, '/dcap/project/design/publish', { projectId: rs.projectId, target: 'prd', note: 'Production' }));
    ok(await get(pm, '/dcap/projectEnv/selectEnv/uat'));
    const enterEnv = async (key: string) => {
      for (const who of [statistician, randomiser]) ok(await get(who, `/dcap/projectEnv/selectEnv/${key}`));
    };
    try {
      await enterEnv('prd');
      const subject = await addSubject(rs, randomiser, rs.siteA.id);
      refused(await randomise(randomiser, subject), 409, 'randomisation.no_table');
      const formal = ok(await post(statistician, '/dcap/balance/table/generate', { schemeId: scheme.id, kind: 'formal' })) as RandTable;
      expect(formal.seed).not.toBe(table.seed);
      ok(await randomise(randomiser, subject));
      const allocation = await db().selectFrom('rand_allocations').select(['table_id', 'random_no']).where('subject_id', '=', subject.id).executeTakeFirstOrThrow();
      expect(allocation.table_id).toBe(formal.id);
      const firstFormal = await db().selectFrom('rand_slots').select('random_no').where('table_id', '=', formal.id).where('stratum', '=', 'A01|SEX:M').where('seq', '=', 1).executeTakeFirstOrThrow();
      expect(allocation.random_no).toBe(firstFormal.random_no);
    } finally {
      await enterEnv('uat');
    }
    const next = await addSubject(rs, randomiser, rs.siteA.id);
    ok(await randomise(randomiser, next));
    const back = await db().selectFrom('rand_allocations').select('table_id').where('subject_id', '=', next.id).executeTakeFirstOrThrow();
    expect(back.table_id).toBe(table.id);
  });
});

describe('unblinding (iMask)', () => {
  let subject: AddedSubject;
  let arm: string;

  it('emergency unblinding needs the password and a reason, shows the arm to the unblinder only, and is listed for the managers to acknowledge', async () => {
    subject = await addSubject(rs, randomiser, rs.siteA.id);
    ok(await randomise(randomiser, subject));
    arm = (await db().selectFrom('rand_allocations').select('arm').where('subject_id', '=', subject.id).executeTakeFirstOrThrow()).arm;
    const body = { subjectId: subject.id, reason: '严重不良事件需要知晓用药', username: randomiser.username };
    refused(await post(randomiser, '/dcap/imask/unblind/emergency', { ...body, password: 'wrong' }), 422, 'signature.invalid_credentials');
    expect(await db().selectFrom('rand_unblindings').select('id').execute()).toEqual([]);
    const done = ok(await post(randomiser, '/dcap/imask/unblind/emergency', { ...body, password: PASSWORD })) as { arm?: string; reason: string };
    expect(done).toMatchObject({ arm, reason: body.reason });
    refused(await post(randomiser, '/dcap/imask/unblind/emergency', { ...body, password: PASSWORD }), 409, 'blinding.already_unblinded');
    const mine = ok(await get(randomiser, `/dcap/balance/allocation/subject/${String(subject.id)}`)) as RandAllocation;
    expect(mine).toMatchObject({ arm, unblinded: true });
    const theirs = await get(otherRandomiser, `/dcap/balance/allocation/subject/${String(subject.id)}`);
    expect(ok(theirs)).toMatchObject({ unblinded: true });
    expect(JSON.stringify(theirs.body)).not.toContain(arm);
    const audit = await db().selectFrom('audit_log').select(['reason', 'new_value']).where('action', '=', 'blinding.emergency_unblind').executeTakeFirstOrThrow();
    expect(audit.reason).toBe(body.reason);
    expect(JSON.stringify(audit.new_value)).not.toContain(arm);
    const [listed] = ok(await get(rs.people.projectAdmin, '/dcap/imask/unblinding/list')) as { id: number; acknowledgedAt: string | null; arm?: string }[];
    expect(listed).toMatchObject({ acknowledgedAt: null });
    expect(listed?.arm).toBeUndefined();
    const acknowledged = ok(await post(rs.people.projectAdmin, '/dcap/imask/unblinding/acknowledge', { id: listed?.id })) as { acknowledgedBy: string };
    expect(acknowledged.acknowledgedBy).toBe(rs.people.projectAdmin.username);
  });

  it('tells the site of a randomisation and the study of an emergency unblinding without naming an arm (spec 002 §3)', async () => {
    const { investigator, coordinator } = rs.people;
    const told = async (event: string) => (await db().selectFrom('notifications').select('user_id').where('event', '=', event).execute()).map((row) => row.user_id);
    // The default receivers: the site's PI and CRC roles (`PI-A`, `CRC-A`, `pi`) and the project's CRA; not site B, not the statistician.
    const done = new Set(await told('randomisation.done'));
    for (const who of [investigator, coordinator, rs.people.monitor]) expect(done.has(who.id)).toBe(true);
    for (const who of [rs.people.siteBUser, statistician]) expect(done.has(who.id)).toBe(false);
    expect(await told('unblinding.emergency')).toContain(investigator.id);
    expect(await told('unblinding.emergency')).not.toContain(randomiser.id);
    const notes = await db().selectFrom('notifications').select(['title', 'body']).where('event', 'in', ['randomisation.done', 'unblinding.emergency']).execute();
    const outbound = await db().selectFrom('outbound_messages').select(['subject', 'body', 'payload']).where('kind', 'in', ['randomisation.done', 'unblinding.emergency']).execute();
    expect(outbound.length).toBeGreaterThan(0);
    const text = JSON.stringify([notes, outbound]);
    expect(text).toContain('严重不良事件需要知晓用药');
    for (const arm of [ACTIVE, CONTROL]) for (const word of [arm.code, arm.name, arm.nameEn]) expect(text).not.toContain(word);
  });

  it('unblinds the whole study only after database lock, and then everyone sees arms', async () => {
    const pm = rs.people.projectAdmin;
    const body = { reason: '数据库锁定后揭盲', username: pm.username, password: PASSWORD };
    refused(await post(pm, '/dcap/imask/unblind/study', body), 409, 'blinding.study_not_locked');
    const listed = (ok(await post(otherRandomiser, '/dcap/balance/allocation/list', { pageSize: 200 })) as { list: RandAllocation[] }).list;
    expect(listed.every((allocation) => allocation.arm === undefined)).toBe(true);
    await setStatus(rs.study, rs.projectId, 'DATABASE_FREEZED');
    const state = ok(await post(pm, '/dcap/imask/unblind/study', body)) as { studyUnblinded: boolean };
    expect(state.studyUnblinded).toBe(true);
    const open = (ok(await post(otherRandomiser, '/dcap/balance/allocation/list', { pageSize: 200 })) as { list: RandAllocation[] }).list;
    expect(open.length).toBeGreaterThan(50);
    expect(open.every((allocation) => allocation.arm === ACTIVE.code || allocation.arm === CONTROL.code)).toBe(true);
    refused(await post(pm, '/dcap/imask/unblind/study', body), 409, 'blinding.study_already');
    const rows = (await db().selectFrom('audit_log').select(['action', 'reason']).where('action', 'in', ['blinding.study_unblind', 'blinding.acknowledge']).orderBy('id').execute()).map((row) => [row.action, row.reason]);
    expect(rows).toEqual([
      ['blinding.acknowledge', null],
      ['blinding.study_unblind', body.reason],
    ]);
  });
});
