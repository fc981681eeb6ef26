/**
 * Electronic signature texts (COMPLIANCE ES-3, ES-6). A signature states what the signer means by it, chosen
 * from this configured list, and is given only after the attestation below was shown and acknowledged.
 */
export const SIGNATURE_MEANINGS = ['author', 'approval', 'review', 'responsibility'] as const;
export type SignatureMeaning = (typeof SIGNATURE_MEANINGS)[number];

export const SIGNATURE_MEANING_LABELS: Record<SignatureMeaning, { 'zh-CN': string; 'en-US': string }> = {
  author: { 'zh-CN': '我是这些数据的录入者', 'en-US': 'I am the author of these data' },
  approval: { 'zh-CN': '我批准这些数据', 'en-US': 'I approve these data' },
  review: { 'zh-CN': '我已审阅这些数据', 'en-US': 'I have reviewed these data' },
  responsibility: { 'zh-CN': '我对这些数据负责', 'en-US': 'I take responsibility for these data' },
};

/**
 * The attestation shown before signing (COMPLIANCE ES-6; 21 CFR 11.100(c): the signer acknowledges that the
 * electronic signature is the legally binding equivalent of a handwritten one).
 */
export const SIGNATURE_ATTESTATION: { 'zh-CN': string; 'en-US': string } = {
  'zh-CN':
    '我确认：本电子签名与我的手写签名具有同等法律效力。我已核对所签署范围内的全部数据，确认其真实、准确、完整。签名后对这些数据的任何修改都将使本签名失效。',
  'en-US':
    'I confirm that this electronic signature is the legally binding equivalent of my handwritten signature. I have checked all data within the scope I sign and confirm they are true, accurate and complete. Any later change to these data breaks this signature.',
};

export const SIGNATURE_SCOPES = ['panel', 'event', 'subject'] as const;
export type SignatureScope = (typeof SIGNATURE_SCOPES)[number];

/**
 * The canonical text of signed values (COMPLIANCE ES-3): paths sorted, each with its value, object keys
 * sorted at every depth, so the same values always give the same text and hash.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
