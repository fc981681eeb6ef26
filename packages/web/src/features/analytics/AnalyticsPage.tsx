import { AimOutlined, BellOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Flex, Form, InputNumber, Modal, Row, Segmented, Select, Table, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsIndicator, AnalyticsOverview, DashboardTimeFilter, DistributionSplit } from '@dcap/core';
import { ALERT_DAYS_MAX, DASHBOARD_TIME_FILTERS, DISTRIBUTION_SPLITS, QUERY_ALERT_DAYS, SITE_IDLE_ALERT_DAYS } from '@dcap/core';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { currentLocale } from '../../i18n';
import { localName } from '../../lib/displayName';
import type { AnalyticsFilterState, ChartRequest } from './api';
import { useAnalyticsChart, useAnalyticsOverview, useDistributionFields, useSetAlertThresholds, useSetSiteTarget } from './api';
import { ChartCard } from './ChartCard';
import { labelIn } from './charts';

/** The indicators drawn as a card each, in this order; the field distribution has its own card below. */
const CARD_INDICATORS: AnalyticsIndicator[] = ['enrolment', 'screeningFailures', 'visitCompletion', 'queryRateBySite', 'queryRateByPanel', 'queryTimes', 'entryLag', 'sdvProgress', 'randomisation'];

const ALL_TIME: AnalyticsFilterState = { time: 'all', siteIds: [], arm: null };

interface Scope {
  projectId: number;
  env: string;
  filter: AnalyticsFilterState;
}

function IndicatorCard({ scope, indicator, extra }: { scope: Scope; indicator: AnalyticsIndicator; extra?: ReactNode }) {
  const { t } = useTranslation();
  const query = useAnalyticsChart(scope.projectId, scope.env, { indicator }, scope.filter);
  return <ChartCard title={t(`analytics.indicator.${indicator}`)} testId={`card-${indicator}`} chart={query.data} loading={query.isLoading} error={query.error} extra={extra} />;
}

/** The distribution card: a numeric or choice field of the design, split by site, visit or (when allowed) arm. */
function DistributionCard({ scope, armsVisible }: { scope: Scope; armsVisible: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const fields = useDistributionFields(scope.projectId, scope.env, true);
  const [picked, setPicked] = useState<string | null>(null);
  const [split, setSplit] = useState<DistributionSplit>('site');
  const field = fields.data?.find((candidate) => `${String(candidate.instrumentId)}:${candidate.path}` === picked);
  const request: ChartRequest = field ? { indicator: 'distribution', instrumentId: field.instrumentId, path: field.path, split } : { indicator: 'distribution' };
  const chart = useAnalyticsChart(scope.projectId, scope.env, request, scope.filter, field !== undefined);
  const splits = DISTRIBUTION_SPLITS.filter((value) => value !== 'arm' || armsVisible);
  const name = (a: string, b: string | null) => (locale === 'en-US' ? (b ?? a) : a);
  const placeholder = field ? undefined : (
    <Flex align="center" justify="center" style={{ height: 300 }}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={fields.data?.length === 0 ? t('analytics.distribution.noFields') : t('analytics.distribution.pick')} />
    </Flex>
  );
  return (
    <ChartCard
      title={field ? `${t('analytics.indicator.distribution')} · ${name(field.name, field.nameEn)}` : t('analytics.indicator.distribution')}
      testId="card-distribution"
      chart={field ? chart.data : undefined}
      loading={field !== undefined && chart.isLoading}
      error={chart.error ?? fields.error}
      placeholder={placeholder}
      extra={
        <>
          <Select
            size="small"
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 260 }}
            placeholder={t('analytics.distribution.pickField')}
            aria-label={t('analytics.distribution.field')}
            loading={fields.isLoading}
            value={picked}
            onChange={setPicked}
            options={(fields.data ?? []).map((candidate) => ({
              value: `${String(candidate.instrumentId)}:${candidate.path}`,
              label: `${name(candidate.instrumentName, candidate.instrumentNameEn)} / ${name(candidate.name, candidate.nameEn)}`,
            }))}
            data-testid="distribution-field"
          />
          <Segmented<DistributionSplit>
            size="small"
            value={split}
            onChange={setSplit}
            options={splits.map((value) => ({ value, label: t(`analytics.distribution.splits.${value}`) }))}
            data-testid="distribution-split"
          />
        </>
      }
    />
  );
}

/** Site managers set each site's enrolment target here (POST /dcap/analytics/siteTarget, docs/decisions.md "Analytics screens"). */
function TargetsDialog({ sites, onClose }: { sites: AnalyticsOverview['sites']; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const save = useSetSiteTarget();
  const [drafts, setDrafts] = useState<Record<number, number | null>>(() => Object.fromEntries(sites.map((site) => [site.id, site.target])));
  return (
    <Modal open title={t('analytics.targets.title')} onCancel={onClose} footer={null} width={640} data-testid="targets-dialog">
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={sites}
        columns={[
          { title: t('analytics.targets.site'), key: 'site', render: (_value, site) => `${site.code} ${labelIn(site, locale)}` },
          {
            title: t('analytics.targets.target'),
            key: 'target',
            render: (_value, site) => (
              <InputNumber
                min={0}
                max={100_000}
                precision={0}
                placeholder={t('analytics.targets.none')}
                value={drafts[site.id] ?? null}
                onChange={(value) => setDrafts((current) => ({ ...current, [site.id]: value }))}
                data-testid={`target-input-${String(site.id)}`}
              />
            ),
          },
          {
            key: 'save',
            render: (_value, site) => (
              <Button
                size="small"
                type="primary"
                loading={save.isPending && save.variables.siteId === site.id}
                disabled={(drafts[site.id] ?? null) === site.target}
                onClick={() => save.mutate({ siteId: site.id, target: drafts[site.id] ?? null })}
                data-testid={`target-save-${String(site.id)}`}
              >
                {t('analytics.targets.save')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}

type TestableButton = ButtonProps & Record<'data-testid', string>;
const SAVE_BUTTON: TestableButton = { 'data-testid': 'alert-thresholds-save' };

interface ThresholdValues {
  siteIdleDays: number | null;
  queryDays: number | null;
}

/**
 * Whoever configures the project sets the day thresholds of the big screen's alerts here (POST
 * /dcap/analytics/alertThresholds, docs/decisions.md "Analytics screens"); an empty box keeps the platform's
 * default, which the box shows as its placeholder.
 */
function AlertThresholdsDialog({ current, onClose }: { current: AnalyticsOverview['alertThresholds']; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSetAlertThresholds();
  const [form] = Form.useForm<ThresholdValues>();
  const initial: ThresholdValues = { siteIdleDays: current.own.siteIdleDays ? current.siteIdleDays : null, queryDays: current.own.queryDays ? current.queryDays : null };
  const submit = (values: ThresholdValues) => {
    save.mutate({ siteIdleDays: values.siteIdleDays ?? null, queryDays: values.queryDays ?? null }, { onSuccess: onClose });
  };
  const box = (name: keyof ThresholdValues, fallback: number) => (
    <Form.Item name={name} label={t(`analytics.alertThresholds.${name}`)} extra={t('analytics.alertThresholds.platformDefault', { days: fallback })}>
      <InputNumber min={1} max={ALERT_DAYS_MAX} precision={0} placeholder={String(fallback)} suffix={t('analytics.alertThresholds.days')} style={{ width: 160 }} data-testid={`alert-${name}`} />
    </Form.Item>
  );
  return (
    <Modal
      open
      title={t('analytics.alertThresholds.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('analytics.alertThresholds.save')}
      cancelText={t('analytics.alertThresholds.cancel')}
      okButtonProps={{ ...SAVE_BUTTON, loading: save.isPending }}
      width={520}
      data-testid="alert-thresholds-dialog"
    >
      <Typography.Paragraph type="secondary">{t('analytics.alertThresholds.intro')}</Typography.Paragraph>
      <Form<ThresholdValues> form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        {box('siteIdleDays', SITE_IDLE_ALERT_DAYS)}
        {box('queryDays', QUERY_ALERT_DAYS)}
      </Form>
    </Modal>
  );
}

/**
 * The Analytics application's page (/analytics/indicators; docs/decisions.md "Analytics screens"): a filter
 * bar (the caller's sites, the dashboard's periods, an arm only for callers who may see arms, as the
 * server's answers tell) and a card per indicator, each exporting its picture and its data.
 */
export function AnalyticsPage() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const { projectAbilities } = useAppInit();
  const { project, currentEnv } = useProjectContext();
  const [filter, setFilter] = useState<AnalyticsFilterState>(ALL_TIME);
  const [targetsOpen, setTargetsOpen] = useState(false);
  const [thresholdsOpen, setThresholdsOpen] = useState(false);
  // The unfiltered overview lists the caller's sites and the arms met, and says whether arms may be shown.
  const options = useAnalyticsOverview(project?.id ?? null, currentEnv?.key ?? null, ALL_TIME);
  const armsVisible = options.data?.armsVisible === true;
  const arms = useMemo(() => options.data?.tiles.randomised.byArm?.map((row) => row.arm) ?? [], [options.data]);

  if (!project || !currentEnv) return <Empty description={t('analytics.noProject')} data-testid="analytics-no-project" />;
  const scope: Scope = { projectId: project.id, env: currentEnv.key, filter };
  const sites = options.data?.sites ?? [];
  const mayTarget = projectAbilities['site.manage'] === true;
  const mayConfigure = projectAbilities['project.configure'] === true;
  const thresholds = options.data?.alertThresholds;

  return (
    <Flex vertical gap={16} data-testid="analytics-page">
      <Card size="small">
        <Flex gap={16} align="center" wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('analytics.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('analytics.env', { env: localName(currentEnv, locale) })}</Typography.Text>
          <Flex gap={8} align="center" style={{ marginLeft: 'auto' }} wrap>
            <Select
              mode="multiple"
              allowClear
              style={{ minWidth: 220 }}
              maxTagCount="responsive"
              placeholder={t('analytics.filter.allSites')}
              aria-label={t('analytics.filter.sites')}
              value={filter.siteIds}
              onChange={(siteIds: number[]) => setFilter((current) => ({ ...current, siteIds }))}
              options={sites.map((site) => ({ value: site.id, label: `${site.code} ${labelIn(site, locale)}` }))}
              data-testid="filter-sites"
            />
            <Segmented<DashboardTimeFilter>
              value={filter.time}
              onChange={(time) => setFilter((current) => ({ ...current, time }))}
              options={DASHBOARD_TIME_FILTERS.map((value) => ({ value, label: t(`dataDisplay.filter.${value}`) }))}
              data-testid="filter-time"
            />
            {armsVisible ? (
              <Select
                allowClear
                style={{ minWidth: 140 }}
                placeholder={t('analytics.filter.allArms')}
                aria-label={t('analytics.filter.arm')}
                value={filter.arm}
                onChange={(arm: string | undefined) => setFilter((current) => ({ ...current, arm: arm ?? null }))}
                options={arms.map((arm) => ({ value: arm, label: arm }))}
                data-testid="filter-arm"
              />
            ) : null}
            {mayConfigure ? (
              <Button icon={<BellOutlined />} disabled={!thresholds} onClick={() => setThresholdsOpen(true)} data-testid="alert-thresholds-open">
                {t('analytics.alertThresholds.open')}
              </Button>
            ) : null}
          </Flex>
        </Flex>
      </Card>
      {options.isError ? <Alert type="warning" showIcon title={t('analytics.loadFailed', { message: options.error.message })} data-testid="analytics-error" /> : null}
      <Row gutter={[16, 16]}>
        {CARD_INDICATORS.map((indicator) => (
          <Col key={indicator} xs={24} xl={12}>
            <IndicatorCard
              scope={scope}
              indicator={indicator}
              extra={
                indicator === 'enrolment' && mayTarget ? (
                  <Button size="small" icon={<AimOutlined />} disabled={sites.length === 0} onClick={() => setTargetsOpen(true)} data-testid="targets-open">
                    {t('analytics.targets.open')}
                  </Button>
                ) : undefined
              }
            />
          </Col>
        ))}
        <Col xs={24} xl={12}>
          <DistributionCard scope={scope} armsVisible={armsVisible} />
        </Col>
      </Row>
      {targetsOpen ? <TargetsDialog sites={sites} onClose={() => setTargetsOpen(false)} /> : null}
      {thresholdsOpen && thresholds ? <AlertThresholdsDialog current={thresholds} onClose={() => setThresholdsOpen(false)} /> : null}
    </Flex>
  );
}
