import type { AuditStep } from '@dcap/core';
import { statusBeforeSign } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database, PanelInstanceRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { sendStudyEvent, subjectCodeOf } from '../messages/study-events.js';
import { projectAuditSteps } from '../projects/process-config-service.js';
import { panelMessageNames } from '../queries/messages.js';

/** The statuses signing can start from, whatever the process (core `statusBeforeSign`). */
const SIGN_FROM = new Set(['COMPLETED', 'VERIFIED', 'REVIEWED']);

export interface PanelStatusChange {
  /** The panel as it was before the write (its status the one before). */
  panel: PanelInstanceRow;
  statusAfter: string;
  env: string;
  /** Who made the change (never told); null for a subject's questionnaire. */
  actorId: number | null;
  /** The project's audit steps when the caller has them; read otherwise, and only when the status changed. */
  steps?: readonly AuditStep[];
}

/**
 * Tells the study a panel became ready to sign (spec 002 §3 "signature due"; docs/decisions.md "Message
 * configuration"), in the write's transaction: the process uses the sign step and the write moved the
 * panel's status to the one signing starts from: a verify or review action, or a records save where the
 * process has neither step and a completed panel is ready. A panel already ready, or moved elsewhere, tells
 * nobody, so each transition tells once.
 */
export async function tellIfReadyToSign(deps: ServiceDeps, trx: Transaction<Database>, change: PanelStatusChange): Promise<void> {
  const { panel, statusAfter } = change;
  if (statusAfter === panel.status || !SIGN_FROM.has(statusAfter)) return;
  const steps = change.steps ?? (await projectAuditSteps(trx, panel.project_id)).steps;
  if (!steps.includes('sign') || statusAfter !== statusBeforeSign(steps)) return;
  await sendStudyEvent(deps, trx, {
    event: 'signature.due',
    projectId: panel.project_id,
    env: change.env,
    siteId: panel.site_id,
    params: { subjectCode: await subjectCodeOf(trx, panel.subject_id), ...(await panelMessageNames(trx, panel.id)) },
    actorId: change.actorId,
    link: `/survey/subject/${String(panel.subject_id)}/panel/${String(panel.id)}`,
  });
}
