import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Flex, Table, Tag, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SIGNATURE_ACCEPT, SIGNATURE_MAX_BYTES, SIGNATURE_MAX_SIDE, SIGNATURE_MIN_SIDE } from '@dcap/core';
import type { SignatureFile } from '@dcap/core';
import { useSignatureHistory, useSignatureImageUrl, useUploadSignature } from '../../api/signature';
import { PageSpin } from '../../components/PageSpin';
import './signature.css';

const LIMIT_MB = SIGNATURE_MAX_BYTES / 1024 / 1024;

function SignatureImage({ file, name, small = false }: { file: SignatureFile; name: string; small?: boolean }) {
  const { t } = useTranslation();
  const url = useSignatureImageUrl(file.id);
  return (
    <div className={small ? 'dcap-signature__thumb' : 'dcap-signature__image'}>
      {url ? <img src={url} alt={t('signatureImage.imageAlt', { name })} data-testid={small ? `signature-thumb-${String(file.id)}` : 'signature-current-image'} /> : null}
    </div>
  );
}

/**
 * A user's handwritten signature image (docs/decisions.md "Signature images"): the one in use, an upload that
 * replaces it, and every earlier upload with who made it. `userId` null is the signed-in user's own (account
 * centre); a number is user administration's view of that user.
 */
export function SignaturePanel({ userId, name }: { userId: number | null; name: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const history = useSignatureHistory(userId);
  const upload = useUploadSignature(userId);
  if (!history.data) return history.isError ? <Alert type="warning" showIcon title={t('common.loadFailed')} /> : <PageSpin fullHeight={false} />;
  const files = history.data.files;
  const current = files.find((file) => file.current) ?? null;

  const choose = (file: File) => {
    if (!/\.(png|jpe?g)$/i.test(file.name)) void message.error(t('signatureImage.wrongType'));
    else if (file.size >= SIGNATURE_MAX_BYTES) void message.error(t('signatureImage.tooLarge', { limit: LIMIT_MB }));
    else upload.mutate(file);
    return Upload.LIST_IGNORE;
  };

  return (
    <div className="dcap-signature" data-testid="signature-panel">
      {userId !== null ? <Alert type="info" showIcon title={t('signatureImage.adminNotice')} style={{ marginBottom: 12 }} /> : null}
      <Flex gap={16} align="center" wrap>
        {current ? <SignatureImage file={current} name={name} /> : <div className="dcap-signature__image dcap-signature__image--empty" data-testid="signature-none">{t('signatureImage.none')}</div>}
        <Flex vertical gap={8} style={{ flex: 1, minWidth: 200 }}>
          <Upload accept={SIGNATURE_ACCEPT} showUploadList={false} beforeUpload={choose} data-testid="signature-upload">
            <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="signature-upload-button">
              {current ? t('signatureImage.replace') : t('signatureImage.upload')}
            </Button>
          </Upload>
          <Typography.Text type="secondary">{t('signatureImage.hint', { limit: LIMIT_MB, min: SIGNATURE_MIN_SIDE, max: SIGNATURE_MAX_SIDE })}</Typography.Text>
        </Flex>
      </Flex>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('signatureImage.history')}
      </Typography.Title>
      <Table<SignatureFile>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={files}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('signatureImage.none')} /> }}
        data-testid="signature-history"
        columns={[
          { title: t('signatureImage.columns.image'), key: 'image', width: 110, render: (_, file) => <SignatureImage file={file} name={name} small /> },
          {
            title: t('signatureImage.columns.uploadedAt'),
            key: 'uploadedAt',
            render: (_, file) => (
              <span>
                {dayjs(file.uploadedAt).format('YYYY-MM-DD HH:mm')} {file.current ? <Tag color="green">{t('signatureImage.inUse')}</Tag> : null}
              </span>
            ),
          },
          { title: t('signatureImage.columns.uploadedBy'), dataIndex: 'uploadedBy' },
          { title: t('signatureImage.columns.size'), key: 'size', render: (_, file) => `${String(file.width)} × ${String(file.height)} · ${String(Math.ceil(file.size / 1024))} KB` },
        ]}
      />
    </div>
  );
}
