import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { DASHBOARD_PATH } from '../guard';

export function Brand() {
  const { t } = useTranslation();
  return (
    <Link to={DASHBOARD_PATH} className="dcap-brand" data-testid="brand" title={t('app.name')}>
      <img src={logoUrl} alt={t('app.logoAlt')} />
      <span>{t('app.name')}</span>
    </Link>
  );
}
