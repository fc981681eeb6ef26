import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SysDerivedField } from '@dcap/core';
import { ADMIN, makeInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderLibraryPage } from './libraryTestKit';

const BMI: SysDerivedField = {
  id: 1,
  group: 'CONTINUOUS_VARIABLES',
  fieldLabel: '体重指数',
  fieldLabelEn: 'Body mass index',
  fieldName: 'BMI',
  expression: 'round([WEIGHT]/(([HEIGHT]/100)^2), 1)',
  description: '体重除以身高的平方',
  descriptionEn: 'Weight over height squared',
  sort: 10,
  widget: { type: 'number', key: 'BMI', model: 'BMI', name: '体重指数', disabled: true, options: { expression: 'round([WEIGHT]/(([HEIGHT]/100)^2), 1)', precision: 1 } },
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const FIRST = { timeout: 20_000 };

async function choose(testId: string, text: string) {
  const select = await screen.findByTestId(testId);
  const input = (select.closest('.ant-select') ?? select).querySelector('input');
  if (!input) throw new Error(`no input in ${testId}`);
  fireEvent.mouseDown(input);
  fireEvent.click(await screen.findByText(text, { selector: '.ant-select-item-option-content, .ant-select-item-option-content *' }));
}

describe('derived fields /sys/derivedField', { timeout: 60_000 }, () => {
  it('lists the fields with their group and formula, and creates a categorical one with its options', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeInit(ADMIN)),
      'GET /sys/derivedField/list': () => ok([BMI]),
      'POST /sys/derivedField/save': () => ok({ ...BMI, id: 2 }),
    });
    renderLibraryPage({ path: '/sys/derivedField', fetch: fake.fetch, locale: 'zh-CN' });
    const table = await screen.findByTestId('derived-table', {}, FIRST);
    expect(await within(table).findByText('数值变量')).toBeDefined();
    expect(within(table).getByText(BMI.expression)).toBeDefined();
    fireEvent.click(screen.getByTestId('derived-create'));
    await choose('derived-form-group', '分类变量');
    fireEvent.change(screen.getByTestId('derived-form-name'), { target: { value: 'FEVER' } });
    fireEvent.change(screen.getByTestId('derived-form-label'), { target: { value: '是否发热' } });
    fireEvent.change(screen.getByTestId('derived-form-labelEn'), { target: { value: 'Fever' } });
    fireEvent.change(screen.getByTestId('derived-form-expression'), { target: { value: "if([TEMP]>=37.3, 'Y', 'N')" } });
    fireEvent.change(await screen.findByTestId('derived-form-options-value-0'), { target: { value: 'Y' } });
    fireEvent.change(screen.getByTestId('derived-form-options-label-0'), { target: { value: '是' } });
    fireEvent.click(screen.getByTestId('derived-form-options-add'));
    fireEvent.change(await screen.findByTestId('derived-form-options-value-1'), { target: { value: 'N' } });
    fireEvent.change(screen.getByTestId('derived-form-options-label-1'), { target: { value: '否' } });
    fireEvent.click(screen.getByTestId('derived-form-submit'));
    await waitFor(() => {
      expect(JSON.parse(fake.requests.find((request) => request.path === '/sys/derivedField/save')?.body ?? '{}')).toMatchObject({
        group: 'CATEGORICAL_VARIABLES',
        fieldName: 'FEVER',
        expression: "if([TEMP]>=37.3, 'Y', 'N')",
        widget: { type: 'radio', options: { options: [{ key: 'Y', value: 'Y', label: '是' }, { key: 'N', value: 'N', label: '否' }] } },
      });
    });
  });
});
