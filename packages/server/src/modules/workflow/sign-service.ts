import { createHash } from 'node:crypto';
import type { Signature, SignatureListRequest, SignRequest } from '@dcap/core';
import { AppError, canonicalJson, fieldAction, statusBeforeSign } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller, RequestMeta } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import type { FileReply } from '../../http/route.js';
import { reauthenticate } from '../auth/reauth.js';
import { projectAuditSteps } from '../projects/process-config-service.js';
import { refreshPanelStatus } from '../records/status.js';
import { dataScope, panelInstanceInScope, subjectInScope } from '../subjects/scope.js';
import { auditFieldAction, panelsInScope } from './actions-service.js';
import { stateOf, workflowRights } from './fields.js';
import { presentSignature } from './presenter.js';
import * as repo from './repo.js';
import { covers } from './service.js';

/** How many missing fields a refusal names before it stops listing. */
const LISTED = 10;

/**
 * Signs a panel, a visit or a subject (COMPLIANCE ES-1, ES-3, ES-6, ES-7; TS-1). The target is looked up in
 * the caller's scope first, so another site's data answers 404 before any password is checked; then the
 * signer re-authenticates with their own login name and password (failures count toward lockout, ES-2).
 * Every entered field in scope must stand at the end of the step before sign (or be signed or locked
 * already); otherwise the refusal lists what is missing. The signature stores the signer, their full name
 * now, the meaning, the reason, the server's time and the SHA-256 of the canonical JSON of the scope's values;
 * the fields become SIGNED, each audited, and the signature is audited as 'signature.sign'.
 */
export async function sign(deps: ServiceDeps, caller: ProjectCaller, body: SignRequest, meta: RequestMeta): Promise<Signature> {
  const outerScope = await dataScope(deps.db, caller);
  await deps.db.transaction().execute((trx) => panelsInScope(trx, outerScope, body));
  const { steps } = await projectAuditSteps(deps.db, outerScope.projectId);
  if (!steps.includes('sign')) throw new AppError('signature.step_not_used');
  await reauthenticate(deps, caller.actor, body, meta, 'signature');

  return projectWrite(deps, caller, { state: 'recordEditable', right: 'record.sign' }, async (trx, audit) => {
    const now = deps.clock.now();
    const scope = await dataScope(trx, caller);
    const panels = await panelsInScope(trx, scope, body);
    const fields = await repo.fieldsOfPanels(
      trx,
      panels.map((panel) => panel.id),
    );
    const entered = fields.filter((field) => field.status !== '');
    if (entered.length === 0) throw new AppError('signature.nothing_to_sign');
    const ready = statusBeforeSign(steps);
    const missing = entered.filter((field) => field.status !== ready && field.status !== 'SIGNED' && field.status !== 'LOCKED');
    if (missing.length > 0) {
      const listed = missing.slice(0, LISTED).map((field) => `${field.path} (${field.status})`);
      throw new AppError('signature.not_ready', { fields: listed.join(', ') + (missing.length > LISTED ? ` … +${String(missing.length - LISTED)}` : '') });
    }

    const signed: Record<string, Record<string, unknown>> = {};
    for (const field of fields) (signed[String(field.panel_instance_id)] ??= {})[field.path] = { value: field.value, inactiveType: field.inactive_type };
    const valuesHash = createHash('sha256').update(canonicalJson(signed)).digest('hex');
    const signer = await repo.userFullName(trx, caller.actor.userId);
    const first = panels[0];
    if (!first || !signer) throw new AppError('signature.nothing_to_sign');
    const row = await repo.insertSignature(trx, {
      project_id: scope.projectId,
      env_id: scope.env.id,
      site_id: first.site_id,
      subject_id: first.subject_id,
      scope: body.scope,
      event_instance_id: body.scope === 'subject' ? null : first.event_instance_id,
      panel_instance_id: body.scope === 'panel' ? first.id : null,
      signer_id: caller.actor.userId,
      signer_name: signer.name,
      meaning: body.meaning,
      reason: body.reason?.trim() ? body.reason.trim() : null,
      values_hash: valuesHash,
      signed_at: now,
    });

    const context = { rights: workflowRights(caller), steps, widgetType: '', hasFormula: false };
    const touched = new Set<number>();
    let signedFields = 0;
    for (const field of entered) {
      const before = stateOf(field);
      const outcome = fieldAction(before, 'sign', context);
      if (!outcome.ok) continue;
      await repo.updateFieldState(trx, field.panel_instance_id, field.path, { status: outcome.next.status }, caller.actor.userId, now);
      await auditFieldAction(audit, scope, first.site_id, field.panel_instance_id, field.path, 'sign', before, outcome.next);
      touched.add(field.panel_instance_id);
      signedFields += 1;
    }
    await audit({
      action: 'signature.sign',
      entityType: 'signature',
      entityId: row.id,
      siteId: row.site_id,
      env: scope.env.key,
      newValue: {
        scope: row.scope,
        subjectId: row.subject_id,
        eventInstanceId: row.event_instance_id,
        panelInstanceId: row.panel_instance_id,
        signer: caller.actor.username,
        signerName: row.signer_name,
        meaning: row.meaning,
        valuesHash,
        signedFields,
      },
      reason: row.reason,
    });
    for (const panelId of touched) await refreshPanelStatus(trx, panelId, now);
    return presentSignature({ ...row, broken_by_name: null, has_image: await repo.signatureHasImage(trx, row.id) });
  });
}

/** The signatures of a subject, or those covering one of its panels, newest first (COMPLIANCE ES-4). */
export async function listSignatures(deps: ServiceDeps, caller: ProjectCaller, body: SignatureListRequest): Promise<Signature[]> {
  const scope = await dataScope(deps.db, caller);
  const subject = await subjectInScope(deps.db, scope, body.subjectId);
  const rows = await repo.signaturesOfSubject(deps.db, subject.id);
  if (body.panelInstanceId === undefined) return rows.map(presentSignature);
  const panel = await panelInstanceInScope(deps.db, scope, body.panelInstanceId);
  if (panel.subject_id !== subject.id) throw new AppError('subject.panel_not_found');
  return rows.filter((row) => covers(row, panel)).map(presentSignature);
}

/**
 * GET /dcap/project/recordData/signature/image/{id}: the image the signer had in use when signing (docs/decisions.md
 * "Signature images"), for whoever may see the signed subject's data. A signature of another project,
 * environment or site answers as one that does not exist (COMPLIANCE WF-3); a signature whose signer had no
 * image then answers that the image does not exist.
 */
export async function signatureImageOf(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<FileReply> {
  const row = await repo.signatureImageAtSigning(deps.db, id);
  if (!row) throw new AppError('workflow.signature_not_found');
  const scope = await dataScope(deps.db, caller);
  try {
    await subjectInScope(deps.db, scope, row.subject_id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'subject.not_found') throw new AppError('workflow.signature_not_found');
    throw error;
  }
  if (!row.content || (row.content_type !== 'image/png' && row.content_type !== 'image/jpeg')) throw new AppError('signature.not_found');
  return { contentType: row.content_type, filename: `signature-${String(id)}.${row.content_type === 'image/png' ? 'png' : 'jpg'}`, body: row.content };
}
