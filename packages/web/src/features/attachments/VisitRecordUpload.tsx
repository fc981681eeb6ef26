import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from './AttachmentList';

export interface VisitRecordUploadProps {
  eventInstanceId: number;
  /** Uploading and deleting allowed (data entry); defaults to true. */
  editable?: boolean;
}

/** The records of a visit task, that is of a visit of a subject (spec 002 §7 uploadVisitRecord): images or PDF. */
export function VisitRecordUpload({ eventInstanceId, editable = true }: VisitRecordUploadProps) {
  const { t } = useTranslation();
  return (
    <div data-testid="visit-records">
      {editable ? <Typography.Paragraph type="secondary">{t('attachments.visitHint')}</Typography.Paragraph> : null}
      <AttachmentList owner={{ kind: 'visitRecord', eventInstanceId }} editable={editable} saved buttonText={t('attachments.uploadFile')} />
    </div>
  );
}
