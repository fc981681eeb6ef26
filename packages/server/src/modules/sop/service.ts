import { createHash } from 'node:crypto';
import type { SopDocument, SopDocumentDetail, SopList, SopListQuery, SopStatus, SopUploadRequest, SopVersion } from '@dcap/core';
import { AppError, SOP_ACCEPT, SOP_CONTENT_TYPE, SOP_MAX_BYTES, canInProject, cleanFileName, sopFileKind } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { sessionEnv } from '../../http/context.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import { projectWrite } from '../../http/project-write.js';
import type { FileReply } from '../../http/route.js';
import type { UploadedFileInfo } from '../../http/uploads.js';
import type { Executor } from '../audit/repo.js';
import type { SopDocumentRow } from '../../db/schema.js';
import type { SopVersionInfo } from './repo.js';
import * as repo from './repo.js';

/**
 * SOP management (spec 000 §2.2 /sopManage/sopDetail; docs/decisions.md "SOP management"). Every project
 * member reads the project's SOPs; `sop.manage` uploads versions and sends them for review; `sop.approve`
 * approves, rejects and retires them. Every action, downloads included, is audited.
 */

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

function presentVersion(row: SopVersionInfo): SopVersion {
  return {
    id: row.id,
    documentId: row.document_id,
    version: row.version,
    status: row.status,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.size,
    sha256: row.sha256,
    note: row.note,
    uploadedBy: row.uploaded_name ?? '',
    uploadedAt: row.uploaded_at.toISOString(),
    submittedBy: row.submitted_name,
    submittedAt: iso(row.submitted_at),
    reviewedBy: row.reviewed_name,
    reviewedAt: iso(row.reviewed_at),
    reviewComment: row.review_comment,
  };
}

function presentDocument(row: SopDocumentRow, versions: readonly SopVersionInfo[]): SopDocument {
  const [latest] = versions;
  if (!latest) throw new AppError('sop.not_found');
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    titleEn: row.title_en,
    latest: presentVersion(latest),
    effectiveVersion: versions.find((version) => version.status === 'APPROVED')?.version ?? null,
    versionCount: versions.length,
    updatedAt: row.updated_at.toISOString(),
  };
}

function versionsByDocument(versions: readonly SopVersionInfo[]): Map<number, SopVersionInfo[]> {
  const map = new Map<number, SopVersionInfo[]>();
  for (const version of versions) map.set(version.document_id, [...(map.get(version.document_id) ?? []), version]);
  return map;
}

/** GET /dcap/sop/list: the documents with their latest version, and what the caller may do. */
export async function listSops(deps: ServiceDeps, caller: ProjectCaller, query: SopListQuery): Promise<SopList> {
  const rows = await repo.listDocuments(deps.db, caller.project.project.id, query.keyword?.trim() || undefined);
  const versions = versionsByDocument(await repo.listVersions(deps.db, rows.map((row) => row.id)));
  const documents = rows.flatMap((row) => {
    const own = versions.get(row.id) ?? [];
    return own.length > 0 ? [presentDocument(row, own)] : [];
  });
  return {
    documents: query.status ? documents.filter((document) => document.latest.status === query.status) : documents,
    rights: { manage: canInProject(caller.project.access, 'sop.manage'), approve: canInProject(caller.project.access, 'sop.approve') },
  };
}

/** GET /dcap/sop/detail/{documentId}: a document with every version, newest first. */
export async function sopDetail(deps: ServiceDeps, caller: ProjectCaller, documentId: number): Promise<SopDocumentDetail> {
  return detailOf(deps.db, caller.project.project.id, documentId);
}

async function detailOf(db: Executor, projectId: number, documentId: number): Promise<SopDocumentDetail> {
  const row = await repo.findDocument(db, projectId, documentId);
  if (!row) throw new AppError('sop.not_found');
  const versions = await repo.listVersions(db, [row.id]);
  return { ...presentDocument(row, versions), versions: versions.map(presentVersion) };
}

/** What an audit row records of a version: which file and its status, never the bytes. */
const audited = (document: { id: number; code: string }, version: { version: number; status: SopStatus }, file?: { name: string; size: number; sha256: string }) => ({
  documentId: document.id,
  code: document.code,
  version: version.version,
  status: version.status,
  ...(file ? { file: file.name, size: file.size, sha256: file.sha256 } : {}),
});

/**
 * POST /dcap/sop/upload: a new document, or a new version of one. The version starts as a draft; drafts and
 * versions under review it replaces become obsolete, so one version at a time is on its way to approval.
 */
export async function uploadSop(deps: ServiceDeps, caller: ProjectCaller, body: SopUploadRequest, info: UploadedFileInfo | null): Promise<SopDocumentDetail> {
  if (!info || !body.file) throw new AppError('sop.file_missing');
  const name = cleanFileName(info.filename);
  const bytes = Buffer.from(body.file.buffer, body.file.byteOffset, body.file.byteLength);
  if (info.truncated || bytes.length > SOP_MAX_BYTES) throw new AppError('sop.file_too_large', { limit: SOP_MAX_BYTES / 1024 / 1024 });
  if (bytes.length === 0) throw new AppError('sop.file_missing');
  const kind = sopFileKind(name, bytes);
  if (!kind) throw new AppError('sop.file_kind', { accepted: SOP_ACCEPT });
  if (body.documentId === undefined && (!body.code || !body.title)) throw new AppError('sop.title_required');
  const projectId = caller.project.project.id;
  const env = sessionEnv(caller);
  const now = deps.clock.now();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const documentId = await projectWrite(
    deps,
    caller,
    { right: 'sop.manage', errorContext: { code: body.code ?? '' } },
    async (trx, audit) => {
      let document: SopDocumentRow | undefined;
      if (body.documentId === undefined) {
        document = await repo.insertDocument(trx, { project_id: projectId, code: body.code ?? '', title: body.title ?? '', title_en: body.titleEn ?? '', created_by: caller.actor.userId, created_at: now, updated_at: now });
        await audit({ action: 'sop.create', entityType: 'sop_document', entityId: document.id, env, newValue: { code: document.code, title: document.title, titleEn: document.title_en } });
      } else {
        document = await repo.findDocument(trx, projectId, body.documentId, true);
        if (!document) throw new AppError('sop.not_found');
        await repo.touchDocument(trx, document.id, now);
      }
      for (const pending of await repo.versionsInStatus(trx, document.id, ['DRAFT', 'REVIEW'])) {
        await repo.updateVersion(trx, pending.id, { status: 'OBSOLETE' });
        await audit({ action: 'sop.supersede', entityType: 'sop_version', entityId: pending.id, env, oldValue: audited(document, pending), newValue: audited(document, { ...pending, status: 'OBSOLETE' }) });
      }
      const version = await repo.nextVersionNumber(trx, document.id);
      const id = await repo.insertVersion(trx, {
        document_id: document.id,
        version,
        status: 'DRAFT',
        file_name: name,
        content_type: SOP_CONTENT_TYPE[kind],
        size: bytes.length,
        sha256,
        content: bytes,
        note: body.note ?? '',
        uploaded_by: caller.actor.userId,
        uploaded_at: now,
      });
      await audit({ action: 'sop.upload', entityType: 'sop_version', entityId: id, env, newValue: { ...audited(document, { version, status: 'DRAFT' }, { name, size: bytes.length, sha256 }), note: body.note ?? '' } });
      return document.id;
    },
  );
  return detailOf(deps.db, projectId, documentId);
}

type Transition = { from: readonly SopStatus[]; to: SopStatus; action: string };
const TRANSITIONS = {
  submit: { from: ['DRAFT'], to: 'REVIEW', action: 'sop.submit' },
  approve: { from: ['REVIEW'], to: 'APPROVED', action: 'sop.approve' },
  reject: { from: ['REVIEW'], to: 'DRAFT', action: 'sop.reject' },
  retire: { from: ['APPROVED'], to: 'OBSOLETE', action: 'sop.retire' },
} as const satisfies Record<string, Transition>;
export type SopTransition = keyof typeof TRANSITIONS;

/**
 * The review steps of a version: submit (DRAFT to REVIEW, `sop.manage`); approve (REVIEW to APPROVED; the
 * approved version before it becomes obsolete), reject (back to DRAFT with a reason) and retire (APPROVED to
 * OBSOLETE), all three `sop.approve`. Nobody approves a version they uploaded.
 */
export async function reviewSop(deps: ServiceDeps, caller: ProjectCaller, step: SopTransition, versionId: number, comment: string | undefined): Promise<SopDocumentDetail> {
  const transition: Transition = TRANSITIONS[step];
  const projectId = caller.project.project.id;
  const env = sessionEnv(caller);
  const now = deps.clock.now();
  const userId = caller.actor.userId;
  const documentId = await projectWrite(deps, caller, { right: step === 'submit' ? 'sop.manage' : 'sop.approve' }, async (trx, audit: ProjectAuditor) => {
    const found = await repo.findVersion(trx, projectId, versionId);
    if (!found) throw new AppError('sop.version_not_found');
    const document = await repo.findDocument(trx, projectId, found.document_id, true);
    const version = await repo.findVersion(trx, projectId, versionId, true);
    if (!document || !version) throw new AppError('sop.version_not_found');
    if (!transition.from.includes(version.status)) throw new AppError('sop.status_forbids');
    if (step === 'approve' && version.uploaded_by === userId) throw new AppError('sop.own_version');
    if (step === 'approve') {
      for (const previous of await repo.versionsInStatus(trx, document.id, ['APPROVED'])) {
        await repo.updateVersion(trx, previous.id, { status: 'OBSOLETE' });
        await audit({ action: 'sop.supersede', entityType: 'sop_version', entityId: previous.id, env, oldValue: audited(document, previous), newValue: audited(document, { ...previous, status: 'OBSOLETE' }) });
      }
    }
    const change: repo.VersionChange =
      step === 'submit' ? { status: transition.to, submitted_by: userId, submitted_at: now } : { status: transition.to, reviewed_by: userId, reviewed_at: now, review_comment: comment?.trim() || null };
    await repo.updateVersion(trx, version.id, change);
    await repo.touchDocument(trx, document.id, now);
    await audit({ action: transition.action, entityType: 'sop_version', entityId: version.id, env, oldValue: audited(document, version), newValue: audited(document, { version: version.version, status: transition.to }), reason: comment?.trim() || null });
    return document.id;
  });
  return detailOf(deps.db, projectId, documentId);
}

/** GET /dcap/sop/download: the bytes of a version, audited (who read which procedure). */
export async function downloadSop(deps: ServiceDeps, caller: ProjectCaller, versionId: number): Promise<FileReply> {
  const projectId = caller.project.project.id;
  const version = await repo.findVersion(deps.db, projectId, versionId);
  if (!version) throw new AppError('sop.version_not_found');
  const document = await repo.findDocument(deps.db, projectId, version.document_id);
  const content = await repo.versionContent(deps.db, version.id);
  if (!document || !content) throw new AppError('sop.version_not_found');
  await projectWrite(deps, caller, {}, (_trx, audit) =>
    audit({ action: 'sop.download', entityType: 'sop_version', entityId: version.id, env: sessionEnv(caller), newValue: audited(document, version, { name: version.file_name, size: version.size, sha256: version.sha256 }) }),
  );
  return { contentType: version.content_type, filename: version.file_name, body: content };
}
