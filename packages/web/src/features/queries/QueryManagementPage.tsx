import { Alert, App, Button, Card, Col, Flex, Form, Input, Row, Select, Space, Statistic, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Query, QueryAgeGroup, QueryStatus } from '@dcap/core';
import { QUERY_AGE_GROUPS, QUERY_STATUSES } from '@dcap/core';
import { useProjectContext } from '../../app/projectContext';
import { EChart } from '../../components/EChart';
import { currentLocale } from '../../i18n';
import type { QueryFilters } from './api';
import { useQueryFilterOptions, useQueryList } from './api';
import { ageChartOption } from './ageChart';
import { ExportButton } from './ExportButton';
import { FilterBar } from './FilterBar';
import { localName, timeWithOffset } from './format';
import { QueryThreadContent } from './QueryDialogs';
import { QueryStatusTag } from './statusTag';

const PAGE_SIZE = 20;
const panelPath = (query: Query) => `/survey/subject/${String(query.subjectId)}/panel/${String(query.panelInstanceId)}`;

interface FilterForm {
  siteId?: number;
  eventId?: number;
  instrumentId?: number;
  status?: QueryStatus;
  age?: QueryAgeGroup;
  subject?: string;
}

/**
 * Query management (spec 002 §2): the queries of the caller's sites by site, visit, panel, status, subject
 * and age; counts per status, a chart of unclosed queries by age, the list with each query's thread, and
 * the export of what the filters select.
 */
export function QueryManagementPage() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const { modal } = App.useApp();
  const { project, currentEnv } = useProjectContext();
  const options = useQueryFilterOptions(project?.id ?? null, currentEnv?.key ?? null);
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<QueryFilters>({});
  const [pageNo, setPageNo] = useState(1);
  const list = useQueryList(filters, { pageNo, pageSize: PAGE_SIZE });
  const data = list.data;
  const chart = useMemo(() => (data ? ageChartOption(data, t) : null), [data, t]);

  const apply = (values: FilterForm) => {
    const subject = values.subject?.trim();
    setFilters({ ...values, subject: subject === '' ? undefined : subject });
    setPageNo(1);
  };
  const byStatus = (status: QueryStatus | undefined) => {
    form.setFieldValue('status', status);
    apply({ ...form.getFieldsValue(), status });
  };
  const openThread = (query: Query) => {
    modal.info({
      title: t('queries.thread.title', { field: `${query.subjectLabel} · ${localName(locale, query.fieldLabel, query.fieldLabelEn)}` }),
      icon: null,
      width: 720,
      closable: true,
      footer: null,
      content: <QueryThreadContent field={{ panelInstanceId: query.panelInstanceId, path: query.path }} only={query.id} onChanged={() => undefined} />,
    });
  };

  const named = (item: { id: number; name: string; nameEn: string | null }) => ({ value: item.id, label: localName(locale, item.name, item.nameEn) });
  const columns: TableColumnsType<Query> = [
    { key: 'id', title: t('queries.management.columns.id'), dataIndex: 'id', width: 70 },
    { key: 'site', title: t('queries.management.columns.site'), dataIndex: 'siteName', width: 110 },
    { key: 'subject', title: t('queries.management.columns.subject'), dataIndex: 'subjectLabel', width: 110 },
    { key: 'visit', title: t('queries.management.columns.visit'), width: 110, render: (_, q) => localName(locale, q.eventName, q.eventNameEn) },
    { key: 'panel', title: t('queries.management.columns.panel'), width: 120, render: (_, q) => localName(locale, q.instrumentName, q.instrumentNameEn) },
    { key: 'field', title: t('queries.management.columns.field'), width: 120, render: (_, q) => localName(locale, q.fieldLabel, q.fieldLabelEn) },
    { key: 'status', title: t('queries.management.columns.status'), width: 100, render: (_, q) => <QueryStatusTag status={q.status} /> },
    {
      key: 'content',
      title: t('queries.management.columns.content'),
      ellipsis: true,
      render: (_, q) => (locale === 'en-US' ? (q.contentEn ?? q.content) : q.content),
    },
    { key: 'raisedBy', title: t('queries.management.columns.raisedBy'), width: 110, render: (_, q) => q.raisedBy?.name ?? '' },
    { key: 'raisedAt', title: t('queries.management.columns.raisedAt'), width: 200, render: (_, q) => timeWithOffset(q.raisedAt) },
    { key: 'days', title: t('queries.management.columns.days'), dataIndex: 'ageDays', width: 70, align: 'right' },
    {
      key: 'actions',
      title: t('queries.management.columns.actions'),
      width: 130,
      fixed: 'right',
      render: (_, q) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => openThread(q)} data-testid={`query-open-${String(q.id)}`}>
            {t('queries.management.view')}
          </Button>
          <Link to={panelPath(q)}>{t('queries.management.open')}</Link>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="query-management">
      <Card title={t('queries.management.title')} extra={<ExportButton what="queries" filters={filters} />}>
        <FilterBar form={form} onApply={apply} testId="query">
          <Form.Item name="siteId" label={t('queries.management.site')}>
            <Select allowClear style={{ width: 160 }} placeholder={t('queries.management.all')} options={(options.data?.sites ?? []).map((site) => ({ value: site.id, label: `${site.code} ${localName(locale, site.name, site.nameEn)}` }))} />
          </Form.Item>
          <Form.Item name="eventId" label={t('queries.management.visit')}>
            <Select allowClear style={{ width: 140 }} placeholder={t('queries.management.all')} options={(options.data?.events ?? []).map(named)} />
          </Form.Item>
          <Form.Item name="instrumentId" label={t('queries.management.panel')}>
            <Select allowClear style={{ width: 140 }} placeholder={t('queries.management.all')} options={(options.data?.instruments ?? []).map(named)} />
          </Form.Item>
          <Form.Item name="status" label={t('queries.management.status')}>
            <Select allowClear style={{ width: 120 }} placeholder={t('queries.management.all')} options={QUERY_STATUSES.map((status) => ({ value: status, label: t(`queries.status.${status}`) }))} />
          </Form.Item>
          <Form.Item name="age" label={t('queries.management.age')}>
            <Select allowClear style={{ width: 120 }} placeholder={t('queries.management.all')} options={QUERY_AGE_GROUPS.map((group) => ({ value: group, label: t(`queries.age.${group}`) }))} />
          </Form.Item>
          <Form.Item name="subject" label={t('queries.management.subject')}>
            <Input allowClear style={{ width: 140 }} placeholder={t('queries.management.subjectPlaceholder')} />
          </Form.Item>
        </FilterBar>
      </Card>
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <Card size="small" style={{ height: '100%' }} data-testid="query-counts">
            <Row gutter={[8, 16]}>
              <Col span={8}>
                <Statistic title={<a onClick={() => byStatus(undefined)}>{t('queries.management.total')}</a>} value={data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : 0} />
              </Col>
              {QUERY_STATUSES.map((status) => (
                <Col span={8} key={status}>
                  <Statistic
                    title={
                      <a onClick={() => byStatus(status)} data-testid={`query-count-${status}`}>
                        {t(`queries.status.${status}`)}
                      </a>
                    }
                    value={data?.counts[status] ?? 0}
                    styles={filters.status === status ? { content: { color: '#1677ff' } } : undefined}
                  />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('queries.management.chart')}>
            {chart ? <EChart option={chart} locale={locale} height={220} data-testid="query-age-chart" /> : null}
          </Card>
        </Col>
      </Row>
      <Card size="small">
        {list.isError ? (
          <Alert type="warning" showIcon title={t('queries.loadFailed')} description={list.error.message} />
        ) : (
          <Table<Query>
            rowKey="id"
            size="small"
            loading={list.isFetching}
            columns={columns}
            dataSource={data?.list ?? []}
            scroll={{ x: 1400 }}
            pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPageNo, showSizeChanger: false, showTotal: (total) => `${t('queries.management.total')} ${String(total)}` }}
            data-testid="query-table"
          />
        )}
      </Card>
    </Flex>
  );
}
