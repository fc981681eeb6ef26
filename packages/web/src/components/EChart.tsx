import { Empty, Spin } from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
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

export interface EChartProps {
  /** The chart's option; its texts come already translated from the caller (both languages via i18n). */
  option: EChartsOption;
  /** ECharts' own locale for its built-in texts (toolbox, loading): 'ZH' or 'EN'. */
  locale: 'zh-CN' | 'en-US';
  height?: number;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: boolean;
  emptyText?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * A thin wrapper over ECharts: the library is imported lazily, the chart uses the platform palette
 * (spec 002 §9), follows its container's size (ResizeObserver) and is disposed with the component.
 * A change of option replaces the chart's option; a change of locale recreates the instance.
 */
export function EChart({ option, locale, height = 300, empty, emptyText, style, ...rest }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [lib, setLib] = useState<EChartsModule | null>(null);

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
    if (!lib || !element || empty) return undefined;
    const instance = lib.init(element, undefined, { locale: locale === 'zh-CN' ? 'ZH' : 'EN', renderer: 'canvas' });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [lib, locale, empty]);

  useEffect(() => {
    if (!lib || empty) return;
    chart.current?.setOption({ color: [...CHART_PALETTE], ...option }, { notMerge: true });
  }, [lib, option, locale, empty]);

  if (empty) {
    return (
      <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', ...style }} {...rest}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
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
