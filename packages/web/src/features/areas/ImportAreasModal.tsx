import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Table, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaImportReport, AreaImportRow } from '@dcap/core';
import { useAreaImportMutation, useAreaTemplateDownload } from '../../api/areas';
import { ApiError } from '../../api/errors';
import { settle } from '../../lib/confirm';
import { saveFile } from '../../lib/download';

/**
 * Areas from a sheet (docs/decisions.md "Areas"): download the template, upload a filled xlsx or CSV file for
 * a dry run that shows every row with its problems, then import the same file; the server creates every
 * area or none.
 */
export function ImportAreasModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const download = useAreaTemplateDownload();
  const run = useAreaImportMutation();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<AreaImportReport | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const close = () => {
    setFile(null);
    setReport(null);
    setUploadError(null);
    onClose();
  };

  const send = async (chosen: File, dryRun: boolean) => {
    setUploadError(null);
    try {
      setReport(await run.mutateAsync({ file: chosen, dryRun }));
    } catch (error) {
      setReport(null);
      setUploadError(error instanceof ApiError ? error.message : String(error));
    }
  };

  const columns: TableColumnsType<AreaImportRow> = [
    { key: 'row', dataIndex: 'row', title: t('areas.import.row'), width: 60 },
    { key: 'code', title: t('areas.fields.code'), render: (_v, row) => row.area.code ?? '-' },
    { key: 'parentCode', title: t('areas.fields.parent'), render: (_v, row) => row.area.parentCode ?? '-' },
    { key: 'name', title: t('areas.fields.name'), render: (_v, row) => row.area.name ?? '-' },
    { key: 'nameEn', title: t('areas.fields.nameEn'), render: (_v, row) => row.area.nameEn ?? '-' },
    {
      key: 'errors',
      title: t('areas.import.problems'),
      render: (_v, row) =>
        row.errors.length === 0 ? (
          <Tag color="success">{t('areas.import.ok')}</Tag>
        ) : (
          <Flex vertical data-testid={`area-import-errors-${row.row}`}>
            {row.errors.map((error) => (
              <Typography.Text key={`${error.field}:${error.message}`} type="danger">
                {error.message}
              </Typography.Text>
            ))}
          </Flex>
        ),
    },
  ];
  const invalid = report ? report.total - report.valid : 0;
  const imported = report && !report.dryRun && report.imported > 0;

  return (
    <Modal
      open={open}
      width="80%"
      title={t('areas.import.title')}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        imported ? (
          <Button type="primary" onClick={close} data-testid="area-import-done">
            {t('common.confirm')}
          </Button>
        ) : (
          <Flex gap={8} justify="end">
            <Button onClick={close}>{t('areas.import.cancel')}</Button>
            <Button
              type="primary"
              disabled={!file || !report || invalid > 0}
              loading={run.isPending}
              onClick={() => void settle(async () => file && send(file, false))}
              data-testid="area-import-confirm"
            >
              {t('areas.import.confirm', { count: report?.total ?? 0 })}
            </Button>
          </Flex>
        )
      }
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('areas.import.hint')}
        </Typography.Paragraph>
        {imported ? null : (
          <Flex gap={8} wrap>
            <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => void settle(async () => saveFile(await download.mutateAsync()))} data-testid="area-import-template">
              {t('areas.import.template')}
            </Button>
            <Upload
              accept=".xlsx,.csv"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(chosen) => {
                setFile(chosen);
                void send(chosen, true);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={run.isPending} data-testid="area-import-upload">
                {t('areas.import.upload')}
              </Button>
            </Upload>
          </Flex>
        )}
        {uploadError ? <Alert type="error" showIcon title={uploadError} data-testid="area-import-error" /> : null}
        {report ? (
          <>
            <Alert
              type={imported ? 'success' : invalid > 0 ? 'error' : 'info'}
              showIcon
              title={
                imported
                  ? t('areas.import.done', { count: report.imported })
                  : invalid > 0
                    ? t('areas.import.someInvalid', { invalid, total: report.total })
                    : t('areas.import.allValid', { total: report.total })
              }
              data-testid="area-import-summary"
            />
            <Table<AreaImportRow> rowKey="row" size="small" pagination={false} scroll={{ y: 360 }} columns={columns} dataSource={report.rows} data-testid="area-import-preview" />
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
