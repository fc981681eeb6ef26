import type { ProjectAccess, SupplyPlan } from '@dcap/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { abilitiesFor, MEMBER, makeProject, makeProjectInit } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

/** An unblinded study-wide supply manager. */
const MANAGER: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 4, enabled: true, rights: ['drugSupply', 'unblind'], sites: 'all' } };
/** A blinded investigator at the site: sees iSupply, dispenses, sees no arms. */
const INVESTIGATOR: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: true, rights: ['randomise', 'dataEntryRights'], sites: 'all' } };

function initFor(access: ProjectAccess) {
  const project = makeProject({ blindMethod: 'D', groupScheme: 'PROJECT_GROUP_SCHEME_RAND', application: ['dCap', 'Balance', 'iMask', 'iSupply'], abilities: abilitiesFor(access, 'ON_RESEARCH') }, access);
  return makeProjectInit(MEMBER, { access, project });
}

const PRODUCT = { id: 1, code: 'P1', name: '研究药', nameEn: 'Study product', dosageForm: 'tablet', strength: '10 mg', unit: 'tablet' };
const LOCATIONS = [
  { id: 11, kind: 'depot', code: 'D01', name: '中心仓库', nameEn: 'Central depot', siteId: null, depotId: null },
  { id: 12, kind: 'site', code: 'PA', name: 'A 药房', nameEn: 'Pharmacy A', siteId: 21, depotId: 11 },
];

/** The plan as an unblinded caller gets it: codes, arms and names. */
const UNBLINDED_PLAN: SupplyPlan = {
  armsVisible: true,
  products: [PRODUCT],
  kitTypes: [
    { id: 7, code: 'ACT', arm: 'A', productId: 1, name: '试验药盒', nameEn: 'Active kit', blindedName: '研究药盒', blindedNameEn: 'Study kit', unitsPerKit: 28 },
    { id: 8, code: 'PBO', arm: 'B', productId: 1, name: '安慰剂盒', nameEn: 'Placebo kit', blindedName: '研究药盒', blindedNameEn: 'Study kit', unitsPerKit: 28 },
  ],
  dosing: [{ eventId: 3, arm: 'A', kitTypeId: 7, quantity: 1 }],
  resupply: [{ locationId: 12, kitTypeId: 7, kitType: { id: 7, name: '试验药盒', nameEn: 'Active kit' }, triggerLevel: 2, targetLevel: 6, predictiveDays: 7 }],
};

/** The same plan as a blinded caller gets it: blinded names, no code, arm or product. */
const BLINDED_PLAN: SupplyPlan = {
  armsVisible: false,
  products: [PRODUCT],
  kitTypes: [
    { id: 7, name: '研究药盒', nameEn: 'Study kit', blindedName: '研究药盒', blindedNameEn: 'Study kit', unitsPerKit: 28 },
    { id: 8, name: '研究药盒', nameEn: 'Study kit', blindedName: '研究药盒', blindedNameEn: 'Study kit', unitsPerKit: 28 },
  ],
  dosing: [
    { eventId: 3, kitTypeId: 7, quantity: 1 },
    { eventId: 3, kitTypeId: 8, quantity: 1 },
  ],
  resupply: [
    { locationId: 12, kitTypeId: 7, kitType: { name: '研究药盒', nameEn: 'Study kit' }, triggerLevel: 2, targetLevel: 6, predictiveDays: 7 },
    { locationId: 12, kitTypeId: 8, kitType: { name: '研究药盒', nameEn: 'Study kit' }, triggerLevel: 2, targetLevel: 6, predictiveDays: 7 },
  ],
};

const EVENTS = [{ id: 3, projectId: 5, name: '基线', nameEn: 'Baseline', type: 'BASELINE', sort: 1, offsetDays: 0, windowBefore: 0, windowAfter: 3, repeatable: false, instruments: [] }];

describe('iSupply screens', { timeout: 60_000 }, () => {
  it('checks the resupply form with core’s schema: a target below the trigger is refused on its field and nothing is sent', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(initFor(MANAGER)),
      'GET /supply/plan': () => ok(UNBLINDED_PLAN),
      'GET /supply/location/list': () => ok(LOCATIONS),
      'GET /project/event/list/5': () => ok(EVENTS),
    });
    renderApp({ path: '/isupply/drugManage/drugList', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('resupply-edit-12-7'));
    const target = await screen.findByTestId('resupply-targetLevel');
    fireEvent.change(target, { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('resupply-save'));
    expect(await screen.findByText('Target level must not be below the trigger level')).toBeDefined();
    expect(fake.requests.some((request) => request.path === '/supply/resupply/save')).toBe(false);

    fireEvent.change(target, { target: { value: '8' } });
    fireEvent.click(screen.getByTestId('resupply-save'));
    await waitFor(() => expect(fake.requests.some((request) => request.path === '/supply/resupply/save')).toBe(true));
  });

  it('checks the product form with core’s schema: a code with spaces and a missing name are named by their labels', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(initFor(MANAGER)),
      'GET /supply/plan': () => ok(UNBLINDED_PLAN),
      'GET /supply/location/list': () => ok(LOCATIONS),
      'GET /project/event/list/5': () => ok(EVENTS),
      'POST /supply/product/save': () => fail(409, 'The code P2 already exists', { errorCode: 'supply.code_taken' }),
    });
    renderApp({ path: '/isupply/drugManage/drugList', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('product-add'));
    fireEvent.change(await screen.findByTestId('product-code'), { target: { value: 'P 2' } });
    fireEvent.click(screen.getByTestId('product-save'));
    expect(await screen.findByText('Code has an invalid format')).toBeDefined();
    expect(screen.getByText('Chinese name is required')).toBeDefined();
    expect(fake.requests.some((request) => request.path === '/supply/product/save')).toBe(false);

    fireEvent.change(screen.getByTestId('product-code'), { target: { value: 'P2' } });
    for (const [field, value] of [['name', '新药'], ['dosageForm', 'tablet'], ['strength', '5 mg'], ['unit', 'tablet']] as const) {
      fireEvent.change(screen.getByTestId(`product-${field}`), { target: { value } });
    }
    fireEvent.click(screen.getByTestId('product-save'));
    // The server's refusal lands on the code field.
    expect(await screen.findByText('The code P2 already exists')).toBeDefined();
  });

  it('shows the arm column and unblinded names only when the server sent them', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(initFor(MANAGER)),
      'GET /supply/plan': () => ok(UNBLINDED_PLAN),
      'GET /supply/location/list': () => ok(LOCATIONS),
      'GET /project/event/list/5': () => ok(EVENTS),
    });
    renderApp({ path: '/isupply/drugManage/drugList', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect((await screen.findByTestId('kit-type-arm-7')).textContent).toBe('A');
    expect(screen.getByTestId('kit-type-name-8').textContent).toBe('Placebo kit');
    expect(screen.queryByTestId('supply-blinded')).toBeNull();
  });

  it('shows a blinded caller blinded names, no arm column and no plan editing', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(initFor(INVESTIGATOR)),
      'GET /supply/plan': () => ok(BLINDED_PLAN),
      'GET /supply/location/list': () => ok(LOCATIONS),
      'GET /project/event/list/5': () => ok(EVENTS),
    });
    renderApp({ path: '/isupply/drugManage/drugList', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    expect(await screen.findByTestId('supply-blinded')).toBeDefined();
    const kitTypes = screen.getByTestId('kit-type-table');
    expect((await within(kitTypes).findByTestId('kit-type-name-7')).textContent).toBe('研究药盒');
    expect(within(kitTypes).queryByText('组别')).toBeNull();
    expect(kitTypes.querySelector('[data-testid^="kit-type-arm-"]')).toBeNull();
    expect(within(screen.getByTestId('dosing-table')).queryByText('组别')).toBeNull();
    // Both arms' lines read the same to a blinded caller, and are shown once.
    expect(screen.getByTestId('dosing-table').querySelectorAll('tbody tr.ant-table-row')).toHaveLength(1);
    expect(screen.getByTestId('resupply-table').querySelectorAll('tbody tr.ant-table-row')).toHaveLength(1);
    expect(screen.queryByTestId('product-add')).toBeNull();
    expect(screen.queryByTestId('resupply-add')).toBeNull();
  });
});
