import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createWidget } from '@dcap/core';
import type { DerivedField, DerivedFieldsAll, Widget } from '@dcap/core';
import { ok } from '../../test/fakeServer';
import { designerServer, emptyPanel, renderDesigner } from './testHarness';

const bmiField: DerivedField = {
  id: 7,
  fieldLabel: '体重指数',
  fieldLabelEn: 'Body mass index',
  fieldName: 'BMI',
  expression: '[WEIGHT] / ([HEIGHT] / 100) ^ 2',
  description: '体重除以身高的平方',
  descriptionEn: 'Weight over height squared',
};
const groups: DerivedFieldsAll = { CONTINUOUS_VARIABLES: [bmiField], CATEGORICAL_VARIABLES: [], ORDINAL_VARIABLES: [] };
const number = (key: string, name: string, expression?: string): Widget => {
  const widget = createWidget('number', new Set());
  return { ...widget, key, model: key, name, options: { ...widget.options, ...(expression ? { expression } : {}) } };
};
const bmiWidgets = [number('WEIGHT', 'Weight'), number('HEIGHT', 'Height'), number('BMI', 'BMI', bmiField.expression)];

async function pickBmi() {
  const select = (await screen.findByTestId('derived-select-CONTINUOUS_VARIABLES')).closest('.ant-select')?.querySelector('input');
  if (!select) throw new Error('no derived select');
  fireEvent.mouseDown(select);
  // Spec 001 §2.2: the search matches the expression too.
  fireEvent.change(select, { target: { value: 'height' } });
  fireEvent.click(await screen.findByText('Body mass index (BMI)', { selector: '.ant-select-item-option-content' }));
}

describe('derived-variable designer /dCapVue/design/derived/:instrumentId', () => {
  it('adds a derived field’s widgets from its preview and saves through derivedInstrument/saveFieldCfg', async () => {
    const fake = designerServer(emptyPanel(), { 'GET /project/derivedField/all': () => ok(groups), 'GET /project/derivedField/preview/7': () => ok({ list: bmiWidgets }) }, 'derived');
    renderDesigner('derived', fake.fetch);
    await pickBmi();
    expect(await screen.findByTestId('canvas-widget-BMI')).toBeDefined();
    expect(screen.getByTestId('canvas-widget-WEIGHT')).toBeDefined();
    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => {
      expect(fake.requests.some((request) => request.path === '/project/derivedInstrument/saveFieldCfg')).toBe(true);
    });
    const body = JSON.parse(fake.requests.find((request) => request.path === '/project/derivedInstrument/saveFieldCfg')?.body ?? 'null') as { list: Widget[] };
    expect(body.list.map((widget) => widget.key)).toEqual(['WEIGHT', 'HEIGHT', 'BMI']);
  });

  it('refuses a derived variable already on the panel with the duplicate warning and fetches nothing', async () => {
    const fake = designerServer(emptyPanel(bmiWidgets), { 'GET /project/derivedField/all': () => ok(groups) }, 'derived');
    renderDesigner('derived', fake.fetch);
    await pickBmi();
    expect((await screen.findAllByText('Derived variable configured twice')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('The panel already has the derived variable “Body mass index”; do not add it twice').length).toBeGreaterThan(0);
    expect(fake.requests.some((request) => request.path === '/project/derivedField/preview/7')).toBe(false);
  });

  it('edits a categorical field’s options with Coding and Label, delete and add', async () => {
    const radio = { ...createWidget('radio', new Set()), key: 'BMICAT', model: 'BMICAT', name: 'BMI category' };
    renderDesigner('derived', designerServer(emptyPanel([radio]), {}, 'derived').fetch);
    fireEvent.click(await screen.findByTestId('canvas-widget-BMICAT'));
    expect(screen.getByText('Coding')).toBeDefined();
    fireEvent.click(screen.getByTestId('option-remove-1'));
    fireEvent.click(screen.getByTestId('option-add'));
    fireEvent.change(screen.getByTestId('option-label-1'), { target: { value: 'Obese' } });
    fireEvent.change(screen.getByTestId('option-code-1'), { target: { value: 'x3' } });
    fireEvent.click(screen.getByTestId('designer-json'));
    const panel = JSON.parse((await screen.findByTestId('json-text')).textContent) as { list: Widget[] };
    expect(panel.list[0]?.options.options?.map((option) => [option.key, option.label])).toEqual([
      ['1', '选项1'],
      ['3', 'Obese'],
    ]);
  });
});
