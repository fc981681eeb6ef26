import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, makeInit, makeProject } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import type { RecordedRequest } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

function server(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({ 'GET /sys/init': () => ok(makeInit(ADMIN)), 'GET /project/list': () => ok([]), ...routes });
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const applications = (requests: RecordedRequest[]) => requests.filter((request) => request.path === '/project/apply');

describe('project application /project/projectApply', () => {
  it('checks the code with core’s rule and requires a name before sending anything', async () => {
    const fake = server();
    renderApp({ path: '/project/projectApply', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('project-form');
    type('project-form-code', '!bad');
    fireEvent.click(screen.getByTestId('project-apply-submit'));
    expect(await screen.findByText(/The code is 2 to 40 letters/)).toBeDefined();
    expect(screen.getByText('This field is required')).toBeDefined();
    expect(applications(fake.requests)).toHaveLength(0);
  });

  it('sends the whole configuration, offering no flag whose capability does not exist yet, and returns to the workplace', async () => {
    const fake = server({ 'POST /project/apply': () => ok(makeProject({ code: 'HF-301' })) });
    const { app } = renderApp({ path: '/project/projectApply', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('project-form');
    type('project-form-code', ' HF-301 ');
    type('project-form-name', '心衰研究');
    type('project-form-sponsor', 'Acme Pharma');
    // docs/project-flags.md: data entry, queries, visit tasks and pre-screening exist, so their flags are
    // offered; WeChat, OCR and participant applications do not, so theirs are not.
    expect(screen.getByTestId('project-config-visitTask')).toBeDefined();
    expect(screen.queryByTestId('project-config-openWechatMp')).toBeNull();
    expect(screen.queryByTestId('project-config-enableOcr')).toBeNull();
    expect(screen.queryByTestId('project-config-applicationModule')).toBeNull();
    fireEvent.click(screen.getByTestId('project-apply-submit'));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe('/project/projectList');
    });
    const body = JSON.parse(applications(fake.requests)[0]?.body ?? 'null') as Record<string, unknown>;
    expect(body).toMatchObject({
      code: 'HF-301',
      name: '心衰研究',
      eName: null,
      sponsorNames: 'Acme Pharma',
      blindMethod: 'N',
      groupScheme: 'PROJECT_GROUP_SCHEME_NONE',
      application: ['dCap'],
    });
    // Every offered flag is sent, off unless switched on; no flag without its capability is sent.
    const config = body.config as Record<string, unknown>;
    expect(Object.values(config).every((value) => value === false)).toBe(true);
    expect(config).toHaveProperty('visitTask', false);
    expect(config).not.toHaveProperty('openWechatMp');
  });

  it('puts the server’s refusals on the fields they concern', async () => {
    let answer = fail(409, 'The project code HF-301 already exists', { errorCode: 'project.code_taken' });
    const fake = server({ 'POST /project/apply': () => answer });
    renderApp({ path: '/project/projectApply', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('project-form');
    type('project-form-code', 'HF-301');
    type('project-form-name', '心衰研究');
    fireEvent.click(screen.getByTestId('project-apply-submit'));
    // Once as the client's notice and once on the field.
    await waitFor(() => {
      expect(screen.getAllByText('The project code HF-301 already exists').length).toBeGreaterThanOrEqual(2);
    });
    expect(document.querySelector('#code_help, [id$="code_help"]')?.textContent).toContain('already exists');

    answer = fail(400, 'Invalid request: eName', { errorCode: 'request.invalid', errors: [{ path: 'eName', message: 'eName is too long' }] });
    type('project-form-code', 'HF-302');
    fireEvent.click(screen.getByTestId('project-apply-submit'));
    expect(await screen.findByText('eName is too long')).toBeDefined();
  });
});
