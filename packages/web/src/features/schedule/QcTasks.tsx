import { Alert, Badge, Button, Card, Col, Empty, Row, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { EChartsOption } from 'echarts';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Locale, QcStage, QcSummary, QcTask } from '@dcap/core';
import { DATE_TIME_FORMAT, QC_STAGES } from '@dcap/core';
import { useProjectContext } from '../../app/projectContext';
import { EChart } from '../../components/EChart';
import { currentLocale } from '../../i18n';
import { TASK_PAGE_SIZE, useQcListQuery, useQcSummaryQuery } from './api';
import { StatusSquare } from './statusStyle';
import { panelEntryPath } from './SubjectSchedule';
import { SiteCountsTable } from './SiteCountsTable';
import { taskSiteLabel } from './taskChart';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** Panels waiting per site (x), one stacked bar per stage. */
export function qcChartOption(summary: QcSummary, t: Translate, locale: Locale): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 48, right: 24, top: 48, bottom: 48, containLabel: true },
    xAxis: { type: 'category', data: summary.sites.map((site) => taskSiteLabel(site, locale)), axisLabel: { interval: 0, formatter: (value: string) => value.split(' ')[0] ?? value } },
    yAxis: { type: 'value', name: t('schedule.qc.axisCount'), minInterval: 1 },
    series: QC_STAGES.map((stage) => ({ type: 'bar', stack: 'qc', name: t(`schedule.qc.${stage}`), emphasis: { focus: 'series' }, data: summary.sites.map((site) => site[stage]) })),
  };
}

/**
 * The QC task list (spec 000 §3 "QC task statuses"): per site of the user, the forms waiting for
 * verification, review and signature, a chart of them, and a drill-down list of one stage, the longest
 * waiting first, each linking to the form.
 */
export function QcTasks() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const { project, currentEnv } = useProjectContext();
  const summary = useQcSummaryQuery(project?.id ?? null, currentEnv?.key ?? null);
  const [drill, setDrill] = useState<{ stage: QcStage; siteId: number | null } | null>(null);
  const data = summary.data;
  const option = useMemo(() => (data ? qcChartOption(data, t, locale) : null), [data, t, locale]);
  if (summary.isError) return <Alert type="warning" showIcon title={t('schedule.qc.loadFailed')} description={summary.error.message} />;

  const countLink = (stage: QcStage, value: number, siteId: number | null) => (
    <Button type="link" size="small" disabled={value === 0} onClick={() => setDrill({ stage, siteId })} data-testid={`qc-${stage}-${siteId === null ? 'all' : String(siteId)}`}>
      {value}
    </Button>
  );

  return (
    <>
      <Card title={t('schedule.qc.title')} loading={summary.isPending} data-testid="qc-summary">
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <SiteCountsTable keys={QC_STAGES} rows={data?.sites ?? []} titleOf={(stage) => t(`schedule.qc.${stage}`)} countLink={countLink} locale={locale} data-testid="qc-table" />
          </Col>
          <Col xs={24} xl={12}>
            <Typography.Text strong>{t('schedule.qc.chart')}</Typography.Text>
            {option ? <EChart option={option} locale={locale} height={280} empty={(data?.sites ?? []).length === 0} emptyText={t('schedule.qc.empty')} data-testid="qc-chart" /> : null}
          </Col>
        </Row>
      </Card>
      {drill && data ? <QcList stage={drill.stage} siteId={drill.siteId} summary={data} /> : null}
    </>
  );
}

function QcList({ stage, siteId, summary }: { stage: QcStage; siteId: number | null; summary: QcSummary }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const { project, currentEnv } = useProjectContext();
  const [page, setPage] = useState(1);
  const list = useQcListQuery(project?.id ?? null, currentEnv?.key ?? null, stage, siteId, page);
  const site = summary.sites.find((row) => row.siteId === siteId);
  const named = (name: string, nameEn: string | null) => (locale === 'en-US' ? (nameEn ?? name) : name);
  const columns: TableColumnsType<QcTask> = [
    { key: 'subject', title: t('schedule.tasks.subject'), render: (_, task) => <Link to={`/survey/subject/${String(task.subjectId)}`}>{task.subjectCode ?? task.platformNo}</Link> },
    ...(siteId === null ? [{ key: 'site', title: t('schedule.tasks.site'), render: (_: unknown, task: QcTask) => summary.sites.find((row) => row.siteId === task.siteId)?.code ?? '' }] : []),
    { key: 'visit', title: t('schedule.tasks.visit'), render: (_, task) => named(task.visitName, task.visitNameEn) },
    { key: 'form', title: t('schedule.qc.form'), render: (_, task) => named(task.instrumentName, task.instrumentNameEn) },
    {
      key: 'status',
      title: t('schedule.qc.status'),
      render: (_, task) => (
        <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
          <StatusSquare status={task.status} size={16} />
          {t(`schedule.status.${task.status}`)}
        </span>
      ),
    },
    { key: 'since', title: t('schedule.qc.waitingSince'), render: (_, task) => dayjs(task.updatedAt).format(DATE_TIME_FORMAT) },
    { key: 'queries', title: t('schedule.qc.openQueries'), align: 'right', render: (_, task) => <Badge count={task.openQueries} showZero={false} /> },
    { key: 'open', title: t('schedule.tasks.actions'), render: (_, task) => <Link to={panelEntryPath(task.subjectId, task.panelInstanceId)}>{t('schedule.qc.open')}</Link> },
  ];
  return (
    <Card size="small" title={t('schedule.qc.listTitle', { site: site ? taskSiteLabel(site, locale) : t('schedule.tasks.allSites'), stage: t(`schedule.qc.${stage}`) })} data-testid="qc-list">
      {list.isError ? (
        <Alert type="warning" showIcon title={t('schedule.qc.loadFailed')} description={list.error.message} />
      ) : (
        <Table<QcTask>
          rowKey="panelInstanceId"
          size="small"
          loading={list.isPending}
          columns={columns}
          dataSource={list.data?.items ?? []}
          locale={{ emptyText: <Empty description={t('schedule.qc.empty')} /> }}
          pagination={{ current: page, pageSize: TASK_PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        />
      )}
    </Card>
  );
}
