import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/useSignOut';
import { ACCOUNT_SETTINGS_PATH } from '../guard';

export function UserMenu({ displayName }: { displayName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();

  const items: MenuProps['items'] = [
    { key: 'settings', icon: <SettingOutlined />, label: <span data-testid="account-settings">{t('header.accountSettings')}</span> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('header.logout')}</span> },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings') void navigate(ACCOUNT_SETTINGS_PATH);
    if (key === 'logout') void signOut();
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }}>
      <span
        className="dcap-header__action"
        role="button"
        tabIndex={0}
        aria-label={t('header.userMenu')}
        data-testid="user-menu"
      >
        <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: '#1890FF' }} />
        <span>{displayName}</span>
      </span>
    </Dropdown>
  );
}
