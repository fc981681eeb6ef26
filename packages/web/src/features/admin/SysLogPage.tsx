import { Alert, Button, Card, DatePicker, Descriptions, Flex, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat, SysLogEntry, SysLogFilters, SysLogResult } from '@dcap/core';
import { SYS_LOG_RESULTS } from '@dcap/core';
import { useProjectListQuery } from '../../api/projects';
import { currentLocale } from '../../i18n';
import { settle } from '../../lib/confirm';
import { saveFile } from '../../lib/download';
import { useSysLog, useSysLogExport } from './api';
import { ExportMenu } from '../../components/ExportMenu';

const PAGE_SIZE = 20;
const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss Z');
const projectOf = (entry: SysLogEntry, english: boolean) => (english ? (entry.projectNameEn ?? entry.projectName) : entry.projectName);
const valueText = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2));

interface FilterForm {
  user?: string;
  action?: string;
  projectId?: number;
  result?: SysLogResult;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function ResultTag({ result }: { result: SysLogResult }) {
  const { t } = useTranslation();
  return <Tag color={result === 'failure' ? 'red' : 'green'}>{t(`admin.sysLog.results.${result}`)}</Tag>;
}

function EntryModal({ entry, onClose }: { entry: SysLogEntry | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  return (
    <Modal open={entry !== null} onCancel={onClose} footer={null} width={720} title={t('admin.sysLog.detail', { id: entry?.id ?? '' })} destroyOnHidden>
      {entry ? (
        <Descriptions column={1} size="small" bordered data-testid="syslog-detail">
          <Descriptions.Item label={t('admin.sysLog.columns.at')}>{time(entry.at)}</Descriptions.Item>
          <Descriptions.Item label={t('admin.sysLog.columns.user')}>{entry.actorName ? `${entry.actorName} (${entry.actorUsername ?? ''})` : (entry.actorUsername ?? '—')}</Descriptions.Item>
          <Descriptions.Item label={t('admin.sysLog.columns.action')}>{entry.action}</Descriptions.Item>
          <Descriptions.Item label={t('admin.sysLog.columns.result')}>
            <ResultTag result={entry.result} />
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.sysLog.columns.entity')}>{`${entry.entityType}:${entry.entityId ?? ''}`}</Descriptions.Item>
          <Descriptions.Item label={t('admin.sysLog.columns.project')}>{entry.projectName ? `${projectOf(entry, english) ?? ''}${entry.env ? ` · ${entry.env}` : ''}` : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('admin.sysLog.columns.ip')}>{entry.ip ?? '—'}</Descriptions.Item>
          {entry.projectId === null ? (
            <>
              <Descriptions.Item label={t('admin.sysLog.oldValue')}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{valueText(entry.oldValue) || '—'}</Typography.Paragraph>
              </Descriptions.Item>
              <Descriptions.Item label={t('admin.sysLog.newValue')}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{valueText(entry.newValue) || '—'}</Typography.Paragraph>
              </Descriptions.Item>
            </>
          ) : (
            <Descriptions.Item label={t('admin.sysLog.values')}>{t('admin.sysLog.projectValues')}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('admin.sysLog.reason')}>{entry.reason ?? '—'}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}

/**
 * The operation log of platform administration (spec 000 §2.2 /sys/sysLog): the audit trail of the platform
 * and every project, sign-ins included, with filters and an export of the rows under them.
 */
export function SysLogPage() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<SysLogFilters>({});
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<SysLogEntry | null>(null);
  const list = useSysLog(filters, pageNo, PAGE_SIZE);
  const projects = useProjectListQuery('all', '');
  const exporter = useSysLogExport();

  const apply = (values: FilterForm) => {
    const [from, to] = values.range ?? [null, null];
    const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
    setFilters({
      user: text(values.user),
      action: text(values.action),
      projectId: values.projectId,
      result: values.result,
      // The user's days, with their offset: from the first day's midnight to the midnight after the last.
      from: from ? from.startOf('day').format() : undefined,
      to: to ? to.add(1, 'day').startOf('day').format() : undefined,
    });
    setPageNo(1);
  };
  const download = (format: ExportFormat) => void settle(async () => saveFile(await exporter.mutateAsync({ filters, format })));

  const columns: TableColumnsType<SysLogEntry> = [
    { key: 'id', title: t('admin.sysLog.columns.id'), dataIndex: 'id', width: 100 },
    { key: 'at', title: t('admin.sysLog.columns.at'), width: 200, render: (_, e) => time(e.at) },
    { key: 'user', title: t('admin.sysLog.columns.user'), width: 160, render: (_, e) => (e.actorName ? `${e.actorName} (${e.actorUsername ?? ''})` : (e.actorUsername ?? '—')) },
    { key: 'action', title: t('admin.sysLog.columns.action'), dataIndex: 'action', width: 200 },
    { key: 'result', title: t('admin.sysLog.columns.result'), width: 90, render: (_, e) => <ResultTag result={e.result} /> },
    { key: 'entity', title: t('admin.sysLog.columns.entity'), ellipsis: true, render: (_, e) => `${e.entityType}:${e.entityId ?? ''}` },
    { key: 'project', title: t('admin.sysLog.columns.project'), width: 160, render: (_, e) => projectOf(e, locale === 'en-US') ?? '—' },
    { key: 'ip', title: t('admin.sysLog.columns.ip'), width: 130, render: (_, e) => e.ip ?? '—' },
    {
      key: 'actions',
      title: t('admin.sysLog.columns.actions'),
      width: 80,
      fixed: 'right',
      render: (_, e) => (
        <Button type="link" size="small" onClick={() => setOpen(e)} data-testid={`syslog-view-${String(e.id)}`}>
          {t('admin.sysLog.view')}
        </Button>
      ),
    },
  ];
  const all = t('admin.sysLog.filters.all');

  return (
    <Flex vertical gap={16} data-testid="sys-log">
      <Card title={t('admin.sysLog.title')}>
        <Form form={form} layout="inline" onFinish={apply} style={{ rowGap: 8 }}>
          <Form.Item name="user" label={t('admin.sysLog.filters.user')}>
            <Input allowClear style={{ width: 150 }} maxLength={100} data-testid="syslog-user" />
          </Form.Item>
          <Form.Item name="action" label={t('admin.sysLog.filters.action')}>
            <Input allowClear style={{ width: 170 }} maxLength={64} placeholder={t('admin.sysLog.filters.actionPlaceholder')} data-testid="syslog-action" />
          </Form.Item>
          <Form.Item name="projectId" label={t('admin.sysLog.filters.project')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 180 }}
              placeholder={all}
              options={(projects.data ?? []).map((p) => ({ value: p.id, label: `${p.code} ${locale === 'en-US' ? (p.eName ?? p.name) : p.name}` }))}
            />
          </Form.Item>
          <Form.Item name="result" label={t('admin.sysLog.filters.result')}>
            <Select allowClear style={{ width: 110 }} placeholder={all} options={SYS_LOG_RESULTS.map((r) => ({ value: r, label: t(`admin.sysLog.results.${r}`) }))} data-testid="syslog-result" />
          </Form.Item>
          <Form.Item name="range" label={t('admin.sysLog.filters.range')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="syslog-search">
                {t('admin.sysLog.filters.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  apply({});
                }}
              >
                {t('admin.sysLog.filters.reset')}
              </Button>
              <ExportMenu label={t('admin.sysLog.export')} loading={exporter.isPending} onExport={download} testId="syslog-export" />
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card size="small">
        {list.isError ? (
          <Alert type="warning" showIcon title={t('admin.loadFailed')} description={list.error.message} />
        ) : (
          <Table<SysLogEntry>
            rowKey="id"
            size="small"
            loading={list.isFetching}
            columns={columns}
            dataSource={list.data?.list ?? []}
            scroll={{ x: 1200 }}
            pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPageNo, showSizeChanger: false, showTotal: (total) => t('admin.sysLog.total', { count: total }) }}
            data-testid="syslog-table"
          />
        )}
      </Card>
      <EntryModal entry={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
