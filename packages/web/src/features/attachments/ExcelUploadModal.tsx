import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Space, Typography, Upload } from 'antd';
import { columnTitle, detectFileKind, importableColumns } from '@dcap/core';
import type { Locale, TableImportPreview, Widget } from '@dcap/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { useTableImport, useTableTemplate } from './api';
import { fileHead } from './checks';
import './attachments.css';

export interface ExcelUploadModalProps {
  open: boolean;
  panelInstanceId: number;
  /** The repeatable table the rows are for. */
  table: Widget;
  /** OK: the imported rows (field values by column key) go into the form; nothing is saved yet. */
  onApply: (rows: Record<string, unknown>[]) => void;
  onClose: () => void;
}

const MAX_ERRORS_SHOWN = 20;

/** The HTML preview of the read sheet: the table's columns the sheet filled, a cell that could not be read in red. */
function SheetPreview({ preview, table, locale }: { preview: TableImportPreview; table: Widget; locale: Locale }) {
  const { t } = useTranslation();
  const columns = importableColumns(table).filter((column) => preview.columns.includes(column.key));
  const errors = new Map(preview.errors.map((error) => [`${String(error.row)}:${error.column}`, error.message]));
  return (
    <div className="dcap-table-import-preview" data-testid="table-import-preview">
      <table>
        <thead>
          <tr>
            <th>{t('tableImport.rowNumber')}</th>
            {columns.map((column) => (
              <th key={column.key}>{columnTitle(column, locale)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.row}>
              <td>{row.row}</td>
              {columns.map((column) => {
                const error = errors.get(`${String(row.row)}:${column.key}`);
                return (
                  <td key={column.key} className={error ? 'dcap-cell-error' : undefined} title={error}>
                    {row.cells[column.key] ?? ''}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The Excel upload modal of spec 002 §2: 80% wide, not closed by clicking the mask; upload an xlsx (an xls
 * is recognised and the user told to save it as xlsx), download the template, see the count of rows read and
 * an HTML preview with each unreadable cell. OK adds the rows to the table in the form; cancel clears
 * everything. The rows are stored by the panel's save (docs/forms.md "Table import").
 */
export function ExcelUploadModal({ open, panelInstanceId, table, onApply, onClose }: ExcelUploadModalProps) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const read = useTableImport();
  const template = useTableTemplate();
  const [preview, setPreview] = useState<TableImportPreview | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const tableName = locale === 'en-US' && table.nameEn ? table.nameEn : table.name;

  const clear = () => {
    setPreview(null);
    setLocalError(null);
    read.reset();
  };
  const cancel = () => {
    clear();
    onClose();
  };
  const accept = (file: File) => {
    void (async () => {
      clear();
      const head = await fileHead(file, 8);
      if (detectFileKind(head) === 'xls') {
        setLocalError(t('tableImport.xls'));
        return;
      }
      const answer = await read.mutateAsync({ panelInstanceId, table: table.model, file }).catch(() => null);
      if (answer) setPreview(answer);
    })();
  };
  const apply = () => {
    if (!preview) return;
    onApply(preview.rows.map((row) => row.values));
    clear();
    onClose();
  };
  const titleOf = (key: string) => {
    const column = importableColumns(table).find((candidate) => candidate.key === key);
    return column ? columnTitle(column, locale) : key;
  };

  return (
    <Modal
      open={open}
      width="80%"
      mask={{ closable: false }}
      title={t('tableImport.title', { table: tableName })}
      onCancel={cancel}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={cancel} data-testid="table-import-cancel">
            {t('tableImport.cancel')}
          </Button>
          <Button type="primary" disabled={!preview || preview.total === 0} onClick={apply} data-testid="table-import-ok">
            {t('tableImport.ok')}
          </Button>
        </Space>
      }
      data-testid="table-import-modal"
    >
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">{t('tableImport.dropHint')}</Typography.Text>
          <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate({ panelInstanceId, table: table.model })} data-testid="table-import-template">
            {t('tableImport.template')}
          </Button>
        </Flex>
        <Upload.Dragger
          accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
          multiple={false}
          showUploadList={false}
          disabled={read.isPending}
          beforeUpload={(file) => {
            accept(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{read.isPending ? t('tableImport.reading') : t('tableImport.drop')}</p>
        </Upload.Dragger>
        {localError ? <Alert type="error" showIcon title={localError} /> : null}
        {preview ? (
          <>
            <Typography.Text strong data-testid="table-import-count">
              {t('tableImport.count', { count: preview.total })}
            </Typography.Text>
            {preview.huge ? <Alert type="info" showIcon title={t('tableImport.huge')} /> : null}
            {preview.unmatched.length > 0 ? <Alert type="warning" showIcon title={t('tableImport.unmatched', { columns: preview.unmatched.join(', ') })} /> : null}
            {preview.errors.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                title={t('tableImport.errors', { count: preview.errors.length })}
                description={
                  <ul className="dcap-table-import-errors">
                    {preview.errors.slice(0, MAX_ERRORS_SHOWN).map((error) => (
                      <li key={`${String(error.row)}:${error.column}`}>{t('tableImport.errorLine', { row: error.row, column: titleOf(error.column), message: error.message })}</li>
                    ))}
                    {preview.errors.length > MAX_ERRORS_SHOWN ? <li>…</li> : null}
                  </ul>
                }
              />
            ) : null}
            <SheetPreview preview={preview} table={table} locale={locale} />
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
