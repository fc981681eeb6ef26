import type { Signature, SignatureMeaning } from '@dcap/core';
import type { SignatureRow } from '../../db/schema.js';

/** A signature on the wire (COMPLIANCE ES-4): name, server time in ISO 8601 (UTC), meaning, and whether it broke. */
export function presentSignature(row: SignatureRow & { broken_by_name: string | null; has_image: boolean }): Signature {
  return {
    id: row.id,
    scope: row.scope,
    subjectId: row.subject_id,
    eventInstanceId: row.event_instance_id,
    panelInstanceId: row.panel_instance_id,
    signerId: row.signer_id,
    signerName: row.signer_name,
    // The column's values come only from core's list (the sign schema).
    meaning: row.meaning as SignatureMeaning,
    reason: row.reason,
    signedAt: row.signed_at.toISOString(),
    valuesHash: row.values_hash,
    brokenAt: row.broken_at?.toISOString() ?? null,
    brokenBy: row.broken_by_name,
    brokenReason: row.broken_reason,
    hasImage: row.has_image,
  };
}
