import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { DASHBOARD_PATH } from '../guard';

/**
 * The header's brand: the platform's logo and name, or the current project's homepage logos (spec 002 §3
 * "UI settings": the big 3:1 logo in place of logo and name, else the small 1:1 logo in place of the icon).
 */
export function Brand({ bigLogo, smallLogo }: { bigLogo?: string | null; smallLogo?: string | null }) {
  const { t } = useTranslation();
  return (
    <Link to={DASHBOARD_PATH} className="dcap-brand" data-testid="brand" title={t('app.name')}>
      {bigLogo ? (
        <img src={bigLogo} alt={t('app.logoAlt')} className="dcap-brand__big" data-testid="brand-big-logo" />
      ) : (
        <>
          <img src={smallLogo ?? logoUrl} alt={t('app.logoAlt')} />
          <span>{t('app.name')}</span>
        </>
      )}
    </Link>
  );
}
