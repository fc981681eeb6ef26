import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CodingSetup, CodingTermPage, CodingValue, CodingValuePage } from '@dcap/core';
import { AS_PROJECT_ADMIN, PROJECT_ADMIN, makeProjectInit } from '../../test/fixtures';
import { fakeServer, file, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const FIELD = {
  id: 9,
  instrumentId: 5,
  instrumentName: '不良事件',
  instrumentNameEn: 'Adverse events',
  path: 'AETAB.AETERM',
  fieldName: '不良事件 / 不良事件名称',
  fieldNameEn: 'Adverse events / Term',
  dictionaryId: 4,
  dictionaryName: 'MedDRA',
  dictionaryVersion: '26.0',
  dictionaryKind: 'MedDRA' as const,
};
const SETUP: CodingSetup = {
  fields: [FIELD],
  candidates: [{ instrumentId: 1, instrumentName: '人口学资料', instrumentNameEn: 'Demographics', path: 'INITIALS', fieldName: '姓名缩写', fieldNameEn: 'Initials' }],
  dictionaries: [{ id: 4, name: 'MedDRA', kind: 'MedDRA', version: '26.0', language: 'zh' }],
  rights: { configure: true, code: true },
};
const value = (panelInstanceId: number, text: string, overrides: Partial<CodingValue> = {}): CodingValue => ({
  panelInstanceId,
  path: 'AETAB#r1.AETERM',
  subjectId: panelInstanceId,
  subject: `S-${String(panelInstanceId)}`,
  siteId: 21,
  siteName: '协和医院',
  siteNameEn: 'PUMCH',
  visitName: '不良事件记录',
  visitNameEn: 'Adverse event log',
  value: text,
  state: 'uncoded',
  coding: null,
  ...overrides,
});
const VALUES: CodingValuePage = {
  total: 2,
  page: 1,
  pageSize: 20,
  values: [
    value(31, 'Headache'),
    value(32, 'Migraine', {
      state: 'needsRecoding',
      coding: { dictionaryId: 4, dictionaryName: 'MedDRA', dictionaryVersion: '26.0', code: '10019211', term: '头痛', termEn: 'Headache', path: '神经系统疾病 > 头痛', pathEn: 'Nervous system disorders > Headache', verbatim: 'Headache', codedBy: 'wang.dm', codedAt: '2026-03-01T08:00:00.000Z' },
    }),
  ],
};
const TERMS: CodingTermPage = { total: 1, page: 1, pageSize: 10, terms: [{ code: '10019211', term: '头痛', termEn: 'Headache', level: 'PT', parentCode: null, path: '头痛', pathEn: 'Headache' }] };
const FIRST = { timeout: 20_000 };

function server() {
  return fakeServer({
    'GET /sys/init': () => ok(makeProjectInit(PROJECT_ADMIN, { access: AS_PROJECT_ADMIN })),
    'GET /coding/setup': () => ok(SETUP),
    'GET /coding/values': () => ok(VALUES),
    'GET /coding/terms': () => ok(TERMS),
    'POST /coding/code': () => ok({ coded: 3 }),
    'POST /coding/field/save': () => ok(SETUP),
    'GET /coding/export': () => file('listing', 'DEMO-coding-AETAB.AETERM-20261129.xlsx'),
  });
}

describe('medical coding /survey/coding', { timeout: 60_000 }, () => {
  it('lists a coded field’s values with their state in English and codes one with every same text, from the term browser opened on its text', async () => {
    const fake = server();
    renderApp({ path: '/survey/coding', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('coding-value-table', {}, FIRST);
    expect((await within(table).findByTestId('coding-state-needsRecoding')).textContent).toBe('Needs recoding');
    expect(within(table).getByText('MedDRA 26.0 · wang.dm · verbatim: Headache')).toBeDefined();
    // The coded term and its hierarchy in English.
    expect(within(table).getByText('10019211 Headache')).toBeDefined();
    expect(within(table).getByText('Nervous system disorders > Headache')).toBeDefined();
    expect(within(table).getAllByText('Adverse event log')).toHaveLength(2);
    expect(fake.requests.find((r) => r.path === '/coding/values')?.search.get('fieldId')).toBe('9');

    fireEvent.click(within(table).getByTestId('coding-code-31-AETAB#r1.AETERM'));
    const modal = await screen.findByTestId('coding-code-modal');
    await waitFor(() => expect(fake.requests.find((r) => r.path === '/coding/terms')?.search.get('text')).toBe('Headache'));
    fireEvent.click(await within(modal).findByTestId('coding-pick-10019211'));
    await waitFor(() => expect(fake.requests.find((r) => r.path === '/coding/code')?.body).toBe(JSON.stringify({ panelInstanceId: 31, path: 'AETAB#r1.AETERM', termCode: '10019211', sameText: true })));
    cleanup();
  });

  it('exports the coding listing of the chosen field and state', async () => {
    const fake = server();
    renderApp({ path: '/survey/coding', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('coding-value-table', {}, FIRST);
    fireEvent.mouseDown(within(screen.getByTestId('coding-state-filter')).getByRole('combobox'));
    fireEvent.click((await screen.findAllByTitle('Needs recoding')).at(-1) as HTMLElement);
    // jsdom saves no links: the file handed to the browser is read from the link it clicks.
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.mouseEnter(screen.getByTestId('coding-export'));
    fireEvent.click(await screen.findByText('CSV'));
    await waitFor(() => expect(saved).toEqual(['DEMO-coding-AETAB.AETERM-20261129.xlsx']));
    const search = fake.requests.find((r) => r.path === '/coding/export')?.search;
    expect([search?.get('fieldId'), search?.get('state'), search?.get('format')]).toEqual(['9', 'needsRecoding', 'csv']);
    click.mockRestore();
    cleanup();
  });

  it('lets the configurer add a text field with its dictionary, in Chinese', async () => {
    const fake = server();
    renderApp({ path: '/survey/coding', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    fireEvent.click(await screen.findByTestId('coding-configure', {}, FIRST));
    const fields = await screen.findByTestId('coding-fields');
    expect(within(fields).getByText('不良事件 · 不良事件名称')).toBeDefined();
    fireEvent.mouseDown(within(screen.getByTestId('coding-field-candidate')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('人口学资料 · 姓名缩写'));
    fireEvent.mouseDown(within(screen.getByTestId('coding-field-new-dictionary')).getByRole('combobox'));
    fireEvent.click((await screen.findAllByTitle('MedDRA 26.0')).at(-1) as HTMLElement);
    fireEvent.click(within(fields).getByTestId('coding-field-add'));
    await waitFor(() => expect(fake.requests.find((r) => r.path === '/coding/field/save')?.body).toBe(JSON.stringify({ instrumentId: 1, path: 'INITIALS', dictionaryId: 4 })));
    cleanup();
  });
});
