import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrfSource, Locale } from '@dcap/core';
import { LOCALES } from '@dcap/core';
import { saveFile } from '../../lib/download';
import { useBlankCrfDownload, useCasebookDownload } from './api';

/** The PDF's language is chosen per download: a site may file a Chinese CRF while a sponsor reads English. */
function languageItems(t: (key: string) => string, run: (lang: Locale) => void) {
  return LOCALES.map((lang) => ({ key: lang, label: t(`crfPdf.language.${lang}`), onClick: () => run(lang) }));
}

/**
 * "Blank CRF (PDF)": the annotated blank CRF of the draft (design area) or of the environment's design; with
 * `instrumentId`, of that panel only, as a link in the panel's row.
 */
export function BlankCrfButton({ source, instrumentId }: { source: CrfSource; instrumentId?: number }) {
  const { t } = useTranslation();
  const download = useBlankCrfDownload();
  const run = (lang: Locale) => download.mutate({ source, lang, ...(instrumentId === undefined ? {} : { instrumentId }) }, { onSuccess: saveFile });
  const one = instrumentId !== undefined;
  return (
    <Dropdown trigger={['click']} menu={{ items: languageItems(t, run) }}>
      <Button
        type={one ? 'link' : 'default'}
        size={one ? 'small' : 'middle'}
        icon={<FilePdfOutlined />}
        loading={download.isPending}
        data-testid={one ? `blank-crf-pdf-${String(instrumentId)}` : 'blank-crf-pdf'}
      >
        {one ? t('crfPdf.blankPanel') : t('crfPdf.blank')}
      </Button>
    </Dropdown>
  );
}

/** "Casebook (PDF)" of a subject; shown to roles with the export right, audited by the server. */
export function CasebookButton({ subjectId }: { subjectId: number }) {
  const { t } = useTranslation();
  const download = useCasebookDownload();
  const run = (lang: Locale) => download.mutate({ subjectId, lang }, { onSuccess: saveFile });
  return (
    <Dropdown trigger={['click']} menu={{ items: languageItems(t, run) }}>
      <Button icon={<FilePdfOutlined />} loading={download.isPending} data-testid="casebook-pdf">
        {t('crfPdf.casebook')}
      </Button>
    </Dropdown>
  );
}
