import type { SupplyDispense, SupplyDispenseResult } from '@dcap/core';
import { AppError, firstDosedEvent, kitsForVisit, mustLastUntil } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import { projectWrite, requireProjectStatus } from '../../http/project-write.js';
import { eventInstanceInScope, subjectInScope } from '../subjects/scope.js';
import type { SupplyContext } from './context.js';
import { supplyContext, today } from './context.js';
import { kitTypeLabel } from './presenter.js';
import * as repo from './repo.js';
import { runResupply } from './shipments.js';

/** Dispensing (docs/decisions.md "Drug supply"): the plan's kits for the subject's arm, from the subject's site pharmacy. */

interface DispenseInput {
  projectId: number;
  envId: number;
  siteId: number;
  subjectId: number;
  arm: string;
  eventId: number;
  eventInstanceId: number | null;
  /** The visit's day: the next visit is looked for after it. */
  visitDay: string;
  userId: number;
  now: Date;
}

/**
 * Takes, for each kit type the plan gives the arm at the event, the kits of the subject's pharmacy that
 * expire last after the next visit's window (earliest such expiry first), and marks them dispensed.
 * Refuses, changing nothing, when any is missing.
 */
async function dispenseKits(trx: Transaction<Database>, lines: { kitTypeId: number; quantity: number }[], input: DispenseInput) {
  const pharmacy = await repo.pharmacyOfSite(trx, input.projectId, input.siteId);
  if (!pharmacy) throw new AppError('supply.no_pharmacy');
  const mustLast = mustLastUntil({ today: today(input.now), nextWindowEnd: await repo.nextWindowEnd(trx, input.subjectId, input.visitDay) });
  const taken: { id: number; kit_no: string; kit_type_id: number }[] = [];
  for (const line of lines) {
    const kits = await repo.pickKits(trx, { envId: input.envId, locationId: pharmacy.id, kitTypeId: line.kitTypeId, status: 'at_site', expiresAfter: mustLast, limit: line.quantity });
    if (kits.length < line.quantity) throw new AppError('supply.no_kit_available');
    taken.push(...kits.map((kit) => ({ ...kit, kit_type_id: line.kitTypeId })));
  }
  await repo.setKits(trx, taken.map((kit) => kit.id), { status: 'dispensed', subject_id: input.subjectId, event_instance_id: input.eventInstanceId, dispensed_by: input.userId, dispensed_at: input.now });
  return taken;
}

/** POST /dcap/supply/dispense: the kits of a subject's visit, by the staff of the subject's site. */
export function dispenseAtVisit(deps: ServiceDeps, caller: ProjectCaller, body: SupplyDispense): Promise<SupplyDispenseResult> {
  return projectWrite(deps, caller, { right: 'supply.site' }, async (trx, audit) => {
    const context = await supplyContext(trx, caller);
    const subject = await subjectInScope(trx, context.scope, body.subjectId);
    const visit = await eventInstanceInScope(trx, context.scope, body.eventInstanceId);
    if (visit.subject_id !== subject.id) throw new AppError('subject.event_not_found');
    await requireProjectStatus(trx, context.scope.projectId, 'recordEditable');
    const allocation = await repo.allocationOf(trx, context.scope.env.id, subject.id);
    if (!allocation) throw new AppError('supply.no_allocation');
    const plan = (await repo.dosing(trx, context.scope.projectId)).map((row) => ({ eventId: row.event_id, arm: row.arm, kitTypeId: row.kit_type_id, quantity: row.quantity }));
    const lines = kitsForVisit(plan, allocation.arm, visit.event_id);
    if (lines.length === 0) throw new AppError('supply.no_dosing');
    if ((await repo.kitsDispensedAt(trx, visit.id)) > 0) throw new AppError('supply.already_dispensed');
    const now = deps.clock.now();
    const taken = await dispenseKits(trx, lines, {
      projectId: context.scope.projectId,
      envId: context.scope.env.id,
      siteId: subject.site_id,
      subjectId: subject.id,
      arm: allocation.arm,
      eventId: visit.event_id,
      eventInstanceId: visit.id,
      visitDay: visit.actual_date ?? visit.planned_date ?? today(now),
      userId: context.userId,
      now,
    });
    await audit({ action: 'supply.dispense', entityType: 'subject', entityId: subject.id, env: context.scope.env.key, siteId: subject.site_id, newValue: { eventInstanceId: visit.id, kitNos: taken.map((kit) => kit.kit_no) } });
    await runResupply(trx, audit, { context, siteIds: [subject.site_id], now });
    const types = new Map((await repo.kitTypes(trx, context.scope.projectId)).map((row) => [row.id, row]));
    return {
      kits: taken.flatMap((kit) => {
        const type = types.get(kit.kit_type_id);
        return type ? [{ kitNo: kit.kit_no, kitType: kitTypeLabel(context.viewer, type) }] : [];
      }),
    };
  });
}

/**
 * The subject's first kits at randomisation, for the randomisation step to record as the first drug number:
 * the plan's kits at the first event (in schedule order) that dispenses to the arm. Null when the project has
 * no drug plan for the arm; refuses (so the randomisation rolls back) when the pharmacy has no kit to give.
 * Runs in the caller's transaction and writes its audit row with the caller's auditor; resupply follows.
 */
export async function dispenseFirstKit(
  trx: Transaction<Database>,
  audit: ProjectAuditor,
  input: { projectId: number; envId: number; siteId: number; subjectId: number; arm: string; userId: number; now: Date },
): Promise<{ kitNo: string } | null> {
  const plan = (await repo.dosing(trx, input.projectId)).map((row) => ({ eventId: row.event_id, arm: row.arm, kitTypeId: row.kit_type_id, quantity: row.quantity }));
  const eventId = firstDosedEvent(plan, input.arm, await repo.eventOrder(trx, input.projectId));
  if (eventId === null) return null;
  const visit = await repo.firstEventInstance(trx, input.subjectId, eventId);
  const taken = await dispenseKits(trx, kitsForVisit(plan, input.arm, eventId), {
    ...input,
    eventId,
    eventInstanceId: visit?.id ?? null,
    visitDay: visit?.actual_date ?? visit?.planned_date ?? today(input.now),
  });
  const env = await repo.envRow(trx, input.envId);
  await audit({ action: 'supply.dispense', entityType: 'subject', entityId: input.subjectId, env: env.key, siteId: input.siteId, newValue: { eventInstanceId: visit?.id ?? null, kitNos: taken.map((kit) => kit.kit_no) } });
  const context: SupplyContext = {
    scope: { projectId: input.projectId, env, sites: 'all' },
    viewer: { armsVisible: false },
    userId: input.userId,
    manager: false,
  };
  await runResupply(trx, audit, { context, siteIds: [input.siteId], now: input.now });
  const first = taken[0];
  return first ? { kitNo: first.kit_no } : null;
}
