import type { ProjectAccess } from '@dcap/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { abilitiesFor, MEMBER, makeProject, makeProjectInit } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

/** An unblinded statistician who maps sites to the remote service. */
const STATISTICIAN: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 2, enabled: true, rights: ['unblind', 'projectDesignAndSetup'], sites: 'all' } };

function initFor(access: ProjectAccess) {
  const project = makeProject({ blindMethod: 'D', groupScheme: 'PROJECT_GROUP_SCHEME_RAND', abilities: abilitiesFor(access, 'ON_RESEARCH') }, access);
  return makeProjectInit(MEMBER, { access, project });
}

const MAPPINGS = {
  remoteRandomisation: true,
  serviceAnswered: true,
  list: [
    { siteId: 21, siteCode: 'S01', siteName: '协和医院', siteNameEn: 'PUMCH', remoteSite: 'R-01', known: true, updatedBy: 'stat', updatedAt: '2026-03-01T08:00:00.000Z' },
    { siteId: 22, siteCode: 'S02', siteName: '华西医院', siteNameEn: null, remoteSite: 'R-XX', known: false, updatedBy: 'stat', updatedAt: '2026-03-01T08:00:00.000Z' },
    { siteId: 23, siteCode: 'S03', siteName: '中山医院', siteNameEn: null, remoteSite: null, known: null, updatedBy: null, updatedAt: null },
  ],
};

describe('site mapping for remote randomisation', { timeout: 60_000 }, () => {
  it('lists each site with its code and whether the service knows it, and shows the service’s refusal on the field', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(initFor(STATISTICIAN)),
      'GET /balance/siteMapping/list': () => ok(MAPPINGS),
      'POST /balance/siteMapping/save': () => fail(422, 'Site mapping error between the two systems', { errorCode: 'randomisation.remote_site_mapping' }),
    });
    renderApp({ path: '/balance/siteMapping', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('site-mapping-table');
    expect((await within(table).findByTestId('site-mapping-code-S01')).textContent).toBe('R-01');
    expect(within(table).getByText('Known')).toBeDefined();
    expect(within(table).getByText('Unknown')).toBeDefined();
    expect(screen.queryByTestId('site-mapping-clear-S03')).toBeNull();

    fireEvent.click(screen.getByTestId('site-mapping-edit-S03'));
    fireEvent.change(await screen.findByTestId('site-mapping-input'), { target: { value: 'R-99' } });
    fireEvent.click(screen.getByTestId('site-mapping-save'));
    expect(await screen.findByText('Site mapping error between the two systems')).toBeDefined();
    const sent = JSON.parse(fake.requests.find((request) => request.path === '/balance/siteMapping/save')?.body ?? '{}') as unknown;
    expect(sent).toEqual({ siteId: 23, remoteSite: 'R-99' });
  });
});
