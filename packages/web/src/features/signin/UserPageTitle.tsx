import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import logoUrl from '../../assets/logo.svg';

/** The logo and name above the cards of the pages reached before signing in. */
export function UserPageTitle() {
  const { t } = useTranslation();
  return (
    <div className="dcap-user-layout__title">
      <img src={logoUrl} alt={t('app.logoAlt')} />
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('app.name')}
      </Typography.Title>
    </div>
  );
}
