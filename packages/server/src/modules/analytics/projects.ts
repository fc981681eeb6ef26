import type { AnalyticsProjects } from '@dcap/core';
import { sessionEnvironment } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Caller } from '../../http/context.js';
import * as repo from './projects-repo.js';

/**
 * GET /dcap/analytics/projects: the headline figures of every project the caller administers (a platform
 * administrator: every project), each in the environment a session would land in (production once the
 * study runs, test before; core `sessionEnvironment`), over all its sites and without arms
 * (docs/decisions.md "Analytics"). Site-limited members see their own project's overview instead: their
 * sites differ by role, which only a session in the project chooses.
 */
export async function analyticsProjects(deps: ServiceDeps, caller: Caller): Promise<AnalyticsProjects> {
  const { actor } = caller;
  const projects = await repo.administeredProjects(deps.db, actor.userId, actor.admin || actor.systemAdmin);
  const ids = projects.map((project) => project.id);
  const envs = await repo.envsOf(deps.db, ids);
  const chosen = new Map(projects.map((project) => [project.id, sessionEnvironment(envs.filter((env) => env.project_id === project.id), project.status, null)]));
  const envIds = [...chosen.values()].flatMap((env) => (env ? [env.id] : []));
  const [counts, targets] = await Promise.all([repo.headlineCounts(deps.db, envIds), repo.targets(deps.db, ids)]);
  return projects.map((project) => {
    const env = chosen.get(project.id) ?? null;
    const row = env ? counts.find((candidate) => candidate.env_id === env.id) : undefined;
    return {
      projectId: project.id,
      code: project.code,
      name: project.name,
      nameEn: project.name_en,
      env: env?.key ?? null,
      enrolled: row?.enrolled ?? 0,
      screeningFailures: row?.failed ?? 0,
      openQueries: row?.open_queries ?? 0,
      target: targets.find((candidate) => candidate.project_id === project.id)?.target ?? null,
    };
  });
}
