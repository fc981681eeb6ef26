import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@dcap/core';
import { EXPORT_FORMATS } from '@dcap/core';

/** A list's download button offering its xlsx and CSV forms (the query list, the operation log, coding listings). */
export function ExportMenu({ label, loading, onExport, testId }: { label: ReactNode; loading: boolean; onExport: (format: ExportFormat) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Dropdown menu={{ items: EXPORT_FORMATS.map((format) => ({ key: format, label: t(`common.exportFormat.${format}`), onClick: () => onExport(format) })) }}>
      <Button icon={<DownloadOutlined />} loading={loading} data-testid={testId}>
        {label}
      </Button>
    </Dropdown>
  );
}
