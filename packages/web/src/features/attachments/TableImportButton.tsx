import { FileExcelOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { ROW_KEY_FIELD, isBlank } from '@dcap/core';
import type { Widget } from '@dcap/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRenderer } from '../renderer/context';
import { ExcelUploadModal } from './ExcelUploadModal';

/**
 * "Upload from spreadsheet" on a repeatable table's toolbar (spec 002 §2), shown in data entry only (the
 * renderer asks data mode's `tableActions`). OK keeps the rows that hold something and adds the imported
 * ones after them; above 50 rows the table switches to huge-data rendering (spec 002 §5).
 */
export function TableImportButton({ table, panelInstanceId }: { table: Widget; panelInstanceId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { store } = useRenderer();
  const [open, setOpen] = useState(false);
  const apply = (rows: Record<string, unknown>[]) => {
    const kept = store.tables.rowValues(table.model).filter((row) => Object.entries(row).some(([key, value]) => key !== ROW_KEY_FIELD && !isBlank(value)));
    store.tables.replaceRows(table.model, [...kept, ...rows]);
    void message.success(t('tableImport.added', { count: rows.length }));
  };
  return (
    <>
      <Button icon={<FileExcelOutlined />} onClick={() => setOpen(true)} data-testid={`table-import-${table.model}`}>
        {t('tableImport.button')}
      </Button>
      {open ? <ExcelUploadModal open panelInstanceId={panelInstanceId} table={table} onApply={apply} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
