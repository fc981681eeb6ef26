import { Api, idOf, signIn } from './client.js';
import { benchPanel } from './panel.js';

/**
 * The study the data-entry benchmark saves into, prepared through the platform's API as a study team would:
 * a project moved to internal test, the 100-field panel designed in development and published to the test
 * environment (uat) in one visit, one site, a data-entry role held by one user per simulated user, and one
 * subject per user, whose visit holds the panel instance that user saves.
 */
export interface BenchUser {
  username: string;
  userId: number;
  token: string;
  subjectId: number;
  panelInstanceId: number;
}

export interface BenchStudy {
  projectId: number;
  siteId: number;
  eventId: number;
  instrumentId: number;
  users: BenchUser[];
}

const PASSWORD = 'Bench#Pass2026a';
const NEW_PASSWORD = 'Bench#Pass2026b';

/** A platform user with a password of its own, signed in, past the first-sign-in password change. */
async function person(admin: Api, username: string, flags: Record<string, unknown> = {}): Promise<{ api: Api; userId: number }> {
  const created = (await admin.post('/dcap/sys/user/save', { username, name: `Bench ${username}`, password: PASSWORD, ...flags })) as { user: { id: number } };
  const first = await signIn(admin.baseUrl, username, PASSWORD);
  let api = new Api(admin.baseUrl, first.token);
  if (first.mustChangePassword) {
    await api.post('/dcap/sys/user/password', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    api = new Api(admin.baseUrl, (await signIn(admin.baseUrl, username, NEW_PASSWORD)).token);
  }
  return { api, userId: created.user.id };
}

export interface PrepareOptions {
  baseUrl: string;
  adminToken: string;
  users: number;
  /** Adds a subject at the site as this user and answers its id and the panel instance of (event, instrument). */
  addSubject: (api: Api, siteId: number, index: number, eventId: number, instrumentId: number) => Promise<{ subjectId: number; panelInstanceId: number }>;
  log: (line: string) => void;
}

export async function prepareStudy(options: PrepareOptions): Promise<BenchStudy> {
  const { baseUrl, log } = options;
  const admin = new Api(baseUrl, options.adminToken);
  const pm = await person(admin, 'bench.pm', { projectAdmin: true });
  const project = (await pm.api.post('/dcap/project/apply', { code: 'BENCH-ENTRY', name: 'Data-entry benchmark' })) as { id: number };
  const projectId = project.id;
  await pm.api.get(`/dcap/project/nextStep/${projectId}/0`);
  await pm.api.get(`/dcap/project/store/${projectId}`);
  await pm.api.get('/dcap/projectEnv/selectEnv/dev');

  log('designing the 100-field panel and publishing it to test');
  const instrumentId = idOf(await pm.api.post('/dcap/project/instrument/save', { projectId, name: '百项表单', nameEn: 'Hundred fields', nameAbbr: 'HUNDRED' }));
  const panel = benchPanel();
  await pm.api.post('/dcap/project/field/saveAllCfg', { instrumentId, list: panel.list, config: panel.config });
  const eventId = idOf(await pm.api.post('/dcap/project/event/save', { projectId, name: '筛选期', nameEn: 'Screening', type: 'SCREENING', offsetDays: 0 }));
  await pm.api.post('/dcap/project/eventInstrument/saveMatrix', { projectId, cells: [{ eventId, instrumentId }] });
  await pm.api.post('/dcap/project/design/publish', { projectId, target: 'uat', note: 'Benchmark design' });

  const unitId = idOf(await admin.post('/dcap/sys/unit/save', { code: 'BENCH-UNIT', name: '基准医院', eName: 'Benchmark hospital' }));
  const siteId = idOf(await pm.api.post('/dcap/projectSite/save', { projectId, unitId, code: 'B01' }));
  const roleId = idOf(
    await pm.api.post('/dcap/projectRole/saveRole', { projectId, alias: 'CRC', institutionIds: 'all', dataEntryRights: true, answerQuery: true }),
  );

  log(`creating ${options.users} users`);
  const people: { api: Api; userId: number; username: string }[] = [];
  for (let i = 1; i <= options.users; i += 1) {
    const username = `bench.crc${String(i).padStart(2, '0')}`;
    people.push({ ...(await person(admin, username)), username });
  }
  await pm.api.post(`/dcap/projectRole/assignRole2User?projectId=${projectId}`, { roleId, userIds: people.map((p) => p.userId) });

  // Spec 000 §4.3: data is entered from internal test on; the configuration audit is applied for and approved.
  await pm.api.post('/dcap/project/applyAuditConfig', { projectId });
  await admin.post('/dcap/project/saConfirmConfig', { projectId });

  log(`adding ${options.users} subjects`);
  const users: BenchUser[] = [];
  for (const [index, p] of people.entries()) {
    await p.api.get(`/dcap/project/store/${projectId}`);
    await p.api.get(`/dcap/projectRole/store/${roleId}`);
    await p.api.get('/dcap/projectEnv/selectEnv/uat');
    const subject = await options.addSubject(p.api, siteId, index, eventId, instrumentId);
    users.push({ username: p.username, userId: p.userId, token: p.api.token, ...subject });
  }
  return { projectId, siteId, eventId, instrumentId, users };
}
