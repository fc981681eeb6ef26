import { Badge, Button, Space, Switch, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@dcap/core';
import { useMarkReadMutation, useNotificationsQuery } from './api';
import { useOpenNotification } from './NotificationBell';

const PAGE_SIZE = 10;

/** The account centre's message list (spec 000 §2.3): the caller's in-site messages, paged, with mark read. */
export function MessageList() {
  const { t, i18n } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const page = useNotificationsQuery(pageNo, PAGE_SIZE, unreadOnly);
  const markRead = useMarkReadMutation();
  const openNote = useOpenNotification();

  const columns: TableColumnsType<Notification> = [
    {
      key: 'title',
      title: t('messages.config.title'),
      render: (_v, note) => (
        <Space orientation="vertical" size={0}>
          <Space size={6}>
            {!note.read && <Badge status="processing" />}
            <Typography.Link strong={!note.read} onClick={() => openNote(note)} data-testid={`message-open-${String(note.id)}`}>
              {note.title}
            </Typography.Link>
          </Space>
          <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
            {note.body}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'project', title: t('messages.list.project'), width: 110, render: (_v, note) => note.projectCode ?? '—' },
    { key: 'time', title: t('messages.list.time'), width: 170, render: (_v, note) => new Date(note.createdAt).toLocaleString(i18n.language) },
    { key: 'read', title: t('messages.list.read'), width: 80, render: (_v, note) => (note.read ? t('messages.list.read') : t('messages.list.unread')) },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Switch
          checked={unreadOnly}
          onChange={(on) => {
            setUnreadOnly(on);
            setPageNo(1);
          }}
          data-testid="messages-unread-only"
        />
        <span>{t('messages.list.unreadOnly')}</span>
        <Button disabled={selected.length === 0} loading={markRead.isPending} onClick={() => markRead.mutate(selected, { onSuccess: () => setSelected([]) })} data-testid="messages-mark-read">
          {t('messages.list.markRead')}
        </Button>
        <Button disabled={(page.data?.unread ?? 0) === 0} loading={markRead.isPending} onClick={() => markRead.mutate(null)} data-testid="messages-mark-all">
          {t('messages.list.markAll')}
        </Button>
      </Space>
      <Table
        size="small"
        rowKey="id"
        loading={page.isLoading}
        columns={columns}
        dataSource={page.data?.list ?? []}
        locale={{ emptyText: t('messages.list.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), getCheckboxProps: (note) => ({ disabled: note.read }) }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: page.data?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
        data-testid="message-list"
      />
    </Space>
  );
}
