import type { BuiltPage, PageName } from './build.js';
import type { Sample } from './measure.js';

/** Medians and the side-by-side table; figures for a reader, never a reason to fail the run. */

/** The renderer's goals: our time as a share of SurveyJS's on the same form. */
export const GOALS = { renderMs: 0.5, formulaMs: 0.2, conditionMs: 0.2 } as const;

export type Outcome = { kind: 'measured'; samples: Sample[] } | { kind: 'failed'; reason: string };

export interface SizeResult {
  scale: number;
  fields: number;
  outcomes: Record<PageName, Outcome>;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}

type Metric = 'renderMs' | 'formulaMs' | 'conditionMs' | 'heapBytes';

const METRICS: { metric: Metric; label: string; format: (value: number) => string }[] = [
  { metric: 'renderMs', label: 'render, ms', format: (v) => v.toFixed(0) },
  { metric: 'formulaMs', label: 'formula chain, ms', format: (v) => v.toFixed(1) },
  { metric: 'conditionMs', label: 'show 30 fields, ms', format: (v) => v.toFixed(1) },
  { metric: 'heapBytes', label: 'JS heap, MB', format: (v) => (v / 1024 / 1024).toFixed(1) },
];

function medianOf(outcome: Outcome, metric: Metric): number | undefined {
  return outcome.kind === 'measured' && outcome.samples.length > 0 ? median(outcome.samples.map((sample) => sample[metric])) : undefined;
}

function goalCells(metric: Metric, ratio: number | undefined): [string, string] {
  const goal = metric === 'heapBytes' ? undefined : GOALS[metric];
  if (goal === undefined) return ['', ''];
  return [`<= ${goal.toFixed(2)}x`, ratio === undefined ? 'n/a' : ratio <= goal ? 'yes' : 'no'];
}

function formatRows(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column <= 1 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const [header = [], ...body] = rows;
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join('\n');
}

function shown(outcome: Outcome, metric: Metric, format: (value: number) => string): string {
  if (outcome.kind === 'failed') return 'FAILED';
  const value = medianOf(outcome, metric);
  return value === undefined ? 'n/a' : format(value);
}

export function formatResults(results: SizeResult[]): string {
  const rows: string[][] = [['size', 'measure (median)', 'ours', 'SurveyJS', 'ours/SurveyJS', 'goal', 'met']];
  for (const result of results) {
    const size = `${result.scale}x (${result.fields} fields)`;
    for (const { metric, label, format } of METRICS) {
      const ours = medianOf(result.outcomes.ours, metric);
      const theirs = medianOf(result.outcomes.surveyjs, metric);
      const ratio = ours !== undefined && theirs !== undefined && theirs > 0 ? ours / theirs : undefined;
      rows.push([
        size,
        label,
        shown(result.outcomes.ours, metric, format),
        shown(result.outcomes.surveyjs, metric, format),
        ratio === undefined ? 'n/a' : `${ratio.toFixed(2)}x`,
        ...goalCells(metric, ratio),
      ]);
    }
  }
  return formatRows(rows);
}

export function formatBundles(pages: Partial<Record<PageName, BuiltPage>>): string {
  const kb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : (bytes / 1024).toFixed(1));
  const { ours, surveyjs } = pages;
  const ratio = ours && surveyjs ? `${(ours.jsGzipBytes / surveyjs.jsGzipBytes).toFixed(2)}x` : 'n/a';
  return formatRows([
    ['bundle', 'size', 'ours', 'SurveyJS', 'ours/SurveyJS'],
    ['page JS', 'raw, KB', kb(ours?.jsBytes), kb(surveyjs?.jsBytes), ''],
    ['page JS', 'gzip, KB', kb(ours?.jsGzipBytes), kb(surveyjs?.jsGzipBytes), ratio],
    ['page CSS', 'gzip, KB', kb(ours?.cssGzipBytes), kb(surveyjs?.cssGzipBytes), ''],
  ]);
}

/** Every sample, so a reader can judge the noise behind a median. */
export function formatSamples(results: SizeResult[]): string {
  const lines: string[] = [];
  for (const result of results) {
    for (const [name, outcome] of Object.entries(result.outcomes)) {
      if (outcome.kind === 'failed') {
        lines.push(`${result.scale}x ${name}: failed: ${outcome.reason}`);
        continue;
      }
      const list = (metric: Metric) => outcome.samples.map((sample) => sample[metric].toFixed(metric === 'renderMs' ? 0 : 1)).join(' / ');
      const renders = outcome.samples.map((sample) => sample.formulaRenders).filter((count) => count !== null);
      const rendersText = renders.length > 0 ? `; field renders per formula update ${renders.join(' / ')}` : '';
      lines.push(`${result.scale}x ${name}: render ${list('renderMs')}; formula ${list('formulaMs')}; condition ${list('conditionMs')}${rendersText}`);
    }
  }
  return lines.join('\n');
}
