import type { ProjectAccess, RandAllocation, RandScheme, Subject, SubjectSchedule } from '@dcap/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { abilitiesFor, MEMBER, makeProject, makeProjectInit } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

/** A blinded investigator at the site: may see Balance, randomise and unblind in an emergency, sees no arms. */
const INVESTIGATOR: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: true, rights: ['randomise', 'dataEntryRights'], sites: 'all' } };
/** A monitor who verifies data and has nothing to do with randomisation. */
const MONITOR: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 3, enabled: true, rights: ['verify'], sites: 'all' } };
/** An unblinded statistician who designs the schemes. */
const STATISTICIAN: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 2, enabled: true, rights: ['unblind', 'projectDesignAndSetup'], sites: 'all' } };

function initFor(access: ProjectAccess) {
  const project = makeProject({ blindMethod: 'D', groupScheme: 'PROJECT_GROUP_SCHEME_RAND', abilities: abilitiesFor(access, 'ON_RESEARCH') }, access);
  return makeProjectInit(MEMBER, { access, project });
}

const SEX = { code: 'SEX', name: '性别', nameEn: 'Sex', options: [{ code: 'M', label: '男', labelEn: 'Male' }, { code: 'F', label: '女', labelEn: 'Female' }] };
const AGE = { code: 'AGE', name: '年龄', nameEn: 'Age group', options: [{ code: 'Y', label: '<65' }, { code: 'O', label: '≥65' }] };

/** The scheme as a blinded caller receives it: no `settings`, no simulation. */
const BLINDED_SCHEME: RandScheme = {
  id: 9,
  name: 'Main',
  status: 'approved',
  version: 1,
  method: 'stratifiedBlocks',
  factors: [SEX, AGE],
  factorSources: { AGE: { instrumentId: 5, model: 'agegrp' } },
  stratifyBySite: true,
  treatmentPhase: '治疗期',
  blinded: true,
  createdBy: 'stat',
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  approvedBy: 'stat',
  approvedAt: '2026-03-01T09:00:00.000Z',
  allocations: 1,
};

const ALLOCATION: RandAllocation = {
  id: 3,
  subjectId: 41,
  subject: 'S01-0001',
  siteId: 21,
  site: 'S01',
  randomNo: 'R0001',
  stratum: 'S01|SEX:M|AGE:Y',
  factors: { SEX: 'M', AGE: 'Y' },
  source: 'table',
  allocatedBy: 'li.na',
  allocatedAt: '2026-03-02T08:00:00.000Z',
  unblinded: false,
};

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
  status: 'SCREEN_SUCCESS',
  statusReason: null,
  statusChangedAt: '2025-02-10T00:00:00.000Z',
  designVersionId: 3,
  version: 4,
  createdBy: 'crc',
  createdAt: '2025-02-10T00:00:00.000Z',
  updatedAt: '2025-02-10T00:00:00.000Z',
  pendingRollback: false,
};
const SCHEDULE: SubjectSchedule = { subjectId: 41, siteId: 21, today: '2025-03-10', followUp: 'NOT_STARTED', visits: [], instruments: [], panels: [], unscheduled: [], repeatable: [] };
const BLINDING = { blindMethod: 'D', studyUnblinded: false, armsVisible: false, studyUnblindAllowed: false };

describe('Balance screens', { timeout: 60_000 }, () => {
  it('checks the design with core’s rules before saving: a block size that is no multiple of the ratio sum is refused on its field', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(initFor(STATISTICIAN)),
      'GET /balance/scheme/list': () => ok([]),
      'GET /project/instrument/list/5': () => ok([]),
    });
    renderApp({ path: '/balance/schemes/new', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.change(await screen.findByTestId('scheme-name'), { target: { value: 'Main' } });
    fireEvent.change(screen.getByTestId('scheme-treatment-phase'), { target: { value: 'Treatment' } });
    const size = screen.getByTestId('block-size-0');
    fireEvent.change(size, { target: { value: '3' } });
    fireEvent.blur(size);
    fireEvent.click(screen.getByTestId('factor-add'));
    fireEvent.click(screen.getByTestId('scheme-save'));
    const problems = await screen.findByTestId('scheme-problems');
    expect(problems.textContent).toContain('Block size 1 must be a multiple of the sum of the arm ratios, 2');
    // The empty factor's code and names are core's complaints too, named by their labels.
    expect(problems.textContent).toContain('Factor 1 · Code has an invalid format');
    expect(problems.textContent).toContain('Arm 1 · Chinese name is required');
    expect(fake.requests.some((request) => request.path === '/balance/scheme/save')).toBe(false);
  });

  it('shows a blinded caller the scheme without arms and the allocations without an arm column', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(initFor(INVESTIGATOR)),
      'GET /balance/scheme/list': () => ok([BLINDED_SCHEME]),
      'POST /balance/allocation/list': () => ok({ list: [ALLOCATION], total: 1 }),
    });
    const { app } = renderApp({ path: '/balance/schemes/9', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const overview = await screen.findByTestId('scheme-overview');
    expect(screen.getByTestId('scheme-blinded')).toBeDefined();
    expect(within(overview).getByText('Stratified permuted blocks')).toBeDefined();
    expect(within(overview).getByText('M Male / F Female')).toBeDefined();
    expect(screen.queryByTestId('scheme-tabs')).toBeNull();
    expect(screen.queryByTestId('scheme-approve')).toBeNull();

    await app.router.navigate('/balance/allocations');
    const list = await screen.findByTestId('allocation-list');
    expect(await within(list).findByText('R0001')).toBeDefined();
    expect(within(list).queryByText('Arm')).toBeNull();
    expect(list.querySelector('[data-testid^="allocation-arm-"]')).toBeNull();
  });

  it('shows the arm column only with the arms the server sent', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(initFor(STATISTICIAN)),
      'POST /balance/allocation/list': () => ok({ list: [{ ...ALLOCATION, arm: 'A', armName: 'Active' }, { ...ALLOCATION, id: 4, randomNo: 'R0002' }], total: 2 }),
    });
    renderApp({ path: '/balance/allocations', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect((await screen.findByTestId('allocation-arm-3')).textContent).toBe('A Active');
    expect(screen.getByTestId('allocation-arm-4').textContent).toBe('-');
  });
});

describe('randomising from the subject page', { timeout: 60_000 }, () => {
  it('asks for the factors not read from panels, shows a refusal on the first drug number, then the random number and no arm', async () => {
    let randomised = 0;
    const fake = fakeServer({
      'GET /sys/init': () => ok(initFor(INVESTIGATOR)),
      'GET /subject/info/41': () => ok(randomised > 1 ? { ...SUBJECT, randomNo: 'R0001', status: 'ARMED', treatmentPhase: '治疗期', firstDrugNo: 'KIT-1' } : SUBJECT),
      'GET /subject/options': () => ok({ sites: [], preScreen: false, clinicalNumber: false, clinicalNumberMust: false, varsRequiredOnRecruit: false, hasDesign: true }),
      'GET /schedule/subject/41': () => ok(SCHEDULE),
      'GET /balance/scheme/list': () => ok([BLINDED_SCHEME]),
      'GET /imask/state': () => ok(BLINDING),
      'GET /balance/allocation/subject/41': () => ok(randomised > 1 ? ALLOCATION : null),
      'POST /balance/randomise': () => {
        randomised += 1;
        if (randomised === 1) return fail(422, 'No drug plan gives the first drug number; enter it', { errorCode: 'randomisation.first_drug_required' });
        return ok({ subject: { ...SUBJECT, randomNo: 'R0001', status: 'ARMED' }, allocation: ALLOCATION });
      },
    });
    renderApp({ path: '/survey/subject/41', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('subject-randomise'));
    const dialog = await screen.findByTestId('randomise-dialog');
    // AGE is read from a panel; only SEX is asked, with its English labels.
    expect(within(dialog).getByText('Sex')).toBeDefined();
    expect(within(dialog).queryByText('Age group')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('randomise-submit'));
    expect(await within(dialog).findByText('Choose Sex')).toBeDefined();

    fireEvent.mouseDown(within(dialog).getByTestId('randomise-factor-SEX').querySelector('input') ?? dialog);
    fireEvent.click(await screen.findByText('Male'));
    fireEvent.click(within(dialog).getByTestId('randomise-submit'));
    expect(await within(dialog).findByText('No drug plan gives the first drug number; enter it')).toBeDefined();
    const sent = JSON.parse(fake.requests.find((request) => request.path === '/balance/randomise')?.body ?? '{}') as Record<string, unknown>;
    expect(sent).toEqual({ subjectId: 41, version: 4, factors: { SEX: 'M' } });

    fireEvent.change(within(dialog).getByTestId('randomise-first-drug'), { target: { value: 'KIT-1' } });
    fireEvent.click(within(dialog).getByTestId('randomise-submit'));
    expect((await screen.findByTestId('randomise-random-no')).textContent).toBe('R0001');
    expect(screen.queryByTestId('randomise-arm')).toBeNull();
    // The subject is read again and shows its allocation, still without an arm.
    expect((await screen.findByTestId('subject-allocation-random-no')).textContent).toBe('R0001');
    expect(screen.queryByTestId('subject-allocation-arm')).toBeNull();
    expect(screen.getByTestId('subject-emergency-unblind')).toBeDefined();
    // The enrolled subject has no Randomise button any more, yet the answer stays until it is closed.
    expect(screen.queryByTestId('subject-randomise')).toBeNull();
    expect(screen.getByTestId('randomise-random-no').textContent).toBe('R0001');
    fireEvent.click(screen.getByTestId('randomise-done'));
    await waitFor(() => expect(screen.queryByTestId('randomise-dialog')).toBeNull());
  });

  it('offers no Randomise button to a caller who may not randomise', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(initFor(MONITOR)),
      'GET /subject/info/41': () => ok(SUBJECT),
      'GET /subject/options': () => ok({ sites: [], preScreen: false, clinicalNumber: false, clinicalNumberMust: false, varsRequiredOnRecruit: false, hasDesign: true }),
      'GET /schedule/subject/41': () => ok(SCHEDULE),
    });
    renderApp({ path: '/survey/subject/41', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('subject-title');
    await waitFor(() => expect(screen.queryByTestId('subject-randomise')).toBeNull());
  });
});
