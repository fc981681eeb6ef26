import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SysStandardField } from '@dcap/core';
import { ADMIN, makeInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderLibraryPage } from './libraryTestKit';

const HEIGHT: SysStandardField = {
  id: 7,
  domain: 'VS',
  fieldName: 'HEIGHT',
  fieldLabel: '身高',
  fieldLabelEn: 'Height',
  fieldAnnotation: 'VS.VSORRES',
  instruction: '不穿鞋测量',
  instructionEn: 'Measured without shoes',
  sort: 10,
  widget: { type: 'number', key: 'HEIGHT', model: 'HEIGHT', name: '身高', nameEn: 'Height', options: { dataType: 'float', annotation: 'cm', domain: 'VS', required: true } },
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const DOMAINS = [
  { domain: 'DM', description: '人口学资料', descriptionEn: 'Demographics', count: 0, sort: 10 },
  { domain: 'VS', description: '生命体征', descriptionEn: 'Vital Signs', count: 1, sort: 20 },
];
const DICTS = {
  dictList: [{ key: 'SEX', value: '性别', valueEn: 'Sex', isSysProjectDict: true, items: [{ key: 'M', value: 'M', label: '男', labelEn: 'Male' }, { key: 'F', value: 'F', label: '女', labelEn: 'Female' }] }],
};
const FIRST = { timeout: 20_000 };

function server(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /sys/init': () => ok(makeInit(ADMIN)),
    'GET /sys/standardField/list': () => ok([HEIGHT]),
    'GET /sys/standardDomain/list': () => ok(DOMAINS),
    'POST /project/dict/getDictOptions': () => ok(DICTS),
    ...routes,
  });
}

async function choose(testId: string, text: string) {
  const select = await screen.findByTestId(testId);
  const input = (select.closest('.ant-select') ?? select).querySelector('input');
  if (!input) throw new Error(`no input in ${testId}`);
  fireEvent.mouseDown(input);
  fireEvent.click(await screen.findByText(text, { selector: '.ant-select-item-option-content, .ant-select-item-option-content *' }));
}

const bodyOf = (fake: ReturnType<typeof server>, path: string): unknown => JSON.parse(fake.requests.find((request) => request.path === path)?.body ?? 'null');

describe('standard variables /sys/standardField', { timeout: 60_000 }, () => {
  it('lists variables with their domain and widget type, and filters by domain', async () => {
    const fake = server();
    renderLibraryPage({ path: '/sys/standardField', fetch: fake.fetch, locale: 'en-US' });
    const table = await screen.findByTestId('field-table', {}, FIRST);
    expect(await within(table).findByText('HEIGHT')).toBeDefined();
    expect(within(table).getByText('Number')).toBeDefined();
    expect(within(table).getByText('Measured without shoes')).toBeDefined();
    await choose('field-domain-filter', 'VS Vital Signs (1)');
    await waitFor(() => {
      expect(fake.requests.at(-1)?.search.get('domain')).toBe('VS');
    });
  });

  it('creates a coded variable whose options come from the chosen dictionary', async () => {
    const fake = server({ 'POST /sys/standardField/save': () => ok({ ...HEIGHT, id: 8 }) });
    renderLibraryPage({ path: '/sys/standardField', fetch: fake.fetch, locale: 'zh-CN' });
    fireEvent.click(await screen.findByTestId('field-create', {}, FIRST));
    await choose('field-form-domain', 'DM 人口学资料');
    fireEvent.change(screen.getByTestId('field-form-name'), { target: { value: 'SEX2' } });
    fireEvent.change(screen.getByTestId('field-form-label'), { target: { value: '性别' } });
    fireEvent.change(screen.getByTestId('field-form-labelEn'), { target: { value: 'Sex' } });
    await choose('field-form-type', '单选');
    await choose('field-form-dict', 'SEX 性别');
    fireEvent.click(screen.getByTestId('field-form-submit'));
    await waitFor(() => {
      expect(bodyOf(fake, '/sys/standardField/save')).toMatchObject({
        domain: 'DM',
        fieldName: 'SEX2',
        fieldLabel: '性别',
        fieldLabelEn: 'Sex',
        widget: { type: 'radio', options: { dataType: 'string', dictType: 'SEX', options: DICTS.dictList[0]?.items } },
      });
    });
  });

  it('edits a variable keeping its general options, and refuses a bad name before sending', async () => {
    const fake = server({ 'POST /sys/standardField/save': () => ok(HEIGHT) });
    renderLibraryPage({ path: '/sys/standardField', fetch: fake.fetch, locale: 'en-US' });
    fireEvent.click(await screen.findByTestId('field-edit-HEIGHT', {}, FIRST));
    const name = await screen.findByTestId('field-form-name');
    fireEvent.change(name, { target: { value: '1HEIGHT' } });
    fireEvent.click(screen.getByTestId('field-form-submit'));
    expect((await screen.findAllByText('Starts with a letter; letters, digits and underscores only; the field name in a panel')).length).toBeGreaterThan(0);
    expect(fake.requests.some((request) => request.path === '/sys/standardField/save')).toBe(false);
    fireEvent.change(name, { target: { value: 'HEIGHT' } });
    fireEvent.change(screen.getByTestId('field-form-unit'), { target: { value: 'm' } });
    fireEvent.click(screen.getByTestId('field-form-submit'));
    await waitFor(() => {
      expect(bodyOf(fake, '/sys/standardField/save')).toMatchObject({ id: 7, widget: { type: 'number', options: { dataType: 'float', annotation: 'm', required: true } } });
    });
  });
});
