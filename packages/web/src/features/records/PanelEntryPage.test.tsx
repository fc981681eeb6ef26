import type { Panel, RecordPanel } from '@dcap/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, makeProjectInit } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const number = (model: string, name: string, nameEn: string, options: Record<string, unknown> = {}) => ({ type: 'number', key: model, model, name, nameEn, options });
const definition = {
  list: [number('HEIGHT', '身高', 'Height'), number('WEIGHT', '体重', 'Weight'), number('BMI', 'BMI', 'BMI', { expression: 'round([WEIGHT] / ([HEIGHT] / 100) ^ 2, 1)' })],
  config: { labelWidth: 8, labelPosition: 'right' },
} as unknown as Panel;

const state = { status: 'COMPLETED' as const, frozen: false, inactiveType: null, saved: true, updatedBy: 'pi', updatedAt: '2026-01-01T00:00:00.000Z' };

function recordPanel(overrides: Partial<RecordPanel> = {}): RecordPanel {
  return {
    panelInstanceId: 39,
    subjectId: 4,
    siteId: 1,
    eventInstanceId: 21,
    instrumentId: 2,
    seq: 1,
    version: 3,
    status: 'COMPLETED',
    unchecked: false,
    firstSavedAt: '2026-01-01T00:00:00.000Z',
    subject: { platformNo: 'S01-0004', subjectCode: null, initials: 'LY', status: 'TESTING' },
    event: { id: 3, name: '第4周随访', nameEn: 'Week 4', seq: 1 },
    instrument: { name: '生命体征', nameEn: 'Vital signs', nameAbbr: 'VS', panel: definition },
    values: { HEIGHT: 170, WEIGHT: 70, BMI: 24.2 },
    fields: { HEIGHT: state, WEIGHT: state, BMI: { ...state, frozen: true } },
    openQueries: { WEIGHT: 2 },
    signatures: { active: 0, lastSignedAt: null, lastSigner: null },
    flags: { panelAutoCover: false, panelAutoSwitch: false },
    rights: { view: true, enter: true, verify: false, review: false, sign: false, lock: false, freeze: false, raiseQuery: false, answerQuery: false, handleAllQuery: false, editable: true },
    visitPanels: [{ panelInstanceId: 39, name: '生命体征', nameEn: 'Vital signs', status: 'COMPLETED' }],
    ...overrides,
  };
}

const PATH = '/survey/subject/4/panel/39';

describe('panel entry /survey/subject/:subjectId/panel/:panelInstanceId (spec 002 §2)', () => {
  it('shows the header tags and asks a reason before saving a changed saved value (AT-2)', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(ADMIN)),
      'GET /project/recordDataManage/panel/39': () => ok(recordPanel()),
      'POST /project/recordDataManage/save': () => ok(recordPanel({ version: 4, values: { HEIGHT: 170, WEIGHT: 80, BMI: 27.7 } })),
    });
    renderApp({ path: PATH, fetch: fake.fetch, locale: 'en-US', token: 't' });
    const page = await screen.findByTestId('panel-entry');
    expect(within(page).getByTestId('panel-status').textContent).toBe('Completed');
    expect(within(page).getByTestId('open-query-tag').textContent).toBe('Open queries 2');
    expect(within(page).getByText('Pending verify')).toBeDefined();
    expect(within(page).getByText('Vital signs · Week 4')).toBeDefined();

    const weight = within(screen.getByTestId('item-WEIGHT')).getByRole('spinbutton');
    fireEvent.change(weight, { target: { value: '80' } });
    fireEvent.click(screen.getByTestId('save-panel'));
    const fields = await screen.findByTestId('reason-fields');
    // BMI follows the formula: no reason of its own.
    expect(fields.textContent).toBe('Weight');
    expect(fake.requests.some((request) => request.path === '/project/recordDataManage/save')).toBe(false);

    fireEvent.mouseDown(within(screen.getByTestId('reason-code')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Transcription error'));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(fake.requests.some((request) => request.path === '/project/recordDataManage/save')).toBe(true));
    const sent = JSON.parse(fake.requests.find((request) => request.path === '/project/recordDataManage/save')?.body ?? '{}') as Record<string, unknown>;
    expect(sent).toMatchObject({ panelInstanceId: 39, version: 3, values: { WEIGHT: 80, BMI: 27.7 }, reasons: { WEIGHT: { code: 'TRANSCRIPTION_ERROR' } } });
  });

  it('takes a reason for each changed field when the user asks for one per field (AT-2)', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(ADMIN)),
      'GET /project/recordDataManage/panel/39': () => ok(recordPanel()),
      'POST /project/recordDataManage/save': () => ok(recordPanel({ version: 4, values: { HEIGHT: 180, WEIGHT: 80, BMI: 24.7 } })),
    });
    renderApp({ path: PATH, fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('panel-entry');
    fireEvent.change(within(screen.getByTestId('item-HEIGHT')).getByRole('spinbutton'), { target: { value: '180' } });
    fireEvent.change(within(screen.getByTestId('item-WEIGHT')).getByRole('spinbutton'), { target: { value: '80' } });
    fireEvent.click(screen.getByTestId('save-panel'));
    expect((await screen.findByTestId('reason-fields')).textContent).toBe('HeightWeight');
    fireEvent.click(screen.getByTestId('reason-per-field'));
    const list = await screen.findByTestId('reason-field-list');
    expect(within(list).getByText('Height')).toBeDefined();
    // Each field needs its own reason: with one missing nothing is sent.
    fireEvent.mouseDown(within(screen.getByTestId('reason-code-HEIGHT')).getByRole('combobox'));
    fireEvent.click((await screen.findAllByText('Transcription error')).at(-1) as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Choose a reason for the change')).toBeDefined();
    expect(fake.requests.some((request) => request.path === '/project/recordDataManage/save')).toBe(false);
    fireEvent.mouseDown(within(screen.getByTestId('reason-code-WEIGHT')).getByRole('combobox'));
    fireEvent.click((await screen.findAllByText('Other')).at(-1) as HTMLElement);
    fireEvent.change(screen.getByTestId('reason-text-WEIGHT'), { target: { value: 'Re-weighed at the visit' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(fake.requests.some((request) => request.path === '/project/recordDataManage/save')).toBe(true), { timeout: 5000 });
    const sent = JSON.parse(fake.requests.find((request) => request.path === '/project/recordDataManage/save')?.body ?? '{}') as Record<string, unknown>;
    expect(sent).toMatchObject({ reasons: { HEIGHT: { code: 'TRANSCRIPTION_ERROR', text: null }, WEIGHT: { code: 'OTHER', text: 'Re-weighed at the visit' } } });
  });

  it('shows who changed what when the save is stale, and refused values under their fields', async () => {
    let answer = 0;
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(ADMIN)),
      'GET /project/recordDataManage/panel/39': () => ok(recordPanel({ fields: {}, values: {}, firstSavedAt: null, status: 'EXPIRED' })),
      'POST /project/recordDataManage/save': () => {
        answer += 1;
        return answer === 1
          ? fail(409, 'The form was changed by someone else (zhou: HEIGHT)', { errorCode: 'record.stale', errors: [{ path: 'HEIGHT', message: 'changed by zhou at 2026-01-01T00:00:00.000Z' }] })
          : fail(422, 'The form data failed its checks', { errorCode: 'record.invalid_values', errors: [{ path: 'HEIGHT', message: 'Must be at most 250' }] });
      },
    });
    renderApp({ path: PATH, fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('panel-entry');
    fireEvent.click(screen.getByTestId('save-panel'));
    const changes = await screen.findByTestId('stale-changes');
    expect(changes.textContent).toContain('Height: changed by zhou');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByTestId('save-panel'));
    expect(await within(screen.getByTestId('item-HEIGHT')).findByText('Must be at most 250')).toBeDefined();
  });
});
