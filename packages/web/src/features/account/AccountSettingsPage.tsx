import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isPlatformAdmin } from '@dcap/core';
import { ACCOUNT_SETTINGS_PATH } from '../../app/guard';
import { useAppInit } from '../../app/initContext';
import { WechatBindingSettings } from '../messages/WechatBindingSettings';
import { BaseSettings } from './BaseSettings';
import { CustomSettings } from './CustomSettings';
import { MessageList } from '../messages/MessageList';
import { NotificationSettings } from './NotificationSettings';
import { SecuritySettings } from './SecuritySettings';
import { MyUkey } from './MyUkey';

/** Spec 000 §2.3's five tabs, binding (WeChat) visible only to administrators (§6), and the user's messages. */
const TABS = ['base', 'security', 'custom', 'binding', 'notification', 'messages'] as const;
type AccountTab = (typeof TABS)[number];

const TAB_TITLE_KEYS: Record<AccountTab, string> = {
  base: 'account.tabs.base',
  security: 'account.tabs.security',
  custom: 'account.tabs.custom',
  binding: 'account.tabs.binding',
  notification: 'account.tabs.notification',
  messages: 'account.tabs.messages',
};

function tabContent(tab: AccountTab): ReactNode {
  switch (tab) {
    case 'base':
      return <BaseSettings />;
    case 'security':
      return (
        <>
          <SecuritySettings />
          <MyUkey />
        </>
      );
    case 'custom':
      return <CustomSettings />;
    case 'binding':
      return <WechatBindingSettings />;
    case 'notification':
      return <NotificationSettings />;
    case 'messages':
      return <MessageList />;
  }
}

/** Account settings of spec 000 §2.3: base, security, custom (font size), binding (administrators), notification and the message list. */
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
          children: <div style={{ maxWidth: key === 'messages' ? 960 : key === 'notification' ? 720 : 560 }}>{tabContent(key)}</div>,
        }))}
      />
    </Card>
  );
}
