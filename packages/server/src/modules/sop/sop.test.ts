import type { SopDocumentDetail, SopList } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../attachments/attachments.fixture.js';
import { tableChecksums, changedTables } from '../../test/checksum.js';
import type { Reply } from '../../test/harness.js';
import type { Persona, Study, Team } from '../roles/study.fixture.js';
import { enter, grant, ok, openStudy, person, refused, role, team } from '../roles/study.fixture.js';

/**
 * SOP management (spec 000 §2.2 /sopManage/sopDetail; docs/decisions.md "SOP management"): versions with a
 * review status, who uploads and who approves, downloads, filters, refusals in the caller's language, and an
 * audit row for every action.
 */
let study: Study;
let crew: Team;
let designer: Persona;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('word/document.xml')]);

beforeAll(async () => {
  study = await openStudy();
  crew = await team(study, 'SOPT');
  const designRole = await role(study, crew.pm, { projectId: crew.projectId, alias: 'Designer', institutionIds: 'all', projectDesignAndSetup: true });
  designer = await person(study, 'sop.designer');
  await grant(study, crew.pm, crew.projectId, { roleId: designRole.id, userIds: [designer.id] });
  await enter(study, designer, crew.projectId, designRole.id);
  for (const who of [crew.pm, study.admin]) ok(await study.t.call('GET', `/dcap/project/store/${String(crew.projectId)}`, { token: who.token }));
});
afterAll(() => study.t.close());

async function upload(who: Persona, fields: Record<string, string | number | undefined>, file: { name: string; bytes: Buffer } | null, lang?: string): Promise<Reply> {
  const form = multipartForm(fields, file ? { ...file, type: 'application/octet-stream' } : null);
  const headers: Record<string, string> = { token: who.token, 'content-type': form.contentType };
  if (lang) headers['accept-language'] = lang;
  const response = await study.t.request({ method: 'POST', url: '/dcap/sop/upload', headers, payload: form.payload });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
const step = (who: Persona, action: string, body: Record<string, unknown>, lang?: string) => study.t.call('POST', `/dcap/sop/${action}`, { token: who.token, body, ...(lang ? { lang } : {}) });
const list = async (who: Persona, query = '') => ok(await study.t.call('GET', `/dcap/sop/list${query}`, { token: who.token })) as SopList;
const sopAudit = () => study.t.database.db.selectFrom('audit_log').selectAll().where('project_id', '=', crew.projectId).where('action', 'like', 'sop.%').orderBy('id').execute();
const statuses = (detail: SopDocumentDetail) => detail.versions.map((v) => `${String(v.version)}:${v.status}`);

describe('SOP management', () => {
  let documentId: number;

  it('lets a designer upload a new document as a draft, which every member of the project lists', async () => {
    const detail = ok(await upload(designer, { code: 'SOP-001', title: '数据管理计划', titleEn: 'Data management plan', note: '初版' }, { name: 'dmp.pdf', bytes: PDF })) as SopDocumentDetail;
    documentId = detail.id;
    expect(detail).toMatchObject({ code: 'SOP-001', title: '数据管理计划', effectiveVersion: null, versionCount: 1 });
    expect(detail.latest).toMatchObject({ version: 1, status: 'DRAFT', fileName: 'dmp.pdf', contentType: 'application/pdf', size: PDF.length, uploadedBy: 'sop.designer', note: '初版' });
    const seen = await list(crew.investigator);
    expect(seen.documents.map((d) => d.code)).toEqual(['SOP-001']);
    expect(seen.rights).toEqual({ manage: false, approve: false });
    expect((await list(designer)).rights).toEqual({ manage: true, approve: false });
    expect((await list(crew.pm)).rights).toEqual({ manage: true, approve: true });
    expect((await sopAudit()).map((row) => row.action)).toEqual(['sop.create', 'sop.upload']);
  });

  it('refuses uploads and approvals to those without the right, changing nothing', async () => {
    const before = await tableChecksums(study.t.database);
    refused(await upload(crew.investigator, { documentId }, { name: 'dmp.pdf', bytes: PDF }), 403, 'permission.project_forbidden');
    const version = (ok(await study.t.call('GET', `/dcap/sop/detail/${String(documentId)}`, { token: crew.investigator.token })) as SopDocumentDetail).latest;
    refused(await step(crew.investigator, 'submit', { versionId: version.id }), 403, 'permission.project_forbidden');
    refused(await step(designer, 'approve', { versionId: version.id }), 403, 'permission.project_forbidden');
    expect(changedTables(before, await tableChecksums(study.t.database))).toEqual([]);
  });

  it('takes a version through review: submit, approve by another person, reject with a reason, supersede and retire', async () => {
    let detail = ok(await study.t.call('GET', `/dcap/sop/detail/${String(documentId)}`, { token: designer.token })) as SopDocumentDetail;
    const v1 = detail.latest.id;
    refused(await step(crew.pm, 'approve', { versionId: v1 }), 409, 'sop.status_forbids');
    detail = ok(await step(designer, 'submit', { versionId: v1 })) as SopDocumentDetail;
    expect(detail.latest).toMatchObject({ status: 'REVIEW', submittedBy: 'sop.designer' });
    detail = ok(await step(crew.pm, 'approve', { versionId: v1, comment: '同意' })) as SopDocumentDetail;
    expect(detail.latest).toMatchObject({ status: 'APPROVED', reviewedBy: crew.pm.username, reviewComment: '同意' });
    expect(detail.effectiveVersion).toBe(1);

    detail = ok(await upload(designer, { documentId, note: 'v2' }, { name: 'dmp-v2.docx', bytes: DOCX })) as SopDocumentDetail;
    const v2 = detail.latest.id;
    expect(detail.latest.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    ok(await step(designer, 'submit', { versionId: v2 }));
    refused(await step(crew.pm, 'reject', { versionId: v2 }), 400, 'request.invalid');
    detail = ok(await step(crew.pm, 'reject', { versionId: v2, comment: '缺少签名页' })) as SopDocumentDetail;
    expect(detail.latest).toMatchObject({ status: 'DRAFT', reviewComment: '缺少签名页' });
    expect(statuses(detail)).toEqual(['2:DRAFT', '1:APPROVED']);

    // The project administrator uploads a third version: the pending draft is superseded, and its own
    // upload is approved by someone else.
    detail = ok(await upload(crew.pm, { documentId }, { name: 'dmp-v3.pdf', bytes: PDF })) as SopDocumentDetail;
    const v3 = detail.latest.id;
    expect(statuses(detail)).toEqual(['3:DRAFT', '2:OBSOLETE', '1:APPROVED']);
    ok(await step(crew.pm, 'submit', { versionId: v3 }));
    refused(await step(crew.pm, 'approve', { versionId: v3 }, 'en-US'), 403, 'sop.own_version');
    detail = ok(await step(study.admin, 'approve', { versionId: v3 })) as SopDocumentDetail;
    expect(statuses(detail)).toEqual(['3:APPROVED', '2:OBSOLETE', '1:OBSOLETE']);
    expect(detail.effectiveVersion).toBe(3);

    const actions = (await sopAudit()).map((row) => row.action);
    expect(actions.slice(2)).toEqual(['sop.submit', 'sop.approve', 'sop.upload', 'sop.submit', 'sop.reject', 'sop.supersede', 'sop.upload', 'sop.submit', 'sop.supersede', 'sop.approve']);
    const rejection = (await sopAudit()).find((row) => row.action === 'sop.reject');
    expect(rejection).toMatchObject({ entity_id: String(v2), reason: '缺少签名页', actor_username: crew.pm.username });

    detail = ok(await step(crew.pm, 'retire', { versionId: v3 })) as SopDocumentDetail;
    expect(detail.effectiveVersion).toBeNull();
    expect(detail.latest.status).toBe('OBSOLETE');
  });

  it('lets any member download a version, audited, and hides another project’s versions', async () => {
    const detail = ok(await study.t.call('GET', `/dcap/sop/detail/${String(documentId)}`, { token: crew.investigator.token })) as SopDocumentDetail;
    const first = detail.versions.find((v) => v.version === 1);
    const response = await study.t.request({ method: 'GET', url: `/dcap/sop/download?versionId=${String(first?.id)}`, headers: { token: crew.investigator.token } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    expect(response.rawPayload.equals(PDF)).toBe(true);
    const download = (await sopAudit()).at(-1);
    expect(download).toMatchObject({ action: 'sop.download', actor_username: crew.investigator.username, entity_id: String(first?.id) });

    refused(await study.t.call('GET', `/dcap/sop/download?versionId=${String(first?.id)}`, { token: crew.outsider.token }), 404, 'sop.version_not_found');
    refused(await study.t.call('GET', `/dcap/sop/detail/${String(documentId)}`, { token: crew.outsider.token }), 404, 'sop.not_found');
    expect((await list(crew.outsider)).documents).toEqual([]);
  });

  it('filters the list by keyword and by the latest version’s status', async () => {
    ok(await upload(designer, { code: 'SOP-002', title: '不良事件报告', titleEn: 'Adverse event reporting' }, { name: 'ae.pdf', bytes: PDF }));
    expect((await list(crew.investigator, '?keyword=adverse')).documents.map((d) => d.code)).toEqual(['SOP-002']);
    expect((await list(crew.investigator, '?keyword=sop-00')).documents.map((d) => d.code)).toEqual(['SOP-001', 'SOP-002']);
    expect((await list(crew.investigator, '?status=DRAFT')).documents.map((d) => d.code)).toEqual(['SOP-002']);
    expect((await list(crew.investigator, '?status=OBSOLETE')).documents.map((d) => d.code)).toEqual(['SOP-001']);
    refused(await study.t.call('GET', '/dcap/sop/list?status=LOST', { token: crew.investigator.token }), 400, 'request.invalid');
  });

  it('refuses bad files and bad fields in the caller’s language, changing nothing', async () => {
    const before = await tableChecksums(study.t.database);
    const renamed = await upload(designer, { code: 'SOP-009', title: 'x' }, { name: 'plain.pdf', bytes: Buffer.from('just text') }, 'zh-CN');
    refused(renamed, 422, 'sop.file_kind');
    expect(renamed.body.msg).toContain('PDF、Word 或 Excel');
    refused(await upload(designer, { code: 'SOP-009', title: 'x' }, { name: 'run.exe', bytes: PDF }), 422, 'sop.file_kind');
    refused(await upload(designer, { code: 'SOP-009' }, { name: 'a.pdf', bytes: PDF }), 422, 'sop.title_required');
    refused(await upload(designer, { code: 'SOP-009', title: 'x' }, null), 422, 'sop.file_missing');
    const taken = await upload(designer, { code: 'sop-001', title: 'x' }, { name: 'a.pdf', bytes: PDF }, 'en-US');
    refused(taken, 409, 'sop.code_taken');
    expect(taken.body.msg).toBe('SOP code sop-001 is already used');
    refused(await upload(designer, { code: 'SOP-009', title: 'x\u0000y' }, { name: 'a.pdf', bytes: PDF }), 400, 'request.invalid');
    refused(await upload(designer, { documentId: 999999 }, { name: 'a.pdf', bytes: PDF }), 404, 'sop.not_found');
    refused(await step(crew.pm, 'approve', { versionId: 999999 }), 404, 'sop.version_not_found');
    expect(changedTables(before, await tableChecksums(study.t.database))).toEqual([]);
  });
});
