import type { ProjectAccess, Subject, SubjectSchedule } from '@dcap/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, makeProject, makeProjectInit, MEMBER } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const SUBJECT: Subject = {
  id: 41,
  platformNo: 'S01-0001',
  siteId: 21,
  siteName: '协和医院',
  siteCode: 'S01',
  subjectCode: null,
  initials: 'ZS',
  name: null,
  idNumber: null,
  gender: 'F',
  birthDate: null,
  nation: null,
  insuranceType: null,
  insuranceNo: null,
  phone: null,
  email: null,
  address: null,
  relativeRelation: null,
  relativePhone: null,
  relativeEmail: null,
  relativeAddress: null,
  wechatIds: {},
  screeningNo: null,
  consentDate: '2025-02-10',
  randomNo: null,
  treatmentPhase: null,
  firstDrugNo: null,
  enrolledAt: null,
  enrolledBy: null,
  remoteSite: null,
  strata: {},
  status: 'RECORD_STATUS_SCREENING',
  statusReason: null,
  statusChangedAt: '2025-02-10T00:00:00.000Z',
  designVersionId: 3,
  version: 1,
  createdBy: 'crc',
  createdAt: '2025-02-10T00:00:00.000Z',
  updatedAt: '2025-02-10T00:00:00.000Z',
  pendingRollback: false,
};
const SCHEDULE: SubjectSchedule = { subjectId: 41, siteId: 21, today: '2025-03-10', followUp: 'NOT_STARTED', visits: [], instruments: [], panels: [], unscheduled: [], repeatable: [] };
const pdf = { body: null, text: '%PDF-1.3', headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': "attachment; filename=\"P-casebook-41.pdf\"; filename*=UTF-8''P-casebook-41.pdf" } };
const VIEWER: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: true, rights: ['verify'], sites: 'all' } };

function server(init = makeProjectInit(ADMIN)) {
  return fakeServer({
    'GET /sys/init': () => ok(init),
    'GET /subject/info/41': () => ok(SUBJECT),
    'GET /schedule/subject/41': () => ok(SCHEDULE),
    'GET /crf/casebook/41': () => pdf,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('the blank CRF on the subject list', { timeout: 60_000 }, () => {
  it('offers the blank CRF of the environment’s design', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(MEMBER, { access: VIEWER, project: makeProject({}, VIEWER) })),
      'GET /subject/options': () => ok({ sites: [{ id: 21, code: 'S01', name: '协和医院' }], preScreen: false, clinicalNumber: false, clinicalNumberMust: false, varsRequiredOnRecruit: false, hasDesign: true }),
      'POST /subject/list': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 20 }),
      'GET /crf/blank': () => pdf,
    });
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:test/1' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp({ path: '/survey/schedule', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('blank-crf-pdf', {}, { timeout: 10_000 }));
    fireEvent.click(await screen.findByText('English edition'));
    await waitFor(() => expect(fake.requests.find((request) => request.path === '/crf/blank')?.search.get('source')).toBe('env'));
  });
});

describe('the casebook download on the subject page', { timeout: 60_000 }, () => {
  it('downloads the subject’s casebook in the chosen language', async () => {
    const saved: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:test/1' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fake = server();
    renderApp({ path: '/survey/subject/41', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    const button = await screen.findByTestId('casebook-pdf', {}, { timeout: 10_000 });
    expect(button.textContent).toContain('病例报告表（PDF）');
    fireEvent.click(button);
    fireEvent.click(await screen.findByText('英文版'));
    await waitFor(() => expect(saved).toEqual(['P-casebook-41.pdf']));
    expect(fake.requests.find((request) => request.path === '/crf/casebook/41')?.search.get('lang')).toBe('en-US');
  });

  it('is not offered to a role without the export right', async () => {
    const fake = server(makeProjectInit(MEMBER, { access: VIEWER, project: makeProject({}, VIEWER) }));
    renderApp({ path: '/survey/subject/41', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('subject-title', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('casebook-pdf')).toBeNull();
  });
});
