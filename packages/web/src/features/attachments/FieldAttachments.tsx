import { attachmentRowOf } from '@dcap/core';
import { AttachmentList } from './AttachmentList';
import { CellAttachments } from './CellAttachments';

export interface FieldAttachmentsProps {
  panelInstanceId: number;
  /** The upload field's path, or a table cell's row-stable path `TABLE#r3.COL` (core records/paths.ts). */
  path: string;
  /** The field may change: the panel is being edited and the field is not locked, frozen or signed. */
  editable: boolean;
  /** The panel was saved once (spec 002 §5: upload waits until then). */
  saved: boolean;
}

/**
 * The upload field of a panel in data entry (spec 002 §3 "Attachment (image) upload fields"): the list in
 * place for a field, a compact button opening it for a table cell.
 */
export function FieldAttachments(props: FieldAttachmentsProps) {
  if (attachmentRowOf(props.path) !== null) return <CellAttachments {...props} />;
  return <AttachmentList owner={{ kind: 'field', panelInstanceId: props.panelInstanceId, path: props.path }} editable={props.editable} saved={props.saved} />;
}
