import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { DATE_TIME_FORMAT } from '@dcap/core';
import type { User, UserStatus } from '@dcap/core';
import { STATUS_LABEL_KEYS } from '../../lib/userLabels';
import { ELLIPSIS, ellipsisText } from '../../lib/ellipsis';

const STATUS_COLORS: Record<UserStatus, string> = { active: 'success', locked: 'warning', deleted: 'default' };

export interface UserRowActions {
  edit: (user: User) => void;
  lock: (user: User) => void;
  unlock: (user: User) => void;
  resetPassword: (user: User) => void;
  remove: (user: User) => void;
  /** The user's WeChat bindings, with unbinding (spec 002 §7). */
  wechat: (user: User) => void;
  /** The USB key serial issued to the user (docs/decisions.md "Sign-in channels"). */
  ukey: (user: User) => void;
  /** The user's signature image and its history, replaceable (docs/decisions.md "Signature images"). */
  signature: (user: User) => void;
}

function formatTime(value: string | null): string {
  return value ? dayjs(value).format(DATE_TIME_FORMAT) : '-';
}

function StatusTag({ user, t }: { user: User; t: TFunction }) {
  const tag = <Tag color={STATUS_COLORS[user.status]}>{t(STATUS_LABEL_KEYS[user.status])}</Tag>;
  if (user.status !== 'locked' || !user.lockedUntil) return tag;
  return <Tooltip title={t('users.lockedUntil', { time: formatTime(user.lockedUntil) })}>{tag}</Tooltip>;
}

function RowActions({ user, selfId, actions, t }: { user: User; selfId: number; actions: UserRowActions; t: TFunction }) {
  // A deleted user cannot be changed, and the server refuses locking or deleting oneself.
  if (user.status === 'deleted') return null;
  const self = user.id === selfId;
  const id = user.username;
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => actions.edit(user)} data-testid={`user-edit-${id}`}>
        {t('common.edit')}
      </Button>
      {user.status === 'locked' ? (
        <Button type="link" size="small" onClick={() => actions.unlock(user)} data-testid={`user-unlock-${id}`}>
          {t('users.actions.unlock')}
        </Button>
      ) : (
        <Button type="link" size="small" disabled={self} onClick={() => actions.lock(user)} data-testid={`user-lock-${id}`}>
          {t('users.actions.lock')}
        </Button>
      )}
      <Button type="link" size="small" onClick={() => actions.resetPassword(user)} data-testid={`user-reset-${id}`}>
        {t('users.actions.resetPassword')}
      </Button>
      <Button type="link" size="small" onClick={() => actions.wechat(user)} data-testid={`user-wechat-${id}`}>
        {t('messages.binding.userAction')}
      </Button>
      <Button type="link" size="small" onClick={() => actions.ukey(user)} data-testid={`user-ukey-${id}`}>
        {t('signin.ukey.action')}
      </Button>
      <Button type="link" size="small" onClick={() => actions.signature(user)} data-testid={`user-signature-${id}`}>
        {t('signatureImage.action')}
      </Button>
      <Button
        type="link"
        size="small"
        danger
        disabled={self}
        onClick={() => actions.remove(user)}
        data-testid={`user-delete-${id}`}
      >
        {t('common.delete')}
      </Button>
    </Space>
  );
}

export function userColumns(t: TFunction, selfId: number, actions: UserRowActions): TableColumnsType<User> {
  return [
    { key: 'username', dataIndex: 'username', title: t('user.fields.username'), width: 140, ellipsis: ELLIPSIS, render: (value: string) => ellipsisText(value) },
    {
      key: 'name',
      title: t('user.fields.name'),
      width: 160,
      render: (_value, user) => (
        <Space orientation="vertical" size={0}>
          <span>{user.name}</span>
          {user.nameEn && user.nameEn !== user.name ? <Typography.Text type="secondary">{user.nameEn}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: 'email', dataIndex: 'email', title: t('user.fields.email'), width: 180, ellipsis: ELLIPSIS, render: (value: string | null) => ellipsisText(value) },
    { key: 'phone', dataIndex: 'phone', title: t('user.fields.phone'), width: 130, ellipsis: ELLIPSIS, render: (value: string | null) => ellipsisText(value) },
    {
      key: 'roles',
      title: t('users.columns.roles'),
      // Wide enough for the longest English role tag; several tags wrap onto lines of their own.
      width: 190,
      render: (_value, user) => (
        <Space size={4} wrap>
          {user.admin ? <Tag color="blue">{t('user.roles.admin')}</Tag> : null}
          {user.systemAdmin ? <Tag color="geekblue">{t('user.roles.systemAdmin')}</Tag> : null}
          {user.projectAdmin ? <Tag color="cyan">{t('user.roles.projectAdmin')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'status', title: t('users.columns.status'), width: 90, render: (_value, user) => <StatusTag user={user} t={t} /> },
    {
      key: 'lastLoginAt',
      dataIndex: 'lastLoginAt',
      title: t('users.columns.lastLogin'),
      width: 150,
      render: (value: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(value)}</span>,
    },
    {
      key: 'actions',
      title: t('users.columns.actions'),
      fixed: 'right',
      width: 320,
      render: (_value, user) => <RowActions user={user} selfId={selfId} actions={actions} t={t} />,
    },
  ];
}
