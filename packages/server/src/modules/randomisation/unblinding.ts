import type { BlindingStateReply, Unblinding } from '@dcap/core';
import { AppError, emergencyUnblindSchema, studyUnblindAllowed, studyUnblindSchema } from '@dcap/core';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import { sendStudyEvent, subjectCodeOf } from '../messages/study-events.js';
import { reauthenticate } from '../auth/reauth.js';
import { dataScope, subjectInScope } from '../subjects/scope.js';
import { blindingOf } from './blinding.js';
import { presentUnblinding, settingsOf } from './presenter.js';
import * as repo from './repo.js';

/**
 * iMask (spec 000 §1, §2.2; docs/decisions.md "Randomisation, blinding and supply"): the study's blinding
 * state, emergency unblinding of one subject, whole-study unblinding after database lock, and the list of
 * unblindings the study's managers are notified of and acknowledge. Unblinding asks for the caller's password
 * again (COMPLIANCE ES-1) and records the reason.
 */

/** GET /dcap/imask/state: the blind method, whether the environment is unblinded and whether the caller sees arms. */
export async function blindingState(deps: ServiceDeps, caller: ProjectCaller): Promise<BlindingStateReply> {
  const scope = await dataScope(deps.db, caller);
  const blinding = await blindingOf(deps.db, caller, scope.env.id);
  return {
    blindMethod: blinding.state.blindMethod,
    studyUnblinded: blinding.state.studyUnblinded,
    armsVisible: blinding.visible,
    studyUnblindAllowed: studyUnblindAllowed(caller.project.project.status) && !blinding.state.studyUnblinded,
  };
}

/** GET /dcap/imask/unblinding/list: the environment's unblindings within the caller's sites. */
export async function listUnblindings(deps: ServiceDeps, caller: ProjectCaller): Promise<Unblinding[]> {
  const scope = await dataScope(deps.db, caller);
  const blinding = await blindingOf(deps.db, caller, scope.env.id);
  const approved = await repo.approvedScheme(deps.db, scope.projectId);
  // Allocations are made under the approved scheme, which is never replaced once it has them: its arm names
  // name the arms of every unblinding.
  const settings = approved ? settingsOf(approved) : null;
  const rows = await repo.listUnblindings(deps.db, scope.projectId, scope.env.id, scope.sites);
  return rows.map((row) => presentUnblinding(row, settings, blinding, caller.meta.locale));
}

/**
 * POST /dcap/imask/unblind/emergency: reveals one subject's arm to the caller, after their password, with a
 * reason. The unblinding is recorded, audited and listed for the study's managers until one acknowledges it;
 * everyone else who is blinded still sees no arm.
 */
export async function emergencyUnblind(deps: ServiceDeps, caller: ProjectCaller, input: z.input<typeof emergencyUnblindSchema>): Promise<Unblinding> {
  const body = emergencyUnblindSchema.parse(input);
  const scope = await dataScope(deps.db, caller);
  const subject = await subjectInScope(deps.db, scope, body.subjectId);
  const blinding = await blindingOf(deps.db, caller, scope.env.id);
  if (blinding.state.blindMethod === 'N' || blinding.state.studyUnblinded) throw new AppError('blinding.not_blinded');
  await reauthenticate(deps, caller.actor, { username: body.username, password: body.password }, caller.meta, 'unblinding');
  const id = await projectWrite(deps, caller, { right: 'blinding.emergency' }, async (trx, audit) => {
    const allocation = await repo.allocationOfSubject(trx, scope.projectId, scope.env.id, subject.id);
    if (!allocation) throw new AppError('blinding.not_allocated');
    if (allocation.unblinding_id !== null) throw new AppError('blinding.already_unblinded');
    const row = { id: await repo.insertUnblinding(trx, { project_id: scope.projectId, env_id: scope.env.id, kind: 'emergency', allocation_id: allocation.id, reason: body.reason, unblinded_by: caller.actor.userId, unblinded_at: deps.clock.now() }) };
    // The audit row names the subject and the reason, not the arm: blinded people read the trail too.
    await audit({ action: 'blinding.emergency_unblind', entityType: 'subject', entityId: subject.id, siteId: subject.site_id, env: scope.env.key, reason: body.reason, newValue: { unblindingId: row.id, randomNo: allocation.random_no } });
    // Told like the trail: who, which subject and why, never the arm revealed to the caller.
    await sendStudyEvent(deps, trx, {
      event: 'unblinding.emergency',
      projectId: scope.projectId,
      env: scope.env.key,
      siteId: subject.site_id,
      params: { subjectCode: await subjectCodeOf(trx, subject.id), randomNo: allocation.random_no, reason: body.reason },
      actorId: caller.actor.userId,
      link: '/imask/blindManage/blindRandomTableTest',
    });
    return row.id;
  });
  return unblindingById(deps, caller, id);
}

async function unblindingById(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<Unblinding> {
  const list = await listUnblindings(deps, caller);
  const found = list.find((item) => item.id === id);
  if (!found) throw new AppError('blinding.unblinding_not_found');
  return found;
}

/** POST /dcap/imask/unblind/study: unblinds the whole environment, only once the database is locked. */
export async function studyUnblind(deps: ServiceDeps, caller: ProjectCaller, input: z.input<typeof studyUnblindSchema>): Promise<BlindingStateReply> {
  const body = studyUnblindSchema.parse(input);
  const scope = await dataScope(deps.db, caller);
  // Refusals that need no password come first; they are checked again under the lock below.
  if (!studyUnblindAllowed(caller.project.project.status)) throw new AppError('blinding.study_not_locked', { status: caller.project.project.status });
  if (await repo.studyUnblinded(deps.db, scope.env.id)) throw new AppError('blinding.study_already');
  await reauthenticate(deps, caller.actor, { username: body.username, password: body.password }, caller.meta, 'unblinding');
  await projectWrite(deps, caller, { right: 'blinding.study' }, async (trx, audit) => {
    const status = await repo.lockedProjectStatus(trx, scope.projectId);
    if (!studyUnblindAllowed(status)) throw new AppError('blinding.study_not_locked', { status });
    if (await repo.studyUnblinded(trx, scope.env.id)) throw new AppError('blinding.study_already');
    const row = { id: await repo.insertUnblinding(trx, { project_id: scope.projectId, env_id: scope.env.id, kind: 'study', reason: body.reason, unblinded_by: caller.actor.userId, unblinded_at: deps.clock.now() }) };
    await audit({ action: 'blinding.study_unblind', entityType: 'project_env', entityId: scope.env.id, env: scope.env.key, reason: body.reason, newValue: { unblindingId: row.id, status } });
  });
  return blindingState(deps, caller);
}

/** POST /dcap/imask/unblinding/acknowledge: a manager confirms they have seen an emergency unblinding. */
export async function acknowledgeUnblinding(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<Unblinding> {
  const scope = await dataScope(deps.db, caller);
  await projectWrite(deps, caller, { right: 'blinding.study' }, async (trx, audit) => {
    const row = await repo.lockUnblinding(trx, scope.projectId, scope.env.id, id);
    if (!row) throw new AppError('blinding.unblinding_not_found');
    if (row.acknowledged_at !== null) return;
    await repo.acknowledge(trx, id, caller.actor.userId, deps.clock.now());
    await audit({ action: 'blinding.acknowledge', entityType: 'rand_unblinding', entityId: id, env: scope.env.key });
  });
  return unblindingById(deps, caller, id);
}
