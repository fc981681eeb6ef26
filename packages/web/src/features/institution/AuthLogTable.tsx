import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '@dcap/core';
import type { RoleAuthLog } from '@dcap/core';
import { useRoleAuthLogQuery, useRoleExportMutation } from '../../api/roles';
import { settle } from '../../lib/confirm';
import { saveFile } from '../../lib/download';
import { ROLE_LOG_ACTION_LABEL_KEYS } from '../../lib/projectLabels';

const PAGE_SIZE = 20;

/** One recorded value as short "name: value" pairs; nested values stay JSON. */
function summarise(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value !== 'object') return JSON.stringify(value);
  return Object.entries(value)
    .filter(([, item]) => item !== null && item !== undefined)
    .map(([key, item]) => `${key}: ${Array.isArray(item) ? item.join(',') : typeof item === 'object' ? JSON.stringify(item) : String(item)}`)
    .join('; ');
}

/** The recorded before and after values, compact; the tooltip and the export hold them in full. */
function Detail({ detail }: { detail: unknown }) {
  const { t } = useTranslation();
  if (typeof detail !== 'object' || detail === null) return <span>-</span>;
  const { old: before, new: after } = detail as { old?: unknown; new?: unknown };
  return (
    <Tooltip title={<pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(detail, null, 2)}</pre>}>
      <Flex vertical style={{ maxWidth: 420 }}>
        {before === null || before === undefined ? null : (
          <Typography.Text type="secondary" ellipsis>
            {t('authLog.before')}: {summarise(before)}
          </Typography.Text>
        )}
        <Typography.Text ellipsis>
          {t('authLog.after')}: {summarise(after)}
        </Typography.Text>
      </Flex>
    </Tooltip>
  );
}

/** The role authorisation log (spec 000 §2.2 `/recordDataManage/projectRoleAuthLog`), newest first, with export. */
export function AuthLogTable({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const log = useRoleAuthLogQuery(projectId, pageNo, PAGE_SIZE);
  const exporter = useRoleExportMutation();

  const columns: TableColumnsType<RoleAuthLog> = [
    { key: 'at', title: t('authLog.columns.at'), width: 170, render: (_v, row) => dayjs(row.at).format(DATE_TIME_FORMAT) },
    {
      key: 'action',
      title: t('authLog.columns.action'),
      width: 140,
      render: (_v, row) => {
        const key = ROLE_LOG_ACTION_LABEL_KEYS[row.action];
        return <Tag>{key ? t(key) : row.action}</Tag>;
      },
    },
    { key: 'actor', dataIndex: 'actor', title: t('authLog.columns.actor'), render: (value: string | null) => value ?? '-' },
    { key: 'role', dataIndex: 'roleAlias', title: t('authLog.columns.role'), render: (value: string | null) => value ?? '-' },
    { key: 'user', dataIndex: 'username', title: t('authLog.columns.user'), render: (value: string | null) => value ?? '-' },
    { key: 'detail', title: t('authLog.columns.detail'), render: (_v, row) => <Detail detail={row.detail} /> },
  ];

  const exportLog = () => void settle(async () => saveFile(await exporter.mutateAsync({ projectId, what: 'authLog' })));

  return (
    <Flex vertical gap={12}>
      <Flex justify="end">
        <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={exportLog} data-testid="auth-log-export">
          {t('authLog.export')}
        </Button>
      </Flex>
      <Table<RoleAuthLog>
        rowKey="id"
        size="small"
        loading={log.isFetching}
        columns={columns}
        dataSource={log.data?.list ?? []}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: log.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNo,
          showTotal: (total) => t('authLog.total', { total }),
        }}
        data-testid="auth-log-table"
      />
    </Flex>
  );
}
