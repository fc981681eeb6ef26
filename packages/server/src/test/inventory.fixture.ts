import { ROLE_RIGHTS, rightsToFlags } from '@dcap/core';
import type { Persona, Study } from '../modules/roles/study.fixture.js';
import { enter, grant, openStudy, person, project, role, setStatus, site, unit } from '../modules/roles/study.fixture.js';
import type { Reply } from './harness.js';

/**
 * The people of the permission inventory (spec 000 §6), each signed in once: tokens are reused across
 * every call, since the sign-in rate limit would otherwise stop the suite.
 */
export const PERSONAS = [
  'anonymous',
  'plainUser',
  'otherProject',
  'otherSite',
  'withoutRight',
  'withRight',
  'projectAdmin',
  'platformAdmin',
] as const;
export type PersonaName = (typeof PERSONAS)[number];

export const LOGIN = { username: 'mx.login', password: 'Passw0rd!x' } as const;

export interface Fixture {
  study: Study;
  personas: Record<Exclude<PersonaName, 'anonymous'>, Persona>;
  projectId: number;
  siteA: number;
  siteB: number;
  unitA: number;
  /** A role limited to site A, granted and revoked by the assignment calls. */
  roleA: number;
  roleAll: number;
  /** A fresh active user, written straight to the database (no password hashing, no sign-in). */
  freshUser(): Promise<number>;
  /** A fresh user already holding roleA, for revocations. */
  holderOfRoleA(): Promise<number>;
  /** A fresh role no one holds, for deletions. */
  spareRole(): Promise<number>;
  /** A fresh department of unit A. */
  spareDepartment(): Promise<number>;
  /** A name no earlier call used. */
  unique(prefix: string): string;
  /**
   * Study data at site A in the test environment (uat), where every member's session works: the design
   * published there (a screening visit, an unscheduled visit and a log, each with panel MX) and one subject
   * added through the add-subject call, with its screening visit, its MX panel and a text field of it.
   */
  studyData: { subjectId: number; eventInstanceId: number; panelInstanceId: number; path: string; env: string };
}

export async function openInventory(): Promise<Fixture> {
  const study = await openStudy();
  const pm = await person(study, 'mx.pm', { projectAdmin: true });
  const { id: projectId } = await project(study, pm, 'MATRIX');
  const unitA = await unit(study, 'MX-UA', '甲医院', 'Hospital A');
  const siteA = await site(study, pm, projectId, 'A01', unitA);
  const siteB = await site(study, pm, projectId, 'B01', await unit(study, 'MX-UB', '乙医院', 'Hospital B'));
  const everything = rightsToFlags(ROLE_RIGHTS);
  const roleAll = await role(study, pm, { projectId, alias: 'All', institutionIds: 'all', ...everything });
  const roleNone = await role(study, pm, { projectId, alias: 'None', institutionIds: 'all' });
  const roleB = await role(study, pm, { projectId, alias: 'All-at-B', institutionIds: [siteB.id], ...everything });
  const roleA = await role(study, pm, { projectId, alias: 'Entry-at-A', institutionIds: [siteA.id], dataEntryRights: true });

  const member = async (name: string, roleId: number) => {
    const p = await person(study, name);
    await grant(study, pm, projectId, { roleId, userIds: [p.id] });
    await enter(study, p, projectId, roleId);
    return p;
  };
  const withRight = await member('mx.right', roleAll.id);
  const withoutRight = await member('mx.none', roleNone.id);
  const otherSite = await member('mx.siteb', roleB.id);
  const otherProject = await person(study, 'mx.stranger');
  const foreign = await project(study, pm, 'MATRIX-OTHER');
  const foreignRole = await role(study, pm, { projectId: foreign.id, alias: 'All', institutionIds: 'all', ...everything });
  await grant(study, pm, foreign.id, { roleId: foreignRole.id, userIds: [otherProject.id] });
  await enter(study, otherProject, foreign.id, foreignRole.id);
  // The stranger's own project takes data entry, so their calls naming the matrix project's study data are
  // refused by the scope (404), not by their project's status.
  await setStatus(study, foreign.id, 'TEST');
  const plainUser = await person(study, 'mx.plain');
  await study.t.call('POST', '/dcap/sys/user/save', { token: study.admin.token, body: { username: LOGIN.username, name: 'Login', password: LOGIN.password } });

  const studyData = await siteAStudy(study, pm, projectId, siteA.id);

  let counter = 0;
  const unique = (prefix: string) => `${prefix}${(counter += 1)}`;
  const db = study.t.database.db;
  const freshUser = async () =>
    (await db.insertInto('users').values({ username: unique('mx.fresh'), name: 'Fresh', password_hash: '-' }).returning('id').executeTakeFirstOrThrow()).id;
  return {
    study,
    personas: { plainUser, otherProject, otherSite, withoutRight, withRight, projectAdmin: pm, platformAdmin: study.admin },
    projectId,
    siteA: siteA.id,
    siteB: siteB.id,
    unitA,
    roleA: roleA.id,
    roleAll: roleAll.id,
    freshUser,
    holderOfRoleA: async () => {
      const id = await freshUser();
      await grant(study, pm, projectId, { roleId: roleA.id, userIds: [id] });
      return id;
    },
    spareRole: async () => (await role(study, pm, { projectId, alias: unique('Spare'), institutionIds: 'all' })).id,
    spareDepartment: async () =>
      (await db.insertInto('departments').values({ unit_id: unitA, name: unique('Dept') }).returning('id').executeTakeFirstOrThrow()).id,
    unique,
    studyData,
  };
}

/**
 * Publishes a small design to test and adds one subject at site A (in TEST, where subjects may be added),
 * then returns the project to config as the inventory expects. The administrator's session ends in test.
 */
async function siteAStudy(study: Study, pm: Persona, projectId: number, siteA: number): Promise<Fixture['studyData']> {
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const reply = await study.t.call(method, url, { token: pm.token, body });
    if (reply.status !== 200) throw new Error(`${url}: ${reply.body.msg}`);
    return reply.body.data as { id: number };
  };
  await call('GET', `/dcap/project/store/${projectId}`);
  await call('GET', '/dcap/projectEnv/selectEnv/dev');
  const instrument = await call('POST', '/dcap/project/instrument/save', { projectId, name: '矩阵表单', nameEn: 'Matrix form', nameAbbr: 'MX' });
  const text = { type: 'input', key: 'MXTEXT', model: 'MXTEXT', name: '文本', nameEn: 'Text', options: { dataType: 'string', maxlength: 64 } };
  const number = { type: 'number', key: 'MXNUM', model: 'MXNUM', name: '数值', nameEn: 'Number', options: {} };
  await call('POST', '/dcap/project/field/saveAllCfg', { instrumentId: instrument.id, list: [text, number], config: { labelWidth: 8, labelPosition: 'right' } });
  const cells: { eventId: number; instrumentId: number }[] = [];
  for (const event of [
    { name: '筛选期', nameEn: 'Screening', type: 'SCREENING', offsetDays: 0 },
    { name: '计划外访视', nameEn: 'Unscheduled', type: 'UNSCHEDULED' },
    { name: '不良事件', nameEn: 'Adverse events', type: 'LOG' },
  ]) {
    cells.push({ eventId: (await call('POST', '/dcap/project/event/save', { projectId, ...event })).id, instrumentId: instrument.id });
  }
  await call('POST', '/dcap/project/eventInstrument/saveMatrix', { projectId, cells });
  await call('POST', '/dcap/project/design/publish', { projectId, target: 'uat', note: 'Matrix' });
  await call('GET', '/dcap/projectEnv/selectEnv/uat');
  await setStatus(study, projectId, 'TEST');
  const subject = await call('POST', '/dcap/subject/save', { siteId: siteA, name: '矩阵受试者', initials: 'MX' });
  await setStatus(study, projectId, 'CONFIG');
  const panel = await study.t.database.db
    .selectFrom('panel_instances')
    .select(['id', 'event_instance_id'])
    .where('subject_id', '=', subject.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { subjectId: subject.id, eventInstanceId: panel.event_instance_id, panelInstanceId: panel.id, path: 'MXTEXT', env: 'uat' };
}

export interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  /** A body sent as is with this content type (an upload), instead of JSON. */
  raw?: { payload: Buffer; contentType: string };
}

/** Sends a call as a persona; a file download (xlsx) is a success without a JSON body. */
export async function send(f: Fixture, call: Call, token: string | null, lang?: string): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (token) headers.token = token;
  if (lang) headers['accept-language'] = lang;
  if (call.raw) headers['content-type'] = call.raw.contentType;
  const payload = call.raw ? { payload: call.raw.payload } : call.body === undefined ? {} : { payload: call.body as Record<string, unknown> };
  const response = await f.study.t.request({ method: call.method, url: call.url, headers, ...payload });
  const json = String(response.headers['content-type']).startsWith('application/json');
  return { status: response.statusCode, body: json ? response.json() : { code: 0, msg: 'file', data: null }, headers: response.headers };
}
