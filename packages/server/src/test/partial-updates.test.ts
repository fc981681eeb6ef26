import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignTeam } from '../modules/instruments/design.fixture.js';
import { designTeam, samplePanel, textWidget } from '../modules/instruments/design.fixture.js';
import type { Persona, Study } from '../modules/roles/study.fixture.js';
import { ok, site, unit } from '../modules/roles/study.fixture.js';

/**
 * Updates keep what they are not told to change (core applyPatch): for every update call, an update that
 * leaves out an optional field keeps its stored value, and an explicit null clears it. Each case creates
 * its record with the field set, then sends the update twice, reading the column back each time.
 */

interface Fixture {
  study: Study;
  team: DesignTeam;
  admin: Persona;
  pm: Persona;
  projectId: number;
  counter(): number;
}

interface Target {
  id: number;
  url: string;
  as: Persona;
  /** The update's body without the optional field; called anew for each send (the project's version moves). */
  body(): Promise<Record<string, unknown>> | Record<string, unknown>;
}

interface UpdateCase {
  table: string;
  column: string;
  /** The request field under test and the value the record is created with. */
  field: string;
  value: string;
  /** What "cleared" is stored as: null, or the empty text for the library tables that store none as ''. */
  cleared: null | '';
  setup(f: Fixture): Promise<Target>;
}

const items = [{ key: '1', value: '1', label: '是' }];

async function post(f: Fixture, as: Persona, url: string, body: unknown): Promise<unknown> {
  return ok(await f.study.t.call('POST', url, { token: as.token, body }));
}

const CASES: Record<string, UpdateCase> = {
  'project save': {
    table: 'projects',
    column: 'name_en',
    field: 'eName',
    value: 'Study in English',
    cleared: null,
    setup: async (f) => {
      const created = (await post(f, f.pm, '/dcap/project/apply', { code: `PU-${f.counter()}`, name: '项目', eName: 'Study in English' })) as { id: number };
      // Spec 000 §4.3: configuration is editable from config on, not in set-up.
      ok(await f.study.t.call('GET', `/dcap/project/nextStep/${created.id}/0`, { token: f.pm.token }));
      return {
        id: created.id,
        url: '/dcap/project/save',
        as: f.pm,
        body: async () => {
          const info = ok(await f.study.t.call('GET', `/dcap/project/info/${created.id}`, { token: f.pm.token })) as { version: number };
          return { id: created.id, version: info.version, sponsorNames: `Sponsor ${f.counter()}` };
        },
      };
    },
  },
  'site save': {
    table: 'project_sites',
    column: 'pi_name',
    field: 'piName',
    value: 'Dr Wang',
    cleared: null,
    setup: async (f) => {
      const unitId = await unit(f.study, `PU-U${f.counter()}`, '协和医院', 'PUMCH');
      const created = await site(f.study, f.pm, f.projectId, `P${f.counter()}`, unitId);
      await post(f, f.pm, '/dcap/projectSite/save', { id: created.id, projectId: f.projectId, unitId, code: created.code, piName: 'Dr Wang' });
      return { id: created.id, url: '/dcap/projectSite/save', as: f.pm, body: () => ({ id: created.id, projectId: f.projectId, unitId, code: created.code }) };
    },
  },
  'site save (English name)': {
    table: 'project_sites',
    column: 'name_en',
    field: 'eName',
    value: 'Site in English',
    cleared: null,
    setup: async (f) => {
      const unitId = await unit(f.study, `PU-U${f.counter()}`, '华山医院', 'Huashan');
      const created = await site(f.study, f.pm, f.projectId, `P${f.counter()}`, unitId);
      await post(f, f.pm, '/dcap/projectSite/save', { id: created.id, projectId: f.projectId, unitId, code: created.code, eName: 'Site in English' });
      return { id: created.id, url: '/dcap/projectSite/save', as: f.pm, body: () => ({ id: created.id, projectId: f.projectId, unitId, code: created.code, piName: 'Dr Li' }) };
    },
  },
  'environment update': {
    table: 'project_envs',
    column: 'name_en',
    field: 'eName',
    value: 'Data environment',
    cleared: null,
    setup: async (f) => {
      const env = (await post(f, f.pm, '/dcap/projectEnv/createEnv', { projectId: f.projectId, key: `sde${f.counter()}`, type: 'sde', name: '数据环境', eName: 'Data environment' })) as { id: number };
      return { id: env.id, url: '/dcap/projectEnv/updateEnv', as: f.pm, body: () => ({ projectId: f.projectId, id: env.id, name: `数据环境 ${f.counter()}` }) };
    },
  },
  'hospital update': {
    table: 'units',
    column: 'name_en',
    field: 'eName',
    value: 'Peking Union',
    cleared: null,
    setup: async (f) => {
      const id = await unit(f.study, `PU-H${f.counter()}`, '协和', 'Peking Union');
      return { id, url: '/dcap/sys/unit/update', as: f.admin, body: () => ({ id, city: `City ${f.counter()}` }) };
    },
  },
  'department update': {
    table: 'departments',
    column: 'name_en',
    field: 'eName',
    value: 'Cardiology',
    cleared: null,
    setup: async (f) => {
      const unitId = await unit(f.study, `PU-D${f.counter()}`, '医院');
      const dept = (await post(f, f.admin, '/dcap/sys/division/save', { unitId, name: '心内科', eName: 'Cardiology' })) as { id: number };
      return { id: dept.id, url: '/dcap/sys/division/update', as: f.admin, body: () => ({ id: dept.id, name: `心内科 ${f.counter()}` }) };
    },
  },
  'user update': {
    table: 'users',
    column: 'name_en',
    field: 'nameEn',
    value: 'Zhang San',
    cleared: null,
    setup: async (f) => {
      const created = (await post(f, f.admin, '/dcap/sys/user/save', { username: `pu.user${f.counter()}`, name: '张三', nameEn: 'Zhang San' })) as { user: { id: number } };
      return { id: created.user.id, url: '/dcap/sys/user/update', as: f.admin, body: () => ({ id: created.user.id, department: `Dept ${f.counter()}` }) };
    },
  },
  'own profile update': {
    table: 'users',
    column: 'name_en',
    field: 'nameEn',
    value: 'Project Manager',
    cleared: null,
    setup: async (f) => {
      const profile = { name: '项目经理', gender: 'female', email: 'pm@example.org', corporation: 'Acme' };
      await post(f, f.pm, '/dcap/sys/user/updateCurrentUser', { ...profile, nameEn: 'Project Manager' });
      return { id: f.pm.id, url: '/dcap/sys/user/updateCurrentUser', as: f.pm, body: () => ({ ...profile, phone: `1380000${f.counter()}` }) };
    },
  },
  'instrument save': {
    table: 'instruments',
    column: 'name_en',
    field: 'nameEn',
    value: 'Demographics',
    cleared: null,
    setup: async (f) => {
      const nameAbbr = `PU${f.counter()}`;
      const created = (await post(f, f.pm, '/dcap/project/instrument/save', { projectId: f.projectId, name: '人口学', nameEn: 'Demographics', nameAbbr })) as { id: number };
      return { id: created.id, url: '/dcap/project/instrument/save', as: f.pm, body: () => ({ projectId: f.projectId, id: created.id, name: `人口学 ${f.counter()}`, nameAbbr }) };
    },
  },
  'event save': {
    table: 'events',
    column: 'name_en',
    field: 'nameEn',
    value: 'Week 2',
    cleared: null,
    setup: async (f) => {
      const created = (await post(f, f.pm, '/dcap/project/event/save', { projectId: f.projectId, name: `第二周 ${f.counter()}`, nameEn: 'Week 2', type: 'TREATMENT', offsetDays: 14 })) as { id: number };
      return { id: created.id, url: '/dcap/project/event/save', as: f.pm, body: () => ({ projectId: f.projectId, id: created.id, name: `第二周 ${f.counter()}`, type: 'TREATMENT' }) };
    },
  },
  'event save (planned day)': {
    table: 'events',
    column: 'offset_days',
    field: 'offsetDays',
    value: '14',
    cleared: null,
    setup: async (f) => {
      const created = (await post(f, f.pm, '/dcap/project/event/save', { projectId: f.projectId, name: `随访 ${f.counter()}`, type: 'FOLLOW_UP', offsetDays: 14 })) as { id: number };
      return { id: created.id, url: '/dcap/project/event/save', as: f.pm, body: () => ({ projectId: f.projectId, id: created.id, name: `随访 ${f.counter()}`, type: 'FOLLOW_UP' }) };
    },
  },
  'project dictionary save': {
    table: 'dicts',
    column: 'value_en',
    field: 'valueEn',
    value: 'Yes / no',
    cleared: '',
    setup: async (f) => {
      const key = `PUD${f.counter()}`;
      await post(f, f.pm, '/dcap/project/dict/save', { projectId: f.projectId, key, value: '是否', valueEn: 'Yes / no', items });
      // The project call answers with the dictionary entry, which carries no id.
      const created = await f.study.t.database.db.selectFrom('dicts').select('id').where('project_id', '=', f.projectId).where('dict_key', '=', key).executeTakeFirstOrThrow();
      return { id: created.id, url: '/dcap/project/dict/save', as: f.pm, body: () => ({ projectId: f.projectId, key, value: `是否 ${f.counter()}`, items }) };
    },
  },
  'platform dictionary save': {
    table: 'dicts',
    column: 'value_en',
    field: 'valueEn',
    value: 'Severity',
    cleared: '',
    setup: async (f) => {
      const key = `PUS${f.counter()}`;
      const created = (await post(f, f.admin, '/dcap/sys/dict/save', { key, value: '严重程度', valueEn: 'Severity', items })) as { id: number };
      return { id: created.id, url: '/dcap/sys/dict/save', as: f.admin, body: () => ({ id: created.id, key, value: `严重程度 ${f.counter()}`, items }) };
    },
  },
  'standard variable save': {
    table: 'std_fields',
    column: 'field_annotation',
    field: 'fieldAnnotation',
    value: 'DM.BRTHDTC',
    cleared: '',
    setup: async (f) => {
      const fieldName = `PUF${f.counter()}`;
      const base = { domain: 'DM', fieldName, fieldLabel: '出生日期', fieldLabelEn: 'Birth date', widget: textWidget('X', '出生日期') };
      const created = (await post(f, f.admin, '/dcap/sys/standardField/save', { ...base, fieldAnnotation: 'DM.BRTHDTC' })) as { id: number };
      return { id: created.id, url: '/dcap/sys/standardField/save', as: f.admin, body: () => ({ ...base, id: created.id, fieldLabel: `出生日期 ${f.counter()}` }) };
    },
  },
  'panel template save': {
    table: 'std_templates',
    column: 'description',
    field: 'description',
    value: 'Vital signs',
    cleared: '',
    setup: async (f) => {
      const base = { name: '生命体征', nameEn: 'Vitals', nameAbbr: `PUT${f.counter()}`, panel: samplePanel() };
      const created = (await post(f, f.admin, '/dcap/sys/standardInstrument/save', { ...base, description: 'Vital signs' })) as { id: number };
      return { id: created.id, url: '/dcap/sys/standardInstrument/save', as: f.admin, body: () => ({ ...base, id: created.id, name: `生命体征 ${f.counter()}` }) };
    },
  },
  'derived field save': {
    table: 'derived_fields',
    column: 'description',
    field: 'description',
    value: 'Body mass index',
    cleared: '',
    setup: async (f) => {
      const base = {
        group: 'CONTINUOUS_VARIABLES',
        fieldName: `PUB${f.counter()}`,
        fieldLabel: 'BMI',
        fieldLabelEn: 'BMI',
        expression: '1 + 1',
        widget: { type: 'number', key: 'X', model: 'X', name: 'BMI', options: {} },
      };
      const created = (await post(f, f.admin, '/dcap/sys/derivedField/save', { ...base, description: 'Body mass index' })) as { id: number };
      return { id: created.id, url: '/dcap/sys/derivedField/save', as: f.admin, body: () => ({ ...base, id: created.id, fieldLabel: `BMI ${f.counter()}` }) };
    },
  },
};

let f: Fixture;

beforeAll(async () => {
  const team = await designTeam('PU');
  let n = 0;
  f = { study: team.study, team, admin: team.study.admin, pm: team.pm, projectId: team.projectId, counter: () => (n += 1) };
});
afterAll(() => f.study.t.close());

async function stored(table: string, column: string, id: number): Promise<unknown> {
  const result = await sql<{ value: unknown }>`SELECT ${sql.ref(column)} AS value FROM ${sql.table(table)} WHERE id = ${id}`.execute(f.study.t.database.db);
  const value = result.rows[0]?.value;
  // Numbers are compared as text so one table of cases serves text and number fields.
  return typeof value === 'number' ? String(value) : value;
}

describe('partial updates: a field left out keeps its value, null clears it', () => {
  for (const [name, c] of Object.entries(CASES)) {
    it(name, async () => {
      const target = await c.setup(f);
      expect(await stored(c.table, c.column, target.id), 'set at creation').toBe(c.value);

      const kept = await f.study.t.call('POST', target.url, { token: target.as.token, body: await target.body() });
      expect(kept.status, kept.body.msg).toBe(200);
      expect(await stored(c.table, c.column, target.id), `${c.field} left out`).toBe(c.value);

      const cleared = await f.study.t.call('POST', target.url, { token: target.as.token, body: { ...(await target.body()), [c.field]: null } });
      expect(cleared.status, cleared.body.msg).toBe(200);
      expect(await stored(c.table, c.column, target.id), `${c.field} set to null`).toBe(c.cleared);
    });
  }
});

describe('project save: settings with defaults at creation keep their value when left out of a save', () => {
  it('keeps the blinding, applications and config flags a save leaves out; a flag sent replaces only itself', async () => {
    const created = (await post(f, f.pm, '/dcap/project/apply', {
      code: `PU-CFG${f.counter()}`,
      name: '配置',
      blindMethod: 'D',
      application: ['dCap', 'Balance'],
      config: { visitTask: true, preScreen: true },
    })) as { id: number };
    ok(await f.study.t.call('GET', `/dcap/project/nextStep/${created.id}/0`, { token: f.pm.token }));
    const info = async () => ok(await f.study.t.call('GET', `/dcap/project/info/${created.id}`, { token: f.pm.token })) as { version: number; blindMethod: string; application: string[]; config: Record<string, boolean> };
    const before = await info();
    ok(await f.study.t.call('POST', '/dcap/project/save', { token: f.pm.token, body: { id: created.id, version: before.version, config: { preScreen: false } } }));
    const after = await info();
    expect(after.blindMethod).toBe('D');
    expect(after.application).toEqual(['dCap', 'Balance']);
    expect(after.config).toMatchObject({ visitTask: true, preScreen: false });
  });
});
