import type { Locale, RandScheme, SchemeSettings, SimulationReport } from '@dcap/core';
import type { EChartsOption } from 'echarts';

type Translate = (key: string, params?: Record<string, string | number>) => string;
type Factors = RandScheme['factors'];

/** The histogram of overall imbalance: one bar per unit bin, labelled by the bin's bounds. */
export function histogramData(report: Pick<SimulationReport, 'histogram'>): { labels: string[]; trials: number[] } {
  return {
    labels: report.histogram.map((bin) => (bin.to - bin.from <= 1 ? String(bin.from) : `${String(bin.from)}–${String(bin.to)}`)),
    trials: report.histogram.map((bin) => bin.trials),
  };
}

/**
 * A factor level's label in the caller's language: simulation keys are `FACTOR:OPTION` for factor levels and
 * the site code for the site (core simulate.ts); an unknown key is shown as it is.
 */
export function levelLabel(key: string, factors: Factors, locale: Locale): string {
  const colon = key.indexOf(':');
  if (colon < 0) return key;
  const factor = factors.find((candidate) => candidate.code === key.slice(0, colon));
  const option = factor?.options.find((candidate) => candidate.code === key.slice(colon + 1));
  if (!factor || !option) return key;
  const factorName = locale === 'en-US' ? (factor.nameEn ?? factor.name) : factor.name;
  const optionLabel = locale === 'en-US' ? (option.labelEn ?? option.label) : option.label;
  return `${factorName}: ${optionLabel}`;
}

/** Imbalance per factor level (mean and 95th percentile), in the design's order of factors and options. */
export function levelData(report: Pick<SimulationReport, 'levels'>, factors: Factors, locale: Locale): { keys: string[]; labels: string[]; mean: number[]; p95: number[] } {
  const designed = factors.flatMap((factor) => factor.options.map((option) => `${factor.code}:${option.code}`));
  const keys = [...designed.filter((key) => key in report.levels), ...Object.keys(report.levels).filter((key) => !designed.includes(key))];
  return {
    keys,
    labels: keys.map((key) => levelLabel(key, factors, locale)),
    mean: keys.map((key) => round(report.levels[key]?.mean ?? 0)),
    p95: keys.map((key) => round(report.levels[key]?.p95 ?? 0)),
  };
}

/** Each arm's share of the simulated subjects, with the arm's name in the caller's language and its planned share. */
export function armShareRows(report: Pick<SimulationReport, 'armShares'>, settings: SchemeSettings | undefined, locale: Locale): { code: string; name: string; share: number; planned: number | null }[] {
  const arms = settings?.scheme.arms ?? [];
  const total = arms.reduce((sum, arm) => sum + arm.ratio, 0);
  return Object.entries(report.armShares).map(([code, share]) => {
    const arm = arms.find((candidate) => candidate.code === code);
    return {
      code,
      name: arm ? (locale === 'en-US' ? (arm.nameEn ?? arm.name) : arm.name) : code,
      share,
      planned: arm && total > 0 ? arm.ratio / total : null,
    };
  });
}

const round = (value: number) => Math.round(value * 100) / 100;

export function histogramOption(report: Pick<SimulationReport, 'histogram'>, t: Translate): EChartsOption {
  const data = histogramData(report);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 48, right: 24, top: 40, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: data.labels, name: t('balance.simulation.axisImbalance'), nameLocation: 'middle', nameGap: 28 },
    yAxis: { type: 'value', name: t('balance.simulation.axisTrials'), minInterval: 1 },
    series: [{ type: 'bar', name: t('balance.simulation.axisTrials'), data: data.trials }],
  };
}

export function levelOption(report: Pick<SimulationReport, 'levels'>, factors: Factors, t: Translate, locale: Locale): EChartsOption {
  const data = levelData(report, factors, locale);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 40, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: data.labels, axisLabel: { interval: 0, rotate: data.labels.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', name: t('balance.simulation.axisImbalance') },
    series: [
      { type: 'bar', name: t('balance.simulation.mean'), data: data.mean },
      { type: 'bar', name: t('balance.simulation.p95'), data: data.p95 },
    ],
  };
}
