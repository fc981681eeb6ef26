import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '@dcap/core';
import type { RoleAuthLog, RoleRight } from '@dcap/core';
import { useRoleAuthLogQuery, useRoleExportMutation } from '../../api/roles';
import { settle } from '../../lib/confirm';
import { saveFile } from '../../lib/download';
import { useSiteListQuery } from '../../api/sites';
import { ROLE_LOG_ACTION_LABEL_KEYS, ROLE_RIGHT_LABEL_KEYS } from '../../lib/projectLabels';

const PAGE_SIZE = 20;

/** Recorded keys that only identify rows: the role and user columns already name them. */
const HIDDEN_KEYS = new Set(['roleId', 'userId', 'roleAlias', 'username']);
const FIELD_LABEL_KEYS: Record<string, string> = {
  alias: 'authLog.fields.alias',
  description: 'authLog.fields.description',
  descriptionEn: 'authLog.fields.descriptionEn',
  institutionIds: 'authLog.fields.sites',
  enabled: 'authLog.fields.enabled',
  rights: 'authLog.fields.rights',
  notify: 'authLog.fields.notify',
  deleted: 'authLog.fields.deleted',
  revoked: 'authLog.fields.revoked',
  template: 'authLog.fields.template',
};

type SiteNames = ReadonlyMap<number, string>;

/** One recorded value in words: site names for site ids, right names for rights, yes or no for flags. */
function useReadable(siteNames: SiteNames) {
  const { t } = useTranslation();
  const value = (key: string, item: unknown): string => {
    if (item === null || item === undefined || item === '') return '-';
    if (typeof item === 'boolean') return item ? t('authLog.yes') : t('authLog.no');
    if (key === 'institutionIds') {
      if (item === 'all') return t('authLog.allSites');
      if (Array.isArray(item)) return item.length === 0 ? t('authLog.noSites') : item.map((id: unknown) => siteNames.get(Number(id)) ?? `#${JSON.stringify(id)}`).join(', ');
    }
    if (key === 'rights' && Array.isArray(item)) {
      if (item.length === 0) return t('authLog.noRights');
      return item.map((right) => (typeof right === 'string' && right in ROLE_RIGHT_LABEL_KEYS ? t(ROLE_RIGHT_LABEL_KEYS[right as RoleRight]) : String(right))).join(', ');
    }
    return typeof item === 'string' ? item : JSON.stringify(item);
  };
  /** "Field: value" lines of one recorded side, ids left out. */
  return (recorded: unknown): string[] => {
    if (typeof recorded !== 'object' || recorded === null) return [];
    return Object.entries(recorded)
      .filter(([key]) => !HIDDEN_KEYS.has(key))
      .map(([key, item]) => `${FIELD_LABEL_KEYS[key] ? t(FIELD_LABEL_KEYS[key]) : key}: ${value(key, item)}`);
  };
}

/** The recorded before and after values in words; the export holds them in full. */
function Detail({ detail, siteNames }: { detail: unknown; siteNames: SiteNames }) {
  const { t } = useTranslation();
  const readable = useReadable(siteNames);
  if (typeof detail !== 'object' || detail === null) return <span>-</span>;
  const { old: before, new: after } = detail as { old?: unknown; new?: unknown };
  const beforeLines = readable(before);
  const afterLines = readable(after);
  return (
    <Flex vertical style={{ maxWidth: 480 }} data-testid="auth-log-detail">
      {beforeLines.length === 0 ? null : (
        <Typography.Text type="secondary">
          {t('authLog.before')}: {beforeLines.join('; ')}
        </Typography.Text>
      )}
      {afterLines.length === 0 ? null : (
        <Typography.Text>
          {t('authLog.after')}: {afterLines.join('; ')}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The role authorisation log (spec 000 §2.2 `/recordDataManage/projectRoleAuthLog`), newest first, with export. */
export function AuthLogTable({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const log = useRoleAuthLogQuery(projectId, pageNo, PAGE_SIZE);
  const exporter = useRoleExportMutation();
  const sites = useSiteListQuery(projectId);
  const siteNames: SiteNames = new Map((sites.data ?? []).map((site) => [site.id, i18n.language === 'en-US' ? (site.eName ?? site.name) : site.name]));

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
    { key: 'detail', title: t('authLog.columns.detail'), render: (_v, row) => <Detail detail={row.detail} siteNames={siteNames} /> },
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
          showTotal: (total) => t('authLog.total', { count: total }),
        }}
        data-testid="auth-log-table"
      />
    </Flex>
  );
}
