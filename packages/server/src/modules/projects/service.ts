import type { CreateProjectRequest, EnvType, Project, ProjectAccess, ProjectListFilter, SaveProjectRequest } from '@dcap/core';
import { AppError, applyPatch, isPlatformAdmin, projectIs, statusesForFilter } from '@dcap/core';
import type { ProjectRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import { platformWrite, projectWrite } from '../../http/project-write.js';
import { insertEnv } from '../environments/service.js';
import type { ProjectContext } from './access.js';
import { auditedProject, presentProject } from './presenter.js';
import * as repo from './repo.js';

/** What the login response reads of the caller's projects (the switcher, the roles held): through this module. */
export { rolesHeldInProject, switcherProjects } from './repo.js';

export interface NewEnvironment {
  key: string;
  type: EnvType;
  name: string;
  name_en: string;
}

/** Every new project starts with a development, a test and a production environment. */
export const DEFAULT_ENVIRONMENTS: readonly NewEnvironment[] = [
  { key: 'dev', type: 'dev', name: '开发环境', name_en: 'Development' },
  { key: 'uat', type: 'uat', name: '测试环境', name_en: 'Testing (UAT)' },
  { key: 'prd', type: 'prd', name: '正式环境', name_en: 'Production' },
];

/** The audit row of a change to the project itself. */
export function projectEntry(projectId: number, action: string, values: { oldValue?: unknown; newValue?: unknown; reason?: string | null }) {
  return { action, entityType: 'project', entityId: projectId, ...values };
}

/** The standing a listed project shows: managers by their flags; members see view rights only. */
function listAccess(actor: Actor, adminOf: boolean): ProjectAccess {
  return { platformAdmin: isPlatformAdmin(actor), projectAdmin: adminOf, role: null };
}

/**
 * The workplace list (spec 000 §2.2 and §9 filters). Platform administrators see every project under
 * "all"; everyone else only the projects they take part in. Offline projects appear only under "offline".
 */
export async function listProjects(deps: ServiceDeps, actor: Actor, filter: ProjectListFilter, keyword: string | undefined): Promise<Project[]> {
  const everything = isPlatformAdmin(actor) && filter !== 'mine';
  const rows = await repo.listProjects(deps.db, { userId: actor.userId, everything, statuses: statusesForFilter(filter), keyword });
  const adminOf = await repo.projectsAdministeredBy(deps.db, actor.userId);
  return rows.map((row) => presentProject(row, listAccess(actor, adminOf.has(row.id))));
}

function columns(body: CreateProjectRequest) {
  return {
    code: body.code,
    name: body.name,
    name_en: body.eName ?? null,
    pi_user_names: body.piUserNames ?? null,
    pi_user_names_en: body.piUserNamesEn ?? null,
    sponsor_names: body.sponsorNames ?? null,
    cro_names: body.croNames ?? null,
    description: body.description ?? null,
    blind_method: body.blindMethod,
    group_scheme: body.groupScheme,
    remote_randomization: body.remoteRandomization,
    share_event_panel: body.shareEventPanel,
    auto_code: body.autoCode,
    application: body.application,
    config: JSON.stringify(body.config),
  };
}

/**
 * Project application (spec 000 §2.2 `/project/projectApply`): the applicant becomes the project's
 * administrator, and the project starts at set-up with its three default environments.
 */
export async function createProject(
  deps: ServiceDeps,
  actor: Actor,
  body: CreateProjectRequest,
  meta: RequestMeta,
  environments: readonly NewEnvironment[] = DEFAULT_ENVIRONMENTS,
): Promise<Project> {
  const now = deps.clock.now();
  // Applying for a project is a platform write: the project it creates has no standing to check yet.
  const row = await platformWrite(
    deps,
    { actor, meta },
    async (trx, audit) => {
      const created = await repo.insertProject(trx, { ...columns(body), created_by: actor.userId, created_at: now, updated_at: now });
      await repo.insertProjectAdmin(trx, created.id, actor.userId, actor.userId, now);
      for (const env of environments) await insertEnv(trx, { project_id: created.id, ...env });
      await audit({ ...projectEntry(created.id, 'project.create', { newValue: { ...auditedProject(created), status: created.status } }), projectId: created.id });
      return created;
    },
    { code: body.code },
  );
  return presentProject(row, { platformAdmin: isPlatformAdmin(actor), projectAdmin: true, role: null });
}

/**
 * The configuration a save leaves (core applyPatch): a field left out keeps its value, null clears a
 * clearable text, and config flags left out keep theirs.
 */
function patchedProject(before: ProjectRow, body: SaveProjectRequest): CreateProjectRequest {
  const stored = {
    code: before.code,
    name: before.name,
    eName: before.name_en,
    piUserNames: before.pi_user_names,
    piUserNamesEn: before.pi_user_names_en,
    sponsorNames: before.sponsor_names,
    croNames: before.cro_names,
    description: before.description,
    blindMethod: before.blind_method,
    groupScheme: before.group_scheme,
    remoteRandomization: before.remote_randomization,
    shareEventPanel: before.share_event_panel,
    autoCode: before.auto_code,
    // The column's CHECK constraint admits only core's application names.
    application: before.application as CreateProjectRequest['application'],
    config: before.config as CreateProjectRequest['config'],
  };
  const next = applyPatch(stored, { ...body, config: undefined });
  return { ...next, config: { ...stored.config, ...body.config } };
}

function assertConfigEditable(project: ProjectRow, access: ProjectAccess): void {
  const designer = access.platformAdmin || access.projectAdmin || (access.role?.rights.includes('projectDesignAndSetup') ?? false);
  if (!projectIs(project.status, 'configDataEditable', { designer })) throw new AppError('project.status_forbids', { status: project.status });
}

/** Project configuration (`/project/detail/new`): optimistic on `version`, audited field by field. */
export async function updateProject(deps: ServiceDeps, actor: Actor, context: ProjectContext, body: SaveProjectRequest, meta: RequestMeta): Promise<Project> {
  // The status is checked on the row locked for the update, with the caller's designer standing.
  const row = await projectWrite(deps, { actor, project: context, meta }, { errorContext: { code: body.code ?? context.project.code } }, async (trx, audit) => {
    const before = await repo.findProjectForUpdate(trx, context.project.id);
    if (!before) throw new AppError('project.not_found');
    if (body.version !== before.version) throw new AppError('conflict.stale');
    assertConfigEditable(before, context.access);
    const after = await repo.updateProject(trx, before.id, { ...columns(patchedProject(before, body)), updated_at: deps.clock.now() });
    await audit.change('project', after.id, { kind: 'update', before: auditedProject(before), after: auditedProject(after) });
    return after;
  });
  return presentProject(row, context.access);
}

export function projectInfo(context: ProjectContext): Project {
  return presentProject(context.project, context.access);
}
