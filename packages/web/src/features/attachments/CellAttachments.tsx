import { PictureOutlined } from '@ant-design/icons';
import { Button, Modal, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentOwner } from './api';
import { useAttachments } from './api';
import { AttachmentList } from './AttachmentList';

export interface CellAttachmentsProps {
  panelInstanceId: number;
  /** The cell's row-stable path `TABLE#r3.COL` (core records/paths.ts). */
  path: string;
  /** Uploading and deleting allowed: the panel is being edited and the cell is not locked, frozen or signed. */
  editable: boolean;
  /** The panel was saved once (spec 002 §5). */
  saved: boolean;
}

/**
 * The image column's cell of a saved table row (docs/decisions.md "Images in table cells"): a table cell is
 * too narrow for thumbnails, so it shows a small button with the number of images, and the list with upload,
 * preview and delete opens in a dialog. The list is the cell's own, by its row-stable path, read from its
 * panel's one list of field images, so a long table's cells ask once between them.
 */
export function CellAttachments({ panelInstanceId, path, editable, saved }: CellAttachmentsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const owner = useMemo<AttachmentOwner>(() => ({ kind: 'field', panelInstanceId, path }), [panelInstanceId, path]);
  const list = useAttachments(owner);
  // The dialog opens while the count is still loading: the list inside shows its own progress.
  const label = list.isError ? t('attachments.cellNoAccess') : list.data ? t('attachments.cellCount', { count: list.data.length }) : '…';
  return (
    <>
      <Tooltip title={t('attachments.cellOpen')}>
        <Button size="small" icon={<PictureOutlined />} onClick={() => setOpen(true)} data-testid={`cell-attachments-${path}`}>
          {label}
        </Button>
      </Tooltip>
      <Modal open={open} title={t('attachments.cellTitle')} footer={null} width={560} onCancel={() => setOpen(false)} destroyOnHidden>
        <AttachmentList owner={owner} editable={editable} saved={saved} />
      </Modal>
    </>
  );
}
