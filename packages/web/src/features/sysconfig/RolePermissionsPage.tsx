import { Alert, Button, Card, Checkbox, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditableSysRole, PlatformAction, SysRole, SysRoleRightsView } from '@dcap/core';
import { EDITABLE_SYS_ROLES } from '@dcap/core';
import { useRoleRights, useSaveRoleRights } from './api';

type Matrix = Record<EditableSysRole, PlatformAction[]>;

/** Catalogue keys cannot hold dots: `user.manage` is `user_manage` under sysconfig.actions. */
const actionKey = (action: PlatformAction) => action.replace('.', '_');

function matrixOf(view: SysRoleRightsView): Matrix {
  const rights = (role: EditableSysRole) => view.roles.find((row) => row.role === role)?.rights ?? [];
  return { systemAdmin: rights('systemAdmin'), projectAdmin: rights('projectAdmin') };
}

/**
 * Role permissions of the system roles (spec 000 §2.2 platform administration; docs/decisions.md "Role
 * permissions of system roles"): which platform functions admin, systemAdmin and projectAdmin hold. admin
 * holds all and is not edited; a function the caller lacks can be taken away but not given, and the server
 * refuses an edit that would take platform administration away from the caller.
 */
export function RolePermissionsPage() {
  const { t } = useTranslation();
  const view = useRoleRights();
  const save = useSaveRoleRights();
  const [draft, setDraft] = useState<Matrix | null>(null);
  const saved = useMemo(() => (view.data ? matrixOf(view.data) : null), [view.data]);
  const matrix = draft ?? saved;
  const changed = draft !== null && saved !== null && EDITABLE_SYS_ROLES.some((role) => [...draft[role]].sort().join() !== [...saved[role]].sort().join());
  const grantable = view.data?.grantable ?? [];

  const toggle = (role: EditableSysRole, action: PlatformAction, on: boolean) => {
    if (!matrix) return;
    const next = on ? [...matrix[role], action] : matrix[role].filter((held) => held !== action);
    setDraft({ ...matrix, [role]: next });
  };
  const onSave = async () => {
    if (!draft) return;
    await save.mutateAsync(draft);
    setDraft(null);
  };

  const roleColumn = (role: SysRole): TableColumnsType<PlatformAction>[number] => ({
    key: role,
    align: 'center',
    width: 150,
    title: (
      <Space orientation="vertical" size={0}>
        <span>{t(`sysconfig.roles.${role}`)}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {role}
        </Typography.Text>
      </Space>
    ),
    render: (_, action) => {
      if (role === 'admin') {
        return (
          <Tooltip title={t('sysconfig.rights.adminFixed')}>
            <Checkbox checked disabled data-testid={`right-admin-${action}`} aria-label={`${t('sysconfig.roles.admin')} ${t(`sysconfig.actions.${actionKey(action)}`)}`} />
          </Tooltip>
        );
      }
      const held = matrix?.[role].includes(action) ?? false;
      // A function the caller lacks may be taken away but not given (no escalation).
      const locked = !held && !grantable.includes(action);
      return (
        <Tooltip title={locked ? t('sysconfig.rights.notHeld') : undefined}>
          <Checkbox
            checked={held}
            disabled={locked}
            data-testid={`right-${role}-${action}`}
            aria-label={`${t(`sysconfig.roles.${role}`)} ${t(`sysconfig.actions.${actionKey(action)}`)}`}
            onChange={(event) => toggle(role, action, event.target.checked)}
          />
        </Tooltip>
      );
    },
  });

  const defaults = (role: EditableSysRole) => view.data?.roles.find((row) => row.role === role)?.defaults ?? [];
  const columns: TableColumnsType<PlatformAction> = [
    {
      key: 'action',
      title: t('sysconfig.rights.function'),
      render: (_, action) => (
        <Space orientation="vertical" size={0}>
          <span data-testid={`right-name-${action}`}>{t(`sysconfig.actions.${actionKey(action)}`)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`sysconfig.actionHelp.${actionKey(action)}`)}
          </Typography.Text>
        </Space>
      ),
    },
    roleColumn('admin'),
    roleColumn('systemAdmin'),
    roleColumn('projectAdmin'),
    {
      key: 'defaults',
      title: t('sysconfig.rights.defaults'),
      width: 320,
      render: (_, action) => (
        <Space size={4} wrap>
          {EDITABLE_SYS_ROLES.filter((role) => defaults(role).includes(action)).map((role) => (
            <Tag key={role}>{t(`sysconfig.roles.${role}`)}</Tag>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('sysconfig.rights.title')}
      data-testid="role-permissions-page"
      extra={
        <Space>
          <Button disabled={!changed} onClick={() => setDraft(null)} data-testid="role-permissions-discard">
            {t('sysconfig.discard')}
          </Button>
          <Button type="primary" disabled={!changed} loading={save.isPending} onClick={() => void onSave().catch(() => undefined)} data-testid="role-permissions-save">
            {t('sysconfig.save')}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('sysconfig.rights.intro')} />
      {view.isError ? (
        <Alert type="warning" showIcon title={t('sysconfig.loadFailed')} description={view.error.message} />
      ) : (
        <Table<PlatformAction> rowKey={(action) => action} size="small" pagination={false} loading={view.isLoading} columns={columns} dataSource={view.data?.actions ?? []} data-testid="role-permissions-table" />
      )}
    </Card>
  );
}
