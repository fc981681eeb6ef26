import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Select, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useImportInstruments, useImportTemplate, useImportUpload } from './api';
import { importDetailPath } from './paths';

/**
 * Choosing the panel, downloading its template and uploading a sheet: the upload answers the dry run, whose
 * report opens at once (docs/decisions.md "Record import").
 */
export function UploadSheet({ instrumentId: fixed, again = false }: { instrumentId?: number; again?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const instruments = useImportInstruments();
  const [chosen, setChosen] = useState<number | undefined>(fixed);
  const upload = useImportUpload();
  const template = useImportTemplate();
  const instrumentId = fixed ?? chosen;
  return (
    <Space orientation="vertical" size="small">
      <Space wrap>
        {fixed === undefined ? (
          <Select
            data-testid="import-instrument"
            style={{ minWidth: 240 }}
            placeholder={t('imports.chooseInstrument')}
            loading={instruments.isLoading}
            value={chosen}
            onChange={setChosen}
            options={(instruments.data ?? []).map((item) => ({ value: item.id, label: `${item.name} (${item.nameAbbr})` }))}
          />
        ) : null}
        <Button icon={<DownloadOutlined />} disabled={instrumentId === undefined} loading={template.isPending} onClick={() => instrumentId !== undefined && template.mutate(instrumentId)} data-testid="import-template">
          {t('imports.template')}
        </Button>
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          disabled={instrumentId === undefined || upload.isPending}
          beforeUpload={(file) => {
            if (instrumentId !== undefined) {
              upload.mutate({ file, instrumentId }, { onSuccess: (detail) => void navigate(importDetailPath(detail.task.id)) });
            }
            return false;
          }}
        >
          <Button type={again ? 'primary' : 'default'} icon={<UploadOutlined />} disabled={instrumentId === undefined} loading={upload.isPending} data-testid="import-upload">
            {again ? t('imports.uploadAgain') : t('imports.upload')}
          </Button>
        </Upload>
      </Space>
      <Typography.Text type="secondary">{t('imports.uploadHint')}</Typography.Text>
    </Space>
  );
}
