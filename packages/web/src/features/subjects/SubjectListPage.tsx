import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Flex, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubjectListItem, SubjectListRequest, SubjectStatus } from '@dcap/core';
import { DATE_TIME_FORMAT, LISTED_SUBJECT_STATUSES } from '@dcap/core';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { BlankCrfButton } from '../crfPdf/CrfPdfButtons';
import { OdmDesignButton } from '../odm/OdmDesignButton';
import { FollowUpTag } from '../schedule/FollowUpTag';
import { AddSubjectDialog } from './AddSubjectDialog';
import { useSubjectListQuery, useSubjectOptionsQuery } from './api';
import { SubjectStatusTag, subjectPath } from './SubjectStatusTag';

const DAY = 'YYYY-MM-DD';
const PAGE_SIZE = 20;

interface FilterValues {
  siteId?: number;
  subjectCode?: string;
  initials?: string;
  screeningNo?: string;
  created?: [Dayjs, Dayjs] | null;
  enrolled?: [Dayjs, Dayjs] | null;
}

const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** The filter form's values as the list call wants them. */
export function listFilter(values: FilterValues): SubjectListRequest {
  return {
    siteId: values.siteId,
    subjectCode: text(values.subjectCode),
    initials: text(values.initials),
    screeningNo: text(values.screeningNo),
    createdFrom: values.created?.[0].format(DAY),
    createdTo: values.created?.[1].format(DAY),
    enrolledFrom: values.enrolled?.[0].format(DAY),
    enrolledTo: values.enrolled?.[1].format(DAY),
  };
}

/**
 * The subject list, landing page of data capture (spec 000 §2.4 /survey/schedule; spec 002 §2 "subject list
 * with filters"): the caller's sites only, filters by site, status, codes, initials, screening number and
 * dates, a tag per status with its count, paging, and the add-subject dialog.
 */
export function SubjectListPage({ statuses, titleKey = 'subjects.list.title' }: { statuses?: readonly SubjectStatus[]; titleKey?: string } = {}) {
  const { t } = useTranslation();
  const init = useAppInit();
  const { project, currentEnv } = useProjectContext();
  const projectId = project?.id ?? null;
  const env = currentEnv?.key ?? null;
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<SubjectListRequest>({});
  const [status, setStatus] = useState<SubjectStatus | undefined>(statuses?.[0]);
  const [pageNo, setPageNo] = useState(1);
  const [adding, setAdding] = useState(false);
  const options = useSubjectOptionsQuery(projectId, env);
  const list = useSubjectListQuery(projectId, env, { ...filter, status, pageNo, pageSize: PAGE_SIZE });
  const canEnter = init.projectAbilities['record.enter'] === true;
  const counts = list.data?.counts ?? {};
  // Pre-screening shows only where the project pre-screens or a candidate exists.
  const shown = statuses ?? LISTED_SUBJECT_STATUSES.filter((one) => one !== 'RECORD_STATUS_PRESCREEN' || options.data?.preScreen === true || (counts[one] ?? 0) > 0);
  const all = shown.reduce((sum, one) => sum + (counts[one] ?? 0), 0);

  const columns: TableColumnsType<SubjectListItem> = [
    {
      key: 'code',
      title: t('subjects.fields.subjectCode'),
      render: (_, row) => (
        <Link to={subjectPath(row.id)} data-testid={`subject-link-${String(row.id)}`}>
          {row.subjectCode ?? row.platformNo}
        </Link>
      ),
    },
    { key: 'platformNo', dataIndex: 'platformNo', title: t('subjects.fields.platformNo') },
    { key: 'site', title: t('subjects.fields.site'), render: (_, row) => `${row.siteCode} ${row.siteName}` },
    { key: 'initials', dataIndex: 'initials', title: t('subjects.fields.initials') },
    { key: 'gender', title: t('subjects.fields.gender'), render: (_, row) => (row.gender ? t(`subjects.gender.${row.gender}`) : '') },
    ...(options.data?.clinicalNumber ? [{ key: 'screeningNo', dataIndex: 'screeningNo', title: t('subjects.fields.screeningNo') }] : []),
    { key: 'randomNo', dataIndex: 'randomNo', title: t('subjects.fields.randomNo') },
    {
      key: 'status',
      title: t('subjects.fields.status'),
      render: (_, row) => (
        <Space size={4}>
          <SubjectStatusTag status={row.status} />
          {row.statusReason ? <Typography.Text type="secondary">{row.statusReason}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: 'followUp', title: t('schedule.followUpLabel'), render: (_, row) => <FollowUpTag state={row.followUp} testId={`subject-follow-up-${String(row.id)}`} /> },
    { key: 'createdAt', title: t('subjects.fields.createdAt'), render: (_, row) => dayjs(row.createdAt).format(DATE_TIME_FORMAT) },
    { key: 'enrolledAt', title: t('subjects.fields.enrolledAt'), render: (_, row) => (row.enrolledAt ? dayjs(row.enrolledAt).format(DATE_TIME_FORMAT) : '') },
  ];

  const statusTag = (value: SubjectStatus | undefined, label: string, count: number) => (
    <Tag.CheckableTag
      key={value ?? 'all'}
      checked={status === value}
      onChange={() => {
        setStatus(value);
        setPageNo(1);
      }}
      data-testid={`status-filter-${value ?? 'all'}`}
    >
      <Space size={4}>
        {label}
        <Typography.Text strong>{count}</Typography.Text>
      </Space>
    </Tag.CheckableTag>
  );

  return (
    <Card
      title={t(titleKey)}
      data-testid="subject-list"
      extra={
        <Space wrap>
          {options.data?.hasDesign ? <BlankCrfButton source="env" /> : null}
          {options.data?.hasDesign && projectId !== null && init.projectAbilities['data.export'] === true ? <OdmDesignButton projectId={projectId} env={env} /> : null}
          {canEnter && !statuses ? (
            <Button type="primary" icon={<PlusOutlined />} disabled={!options.data?.hasDesign || options.data.sites.length === 0} onClick={() => setAdding(true)} data-testid="subject-add">
              {t('subjects.list.add')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Flex vertical gap={12}>
        {options.data && !options.data.hasDesign ? <Alert type="info" showIcon title={t('subjects.list.noDesign')} /> : null}
        <Form
          form={form}
          layout="inline"
          onFinish={(values) => {
            setFilter(listFilter(values));
            setPageNo(1);
          }}
          style={{ rowGap: 8 }}
        >
          <Form.Item name="siteId">
            <Select
              allowClear
              placeholder={t('subjects.fields.site')}
              style={{ width: 180 }}
              options={(options.data?.sites ?? []).map((site) => ({ value: site.id, label: `${site.code} ${site.name}` }))}
              data-testid="filter-site"
            />
          </Form.Item>
          <Form.Item name="subjectCode">
            <Input allowClear placeholder={t('subjects.list.codePlaceholder')} style={{ width: 260 }} data-testid="filter-code" />
          </Form.Item>
          <Form.Item name="initials">
            <Input allowClear placeholder={t('subjects.fields.initials')} style={{ width: 120 }} data-testid="filter-initials" />
          </Form.Item>
          {options.data?.clinicalNumber ? (
            <Form.Item name="screeningNo">
              <Input allowClear placeholder={t('subjects.fields.screeningNo')} style={{ width: 160 }} />
            </Form.Item>
          ) : null}
          <Form.Item name="created" label={t('subjects.fields.createdRange')}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item name="enrolled" label={t('subjects.fields.enrolledRange')}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
              {t('subjects.list.search')}
            </Button>
          </Form.Item>
        </Form>
        <Space size={[4, 8]} wrap data-testid="status-counts">
          {statuses ? null : statusTag(undefined, t('subjects.list.all'), all)}
          {shown.map((one) => statusTag(one, t(`subjects.status.${one}`), counts[one] ?? 0))}
        </Space>
        <Table<SubjectListItem>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.list ?? []}
          data-testid="subject-table"
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('subjects.list.total', { count: total }),
            onChange: setPageNo,
          }}
        />
      </Flex>
      {options.data && adding ? <AddSubjectDialog open={adding} options={options.data} onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}

/** The screening results (spec 002 §2 "screening results"): subjects in screening, passed or failed. */
export function ScreeningResultsPage() {
  return <SubjectListPage statuses={['RECORD_STATUS_SCREENING', 'SCREEN_SUCCESS', 'SCREEN_FAILURE']} titleKey="subjects.screening.title" />;
}
