import type { AnalyticsProjects, SiteScope } from '@dcap/core';
import { sessionEnvironment, unionScopes } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Caller } from '../../http/context.js';
import { effectiveScope } from '../roles/presenter.js';
import * as repo from './projects-repo.js';

/**
 * GET /dcap/analytics/projects: the headline figures of every project the caller may see (docs/decisions.md
 * "Analytics"): a platform administrator every project and a project administrator theirs, over all sites; a
 * member the projects where they hold an enabled role, over the sites of all those roles together (what they
 * would see by switching between them). Each project in the environment a session there would take (the one
 * the user last chose, else production once the study runs, test before; core `sessionEnvironment`), without
 * arms.
 */
export async function analyticsProjects(deps: ServiceDeps, caller: Caller): Promise<AnalyticsProjects> {
  const { actor } = caller;
  const administered = await repo.administeredProjects(deps.db, actor.userId, actor.admin || actor.systemAdmin);
  const scopes = new Map<number, SiteScope>(administered.map((project) => [project.id, 'all']));
  const grants = await repo.memberGrants(deps.db, actor.userId);
  const memberScopes = new Map<number, SiteScope[]>();
  for (const { role, grant } of grants) {
    if (scopes.has(role.project_id)) continue;
    memberScopes.set(role.project_id, [...(memberScopes.get(role.project_id) ?? []), effectiveScope(role, grant)]);
  }
  for (const [projectId, list] of memberScopes) scopes.set(projectId, unionScopes(list));
  const projects = [...administered, ...(await repo.projectsByIds(deps.db, [...memberScopes.keys()]))].sort(
    (a, b) => a.code.localeCompare(b.code) || a.id - b.id,
  );
  const ids = projects.map((project) => project.id);
  const [envs, chosenBefore] = await Promise.all([repo.envsOf(deps.db, ids), repo.lastChosenEnvs(deps.db, actor.userId, ids)]);
  const chosen = new Map(
    projects.map((project) => {
      const last = chosenBefore.find((row) => row.project_id === project.id)?.env ?? null;
      return [project.id, sessionEnvironment(envs.filter((env) => env.project_id === project.id), project.status, last)];
    }),
  );
  const siteIdsOf = (projectId: number): readonly number[] | null => {
    const scope = scopes.get(projectId) ?? [];
    return scope === 'all' ? null : scope;
  };
  const countScopes = projects.flatMap((project) => {
    const env = chosen.get(project.id);
    return env ? [{ envId: env.id, siteIds: siteIdsOf(project.id) }] : [];
  });
  const [counts, targets] = await Promise.all([
    repo.headlineCounts(deps.db, countScopes),
    repo.targets(deps.db, projects.map((project) => ({ projectId: project.id, siteIds: siteIdsOf(project.id) }))),
  ]);
  return projects.map((project) => {
    const env = chosen.get(project.id) ?? null;
    const row = env ? counts.find((candidate) => candidate.env_id === env.id) : undefined;
    return {
      projectId: project.id,
      code: project.code,
      name: project.name,
      nameEn: project.name_en,
      env: env?.key ?? null,
      envName: env?.name ?? null,
      envNameEn: env?.name_en ?? null,
      enrolled: row?.enrolled ?? 0,
      screeningFailures: row?.failed ?? 0,
      openQueries: row?.open_queries ?? 0,
      target: targets.find((candidate) => candidate.project_id === project.id)?.target ?? null,
    };
  });
}
