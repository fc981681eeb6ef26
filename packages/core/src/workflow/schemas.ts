import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../auth/password.js';
import { FIELD_STATUSES, INACTIVE_TYPES } from '../records/field-state.js';
import { FIELD_ACTIONS } from '../records/workflow.js';
import { dbId, multilineText, queryId, rawText, safeText } from '../validation/text.js';
import { SIGNATURE_MEANINGS, SIGNATURE_SCOPES } from './signature.js';

/** The actions a field's menu offers (signing is done on a panel, visit or subject). */
export const FIELD_MENU_ACTIONS = FIELD_ACTIONS.filter((action) => action !== 'sign');

/** The actions applied to every field of a panel, visit or subject where the table allows them. */
export const BULK_FIELD_ACTIONS = ['verify', 'unverify', 'review', 'unreview', 'lock', 'unlock', 'freeze', 'unfreeze'] as const;
export type BulkFieldAction = (typeof BULK_FIELD_ACTIONS)[number];

const note = multilineText().max(1024).optional();

/** POST /dcap/project/recordData/workflow/field: one action on one field (spec 002 §4 "Field action rules"). */
export const fieldActionSchema = z
  .strictObject({
    panelInstanceId: dbId(),
    path: safeText().min(1).max(255),
    action: z.enum(FIELD_ACTIONS).exclude(['sign']),
    /** Required with `inactivate`: not detected, not applicable, input error, other. */
    inactiveType: z.enum(INACTIVE_TYPES).optional(),
    /** The reason or explanation recorded with the action (with `inactivate` OTHER, what the other is). */
    note,
  })
  .superRefine((body, ctx) => {
    if (body.action === 'inactivate' && !body.inactiveType) ctx.addIssue({ code: 'custom', path: ['inactiveType'], params: { message: 'required' } });
  });
export type FieldActionRequest = z.infer<typeof fieldActionSchema>;

export const fieldActionResultSchema = z.object({
  panelInstanceId: z.number(),
  path: z.string(),
  status: z.enum(FIELD_STATUSES),
  frozen: z.boolean(),
  inactiveType: z.enum(INACTIVE_TYPES).nullable(),
  value: z.unknown(),
  panelStatus: z.string(),
});
export type FieldActionResponse = z.infer<typeof fieldActionResultSchema>;

/** POST /dcap/project/recordData/workflow/bulk: one action on every field of a panel, visit or subject. */
export const bulkFieldActionSchema = z.strictObject({
  scope: z.enum(SIGNATURE_SCOPES),
  id: dbId(),
  action: z.enum(BULK_FIELD_ACTIONS),
  note,
});
export type BulkFieldActionRequest = z.infer<typeof bulkFieldActionSchema>;

export const bulkFieldActionResultSchema = z.object({
  /** Fields the action changed. */
  applied: z.number(),
  /** Entered fields the table did not allow it on (wrong status, frozen, inactive …). */
  skipped: z.number(),
});
export type BulkFieldActionResult = z.infer<typeof bulkFieldActionResultSchema>;

/**
 * POST /dcap/project/recordData/signature/sign (COMPLIANCE ES-1, ES-3, ES-6): the signer names themselves and
 * gives their password again, chooses a meaning, may give a reason and acknowledges the attestation.
 */
export const signSchema = z.strictObject({
  scope: z.enum(SIGNATURE_SCOPES),
  /** The panel instance, event instance or subject id. */
  id: dbId(),
  username: safeText().min(1).max(64),
  password: rawText().min(1).max(PASSWORD_MAX_LENGTH),
  meaning: z.enum(SIGNATURE_MEANINGS),
  reason: multilineText().max(1024).optional(),
  attested: z.literal(true),
});
export type SignRequest = z.infer<typeof signSchema>;

export const signatureSchema = z.object({
  id: z.number(),
  scope: z.enum(SIGNATURE_SCOPES),
  subjectId: z.number(),
  eventInstanceId: z.number().nullable(),
  panelInstanceId: z.number().nullable(),
  signerId: z.number(),
  /** The signer's full name at signing (COMPLIANCE ES-3, ES-4). */
  signerName: z.string(),
  meaning: z.enum(SIGNATURE_MEANINGS),
  reason: z.string().nullable(),
  /** Server time, ISO 8601 with offset (COMPLIANCE TS-1, TS-2). */
  signedAt: z.string(),
  valuesHash: z.string(),
  brokenAt: z.string().nullable(),
  brokenBy: z.string().nullable(),
  brokenReason: z.string().nullable(),
  /**
   * Whether the signer had a signature image when signing (the image uploaded last before it, docs/decisions.md
   * "Signature images"): GET /dcap/project/recordData/signature/image/{id} serves it.
   */
  hasImage: z.boolean(),
});
export type Signature = z.infer<typeof signatureSchema>;

/** POST /dcap/project/recordData/signature/list: the signatures of a subject, or only those over one panel. */
export const signatureListSchema = z.strictObject({
  subjectId: dbId(),
  panelInstanceId: dbId().optional(),
});
export type SignatureListRequest = z.infer<typeof signatureListSchema>;
export const signatureListResultSchema = z.array(signatureSchema);
/** GET /dcap/project/recordData/signature/image/{id}: the signature's id. */
export const signatureImageParamsSchema = z.strictObject({ id: queryId() });
