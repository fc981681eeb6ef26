import { createHash } from 'node:crypto';
import type { SignatureFile, SignatureHistory } from '@dcap/core';
import {
  AppError,
  SIGNATURE_ACCEPT,
  SIGNATURE_MAX_BYTES,
  canOnPlatform,
  checkSignatureFile,
  cleanFileName,
  signatureFileParamsSchema,
  signatureHistoryQuerySchema,
  signatureHistorySchema,
  signatureUpdateSchema,
  signatureUploadSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, Caller } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import type { FileReply, RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import type { UploadedFileInfo } from '../../http/uploads.js';
import { pngDataInflates } from './png-check.js';
import { findUserById } from './repo.js';
import type { SignatureInfo } from './signature-repo.js';
import * as repo from './signature-repo.js';

/**
 * Signature images (spec 002 §7 getHisSignFile/uploadSignFile/updateSignFile; docs/decisions.md "Signature
 * images"): every user uploads their own; a user administrator (`user.manage`) reads and replaces anyone's.
 * Every upload is a new row and an audit row naming the file by its SHA-256; nothing is ever deleted.
 */

export function presentSignature(row: SignatureInfo, current: boolean): SignatureFile {
  return {
    id: row.id,
    userId: row.user_id,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.size,
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    uploadedBy: row.uploaded_name ?? '',
    uploadedAt: row.uploaded_at.toISOString(),
    current,
  };
}

/** Only the user themself, or a user administrator, sees a user's signatures. */
function requireSignatureReader(actor: Actor, userId: number): void {
  if (actor.userId !== userId && !canOnPlatform(actor, 'user.manage')) throw new AppError('permission.platform_admin_required');
}

export async function signatureHistory(deps: ServiceDeps, actor: Actor, userId: number): Promise<SignatureHistory> {
  requireSignatureReader(actor, userId);
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('user.not_found');
  const rows = await repo.listSignatures(deps.db, userId);
  return { userId, username: user.username, files: rows.map((row, index) => presentSignature(row, index === 0)) };
}

export async function signatureImage(deps: ServiceDeps, actor: Actor, id: number): Promise<FileReply> {
  const row = await repo.findSignature(deps.db, id);
  if (!row) throw new AppError('signature.not_found');
  requireSignatureReader(actor, row.user_id);
  const content = await repo.signatureContent(deps.db, id);
  if (!content) throw new AppError('signature.not_found');
  return { contentType: row.content_type, filename: row.file_name, body: content };
}

/** Checks and stores one signature image of `userId` with its audit row; answers the user's history. */
export async function storeSignature(deps: ServiceDeps, caller: Caller, userId: number, file: Uint8Array | undefined, info: UploadedFileInfo | null): Promise<SignatureHistory> {
  if (!info || !file) throw new AppError('signature.file_missing');
  const name = cleanFileName(info.filename);
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const checked = checkSignatureFile({ name, size: info.truncated ? Number.MAX_SAFE_INTEGER : bytes.length, bytes });
  if (!checked.ok) throw new AppError(checked.problem.code, 'params' in checked.problem ? checked.problem.params : undefined);
  if (!pngDataInflates(bytes)) throw new AppError('signature.file_kind', { accepted: SIGNATURE_ACCEPT });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await platformWrite(deps, caller, async (trx, audit) => {
    if (!(await repo.lockUser(trx, userId))) throw new AppError('user.not_found');
    const row = { user_id: userId, file_name: name, content_type: checked.contentType, size: bytes.length, sha256, width: checked.width, height: checked.height, uploaded_by: caller.actor.userId, uploaded_at: deps.clock.now() };
    const id = await repo.insertSignature(trx, { ...row, content: bytes });
    await audit({
      action: 'user_signature.upload',
      entityType: 'user_signature',
      entityId: id,
      newValue: { userId, fileName: name, contentType: row.content_type, size: row.size, width: row.width, height: row.height, sha256 },
    });
  });
  return signatureHistory(deps, caller.actor, userId);
}

export function registerSignatureRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/user/getHisSignFile',
    summary: "A user's signature images, newest (the one in use) first: the caller's own, or with userId any user's for a user administrator",
    tag: 'account',
    access: 'signedIn',
    query: signatureHistoryQuerySchema,
    response: signatureHistorySchema,
    handler: ({ actor, query }) => signatureHistory(deps, actor, query.userId ?? actor.userId),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/user/signFile/:id',
    summary: 'The bytes of one signature image: its owner or a user administrator',
    tag: 'account',
    access: 'signedIn',
    params: signatureFileParamsSchema,
    response: fileReplySchema,
    raw: true,
    handler: ({ actor, params }) => signatureImage(deps, actor, params.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/uploadSignFile',
    summary: 'Upload the signed-in user’s own signature image (PNG or JPEG under 1 MB); the earlier ones stay as history',
    tag: 'account',
    access: 'signedIn',
    consumes: ['multipart/form-data'],
    upload: { maxBytes: SIGNATURE_MAX_BYTES + 1 },
    body: signatureUploadSchema,
    response: signatureHistorySchema,
    successMessage: 'ok.signature_uploaded',
    handler: ({ caller, body, request }) => storeSignature(deps, caller, caller.actor.userId, body.file, request.uploadedFile),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/updateSignFile',
    summary: 'Replace another user’s signature image (PNG or JPEG under 1 MB); the earlier ones stay as history',
    tag: 'users',
    access: { platform: 'user.manage' },
    consumes: ['multipart/form-data'],
    upload: { maxBytes: SIGNATURE_MAX_BYTES + 1 },
    body: signatureUpdateSchema,
    response: signatureHistorySchema,
    successMessage: 'ok.signature_uploaded',
    handler: ({ caller, body, request }) => storeSignature(deps, caller, body.userId, body.file, request.uploadedFile),
  });
}
