import { z } from 'zod';
import { uploadFileSchema } from '../attachments/schemas.js';
import { readImageSize } from '../content/image.js';
import { queryId } from '../validation/text.js';

/**
 * Users' handwritten signature images (spec 002 §7 `/dcap/sys/user/getHisSignFile`, `uploadSignFile`,
 * `updateSignFile`; docs/decisions.md "Signature images"). Every upload is a new row; the newest is the
 * current one and the earlier ones stay as history.
 */

/** A signature image is small: a scanned or drawn signature, not a photograph. A file of exactly 1 MiB is refused. */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
/** Each side of the image, in pixels: large enough to read, small enough to print in a signature box. */
export const SIGNATURE_MIN_SIDE = 16;
export const SIGNATURE_MAX_SIDE = 4096;
export const SIGNATURE_ACCEPT = '.png,.jpg,.jpeg';
const SIGNATURE_EXTENSIONS = ['png', 'jpg', 'jpeg'];

export type SignatureProblem =
  | { code: 'signature.file_missing' }
  | { code: 'signature.file_too_large'; params: { limit: number } }
  | { code: 'signature.file_kind'; params: { accepted: string } }
  | { code: 'signature.dimensions'; params: { min: number; max: number } };

export type SignatureCheck = { ok: true; contentType: 'image/png' | 'image/jpeg'; width: number; height: number } | { ok: false; problem: SignatureProblem };

/**
 * Whether a file may be a signature image: a PNG or JPEG name, and bytes that are a PNG or JPEG whose header
 * gives a size within bounds. The bytes decide the stored type; a text file called x.png is refused.
 */
export function checkSignatureFile(file: { name: string; size: number; bytes: Uint8Array }): SignatureCheck {
  if (file.size === 0) return { ok: false, problem: { code: 'signature.file_missing' } };
  if (file.size >= SIGNATURE_MAX_BYTES) return { ok: false, problem: { code: 'signature.file_too_large', params: { limit: SIGNATURE_MAX_BYTES / 1024 / 1024 } } };
  const extension = /\.([a-z]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const image = SIGNATURE_EXTENSIONS.includes(extension) ? readImageSize(file.bytes) : null;
  if (!image) return { ok: false, problem: { code: 'signature.file_kind', params: { accepted: SIGNATURE_ACCEPT } } };
  const sane = (side: number) => side >= SIGNATURE_MIN_SIDE && side <= SIGNATURE_MAX_SIDE;
  if (!sane(image.width) || !sane(image.height)) return { ok: false, problem: { code: 'signature.dimensions', params: { min: SIGNATURE_MIN_SIDE, max: SIGNATURE_MAX_SIDE } } };
  return { ok: true, contentType: image.type === 'png' ? 'image/png' : 'image/jpeg', width: image.width, height: image.height };
}

const formId = () => z.preprocess((value) => (value === '' ? undefined : value), queryId());

/** POST /dcap/sys/user/uploadSignFile (multipart): the caller's own signature. The file is optional here so a missing one gets its own message. */
export const signatureUploadSchema = z.strictObject({ file: uploadFileSchema.optional() });
export type SignatureUploadRequest = z.infer<typeof signatureUploadSchema>;

/** POST /dcap/sys/user/updateSignFile (multipart): an administrator replaces another user's signature. */
export const signatureUpdateSchema = z.strictObject({ file: uploadFileSchema.optional(), userId: formId() });
export type SignatureUpdateRequest = z.infer<typeof signatureUpdateSchema>;

/** GET /dcap/sys/user/getHisSignFile: the caller's own history, or (user administration) another user's. */
export const signatureHistoryQuerySchema = z.strictObject({ userId: queryId().optional() });

export const signatureFileParamsSchema = z.strictObject({ id: queryId() });

export const signatureFileSchema = z.object({
  id: z.number(),
  userId: z.number(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  sha256: z.string(),
  width: z.number(),
  height: z.number(),
  /** The login name of whoever uploaded it: the user, or an administrator. */
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  /** The newest upload is the signature in use. */
  current: z.boolean(),
});
export type SignatureFile = z.infer<typeof signatureFileSchema>;

/** A user's signature images, newest (the current one) first. */
export const signatureHistorySchema = z.object({ userId: z.number(), username: z.string(), files: z.array(signatureFileSchema) });
export type SignatureHistory = z.infer<typeof signatureHistorySchema>;
