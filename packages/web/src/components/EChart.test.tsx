import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { CHART_PALETTE, type Locale } from '@dcap/core';
import { createI18n } from '../i18n';
import { EChart } from './EChart';

function withLanguage(locale: Locale, node: ReactNode) {
  return render(<I18nextProvider i18n={createI18n(locale)}>{node}</I18nextProvider>);
}

describe('EChart', () => {
  it('draws with SVG where the DOM has no 2D canvas context (jsdom has none), in the platform palette', async () => {
    withLanguage('en-US', <EChart data-testid="chart" locale="en-US" option={{ xAxis: { type: 'category', data: ['a', 'b'] }, yAxis: {}, series: [{ type: 'bar', data: [3, 5] }] }} />);
    const box = screen.getByTestId('chart');
    await waitFor(() => expect(box.querySelector('svg')).not.toBeNull(), { timeout: 15_000 });
    // The first colour of the palette (spec 002 §9) fills the bars.
    await waitFor(() => expect(box.innerHTML.toLowerCase()).toContain(CHART_PALETTE[0].toLowerCase()));
  });

  it.each([
    ['en-US', 'The chart could not be drawn in this browser'],
    ['zh-CN', '此浏览器无法绘制该图表'],
  ] as const)('in %s says in its own box that a chart cannot be drawn, and leaves the page standing', async (locale, text) => {
    withLanguage(
      locale,
      <div>
        <p>figures beside the chart</p>
        {/* A bar series on a grid without a y axis: ECharts throws when it lays the chart out. */}
        <EChart data-testid="chart" locale={locale} option={{ xAxis: { type: 'category', data: ['a'] }, series: [{ type: 'bar', data: [1] }] }} />
      </div>,
    );
    expect(await screen.findByText(text, undefined, { timeout: 15_000 })).toBeDefined();
    expect(screen.getByText('figures beside the chart')).toBeDefined();
  });
});
