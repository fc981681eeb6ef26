import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createWidget, validatePanel } from '@dcap/core';
import type { Widget } from '@dcap/core';
import { ok } from '../../test/fakeServer';
import { designerServer, emptyPanel, renderDesigner } from './testHarness';

const named = (type: 'input' | 'number', key: string, extra: Partial<Widget['options']> = {}): Widget => {
  const widget = createWidget(type, new Set());
  return { ...widget, key, model: key, name: key, options: { ...widget.options, ...extra } };
};
const canvasKeys = () => [...screen.getByTestId('designer-canvas').querySelectorAll<HTMLElement>('[data-testid^="canvas-widget-"]')].map((element) => element.dataset.testid?.replace('canvas-widget-', ''));

async function chooseIn(testId: string, text: string) {
  const input = screen.getByTestId(testId).closest('.ant-select')?.querySelector('input');
  if (!input) throw new Error(`no input in ${testId}`);
  fireEvent.mouseDown(input);
  fireEvent.click(await screen.findByText(text, { selector: '.ant-select-item-option-content, .ant-select-item-option-content *' }));
}

describe('library selects and design-time checks (spec 001 §2.1, §4.1)', () => {
  it('inserts a whole standard domain, appending or replacing as the user answers', async () => {
    const fake = designerServer(emptyPanel([named('input', 'NOTE')]), {
      'GET /project/instrument/templates': () => ok({ instruments: [], domains: [{ domain: 'VS', description: '生命体征', descriptionEn: 'Vital signs', count: 2 }] }),
      'GET /standard/domain': () => ok({ domain: 'VS', panel: emptyPanel([named('number', 'SYSBP'), named('number', 'DIABP')]) }),
    });
    renderDesigner('form', fake.fetch);
    await screen.findByTestId('canvas-widget-NOTE');
    await chooseIn('designer-domain-select', 'VS (2 variables) Vital signs');
    fireEvent.click(await screen.findByTestId('insert-append'));
    await waitFor(() => {
      expect(canvasKeys()).toEqual(['NOTE', 'SYSBP', 'DIABP']);
    });
    expect(fake.requests.find((request) => request.path === '/standard/domain')?.search.get('domain')).toBe('VS');
    await chooseIn('designer-domain-select', 'VS (2 variables) Vital signs');
    fireEvent.click(await screen.findByTestId('insert-replace'));
    await waitFor(() => {
      expect(canvasKeys()).toEqual(['SYSBP', 'DIABP']);
    });
  });

  it('shows the formula check of the selected widget in its configuration', async () => {
    const panel = emptyPanel([named('number', 'BMI', { expression: '[NOPE] * 2' })]);
    const expected = validatePanel(panel).find((issue) => issue.widgetKey === 'BMI');
    expect(expected).toBeDefined();
    renderDesigner('form', designerServer(panel).fetch);
    fireEvent.click(await screen.findByTestId('canvas-widget-BMI'));
    expect(within(screen.getByTestId('config-issues')).getByText(expected?.messageEn ?? '')).toBeDefined();
  });
});
