import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@dcap/core';
import { saveFile } from '../../lib/download';
import type { AlterationFilters, QueryFilters } from './api';
import { useListExport } from './api';

/** Exports the filtered list as xlsx or CSV, times in the browser's zone with its offset (COMPLIANCE TS-2). */
export function ExportButton({ what, filters }: { what: 'queries' | 'alteration'; filters: QueryFilters | AlterationFilters }) {
  const { t } = useTranslation();
  const download = useListExport();
  const run = (format: ExportFormat) => download.mutate({ what, filters, format }, { onSuccess: saveFile });
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'xlsx', label: t('queries.management.exportXlsx'), onClick: () => run('xlsx') },
          { key: 'csv', label: t('queries.management.exportCsv'), onClick: () => run('csv') },
        ],
      }}
    >
      <Button icon={<DownloadOutlined />} loading={download.isPending} data-testid={`${what}-export`}>
        {t('queries.management.export')}
      </Button>
    </Dropdown>
  );
}
