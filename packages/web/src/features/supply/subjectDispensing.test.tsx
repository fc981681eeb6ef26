import type { ProjectAccess, Subject, SubjectSchedule } from '@dcap/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { abilitiesFor, MEMBER, makeProject, makeProjectInit } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

/** A blinded investigator at the site: dispenses, sees blinded kit names only. */
const INVESTIGATOR: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: true, rights: ['randomise', 'dataEntryRights'], sites: 'all' } };

function initFor(access: ProjectAccess) {
  const project = makeProject({ blindMethod: 'D', groupScheme: 'PROJECT_GROUP_SCHEME_RAND', abilities: abilitiesFor(access, 'ON_RESEARCH') }, access);
  return makeProjectInit(MEMBER, { access, project });
}

const SUBJECT = {
  id: 41, platformNo: 'S01-0001', siteId: 21, siteName: '协和医院', siteCode: 'S01', subjectCode: null, initials: 'ZS', name: null, idNumber: null, gender: 'F', birthDate: null,
  nation: null, insuranceType: null, insuranceNo: null, phone: null, email: null, address: null, relativeRelation: null, relativePhone: null, relativeEmail: null, relativeAddress: null,
  wechatIds: {}, screeningNo: null, consentDate: '2025-02-10', randomNo: 'R0001', treatmentPhase: '治疗期', firstDrugNo: 'K000003', enrolledAt: '2025-02-11T00:00:00.000Z', enrolledBy: 'pi',
  remoteSite: null, strata: {}, status: 'ARMED', statusReason: null, statusChangedAt: '2025-02-11T00:00:00.000Z', designVersionId: 3, version: 5, createdBy: 'crc',
  createdAt: '2025-02-10T00:00:00.000Z', updatedAt: '2025-02-11T00:00:00.000Z', pendingRollback: false,
} satisfies Subject;
const VISIT = { eventInstanceId: 77, eventId: 3, seq: 1, name: '第 2 次访视', nameEn: 'Visit 2', type: 'FOLLOW_UP', repeatable: false, offsetDays: 14, plannedDate: '2025-02-25', windowStart: '2025-02-22', windowEnd: '2025-02-28', actualDate: null, windowStatus: 'IN_WINDOW', hasData: false, followUp: 'NOT_STARTED', designVersionId: 3 } as const;
const SCHEDULE = { subjectId: 41, siteId: 21, today: '2025-02-25', followUp: 'NOT_STARTED', visits: [VISIT], instruments: [], panels: [], unscheduled: [], repeatable: [] } as unknown as SubjectSchedule;

describe('dispensing from the subject page', { timeout: 60_000 }, () => {
  it('dispenses at the chosen visit and lists the kits by number and blinded name; a refusal is shown as the server words it', async () => {
    let calls = 0;
    const fake = fakeServer({
      'GET /sys/init': () => ok(initFor(INVESTIGATOR)),
      'GET /subject/info/41': () => ok(SUBJECT),
      'GET /subject/options': () => ok({ sites: [], preScreen: false, clinicalNumber: false, clinicalNumberMust: false, varsRequiredOnRecruit: false, hasDesign: true }),
      'GET /schedule/subject/41': () => ok(SCHEDULE),
      'GET /balance/allocation/subject/41': () => ok(null),
      'GET /imask/state': () => ok({ blindMethod: 'D', studyUnblinded: false, armsVisible: false, studyUnblindAllowed: false }),
      'POST /supply/dispense': () => {
        calls += 1;
        return calls === 1 ? fail(422, 'No kit that qualifies at the site pharmacy', { errorCode: 'supply.no_kit_available' }) : ok({ kits: [{ kitNo: 'K000012', kitType: { name: '研究药盒', nameEn: 'Study kit' } }] });
      },
    });
    renderApp({ path: '/survey/subject/41', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const section = await screen.findByTestId('subject-dispensing');
    fireEvent.mouseDown(section.querySelector('.ant-select-selector, input') ?? section);
    const options = await screen.findAllByText('Visit 2', { selector: '.ant-select-item-option-content' });
    fireEvent.click(options[0] ?? section);
    fireEvent.click(screen.getByTestId('dispense-submit'));
    expect((await screen.findByTestId('dispense-error')).textContent).toContain('No kit that qualifies at the site pharmacy');
    fireEvent.click(screen.getByTestId('dispense-submit'));
    expect((await screen.findByTestId('dispensed-K000012')).textContent).toBe('K000012 · Study kit');
    const sent = JSON.parse(fake.requests.find((request) => request.path === '/supply/dispense')?.body ?? '{}') as unknown;
    expect(sent).toEqual({ subjectId: 41, eventInstanceId: 77 });
  });
});
