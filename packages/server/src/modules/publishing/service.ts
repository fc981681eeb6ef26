import type { DesignDiff, DesignVersion, PublishDesignRequest, PublishResult, PublishTarget } from '@dcap/core';
import { AppError, findDefaultLabelsOfInstruments } from '@dcap/core';
import type { DesignVersionRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';
import { DESIGN_CHANGE, projectWrite } from '../../http/project-write.js';
import type { ProjectContext } from '../projects/access.js';
import type { ProjectCaller } from '../../http/context.js';
import { diffDesigns } from './diff.js';
import type { DesignSnapshot } from './snapshot.js';
import { loadDraft, runDesign, snapshotOf } from './snapshot.js';
import * as repo from './repo.js';

/**
 * What publishing to a target would put there: test (uat) receives the development draft; production (prd)
 * receives the version test runs, so production only ever gets a design that was tested first.
 */
async function incoming(db: Executor, projectId: number, target: PublishTarget): Promise<{ snapshot: DesignSnapshot; version: DesignVersionRow | null }> {
  if (target === 'uat') return { snapshot: await loadDraft(db, projectId), version: null };
  const tested = await repo.versionOfEnv(db, projectId, 'uat');
  if (!tested) throw new AppError('design.nothing_on_uat');
  return { snapshot: snapshotOf(tested), version: tested };
}

async function targetEnv(db: Executor, projectId: number, target: PublishTarget) {
  const env = await repo.findEnvByKey(db, projectId, target);
  if (!env) throw new AppError('design.target_env_missing', { target });
  return env;
}

/**
 * GET /dcap/project/design/diff/{projectId}?target=: the changes publishing would make to the target: for
 * test, the draft against the version test runs; for production, the version test runs against the one
 * production runs (or, while test has none, the draft, so the page still shows what is pending).
 */
export async function diffDesign(deps: ServiceDeps, context: ProjectContext, target: PublishTarget): Promise<DesignDiff> {
  const projectId = context.project.id;
  const current = await repo.versionOfEnv(deps.db, projectId, target);
  const tested = target === 'prd' ? await repo.versionOfEnv(deps.db, projectId, 'uat') : undefined;
  const after = tested ? snapshotOf(tested) : await loadDraft(deps.db, projectId);
  return { target, currentVersion: current?.version ?? null, changes: diffDesigns(current ? snapshotOf(current) : null, after), defaultLabels: findDefaultLabelsOfInstruments(after.instruments) };
}

/**
 * POST /dcap/project/design/publish. Publishing to test snapshots the draft as the next version (or reuses
 * the latest version when the draft equals it); publishing to production points it at the version test
 * runs. Versions are never changed afterwards, so data entered with one keeps its design.
 */
export async function publishDesign(deps: ServiceDeps, caller: ProjectCaller, body: PublishDesignRequest): Promise<PublishResult> {
  const projectId = caller.project.project.id;
  const now = deps.clock.now();
  return projectWrite(deps, caller, DESIGN_CHANGE, async (trx, audit) => {
    await targetEnv(trx, projectId, body.target);
    const design = await incoming(trx, projectId, body.target);
    const { snapshot } = design;
    const { version, previous } = await runDesign(trx, projectId, body.target, design, { by: caller.actor.username, at: now, note: body.note ?? null });
    const changes = diffDesigns(previous ? snapshotOf(previous) : null, snapshot);
    await audit({
      action: 'design.publish',
      entityType: 'design_version',
      entityId: version.id,
      oldValue: { target: body.target, version: previous?.version ?? null },
      newValue: {
        target: body.target,
        version: version.version,
        note: body.note ?? null,
        changes: changes.map((change) => ({ entity: change.entity, change: change.change, key: change.key })),
      },
    });
    return { version: version.version, target: body.target, publishedAt: now.toISOString(), defaultLabelCount: findDefaultLabelsOfInstruments(snapshot.instruments).length };
  });
}

/** GET /dcap/project/design/versions/{projectId}: every version, newest first, with the environments running it. */
export async function listVersions(deps: ServiceDeps, context: ProjectContext): Promise<DesignVersion[]> {
  const projectId = context.project.id;
  const rows = await repo.listVersions(deps.db, projectId);
  const running = await repo.runningVersions(deps.db, projectId);
  return rows.map((row) => ({
    version: row.version,
    publishedAt: row.published_at.toISOString(),
    publishedBy: row.published_by,
    note: row.note,
    environments: running.filter((entry) => entry.design_version_id === row.id).map((entry) => entry.key),
  }));
}

/**
 * The design an environment runs: its version's id and snapshot, or null while nothing was published there.
 * Data capture builds a subject's schedule and panels from it (spec 002 §3 "Schedule fields").
 */
export async function designOfEnv(db: Executor, envId: number): Promise<{ versionId: number; snapshot: DesignSnapshot } | null> {
  const version = await repo.versionOfEnvId(db, envId);
  return version ? { versionId: version.id, snapshot: snapshotOf(version) } : null;
}

/** The snapshot of one design version by its id (data entered with a version keeps its design), or null. */
export async function designOfVersion(db: Executor, versionId: number): Promise<DesignSnapshot | null> {
  const version = await repo.findVersionById(db, versionId);
  return version ? snapshotOf(version) : null;
}
