import { useTranslation } from 'react-i18next';
import { COPYRIGHT_START_YEAR } from '@dcap/core';

export interface FooterInfo {
  version?: { name: string; number: string };
  filingNumber?: string;
  /** The project's own footer in the current language (spec 000 §1: a project may override the footer text). */
  override?: string | null;
}

/** Spec 000 §1: system name, version name and number, copyright from 2019 to this year, filing number. */
export function AppFooter({ version, filingNumber, override }: FooterInfo) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  if (override) {
    return (
      <div className="dcap-footer" data-testid="app-footer">
        <div style={{ whiteSpace: 'pre-wrap' }} data-testid="project-footer">
          {override}
        </div>
        {version ? <div>{`${version.name} ${version.number}`}</div> : null}
      </div>
    );
  }
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
