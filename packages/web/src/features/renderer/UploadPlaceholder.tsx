import { UploadOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import type { Widget } from '@dcap/core';
import { useRenderer } from './context';

/**
 * An upload field. In data entry the page's data mode supplies the real uploader (features/attachments:
 * list, thumbnails, preview, upload and delete of the field's images; a saved table row's cell gets it from
 * TableCell by its row-stable path). A cell of a row not saved yet, which has no path of its own, and the
 * designer's preview show where it will be, disabled with spec 002 §5's prompt to save first.
 */
export function UploadPlaceholder({ widget, disabled = false }: { widget?: Widget; disabled?: boolean }) {
  const { t, dataMode } = useRenderer();
  if (widget && !widget.table && dataMode?.uploadField) return <>{dataMode.uploadField(widget.model, widget, disabled)}</>;
  const inCell = widget?.table !== undefined;
  return (
    <span className={inCell ? 'dcap-renderer-upload dcap-renderer-upload-cell' : 'dcap-renderer-upload'}>
      <Button icon={<UploadOutlined />} size={inCell ? 'small' : 'middle'} disabled>
        {t('renderer.upload.button')}
      </Button>
      <Typography.Text type="secondary">{t('renderer.upload.saveFirst')}</Typography.Text>
    </span>
  );
}
