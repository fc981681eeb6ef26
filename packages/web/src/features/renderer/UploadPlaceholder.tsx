import { UploadOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useRenderer } from './context';

/** Spec 002 §5: uploading waits until the record is saved; here the uploader only shows where it will be. */
export function UploadPlaceholder() {
  const { t } = useRenderer();
  return (
    <span className="dcap-renderer-upload">
      <Button icon={<UploadOutlined />} disabled>
        {t('renderer.upload.button')}
      </Button>
      <Typography.Text type="secondary">{t('renderer.upload.saveFirst')}</Typography.Text>
    </span>
  );
}
