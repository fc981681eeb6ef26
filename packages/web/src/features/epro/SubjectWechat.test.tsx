import type { ProjectAccess, Subject, SubjectSchedule, SurveyLinks } from '@dcap/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { abilitiesFor, MEMBER, makeProject, makeProjectInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const COORDINATOR: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: true, rights: ['dataEntryRights'], sites: 'all' } };

const SUBJECT = {
  id: 41, platformNo: 'S01-0001', siteId: 21, siteName: '协和医院', siteCode: 'S01', subjectCode: 'WX-001', initials: 'ZS', name: null, idNumber: null, gender: 'F', birthDate: null,
  nation: null, insuranceType: null, insuranceNo: null, phone: null, email: null, address: null, relativeRelation: null, relativePhone: null, relativeEmail: null, relativeAddress: null,
  wechatIds: { official: 'o-su…0001' }, screeningNo: null, consentDate: '2025-02-10', randomNo: null, treatmentPhase: null, firstDrugNo: null, enrolledAt: null, enrolledBy: null,
  remoteSite: null, strata: {}, status: 'RECORD_STATUS_SCREENING', statusReason: null, statusChangedAt: '2025-02-11T00:00:00.000Z', designVersionId: 3, version: 5, createdBy: 'crc',
  createdAt: '2025-02-10T00:00:00.000Z', updatedAt: '2025-02-11T00:00:00.000Z', pendingRollback: false,
} satisfies Subject;
const SCHEDULE = { subjectId: 41, siteId: 21, today: '2025-02-25', followUp: 'NOT_STARTED', visits: [], instruments: [], panels: [], unscheduled: [], repeatable: [] } as unknown as SubjectSchedule;

describe('a subject’s WeChat binding on the questionnaire tab (docs/decisions.md "Subject WeChat binding")', { timeout: 60_000 }, () => {
  it('shows the bound id shortened and unbinds it with the server’s notice', async () => {
    let links: SurveyLinks = { links: [], subjectEmail: null, wechatBound: true, wechatId: 'o-su…0001' };
    const project = makeProject({ abilities: abilitiesFor(COORDINATOR, 'ON_RESEARCH') }, COORDINATOR);
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(MEMBER, { access: COORDINATOR, project })),
      'GET /subject/info/41': () => ok(SUBJECT),
      'GET /subject/options': () => ok({ sites: [], preScreen: false, clinicalNumber: false, clinicalNumberMust: false, varsRequiredOnRecruit: false, hasDesign: true }),
      'GET /schedule/subject/41': () => ok(SCHEDULE),
      'GET /balance/allocation/subject/41': () => ok(null),
      'GET /epro/link/list': () => ok(links),
      'POST /epro/wechat/unbind': () => {
        links = { ...links, wechatBound: false, wechatId: null };
        return { body: { code: 0, msg: 'WeChat unbound', data: links } };
      },
    });
    renderApp({ path: '/survey/subject/41', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByText('Questionnaires'));
    expect((await screen.findByTestId('subject-wechat-state')).textContent).toBe('WeChat bound (o-su…0001): reminders and questionnaires can be sent to WeChat');
    fireEvent.click(screen.getByTestId('subject-wechat-unbind'));
    const confirm = await screen.findByText('OK');
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('subject-wechat-state').textContent).toContain('No WeChat bound'));
    expect(screen.queryByTestId('subject-wechat-unbind')).toBeNull();
    expect(JSON.parse(fake.requests.find((request) => request.path === '/epro/wechat/unbind')?.body ?? '{}')).toEqual({ subjectId: 41 });
    expect(await screen.findByText('WeChat unbound')).toBeTruthy();
  });
});
