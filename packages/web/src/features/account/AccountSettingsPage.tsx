import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isPlatformAdmin } from '@dcap/core';
import { ACCOUNT_SETTINGS_PATH } from '../../app/guard';
import { useAppInit } from '../../app/initContext';
import { BaseSettings } from './BaseSettings';
import { NothingToConfigure } from './NothingToConfigure';
import { SecuritySettings } from './SecuritySettings';

const TABS = ['base', 'security', 'custom', 'binding', 'notification'] as const;
type AccountTab = (typeof TABS)[number];

const TAB_TITLE_KEYS: Record<AccountTab, string> = {
  base: 'account.tabs.base',
  security: 'account.tabs.security',
  custom: 'account.tabs.custom',
  binding: 'account.tabs.binding',
  notification: 'account.tabs.notification',
};

function tabContent(tab: AccountTab): ReactNode {
  switch (tab) {
    case 'base':
      return <BaseSettings />;
    case 'security':
      return <SecuritySettings />;
    case 'custom':
    case 'binding':
    case 'notification':
      return <NothingToConfigure />;
  }
}

/** Account settings of spec 000 §2.3; the binding tab is for administrators only (§6). */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab } = useParams();
  const { user } = useAppInit();

  const visible = TABS.filter((key) => key !== 'binding' || isPlatformAdmin(user));
  const active = visible.find((key) => key === tab);
  if (!active) return <Navigate to={`${ACCOUNT_SETTINGS_PATH}/base`} replace />;

  return (
    <Card title={t('account.title')}>
      <Tabs
        tabPlacement="start"
        activeKey={active}
        destroyOnHidden
        onChange={(key) => void navigate(`${ACCOUNT_SETTINGS_PATH}/${key}`)}
        items={visible.map((key) => ({
          key,
          label: <span data-testid={`account-tab-${key}`}>{t(TAB_TITLE_KEYS[key])}</span>,
          children: <div style={{ maxWidth: 560 }}>{tabContent(key)}</div>,
        }))}
      />
    </Card>
  );
}
