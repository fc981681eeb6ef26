import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SysTemplateDetail } from '@dcap/core';
import { ADMIN, makeInit } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderLibraryPage } from './libraryTestKit';

const DM: SysTemplateDetail = {
  id: 2,
  name: '人口学资料',
  nameEn: 'Demographics',
  nameAbbr: 'DM',
  description: '出生日期、性别',
  descriptionEn: 'Date of birth, sex',
  sort: 10,
  fieldCount: 1,
  updatedAt: '2025-01-01T00:00:00.000Z',
  panel: { list: [{ type: 'date', key: 'BRTHDAT', model: 'BRTHDAT', name: '出生日期', options: { type: 'date' } }], config: { labelWidth: 8, labelPosition: 'right' } },
};
const FIRST = { timeout: 20_000 };

function server(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /sys/init': () => ok(makeInit(ADMIN)),
    'GET /sys/standardInstrument/list': () => ok([{ ...DM, panel: undefined }]),
    'GET /sys/standardInstrument/get/2': () => ok(DM),
    'GET /sys/standardField/list': () => ok([]),
    ...routes,
  });
}

const panelBox = () => screen.findByTestId('template-form-panel');

describe('panel templates /sys/standardInstrument', { timeout: 60_000 }, () => {
  it('lists templates and edits one: bad JSON is refused in the form, the server’s panel problems shown on it', async () => {
    const fake = server({ 'POST /sys/standardInstrument/save': () => fail(422, 'The panel has 1 problem(s) and was not saved', { errorCode: 'design.panel_invalid', errors: [{ path: 'panel.list.1.key', message: 'The key BRTHDAT is used more than once' }] }) });
    renderLibraryPage({ path: '/sys/standardInstrument', fetch: fake.fetch, locale: 'en-US' });
    const table = await screen.findByTestId('template-table', {}, FIRST);
    expect(await within(table).findByText('Demographics')).toBeDefined();
    fireEvent.click(screen.getByTestId('template-edit-DM'));
    const box = (await panelBox()) as HTMLTextAreaElement;
    expect(JSON.parse(box.value)).toEqual(DM.panel);
    fireEvent.change(box, { target: { value: '{"list": [' } });
    fireEvent.click(screen.getByTestId('template-form-submit'));
    expect(await screen.findByText(/^Invalid JSON/)).toBeDefined();
    expect(fake.requests.some((request) => request.path === '/sys/standardInstrument/save')).toBe(false);
    const twice = { ...DM.panel, list: [...DM.panel.list, ...DM.panel.list] };
    fireEvent.change(box, { target: { value: JSON.stringify(twice) } });
    fireEvent.click(screen.getByTestId('template-form-submit'));
    expect(await screen.findByText('The key BRTHDAT is used more than once')).toBeDefined();
    expect(JSON.parse(fake.requests.find((request) => request.path === '/sys/standardInstrument/save')?.body ?? '{}')).toMatchObject({ id: 2, nameAbbr: 'DM', panel: twice });
  });
});
