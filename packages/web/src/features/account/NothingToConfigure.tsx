import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** Tabs whose settings (bindings, notification channels, preferences) the platform does not offer yet. */
export function NothingToConfigure() {
  const { t } = useTranslation();
  return <Empty description={t('account.nothingToConfigure')} data-testid="nothing-to-configure" />;
}
