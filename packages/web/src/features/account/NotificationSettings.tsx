import { Alert, Spin, Switch, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS } from '@dcap/core';
import type { NotificationCategory, NotificationChannel } from '@dcap/core';
import { usePreferencesQuery, useSavePreferencesMutation } from '../../api/preferences';

const CATEGORY_KEYS: Record<NotificationCategory, string> = {
  queries: 'account.notification.categories.queries',
  signatures: 'account.notification.categories.signatures',
  visits: 'account.notification.categories.visits',
  roleChanges: 'account.notification.categories.roleChanges',
  projectStatus: 'account.notification.categories.projectStatus',
  randomisation: 'account.notification.categories.randomisation',
};

const CHANNEL_KEYS: Record<NotificationChannel, string> = {
  inSite: 'account.notification.channels.inSite',
  email: 'account.notification.channels.email',
  wechat: 'account.notification.channels.wechat',
};

/**
 * The notification tab (spec 000 §2.3; channels of §3): for each kind of event, whether it reaches the
 * user in the site's message box, by e-mail and by WeChat (once the account is bound). Each switch saves at once, on the server, for this user.
 */
export function NotificationSettings() {
  const { t } = useTranslation();
  const preferences = usePreferencesQuery();
  const save = useSavePreferencesMutation();
  if (preferences.isError) return <Alert type="error" showIcon title={t('common.loadFailed')} />;
  if (!preferences.data) return <Spin />;
  const { notifications } = preferences.data;

  const columns: TableColumnsType<{ category: NotificationCategory }> = [
    { key: 'category', title: t('account.notification.category'), render: (_v, row) => t(CATEGORY_KEYS[row.category]) },
    ...NOTIFICATION_CHANNELS.map((channel) => ({
      key: channel,
      title: t(CHANNEL_KEYS[channel]),
      width: 140,
      align: 'center' as const,
      render: (_v: unknown, row: { category: NotificationCategory }) => (
        <Switch
          size="small"
          checked={notifications[channel][row.category]}
          loading={save.isPending}
          aria-label={`${t(CHANNEL_KEYS[channel])} · ${t(CATEGORY_KEYS[row.category])}`}
          onChange={(on) => save.mutate({ notifications: { [channel]: { [row.category]: on } } })}
          data-testid={`notify-${channel}-${row.category}`}
        />
      ),
    })),
  ];

  return (
    <Table
      size="small"
      rowKey="category"
      pagination={false}
      columns={columns}
      dataSource={NOTIFICATION_CATEGORIES.map((category) => ({ category }))}
      title={() => t('account.notification.intro')}
      data-testid="notification-settings"
    />
  );
}
