import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, makeEnv, makeProjectInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const envs = [makeEnv('prd', 'prd'), makeEnv('sde1', 'sde'), makeEnv('dev', 'dev'), makeEnv('uat', 'uat', 'disable')];

function server(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({ 'GET /sys/init': () => ok(makeProjectInit(ADMIN)), 'POST /projectEnv/getEnvList': () => ok(envs), ...routes });
}

describe('environments /project/projectEnv/projectEnv', () => {
  it('groups the environments as the shell does and never offers to clean production', async () => {
    renderApp({ path: '/project/projectEnv/projectEnv', fetch: server().fetch, locale: 'en-US', token: 't' });
    const standard = await screen.findByTestId('env-table-standard');
    await within(standard).findByText('prd');
    expect([...standard.querySelectorAll('tbody tr')].map((row) => row.querySelector('code')?.textContent)).toEqual(['dev', 'uat', 'prd']);
    expect(within(screen.getByTestId('env-table-sde')).getByText('sde1')).toBeDefined();
    expect(screen.getByTestId('env-clean-dev')).toBeDefined();
    expect(screen.queryByTestId('env-clean-prd')).toBeNull();
  });

  it('cleans a test environment only after a confirmation', async () => {
    const fake = server({ 'POST /projectEnv/cleanEnv': () => ok({ env: 'dev', removed: {} }) });
    renderApp({ path: '/project/projectEnv/projectEnv', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('env-clean-dev'));
    expect(await screen.findByText(/This cannot be undone/)).toBeDefined();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => {
      expect(fake.requests.find((request) => request.path === '/projectEnv/cleanEnv')?.body).toBe(JSON.stringify({ projectId: 5, id: envs[2]?.id }));
    });
  });

  it('creates a standard environment whose key is its type', async () => {
    const fake = server({ 'POST /projectEnv/createEnv': () => ok(makeEnv('bprd', 'bprd')) });
    renderApp({ path: '/project/projectEnv/projectEnv', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('env-create'));
    const type = (await screen.findByTestId('env-form-type')).closest('.ant-select')?.querySelector('input');
    if (!type) throw new Error('no type input');
    fireEvent.mouseDown(type);
    fireEvent.click(await screen.findByText('Pre-production', { selector: '.ant-select-item-option-content' }));
    expect(screen.getByTestId<HTMLInputElement>('env-form-key').value).toBe('bprd');
    fireEvent.change(screen.getByTestId('env-form-name'), { target: { value: '预生产' } });
    fireEvent.click(screen.getByTestId('env-form-submit'));
    await waitFor(() => {
      expect(fake.requests.find((request) => request.path === '/projectEnv/createEnv')?.body).toBe(
        JSON.stringify({ projectId: 5, key: 'bprd', type: 'bprd', name: '预生产', eName: null }),
      );
    });
  });
});
