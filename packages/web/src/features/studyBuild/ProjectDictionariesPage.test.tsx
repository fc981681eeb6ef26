import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DictEntry } from '@dcap/core';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import type { RecordedRequest } from '../../test/fakeServer';
import { DATA_ENTRY_ONLY, designInit, renderDesignPage } from './designTestKit';

const SEX: DictEntry = {
  key: 'SEX',
  value: '性别',
  valueEn: 'Sex',
  isSysProjectDict: true,
  items: [
    { key: 'M', value: 'M', label: '男', labelEn: 'Male' },
    { key: 'F', value: 'F', label: '女', labelEn: 'Female' },
  ],
};
const ARM: DictEntry = {
  key: 'ARM',
  value: '研究组别',
  valueEn: 'Study arm',
  isSysProjectDict: false,
  items: [
    { key: 'A', value: 'A', label: '试验组', labelEn: 'Treatment' },
    { key: 'B', value: 'B', label: '对照组' },
  ],
};

const PATH = '/dCapVue/design/dicts';
const FIRST = { timeout: 20_000 };

function server(routes: Parameters<typeof fakeServer>[0] = {}, init = designInit()) {
  return fakeServer({
    'GET /sys/init': () => ok(init),
    'POST /project/dict/getDictOptions': () => ok({ dictList: [SEX, ARM] }),
    'POST /project/dict/save': (request) => ok({ ...(JSON.parse(request.body ?? '{}') as DictEntry), isSysProjectDict: false }),
    ...routes,
  });
}

const bodiesOf = (requests: RecordedRequest[], path: string): unknown[] =>
  requests.filter((request) => request.path === path).map((request) => JSON.parse(request.body ?? 'null') as unknown);

describe('project dictionaries /dCapVue/design/dicts', { timeout: 60_000 }, () => {
  it("lists the project's own dictionaries, and the platform's read-only in the second tab", async () => {
    const fake = server();
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    const own = await screen.findByTestId('project-dict-table', {}, FIRST);
    expect(await within(own).findByText('Study arm', {}, FIRST)).toBeDefined();
    expect(within(own).getByText('A Treatment')).toBeDefined();
    // An item without an English label shows its label.
    expect(within(own).getByText('B 对照组')).toBeDefined();
    expect(within(own).queryByText('Sex')).toBeNull();
    expect(bodiesOf(fake.requests, '/project/dict/getDictOptions')).toEqual([{ projectId: 5 }]);

    fireEvent.click(screen.getByTestId('platform-dicts-tab'));
    const platform = await screen.findByTestId('platform-dict-table');
    expect(within(platform).getByText('M Male')).toBeDefined();
    expect(within(platform).queryByText('Study arm')).toBeNull();
    expect(within(platform).getAllByRole('button').map((button) => button.getAttribute('data-testid'))).toEqual(['platform-dict-copy-SEX']);
    expect(screen.queryByTestId('project-dict-edit-SEX')).toBeNull();
  });

  it('copies a platform dictionary into a project one under a new key, with its names and items', async () => {
    const fake = server();
    renderDesignPage({ path: PATH, fetch: fake.fetch, locale: 'en-US' });
    fireEvent.click(await screen.findByTestId('platform-dicts-tab', {}, FIRST));
    fireEvent.click(await screen.findByTestId('platform-dict-copy-SEX'));
    expect(await screen.findByText('Copy platform dictionary SEX into the project')).toBeDefined();
    expect(screen.getByTestId<HTMLInputElement>('project-dict-form-key').value).toBe('');
    expect(screen.getByTestId<HTMLInputElement>('project-dict-form-items-label-1').value).toBe('女');
    fireEvent.click(screen.getByTestId('project-dict-form-submit'));
    // The platform's key stays the platform's: a new one is asked for before anything is sent.
    expect(await screen.findByText(/required|必填/i)).toBeDefined();
    fireEvent.change(screen.getByTestId('project-dict-form-key'), { target: { value: 'SEX2' } });
    fireEvent.click(screen.getByTestId('project-dict-form-submit'));
    await waitFor(() => {
      expect(bodiesOf(fake.requests, '/project/dict/save')).toEqual([
        {
          projectId: 5,
          key: 'SEX2',
          value: '性别',
          valueEn: 'Sex',
          items: [
            { key: 'M', value: 'M', label: '男', labelEn: 'Male' },
            { key: 'F', value: 'F', label: '女', labelEn: 'Female' },
          ],
        },
      ]);
    });
  });

  it('creates a project dictionary with the key, names and items entered', async () => {
    const fake = server();
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('project-dict-create', {}, FIRST));
    fireEvent.change(await screen.findByTestId('project-dict-form-key'), { target: { value: ' LAT ' } });
    fireEvent.change(screen.getByTestId('project-dict-form-value'), { target: { value: '侧别' } });
    fireEvent.change(screen.getByTestId('project-dict-form-valueEn'), { target: { value: 'Laterality' } });
    fireEvent.change(screen.getByTestId('project-dict-form-items-value-0'), { target: { value: 'L' } });
    fireEvent.change(screen.getByTestId('project-dict-form-items-label-0'), { target: { value: '左' } });
    fireEvent.change(screen.getByTestId('project-dict-form-items-labelEn-0'), { target: { value: 'Left' } });
    fireEvent.click(screen.getByTestId('project-dict-form-items-add'));
    fireEvent.change(await screen.findByTestId('project-dict-form-items-value-1'), { target: { value: 'R' } });
    fireEvent.change(screen.getByTestId('project-dict-form-items-label-1'), { target: { value: '右' } });
    fireEvent.click(screen.getByTestId('project-dict-form-submit'));
    await waitFor(() => {
      expect(bodiesOf(fake.requests, '/project/dict/save')).toEqual([
        {
          projectId: 5,
          key: 'LAT',
          value: '侧别',
          valueEn: 'Laterality',
          items: [
            { key: 'L', value: 'L', label: '左', labelEn: 'Left' },
            { key: 'R', value: 'R', label: '右' },
          ],
        },
      ]);
    });
    // The list is read again after the save.
    await waitFor(() => {
      expect(bodiesOf(fake.requests, '/project/dict/getDictOptions').length).toBeGreaterThanOrEqual(2);
    });
  });

  it('refuses a key a platform dictionary uses before sending anything, in Chinese', async () => {
    const fake = server();
    renderDesignPage({ path: PATH, fetch: fake.fetch, locale: 'zh-CN' });
    fireEvent.click(await screen.findByTestId('project-dict-create', {}, FIRST));
    fireEvent.change(await screen.findByTestId('project-dict-form-key'), { target: { value: 'sex' } });
    fireEvent.change(screen.getByTestId('project-dict-form-value'), { target: { value: '性别' } });
    fireEvent.change(screen.getByTestId('project-dict-form-items-value-0'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('project-dict-form-items-label-0'), { target: { value: '男' } });
    fireEvent.click(screen.getByTestId('project-dict-form-submit'));
    expect(await screen.findByText('编码 sex 已被平台字典使用，请换一个编码')).toBeDefined();
    expect(bodiesOf(fake.requests, '/project/dict/save')).toEqual([]);
  });

  it('edits a dictionary under its fixed key and keeps the dialog open when the server refuses', async () => {
    const fake = server({ 'POST /project/dict/save': () => fail(422, 'The project status does not allow design changes') });
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('project-dict-edit-ARM', {}, FIRST));
    const key = await screen.findByTestId<HTMLInputElement>('project-dict-form-key');
    expect(key.disabled).toBe(true);
    expect(key.value).toBe('ARM');
    fireEvent.change(screen.getByTestId('project-dict-form-items-label-1'), { target: { value: '安慰剂组' } });
    fireEvent.click(screen.getByTestId('project-dict-form-submit'));
    await waitFor(() => {
      expect(bodiesOf(fake.requests, '/project/dict/save')).toEqual([
        {
          projectId: 5,
          key: 'ARM',
          value: '研究组别',
          valueEn: 'Study arm',
          items: [
            { key: 'A', value: 'A', label: '试验组', labelEn: 'Treatment' },
            { key: 'B', value: 'B', label: '安慰剂组' },
          ],
        },
      ]);
    });
    expect((await screen.findAllByText('The project status does not allow design changes')).length).toBeGreaterThan(0);
    // The dialog stays open with what was entered.
    expect(screen.getByTestId<HTMLInputElement>('project-dict-form-items-label-1').value).toBe('安慰剂组');
  });

  it('deletes a project dictionary only after confirmation', async () => {
    const fake = server({ 'POST /project/dict/delete': () => ok({ key: 'ARM' }) });
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('project-dict-delete-ARM', {}, FIRST));
    expect((await screen.findAllByText('Delete the project dictionary ARM?')).length).toBeGreaterThan(0);
    expect(bodiesOf(fake.requests, '/project/dict/delete')).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => {
      expect(bodiesOf(fake.requests, '/project/dict/delete')).toEqual([{ projectId: 5, key: 'ARM' }]);
    });
  });

  it('is read-only for a user without the design right, saying why', async () => {
    const fake = server({}, designInit({ access: DATA_ENTRY_ONLY }));
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    await screen.findByText('Study arm', {}, FIRST);
    expect(screen.getByTestId('design-locked').textContent).toContain('You do not have the design right');
    for (const id of ['project-dict-create', 'project-dict-edit-ARM', 'project-dict-delete-ARM']) {
      expect(screen.getByTestId(id).closest('button')?.disabled).toBe(true);
    }
  });

  it('is read-only outside the development environment', async () => {
    renderDesignPage({ path: PATH, fetch: server({}, designInit({ currEnv: 'uat' })).fetch });
    await screen.findByText('Study arm', {}, FIRST);
    expect(screen.getByTestId('design-locked').textContent).toContain('only in the development environment');
    expect(screen.getByTestId('project-dict-create').closest('button')?.disabled).toBe(true);
  });
});
