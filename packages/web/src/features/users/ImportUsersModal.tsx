import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Table, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importUserSchema } from '@dcap/core';
import type { ImportPreview, ImportResult, ImportRow, ImportUser } from '@dcap/core';
import { ApiError } from '../../api/errors';
import { useUserImportConfirm, useUserSheetDownload, useUserSheetPreview } from '../../api/users';
import { settle } from '../../lib/confirm';
import { saveFile } from '../../lib/download';

/**
 * Bulk creation from a sheet (spec 002 §7 exportTemplate, preview): download the template, upload the
 * filled sheet, see every row with its errors, and create all rows at once only when none has an error.
 * The generated passwords are shown once at the end, to be changed at first sign-in.
 */
export function ImportUsersModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const download = useUserSheetDownload();
  const preview = useUserSheetPreview();
  const confirm = useUserImportConfirm();
  const [checked, setChecked] = useState<ImportPreview | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const close = () => {
    setChecked(null);
    setUploadError(null);
    setResult(null);
    onClose();
  };

  const check = async (file: File) => {
    setUploadError(null);
    setChecked(null);
    try {
      setChecked(await preview.mutateAsync(file));
    } catch (error) {
      setUploadError(error instanceof ApiError ? error.message : String(error));
    }
  };

  const create = () =>
    void settle(async () => {
      if (!checked) return;
      const users: ImportUser[] = checked.rows.map((row) => importUserSchema.parse(row.user));
      setResult(await confirm.mutateAsync(users));
      setChecked(null);
    });

  const previewColumns: TableColumnsType<ImportRow> = [
    { key: 'row', dataIndex: 'row', title: t('users.import.row'), width: 70 },
    { key: 'username', title: t('user.fields.username'), render: (_v, row) => row.user.username ?? '-' },
    { key: 'name', title: t('user.fields.name'), render: (_v, row) => row.user.name ?? '-' },
    { key: 'email', title: t('user.fields.email'), render: (_v, row) => row.user.email ?? '-' },
    {
      key: 'errors',
      title: t('users.import.problems'),
      render: (_v, row) =>
        row.errors.length === 0 ? (
          <Tag color="success">{t('users.import.ok')}</Tag>
        ) : (
          <Flex vertical data-testid={`import-row-errors-${row.row}`}>
            {row.errors.map((error) => (
              <Typography.Text key={`${error.field}:${error.message}`} type="danger">
                {error.message}
              </Typography.Text>
            ))}
          </Flex>
        ),
    },
  ];
  const invalid = checked ? checked.total - checked.valid : 0;

  return (
    <Modal
      open={open}
      width="80%"
      title={t('users.import.title')}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        result ? (
          <Button type="primary" onClick={close} data-testid="import-done">
            {t('users.issued.done')}
          </Button>
        ) : (
          <Flex gap={8} justify="end">
            <Button onClick={close}>{t('users.import.cancel')}</Button>
            <Button type="primary" disabled={!checked || invalid > 0} loading={confirm.isPending} onClick={create} data-testid="import-confirm">
              {t('users.import.confirm', { count: checked?.total ?? 0 })}
            </Button>
          </Flex>
        )
      }
    >
      {result ? (
        <Flex vertical gap={12} data-testid="import-result">
          <Alert type="warning" showIcon title={t('users.issued.warning')} description={t('users.issued.firstSignIn')} />
          <Table
            rowKey={(row) => row.user.id}
            size="small"
            pagination={false}
            dataSource={result.created}
            columns={[
              { key: 'username', title: t('user.fields.username'), render: (_v, row) => row.user.username },
              { key: 'name', title: t('user.fields.name'), render: (_v, row) => row.user.name },
              { key: 'password', title: t('users.issued.password'), render: (_v, row) => <Typography.Text code copyable={{ text: row.password }}>{row.password}</Typography.Text> },
            ]}
          />
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('users.import.hint')}
          </Typography.Paragraph>
          <Flex gap={8} wrap>
            <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => void settle(async () => saveFile(await download.mutateAsync('template')))} data-testid="import-template">
              {t('users.import.template')}
            </Button>
            <Upload
              accept=".xlsx"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(file) => {
                void check(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={preview.isPending} data-testid="import-upload">
                {t('users.import.upload')}
              </Button>
            </Upload>
          </Flex>
          {uploadError ? <Alert type="error" showIcon title={uploadError} data-testid="import-upload-error" /> : null}
          {checked ? (
            <>
              <Alert
                type={invalid > 0 ? 'error' : 'success'}
                showIcon
                title={invalid > 0 ? t('users.import.someInvalid', { invalid, total: checked.total }) : t('users.import.allValid', { total: checked.total })}
                data-testid="import-summary"
              />
              <Table<ImportRow> rowKey="row" size="small" pagination={false} scroll={{ y: 360 }} columns={previewColumns} dataSource={checked.rows} data-testid="import-preview" />
            </>
          ) : null}
        </Flex>
      )}
    </Modal>
  );
}
