import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@dcap/core';
import { ExportMenu } from '../../components/ExportMenu';
import { saveFile } from '../../lib/download';
import type { AlterationFilters, QueryFilters } from './api';
import { useListExport } from './api';

/** Exports the filtered list as xlsx or CSV, times in the browser's zone with its offset (COMPLIANCE TS-2). */
export function ExportButton({ what, filters }: { what: 'queries' | 'alteration'; filters: QueryFilters | AlterationFilters }) {
  const { t } = useTranslation();
  const download = useListExport();
  const run = (format: ExportFormat) => download.mutate({ what, filters, format }, { onSuccess: saveFile });
  return <ExportMenu label={t('queries.management.export')} loading={download.isPending} onExport={run} testId={`${what}-export`} />;
}
