import type { MinimisationScheme, RandAllocation, RandomiseRequest, SchemeSettings, Subject } from '@dcap/core';
import {
  AppError,
  allocateMinimisation,
  compareFactors,
  countAllocations,
  deriveSeed,
  formatRandomNumber,
  isRandomisedProject,
  isTableScheme,
  minimisationDraws,
  randomiseRequestSchema,
  schemeFactors,
  stratumKey,
  subjectTransitionProblem,
  tableKindOfEnv,
} from '@dcap/core';
import type { SubjectStatus } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import { sendStudyEvent, subjectCodeOf } from '../messages/study-events.js';
import type { Executor } from '../audit/repo.js';
import { enrolSubject, getSubject, lockedSubject } from '../subjects/service.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope, subjectInScope } from '../subjects/scope.js';
import { blindingOf } from './blinding.js';
import { presentAllocation, settingsOf } from './presenter.js';
import type { RemoteAllocation, RemoteRandomisation } from './remote.js';
import { RemoteRandomisationError, remoteStudyOf } from './remote.js';
import * as repo from './repo.js';

/** Randomising happens where subjects are enrolled (spec 000 §4.3 "record recruit"). */
const RANDOMISE = { state: 'recordRecruitable', right: 'randomisation.randomise' } as const;

/** Gives a randomised subject its first kit, when the project has a drug plan; null otherwise. */
export type FirstKit = (
  trx: Transaction<Database>,
  audit: ProjectAuditor,
  input: { projectId: number; envId: number; siteId: number; subjectId: number; arm: string; userId: number; now: Date },
) => Promise<{ kitNo: string } | null>;

export interface AllocateDeps {
  remote: RemoteRandomisation | null;
  firstKit: FirstKit | null;
}

/**
 * The subject's option of each factor: read from the panel field the scheme names (a choice field's code),
 * else as given by whoever randomises. Every factor needs one of the factor's own options.
 */
async function subjectLevels(db: Executor, settings: SchemeSettings, subjectId: number, given: Record<string, string>): Promise<Record<string, string>> {
  const factors = schemeFactors(settings.scheme);
  for (const code of Object.keys(given)) if (!factors.some((factor) => factor.code === code)) throw new AppError('randomisation.factor_unknown', { factor: code });
  const levels: Record<string, string> = {};
  for (const factor of factors) {
    const source = settings.factorSources[factor.code];
    const stored = source ? await repo.subjectFieldValue(db, subjectId, source.instrumentId, source.model) : undefined;
    const value = stored === undefined || stored === null || stored === '' ? given[factor.code] : typeof stored === 'string' || typeof stored === 'number' ? String(stored) : undefined;
    if (value === undefined || value === '') throw new AppError('randomisation.factor_missing', { factor: factor.name });
    if (!factor.options.some((option) => option.code === value)) throw new AppError('randomisation.factor_invalid', { factor: factor.name, value });
    levels[factor.code] = value;
  }
  return levels;
}

/** The spec's message for a failed remote call (spec 000 §8, spec 002 §8). */
export function remoteError(error: unknown): AppError {
  if (!(error instanceof RemoteRandomisationError)) return new AppError('randomisation.remote_failed');
  switch (error.failure) {
    case 'siteMapping':
      return new AppError('randomisation.remote_site_mapping');
    case 'siteUnmapped':
      return new AppError('randomisation.remote_site_unmapped');
    case 'strataConfig':
      return new AppError('randomisation.remote_strata_config');
    case 'failed':
      return new AppError('randomisation.remote_failed');
  }
}

/**
 * Asks the remote service, before the local transaction: its factors must match the scheme's exactly (spec
 * 002 §5: order, option order, codes and labels) and the site must be mapped. The call is idempotent per
 * subject, so a retry after a local failure gets the same answer.
 */
async function remoteAllocation(db: Executor, remote: RemoteRandomisation, caller: ProjectCaller, settings: SchemeSettings, subject: { id: number; site_id: number; platform_no: string }, levels: Record<string, string>): Promise<RemoteAllocation> {
  const project = caller.project.project;
  const study = remoteStudyOf(project);
  const mapping = await repo.siteMapping(db, project.id, subject.site_id);
  if (mapping === undefined) throw new AppError('randomisation.remote_site_unmapped');
  try {
    const mismatch = compareFactors(schemeFactors(settings.scheme), await remote.factors(study));
    if (mismatch) throw new AppError('randomisation.remote_strata_config');
    const factors = schemeFactors(settings.scheme).map((factor) => ({ code: factor.code, option: levels[factor.code] ?? '' }));
    return await remote.randomise({ study, site: mapping, subject: subject.platform_no, factors });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw remoteError(error);
  }
}

/**
 * POST /dcap/balance/randomise: allocates the subject and enrols it, all in one transaction (docs/decisions.md,
 * "Randomisation, blinding and supply"). The scheme's row is locked for the allocation, so allocations under
 * a scheme happen one at a time: each takes the first free slot of its stratum in sequence order (no slot is
 * used twice, none is skipped), or under minimisation the arm from the counts of every earlier allocation and
 * the draws of its own sequence number. The enrolment's random number, treatment phase and first drug number
 * come from the allocation, the scheme and the first kit; the audit row names the slot and the factors, not
 * the arm, since the audit trail is read by blinded people too.
 */
export async function randomiseSubject(deps: ServiceDeps, allocateDeps: AllocateDeps, caller: ProjectCaller, input: RandomiseRequest): Promise<{ subject: Subject; allocation: RandAllocation }> {
  const body = randomiseRequestSchema.parse(input);
  const scope = await dataScope(deps.db, caller);
  const project = caller.project.project;
  const before = await subjectInScope(deps.db, scope, body.subjectId);
  if (!isRandomisedProject(project.group_scheme)) throw new AppError('randomisation.not_randomised_project');
  const approved = await repo.approvedScheme(deps.db, project.id);
  if (!approved) throw new AppError('randomisation.no_scheme');
  const settings = settingsOf(approved);
  let remote: RemoteAllocation | null = null;
  if (project.remote_randomization) {
    if (!allocateDeps.remote) throw new AppError('randomisation.remote_failed');
    const levels = await subjectLevels(deps.db, settings, before.id, body.factors);
    remote = await remoteAllocation(deps.db, allocateDeps.remote, caller, settings, before, levels);
  }
  await projectWrite(deps, caller, RANDOMISE, async (trx, audit) => {
    const subject = await lockedSubject(trx, scope, body.subjectId, body.version);
    const existing = await repo.allocationOfSubject(trx, project.id, scope.env.id, subject.id);
    if (existing) throw new AppError('randomisation.already', { at: existing.allocated_at.toISOString(), randomNo: existing.random_no });
    const problem = subjectTransitionProblem(subject.status as SubjectStatus, 'ARMED', { enrolment: { randomNo: '-', treatmentPhase: '-', firstDrugNo: '-' } });
    if (problem) throw new AppError('subject.transition_forbidden', { from: subject.status, to: 'ARMED' });
    const scheme = await repo.lockScheme(trx, project.id, approved.id);
    if (scheme?.status !== 'approved') throw new AppError('randomisation.no_scheme');
    const levels = await subjectLevels(trx, settings, subject.id, body.factors);
    const site = (await repo.projectSites(trx, project.id)).find((candidate) => candidate.id === subject.site_id);
    const stratum = stratumKey(settings.scheme, { site: site?.code ?? '', levels });
    if (stratum === null) throw new AppError('randomisation.factor_missing', { factor: 'site' });
    const kind = tableKindOfEnv(scope.env.type);
    const now = deps.clock.now();
    const picked = remote
      ? { source: 'remote' as const, arm: remote.arm, randomNo: remote.randomNo, tableId: null, slotId: null, draws: null, remoteRef: remote.ref }
      : await localAllocation(trx, scope, scheme, settings, kind, stratum, site?.code ?? '', levels);
    const firstKit = allocateDeps.firstKit ? await allocateDeps.firstKit(trx, audit, { projectId: project.id, envId: scope.env.id, siteId: subject.site_id, subjectId: subject.id, arm: picked.arm, userId: caller.actor.userId, now }) : null;
    const firstDrugNo = firstKit?.kitNo ?? body.firstDrugNo;
    if (firstDrugNo === undefined) throw new AppError('randomisation.first_drug_required');
    const seq = await repo.nextAllocationSeq(trx, scope.env.id);
    const allocation = await repo.insertAllocation(trx, {
      project_id: project.id,
      env_id: scope.env.id,
      scheme_id: scheme.id,
      table_id: picked.tableId,
      slot_id: picked.slotId,
      subject_id: subject.id,
      site_id: subject.site_id,
      source: picked.source,
      stratum,
      factors: JSON.stringify(levels),
      arm: picked.arm,
      random_no: picked.randomNo,
      seq,
      draws: picked.draws === null ? null : JSON.stringify(picked.draws),
      remote_ref: picked.remoteRef,
      allocated_by: caller.actor.userId,
      allocated_at: now,
    });
    await audit({
      action: 'randomisation.allocate',
      entityType: 'subject',
      entityId: subject.id,
      siteId: subject.site_id,
      env: scope.env.key,
      newValue: { allocationId: allocation.id, randomNo: picked.randomNo, stratum, factors: levels, source: picked.source, tableId: picked.tableId, slotId: picked.slotId, sequence: seq, schemeId: scheme.id, firstDrugNo },
    });
    await enrolSubject(trx, audit, subject, { randomNo: picked.randomNo, treatmentPhase: settings.treatmentPhase, firstDrugNo }, 'randomisation', now, caller.actor.userId);
    // The message names the randomisation number only, never the arm (spec 002 §3; docs/decisions.md "Message configuration").
    await sendStudyEvent(deps, trx, {
      event: 'randomisation.done',
      projectId: project.id,
      env: scope.env.key,
      siteId: subject.site_id,
      params: { subjectCode: await subjectCodeOf(trx, subject.id), randomNo: picked.randomNo },
      actorId: caller.actor.userId,
      link: `/survey/subject/${String(subject.id)}`,
    });
  });
  const row = await repo.allocationOfSubject(deps.db, project.id, scope.env.id, body.subjectId);
  if (!row) throw new AppError('blinding.not_allocated');
  const blinding = await blindingOf(deps.db, caller, scope.env.id);
  return { subject: await getSubject(deps, caller, body.subjectId), allocation: presentAllocation(row, settings, blinding, caller.meta.locale) };
}

interface Picked {
  source: 'table' | 'minimisation';
  arm: string;
  randomNo: string;
  tableId: number | null;
  slotId: number | null;
  draws: { sequence: number; u: [number, number] } | null;
  remoteRef: null;
}

/** A slot of the environment's kind of list, or a minimisation allocation; the scheme's lock is held. */
async function localAllocation(
  trx: Executor,
  scope: DataScope,
  scheme: { id: number; seed: string },
  settings: SchemeSettings,
  kind: 'test' | 'formal',
  stratum: string,
  siteCode: string,
  levels: Record<string, string>,
): Promise<Picked> {
  if (isTableScheme(settings.scheme)) {
    const table = await repo.activeTable(trx, scheme.id, kind);
    if (!table) throw new AppError('randomisation.no_table', { kind });
    const slot = await repo.firstFreeSlot(trx, table.id, stratum);
    if (!slot) throw new AppError('randomisation.table_exhausted', { stratum });
    await repo.markSlotUsed(trx, slot.id);
    return { source: 'table', arm: slot.arm, randomNo: slot.random_no, tableId: table.id, slotId: slot.id, draws: null, remoteRef: null };
  }
  const minimisation: MinimisationScheme = settings.scheme;
  const earlier = await repo.allocationsForCounts(trx, scheme.id, scope.env.id);
  const counts = countAllocations(
    minimisation,
    earlier.map((row) => ({ subject: { site: row.site_code, levels: (row.factors ?? {}) as Record<string, string> }, arm: row.arm })),
  );
  const sequence = earlier.length + 1;
  // Test and production draw from their own streams of the scheme's seed (never mixed, like the lists).
  const u = minimisationDraws(deriveSeed(scheme.seed, `minimisation:${kind}`), sequence);
  const result = allocateMinimisation(minimisation, counts, { site: siteCode, levels }, u);
  return { source: 'minimisation', arm: result.arm, randomNo: formatRandomNumber(minimisation.randomNumber, sequence), tableId: null, slotId: null, draws: { sequence, u }, remoteRef: null };
}

/** GET /dcap/balance/allocation/list: allocations of the caller's sites in the session's environment. */
export async function listAllocations(deps: ServiceDeps, caller: ProjectCaller, query: { siteId?: number | undefined; page: number; pageSize: number }): Promise<{ list: RandAllocation[]; total: number }> {
  const scope = await dataScope(deps.db, caller);
  const blinding = await blindingOf(deps.db, caller, scope.env.id);
  let sites: 'all' | readonly number[] = scope.sites;
  if (query.siteId !== undefined) {
    if (sites !== 'all' && !sites.includes(query.siteId)) throw new AppError('subject.site_forbidden');
    sites = [query.siteId];
  }
  const page = await repo.listAllocations(deps.db, caller.project.project.id, scope.env.id, sites, (query.page - 1) * query.pageSize, query.pageSize);
  const settingsById = new Map<number, SchemeSettings>();
  for (const row of page.rows) {
    if (row.scheme_id === null || settingsById.has(row.scheme_id)) continue;
    const scheme = await repo.findScheme(deps.db, caller.project.project.id, row.scheme_id);
    if (scheme) settingsById.set(row.scheme_id, settingsOf(scheme));
  }
  return { list: page.rows.map((row) => presentAllocation(row, row.scheme_id === null ? null : (settingsById.get(row.scheme_id) ?? null), blinding, caller.meta.locale)), total: page.total };
}

/** GET /dcap/balance/allocation/subject/{subjectId}: one subject's allocation, or null before randomisation. */
export async function allocationOfSubject(deps: ServiceDeps, caller: ProjectCaller, subjectId: number): Promise<RandAllocation | null> {
  const scope = await dataScope(deps.db, caller);
  await subjectInScope(deps.db, scope, subjectId);
  const row = await repo.allocationOfSubject(deps.db, caller.project.project.id, scope.env.id, subjectId);
  if (!row) return null;
  const scheme = row.scheme_id === null ? undefined : await repo.findScheme(deps.db, caller.project.project.id, row.scheme_id);
  return presentAllocation(row, scheme ? settingsOf(scheme) : null, await blindingOf(deps.db, caller, scope.env.id), caller.meta.locale);
}
