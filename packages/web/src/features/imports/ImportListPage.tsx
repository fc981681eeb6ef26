import { Card, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_TIME_FORMAT } from '@dcap/core';
import type { ImportTask, ImportTaskStatus } from '@dcap/core';
import { useImportList } from './api';
import { importDetailPath } from './paths';
import { UploadSheet } from './UploadSheet';

export const STATUS_COLOR: Record<ImportTaskStatus, string> = { checked: 'blue', queued: 'default', applying: 'processing', applied: 'success', failed: 'error' };
const PAGE_SIZE = 20;

/** Spec 000 §2.2 /import/importList: the environment's record import tasks, newest first, and a new upload. */
export function ImportListPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useImportList(page, PAGE_SIZE);
  const columns: TableColumnsType<ImportTask> = [
    { key: 'id', title: t('imports.fields.id'), dataIndex: 'id', width: 80 },
    { key: 'instrument', title: t('imports.fields.instrument'), dataIndex: 'instrumentName' },
    { key: 'file', title: t('imports.fields.file'), dataIndex: 'fileName', ellipsis: true },
    { key: 'createdBy', title: t('imports.fields.createdBy'), dataIndex: 'createdBy' },
    { key: 'createdAt', title: t('imports.fields.createdAt'), render: (_, task) => dayjs(task.createdAt).format(DATE_TIME_FORMAT) },
    { key: 'status', title: t('imports.fields.status'), render: (_, task) => <Tag color={STATUS_COLOR[task.status]}>{t(`imports.status.${task.status}`)}</Tag> },
    {
      key: 'rows',
      title: `${t('imports.fields.rowsOk')} / ${t('imports.fields.rowsWithErrors')}`,
      render: (_, task) => (
        <span>
          <Typography.Text type="success">{task.rowsOk}</Typography.Text> / <Typography.Text type={task.rowsWithErrors > 0 ? 'danger' : 'secondary'}>{task.rowsWithErrors}</Typography.Text>
        </span>
      ),
    },
    { key: 'view', title: '', render: (_, task) => <Link to={importDetailPath(task.id)} data-testid={`import-view-${String(task.id)}`}>{t('imports.view')}</Link> },
  ];
  return (
    <Card title={t('imports.listTitle')} data-testid="import-list-page">
      <UploadSheet />
      <Table<ImportTask>
        style={{ marginTop: 16 }}
        data-testid="import-table"
        rowKey="id"
        size="small"
        loading={list.isLoading}
        columns={columns}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('imports.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </Card>
  );
}
