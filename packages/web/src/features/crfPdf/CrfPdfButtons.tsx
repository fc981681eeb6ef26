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

/** "Blank CRF (PDF)": the annotated blank CRF of the draft (design area) or of the environment's design. */
export function BlankCrfButton({ source, instrumentId }: { source: CrfSource; instrumentId?: number }) {
  const { t } = useTranslation();
  const download = useBlankCrfDownload();
  const run = (lang: Locale) => download.mutate({ source, lang, ...(instrumentId === undefined ? {} : { instrumentId }) }, { onSuccess: saveFile });
  return (
    <Dropdown trigger={['click']} menu={{ items: languageItems(t, run) }}>
      <Button icon={<FilePdfOutlined />} loading={download.isPending} data-testid="blank-crf-pdf">
        {t('crfPdf.blank')}
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
