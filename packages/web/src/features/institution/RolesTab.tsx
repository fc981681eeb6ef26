import { AppstoreAddOutlined, DeleteOutlined, DownloadOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Flex, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLE_RIGHTS } from '@dcap/core';
import type { ProjectRole } from '@dcap/core';
import {
  useAutoCreateSiteRolesMutation,
  useAutoCreateStandardRolesMutation,
  useDeleteRolesMutation,
  useRoleEnabledMutation,
  useRoleExportMutation,
  useRoleListQuery,
  useSitesWithoutRole,
} from '../../api/roles';
import { currentLocale } from '../../i18n';
import { settle, useConfirm } from '../../lib/confirm';
import { saveFile } from '../../lib/download';
import { ROLE_RIGHT_LABEL_KEYS } from '../../lib/projectLabels';
import { RoleFormModal } from './RoleFormModal';
import type { ScopeSite } from './SiteScopeField';

type Editor = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; role: ProjectRole };

interface RolesTabProps {
  projectId: number;
  canManage: boolean;
  sites: readonly ScopeSite[];
}

/** The project's roles (spec 000 §6 role administration): rights as tags, site scope, state, and the batch tools. */
export function RolesTab({ projectId, canManage, sites }: RolesTabProps) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const sitesWithoutRole = useSitesWithoutRole();
  const confirm = useConfirm();
  const list = useRoleListQuery(projectId);
  const setEnabled = useRoleEnabledMutation();
  const remove = useDeleteRolesMutation();
  const autoCreate = useAutoCreateSiteRolesMutation();
  const createStandard = useAutoCreateStandardRolesMutation();
  const { message } = App.useApp();
  const exporter = useRoleExportMutation();
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  const [selected, setSelected] = useState<number[]>([]);

  const toggle = (role: ProjectRole) => {
    const enabled = role.enabled === 0;
    confirm({
      title: enabled ? t('roles.confirm.enableTitle') : t('roles.confirm.disableTitle'),
      content: enabled ? role.alias : t('roles.confirm.disableContent', { alias: role.alias }),
      danger: !enabled,
      onOk: () => setEnabled.mutateAsync({ projectId, id: role.id, enabled }),
    });
  };

  /** Deleting asks whether holders lose the role first; without that, a role still held is kept (the server refuses). */
  const removeRoles = (ids: number[]) => {
    let revoke = false;
    confirm({
      title: t('roles.confirm.deleteTitle', { count: ids.length }),
      content: (
        <Flex vertical gap={8}>
          <span>{t('roles.confirm.deleteContent')}</span>
          <Checkbox onChange={(event) => (revoke = event.target.checked)} data-testid="role-delete-revoke">
            {t('roles.confirm.revokeToo')}
          </Checkbox>
        </Flex>
      ),
      okText: t('common.delete'),
      danger: true,
      onOk: async () => {
        await remove.mutateAsync({ projectId, ids, revoke });
        setSelected([]);
      },
    });
  };

  /** Spec 000 §6: roles auto-created per site, for the active sites that have none yet. */
  const autoCreateRoles = () =>
    void settle(async () => {
      const missing = await sitesWithoutRole(projectId);
      confirm({
        title: t('roles.confirm.autoTitle'),
        content: missing.length === 0 ? t('roles.confirm.autoNone') : t('roles.confirm.autoContent', { sites: missing.map((site) => site.code).join(', ') }),
        onOk: () => (missing.length === 0 ? undefined : autoCreate.mutateAsync(projectId)),
      });
    });

  /** docs/decisions.md "Role details and standard roles": the template roles the project lacks; the list refreshes. */
  const createStandardRoles = () =>
    confirm({
      title: t('roles.confirm.standardTitle'),
      content: t('roles.confirm.standardContent'),
      onOk: async () => {
        const created = await createStandard.mutateAsync(projectId);
        if (created.length === 0) void message.info(t('roles.confirm.standardNone'));
      },
    });

  const exportRoles = () => void settle(async () => saveFile(await exporter.mutateAsync({ projectId, what: 'roles' })));

  const columns: TableColumnsType<ProjectRole> = [
    { key: 'alias', dataIndex: 'alias', title: t('roles.fields.alias'), width: 160 },
    {
      key: 'description',
      title: t('roles.fields.description'),
      render: (_v, role) => (english ? (role.descriptionEn ?? role.description) : role.description) ?? '-',
    },
    { key: 'sites', dataIndex: 'institutionNamesStr', title: t('roles.fields.sites'), width: 180 },
    {
      key: 'rights',
      title: t('roles.fields.rights'),
      render: (_v, role) => (
        <Space size={[4, 4]} wrap>
          {ROLE_RIGHTS.filter((right) => role[right]).map((right) => (
            <Tag key={right} color="blue">
              {t(ROLE_RIGHT_LABEL_KEYS[right])}
            </Tag>
          ))}
        </Space>
      ),
    },
    { key: 'users', dataIndex: 'userCount', title: t('roles.fields.userCount'), width: 90 },
    {
      key: 'enabled',
      title: t('roles.fields.enabled'),
      width: 100,
      render: (_v, role) => (
        <Switch checked={role.enabled === 1} disabled={!canManage} onChange={() => toggle(role)} data-testid={`role-enabled-${role.alias}`} />
      ),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            width: 140,
            render: (_v: unknown, role: ProjectRole) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditor({ mode: 'edit', role })} data-testid={`role-edit-${role.alias}`}>
                  {t('common.edit')}
                </Button>
                <Button type="link" size="small" danger onClick={() => removeRoles([role.id])} data-testid={`role-delete-${role.alias}`}>
                  {t('common.delete')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={12}>
      {canManage ? (
        <Flex justify="space-between" wrap gap={8}>
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="role-create">
              {t('roles.actions.create')}
            </Button>
            <Button icon={<ThunderboltOutlined />} onClick={autoCreateRoles} data-testid="role-auto-create">
              {t('roles.actions.autoCreate')}
            </Button>
            <Button icon={<AppstoreAddOutlined />} onClick={createStandardRoles} data-testid="role-create-standard">
              {t('roles.actions.createStandard')}
            </Button>
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => removeRoles(selected)} data-testid="role-batch-delete">
              {t('roles.actions.batchDelete', { count: selected.length })}
            </Button>
          </Space>
          <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={exportRoles} data-testid="role-export">
            {t('roles.actions.export')}
          </Button>
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('roles.readOnly')}</Typography.Text>
      )}
      <Table<ProjectRole>
        rowKey="id"
        loading={list.isLoading}
        columns={columns}
        dataSource={list.data ?? []}
        pagination={false}
        rowSelection={canManage ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
        rowClassName={(role) => (role.enabled === 0 ? 'dcap-row--disabled' : '')}
        data-testid="role-table"
      />
      <RoleFormModal
        open={editor.mode !== 'closed'}
        projectId={projectId}
        role={editor.mode === 'edit' ? editor.role : null}
        sites={sites}
        onClose={() => setEditor({ mode: 'closed' })}
      />
    </Flex>
  );
}
