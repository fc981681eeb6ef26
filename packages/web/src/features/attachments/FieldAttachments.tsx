import { AttachmentList } from './AttachmentList';

export interface FieldAttachmentsProps {
  panelInstanceId: number;
  /** The upload field's path (core records/paths.ts). */
  path: string;
  /** The field may change: the panel is being edited and the field is not locked, frozen or signed. */
  editable: boolean;
  /** The panel was saved once (spec 002 §5: upload waits until then). */
  saved: boolean;
}

/** The upload field of a panel in data entry (spec 002 §3 "Attachment (image) upload fields"). */
export function FieldAttachments({ panelInstanceId, path, editable, saved }: FieldAttachmentsProps) {
  return <AttachmentList owner={{ kind: 'field', panelInstanceId, path }} editable={editable} saved={saved} />;
}
