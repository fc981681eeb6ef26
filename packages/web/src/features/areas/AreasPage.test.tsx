import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Area, AreaImportReport } from '@dcap/core';
import { ADMIN, makeInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

/** The area dictionary screen (spec 000 §2.2 `/sys/area`; docs/decisions.md "Areas"). */
const area = (id: number, code: string, parentId: number | null, name: string, nameEn: string, extra: Partial<Area> = {}): Area => ({
  id,
  code,
  parentId,
  name,
  nameEn,
  level: parentId === null ? 1 : 2,
  sort: 0,
  longitude: null,
  latitude: null,
  enabled: true,
  unitCount: 0,
  ...extra,
});
const china = area(1, 'CN', null, '中国', 'China');
const beijing = area(2, '110000', 1, '北京市', 'Beijing', { longitude: 116.4, latitude: 39.9, unitCount: 2 });
const hebei = area(3, '130000', 1, '河北省', 'Hebei');

function server(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /sys/init': () => ok(makeInit(ADMIN)),
    'GET /sys/area/list': () => ok({ areas: [china, beijing, hebei] }),
    ...routes,
  });
}

const report = (imported: number, dryRun: boolean, errors = true): AreaImportReport => ({
  total: 2,
  valid: errors ? 1 : 2,
  imported,
  dryRun,
  rows: [
    { row: 2, area: { code: '440000', parentCode: 'CN', name: '广东省', nameEn: 'Guangdong' }, errors: [] },
    { row: 3, area: { code: 'CN', name: '中国', nameEn: 'China' }, errors: errors ? [{ field: 'code', message: 'The area code CN already exists' }] : [] },
  ],
});

describe('areas /sys/area', () => {
  it('shows the tree with coordinates, and refuses deleting an area with sub-areas or hospitals', async () => {
    renderApp({ path: '/sys/area', fetch: server().fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('area-table');
    expect(await within(table).findByTestId('area-name-110000')).toBeDefined();
    const row = within(table).getByTestId('area-name-110000').closest('tr');
    expect(row?.textContent).toContain('Beijing');
    expect(row?.textContent).toContain('116.40, 39.90');
    expect(row?.textContent).toContain('Province / state');
    expect(screen.getByTestId('area-delete-CN').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('area-delete-110000').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('area-delete-130000').hasAttribute('disabled')).toBe(false);
  });

  it('adds a sub-area under the chosen parent with a point, and checks that a point is whole', async () => {
    const fake = server({ 'POST /sys/area/save': () => ok(area(9, '130100', 3, '石家庄市', 'Shijiazhuang', { level: 3 })) });
    renderApp({ path: '/sys/area', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('area-add-child-130000'));
    expect(await screen.findByText('New sub-area of Hebei')).toBeDefined();
    fireEvent.change(screen.getByTestId('area-form-code'), { target: { value: '130100' } });
    fireEvent.change(screen.getByTestId('area-form-name'), { target: { value: '石家庄市' } });
    fireEvent.change(screen.getByTestId('area-form-name-en'), { target: { value: 'Shijiazhuang' } });
    fireEvent.change(screen.getByTestId('area-form-longitude'), { target: { value: '114.51' } });
    fireEvent.click(screen.getByTestId('area-form-submit'));
    expect(await screen.findByText('Give both longitude and latitude, or neither')).toBeDefined();
    expect(fake.requests.some((request) => request.path === '/sys/area/save')).toBe(false);
    fireEvent.change(screen.getByTestId('area-form-latitude'), { target: { value: '38.04' } });
    fireEvent.click(screen.getByTestId('area-form-submit'));
    await waitFor(() => {
      const sent = fake.requests.find((request) => request.path === '/sys/area/save');
      expect(JSON.parse(sent?.body ?? '{}')).toEqual({ code: '130100', parentId: 3, name: '石家庄市', nameEn: 'Shijiazhuang', sort: 0, longitude: 114.51, latitude: 38.04, enabled: true });
    });
  });

  it('loads the standard list after a confirmation, in Chinese', async () => {
    const fake = server({ 'POST /sys/area/loadStandard': () => ok({ created: 33, present: 2 }) });
    renderApp({ path: '/sys/area', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    fireEvent.click(await screen.findByTestId('area-load-standard'));
    expect((await screen.findAllByText('加载标准列表？')).length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('已添加 33 个区域，2 个已存在')).toBeDefined();
    expect(JSON.parse(fake.requests.find((request) => request.path === '/sys/area/loadStandard')?.body ?? '{}')).toEqual({ list: 'cn' });
  });

  it('checks a sheet on a dry run, shows each row’s problem, and imports only a clean sheet', async () => {
    const answers = [report(0, true), report(0, true, false), report(2, false, false)];
    const fake = server({ 'POST /sys/area/import': () => ok(answers.shift()) });
    renderApp({ path: '/sys/area', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('area-import'));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [new File(['code'], 'areas.csv')] } });
    expect((await within(dialog).findByTestId('area-import-summary')).textContent).toContain('1 of 2 rows have errors');
    expect(within(dialog).getByTestId('area-import-errors-3').textContent).toBe('The area code CN already exists');
    expect(within(dialog).getByTestId('area-import-confirm').hasAttribute('disabled')).toBe(true);
    // The upload control replaces its input after each file.
    const again = dialog.querySelector('input[type="file"]');
    if (!again) throw new Error('no file input');
    fireEvent.change(again, { target: { files: [new File(['code'], 'areas-fixed.csv')] } });
    await waitFor(() => {
      expect(within(dialog).getByTestId('area-import-summary').textContent).toContain('All 2 rows passed');
    });
    fireEvent.click(within(dialog).getByTestId('area-import-confirm'));
    expect(await within(dialog).findByText('Imported 2 areas')).toBeDefined();
    expect(fake.requests.filter((request) => request.path === '/sys/area/import')).toHaveLength(3);
  });
});
