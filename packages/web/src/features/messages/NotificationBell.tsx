import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, List, Popover, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Notification } from '@dcap/core';
import { ACCOUNT_SETTINGS_PATH } from '../../app/guard';
import { useMarkReadMutation, useNotificationsQuery, useUnreadCountQuery } from './api';

const LATEST = 6;
export const MESSAGE_LIST_PATH = `${ACCOUNT_SETTINGS_PATH}/messages`;

/** Opens a message: marks it read and follows its link, if it has one. */
export function useOpenNotification() {
  const navigate = useNavigate();
  const markRead = useMarkReadMutation();
  return (note: Notification) => {
    if (!note.read) markRead.mutate([note.id]);
    if (note.link) void navigate(note.link);
  };
}

/**
 * The header's bell (spec 000 §3 in-site notification channel): the unread count, read every minute and when
 * the window regains focus, and on a click the latest messages; the whole list is in the account centre.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const count = useUnreadCountQuery();
  const latest = useNotificationsQuery(1, LATEST, false, open);
  const markRead = useMarkReadMutation();
  const openNote = useOpenNotification();
  const label = t('messages.bell.label');

  const content = (
    <div style={{ width: 360 }} data-testid="notification-dropdown">
      {latest.data && latest.data.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.bell.empty')} />
      ) : (
        <List
          size="small"
          loading={latest.isLoading}
          dataSource={latest.data?.list ?? []}
          renderItem={(note) => (
            <List.Item
              style={{ cursor: 'pointer', paddingInline: 4 }}
              onClick={() => {
                setOpen(false);
                openNote(note);
              }}
              data-testid={`notification-item-${String(note.id)}`}
            >
              <List.Item.Meta
                title={
                  <Space size={6}>
                    {!note.read && <Badge status="processing" />}
                    <Typography.Text strong={!note.read} ellipsis style={{ maxWidth: 300 }}>
                      {note.title}
                    </Typography.Text>
                  </Space>
                }
                description={
                  <>
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                      {note.body}
                    </Typography.Paragraph>
                    <Typography.Text type="secondary" style={{ fontSize: '0.85em' }}>
                      {new Date(note.createdAt).toLocaleString(i18n.language)}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 8 }}>
        <Button size="small" type="link" disabled={(count.data ?? 0) === 0} loading={markRead.isPending} onClick={() => markRead.mutate(null)} data-testid="notification-mark-all">
          {t('messages.bell.markAll')}
        </Button>
        <Button
          size="small"
          type="link"
          onClick={() => {
            setOpen(false);
            void navigate(MESSAGE_LIST_PATH);
          }}
          data-testid="notification-all"
        >
          {t('messages.bell.all')}
        </Button>
      </Space>
    </div>
  );

  return (
    <Popover content={content} title={t('messages.bell.latest')} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
      <span className="dcap-header__action" role="button" tabIndex={0} aria-label={label} data-testid="notification-bell">
        {/* The badge's wrapper would set antd's dark text colour; the header's light one is kept. */}
        <Badge count={count.data ?? 0} size="small" overflowCount={99} style={{ boxShadow: 'none' }} data-testid="notification-count">
          <BellOutlined style={{ color: 'rgba(255, 255, 255, 0.85)', fontSize: 16 }} />
        </Badge>
      </span>
    </Popover>
  );
}
