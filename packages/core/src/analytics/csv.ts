import type { Locale } from '../i18n/locale.js';
import { csvLine } from '../exports/columns.js';
import type { AnalyticsChart, AnalyticsLabel } from './schemas.js';
import { analyticsLabel } from './labels.js';

function labelIn(label: AnalyticsLabel, locale: Locale): string {
  return locale === 'en-US' ? (label.nameEn ?? label.name) : label.name;
}

/**
 * A chart's data as CSV (RFC 4180, CRLF, a byte-order mark so spreadsheet programs read Chinese): a heading
 * row in the reader's language (the category title, then each series), a row per category, and a row of
 * missing counts when the chart has them. Cells are guarded against formulas like every export's.
 */
export function analyticsChartCsv(chart: Pick<AnalyticsChart, 'categoryTitle' | 'categories' | 'series' | 'missing'>, locale: Locale): string {
  const missing = chart.missing;
  const header = [labelIn(chart.categoryTitle, locale), ...chart.series.map((series) => labelIn(series, locale))];
  if (missing) header.push(labelIn(analyticsLabel('missing'), locale));
  let text = `\uFEFF${csvLine(header)}`;
  chart.categories.forEach((category, index) => {
    const cells: (string | number | null)[] = [labelIn(category, locale), ...chart.series.map((series) => series.data[index] ?? null)];
    if (missing) cells.push(missing[index] ?? 0);
    text += csvLine(cells);
  });
  return text;
}
