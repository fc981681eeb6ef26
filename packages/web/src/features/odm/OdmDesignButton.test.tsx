import type { ProjectAccess } from '@dcap/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProject, makeProjectInit, MEMBER } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const xml = {
  body: null,
  text: '<?xml version="1.0" encoding="UTF-8"?><ODM/>',
  headers: { 'Content-Type': 'application/xml', 'Content-Disposition': "attachment; filename=\"HF-301-uat-design-odm.xml\"; filename*=UTF-8''HF-301-uat-design-odm.xml" },
};
const EXPORTER: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: true, rights: ['verify', 'export'], sites: 'all' } };
const VIEWER: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: true, rights: ['verify'], sites: 'all' } };

function server(access: ProjectAccess) {
  return fakeServer({
    'GET /sys/init': () => ok(makeProjectInit(MEMBER, { access, project: makeProject({}, access) })),
    'GET /subject/options': () => ok({ sites: [{ id: 21, code: 'S01', name: '协和医院' }], preScreen: false, clinicalNumber: false, clinicalNumberMust: false, varsRequiredOnRecruit: false, hasDesign: true }),
    'POST /subject/list': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 20 }),
    'GET /project/design/odm': () => xml,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('the design as ODM 1.3.2 on the subject list', { timeout: 60_000 }, () => {
  it('downloads the environment’s design for a role with the export right', async () => {
    const saved: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:test/1' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fake = server(EXPORTER);
    renderApp({ path: '/survey/schedule', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    const button = await screen.findByTestId('odm-design-xml', {}, { timeout: 20_000 });
    expect(button.textContent).toContain('设计导出为 ODM 1.3.2（XML）');
    fireEvent.click(button);
    await waitFor(() => expect(saved).toEqual(['HF-301-uat-design-odm.xml']));
    const request = fake.requests.find((candidate) => candidate.path === '/project/design/odm');
    expect(request?.search.get('projectId')).toBe('5');
    expect(request?.search.get('env')).toBe('uat');
  });

  it('is not offered to a role without the export right', async () => {
    const fake = server(VIEWER);
    renderApp({ path: '/survey/schedule', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('blank-crf-pdf', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('odm-design-xml')).toBeNull();
  });
});
