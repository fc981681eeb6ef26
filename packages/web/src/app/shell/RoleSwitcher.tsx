import { UserSwitchOutlined } from '@ant-design/icons';
import { Button, Modal, Table, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteNamesLabel } from '@dcap/core';
import { useStoreRoleMutation } from '../../api/session';
import { currentLocale } from '../../i18n';
import { useConfirm } from '../../lib/confirm';
import type { SessionRole, SessionSite } from '../projectContext';

interface RoleSwitcherProps {
  roles: readonly SessionRole[];
  current: SessionRole | null;
  sites: readonly SessionSite[];
}

/**
 * The header's role alias and the role switch table (spec 000 §2.6: width 900, scroll height 300).
 * Disabled roles keep a disabled button with a tooltip saying why (spec 000 §5).
 */
export function RoleSwitcher({ roles, current, sites }: RoleSwitcherProps) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const [open, setOpen] = useState(false);
  const store = useStoreRoleMutation();
  const confirm = useConfirm();

  const switchTo = (role: SessionRole) => {
    confirm({
      title: t('shell.role.confirmTitle'),
      content: t('shell.role.confirmContent', { alias: role.alias }),
      onOk: async () => {
        await store.mutateAsync(role.id);
        setOpen(false);
      },
    });
  };

  const columns: TableColumnsType<SessionRole> = [
    { key: 'alias', dataIndex: 'alias', title: t('roles.fields.alias'), width: 180 },
    {
      key: 'description',
      title: t('roles.fields.description'),
      render: (_value, role) => (locale === 'en-US' ? (role.descriptionEn ?? role.description) : role.description) ?? '-',
    },
    { key: 'sites', title: t('roles.fields.sites'), width: 220, render: (_value, role) => siteNamesLabel(role.institutionIds, sites, locale) },
    {
      key: 'action',
      title: t('common.actions'),
      width: 120,
      render: (_value, role) => {
        if (role.id === current?.id) return <Tag color="blue">{t('shell.current')}</Tag>;
        if (role.enabled === 0) {
          return (
            <Tooltip title={t('shell.role.disabledTip')}>
              <Button size="small" disabled data-testid={`role-switch-to-${role.id}`}>
                {t('shell.switch')}
              </Button>
            </Tooltip>
          );
        }
        return (
          <Button size="small" type="primary" ghost onClick={() => switchTo(role)} data-testid={`role-switch-to-${role.id}`}>
            {t('shell.switch')}
          </Button>
        );
      },
    },
  ];

  return (
    <>
      <Button type="text" size="small" icon={<UserSwitchOutlined />} onClick={() => setOpen(true)} data-testid="role-switch">
        <span data-testid="role-alias">{current?.alias ?? t('shell.role.none')}</span>
        {current?.enabled === 0 ? <Tag color="red">{t('shell.role.disabled')}</Tag> : null}
      </Button>
      <Modal open={open} title={t('shell.role.title')} width={900} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <Table<SessionRole>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={[...roles]}
          pagination={false}
          scroll={{ y: 300 }}
          rowClassName={(role) => (role.enabled === 0 ? 'dcap-row--disabled' : '')}
          locale={{ emptyText: t('shell.role.empty') }}
          data-testid="role-switch-table"
        />
      </Modal>
    </>
  );
}
