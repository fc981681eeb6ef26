import { statusBeforeSign } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database, PanelInstanceRow, SignatureRow } from '../../db/schema.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import { projectAuditSteps } from '../projects/process-config-service.js';
import { refreshPanelStatus } from '../records/status.js';
import * as repo from './repo.js';

/** Why a signature stopped holding: a value inside its scope changed after signing (COMPLIANCE ES-5). */
export const BROKEN_BY_CHANGE = 'value_changed';

/** Whether an unbroken signature still covers a panel instance. */
export function covers(signature: SignatureRow, panel: PanelInstanceRow): boolean {
  if (signature.subject_id !== panel.subject_id) return false;
  if (signature.scope === 'subject') return true;
  if (signature.scope === 'event') return signature.event_instance_id === panel.event_instance_id;
  return signature.panel_instance_id === panel.id;
}

/**
 * Breaks the signatures over a changed panel (COMPLIANCE ES-5): every unbroken signature whose scope holds the
 * panel (the panel itself, its visit, its subject) is marked broken with when, by whom and why; the fields it
 * covered that are still SIGNED and are no longer covered by another unbroken signature return to their status
 * before signing (the end of the step before sign in the project's process). The changed paths themselves were
 * already reset by the save. Each broken signature and each returned field is audited as 'signature.break'
 * with the status before and after, in the caller's transaction.
 */
export async function breakSignaturesOver(trx: Transaction<Database>, audit: ProjectAuditor, panel: PanelInstanceRow, paths: string[], userId: number | null, now: Date): Promise<void> {
  const place = { subjectId: panel.subject_id, eventInstanceId: panel.event_instance_id, panelInstanceId: panel.id };
  const broken = await repo.unbrokenSignaturesOver(trx, place);
  if (broken.length === 0) return;
  const env = await repo.envKey(trx, panel.env_id);
  await repo.markSignaturesBroken(
    trx,
    broken.map((signature) => signature.id),
    userId,
    BROKEN_BY_CHANGE,
    now,
  );
  for (const signature of broken) {
    await audit({
      action: 'signature.break',
      entityType: 'signature',
      entityId: signature.id,
      siteId: signature.site_id,
      env,
      oldValue: { scope: signature.scope, status: 'signed' },
      newValue: { scope: signature.scope, status: 'broken', panelInstanceId: panel.id, paths },
      reason: BROKEN_BY_CHANGE,
    });
  }

  // The panels the broken signatures covered, and the signatures that still hold over any of them.
  const hasSubjectScope = broken.some((signature) => signature.scope === 'subject');
  const eventIds = new Set(broken.filter((signature) => signature.scope === 'event').map((signature) => signature.event_instance_id));
  const panelIds = new Set(broken.filter((signature) => signature.scope === 'panel').map((signature) => signature.panel_instance_id));
  const subjectPanels = await repo.panelsOf(trx, panel.subject_id);
  const coveredPanels = subjectPanels.filter((candidate) => hasSubjectScope || eventIds.has(candidate.event_instance_id) || panelIds.has(candidate.id));
  const holding = (await repo.signaturesOfSubject(trx, panel.subject_id)).filter((signature) => signature.broken_at === null);

  const { steps } = await projectAuditSteps(trx, panel.project_id);
  const before = statusBeforeSign(steps);
  const fields = await repo.fieldsOfPanels(
    trx,
    coveredPanels.filter((candidate) => !holding.some((signature) => covers(signature, candidate))).map((candidate) => candidate.id),
  );
  const byPanel = new Map<number, string[]>();
  for (const field of fields) {
    if (field.status !== 'SIGNED') continue;
    byPanel.set(field.panel_instance_id, [...(byPanel.get(field.panel_instance_id) ?? []), field.path]);
  }
  for (const [panelId, signedPaths] of byPanel) {
    await repo.setFieldsStatus(trx, panelId, signedPaths, before, userId, now);
    for (const path of signedPaths) {
      await audit({
        action: 'signature.break',
        entityType: 'field',
        entityId: `${String(panelId)}:${path}`,
        siteId: panel.site_id,
        env,
        oldValue: { status: 'SIGNED' },
        newValue: { status: before },
        reason: BROKEN_BY_CHANGE,
      });
    }
    await refreshPanelStatus(trx, panelId, now);
  }
}
