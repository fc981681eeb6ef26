import { DeleteOutlined, DownloadOutlined, ReloadOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Form, Progress, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, EXPORT_FORMATS_OF, EXPORT_LAYOUTS, EXPORT_MODULES, ODM_EXPORT_MODES, SUBJECT_STATUSES, isExportActive } from '@dcap/core';
import type { ExportFileFormat, ExportLayout, ExportModule, ExportRequestInput, ExportTask, ExportTaskStatus, OdmExportMode, SubjectStatus } from '@dcap/core';
import { useProjectContext } from '../../app/projectContext';
import { useConfirm } from '../../lib/confirm';
import { saveFile } from '../../lib/download';
import { browserZone, useQueryFilterOptions } from '../queries/api';
import { hasActiveExport, useCreateExport, useExportAction, useExportDownload, useExportTasks } from './api';

const STATUS_COLOR: Record<ExportTaskStatus, string> = {
  queued: 'default',
  running: 'processing',
  finished: 'success',
  failed: 'error',
  cancelled: 'warning',
  expired: 'default',
  deleted: 'default',
};
const PAGE_SIZE = 10;
const when = (at: string | null) => (at ? dayjs(at).format(DATE_TIME_FORMAT) : '-');

function fileSize(bytes: number | null): string {
  if (bytes === null) return '-';
  if (bytes < 1024) return `${String(bytes)} B`;
  if (bytes < 1_048_576) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

type Module = ExportModule;

const FORMAT_LABELS: Record<ExportFileFormat, string> = { csv: 'CSV', xlsx: 'Excel (xlsx)', odm: 'CDISC ODM 1.3.2 (XML)', pdf: 'PDF (zip)' };

interface FormValues {
  module: Module;
  format: ExportFileFormat;
  layout: ExportLayout;
  odmMode: OdmExportMode;
  siteIds: number[];
  /** The reports filter by one site, as their lists do. */
  siteId?: number;
  eventIds: number[];
  instrumentIds: number[];
  fields: string[];
  statuses: SubjectStatus[];
  dictionary: boolean;
}

const INITIAL: FormValues = { module: 'subjectData', format: 'csv', layout: 'wide', odmMode: 'snapshot', siteIds: [], eventIds: [], instrumentIds: [], fields: [], statuses: [], dictionary: true };

/** The request as the server takes it: empty filters are left out (all the caller may see). */
function requestOf(values: FormValues): ExportRequestInput {
  const some = <T,>(list: T[]) => (list.length > 0 ? list : undefined);
  const timeZone = browserZone();
  if (values.module === 'crfReport') {
    return { module: values.module, format: 'pdf', siteIds: some(values.siteIds), statuses: some(values.statuses), ...(timeZone ? { timeZone } : {}) };
  }
  if (values.module !== 'subjectData') {
    const filters = values.siteId === undefined ? undefined : { siteId: values.siteId };
    return { module: values.module, format: values.format, ...(timeZone ? { timeZone } : {}), ...(values.module === 'queryReport' ? { queryFilters: filters } : { auditFilters: filters }) };
  }
  const odm = values.format === 'odm';
  return {
    module: values.module,
    format: values.format,
    layout: values.layout,
    ...(odm ? { odmMode: values.odmMode } : {}),
    siteIds: some(values.siteIds),
    eventIds: some(values.eventIds),
    instrumentIds: some(values.instrumentIds),
    fields: odm ? undefined : some(values.fields),
    statuses: some(values.statuses),
    dictionary: values.dictionary,
    ...(timeZone ? { timeZone } : {}),
  };
}

function ExportForm() {
  const { t, i18n } = useTranslation();
  const { project, currentEnv } = useProjectContext();
  const options = useQueryFilterOptions(project?.id ?? null, currentEnv?.key ?? null);
  const create = useCreateExport();
  const [form] = Form.useForm<FormValues>();
  const [module, setModule] = useState<Module>(INITIAL.module);
  const [format, setFormat] = useState<ExportFileFormat>(INITIAL.format);
  const english = i18n.language === 'en-US';
  const named = (item: { id: number; name: string; nameEn: string | null }) => ({ value: item.id, label: english ? (item.nameEn ?? item.name) : item.name });
  const subjectData = module === 'subjectData';
  // The subject data and CRF reports are chosen by sites and subject statuses; the query and audit reports by one site, as their lists.
  const bySubject = subjectData || module === 'crfReport';
  const tables = subjectData && format !== 'odm';
  return (
    <Card title={t('exports.formTitle')} data-testid="export-form">
      <Form
        form={form}
        layout="vertical"
        initialValues={INITIAL}
        onValuesChange={(changed: Partial<FormValues>) => {
          if (changed.module) {
            // Each module has its own formats (core EXPORT_FORMATS_OF); the first is taken when the chosen one is not among them.
            const formats = EXPORT_FORMATS_OF[changed.module];
            setModule(changed.module);
            if (!formats.includes(form.getFieldValue('format') as ExportFileFormat)) {
              const first = formats[0] ?? 'csv';
              form.setFieldValue('format', first);
              setFormat(first);
            }
          }
          if (changed.format) setFormat(changed.format);
        }}
        onFinish={(values) => create.mutate(requestOf(values))}
      >
        <Space wrap size="large" align="start">
          <Form.Item name="module" label={t('exports.fields.module')}>
            <Select style={{ width: 200 }} data-testid="export-module" options={EXPORT_MODULES.map((value) => ({ value, label: t(`exports.module.${value}`) }))} />
          </Form.Item>
          <Form.Item name="format" label={t('exports.fields.format')}>
            <Radio.Group data-testid="export-format" options={EXPORT_FORMATS_OF[module].map((value) => ({ value, label: FORMAT_LABELS[value] }))} optionType="button" />
          </Form.Item>
          {subjectData && format === 'odm' ? (
            <Form.Item name="odmMode" label={t('exports.fields.odmMode')}>
              <Radio.Group data-testid="export-odm-mode" options={ODM_EXPORT_MODES.map((value) => ({ value, label: t(`exports.odmMode.${value}`) }))} optionType="button" />
            </Form.Item>
          ) : null}
          {subjectData && format !== 'odm' ? (
            <Form.Item name="layout" label={t('exports.fields.layout')}>
              <Radio.Group data-testid="export-layout" options={EXPORT_LAYOUTS.map((value) => ({ value, label: t(`exports.layout.${value}`) }))} optionType="button" />
            </Form.Item>
          ) : null}
        </Space>
        <Space wrap size="large" align="start">
          {bySubject ? (
            <Form.Item name="siteIds" label={t('exports.fields.sites')}>
              <Select mode="multiple" allowClear style={{ width: 260 }} placeholder={t('exports.placeholders.all')} data-testid="export-sites" options={(options.data?.sites ?? []).map(named)} />
            </Form.Item>
          ) : (
            <Form.Item name="siteId" label={t('exports.fields.sites')}>
              <Select allowClear style={{ width: 260 }} placeholder={t('exports.placeholders.all')} data-testid="export-site" options={(options.data?.sites ?? []).map(named)} />
            </Form.Item>
          )}
          {subjectData ? (
            <>
              <Form.Item name="eventIds" label={t('exports.fields.visits')}>
                <Select mode="multiple" allowClear style={{ width: 260 }} placeholder={t('exports.placeholders.all')} options={(options.data?.events ?? []).map(named)} />
              </Form.Item>
              <Form.Item name="instrumentIds" label={t('exports.fields.panels')}>
                <Select mode="multiple" allowClear style={{ width: 260 }} placeholder={t('exports.placeholders.all')} options={(options.data?.instruments ?? []).map(named)} />
              </Form.Item>
            </>
          ) : null}
          {tables ? (
            <Form.Item name="fields" label={t('exports.fields.fieldNames')}>
              <Select mode="tags" allowClear style={{ width: 320 }} placeholder={t('exports.placeholders.fieldNames')} open={false} />
            </Form.Item>
          ) : null}
          {bySubject ? (
            <Form.Item name="statuses" label={t('exports.fields.statuses')}>
              <Select
                mode="multiple"
                allowClear
                style={{ width: 260 }}
                placeholder={t('exports.placeholders.all')}
                options={SUBJECT_STATUSES.filter((status) => status !== 'DEL').map((value) => ({ value, label: t(`subjects.status.${value}`) }))}
              />
            </Form.Item>
          ) : null}
          {tables ? (
            <Form.Item name="dictionary" valuePropName="checked" label=" ">
              <Checkbox data-testid="export-dictionary">{t('exports.fields.dictionary')}</Checkbox>
            </Form.Item>
          ) : null}
        </Space>
        <Button type="primary" htmlType="submit" icon={<DownloadOutlined />} loading={create.isPending} data-testid="export-start">
          {t('exports.actions.start')}
        </Button>
      </Form>
    </Card>
  );
}

function TaskActions({ task }: { task: ExportTask }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const action = useExportAction();
  const download = useExportDownload();
  const active = isExportActive(task.status);
  return (
    <Space size={4}>
      {task.status === 'finished' ? (
        <Button size="small" type="link" icon={<DownloadOutlined />} loading={download.isPending} data-testid={`export-download-${String(task.id)}`} onClick={() => download.mutate(task.id, { onSuccess: saveFile })}>
          {t('exports.actions.download')}
        </Button>
      ) : null}
      {active ? (
        <Button
          size="small"
          danger
          icon={<StopOutlined />}
          data-testid={`export-cancel-${String(task.id)}`}
          onClick={() => confirm({ title: t('exports.confirm.cancelTitle', { id: task.id }), content: t('exports.confirm.content'), danger: true, onOk: () => action.mutateAsync({ action: 'cancel', id: task.id }) })}
        >
          {t('exports.actions.cancel')}
        </Button>
      ) : (
        <Button
          size="small"
          type="link"
          danger
          icon={<DeleteOutlined />}
          data-testid={`export-delete-${String(task.id)}`}
          onClick={() => confirm({ title: t('exports.confirm.deleteTitle', { id: task.id }), content: t('exports.confirm.content'), danger: true, onOk: () => action.mutateAsync({ action: 'delete', id: task.id }) })}
        >
          {t('exports.actions.delete')}
        </Button>
      )}
    </Space>
  );
}

function TaskList() {
  const { t } = useTranslation();
  const { project, currentEnv } = useProjectContext();
  const [page, setPage] = useState(1);
  const list = useExportTasks(project?.id ?? null, currentEnv?.key ?? null, page, PAGE_SIZE);
  const columns: TableColumnsType<ExportTask> = [
    { key: 'id', dataIndex: 'id', title: t('exports.fields.id'), width: 70 },
    {
      key: 'module',
      title: t('exports.fields.module'),
      render: (_v, task) => (
        <Space size={4} orientation="vertical">
          <span>{t(`exports.module.${task.module}`)}</span>
          <Typography.Text type="secondary">{task.format === 'odm' ? `ODM · ${t(`exports.odmMode.${task.filters.odmMode ?? 'snapshot'}`)}` : task.module === 'subjectData' ? `${task.format.toUpperCase()} · ${t(`exports.layout.${task.layout}`)}` : task.format.toUpperCase()}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('exports.fields.status'),
      render: (_v, task) => (
        <Space orientation="vertical" size={2}>
          <Tag color={STATUS_COLOR[task.status]} icon={task.status === 'running' ? <SyncOutlined spin /> : undefined} data-testid={`export-status-${String(task.id)}`}>
            {t(`exports.status.${task.status}`)}
          </Tag>
          {task.error ? <Typography.Text type="danger">{task.error.message}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      key: 'progress',
      title: t('exports.fields.progress'),
      width: 180,
      render: (_v, task) => (
        <Progress
          size="small"
          data-testid={`export-progress-${String(task.id)}`}
          percent={task.status === 'finished' ? 100 : task.progress.total > 0 ? Math.floor((task.progress.done * 100) / task.progress.total) : 0}
          status={task.status === 'failed' ? 'exception' : task.status === 'running' ? 'active' : undefined}
          format={() => `${String(task.progress.done)}/${String(task.progress.total)}`}
        />
      ),
    },
    { key: 'size', title: t('exports.fields.size'), render: (_v, task) => fileSize(task.sizeBytes) },
    { key: 'createdBy', title: t('exports.fields.createdBy'), render: (_v, task) => task.createdBy?.username ?? '-' },
    { key: 'createdAt', title: t('exports.fields.createdAt'), render: (_v, task) => when(task.createdAt) },
    { key: 'expiresAt', title: t('exports.fields.expiresAt'), render: (_v, task) => when(task.expiresAt) },
    { key: 'actions', title: t('exports.fields.actions'), render: (_v, task) => <TaskActions task={task} /> },
  ];
  return (
    <Card
      title={t('exports.listTitle')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} data-testid="export-refresh">
          {t('exports.actions.refresh')}
        </Button>
      }
    >
      {hasActiveExport(list.data) ? <Alert type="info" showIcon title={t('exports.polling')} style={{ marginBottom: 16 }} data-testid="export-polling" /> : null}
      <Table<ExportTask>
        rowKey="id"
        size="small"
        data-testid="export-tasks"
        loading={list.isLoading}
        columns={columns}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('exports.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }}
      />
    </Card>
  );
}

/** Spec 000 §2.2 /export/exportIndex: the export form and the caller's export tasks (docs/decisions.md, "Exports"). */
export function ExportPage() {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ExportForm />
      <TaskList />
    </Space>
  );
}
