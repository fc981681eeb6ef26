import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Mock } from 'vitest';
import { describe, expect, it } from 'vitest';
import type { SopDocumentDetail, SopList, SopVersion } from '@dcap/core';
import { AS_PROJECT_ADMIN, MEMBER, PROJECT_ADMIN, makeProjectInit, makeSessionRole } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const version = (id: number, n: number, status: SopVersion['status'], overrides: Partial<SopVersion> = {}): SopVersion => ({
  id,
  documentId: 7,
  version: n,
  status,
  fileName: `dmp-v${String(n)}.pdf`,
  contentType: 'application/pdf',
  size: 2048,
  sha256: 'abc',
  note: '',
  uploadedBy: 'wang.dm',
  uploadedAt: '2026-03-01T08:00:00.000Z',
  submittedBy: null,
  submittedAt: null,
  reviewedBy: null,
  reviewedAt: null,
  reviewComment: null,
  ...overrides,
});

const detail: SopDocumentDetail = {
  id: 7,
  code: 'SOP-001',
  title: '数据管理计划',
  titleEn: 'Data management plan',
  latest: version(12, 2, 'REVIEW'),
  effectiveVersion: 1,
  versionCount: 2,
  updatedAt: '2026-03-02T08:00:00.000Z',
  versions: [version(12, 2, 'REVIEW'), version(11, 1, 'APPROVED', { reviewedBy: 'zhou.pm', reviewedAt: '2026-03-01T09:00:00.000Z', reviewComment: '同意' })],
};
const { versions: _versions, ...summary } = detail;
const list = (rights: SopList['rights']): SopList => ({ documents: [summary], rights });

describe('SOP management /sopManage/sopDetail (spec 000 §2.2)', () => {
  it('lists SOPs with their status in Chinese, filters by status, and lets a project administrator approve a version under review', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(PROJECT_ADMIN, { access: AS_PROJECT_ADMIN })),
      'GET /sop/list': () => ok(list({ manage: true, approve: true })),
      'GET /sop/detail/7': () => ok(detail),
      'POST /sop/approve': () => ok({ ...detail, versions: [version(12, 2, 'APPROVED'), version(11, 1, 'OBSOLETE')] }),
    });
    renderApp({ path: '/sopManage/sopDetail', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    const table = await screen.findByTestId('sop-table');
    expect((await within(table).findByTestId('sop-status-REVIEW')).textContent).toBe('审核中');
    expect(within(table).getByText('数据管理计划')).toBeDefined();
    expect(screen.getByTestId('sop-new')).toBeDefined();

    fireEvent.mouseDown(within(screen.getByTestId('sop-page')).getAllByRole('combobox')[0] as HTMLElement);
    fireEvent.click(await screen.findByTitle('已批准'));
    fireEvent.click(screen.getByTestId('sop-search'));
    await waitFor(() => expect(fake.requests.filter((r) => r.path === '/sop/list').at(-1)?.search.get('status')).toBe('APPROVED'));

    fireEvent.click(await screen.findByTestId('sop-open-SOP-001'));
    const versions = await screen.findByTestId('sop-versions');
    expect(within(versions).getByText('zhou.pm 2026-03-01 ' + new Date('2026-03-01T09:00:00.000Z').toTimeString().slice(0, 5))).toBeDefined();
    expect(within(versions).queryByTestId('sop-approve-11')).toBeNull();
    expect(within(versions).getByTestId('sop-retire-11')).toBeDefined();
    fireEvent.click(within(versions).getByTestId('sop-approve-12'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(fake.requests.find((r) => r.path === '/sop/approve')?.body).toBe(JSON.stringify({ versionId: 12 })));
    cleanup();
  });

  it('shows a member without SOP rights the list in English with downloads only', async () => {
    const role = makeSessionRole(4, 'CRC', ['dataEntryRights']);
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(MEMBER, { access: { platformAdmin: false, projectAdmin: false, role: { id: 4, enabled: true, rights: ['dataEntryRights'], sites: 'all' } }, roles: [role], roleId: 4 })),
      'GET /sop/list': () => ok(list({ manage: false, approve: false })),
      'GET /sop/detail/7': () => ok(detail),
    });
    renderApp({ path: '/sopManage/sopDetail', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('sop-table');
    expect((await within(table).findByTestId('sop-status-REVIEW')).textContent).toBe('Under review');
    expect(within(table).getByText('Data management plan')).toBeDefined();
    expect(screen.queryByTestId('sop-new')).toBeNull();
    fireEvent.click(screen.getByTestId('sop-open-SOP-001'));
    const versions = await screen.findByTestId('sop-versions');
    expect(within(versions).getByTestId('sop-download-12')).toBeDefined();
    expect(within(versions).queryByTestId('sop-approve-12')).toBeNull();
    expect(within(versions).queryByTestId('sop-new-version')).toBeNull();
    cleanup();
  });

  it('uploads a new SOP with its code, titles and file as a multipart form, and asks for the file first', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(PROJECT_ADMIN, { access: AS_PROJECT_ADMIN })),
      'GET /sop/list': () => ok({ documents: [], rights: { manage: true, approve: true } }),
      'POST /sop/upload': () => ({ body: { code: 0, msg: 'SOP 文件已上传', data: detail } }),
    });
    renderApp({ path: '/sopManage/sopDetail', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    fireEvent.click(await screen.findByTestId('sop-new'));
    fireEvent.change(await screen.findByTestId('sop-upload-code'), { target: { value: 'SOP-002' } });
    fireEvent.change(screen.getByTestId('sop-upload-title'), { target: { value: '不良事件报告' } });
    fireEvent.click(screen.getByTestId('sop-upload-ok'));
    expect(await screen.findByText('请选择文件')).toBeDefined();
    expect(fake.requests.some((r) => r.path === '/sop/upload')).toBe(false);

    const input = document.querySelector('.ant-modal input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'ae.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(screen.getByTestId('sop-upload-ok'));
    await waitFor(() => expect(fake.requests.some((r) => r.path === '/sop/upload')).toBe(true));
    const call = (fake.fetch as unknown as Mock).mock.calls.find(([url]) => String(url).includes('/sop/upload')) as [string, RequestInit];
    const form = call[1].body as FormData;
    expect(form.get('code')).toBe('SOP-002');
    expect(form.get('title')).toBe('不良事件报告');
    expect((form.get('file') as File).name).toBe('ae.pdf');
    expect(form.get('documentId')).toBeNull();
    cleanup();
  });
});
