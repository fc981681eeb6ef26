import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Unit } from '@dcap/core';
import { menusFor } from '@dcap/core';
import { ADMIN, makeInit, MEMBER } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const unit = (id: number, code: string, name: string, status: Unit['status'] = 'active'): Unit => ({
  id,
  code,
  name,
  eName: null,
  province: '北京',
  city: null,
  address: null,
  areaId: null,
  areaName: null,
  areaNameEn: null,
  status,
  createdAt: '2025-01-01T00:00:00.000Z',
});
const pumch = { ...unit(1, 'PUMCH', '北京协和医院'), areaId: 2, areaName: '北京市', areaNameEn: 'Beijing' };

function server(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({ 'GET /sys/init': () => ok(makeInit(ADMIN)), 'GET /sys/unit/list': () => ok([pumch]), 'GET /sys/area/list': () => ok({ areas: [] }), ...routes });
}

describe('hospitals /sys/unit/unit and departments /sys/unit/division', () => {
  it('opens for a user without unit.manage when the entry is always shown, read only (docs/decisions.md "Menu settings")', async () => {
    const base = makeInit(MEMBER);
    const always = { key: 'sysUnit', sort: null, always: true, enabled: true, titleZh: null, titleEn: null };
    const fake = server({ 'GET /sys/init': () => ok({ ...base, menus: menusFor({ ...base.user, projectAbilities: {} }, [always]) }) });
    renderApp({ path: '/sys/unit/unit', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect(await within(await screen.findByTestId('unit-table')).findByText('北京协和医院')).toBeDefined();
    expect(screen.queryByTestId('unit-create')).toBeNull();
    expect(screen.queryByTestId('unit-edit-PUMCH')).toBeNull();
  });

  it('searches, and disables a hospital after a confirmation', async () => {
    const fake = server({ 'POST /sys/unit/update': () => ok({ ...pumch, status: 'disabled' }) });
    renderApp({ path: '/sys/unit/unit', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect(await within(await screen.findByTestId('unit-table')).findByText('北京协和医院')).toBeDefined();
    // The unit's area, in the reader's language.
    expect(within(screen.getByTestId('unit-table')).getByText('Beijing')).toBeDefined();
    const search = within(screen.getByTestId('unit-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: '协和' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      expect(fake.requests.at(-1)?.search.get('keyword')).toBe('协和');
    });
    fireEvent.click(screen.getByTestId('unit-toggle-PUMCH'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => {
      expect(JSON.parse(fake.requests.find((request) => request.path === '/sys/unit/update')?.body ?? '{}')).toMatchObject({ id: 1, status: 'disabled' });
    });
  });

  it('shows a taken code on the code field', async () => {
    const fake = server({ 'POST /sys/unit/save': () => fail(409, 'The hospital code PUMCH already exists', { errorCode: 'unit.code_taken' }) });
    renderApp({ path: '/sys/unit/unit', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('unit-create'));
    fireEvent.change(await screen.findByTestId('unit-form-code'), { target: { value: 'PUMCH' } });
    fireEvent.change(screen.getByTestId('unit-form-name'), { target: { value: '协和' } });
    fireEvent.click(screen.getByTestId('unit-form-submit'));
    await waitFor(() => {
      expect(screen.getAllByText('The hospital code PUMCH already exists').length).toBeGreaterThanOrEqual(2);
    });
  });

  it('lists the departments of the first hospital', async () => {
    const fake = server({ 'GET /sys/division/list': () => ok([{ id: 3, unitId: 1, name: '心内科', eName: 'Cardiology', createdAt: '2025-01-01T00:00:00.000Z' }]) });
    renderApp({ path: '/sys/unit/division', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect(await within(await screen.findByTestId('department-table')).findByText('心内科')).toBeDefined();
    expect(fake.requests.find((request) => request.path === '/sys/division/list')?.search.get('unitId')).toBe('1');
  });
});
