import { Empty, Spin } from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_PALETTE } from '@dcap/core';
import type * as Echarts from 'echarts';
import type { EChartsOption, EChartsType } from 'echarts';

type EChartsModule = typeof Echarts;

let echartsModule: Promise<EChartsModule> | null = null;

/** ECharts is large; it is loaded on the first chart shown and shared by every chart afterwards. */
function loadEcharts(): Promise<EChartsModule> {
  echartsModule ??= import('echarts');
  return echartsModule;
}

let renderer: 'canvas' | 'svg' | null = null;

/**
 * Canvas where the browser can draw on one, SVG otherwise (a browser with canvas turned off for privacy, or
 * a DOM without a canvas implementation): the chart looks the same either way, and a missing 2D context
 * must not surface as an exception in the middle of a page.
 */
function chartRenderer(): 'canvas' | 'svg' {
  if (renderer) return renderer;
  try {
    renderer = document.createElement('canvas').getContext('2d') ? 'canvas' : 'svg';
  } catch {
    renderer = 'svg';
  }
  return renderer;
}

export interface EChartProps {
  /** The chart's option; its texts come already translated from the caller (both languages via i18n). */
  option: EChartsOption;
  /** ECharts' own locale for its built-in texts (toolbox, loading): 'ZH' or 'EN'. */
  locale: 'zh-CN' | 'en-US';
  /** Pixels, or any CSS length (a wall display sizes its charts by the viewport). */
  height?: number | string;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: boolean;
  emptyText?: string;
  style?: CSSProperties;
  /** Told the chart instance once it exists and null when it goes, for exports such as `getDataURL`. */
  onChart?: (instance: EChartsType | null) => void;
  'data-testid'?: string;
}

/**
 * A thin wrapper over ECharts: the library is imported lazily, the chart uses the platform palette
 * (spec 002 §9), follows its container's size (ResizeObserver) and is disposed with the component.
 * A change of option replaces the chart's option; a change of locale recreates the instance.
 * A chart is an aid next to figures the page also shows, so a chart that cannot be drawn says so in its own
 * box and leaves the rest of the page working.
 */
export function EChart({ option, locale, height = 300, empty, emptyText, style, onChart, ...rest }: EChartProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [lib, setLib] = useState<EChartsModule | null>(null);
  const [failed, setFailed] = useState(false);
  const onChartRef = useRef(onChart);
  useEffect(() => {
    onChartRef.current = onChart;
  });

  useEffect(() => {
    let alive = true;
    void loadEcharts().then((m) => {
      if (alive) setLib(m);
    });
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const element = container.current;
    if (!lib || !element || empty || failed) return undefined;
    let instance: EChartsType;
    try {
      instance = lib.init(element, undefined, { locale: locale === 'zh-CN' ? 'ZH' : 'EN', renderer: chartRenderer() });
    } catch {
      setFailed(true);
      return undefined;
    }
    chart.current = instance;
    onChartRef.current?.(instance);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.current = null;
      onChartRef.current?.(null);
      try {
        instance.dispose();
      } catch {
        // Nothing to keep from a chart that is going away.
      }
    };
  }, [lib, locale, empty, failed]);

  useEffect(() => {
    if (!lib || empty || failed) return;
    try {
      chart.current?.setOption({ color: [...CHART_PALETTE], ...option }, { notMerge: true });
    } catch {
      setFailed(true);
    }
  }, [lib, option, locale, empty, failed]);

  if (empty || failed) {
    return (
      <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', ...style }} {...rest}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failed ? t('common.chartFailed') : emptyText} />
      </div>
    );
  }
  return (
    <div style={{ position: 'relative', height, width: '100%', ...style }} {...rest}>
      <div ref={container} style={{ position: 'absolute', inset: 0 }} />
      {lib ? null : (
        <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Spin />
        </div>
      )}
    </div>
  );
}
