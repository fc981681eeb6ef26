import { EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Flex, Modal, Row, Select, Space, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TaskBucket, TaskSummary, VisitTask } from '@dcap/core';
import { ATTACHMENT_MAX_BYTES, DATE_TIME_FORMAT, TASK_BUCKETS } from '@dcap/core';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { isApiError } from '../../api/errors';
import { useEventListQuery } from '../../api/events';
import { EChart } from '../../components/EChart';
import { currentLocale } from '../../i18n';
import { TASK_PAGE_SIZE, useTaskListQuery, useTaskSummaryQuery, useUploadVisitRecordMutation, useVisitRecordsQuery } from './api';
import { QcTasks } from './QcTasks';
import { WINDOW_STATUS_COLOR } from './statusStyle';
import { SiteCountsTable } from './SiteCountsTable';
import { taskChartOption, taskSiteLabel } from './taskChart';

const ACCEPT = '.jpg,.jpeg,.png,.pdf';

/** The subject page (spec 002 §2 "subject information"), whose visits tab shows the schedule. */
const subjectPath = (subjectId: number) => `/survey/subject/${String(subjectId)}`;

/**
 * The task summary (spec 002 §2 "task summary"): per site of the user, the visits due today, due this
 * week, overdue and upcoming, a chart of due and overdue visits per site, and a drill-down list of one
 * bucket, filtered by visit, with each visit's window status and the reminders its subject was sent, where
 * visit records are uploaded (spec 002 §7 /dcap/visitTask/uploadVisitRecord); below, the QC tasks.
 */
export function TaskSummaryPage() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const { project, currentEnv } = useProjectContext();
  const summary = useTaskSummaryQuery(project?.id ?? null, currentEnv?.key ?? null);
  const [drill, setDrill] = useState<{ bucket: TaskBucket; siteId: number | null } | null>(null);
  const data = summary.data;
  const option = useMemo(() => (data ? taskChartOption(data, t, locale) : null), [data, t, locale]);

  if (summary.isError) {
    const off = isApiError(summary.error) && summary.error.errorCode === 'schedule.visit_tasks_off';
    return (
      <Flex vertical gap={16}>
        <Card title={t('schedule.tasks.title')} data-testid="task-summary">
          <Alert type={off ? 'info' : 'warning'} showIcon title={off ? t('schedule.tasks.off') : t('schedule.tasks.loadFailed')} description={off ? undefined : summary.error.message} />
        </Card>
        <QcTasks />
      </Flex>
    );
  }

  const countLink = (bucket: TaskBucket, value: number, siteId: number | null) => (
    <Button type="link" size="small" disabled={value === 0} onClick={() => setDrill({ bucket, siteId })} data-testid={`task-${bucket}-${siteId === null ? 'all' : String(siteId)}`}>
      <span style={bucket === 'overdue' && value > 0 ? { color: '#F5222D', fontWeight: 600 } : undefined}>{value}</span>
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      <Card
        title={t('schedule.tasks.title')}
        loading={summary.isPending}
        data-testid="task-summary"
        extra={data ? <Typography.Text type="secondary">{t('schedule.tasks.today', { today: data.today, weekEnd: data.weekEnd })}</Typography.Text> : null}
      >
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <SiteCountsTable keys={TASK_BUCKETS} rows={data?.sites ?? []} titleOf={(bucket) => t(`schedule.tasks.${bucket}`)} countLink={countLink} locale={locale} data-testid="task-table" />
          </Col>
          <Col xs={24} xl={12}>
            <Typography.Text strong>{t('schedule.tasks.chart')}</Typography.Text>
            {option ? (
              <EChart option={option} locale={locale} height={280} empty={(data?.sites ?? []).length === 0} emptyText={t('schedule.tasks.empty')} data-testid="task-chart" />
            ) : null}
          </Col>
        </Row>
      </Card>
      {drill && data ? <TaskList bucket={drill.bucket} siteId={drill.siteId} summary={data} /> : null}
      <QcTasks />
    </Flex>
  );
}

/** One bucket's visits, a page at a time, with the visit-record upload and list. */
function TaskList({ bucket, siteId, summary }: { bucket: TaskBucket; siteId: number | null; summary: TaskSummary }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const { project, currentEnv } = useProjectContext();
  const { projectAbilities } = useAppInit();
  const canUpload = projectAbilities['record.enter'] === true;
  const [page, setPage] = useState(1);
  const [eventId, setEventId] = useState<number | null>(null);
  const events = useEventListQuery(project?.id ?? 0);
  const list = useTaskListQuery(project?.id ?? null, currentEnv?.key ?? null, bucket, siteId, page, eventId);
  const upload = useUploadVisitRecordMutation();
  const [viewing, setViewing] = useState<VisitTask | null>(null);
  const site = summary.sites.find((row) => row.siteId === siteId);
  const visitName = (task: VisitTask) => `${locale === 'en-US' ? (task.nameEn ?? task.name) : task.name}${task.seq > 1 ? ` · ${t('schedule.seq', { seq: task.seq })}` : ''}`;

  const columns: TableColumnsType<VisitTask> = [
    { key: 'subject', title: t('schedule.tasks.subject'), render: (_, task) => <Link to={subjectPath(task.subjectId)}>{task.subjectCode ?? task.platformNo}</Link> },
    ...(siteId === null ? [{ key: 'site', title: t('schedule.tasks.site'), render: (_: unknown, task: VisitTask) => summary.sites.find((row) => row.siteId === task.siteId)?.code ?? '' }] : []),
    { key: 'visit', title: t('schedule.tasks.visit'), render: (_, task) => visitName(task) },
    { key: 'planned', title: t('schedule.tasks.plannedDate'), dataIndex: 'plannedDate' },
    { key: 'window', title: t('schedule.tasks.window'), render: (_, task) => (task.windowStart && task.windowEnd ? `${task.windowStart} ~ ${task.windowEnd}` : '—') },
    {
      key: 'windowStatus',
      title: t('schedule.tasks.windowStatus'),
      render: (_, task) => <Tag color={WINDOW_STATUS_COLOR[task.windowStatus]}>{t(`schedule.windowStatus.${task.windowStatus}`)}</Tag>,
    },
    {
      key: 'reminders',
      title: t('schedule.tasks.reminders'),
      align: 'right',
      render: (_, task) =>
        task.lastReminderAt ? (
          <Tooltip title={t('schedule.tasks.lastReminder', { at: dayjs(task.lastReminderAt).format(DATE_TIME_FORMAT) })}>
            <span data-testid={`task-reminders-${String(task.eventInstanceId)}`}>{t('schedule.tasks.remindersValue', { count: task.reminders })}</span>
          </Tooltip>
        ) : (
          <span data-testid={`task-reminders-${String(task.eventInstanceId)}`}>{t('schedule.tasks.remindersValue', { count: task.reminders })}</span>
        ),
    },
    {
      key: 'records',
      title: t('schedule.tasks.records'),
      render: (_, task) => (
        <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setViewing(task)} data-testid={`task-records-${String(task.eventInstanceId)}`}>
          {t('schedule.tasks.viewRecords', { count: task.records })}
        </Button>
      ),
    },
    {
      key: 'actions',
      title: t('schedule.tasks.actions'),
      render: (_, task) => (
        <Space>
          {canUpload ? (
            <Upload
              accept={ACCEPT}
              showUploadList={false}
              beforeUpload={(file) => {
                if (file.size >= ATTACHMENT_MAX_BYTES) return Upload.LIST_IGNORE;
                upload.mutate({ eventInstanceId: task.eventInstanceId, subjectId: task.subjectId, file });
                return false;
              }}
            >
              <Button size="small" icon={<UploadOutlined />} loading={upload.isPending} title={t('schedule.tasks.uploadHint')} data-testid={`task-upload-${String(task.eventInstanceId)}`}>
                {t('schedule.tasks.upload')}
              </Button>
            </Upload>
          ) : null}
          <Link to={subjectPath(task.subjectId)}>{t('schedule.tasks.openSubject')}</Link>
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('schedule.tasks.listTitle', { site: site ? taskSiteLabel(site, locale) : t('schedule.tasks.allSites'), bucket: t(`schedule.tasks.${bucket}`) })}
      data-testid="task-list"
      extra={
        <Select<number>
          size="small"
          style={{ minWidth: 180 }}
          value={eventId ?? 0}
          onChange={(value) => {
            setEventId(value === 0 ? null : value);
            setPage(1);
          }}
          aria-label={t('schedule.tasks.visitFilter')}
          options={[
            { value: 0, label: t('schedule.tasks.allVisits') },
            ...(events.data ?? []).filter((event) => event.offsetDays !== null).map((event) => ({ value: event.id, label: locale === 'en-US' ? (event.nameEn ?? event.name) : event.name })),
          ]}
          data-testid="task-visit-filter"
        />
      }
    >
      {list.isError ? (
        <Alert type="warning" showIcon title={t('schedule.tasks.loadFailed')} description={list.error.message} />
      ) : (
        <Table<VisitTask>
          rowKey="eventInstanceId"
          size="small"
          loading={list.isPending}
          columns={columns}
          dataSource={list.data?.items ?? []}
          locale={{ emptyText: <Empty description={t('schedule.tasks.empty')} /> }}
          pagination={{ current: page, pageSize: TASK_PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        />
      )}
      {viewing ? <VisitRecordsDialog task={viewing} title={visitName(viewing)} onClose={() => setViewing(null)} /> : null}
    </Card>
  );
}

function VisitRecordsDialog({ task, title, onClose }: { task: VisitTask; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const records = useVisitRecordsQuery(task.eventInstanceId);
  return (
    <Modal open title={t('schedule.tasks.recordsTitle', { visit: `${task.subjectCode ?? task.platformNo} · ${title}` })} onCancel={onClose} footer={null} width={720}>
      {records.isError ? (
        <Alert type="warning" showIcon title={records.error.message} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          loading={records.isPending}
          pagination={false}
          dataSource={records.data ?? []}
          locale={{ emptyText: <Empty description={t('schedule.tasks.noRecords')} /> }}
          columns={[
            { key: 'name', title: t('schedule.tasks.recordName'), dataIndex: 'name' },
            { key: 'size', title: t('schedule.tasks.recordSize'), render: (_, row) => `${(row.size / 1024).toFixed(1)} KB` },
            { key: 'by', title: t('schedule.tasks.recordBy'), render: (_, row) => row.createdBy ?? '—' },
            { key: 'at', title: t('schedule.tasks.recordAt'), render: (_, row) => dayjs(row.createdAt).format(DATE_TIME_FORMAT) },
          ]}
        />
      )}
    </Modal>
  );
}
