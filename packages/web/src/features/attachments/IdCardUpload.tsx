import { AttachmentList } from './AttachmentList';

export interface IdCardUploadProps {
  subjectId: number;
  /** Uploading and deleting allowed (data entry); defaults to true. */
  editable?: boolean;
}

/**
 * The identity-card images of a pre-screened subject (spec 002 §7 uploadIdCard): JPEG or PNG, in projects
 * that pre-screen; read only by those who enter data.
 */
export function IdCardUpload({ subjectId, editable = true }: IdCardUploadProps) {
  return <AttachmentList owner={{ kind: 'idCard', subjectId }} editable={editable} saved />;
}
