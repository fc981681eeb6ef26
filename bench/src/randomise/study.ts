import type { RandScheme, RandTable } from '@dcap/core';
import type { App } from '@dcap/server/src/app.js';
import { buildGeneratedStudy } from '@dcap/server/src/test/generated-study.js';

/**
 * The study the randomisation benchmark randomises into, made in this process on the database the server
 * will then open: the generated study (two sites, subjects in screening in the test environment, written
 * with set-based SQL), made a randomised double-blind study; an unblinded statistician role held by the
 * administrator, who designs, simulates and approves a permuted-block scheme stratified by site and
 * generates its test list; and one signed-in session per user of a randomiser role over both sites,
 * already in the project, the role and the test environment. Sessions live in the database, so the server
 * process accepts their tokens.
 */
export interface RandomiseStudy {
  projectId: number;
  schemeId: number;
  tableId: number;
  /** Every subject to randomise, with the version the randomise call must name. */
  subjects: { id: number; version: number }[];
  tokens: string[];
}

const PASSWORD = 'Bench#Rand2026a';
/** The largest block: each stratum's list gets this many slots beyond its share of the subjects. */
const BLOCK_SIZES = [4, 6];

export async function prepareRandomiseStudy(app: App, admin: { username: string; password: string }, options: { subjects: number; users: number; log: (line: string) => void }): Promise<RandomiseStudy> {
  const generated = await buildGeneratedStudy(app, admin, { code: 'BRAND', subjects: options.subjects, visits: 1, fields: 1 });
  const { projectId } = generated;
  const db = app.deps.db;
  let token = generated.token;
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> => {
    const reply = await app.fastify.inject({ method, url, headers: token ? { token } : {}, ...(body === undefined ? {} : { payload: body as object }) });
    const parsed = reply.json<{ data: unknown; msg: string }>();
    if (reply.statusCode !== 200) throw new Error(`${method} ${url}: ${String(reply.statusCode)} ${parsed.msg}`);
    return parsed.data;
  };
  await db.updateTable('projects').set({ blind_method: 'D', group_scheme: 'PROJECT_GROUP_SCHEME_RAND' }).where('id', '=', projectId).execute();

  options.log('designing, simulating and approving the scheme; generating its test list');
  const enter = async (roleId: number) => {
    await call('GET', `/dcap/project/store/${String(projectId)}`);
    await call('GET', `/dcap/projectRole/store/${String(roleId)}`);
    await call('GET', '/dcap/projectEnv/selectEnv/uat');
  };
  const adminId = (await db.selectFrom('users').select('id').where('username', '=', admin.username).executeTakeFirstOrThrow()).id;
  const stat = (await call('POST', '/dcap/projectRole/saveRole', { projectId, alias: 'Statistician', institutionIds: 'all', unblind: true, projectDesignAndSetup: true })) as { id: number };
  await call('POST', `/dcap/projectRole/assignRole2User?projectId=${String(projectId)}`, { roleId: stat.id, userIds: [adminId] });
  await enter(stat.id);
  const perSite = Math.ceil(options.subjects / generated.siteIds.length);
  const scheme = {
    method: 'blocks',
    arms: [
      { code: 'A', name: '试验组', nameEn: 'Active', ratio: 1 },
      { code: 'B', name: '对照组', nameEn: 'Control', ratio: 1 },
    ],
    blockSizes: BLOCK_SIZES,
    stratifyBySite: true,
    tableSize: perSite + Math.max(...BLOCK_SIZES),
  };
  const saved = (await call('POST', '/dcap/balance/scheme/save', { name: 'Benchmark', settings: { scheme, treatmentPhase: '治疗期' } })) as RandScheme;
  await call('POST', '/dcap/balance/scheme/simulate', { id: saved.id, trials: 20, subjectsPerTrial: 100 });
  await call('POST', '/dcap/balance/scheme/approve', { id: saved.id, version: saved.version });
  const table = (await call('POST', '/dcap/balance/table/generate', { schemeId: saved.id, kind: 'test' })) as RandTable;

  options.log(`signing in ${String(options.users)} randomisers`);
  const randomiser = (await call('POST', '/dcap/projectRole/saveRole', { projectId, alias: 'Randomiser', institutionIds: 'all', randomise: true, dataEntryRights: true })) as { id: number };
  const userIds: number[] = [];
  for (let index = 1; index <= options.users; index += 1) {
    const created = (await call('POST', '/dcap/sys/user/save', { username: `bench.rand${String(index).padStart(2, '0')}`, name: `Randomiser ${String(index)}`, password: PASSWORD })) as { user: { id: number } };
    userIds.push(created.user.id);
  }
  await call('POST', `/dcap/projectRole/assignRole2User?projectId=${String(projectId)}`, { roleId: randomiser.id, userIds });
  await db.updateTable('users').set({ must_change_password: false }).where('id', 'in', userIds).execute();
  const tokens: string[] = [];
  for (let index = 1; index <= options.users; index += 1) {
    token = '';
    token = ((await call('POST', '/dcap/login', { username: `bench.rand${String(index).padStart(2, '0')}`, password: PASSWORD })) as { token: string }).token;
    await enter(randomiser.id);
    tokens.push(token);
  }
  const subjects = await db.selectFrom('subjects').select(['id', 'version']).where('project_id', '=', projectId).orderBy('id').execute();
  return { projectId, schemeId: saved.id, tableId: table.id, subjects, tokens };
}
