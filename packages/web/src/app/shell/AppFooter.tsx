import { useTranslation } from 'react-i18next';
import { COPYRIGHT_START_YEAR } from '@dcap/core';

export interface FooterInfo {
  version?: { name: string; number: string };
  filingNumber?: string;
}

/** Spec 000 §1: system name, version name and number, copyright from 2019 to this year, filing number. */
export function AppFooter({ version, filingNumber }: FooterInfo) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <div className="dcap-footer" data-testid="app-footer">
      <div>
        {t('app.name')}
        {version ? ` · ${version.name} ${version.number}` : ''}
      </div>
      <div>{t('footer.copyright', { start: COPYRIGHT_START_YEAR, end: year })}</div>
      {filingNumber ? <div>{filingNumber}</div> : null}
    </div>
  );
}
