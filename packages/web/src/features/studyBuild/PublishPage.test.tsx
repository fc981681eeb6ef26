import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DesignDiff, DesignVersion } from '@dcap/core';
import { fakeServer, ok } from '../../test/fakeServer';
import type { RecordedRequest } from '../../test/fakeServer';
import { DATA_ENTRY_ONLY, designInit, renderDesignPage } from './designTestKit';

const V1: DesignVersion = { version: 1, publishedAt: '2025-03-01T08:00:00.000Z', publishedBy: '张伟', note: 'first cut', environments: ['uat', 'prd'] };
const diff: DesignDiff = {
  target: 'uat',
  currentVersion: 1,
  changes: [
    {
      entity: 'instrument',
      change: 'changed',
      key: 'VS',
      name: '生命体征',
      details: [{ path: 'widget.input_2', before: null, after: { name: '体温', nameEn: 'Temperature', type: 'number' } }],
    },
    { entity: 'event', change: 'added', key: 'Week 2', name: 'Week 2', details: [] },
  ],
  defaultLabels: [],
};

const PATH = '/dCapVue/design/publish';
const FIRST = { timeout: 20_000 };

function server(init = designInit(), versions: DesignVersion[] = [V1]) {
  return fakeServer({
    'GET /sys/init': () => ok(init),
    'GET /project/design/versions/5': () => ok(versions),
    'GET /project/design/diff/5': () => ok(diff),
    'POST /project/design/publish': () => ok({ version: 2, target: 'uat', publishedAt: '2025-03-02T08:00:00.000Z' }),
  });
}

const indexOf = (requests: RecordedRequest[], path: string) => requests.findIndex((request) => request.path === path);

describe('publishing /dCapVue/design/publish', { timeout: 60_000 }, () => {
  it('shows the version each environment runs and the history', async () => {
    renderDesignPage({ path: PATH, fetch: server().fetch });
    const history = await screen.findByTestId('version-table', {}, FIRST);
    expect(await within(history).findByText('first cut', {}, FIRST)).toBeDefined();
    expect(within(screen.getByTestId('publish-env-uat')).getByText('v1')).toBeDefined();
    expect(within(screen.getByTestId('publish-env-prd')).getByText('v1')).toBeDefined();
  });

  it('shows the differences first and publishes to test with the note', async () => {
    const fake = server();
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    await screen.findByText('first cut', {}, FIRST);
    fireEvent.click(screen.getByTestId('publish-uat'));
    const changes = await screen.findByTestId('diff-table', {}, FIRST);
    expect(within(changes).getByText('VS')).toBeDefined();
    expect(within(changes).getByText('Added')).toBeDefined();
    expect(indexOf(fake.requests, '/project/design/publish')).toBe(-1);
    expect(fake.requests.find((request) => request.path === '/project/design/diff/5')?.search.get('target')).toBe('uat');

    fireEvent.change(screen.getByTestId('publish-note'), { target: { value: 'adds week 2' } });
    fireEvent.click(screen.getByTestId('publish-confirm'));
    await waitFor(() => {
      expect(indexOf(fake.requests, '/project/design/publish')).toBeGreaterThan(indexOf(fake.requests, '/project/design/diff/5'));
    });
    expect(JSON.parse(fake.requests[indexOf(fake.requests, '/project/design/publish')]?.body ?? 'null')).toEqual({ projectId: 5, target: 'uat', note: 'adds week 2' });
  });

  it('lists the labels left at their defaults before publishing, and still publishes', async () => {
    const withDefaults: DesignDiff = {
      ...diff,
      defaultLabels: [
        { instrument: 'VS', instrumentName: '生命体征', widgetKey: 'RADIO12', kind: 'option', path: 'list.0.options.options.0.label', label: 'Option 1' },
        { instrument: 'VS', instrumentName: '生命体征', widgetKey: 'TABLE3', kind: 'column', path: 'list.1.options.columns.0.title', label: 'Column 1' },
      ],
    };
    const fake = fakeServer({
      'GET /sys/init': () => ok(designInit()),
      'GET /project/design/versions/5': () => ok([V1]),
      'GET /project/design/diff/5': () => ok(withDefaults),
      'POST /project/design/publish': () => ok({ version: 2, target: 'uat', publishedAt: '2025-03-02T08:00:00.000Z', defaultLabelCount: 2 }),
    });
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    await screen.findByText('first cut', {}, FIRST);
    fireEvent.click(screen.getByTestId('publish-uat'));
    const warning = await screen.findByTestId('publish-default-labels', {}, FIRST);
    expect(within(warning).getByText(/^2 labels still have their default text/)).toBeDefined();
    expect(within(warning).getAllByTestId('publish-default-label').map((item) => item.textContent)).toEqual([
      'VS生命体征 · RADIO12 · option: Option 1',
      'VS生命体征 · TABLE3 · table column: Column 1',
    ]);
    fireEvent.click(screen.getByTestId('publish-confirm'));
    await waitFor(() => {
      expect(indexOf(fake.requests, '/project/design/publish')).toBeGreaterThan(-1);
    });
  });

  it('offers production only once test runs a version', async () => {
    renderDesignPage({ path: PATH, fetch: server(designInit(), []).fetch });
    const prd = await screen.findByTestId('publish-env-prd', {}, FIRST);
    expect(await within(prd).findByText('Not published yet', {}, FIRST)).toBeDefined();
    expect(screen.getByTestId('publish-prd').closest('button')?.disabled).toBe(true);
    expect(screen.getByTestId('publish-uat').closest('button')?.disabled).toBe(false);
  });

  it('is read-only for a user without the design right', async () => {
    renderDesignPage({ path: PATH, fetch: server(designInit({ access: DATA_ENTRY_ONLY })).fetch });
    await screen.findByText('first cut', {}, FIRST);
    expect(screen.getByTestId('publish-uat').closest('button')?.disabled).toBe(true);
    expect(screen.getByTestId('publish-prd').closest('button')?.disabled).toBe(true);
    expect(screen.getByTestId('design-locked').textContent).toContain('You do not have the design right');
  });
});
