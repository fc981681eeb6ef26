import { UserAddOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRolesAndSites } from '@dcap/core';
import { useRevokeRoleMutation, useRoleHoldersQuery } from '../../api/roleAssignments';
import { useRoleListQuery } from '../../api/roles';
import { useConfirm } from '../../lib/confirm';
import { AssignRoleModal } from './AssignRoleModal';
import { SiteAuthorityModal } from './SiteAuthorityModal';
import type { AuthorityTarget } from './SiteAuthorityModal';
import type { ScopeSite } from './SiteScopeField';

type Holder = UserRolesAndSites;
type HeldRole = Holder['roles'][number];

const labelOf = (holder: Holder) => `${holder.name} (${holder.username})`;

/** Who holds which role at which sites: assign, revoke, and change a holder's sites (spec 000 §6). */
export function HoldersTab({ projectId, sites }: { projectId: number; sites: readonly ScopeSite[] }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const holders = useRoleHoldersQuery(projectId);
  const roles = useRoleListQuery(projectId);
  const revoke = useRevokeRoleMutation();
  const [assigning, setAssigning] = useState(false);
  const [authority, setAuthority] = useState<AuthorityTarget | null>(null);

  const revokeRole = (holder: Holder, held: HeldRole) => {
    confirm({
      title: t('holders.revokeTitle'),
      content: t('holders.revokeContent', { role: held.alias, user: labelOf(holder) }),
      okText: t('holders.revoke'),
      danger: true,
      onOk: () => revoke.mutateAsync({ projectId, roleId: held.roleId, userId: holder.userId }),
    });
  };

  const editSites = (holder: Holder, held: HeldRole) => {
    const role = roles.data?.find((candidate) => candidate.id === held.roleId);
    if (role) setAuthority({ userId: holder.userId, userLabel: labelOf(holder), role, scope: held.institutionIds });
  };

  const columns: TableColumnsType<Holder> = [
    {
      key: 'user',
      title: t('holders.user'),
      width: 220,
      render: (_v, holder) => (
        <Flex vertical>
          <span>{holder.name}</span>
          <Typography.Text type="secondary">{holder.username}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'roles',
      title: t('holders.roles'),
      render: (_v, holder) => (
        <Flex vertical gap={6}>
          {holder.roles.map((held) => (
            <Flex key={held.roleId} align="center" gap={8} wrap data-testid={`holder-${holder.username}-${held.alias}`}>
              <Tag color={held.enabled ? 'blue' : 'default'}>{held.alias}</Tag>
              <Typography.Text type="secondary">{held.institutionNamesStr}</Typography.Text>
              <Space size={0}>
                <Button type="link" size="small" onClick={() => editSites(holder, held)} data-testid={`holder-sites-${holder.username}-${held.alias}`}>
                  {t('holders.sites')}
                </Button>
                <Button type="link" size="small" danger onClick={() => revokeRole(holder, held)} data-testid={`holder-revoke-${holder.username}-${held.alias}`}>
                  {t('holders.revoke')}
                </Button>
              </Space>
            </Flex>
          ))}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="end">
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAssigning(true)} data-testid="assign-role">
          {t('assign.open')}
        </Button>
      </Flex>
      <Table<Holder>
        rowKey="userId"
        loading={holders.isLoading}
        columns={columns}
        dataSource={holders.data ?? []}
        pagination={false}
        locale={{ emptyText: t('holders.empty') }}
        data-testid="holder-table"
      />
      <AssignRoleModal
        open={assigning}
        projectId={projectId}
        roles={roles.data ?? []}
        sites={sites}
        members={holders.data ?? []}
        onClose={() => setAssigning(false)}
      />
      <SiteAuthorityModal projectId={projectId} target={authority} sites={sites} onClose={() => setAuthority(null)} />
    </Flex>
  );
}
