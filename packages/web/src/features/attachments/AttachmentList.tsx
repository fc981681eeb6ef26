import { DeleteOutlined, FilePdfOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Empty, Flex, Image, Spin, Tooltip, Typography, Upload } from 'antd';
import { acceptAttribute } from '@dcap/core';
import type { AttachmentItem, AttachmentKind } from '@dcap/core';
import { useTranslation } from 'react-i18next';
import { useProjectContext } from '../../app/projectContext';
import type { AttachmentOwner } from './api';
import { useAttachmentUrl, useAttachments, useDeleteAttachment, useOpenAttachment, useUploadAttachment } from './api';
import { uploadProblem } from './checks';
import './attachments.css';

const formatSize = (bytes: number): string => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** One attachment: an image as a thumbnail (the original scaled by CSS, docs/decisions.md) with a preview, a PDF as a link. */
function AttachmentTile({ item, projectId, canDelete, onDelete }: { item: AttachmentItem; projectId: number | undefined; canDelete: boolean; onDelete: (item: AttachmentItem) => void }) {
  const { t, i18n } = useTranslation();
  const image = item.contentType.startsWith('image/');
  const { url, failed } = useAttachmentUrl(image ? projectId : undefined, item.id, true);
  const open = useOpenAttachment();
  const when = new Date(item.createdAt).toLocaleString(i18n.language);
  const title = `${item.name} · ${formatSize(item.size)} · ${t('attachments.uploadedBy', { who: item.createdBy ?? '—', when })}`;
  return (
    <div className="dcap-attachment-tile" data-testid={`attachment-${item.name}`}>
      <Tooltip title={title}>
        {image ? (
          failed ? (
            <div className="dcap-attachment-thumb dcap-attachment-missing">{t('attachments.loadFailed')}</div>
          ) : url ? (
            <Image src={url} alt={item.name} className="dcap-attachment-thumb" width={96} height={96} preview={{ mask: t('attachments.preview') }} />
          ) : (
            <div className="dcap-attachment-thumb">
              <Spin size="small" />
            </div>
          )
        ) : (
          <button type="button" className="dcap-attachment-thumb dcap-attachment-file" onClick={() => projectId !== undefined && void open(projectId, item)} aria-label={t('attachments.open')}>
            {item.contentType === 'application/pdf' ? <FilePdfOutlined /> : <FileOutlined />}
          </button>
        )}
      </Tooltip>
      <Typography.Text className="dcap-attachment-name" ellipsis={{ tooltip: item.name }}>
        {item.name}
      </Typography.Text>
      {canDelete ? (
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('attachments.delete')} onClick={() => onDelete(item)} data-testid={`delete-attachment-${item.name}`} />
      ) : null}
    </div>
  );
}

export interface AttachmentListProps {
  owner: AttachmentOwner;
  /** Uploading and deleting allowed (data entry, and the data still open); viewing is always offered. */
  editable: boolean;
  /** Spec 002 §5: uploading waits until the parent record was saved; the prompt says so. */
  saved: boolean;
  /** The upload button's text; "upload image" by default. */
  buttonText?: string;
}

/**
 * A list of attachments with upload and delete (spec 002 §5 "Image upload"): only JPEG and PNG (PDF too for
 * source documents and visit records), under 10 MB, a name once; deleting asks for confirmation as a
 * permanent deletion. The browser checks with core's rules before sending, the server again on receipt.
 */
export function AttachmentList({ owner, editable, saved, buttonText }: AttachmentListProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { project } = useProjectContext();
  const list = useAttachments(owner);
  const upload = useUploadAttachment(owner);
  const remove = useDeleteAttachment(owner);
  const kind: AttachmentKind = owner.kind;
  const items = list.data ?? [];
  const canUpload = editable && saved;

  const send = async (file: File) => {
    const problem = await uploadProblem(kind, file, items.map((item) => item.name), t);
    if (problem) {
      void message.error(problem);
      return;
    }
    await upload.mutateAsync(file).catch(() => undefined);
  };

  const confirmDelete = (item: AttachmentItem) => {
    modal.confirm({
      title: t('attachments.deleteTitle'),
      content: t('attachments.deleteConfirm', { name: item.name }),
      okText: t('attachments.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('attachments.cancel'),
      onOk: () => remove.mutateAsync(item.id).catch(() => undefined),
    });
  };

  if (list.isError) return <Typography.Text type="secondary">{t('attachments.noAccess')}</Typography.Text>;
  return (
    <div className="dcap-attachments" data-testid={`attachments-${owner.kind}`}>
      {editable ? (
        <Flex gap={8} align="center" wrap>
          <Upload
            accept={acceptAttribute(kind)}
            multiple
            showUploadList={false}
            disabled={!canUpload || upload.isPending}
            beforeUpload={(file) => {
              void send(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={!canUpload} loading={upload.isPending} data-testid={`upload-${owner.kind}`}>
              {upload.isPending ? t('attachments.uploading') : (buttonText ?? t('attachments.uploadImage'))}
            </Button>
          </Upload>
          {!saved ? <Typography.Text type="secondary">{t('attachments.saveFirst')}</Typography.Text> : null}
        </Flex>
      ) : null}
      {list.isLoading ? (
        <Spin size="small" />
      ) : items.length === 0 ? (
        editable ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attachments.empty')} />
      ) : (
        <Image.PreviewGroup>
          <div className="dcap-attachment-grid">
            {items.map((item) => (
              <AttachmentTile key={item.id} item={item} projectId={project?.id} canDelete={canUpload} onDelete={confirmDelete} />
            ))}
          </div>
        </Image.PreviewGroup>
      )}
    </div>
  );
}
