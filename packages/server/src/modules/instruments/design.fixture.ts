import type { Instrument, Panel, Widget } from '@dcap/core';
import type { Reply } from '../../test/harness.js';
import type { Persona, Study } from '../roles/study.fixture.js';
import { enter, grant, ok, openStudy, person, project, role } from '../roles/study.fixture.js';

/**
 * The design team of the panel and visit scenarios: project administrator `pm` and a designer holding the
 * projectDesignAndSetup right, both working in the development environment; a site investigator without the
 * design right; and a designer whose session stays in the test environment.
 */
export interface DesignTeam {
  study: Study;
  projectId: number;
  pm: Persona;
  designer: Persona;
  investigator: Persona;
  testEnvDesigner: Persona;
}

/** Moves a persona's session into an environment of their current project, as the environment switch does. */
export async function selectEnv(study: Study, who: Persona, key: string): Promise<void> {
  ok(await study.t.call('GET', `/dcap/projectEnv/selectEnv/${key}`, { token: who.token }));
}

export async function designTeam(code: string, study?: Study): Promise<DesignTeam> {
  const s = study ?? (await openStudy());
  const pm = await person(s, `${code}.pm`, { projectAdmin: true });
  const { id: projectId } = await project(s, pm, code);
  const designRole = await role(s, pm, { projectId, alias: 'Designer', institutionIds: 'all', projectDesignAndSetup: true });
  const entryRole = await role(s, pm, { projectId, alias: 'Investigator', institutionIds: 'all', dataEntryRights: true });
  const designer = await person(s, `${code}.designer`);
  const testEnvDesigner = await person(s, `${code}.uatdesigner`);
  const investigator = await person(s, `${code}.inv`);
  await grant(s, pm, projectId, { roleId: designRole.id, userIds: [designer.id, testEnvDesigner.id] });
  await grant(s, pm, projectId, { roleId: entryRole.id, userIds: [investigator.id] });
  ok(await s.t.call('GET', `/dcap/project/store/${projectId}`, { token: pm.token }));
  await enter(s, designer, projectId, designRole.id);
  await enter(s, testEnvDesigner, projectId, designRole.id);
  await enter(s, investigator, projectId, entryRole.id);
  await selectEnv(s, pm, 'dev');
  await selectEnv(s, designer, 'dev');
  await selectEnv(s, investigator, 'dev');
  await selectEnv(s, testEnvDesigner, 'uat');
  return { study: s, projectId, pm, designer, investigator, testEnvDesigner };
}

export function post(team: DesignTeam, who: Persona, url: string, body: unknown): Promise<Reply> {
  return team.study.t.call('POST', url, { token: who.token, body });
}

export function get(team: DesignTeam, who: Persona, url: string): Promise<Reply> {
  return team.study.t.call('GET', url, { token: who.token });
}

export async function createInstrument(team: DesignTeam, nameAbbr: string, extra: Record<string, unknown> = {}): Promise<Instrument> {
  return ok(await post(team, team.designer, '/dcap/project/instrument/save', { projectId: team.projectId, name: `表单 ${nameAbbr}`, nameAbbr, ...extra })) as Instrument;
}

export function textWidget(key: string, name: string, nameEn = name): Widget {
  return { type: 'input', key, model: key, name, nameEn, options: { dataType: 'string', maxlength: 64 } };
}

export function numberWidget(key: string, name: string, expression?: string): Widget {
  return { type: 'number', key, model: key, name, nameEn: name, options: expression === undefined ? {} : { expression } };
}

/** A small valid panel: two text fields, a weight, a height and a computed BMI. */
export function samplePanel(): Panel {
  return {
    list: [
      textWidget('INITIALS', '姓名缩写', 'Initials'),
      numberWidget('WEIGHT', '体重'),
      numberWidget('HEIGHT', '身高'),
      numberWidget('BMI', 'BMI', 'round([WEIGHT] / ([HEIGHT] / 100) ^ 2, 1)'),
      {
        type: 'grid',
        key: 'GRID1',
        model: 'GRID1',
        name: '',
        options: { columns: [{ span: 12, list: [textWidget('SITE_NOTE', '备注', 'Note')] }, { span: 12, list: [] }] },
      },
    ],
    config: { labelWidth: 8, labelPosition: 'right' },
  };
}

/** Counts audit rows of one action in the project. */
export async function auditCount(team: DesignTeam, action: string): Promise<number> {
  const row = await team.study.t.database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project_id', '=', team.projectId)
    .where('action', '=', action)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function lastAudit(team: DesignTeam, action: string) {
  return team.study.t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('project_id', '=', team.projectId)
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}
