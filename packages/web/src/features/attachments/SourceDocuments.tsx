import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from './AttachmentList';

export interface SourceDocumentsProps {
  panelInstanceId: number;
  /** Uploading and deleting allowed: the caller enters data and the panel is open. Monitors only view. */
  editable?: boolean;
  /** The panel was saved once; defaults to true. */
  saved?: boolean;
}

/**
 * The source documents of a panel for remote source verification: uploaded by site staff as images or PDF,
 * listed and viewed by monitors with the verify right (docs/decisions.md "Who sees which attachment").
 */
export function SourceDocuments({ panelInstanceId, editable = false, saved = true }: SourceDocumentsProps) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('attachments.sourceTitle')} data-testid="source-documents">
      {editable ? <Typography.Paragraph type="secondary">{t('attachments.sourceHint')}</Typography.Paragraph> : null}
      <AttachmentList owner={{ kind: 'source', panelInstanceId }} editable={editable} saved={saved} buttonText={t('attachments.uploadFile')} />
    </Card>
  );
}
