import { DownloadOutlined, FileImageOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Space, Spin, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsChart } from '@dcap/core';
import type { EChartsType } from 'echarts';
import { EChart } from '../../components/EChart';
import { currentLocale } from '../../i18n';
import { saveFile } from '../../lib/download';
import { analyticsOption, chartCsvFile, chartIsEmpty, fileSafe } from './charts';

interface ChartCardProps {
  title: string;
  testId: string;
  chart: AnalyticsChart | undefined;
  loading: boolean;
  error: Error | null;
  /** Controls beside the export buttons (a field picker, the targets dialog). */
  extra?: ReactNode;
  /** Shown instead of the chart (a distribution without a field). */
  placeholder?: ReactNode;
}

/** The PNG of a drawn chart (ECharts `getDataURL`) on a white background, handed to the save dialog. */
function savePng(instance: EChartsType, title: string): void {
  const link = document.createElement('a');
  link.href = instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
  link.download = `${fileSafe(title)}.png`;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * One indicator's card (docs/decisions.md "Analytics screens"): its chart, and a toolbar exporting the picture
 * (PNG) and the data (CSV with headings in the reader's language, core `analyticsChartCsv`). A chart that could
 * not be loaded says why on its own card; the other cards keep working.
 */
export function ChartCard({ title, testId, chart, loading, error, extra, placeholder }: ChartCardProps) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const instance = useRef<EChartsType | null>(null);
  const option = useMemo(() => (chart ? analyticsOption(chart, locale, t('analytics.missing')) : null), [chart, locale, t]);
  const empty = !chart || chartIsEmpty(chart);
  return (
    <Card
      size="small"
      title={title}
      data-testid={testId}
      extra={
        <Space size={4} wrap>
          {extra}
          <Tooltip title={t('analytics.exportPng')}>
            <Button
              size="small"
              icon={<FileImageOutlined />}
              aria-label={t('analytics.exportPng')}
              disabled={empty || placeholder !== undefined}
              onClick={() => {
                if (instance.current) savePng(instance.current, title);
              }}
              data-testid={`${testId}-png`}
            />
          </Tooltip>
          <Tooltip title={t('analytics.exportCsv')}>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              aria-label={t('analytics.exportCsv')}
              disabled={!chart || placeholder !== undefined}
              onClick={() => {
                if (chart) saveFile(chartCsvFile(chart, locale, title));
              }}
              data-testid={`${testId}-csv`}
            />
          </Tooltip>
        </Space>
      }
    >
      {error ? <Alert type="warning" showIcon title={t('analytics.loadFailed', { message: error.message })} data-testid={`${testId}-error`} /> : null}
      {placeholder ?? (loading && !chart ? (
        <Flex align="center" justify="center" style={{ height: 300 }} data-testid={`${testId}-loading`}>
          <Spin />
        </Flex>
      ) : (
        <EChart
          option={option ?? {}}
          locale={locale}
          height={300}
          empty={!loading && empty}
          emptyText={t('analytics.empty')}
          onChart={(chartInstance) => {
            instance.current = chartInstance;
          }}
          data-testid={`${testId}-chart`}
        />
      ))}
    </Card>
  );
}
