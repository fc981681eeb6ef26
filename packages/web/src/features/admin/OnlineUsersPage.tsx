import { Alert, Button, Card, Flex, Input, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OnlineSession } from '@dcap/core';
import { currentLocale } from '../../i18n';
import { useConfirm } from '../../lib/confirm';
import { useForceSignOut, useOnlineUsers } from './api';

const PAGE_SIZE = 20;
const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

/**
 * Who is signed in now (spec 000 §2.2 /sys/onlineUser): each open session with its user, address, browser
 * and current project, and force sign-out, which ends the session at once on every server instance.
 */
export function OnlineUsersPage() {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const confirm = useConfirm();
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [pageNo, setPageNo] = useState(1);
  const list = useOnlineUsers(keyword, pageNo, PAGE_SIZE);
  const signOut = useForceSignOut();

  const columns: TableColumnsType<OnlineSession> = [
    { key: 'username', title: t('admin.online.columns.username'), width: 140, render: (_, s) => (s.own ? <>{s.username} <Tag color="blue">{t('admin.online.you')}</Tag></> : s.username) },
    { key: 'name', title: t('admin.online.columns.name'), dataIndex: 'name', width: 140 },
    { key: 'ip', title: t('admin.online.columns.ip'), width: 130, render: (_, s) => s.ip ?? '—' },
    { key: 'project', title: t('admin.online.columns.project'), width: 160, render: (_, s) => (s.projectName ? `${(english ? s.projectNameEn : null) ?? s.projectName}${s.env ? ` · ${s.env}` : ''}` : '—') },
    { key: 'signedInAt', title: t('admin.online.columns.signedInAt'), width: 170, render: (_, s) => time(s.signedInAt) },
    { key: 'lastSeenAt', title: t('admin.online.columns.lastSeenAt'), width: 170, render: (_, s) => time(s.lastSeenAt) },
    { key: 'userAgent', title: t('admin.online.columns.userAgent'), ellipsis: true, render: (_, s) => <span title={s.userAgent ?? ''}>{s.userAgent ?? '—'}</span> },
    {
      key: 'actions',
      title: t('admin.online.columns.actions'),
      width: 120,
      fixed: 'right',
      render: (_, s) =>
        s.own ? null : (
          <Button
            type="link"
            size="small"
            danger
            data-testid={`online-signout-${String(s.sessionId)}`}
            onClick={() => confirm({ title: t('admin.online.confirm', { name: s.name, username: s.username }), danger: true, onOk: () => signOut.mutateAsync(s.sessionId) })}
          >
            {t('admin.online.signOut')}
          </Button>
        ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="online-users">
      <Card
        title={t('admin.online.title')}
        extra={
          <Input.Search
            allowClear
            maxLength={100}
            style={{ width: 260 }}
            placeholder={t('admin.online.search')}
            onSearch={(value) => {
              const trimmed = value.trim();
              setKeyword(trimmed === '' ? undefined : trimmed);
              setPageNo(1);
            }}
            data-testid="online-search"
          />
        }
      >
        {list.isError ? (
          <Alert type="warning" showIcon title={t('admin.loadFailed')} description={list.error.message} />
        ) : (
          <Table<OnlineSession>
            rowKey="sessionId"
            size="small"
            loading={list.isFetching}
            columns={columns}
            dataSource={list.data?.list ?? []}
            scroll={{ x: 1200 }}
            pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPageNo, showSizeChanger: false, showTotal: (total) => t('admin.online.total', { count: total }) }}
            data-testid="online-table"
          />
        )}
      </Card>
    </Flex>
  );
}
