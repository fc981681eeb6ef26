import type { SiteMapping, SiteMappingList, SiteMappingSaveRequest } from '@dcap/core';
import { AppError, siteMappingSaveSchema } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { ProjectWriteRule } from '../../http/project-write.js';
import { projectWrite } from '../../http/project-write.js';
import { remoteError } from './allocate.js';
import type { RemoteRandomisation } from './remote.js';
import { remoteStudyOf } from './remote.js';
import type { SiteWithMapping } from './repo.js';
import * as repo from './repo.js';

/**
 * The site mapping of remote randomisation (spec 002 §8: "study site not mapped to the randomisation
 * system", "site mapping error between the two systems"): each project site's code at the service. It is
 * part of the randomisation design, so it needs `randomisation.design`; a code is checked against the
 * service's sites when saved, and again by the service at every randomisation.
 */
const DESIGN: ProjectWriteRule = { right: 'randomisation.design' };

function presentMapping(row: SiteWithMapping, known: ReadonlySet<string> | null): SiteMapping {
  return {
    siteId: row.id,
    siteCode: row.code,
    siteName: row.name,
    siteNameEn: row.name_en,
    remoteSite: row.remote_site,
    known: row.remote_site === null || known === null ? null : known.has(row.remote_site),
    updatedBy: row.updated_by_name,
    updatedAt: row.updated_at?.toISOString() ?? null,
  };
}

/** The service's site codes of the study; null when it cannot be asked or does not answer. */
async function serviceSites(remote: RemoteRandomisation | null, study: string): Promise<Set<string> | null> {
  if (!remote) return null;
  try {
    return new Set(await remote.sites(study));
  } catch {
    return null;
  }
}

/** GET /dcap/balance/siteMapping/list: every site with its remote code and, when the service answers, whether it knows it. */
export async function listSiteMappings(deps: ServiceDeps, remote: RemoteRandomisation | null, caller: ProjectCaller): Promise<SiteMappingList> {
  const project = caller.project.project;
  const rows = await repo.listSiteMappings(deps.db, project.id);
  const asked = project.remote_randomization && rows.some((row) => row.remote_site !== null);
  const known = asked ? await serviceSites(remote, remoteStudyOf(project)) : null;
  return { remoteRandomisation: project.remote_randomization, serviceAnswered: known !== null, list: rows.map((row) => presentMapping(row, known)) };
}

/**
 * POST /dcap/balance/siteMapping/save: sets or clears a site's code at the service, audited. While the
 * project randomises remotely, a code the service does not list for the study is refused, and a service
 * that cannot be asked refuses the save too (a mapping is only saved once it was seen to be right); before
 * the flag is set a code is stored as given and checked at the first randomisation.
 */
export async function saveSiteMapping(deps: ServiceDeps, remote: RemoteRandomisation | null, caller: ProjectCaller, input: SiteMappingSaveRequest): Promise<SiteMapping> {
  const body = siteMappingSaveSchema.parse(input);
  const project = caller.project.project;
  const site = (await repo.listSiteMappings(deps.db, project.id)).find((row) => row.id === body.siteId);
  if (!site) throw new AppError('site.not_found');
  let known: Set<string> | null = null;
  if (body.remoteSite !== null && project.remote_randomization) {
    if (!remote) throw new AppError('randomisation.remote_failed');
    try {
      known = new Set(await remote.sites(remoteStudyOf(project)));
    } catch (error) {
      throw remoteError(error);
    }
    if (!known.has(body.remoteSite)) throw new AppError('randomisation.remote_site_mapping');
  }
  const remoteSite = body.remoteSite;
  await projectWrite(deps, caller, DESIGN, async (trx, audit) => {
    const before = await repo.lockSiteMapping(trx, project.id, site.id);
    if (remoteSite === null) {
      if (before === undefined) return;
      await repo.deleteSiteMapping(trx, project.id, site.id);
      await audit.change('rand_site_mapping', site.id, { kind: 'delete', before: { site: site.code, remoteSite: before } }, { siteId: site.id });
      return;
    }
    if (before === remoteSite) return;
    await repo.upsertSiteMapping(trx, { project_id: project.id, site_id: site.id, remote_site: remoteSite, updated_by: caller.actor.userId, updated_at: deps.clock.now() });
    const change = before === undefined ? { kind: 'create' as const, after: { site: site.code, remoteSite } } : { kind: 'update' as const, before: { site: site.code, remoteSite: before }, after: { site: site.code, remoteSite } };
    await audit.change('rand_site_mapping', site.id, change, { siteId: site.id });
  });
  const row = (await repo.listSiteMappings(deps.db, project.id)).find((candidate) => candidate.id === site.id);
  if (!row) throw new AppError('site.not_found');
  return presentMapping(row, known);
}
