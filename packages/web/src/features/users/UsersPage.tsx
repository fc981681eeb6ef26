import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Select, Table } from 'antd';
import type { Key } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_STATUSES } from '@dcap/core';
import type { IssuedPassword, User, UserStatus } from '@dcap/core';
import { useUserListQuery, useUserSheetDownload } from '../../api/users';
import type { UserListFilter } from '../../api/users';
import { useAppInit } from '../../app/initContext';
import { STATUS_LABEL_KEYS } from '../../lib/userLabels';
import { settle } from '../../lib/confirm';
import { saveFile } from '../../lib/download';
import { ImportUsersModal } from './ImportUsersModal';
import { IssuedPasswordModal } from './IssuedPasswordModal';
import type { IssuedPasswordNotice } from './IssuedPasswordModal';
import { userColumns } from './userColumns';
import { UserFormModal } from './UserFormModal';
import { useUserActions } from './useUserActions';
import { UserWechatModal } from '../messages/UserWechatModal';
import { UserUkeyModal } from '../signin/UserUkeyModal';
import { UserSignatureModal } from './UserSignatureModal';

const DEFAULT_PAGE_SIZE = 20;

type Editor = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; user: User };

/** Platform users (spec 000 §2.2 /sys/user; calls of spec 002 §7), for platform administrators. */
export function UsersPage() {
  const { t } = useTranslation();
  const { user: me } = useAppInit();
  const [filter, setFilter] = useState<UserListFilter>({ keyword: '', status: undefined, pageNo: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<Key[]>([]);
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  const [notice, setNotice] = useState<IssuedPasswordNotice | null>(null);
  const list = useUserListQuery(filter);
  const [importing, setImporting] = useState(false);
  const sheets = useUserSheetDownload();

  const showIssued = (reason: IssuedPasswordNotice['reason']) => (issued: IssuedPassword) => {
    const { password } = issued;
    if (password !== null) setNotice({ issued: { ...issued, password }, reason });
  };
  const actions = useUserActions(showIssued('reset'));
  const [wechatUser, setWechatUser] = useState<User | null>(null);
  const [ukeyUser, setUkeyUser] = useState<User | null>(null);
  const [signatureUser, setSignatureUser] = useState<User | null>(null);

  const columns = userColumns(t, me.id, {
    edit: (user) => setEditor({ mode: 'edit', user }),
    lock: (user) => void actions.lock(user),
    unlock: (user) => void actions.unlock(user),
    resetPassword: actions.resetPassword,
    remove: actions.remove,
    wechat: setWechatUser,
    ukey: setUkeyUser,
    signature: setSignatureUser,
  });

  const page = list.data;
  const selectedIds = selected.map(Number);

  return (
    <Card title={t('users.title')}>
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Input.Search
            allowClear
            placeholder={t('users.searchPlaceholder')}
            style={{ width: 280 }}
            onSearch={(keyword) => setFilter((current) => ({ ...current, keyword, pageNo: 1 }))}
            data-testid="user-search"
          />
          <Select<UserStatus>
            allowClear
            placeholder={t('users.statusFilter')}
            style={{ width: 160 }}
            value={filter.status}
            onChange={(status) => setFilter((current) => ({ ...current, status, pageNo: 1 }))}
            options={USER_STATUSES.map((status) => ({ value: status, label: t(STATUS_LABEL_KEYS[status]) }))}
            data-testid="user-status-filter"
          />
        </Flex>
        <Flex gap={12} wrap>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selectedIds.length === 0}
            onClick={() => actions.removeMany(selectedIds, () => setSelected([]))}
            data-testid="user-batch-delete"
          >
            {t('users.actions.batchDelete', { count: selectedIds.length })}
          </Button>
          <Button icon={<DownloadOutlined />} loading={sheets.isPending} onClick={() => void settle(async () => saveFile(await sheets.mutateAsync('users')))} data-testid="user-export">
            {t('users.actions.export')}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="user-import">
            {t('users.actions.import')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="user-create">
            {t('users.actions.create')}
          </Button>
        </Flex>
      </Flex>
      <Table<User>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={page?.list ?? []}
        scroll={{ x: 1300 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: setSelected,
          // Deleted users cannot be deleted again, and nobody deletes their own account.
          getCheckboxProps: (user) => ({ disabled: user.status === 'deleted' || user.id === me.id }),
        }}
        pagination={{
          current: filter.pageNo,
          pageSize: filter.pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('users.total', { total }),
          onChange: (pageNo, pageSize) => setFilter((current) => ({ ...current, pageNo, pageSize })),
        }}
        data-testid="user-table"
      />
      <UserFormModal
        open={editor.mode !== 'closed'}
        user={editor.mode === 'edit' ? editor.user : null}
        onClose={() => setEditor({ mode: 'closed' })}
        onCreated={showIssued('created')}
      />
      <IssuedPasswordModal notice={notice} onClose={() => setNotice(null)} />
      <ImportUsersModal open={importing} onClose={() => setImporting(false)} />
      <UserWechatModal user={wechatUser} onClose={() => setWechatUser(null)} />
      <UserUkeyModal user={ukeyUser} onClose={() => setUkeyUser(null)} />
      <UserSignatureModal user={signatureUser} onClose={() => setSignatureUser(null)} />
    </Card>
  );
}
