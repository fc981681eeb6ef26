import { BarChartOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Flex, Row, Segmented, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardTimeFilter } from '@dcap/core';
import { DASHBOARD_TIME_FILTERS } from '@dcap/core';
import { EChart } from '../../components/EChart';
import { currentLocale } from '../../i18n';
import { useDashboardSummary } from './api';
import { enrolmentOption, headlineFigures, panelsOption, queriesOption, subjectsOption } from './charts';

const CHART_HEIGHT = 300;

/**
 * The study figures of the dashboard (spec 002 §2 "data display dashboard"): subjects by status and site,
 * cumulative enrolment per site, panel statuses per site and unclosed queries by age, for the session's
 * project and environment within the user's sites, with the time filters of spec 002 §9.
 */
export function StudyFigures({ projectId, env, envName }: { projectId: number; env: string; envName: string }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const [filter, setFilter] = useState<DashboardTimeFilter>('all');
  const summary = useDashboardSummary(projectId, env, filter);
  const data = summary.data;

  const options = useMemo(
    () =>
      data
        ? {
            subjects: subjectsOption(data, t, locale),
            enrolment: enrolmentOption(data, t, locale),
            panels: panelsOption(data, t),
            queries: queriesOption(data, t),
          }
        : null,
    [data, t, locale],
  );
  const figures = data ? headlineFigures(data) : null;

  const chart = (key: 'subjects' | 'enrolment' | 'panels' | 'queries', empty: boolean) => (
    <Col xs={24} xl={12} key={key}>
      <Card size="small" title={t(`dataDisplay.chart.${key}`)} data-testid={`dashboard-chart-${key}`}>
        {options ? (
          <EChart option={options[key]} locale={locale} height={CHART_HEIGHT} empty={empty} emptyText={t('dataDisplay.noData')} />
        ) : (
          <div style={{ height: CHART_HEIGHT }} />
        )}
      </Card>
    </Col>
  );

  return (
    <Card
      data-testid="study-figures"
      loading={summary.isPending}
      title={
        <Flex gap={8} align="center" wrap>
          <BarChartOutlined />
          {t('dataDisplay.title')}
          <Tag color="blue">{t('dataDisplay.env', { env: envName })}</Tag>
          {data?.periodStart ? (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {t('dataDisplay.since', { date: dayjs(data.periodStart).format('YYYY-MM-DD') })}
            </Typography.Text>
          ) : null}
        </Flex>
      }
      extra={
        <Segmented<DashboardTimeFilter>
          data-testid="dashboard-filter"
          value={filter}
          onChange={setFilter}
          options={DASHBOARD_TIME_FILTERS.map((value) => ({ value, label: t(`dataDisplay.filter.${value}`) }))}
        />
      }
    >
      {summary.isError ? (
        <Alert type="warning" showIcon title={t('dataDisplay.loadFailed')} description={summary.error.message} />
      ) : (
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]}>
            {(['subjects', 'enrolled', 'panels', 'openQueries'] as const).map((key) => (
              <Col xs={12} md={6} key={key}>
                <Card size="small">
                  <Statistic title={t(`dataDisplay.kpi.${key}`)} value={figures?.[key] ?? 0} data-testid={`dashboard-kpi-${key}`} />
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]}>
            {chart('subjects', (figures?.subjects ?? 0) === 0)}
            {chart('enrolment', (figures?.enrolled ?? 0) === 0 && (data?.enrolmentBaseline.length ?? 0) === 0)}
            {chart('panels', (figures?.panels ?? 0) === 0)}
            {chart('queries', (figures?.openQueries ?? 0) === 0)}
          </Row>
        </Flex>
      )}
    </Card>
  );
}
