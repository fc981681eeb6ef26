import { Alert, Button, Card, Col, Descriptions, Form, InputNumber, Row, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, SIMULATION_SUBJECTS_MAX, SIMULATION_TRIALS_MAX, SIMULATION_WORK_MAX } from '@dcap/core';
import type { Locale, RandScheme, SimulationReport } from '@dcap/core';
import { EChart } from '../../components/EChart';
import { useSimulateScheme } from './api';
import { schemeIsSimulated } from './paths';
import { armShareRows, histogramOption, levelOption } from './simulationChart';

const localeOf = (language: string): Locale => (language === 'en-US' ? 'en-US' : 'zh-CN');
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const fixed = (value: number) => value.toFixed(2);

interface SimulationValues {
  trials: number;
  subjectsPerTrial: number;
}

/** The report's figures: imbalance overall and at the worst factor level, and each arm's share. */
function SimulationSummary({ report, scheme, locale }: { report: SimulationReport; scheme: RandScheme; locale: Locale }) {
  const { t } = useTranslation();
  const shares = armShareRows(report, scheme.settings, locale);
  return (
    <Row gutter={16}>
      <Col xs={24} lg={14}>
        <Descriptions size="small" bordered column={1} data-testid="simulation-summary">
          <Descriptions.Item label={t('balance.simulation.ran')}>
            {t('balance.simulation.ranText', { trials: report.trials, subjects: report.subjectsPerTrial, version: report.version, at: dayjs(report.ranAt).format(DATE_TIME_FORMAT) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('balance.simulation.overall')}>
            {t('balance.simulation.stats', { mean: fixed(report.overall.mean), p95: fixed(report.overall.p95), max: fixed(report.overall.max) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('balance.simulation.marginal')}>
            {t('balance.simulation.stats', { mean: fixed(report.marginal.mean), p95: fixed(report.marginal.p95), max: fixed(report.marginal.max) })}
          </Descriptions.Item>
        </Descriptions>
      </Col>
      <Col xs={24} lg={10}>
        <Table
          size="small"
          rowKey="code"
          pagination={false}
          dataSource={shares}
          columns={[
            { title: t('balance.fields.armsOne'), dataIndex: 'name', render: (name: string, row) => `${row.code} ${name}` },
            { title: t('balance.simulation.share'), dataIndex: 'share', render: percent },
            { title: t('balance.simulation.planned'), dataIndex: 'planned', render: (planned: number | null) => (planned === null ? '-' : percent(planned)) },
          ]}
          data-testid="simulation-arm-shares"
        />
      </Col>
    </Row>
  );
}

/**
 * Simulation of the saved scheme (docs/decisions.md "Randomisation": trials over the project's sites, seeded
 * from the scheme's seed and version): a histogram of the overall imbalance, the imbalance per factor level and
 * the arms' shares. The report is kept with the scheme; approval needs one of its current version.
 */
export function SimulationPanel({ scheme, canDesign }: { scheme: RandScheme; canDesign: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [form] = Form.useForm<SimulationValues>();
  const simulate = useSimulateScheme();
  const report = simulate.data && simulate.data.version === scheme.version ? simulate.data : (scheme.simulation ?? null);
  const histogram = useMemo(() => (report ? histogramOption(report, t) : null), [report, t]);
  const levels = useMemo(() => (report ? levelOption(report, scheme.factors, t, locale) : null), [report, scheme.factors, t, locale]);
  const chartLocale = locale;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="simulation-panel">
      {canDesign && scheme.status === 'draft' ? (
        <Form<SimulationValues>
          form={form}
          layout="inline"
          initialValues={{ trials: 1000, subjectsPerTrial: 200 }}
          onFinish={(values) => void simulate.mutateAsync({ id: scheme.id, ...values }).catch(() => undefined)}
        >
          <Form.Item name="trials" label={t('balance.simulation.trials')} rules={[{ required: true, message: t('balance.simulation.required') }]}>
            <InputNumber min={1} max={SIMULATION_TRIALS_MAX} precision={0} data-testid="simulation-trials" />
          </Form.Item>
          <Form.Item
            name="subjectsPerTrial"
            label={t('balance.simulation.subjects')}
            dependencies={['trials']}
            rules={[
              { required: true, message: t('balance.simulation.required') },
              ({ getFieldValue }) => ({
                validator: (_rule, value: number | null) =>
                  (Number(getFieldValue('trials')) || 0) * (value ?? 0) <= SIMULATION_WORK_MAX ? Promise.resolve() : Promise.reject(new Error(t('balance.simulation.tooMuch', { max: SIMULATION_WORK_MAX }))),
              }),
            ]}
          >
            <InputNumber min={1} max={SIMULATION_SUBJECTS_MAX} precision={0} data-testid="simulation-subjects" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={simulate.isPending} data-testid="simulation-run">
            {t('balance.simulation.run')}
          </Button>
        </Form>
      ) : null}
      {report && !schemeIsSimulated(scheme) ? <Alert type="warning" showIcon title={t('balance.simulation.stale', { version: report.version })} /> : null}
      {report && histogram && levels ? (
        <>
          <SimulationSummary report={report} scheme={scheme} locale={locale} />
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('balance.simulation.histogram')}>
                <EChart option={histogram} locale={chartLocale} height={280} data-testid="simulation-histogram" />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title={t('balance.simulation.levels')}>
                <EChart option={levels} locale={chartLocale} height={280} empty={Object.keys(report.levels).length === 0} emptyText={t('balance.simulation.noLevels')} data-testid="simulation-levels" />
              </Card>
            </Col>
          </Row>
        </>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="simulation-none">
          {t('balance.simulation.none')}
        </Typography.Paragraph>
      )}
    </Space>
  );
}
